"""The app's screens: one module each. A screen owns a ``displayio.Group``.

The app calls :meth:`Screen.press` with each pressed action and
:meth:`Screen.tick` once per loop; a screen changes only what must change.
"""

import displayio
from micropython import const

from lostcities import INK, LIGHT
from lostcities.rules.cards import HAND_SIZE, HIDDEN

# A popup's frame round its text: the edge 3 px out on each side and above, 2
# px below; the inside 2 px out, 1 px below (vectorio's two rectangles, or the
# tiled frame's rows)
_EDGE = const(3)
_INSIDE = const(2)
_FRAME_W = const(2 * _EDGE)  # the frame's width more than its text's
_FRAME_H = const(_EDGE + 2)  # its height more than its text's
_FILL_W = const(2 * _INSIDE)
_FILL_H = const(_INSIDE + 1)
_SCREEN_H = const(128)
_WIDEST_FRAME = const(162)  # 27 characters of 6 px: no popup is wider

try:
    from vectorio import Rectangle
except ImportError:  # a firmware built without vectorio: the same pixels from tiles
    from bitmaptools import fill_region

    Rectangle = None

    # Defined only here: elsewhere their code is let go once the module is imported.
    NOTHING, EDGE_ROW, INSIDE_ROW = 0, 1, 2  # the frame's tiles, and its pixels' values

    def tiled_frame():
        """A popup's frame (the edge 3 px round the text, the inside 2 px
        round it, 1 px less below: the pixels of vectorio's two rectangles)
        as one tile grid, its top-left corner at (-3, -3). Its tiles are
        whole pixel rows of the frame, one a cell, in a column down the
        screen: 0 nothing, 1 the edge's top or bottom row, 2 a row across
        the inside (also the pixel values: 1 the edge, 2 the inside).
        :func:`fit` gives it its size; no frame is wider than 27 characters
        (162 px) or taller than the screen."""
        palette = displayio.Palette(3)
        palette.make_transparent(NOTHING)
        palette[EDGE_ROW] = DIM
        palette[INSIDE_ROW] = INK
        return displayio.TileGrid(
            displayio.Bitmap(_WIDEST_FRAME, 3, 3), pixel_shader=palette, height=_SCREEN_H,
            tile_width=_WIDEST_FRAME, tile_height=1, x=-_EDGE, y=-_EDGE)

    def fit(grid, width, height):
        """Frame a text ``width`` x ``height`` pixels: the frame's rows drawn
        again, and which row each cell shows; nothing allocated."""
        rows = grid.bitmap
        width += _FRAME_W
        inside = _EDGE - _INSIDE  # where the inside starts across an inside row
        fill_region(rows, 0, EDGE_ROW, _WIDEST_FRAME, 3, NOTHING)
        fill_region(rows, 0, EDGE_ROW, width, 3, EDGE_ROW)
        fill_region(rows, inside, INSIDE_ROW, width - inside, 3, INSIDE_ROW)
        bottom = height + _FRAME_H - 1  # the frame's last row
        for cell in range(_SCREEN_H):
            row = (EDGE_ROW if cell == 0 or cell == bottom
                   else INSIDE_ROW if cell < bottom else NOTHING)
            if grid[cell] != row:
                grid[cell] = row


WIDTH = 160  # the screen, pixels
LINE_H = 12  # terminalio.FONT's line height
CHARS = 26  # terminalio.FONT characters across the 160-pixel screen
DIM = 0x9AA8A0
ACCENT = 0xFFE8A0
FIRST, LAST = 32, 126  # the printable ASCII characters, " " to "~"
MARGIN = 5  # an overlay's text from the screen's edge; its frame 3 px out

_sheet = None  # see font_sheet()


def font_sheet():
    """terminalio.FONT as tiles: (bitmap, tile of each printable ASCII
    character, cell width, cell height), made once.

    CircuitPython's font is one bitmap of tiles (as terminalio.Terminal uses
    it), in flash. Blinka's glyphs each have their own bitmap, and the
    Japanese, Korean and Russian builds of CircuitPython for these boards
    have no terminalio: there the same tiles come from assets/font.bmp (in
    the heap)."""
    global _sheet
    if _sheet is None:  # made apart: a text change calls this and must allocate nothing
        _sheet = font_tiles()
    return _sheet


def font_tiles():
    """The font's tiles from FIRST to LAST (see font_sheet): terminalio.FONT's,
    else assets/font.bmp's."""
    try:
        from terminalio import FONT as font
    except ImportError:
        font = None
    bitmap = getattr(font, "bitmap", None)
    if isinstance(bitmap, displayio.Bitmap):
        width, height = font.get_bounding_box()[:2]
        # circuitpython-stubs' Glyph names its fields only as __init__ arguments
        return bitmap, bytearray(font.get_glyph(code).tile_index  # type: ignore[attr-defined]
                                 for code in range(FIRST, LAST + 1)), width, height
    from lostcities.assets import load_sheet
    bitmap = load_sheet("font.bmp", 2)
    count = LAST - FIRST + 1
    # its tiles are the characters in order: a range indexes as a bytearray of them would
    return bitmap, range(count), bitmap.width // count, bitmap.height


class Text(displayio.Group):
    """Lines of terminalio.FONT text in tile grids over the font's bitmap:
    changing the text sets tiles and allocates nothing (until a text has more
    lines than any before). A line shows ``columns`` characters. The lines
    missing are made as one grid of as many rows (a grid costs several times a
    row more in one: docs/text.md), unless they are spaced closer than the
    font's height: then a grid each."""

    def __init__(self, text, x, y, color, scale, spacing, columns):
        super().__init__(x=x, y=y, scale=scale)
        self._palette = displayio.Palette(2)
        self._palette.make_transparent(0)
        self._palette[1] = color
        self._columns = columns
        self._step = int(LINE_H * spacing)
        self._text = ""
        self.text = text

    @property
    def text(self):
        """The text shown, lines split at "\\n"."""
        return self._text

    @text.setter
    def text(self, text):
        self._text = text
        self._room(text.count("\n") + 1)
        tiles = font_sheet()[1]
        width = self._columns
        at = row = column = 0  # the grid written, its row, the line's column
        grid = _shown(self[0])
        for char in text:
            if char == "\n":
                _blank(grid, row * width + min(column, width), (row + 1) * width)
                row += 1
                column = 0
                if row == grid.height:
                    at += 1
                    row = 0
                    grid = _shown(self[at])
                continue
            if column < width:
                code = ord(char)
                tile = tiles[(code if FIRST <= code <= LAST else 63) - FIRST]  # or "?"
                if grid[row * width + column] != tile:
                    grid[row * width + column] = tile
            column += 1
        _blank(grid, row * width + min(column, width), grid.height * width)
        for index in range(at + 1, len(self)):
            if not self[index].hidden:
                self[index].hidden = True

    def size(self):
        """``(width, height)`` of the text in unscaled pixels: what a frame
        around it must hold."""
        text = self._text
        return (widest(text) * font_sheet()[2], text.count("\n") * self._step + LINE_H)

    def _room(self, lines):
        """Grids enough for ``lines`` lines, shown from the first."""
        rows = 0
        for index in range(len(self)):
            rows += self[index].height
        bitmap, tiles, width, height = font_sheet()
        while rows < lines:
            more = lines - rows if self._step == height else 1
            self.append(displayio.TileGrid(
                bitmap, pixel_shader=self._palette, width=self._columns, height=more,
                tile_width=width, tile_height=height, default_tile=tiles[0],
                y=rows * self._step))
            rows += more


def _shown(grid):
    if grid.hidden:
        grid.hidden = False
    return grid


def _blank(grid, start, end):
    """Spaces in the grid's tiles from ``start`` to ``end``."""
    space = font_sheet()[1][0]
    for index in range(start, end):
        if grid[index] != space:
            grid[index] = space


def label(text, x, y, color=LIGHT, scale=1, spacing=1.0, columns=None):
    """Text with its top-left corner at (x, y); ``columns`` defaults to what
    fits the screen from x."""
    if columns is None:
        cell = font_sheet()[2] * scale
        columns = (WIDTH - x + cell - 1) // cell
    return Text(text, x, y, color, scale, spacing, columns)


def set_text(item, text):
    """Change a label's text only when it differs (no redraw when the same)."""
    if item.text != text:
        item.text = text


def widest(text):
    """The characters in ``text``'s longest line, counted in place: splitting
    it would make a string of each line."""
    most = start = 0
    while True:
        end = text.find("\n", start)
        if end < 0:
            return max(most, len(text) - start)
        most = max(most, end - start)
        start = end + 1


def _words(text):
    """``text``'s words, one at a time: ``split()`` would make a list of them
    all at once, a piece as long as a paragraph's words."""
    end = 0
    while True:
        start = end
        while start < len(text) and text[start] <= " ":
            start += 1
        if start == len(text):
            return
        end = start
        while end < len(text) and text[end] > " ":
            end += 1
        yield text[start:end]


def signed(points):
    """A score as the screens write it: ``+12``, ``-60``, ``0``: never a card's
    number."""
    return "%+d" % points if points else "0"


def wrap(text, width=CHARS):
    """``text`` in lines of ``width`` characters, broken between words."""
    lines = []
    line = ""
    for word in _words(text):
        while len(word) > width:  # a word longer than a line: cut it
            if line:
                lines.append(line)
                line = ""
            lines.append(word[:width])
            word = word[width:]
        if line and len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            if line:
                lines.append(line)
            line = word
    lines.append(line)
    return "\n".join(lines)


class Seats:
    """What a table leaves the next one (tables are let go between rounds and
    at every menu; App keeps this for them): each player's hand cursor, and
    hand as their last move left it, less the draw (7 cards, HIDDEN after them
    and before any move), written in place each turn. Its class lives here,
    with the screens' own: one in a module let go would keep that module."""

    def __init__(self):
        self.cursors = [0, 0]
        self.hands = [bytearray([HIDDEN] * HAND_SIZE), bytearray([HIDDEN] * HAND_SIZE)]


class Screen:
    """Base of every screen: a group, the app, and do-nothing handlers."""

    name = "screen"

    def __init__(self, app):
        self.app = app
        self.group = displayio.Group()

    def press(self, action):
        """Handle one pressed action (see lostcities.buttons)."""

    def tick(self):
        """Called once per loop after the presses; return True if it drew."""
        return False

    def busy(self):
        """True while it works without a press (the AI thinking, a review)."""
        return False

    def leave(self):
        """Called when the app shows another screen instead of this one."""


def _palette(rgb):
    palette = displayio.Palette(1)
    palette[0] = rgb
    return palette


class Popup:
    """A framed message over part of a screen, gone at the next press: its
    frame keeps a margin from the screen's edges, its text 3 px inside it.
    Without vectorio the frame (:func:`tiled_frame`) is held only while it
    shows: the table, whose heap is fullest while the AI thinks, holds none
    then."""

    def __init__(self, group, y=40, width=CHARS - 1, x=MARGIN, columns=None):
        self.width = width  # characters across, unless show() is told more
        self.y = y
        self.box = displayio.Group(x=x, y=y)
        if Rectangle is not None:
            self.frame = Rectangle(pixel_shader=_palette(DIM), width=8, height=8,
                                   x=-_EDGE, y=-_EDGE)
            self.fill = Rectangle(pixel_shader=_palette(INK), width=6, height=6,
                                  x=-_INSIDE, y=-_INSIDE)
            self.box.append(self.frame)
            self.box.append(self.fill)
        self.item = label(" ", 0, 0, LIGHT, columns=columns or width)
        self.box.append(self.item)
        self.box.hidden = True
        group.append(self.box)

    def show(self, text, y=None, width=None):
        """Show ``text`` at ``y`` (or where this popup usually stands), each
        line of it longer than ``width`` characters (or the popup's) wrapped:
        when all fit, as it is, with no string made again."""
        if y is None:
            y = self.y
        if self.box.y != y:
            self.box.y = y
        width = width or self.width
        if widest(text) > width:
            text = "\n".join(part if len(part) <= width else wrap(part, width)
                             for part in text.split("\n"))
        set_text(self.item, text)
        width, height = self.item.size()
        if Rectangle is None:
            if len(self.box) == 1:  # hidden, it held no frame (see hide)
                self.box.insert(0, tiled_frame())
            fit(self.box[0], width, height)
        elif self.fill.width != width + _FILL_W or self.fill.height != height + _FILL_H:
            self.fill.width = width + _FILL_W
            self.fill.height = height + _FILL_H
            self.frame.width = width + _FRAME_W
            self.frame.height = height + _FRAME_H
        self.box.hidden = False

    def empty(self):
        """Let go of the text shown (a space in its place): at a full heap, the
        next text is made in the room of the one before."""
        set_text(self.item, " ")

    def hide(self):
        """True if it was showing."""
        if self.box.hidden:
            return False
        self.box.hidden = True
        if Rectangle is None:
            self.box.pop(0)  # the tiled frame, made again when next shown
        return True
