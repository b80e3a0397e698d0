"""The game's files in ``assets/`` read: the sprite sheets (at start-up; from
.py sources, for each match), the font's tiles without terminalio, a page
of the rules (the Rules screen, the terminal game). Loaded when read, and forgotten at the title and the table
(lostcities/memory.py): the table's heap holds none of this code.
"""

from lostcities import asset_path


def load_sheets():
    """The table's :class:`~lostcities.sprites.Sheets`, read from their files."""
    from lostcities.sprites import Sheets  # not for the rules' pages (the terminal game)
    return Sheets(load_sheet("hand.bmp"), load_sheet("piles.bmp"), load_sheet("mini.bmp"),
                  load_sheet("text.bmp", 2))


def load_sheet(name, colors=4):
    """A sprite sheet of ``assets/`` as a ``displayio.Bitmap`` of ``colors``
    values (4: two bits a pixel; 2, one: the font's and the table's text,
    drawn in two).

    The sheets are make_assets.py's own BMPs (4 bits a pixel, uncompressed,
    the bottom row first), read here and not by adafruit_imageload:
    bitmaptools.readinto (in C on the board, in Blinka on the laptop) puts
    the pixels straight into the bitmap, and no library's code is loaded (or,
    from .py, compiled) each time a match makes the sheets. Raises ValueError
    for a file not ours."""
    import displayio
    from bitmaptools import readinto
    with open(asset_path(name), "rb") as file:
        head = file.read(34)
        width = int.from_bytes(head[18:22], "little")
        height = int.from_bytes(head[22:26], "little")
        if (len(head) < 34 or head[:2] != b"BM" or head[28] != 4 or any(head[30:34])
                or not 0 < width < 4096 or not 0 < height < 256):
            raise ValueError("assets/%s is not one of the game's sprite sheets"
                             " (python -m host_sim assets draws them)" % name)
        bitmap = displayio.Bitmap(width, height, colors)
        file.seek(int.from_bytes(head[10:14], "little"))
        readinto(bitmap, file, bits_per_pixel=4, element_size=4,  # rows padded to 4 bytes
                 reverse_pixels_in_element=True, reverse_rows=True)  # bottom row first
    return bitmap


def rules_page(number):
    """``(pages, title, text)``: how many pages the rules in short have
    (assets/rules.txt) and page ``number`` of them, 0 the first (empty
    strings past the last).

    Read when asked for, a page at a time: on the board only the page on
    show is in the heap (all of them, on the Rules screen from .py sources,
    were the fuzzes' peak)."""
    pages = 0
    title = text = ""
    with open(asset_path("rules.txt")) as file:
        for line in file:
            line = line.rstrip("\r\n")
            if line.startswith("#"):
                continue
            if line.startswith("= "):
                if pages == number:
                    title, text = line[2:], ""
                pages += 1
            elif line and pages - 1 == number:
                text = (text + " " + line).strip()
    return pages, title, text
