"""displayio for CircuitPython's unix port: its C Bitmap, Palette and ColorConverter,
with Group and TileGrid as small Python classes holding what the C ones hold."""

from displayio import Bitmap, ColorConverter, Palette  # noqa: F401 (re-exported)


class Group:
    def __init__(self, *, scale=1, x=0, y=0):
        self.scale = scale
        self.x = x
        self.y = y
        self.hidden = False
        self._items = []

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


class TileGrid:
    def __init__(self, bitmap, *, pixel_shader, width=1, height=1, tile_width=None,
                 tile_height=None, default_tile=0, x=0, y=0):
        self.bitmap = bitmap
        self.pixel_shader = pixel_shader
        self.width = width
        self.height = height
        self.tile_width = tile_width or bitmap.width
        self.tile_height = tile_height or bitmap.height
        self.x = x
        self.y = y
        self.hidden = False
        self.flip_x = self.flip_y = self.transpose_xy = False
        self._tiles = bytearray(width * height)
        if default_tile:
            for i in range(width * height):
                self._tiles[i] = default_tile

    def _at(self, index):
        if isinstance(index, tuple):
            x, y = index
            if not (0 <= x < self.width and 0 <= y < self.height):
                raise IndexError("Tile index out of bounds")
            return y * self.width + x
        if not 0 <= index < self.width * self.height:
            raise IndexError("Tile index out of bounds")
        return index

    def __getitem__(self, index):
        return self._tiles[self._at(index)]

    def __setitem__(self, index, tile):
        columns = self.bitmap.width // self.tile_width
        if not 0 <= tile < columns * (self.bitmap.height // self.tile_height):
            raise ValueError("Tile index out of bounds")
        self._tiles[self._at(index)] = tile
