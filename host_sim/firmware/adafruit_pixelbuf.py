"""adafruit_pixelbuf for CircuitPython's unix port: the C PixelBuf that neopixel builds on."""


class PixelBuf:
    def __init__(self, size, *, byteorder="BGR", brightness=1.0, auto_write=False,
                 header=None, trailer=None):
        self._bpp = len(byteorder)
        self._pixels = bytearray(size * self._bpp)
        self._out = bytearray(size * self._bpp)
        self.brightness = brightness
        self.auto_write = auto_write

    def __len__(self):
        return len(self._pixels) // self._bpp

    def _set(self, index, color):
        at = index * self._bpp
        self._pixels[at] = (color >> 16) & 0xFF
        self._pixels[at + 1] = (color >> 8) & 0xFF
        self._pixels[at + 2] = color & 0xFF

    def __setitem__(self, index, color):
        self._set(index, color)
        if self.auto_write:
            self.show()

    def fill(self, color):
        for index in range(len(self)):
            self._set(index, color)
        if self.auto_write:
            self.show()

    def show(self):
        for i in range(len(self._pixels)):
            self._out[i] = int(self._pixels[i] * self.brightness)
        self._transmit(self._out)
