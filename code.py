"""Lost Cities on an Adafruit PyBadge, EdgeBadge or PyGamer (CircuitPython 9 or 10).

CircuitPython runs this file at start-up: it finds the board, builds its
buttons, lights and speaker (lostcities/hardware.py) and hands them to the
game with the built-in display and the non-volatile memory that keeps the
saved match and the settings. On another board or CircuitPython it says so
in one line, on the screen and the serial console.
"""

import sys

import board
import microcontroller
import micropython
import supervisor

# A .py module compiled from here on leaves out its line numbers (as the
# bundle's .mpy files do): about 3 KB of heap for the whole game.
micropython.opt_level(3)  # type: ignore[attr-defined]  # not in circuitpython-stubs

RUNS_ON = "Lost Cities runs on a PyBadge, EdgeBadge or PyGamer with CircuitPython 9 or 10"


def main():
    version = sys.implementation.version
    if version[0] < 9:  # the bundle's .mpy files would not even load
        print("%s, not on CircuitPython %d.%d." % (RUNS_ON, version[0], version[1]))
        return
    from lostcities import BOARDS
    if board.board_id not in BOARDS:
        print("%s, not on %r." % (RUNS_ON, board.board_id))
        return
    try:
        from lostcities import hardware
    except ImportError as err:  # a firmware without the display's or the sound's modules
        print("%s (%s)." % (RUNS_ON, err))
        return
    from lostcities.app import App  # after the checks: the app is the biggest import

    display = board.DISPLAY
    display.auto_refresh = False  # the app refreshes once per change
    made(App, display, hardware).run()


def made(App, display, hardware):
    """The app, made a call deeper than its loop runs. The collector scans the
    whole stack, dead slots too: the loop's frames, which last the whole boot,
    then lie over this frame and not over the app's making, whose title screen
    one of them kept (and with it the title's modules, at every table)."""
    feedback = hardware.Feedback(display, supervisor.ticks_ms)
    buttons = hardware.make_buttons(supervisor.ticks_ms)
    return App(display, buttons, microcontroller.nvm, supervisor.ticks_ms, feedback)


try:
    main()
except MemoryError:
    print("Lost Cities ran out of memory. Press RESET to start again;"
          " the README's Troubleshooting tells more.")
except Exception as err:  # a bug: one clear line on the screen rather than a traceback
    print("Lost Cities stopped: %s: %s. Press RESET to start again." % (type(err).__name__, err))
