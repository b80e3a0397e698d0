"""A popup's frame for a firmware built without vectorio: the pixels of its
two rectangles (the edge 3 px round the text, the inside 2 px round it, 1 px
less below), drawn by one tile grid.

Its tiles are whole pixel rows of the frame, one a cell, a column of them
down the screen: a row of nothing, the edge's top or bottom row, and a row
across the inside with the edge at its ends. A new size draws those rows
again and sets which row each cell shows; it allocates nothing.
"""

import displayio
from bitmaptools import fill_region

from micropython import const

_WIDTH = const(162)  # 27 characters of the font: no frame is wider
_HEIGHT = const(128)  # the screen: no frame is taller
_EDGE = const(1)  # the edge's row, and its pixel value (0: nothing)
_INSIDE = const(2)  # the inside's row, and its pixel value


def frame(edge, inside):
    """A frame of ``edge`` and ``inside`` colours, its top-left corner at
    (-3, -3): :func:`fit` gives it its size."""
    palette = displayio.Palette(3)
    palette.make_transparent(0)
    palette[_EDGE] = edge
    palette[_INSIDE] = inside
    return displayio.TileGrid(displayio.Bitmap(_WIDTH, 3, 3), pixel_shader=palette,
                              height=_HEIGHT, tile_width=_WIDTH, tile_height=1, x=-3, y=-3)


def fit(grid, width, height):
    """Frame a text ``width`` x ``height`` pixels."""
    rows = grid.bitmap
    right = width + 6
    fill_region(rows, 0, _EDGE, _WIDTH, 3, 0)
    fill_region(rows, 0, _EDGE, right, 3, _EDGE)
    fill_region(rows, 1, _INSIDE, right - 1, 3, _INSIDE)
    bottom = height + 4
    for cell in range(_HEIGHT):
        row = _EDGE if cell in (0, bottom) else _INSIDE if cell < bottom else 0
        if grid[cell] != row:
            grid[cell] = row
