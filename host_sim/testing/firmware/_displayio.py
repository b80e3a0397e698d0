"""displayio for CircuitPython's unix port: its C Bitmap, Palette and ColorConverter,
with Group and TileGrid as small Python classes holding what the C ones hold.

Sized like the C objects (a Group about 112 bytes, a TileGrid about 80 plus its
tiles): each keeps its numbers (and a TileGrid its tiles) in one small array."""

from array import array
from displayio import Bitmap, ColorConverter, Colorspace, Palette  # noqa: F401 (re-exported)

_X = 0
_Y = 1
_HIDDEN = 2
_SCALE = 3  # Group only
_W = 3  # TileGrid only: width and height in tiles, then the tile size in pixels
_H = 4
_TW = 5
_TH = 6
_TILES = 7  # then the tiles, row by row


class _Shown:
    """x, y and hidden, read from the object's array ``_n``."""

    @property
    def x(self):
        return self._n[_X]

    @x.setter
    def x(self, value):
        self._n[_X] = value

    @property
    def y(self):
        return self._n[_Y]

    @y.setter
    def y(self, value):
        self._n[_Y] = value

    @property
    def hidden(self):
        return bool(self._n[_HIDDEN])

    @hidden.setter
    def hidden(self, value):
        self._n[_HIDDEN] = 1 if value else 0


class Group(_Shown):
    def __init__(self, *, scale=1, x=0, y=0):
        self._n = array("h", (x, y, 0, scale))
        self._items = []

    @property
    def scale(self):
        return self._n[_SCALE]

    def append(self, item):
        self._items.append(item)

    def insert(self, index, item):
        self._items.insert(index, item)

    def remove(self, item):
        self._items.remove(item)

    def pop(self, index=-1):
        return self._items.pop(index)

    def index(self, item):
        return self._items.index(item)

    def __len__(self):
        return len(self._items)

    def __getitem__(self, index):
        return self._items[index]

    def __setitem__(self, index, item):
        self._items[index] = item

    def __delitem__(self, index):
        del self._items[index]


class TileGrid(_Shown):
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self._n = array("h", (x, y, 0, width, height, tile_width or bitmap.width,
                              tile_height or bitmap.height) + (default_tile,) * (width * height))

    @property
    def width(self):
        return self._n[_W]

    @property
    def height(self):
        return self._n[_H]

    @property
    def tile_width(self):
        return self._n[_TW]

    @property
    def tile_height(self):
        return self._n[_TH]

    def _at(self, index):
        n = self._n
        if isinstance(index, tuple):
            x, y = index
            if not (0 <= x < n[_W] and 0 <= y < n[_H]):
                raise IndexError("Tile index out of bounds")
            return _TILES + y * n[_W] + x
        if not 0 <= index < n[_W] * n[_H]:
            raise IndexError("Tile index out of bounds")
        return _TILES + index

    def __getitem__(self, index):
        return self._n[self._at(index)]

    def __setitem__(self, index, tile):
        n = self._n
        if not 0 <= tile < (self.bitmap.width // n[_TW]) * (self.bitmap.height // n[_TH]):
            raise ValueError("Tile index out of bounds")
        n[self._at(index)] = tile
