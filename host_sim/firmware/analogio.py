"""analogio for CircuitPython's unix port: a joystick at rest."""


class AnalogIn:
    def __init__(self, pin):
        self.value = 32768
