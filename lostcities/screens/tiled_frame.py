"""A popup's frame for a firmware built without vectorio: the pixels of its
two rectangles (the edge 3 px round the text, the inside 2 px round it, 1 px
less below), drawn by one tile grid.

The text is whole characters of the font, 6x12 pixels, and the frame starts
3 px above and left of it: so its columns are whole cells of the grid, and
its rows too but the last, 5 px tall. A cell is one of ten tiles: the top,
middle or bottom row's left, middle or right part, or nothing. A new size
sets tiles and allocates nothing.
"""

import displayio
from bitmaptools import fill_region

from micropython import const

_CELL_W = const(6)  # the font's character
_CELL_H = const(12)
_LAST_ROWS = const(5)  # pixel rows of the frame in its last row of cells
_COLUMNS = const(27)  # cells over the 160x128 screen: no frame is bigger
_ROWS = const(11)
_EDGE = const(1)  # pixel values: 0 nothing
_INSIDE = const(2)


def _tile(across, down):
    """The tile of part ``across`` (0 left, 1 middle, 2 right) of row
    ``down`` (0 top, 1 middle, 2 bottom)."""
    return 1 + across + 3 * down


def _draw_sheet():
    sheet = displayio.Bitmap(10 * _CELL_W, _CELL_H, 3)
    for down in range(3):
        rows = _LAST_ROWS if down == 2 else _CELL_H
        for across in range(3):
            left = _tile(across, down) * _CELL_W
            right = left + _CELL_W
            fill_region(sheet, left, 0, right, rows, _INSIDE)
            if down != 1:  # the top edge, or the bottom one
                fill_region(sheet, left, rows - 1 if down else 0, right, rows if down else 1,
                            _EDGE)
            if across != 1:
                fill_region(sheet, right - 1 if across else left, 0, right if across else left + 1,
                            rows, _EDGE)
    return sheet


# made once, at start-up with the screens, while the heap is still in one piece;
# the drawing's code is not needed again
_SHEET = _draw_sheet()
del _draw_sheet


class TiledFrame(displayio.TileGrid):
    """Popup's frame: ``edge`` and ``inside`` colours round a text of
    :meth:`fit`'s size, with its top-left corner at (0, 0)."""

    def __init__(self, edge, inside):
        palette = displayio.Palette(3)
        palette.make_transparent(0)
        palette[_EDGE] = edge
        palette[_INSIDE] = inside
        super().__init__(_SHEET, pixel_shader=palette, width=_COLUMNS, height=_ROWS,
                         tile_width=_CELL_W, tile_height=_CELL_H, x=-3, y=-3)
        self._cells = (0, 0)

    def fit(self, width, height):
        """Frame a text ``width`` x ``height`` pixels (whole characters)."""
        columns = min(_COLUMNS, width // _CELL_W + 1)
        rows = min(_ROWS, height // _CELL_H + 1)
        for row in range(max(rows, self._cells[1])):
            down = 0 if row == 0 else 2 if row == rows - 1 else 1
            for column in range(max(columns, self._cells[0])):
                tile = 0
                if row < rows and column < columns:
                    tile = _tile(0 if column == 0 else 2 if column == columns - 1 else 1, down)
                if self[column, row] != tile:
                    self[column, row] = tile
        self._cells = (columns, rows)
