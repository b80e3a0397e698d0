"""Draw the sprite sheets into ``assets/`` (``python -m host_sim assets``).

Every pixel of the card sheets is drawn here from the small font and symbols
below: no third-party art. The one exception is ``font.bmp``: the glyphs of
CircuitPython's ``terminalio.FONT`` (Terminus ``ter-u12n``, copyright 2018
Dimitar Toshkov Zhekov, SIL Open Font License 1.1), copied from Blinka's copy
of the same font, for the firmware builds that have no terminalio. The sheets
are 4-bit indexed BMPs using four colours that stand for roles (see
``lostcities/sprites.py``); the game swaps palettes.
"""

import argparse
import os
import struct
import sys

from host_sim import ROOT

from lostcities import sprites as S

_, FILL, INK, LIGHT = 0, 1, 2, 3
FRAME = LIGHT  # a card's frame: ink in its palette, light in a card to notice

# A 3x5 font: '#' is a pixel.
FONT = {
    " ": "... ... ... ... ...", "0": "### #.# #.# #.# ###",
    "1": ".#. ##. .#. .#. ###", "2": "##. ..# .#. #.. ###",
    "3": "##. ..# .#. ..# ##.", "4": "#.# #.# ### ..# ..#",
    "5": "### #.. ##. ..# ##.", "6": ".## #.. ### #.# ###",
    "7": "### ..# .#. .#. .#.", "8": "### #.# ### #.# ###",
    "9": "### #.# ### ..# ##.", "-": "... ... ### ... ...",
    "+": "... .#. ### .#. ...", "/": "..# ..# .#. #.. #..",
    ">": "#.. .#. ..# .#. #..", ":": "... .#. ... .#. ...",
    "A": ".#. #.# ### #.# #.#", "B": "##. #.# ##. #.# ##.",
    "C": ".## #.. #.. #.. .##", "D": "##. #.# #.# #.# ##.",
    "E": "### #.. ##. #.. ###", "F": "### #.. ##. #.. #..",
    "G": ".## #.. #.# #.# .##", "H": "#.# #.# ### #.# #.#",
    "I": "### .#. .#. .#. ###", "J": "..# ..# ..# #.# .#.",
    "K": "#.# #.# ##. #.# #.#", "L": "#.. #.. #.. #.. ###",
    "M": "#.# ### ### #.# #.#", "N": "##. #.# #.# #.# #.#",
    "O": ".#. #.# #.# #.# .#.", "P": "##. #.# ##. #.. #..",
    "Q": ".#. #.# #.# ##. .##", "R": "##. #.# ##. #.# #.#",
    "S": ".## #.. .#. ..# ##.", "T": "### .#. .#. .#. .#.",
    "U": "#.# #.# #.# #.# ###", "V": "#.# #.# #.# #.# .#.",
    "W": "#.# #.# ### ### #.#", "X": "#.# #.# .#. #.# #.#",
    "Y": "#.# #.# .#. .#. .#.", "Z": "### ..# .#. #.. ###",
    "x": "... #.# .#. #.# ...",  # a wager
}

# 5x5 symbols, one per colour: sun, wave, mountain, tree, flame, gem.
SYMBOLS = (
    "#.#.# .###. ##### .###. #.#.#",
    "..... .#... #.#.# ...#. .....",
    "..... ..#.. .###. ##### .....",
    "..#.. .###. ##### ..#.. ..#..",
    "..#.. .##.. .###. ##### .###.",
    "..#.. .###. ##### .###. ..#..",
)


class Sheet:
    """A row of equal tiles, pixel values 0-3."""

    def __init__(self, tile_w, tile_h, count):
        self.tile_w, self.tile_h = tile_w, tile_h
        self.width, self.height = tile_w * count, tile_h
        self.pixels = bytearray(self.width * self.height)

    def put(self, tile, x, y, value):
        if 0 <= x < self.tile_w and 0 <= y < self.tile_h:
            self.pixels[y * self.width + tile * self.tile_w + x] = value

    def rect(self, tile, x, y, w, h, value):
        for yy in range(y, y + h):
            for xx in range(x, x + w):
                self.put(tile, xx, yy, value)

    def pattern(self, tile, x, y, rows, value, scale=1):
        for dy, row in enumerate(rows.split()):
            for dx, bit in enumerate(row):
                if bit == "#":
                    self.rect(tile, x + dx * scale, y + dy * scale, scale, scale,
                              value)

    def text(self, tile, x, y, text, value, scale=1):
        for char in text:
            self.pattern(tile, x, y, FONT[char], value, scale)
            x += 4 * scale

    def save(self, path):
        write_bmp(path, self.width, self.height, self.pixels)


ROLES = (S.TABLE, S.NEUTRAL_RGB, S.INK, S.LIGHT)  # a sheet's four colours


def bmp_head(width, height, palette=ROLES):
    """What a sheet's file starts with: the BMP's headers and its palette, the four
    colours of the roles (what tells a sheet of this script's from any other BMP;
    the title's picture has a palette of its own, TITLE_PALETTE)."""
    stride = ((width + 1) // 2 + 3) & ~3
    colors = b"".join(struct.pack("<BBBB", rgb & 255, rgb >> 8 & 255,
                                  rgb >> 16, 0) for rgb in palette)
    offset = 14 + 40 + len(colors)
    return (struct.pack("<2sIHHI", b"BM", offset + stride * height, 0, 0, offset)
            + struct.pack("<IiiHHIIiiII", 40, width, height, 1, 4, 0, stride * height, 2835,
                          2835, len(palette), len(palette))
            + colors)


def is_sheet(path):
    """True if ``path`` is a sprite sheet this script wrote (its head is one of ours)."""
    with open(path, "rb") as file:
        head = file.read(len(bmp_head(1, 1)))
    if len(head) < 26 or head[:2] != b"BM":
        return False
    width, height = struct.unpack("<ii", head[18:26])
    if (width, height) == (TITLE_W, TITLE_H):
        with open(path, "rb") as file:
            return file.read(len(bmp_head(1, 1, TITLE_PALETTE))) == bmp_head(
                width, height, TITLE_PALETTE)
    return 0 < width < 1 << 16 and 0 < height < 1 << 16 and head == bmp_head(width, height)


def write_bmp(path, width, height, pixels, palette=ROLES):
    """A 4-bit indexed BMP: a sheet's, whose four colours show the roles, or
    the title's picture in its own colours."""
    stride = ((width + 1) // 2 + 3) & ~3
    rows = []
    for y in range(height - 1, -1, -1):  # bottom row first
        row = bytearray(stride)
        for x in range(width):
            value = pixels[y * width + x]
            row[x // 2] |= value << (4 if x % 2 == 0 else 0)
        rows.append(bytes(row))
    with open(path, "wb") as file:
        file.write(bmp_head(width, height, palette))
        file.write(b"".join(rows))


def rank_text(index):
    return "x" if index < 3 else str(index - 1)


def big_rank(sheet, tile, index, y):
    """The number (or a wager's cross) twice the font size, centred."""
    text = rank_text(index)
    if text == "10":
        sheet.pattern(tile, 3, y, FONT["1"], INK, 2)
        sheet.pattern(tile, 10, y, FONT["0"], INK, 2)
    else:
        sheet.pattern(tile, 7, y, FONT[text], INK, 2)


def draw_hand():
    """A hand card in two tiles, its colour's header above its rank."""
    w, h = S.CARD_W, S.CARD_H
    sheet = Sheet(w, h, S.HAND_TILES)
    for color in range(6):  # the top: frame open at the bottom
        tile = S.HEADER + color
        sheet.rect(tile, 1, 0, w - 2, h, FRAME)
        sheet.rect(tile, 2, 1, w - 4, h - 1, FILL)
        sheet.text(tile, 3, 2, "YBWGRP"[color], INK)
        sheet.pattern(tile, 12, 2, SYMBOLS[color], INK)
    for index in range(12):
        tile = S.HAND_RANK + index  # the bottom: frame open at the top
        sheet.rect(tile, 1, 0, w - 2, h - 1, FRAME)
        sheet.rect(tile, 2, 0, w - 4, h - 2, FILL)
        big_rank(sheet, tile, index, 1)
    return sheet


def draw_piles():
    """The piles' tiles: a whole small card, the deck's back, empty piles."""
    w, h = S.CARD_W, S.CARD_H
    sheet = Sheet(w, h, S.PILE_TILES)
    for index in range(12):
        tile = S.PILE_RANK + index
        sheet.rect(tile, 0, 0, w, h, FRAME)
        sheet.rect(tile, 1, 1, w - 2, h - 2, FILL)
        big_rank(sheet, tile, index, 2)
    sheet.rect(S.BACK, 0, 0, w, h, INK)
    sheet.rect(S.BACK, 1, 1, w - 2, h - 2, FILL)
    for x in range(2, w - 2, 3):
        for y in range(2 + x % 2, h - 2, 3):
            sheet.put(S.BACK, x, y, LIGHT)
    for tile in range(S.EMPTY_PILE, S.EMPTY_DECK + 1):  # no card: a dotted outline
        for i in range(0, w, 2):
            for tile_x, tile_y in ((i, 0), (i, h - 1)):
                sheet.put(tile, tile_x, tile_y, FILL)
        for i in range(0, h, 2):
            sheet.put(tile, 0, i, FILL)
            sheet.put(tile, w - 1, i, FILL)
    for color in range(6):  # round the colour's letter
        sheet.pattern(S.EMPTY_PILE + color, 7, 2, FONT["YBWGRP"[color]], FILL, 2)
    return sheet


def draw_mini():
    """Expedition cards as digits in their colour on the table: a dark digit
    on a colour box lost its strokes into the dark gap between boxes (5 and 6
    read as 3). Three dark columns part one card from the next (one is the
    gap inside a digit): 4 6 7 never reads as 467. The last move's card is
    light and underlined."""
    sheet = Sheet(S.MINI_W, S.MINI_H, S.MINI_TILES)
    for index in range(12):
        text = rank_text(index)
        width = 5 if text == "10" else 3
        for tile, ink in ((S.MINI_RANK + index, FILL),
                          (S.MINI_MARKED + index, LIGHT)):
            if text == "10":
                sheet.rect(tile, 0, 1, 1, 5, ink)
                sheet.pattern(tile, 2, 1, FONT["0"], ink)
            else:
                sheet.pattern(tile, 0, 1, FONT[text], ink)
            if ink == LIGHT:
                sheet.rect(tile, 0, 6, width, 1, LIGHT)
    return sheet


def draw_text():
    """The 3x5 font for scores and counts, a blank row above each line."""
    sheet = Sheet(S.TEXT_W, S.TEXT_H, S.TEXT_TILES)
    for i, char in enumerate(S.TEXT_CHARS):
        sheet.pattern(i, 0, 1, FONT[char], FILL)
    return sheet


def draw_font():
    """terminalio.FONT's printable ASCII glyphs, a tile each in code order:
    the screens' text where the firmware has no terminalio."""
    from terminalio import FONT  # Blinka's: the same BDF font as the board's
    from lostcities.screens import FIRST, LAST
    width, height = FONT.get_bounding_box()[:2]
    sheet = Sheet(width, height, LAST - FIRST + 1)
    for tile, code in enumerate(range(FIRST, LAST + 1)):
        glyph = FONT.get_glyph(code)
        for y in range(height):
            for x in range(width):
                sheet.put(tile, x, y, glyph.bitmap[glyph.tile_index * width + x, y])
    return sheet


# The title's picture: the screen's size, shown from the file (displayio.OnDiskBitmap)
TITLE_W, TITLE_H = 160, 128
NIGHT = (0x000000, 0x060A20, 0x0E1634)  # the sky, darkest at the top
STAR = 0x8890A0
# each expedition's colour, dimmed (the peaks) and half lit (their ridges): the
# menu's light text stays readable over them
PEAK_SHARE, RIDGE_SHARE = 28, 55  # per cent of the card colour
TITLE_PALETTE = NIGHT + (STAR,) + tuple(
    ((rgb >> 16) * share // 100) << 16 | ((rgb >> 8 & 255) * share // 100) << 8
    | (rgb & 255) * share // 100
    for share in (PEAK_SHARE, RIDGE_SHARE) for rgb in S.COLOR_RGB)
SKY, FIRST_PEAK, FIRST_RIDGE = 0, len(NIGHT) + 1, len(NIGHT) + 1 + len(S.COLOR_RGB)
# the six expeditions' peaks along the foot of the screen: (centre x, height) each,
# in the cards' order of colours
PEAKS = ((14, 40), (44, 58), (74, 34), (100, 62), (128, 46), (152, 38))
STARS = ((8, 30), (23, 88), (37, 112), (52, 51), (66, 97), (81, 19), (96, 116), (109, 72),
         (121, 33), (139, 64), (147, 14), (153, 92), (30, 60), (88, 44), (118, 104))


class Picture:
    """A picture the size of the screen, pixel values indexing TITLE_PALETTE."""

    def __init__(self, width, height):
        self.width, self.height = width, height
        self.pixels = bytearray(width * height)

    def put(self, x, y, value):
        if 0 <= x < self.width and 0 <= y < self.height:
            self.pixels[y * self.width + x] = value

    def save(self, path):
        write_bmp(path, self.width, self.height, self.pixels, TITLE_PALETTE)


def draw_title():
    """The title's picture: a night sky in bands over the six expeditions'
    peaks, each in its colour, the nearer ones in front."""
    picture = Picture(TITLE_W, TITLE_H)
    band = TITLE_H // len(NIGHT)
    for y in range(TITLE_H):
        for x in range(TITLE_W):
            picture.put(x, y, SKY + min(y // band, len(NIGHT) - 1))
    for x, y in STARS:
        picture.put(x, y // 2, len(NIGHT))
    order = sorted(range(len(PEAKS)), key=lambda color: -PEAKS[color][1])  # the tallest behind
    for color in order:
        centre, height = PEAKS[color]
        top = TITLE_H - height
        for y in range(top, TITLE_H):
            half = (y - top) * 3 // 4  # the slopes: 4 down for 3 across
            for x in range(centre - half, centre + half + 1):
                edge = abs(x - centre) >= half - 1
                picture.put(x, y, (FIRST_RIDGE if edge else FIRST_PEAK) + color)
    return picture


PICTURES = (("title.bmp", draw_title),)
SHEETS = (("hand.bmp", draw_hand), ("piles.bmp", draw_piles), ("mini.bmp", draw_mini),
          ("text.bmp", draw_text), ("font.bmp", draw_font))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_sim assets",
                                     description="Draw the sprite sheets and the title's"
                                     " picture (%s)." % ", ".join(
                                         name for name, _ in SHEETS + PICTURES))
    parser.add_argument("folder", nargs="?", default=os.path.join(ROOT, "assets"),
                        help="where to write them (default: assets/ of this repository)")
    out = parser.parse_args(argv).folder
    if os.path.exists(out) and not os.path.isdir(out):
        print("assets: %s is a file, not a folder to write the sheets in" % out,
              file=sys.stderr)
        return 2
    drawn = SHEETS + PICTURES
    theirs = [name for name, _ in drawn if os.path.lexists(os.path.join(out, name))
              and not (os.path.isfile(os.path.join(out, name))
                       and is_sheet(os.path.join(out, name)))]
    if theirs:
        print("assets: %s holds %s, which this script did not draw: nothing was written (give"
              " another folder, or move %s)" % (out, ", ".join(theirs),
                                                 "it" if len(theirs) == 1 else "them"),
              file=sys.stderr)
        return 2
    try:
        os.makedirs(out, exist_ok=True)
        for name, draw in drawn:
            draw().save(os.path.join(out, name))
    except OSError as err:
        print("assets: cannot write in %s: %s" % (out, err.strerror or err), file=sys.stderr)
        return 1
    print("wrote %s to %s" % (", ".join(name for name, _ in drawn), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
