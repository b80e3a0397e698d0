"""audioio for CircuitPython's unix port: a speaker that plays silently.

A looped sample plays until ``stop()``; one played once ends at once.
``plays`` counts the samples started and ``rate`` is the last one's sample
rate, for the tests to follow a tune."""


class AudioOut:
    def __init__(self, pin, *, right_channel=None, quiescent_value=0x8000):
        self.playing = False
        self.plays = 0
        self.rate = 0

    def play(self, sample, *, loop=False):
        self.playing = loop
        self.plays += 1
        self.rate = sample.sample_rate

    def stop(self):
        self.playing = False
