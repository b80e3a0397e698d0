"""fontio for CircuitPython's unix port: the built-in font's class and its glyphs."""


class Glyph:
    def __init__(self, bitmap, tile_index, width, height, dx, dy, shift_x, shift_y):
        self.bitmap = bitmap
        self.tile_index = tile_index
        self.width = width
        self.height = height
        self.dx = dx
        self.dy = dy
        self.shift_x = shift_x
        self.shift_y = shift_y


class BuiltinFont:
    """Printable ASCII as 6x12 tiles of one bitmap, tile ``code - 32`` per character."""

    def __init__(self, bitmap, width, height):
        self.bitmap = bitmap
        self._width = width
        self._height = height

    def get_bounding_box(self):
        return (self._width, self._height)

    def get_glyph(self, codepoint):
        if not 32 <= codepoint <= 126:
            return None
        return Glyph(self.bitmap, codepoint - 32, self._width, self._height, 0, 0,
                     self._width, 0)
