"""analogio for CircuitPython's unix port: the PyGamer's joystick, moved by the rig.

Every AnalogIn made is kept in ``made`` by pin, so the rig can tilt it."""

made = {}


class AnalogIn:
    def __init__(self, pin):
        self.value = 32768  # at rest
        made[pin] = self
