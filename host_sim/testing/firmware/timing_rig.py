"""Time what a player waits for, on CircuitPython's interpreter with the board's
own display code: the boot to the title, and the presses that change the screen.

    circuitpython-display -X heapsize=150k timing_rig.py boot|presses|pixels

Run in a drive (the bundle or .py sources), as the board runs it. ``boot``
prints ``boot US``: the import of the app and its modules (compiled first,
from .py sources), the app made and its title drawn. ``presses`` prints
``NAME US SAVES`` for each press below: the step of the app that handles it,
the fastest of REPEATS (a shared machine's other work only adds time), and
the NVM writes it made. ``pixels`` (in a heap with room for two frames) plays
the same presses once and prints ``NAME PIXELS``: the rectangle of the screen
a press changed, by the board's own compositing (``lcrender``), which is what
the display's refresh sends to the panel. The interpreter has no panel and no
flash: what sending the pixels and writing the NVM take is the bench's to add.
"""

import sys

FIRMWARE = __file__[:__file__.rfind("/")] if "/" in __file__ else "."
sys.path[:] = ["", FIRMWARE]

import gc  # noqa: E402
import time  # noqa: E402

import board  # noqa: E402

REPEATS = 5
AI_MATCH = {"mode": "ai", "level": "normal", "colors": 6, "rounds": 3}
DUEL = {"mode": "duel", "colors": 6, "rounds": 1}


def boot():
    began = time.ticks_us()
    import scripted
    scripted.Driver(board.DISPLAY, bytearray(b"\xff" * 8192), 1)  # the title, drawn
    print("boot %d" % time.ticks_diff(time.ticks_us(), began))


def timed(driver, name):
    """The steps that handle a press and release of button ``name`` (START
    acts when let go): ``(microseconds, NVM writes)``, the AI's thinking
    after them aside."""
    from scripted import action_named
    action = action_named(name)
    took = 0
    writes = NVM.writes
    for pressed in (True, False):
        driver.keys.push(action, pressed)
        driver.clock.now += 20
        began = time.ticks_us()
        driver.app.step()
        took += time.ticks_diff(time.ticks_us(), began)
    writes = NVM.writes - writes
    driver.settle()
    return took, writes


class Frames:
    """The screen before and after a press, composited as the board does."""

    def __init__(self):
        import displayio
        self.before = displayio.Bitmap(160, 128, 65536)
        self.after = displayio.Bitmap(160, 128, 65536)

    def changed(self, driver, name):
        """``(pixels of the rectangle a press of ``name`` changed, 0)``."""
        import lcrender
        lcrender.render(board.DISPLAY.root_group, self.before)
        timed(driver, name)
        lcrender.render(board.DISPLAY.root_group, self.after)
        left, top, right, bottom = 160, 128, -1, -1
        for y in range(128):
            for x in range(160):
                if self.before[x, y] != self.after[x, y]:
                    left, right = min(left, x), max(right, x)
                    top, bottom = min(top, y), max(bottom, y)
        return (right - left + 1) * (bottom - top + 1) if right >= 0 else 0, 0


import microcontroller  # noqa: E402

NVM = microcontroller.ByteArray()  # made once: late in a run the heap has no 8 KB piece left


def a_match(settings, seed):
    """A driver at the title, the NVM erased but for ``settings``."""
    import scripted
    erased = NVM._bytes  # erased in place: assigning the stand-in counts erases
    for at in range(len(erased)):
        erased[at] = 0xFF
    NVM.writes = 0
    return scripted.Driver(board.DISPLAY, scripted.save_settings(NVM, settings), seed)


def first_move(driver, seed):
    """The presses of the move ``normal`` would make for the player at the table."""
    from lostcities import ai
    from lostcities.rng import Rng
    from presses import presses_for
    table = driver.app.table
    return presses_for(table, ai.choose_move(
        driver.app.match.state.view(table.viewer), "normal", Rng(seed)))


def to_the_scores(driver, seed):
    """Play the round out as ``normal`` would, to its scores."""
    import shots
    shots.turns(driver, 500, seed)
    while driver.screen == "table":  # the round's last move on show
        driver.press_all("A")


def presses(measure=timed, repeats=REPEATS):
    """Each press that changes the screen, measured ``repeats`` times by
    ``measure(driver, name)``: the least of each figure is printed."""
    from lostcities import buttons as btn
    from scripted import NAMES
    times = {}

    def keep(name, figures):
        if name not in times or figures < times[name]:
            times[name] = figures

    def timed(driver, name):
        return measure(driver, name)

    for repeat in range(repeats):
        driver = a_match(AI_MATCH, repeat + 1)
        keep("title>table (a new match)", timed(driver, "A"))
        keep("table>pause", timed(driver, "START"))
        keep("pause>table", timed(driver, "B"))
        move = first_move(driver, repeat)
        for action in move[:-1]:
            driver.press(action)
        keep("a move played", timed(driver, NAMES[move[-1]]))
        to_the_scores(driver, repeat)
        keep("round>table (the next deal)", timed(driver, "A"))
        driver.press(btn.START, 2100)
        keep("title>table (continue)", timed(driver, "A"))
        driver = None  # one app at a time, as on the board
        gc.collect()
        duel = a_match(DUEL, repeat + 7)
        duel.press_all("A")
        keep("pass>table", timed(duel, "A"))
        to_the_scores(duel, repeat)
        keep("round>match (the statistics saved)", timed(duel, "A"))
        keep("match>title", timed(duel, "A"))
        duel = None
        gc.collect()
    for name in times:
        print("%s %d %d" % ((name,) + times[name]))


if sys.argv[1] == "boot":
    boot()
elif sys.argv[1] == "pixels":
    presses(Frames().changed, 1)
else:
    presses()
