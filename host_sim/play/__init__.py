"""``python -m host_sim [--tty] [options]``: play.

Opens the simulator window (``host_sim/play/simulator.py``), or plays in the
terminal (``host_sim/play/terminal/``) with ``--tty`` or where no window can open:
no DISPLAY or WAYLAND_DISPLAY on Linux, or pygame failing to open one.
"""

import os
import sys


def display_available():
    """True if a window can probably open here."""
    return why_no_display() is None


def why_no_display():
    """Why no window can open here, in words (None: one probably can)."""
    driver = os.environ.get("SDL_VIDEODRIVER")
    if driver in ("dummy", "offscreen"):
        return "SDL_VIDEODRIVER is %s" % driver
    if (sys.platform.startswith("linux") or "bsd" in sys.platform) and not (
            os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return "no display here: DISPLAY and WAYLAND_DISPLAY are unset"
    return None


def main(argv=None):
    """Play; Ctrl-C is a way out like Esc (the match is saved after every turn)."""
    argv = list(sys.argv[1:] if argv is None else argv)
    options(argv)  # a bad option is refused here, whichever way the game then runs
    try:
        return play(argv)
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 0


def options(argv):
    """Check the options of both games (a usage error exits with status 2)."""
    checked = parser()
    args = checked.parse_args(argv)
    if args.save and args.record and os.path.realpath(args.save) == os.path.realpath(args.record):
        checked.error("cannot use %s as the record: it is the --save file too (give the record"
                      " another name)" % args.record)
    return args


def parser(usage=None, epilog=None):
    """The options of both games; ``python -m host_sim --help`` adds the tools."""
    import argparse

    from host_sim.play import simulator
    made = argparse.ArgumentParser(prog="python -m host_sim", usage=usage, epilog=epilog,
                                   description="Play in a window, or in the terminal.",
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
    made.add_argument("--tty", action="store_true", help="play in the terminal")
    simulator.add_options(made)
    return made


def play(argv):
    no_display = None if "--tty" in argv else why_no_display()
    if no_display:
        print("No simulator window (%s): playing in the terminal." % no_display,
              file=sys.stderr)
    elif "--tty" not in argv:
        try:
            import pygame  # noqa: F401  (is the window library there at all?)
            from host_sim.play import simulator
        except ImportError as err:
            print("No simulator window (%s): playing in the terminal." % err,
                  file=sys.stderr)
        else:
            try:
                return simulator.main(argv)
            except (pygame.error, ImportError) as err:
                print("The window could not open (%s): playing in the terminal."
                      % err, file=sys.stderr)
    from host_sim.play import terminal
    return terminal.main(terminal_args(argv))


def terminal_args(argv):
    """The options for the terminal game: the window's --scale dropped."""
    out = [] if "--tty" in argv else ["--tty"]
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--scale":
            skip = True
        elif not arg.startswith("--scale="):
            out.append(arg)
    return out


if __name__ == "__main__":
    sys.exit(main())
