"""digitalio for CircuitPython's unix port: pins that keep their value."""


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.value = False
        self.direction = None

    def switch_to_output(self, value=False, drive_mode=None):
        self.value = value

    def switch_to_input(self, pull=None):
        pass

    def deinit(self):
        pass


class Direction:
    INPUT = 0
    OUTPUT = 1
