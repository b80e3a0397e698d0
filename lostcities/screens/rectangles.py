"""Rectangles for a firmware built without vectorio: the pixels of
``vectorio.Rectangle``, drawn by a tile grid.

A TileGrid cannot change its size, and a popup's frame changes with its
message: so a rectangle is a grid as big as the screen of 8x8 tiles from one
small sheet, whole tiles inside, tiles filled in part along its right and
bottom edges, empty ones outside. A new size sets tiles and allocates nothing.
"""

import displayio

from micropython import const

_TILE = const(8)
# the grid covers the 160x128 screen: no rectangle on it is bigger
_COLUMNS = const(20)
_ROWS = const(16)

_sheet = None  # see _tiles()


def _tiles():
    """The sheet, made once: tile 0 empty, tile ``_tile(w, h)`` with its
    top-left ``w`` x ``h`` pixels set."""
    global _sheet
    if _sheet is None:
        sheet = displayio.Bitmap(_TILE * (_TILE * _TILE + 1), _TILE, 2)
        for wide in range(1, _TILE + 1):
            for tall in range(1, _TILE + 1):
                left = _TILE * _tile(wide, tall)
                for y in range(tall):
                    for x in range(wide):
                        sheet[left + x, y] = 1
        _sheet = sheet
    return _sheet


def _tile(wide, tall):
    return 1 + (wide - 1) * _TILE + tall - 1 if wide > 0 and tall > 0 else 0


class Rectangle(displayio.Group):
    """What the screens use of vectorio.Rectangle: the colour
    ``pixel_shader[0]`` from (x, y), ``width`` x ``height`` pixels, each of
    which may change."""

    def __init__(self, pixel_shader, width, height, x=0, y=0):
        super().__init__(x=x, y=y)
        palette = displayio.Palette(2)
        palette.make_transparent(0)
        palette[1] = pixel_shader[0]
        self._grid = displayio.TileGrid(
            _tiles(), pixel_shader=palette, width=_COLUMNS, height=_ROWS,
            tile_width=_TILE, tile_height=_TILE, default_tile=0)
        self.append(self._grid)
        self._width = self._height = 0
        self._resize(width, height)

    @property
    def width(self):
        return self._width

    @width.setter
    def width(self, width):
        self._resize(width, self._height)

    @property
    def height(self):
        return self._height

    @height.setter
    def height(self, height):
        self._resize(self._width, height)

    def _resize(self, width, height):
        """Set the tiles of the new size, and empty those of the old one
        outside it (beyond both, they are empty already)."""
        grid = self._grid
        rows = min(_ROWS, (max(height, self._height) + _TILE - 1) // _TILE)
        columns = min(_COLUMNS, (max(width, self._width) + _TILE - 1) // _TILE)
        for row in range(rows):
            tall = min(_TILE, height - row * _TILE)
            for column in range(columns):
                tile = _tile(min(_TILE, width - column * _TILE), tall)
                if grid[column, row] != tile:
                    grid[column, row] = tile
        self._width = width
        self._height = height
