"""neopixel_write for CircuitPython's unix port: the NeoPixels' bytes go nowhere."""


def neopixel_write(pin, buf):
    pass
