"""Take every shot of shots.py on CircuitPython's interpreter with the board's
own display code, and write the pixels its panel would show.

    circuitpython-display -X heapsize=512k render_rig.py ROOT OUT [without=MODULES]

ROOT is the project's folder (its lostcities/ and assets/), MODULES those the
firmware is taken to lack (``terminalio,vectorio``), OUT the file written: per shot a line ``NAME\\n`` then the 160x128 RGB565 pixels, row by
row, two bytes each, little-endian (40,960 bytes). ``lcrender`` composites the
root group through displayio's own refresh code, as a PyBadge redraws it.
"""

import sys

FIRMWARE = __file__[:__file__.rfind("/")] if "/" in __file__ else "."
ROOT, OUT = sys.argv[1], sys.argv[2]
sys.path[:] = [ROOT, FIRMWARE]
# the game's assets are found from the drive's root, as on the board
import os  # noqa: E402

os.chdir(ROOT)

import flash  # noqa: E402

flash.mount_assets(ROOT)  # the title's picture reads from FAT, as on the board

import left_out  # noqa: E402

left_out.leave_out(sys.argv[3][len("without="):] if len(sys.argv) > 3 else "")

import board  # noqa: E402
import displayio  # noqa: E402
import lcrender  # noqa: E402
import scripted  # noqa: E402
import shots  # noqa: E402

frame = displayio.Bitmap(160, 128, 65536)
row = bytearray(320)


def start(seed, settings):
    nvm = scripted.save_settings(bytearray(b"\xff" * 8192), settings)
    return scripted.Driver(board.DISPLAY, nvm, seed)


def shoot(name, driver):
    lcrender.render(board.DISPLAY.root_group, frame)
    out.write(name.encode() + b"\n")
    for y in range(128):
        for x in range(160):
            pixel = frame[x, y]
            row[2 * x] = pixel & 0xFF
            row[2 * x + 1] = pixel >> 8
        out.write(row)


with open(OUT, "wb") as out:
    shots.take(start, shoot)
