"""``python -m host_sim screenshot --seed S --keys "A,RIGHT,A,DOWN,A" --out FILE.png``

Renders, without a window, what the screen shows after a scripted sequence of
buttons pressed from the title screen (a fresh NVM unless --save is given).

What it writes is only ``--out``, a PNG marked as this tool's: a new file or
a screenshot it wrote before, never anything else. ``--save FILE`` is read
into memory and never written: the presses change the copy only.
"""

import argparse
import io
import os
import sys

from host_sim import counted
from host_sim.play.simulator import scale_arg
from host_sim.tools import png_file
from lostcities import ai

SOURCE = "python -m host_sim screenshot"  # in the PNG: marks a screenshot as ours


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_sim screenshot",
                                     description=__doc__.split("\n\n")[1])
    parser.add_argument("--seed", type=int, default=1, help="seed for the deals")
    parser.add_argument("--keys", default="",
                        help="buttons, comma-separated: LEFT RIGHT UP DOWN A B "
                             "START SELECT (START_HELD: START held 2 s)")
    parser.add_argument("--out", required=True, metavar="FILE.png",
                        help="PNG file to write (a new file, or a screenshot this tool made)")
    parser.add_argument("--scale", type=scale_arg, default=1,
                        help="pixels per screen pixel")
    parser.add_argument("--save", metavar="FILE",
                        help="a save file (make play's lostcities.nvm) to start from: read,"
                             " never written")
    parser.add_argument("--mode", choices=("ai", "duel"), help="set before starting")
    parser.add_argument("--level", choices=ai.LEVELS,
                        help="AI level to set before starting")
    parser.add_argument("--colors", type=int, choices=(5, 6))
    parser.add_argument("--rounds", type=int, choices=(1, 3))
    args = parser.parse_args(argv)
    from host_sim.testing.firmware.scripted import action_named
    from lostcities import buttons as btn
    try:
        actions = [action_named(name) for name in args.keys.split(",") if name.strip()]
    except ValueError as err:
        print("screenshot: %s" % err, file=sys.stderr)
        return 2
    unwritable = png_file.problem("--out", args.out, SOURCE)
    if unwritable:
        print("screenshot: %s" % unwritable, file=sys.stderr)
        return 2
    from host_sim.play.nvm_file import SaveFileError
    from host_sim.testing.harness import Driver
    profile = {}
    for name in ("mode", "level", "colors", "rounds"):
        if getattr(args, name) is not None:
            profile[name] = getattr(args, name)
    try:
        nvm = read_save(args.save)
    except SaveFileError as err:
        print("screenshot: %s" % err, file=sys.stderr)
        return 2
    driver = Driver(seed=args.seed, nvm=nvm, profile=profile)
    for action in actions:
        if action == btn.START_HELD:
            driver.press(btn.START, hold_ms=btn.LONG_PRESS_MS)
        else:
            driver.press(action)
    import pygame
    try:
        picture = io.BytesIO()
        driver.display.save(picture, args.scale)
        with open(args.out, "wb") as file:
            file.write(png_file.marked(picture.getvalue(), SOURCE))
    except (OSError, pygame.error) as err:
        print("screenshot: cannot write %s: %s" % (args.out, err), file=sys.stderr)
        return 2
    print("%s: %s screen after %s" % (args.out, driver.screen,
                                        counted(len(actions), "press", "presses")))
    return 0


def read_save(path):
    """A copy in memory of the save file ``path`` (erased memory without one).

    Raises SaveFileError for a missing file or one that is not a save."""
    from host_sim.play.nvm_file import FileNvm, NotASaveFile, SaveFileError
    from lostcities.saves.layout import NVM_SIZE
    if not path:
        return bytearray(b"\xff" * NVM_SIZE)
    if not os.path.isfile(path):
        raise SaveFileError("cannot use %s as the save to start from: no such file" % path)
    try:
        return bytearray(FileNvm(path)[:])
    except (OSError, NotASaveFile) as err:
        raise SaveFileError("cannot use %s as the save to start from: %s" % (
            path, getattr(err, "strerror", None) or err))


if __name__ == "__main__":
    sys.exit(main())
