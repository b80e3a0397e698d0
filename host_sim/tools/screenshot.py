"""``python -m host_sim screenshot --seed S --keys "A,RIGHT,A,DOWN,A" --out FILE.png``

Renders, without a window, what the screen shows after a scripted sequence of
buttons pressed from the title screen (a fresh NVM unless --save is given).
"""

import argparse
import sys

from host_sim import counted
from host_sim.play.simulator import scale_arg
from lostcities import ai


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_sim screenshot",
                                     description=__doc__.split("\n\n")[1])
    parser.add_argument("--seed", type=int, default=1, help="seed for the deals")
    parser.add_argument("--keys", default="",
                        help="buttons, comma-separated: LEFT RIGHT UP DOWN A B "
                             "START SELECT (START_HELD: START held 2 s)")
    parser.add_argument("--out", required=True, help="PNG file to write")
    parser.add_argument("--scale", type=scale_arg, default=1,
                        help="pixels per screen pixel")
    parser.add_argument("--save", metavar="FILE", help="NVM stand-in file to start from")
    parser.add_argument("--mode", choices=("ai", "duel"), help="set before starting")
    parser.add_argument("--level", choices=ai.LEVELS,
                        help="AI level to set before starting")
    parser.add_argument("--colors", type=int, choices=(5, 6))
    parser.add_argument("--rounds", type=int, choices=(1, 3))
    args = parser.parse_args(argv)
    from lostcities import buttons as btn
    try:
        actions = [btn.action_named(name) for name in args.keys.split(",") if name.strip()]
    except ValueError as err:
        print("screenshot: %s" % err, file=sys.stderr)
        return 2
    from host_sim.play.nvm_file import SaveFileError, make_nvm
    from host_sim.testing.harness import Driver
    profile = {}
    for name in ("mode", "level", "colors", "rounds"):
        if getattr(args, name) is not None:
            profile[name] = getattr(args, name)
    try:
        nvm = make_nvm(args.save)
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
        driver.display.save(args.out, args.scale)
    except (OSError, pygame.error) as err:
        print("screenshot: cannot write %s: %s" % (args.out, err), file=sys.stderr)
        return 2
    print("%s: %s screen after %s" % (args.out, driver.screen,
                                        counted(len(actions), "press", "presses")))
    return 0


if __name__ == "__main__":
    sys.exit(main())
