"""audioio for CircuitPython's unix port: a speaker that plays instantly."""


class AudioOut:
    def __init__(self, pin, *, right_channel=None, quiescent_value=0x8000):
        self.playing = False

    def play(self, sample, *, loop=False):
        self.playing = False

    def stop(self):
        self.playing = False
