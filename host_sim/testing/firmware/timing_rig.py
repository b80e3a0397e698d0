"""Time what a player waits for, on CircuitPython's interpreter with the board's
own display code: the boot to the title, and the presses that change the screen,
each beside the calibration's scripts run in the same process at the same moment.

    circuitpython-display -X heapsize=192k timing_rig.py boot|presses|pixels [SCRIPT ...]
    circuitpython-display -X heapsize=192k timing_rig.py save=FILE
    circuitpython-display -X heapsize=192k timing_rig.py boot=FILE [SCRIPT ...]

Run in a drive (the bundle or .py sources), as the board runs it. The SCRIPTs
are the calibration's published scripts (host_sim/tools/calibration.py), each
printing the microseconds it took. ``boot`` prints ``boot US``: code.py compiled,
the import of the app and its modules (compiled first, from .py sources), the
app made and its title sent, over a blank NVM; then ``anchor INDEX US`` for each
script, run at once after. ``save=FILE`` plays a 3-round match against the AI
into round 2 (SAVED_TURNS turns of it) and leaves it for the title, which saves
it, and writes the NVM's 8 KB to FILE; ``boot=FILE`` is the boot over that NVM
(a fresh process: the game's modules are not loaded before its clock starts),
then its Continue, printed ``continue US WRITES``.
``presses`` plays ROUNDS rounds: in each, every press below once (the cursor's
several times, the fastest kept), printed ``press ROUND NAME US WRITES`` (the
steps of the app that handle it up to its picture, and the NVM writes they
made), then each script once, ``anchor ROUND INDEX US``: a round's times and
the factor that converts them share the machine's load of that moment.
``pixels`` (in a heap with room for two frames) plays the same presses once
and prints ``NAME PIXELS``: the rectangle of the screen a press changed, by
the board's own compositing (``lcrender``), which is what the display's
refresh sends to the panel. The interpreter has no panel and no flash: what
sending the pixels and writing the NVM take is the bench's to add.
"""

import sys

FIRMWARE = __file__[:__file__.rfind("/")] if "/" in __file__ else "."
sys.path[:] = ["", FIRMWARE]

import gc  # noqa: E402
import time  # noqa: E402

import board  # noqa: E402
import flash  # noqa: E402

flash.mount_assets()  # the drive's assets/ on FAT, as the board reads them

ROUNDS = 5
CURSOR_MOVES = ("RIGHT", "RIGHT", "LEFT", "LEFT")  # along the hand, at the table
SCRIPTS = sys.argv[2:]


def anchors(tag):
    """Run each calibration script in this process, as its author ran it (at
    module level: its own globals), and print what it took."""
    for index in range(len(SCRIPTS)):
        with open(SCRIPTS[index]) as file:
            code = compile(file.read(), SCRIPTS[index], "exec")
        took = []
        exec(code, {"print": took.append})
        print("anchor %s%d %d" % (tag, index, took[0]))
AI_MATCH = {"mode": "ai", "level": "normal", "colors": 6, "rounds": 3}
DUEL = {"mode": "duel", "colors": 6, "rounds": 1}


class Picture:
    """When the display was last refreshed (the picture sent), and the NVM's
    writes then."""

    def __init__(self):
        self.at = None
        self.writes = 0

    def __call__(self):
        self.at = time.ticks_us()
        self.writes = NVM.writes


PICTURE = Picture()


def timed(driver, name):
    """The steps that handle a press and release of button ``name`` (START
    acts when let go) up to the picture they send: ``(microseconds, NVM
    writes before it)``. What a step does after its refresh (a save, the AI's
    thinking) the player does not wait for."""
    from scripted import action_named
    action = action_named(name)
    took = 0
    writes = NVM.writes
    PICTURE.at = None
    for pressed in (True, False):
        driver.keys.push(action, pressed)
        driver.clock.now += 20
        began = time.ticks_us()
        driver.app.step()
        if PICTURE.at is not None:
            took += time.ticks_diff(PICTURE.at, began)
            writes = PICTURE.writes - writes
            break
        took += time.ticks_diff(time.ticks_us(), began)
    else:
        writes = NVM.writes - writes
    if pressed:
        driver.keys.push(action, False)
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
board.DISPLAY.on_refresh = PICTURE


def boot(image=None):
    """From power-on to the title's picture: code.py compiled (the board
    compiles it at each boot), the app's modules imported (and compiled, from
    .py sources), the app made and its title sent, over a blank NVM or the
    file ``image`` holds. The rig's own driver (scripted.py) is compiled and
    the NVM read before the clock starts; the first picture is the title's
    (what the app does after it, the player need not wait for)."""
    import scripted
    nvm = bytearray(b"\xff" * 8192)
    if image is not None:
        with open(image, "rb") as file:
            file.readinto(nvm)
    board.DISPLAY.on_refresh = FIRST_PICTURE
    began = time.ticks_us()
    with open("code.py") as file:
        compile(file.read(), "code.py", "exec")
    driver = scripted.Driver(board.DISPLAY, nvm, 1)
    print("boot %d" % time.ticks_diff(FIRST_PICTURE.at, began))
    anchors("")
    if image is not None:
        first_continue(driver, nvm)


def first_continue(driver, nvm):
    """Continue, the first press after power-on (the title's Continue, at its
    top), once the app waits for a press: printed ``continue US WRITES``, a
    write counted if the NVM changed by the press's end (this NVM, the
    board's own bytes, counts no writes)."""
    board.DISPLAY.on_refresh = PICTURE
    before = bytes(nvm)
    took = timed(driver, "A")[0]
    assert driver.screen == "table"
    print("continue %d %d" % (took, 0 if bytes(nvm) == before else 1))


class FirstPicture(Picture):
    """When the display was first refreshed."""

    def __call__(self):
        if self.at is None:
            Picture.__call__(self)


FIRST_PICTURE = FirstPicture()
SAVED_TURNS = 15  # a person's turns into round 2 (each with the AI's after it)


def save(image):
    """A 3-round match against the AI saved in round 2, SAVED_TURNS turns
    into it (the first round played out), as the title saves it; the NVM's
    bytes written to the file ``image``."""
    import shots
    from lostcities import buttons as btn
    driver = a_match(AI_MATCH, 3)
    driver.press_all("A")  # a new match
    to_the_scores(driver, 3)
    driver.press_all("A")  # the next deal
    shots.turns(driver, SAVED_TURNS, 3)
    driver.press(btn.START, 2100)  # held: to the title, which saves the match
    assert driver.screen == "title" and driver.app.match.round_number() == 2
    with open(image, "wb") as file:
        file.write(NVM._bytes)


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


def presses(measure=timed, rounds=ROUNDS):
    """Each press that changes the screen, measured by ``measure(driver,
    name)`` once a round (the cursor's fastest of CURSOR_MOVES), printed
    with the round's number; the calibration's scripts after each round."""
    from lostcities import buttons as btn
    from scripted import NAMES

    for round_number in range(rounds):
        tag = "%d " % round_number
        said = "press " + tag if rounds > 1 else ""

        def keep(name, figures):
            print("%s%s %d %d" % ((said, name) + figures))

        driver = a_match(AI_MATCH, round_number + 1)
        keep("title>table (a new match)", measure(driver, "A"))
        keep("a cursor move", min(measure(driver, name) for name in CURSOR_MOVES))
        keep("table>pause", measure(driver, "START"))
        keep("pause>table", measure(driver, "B"))
        move = first_move(driver, round_number)
        for action in move[:-1]:
            driver.press(action)
        keep("a move played", measure(driver, NAMES[move[-1]]))
        to_the_scores(driver, round_number)
        keep("round>table (the next deal)", measure(driver, "A"))
        driver.press(btn.START, 2100)
        keep("title>table (continue)", measure(driver, "A"))
        driver = None  # one app at a time, as on the board
        gc.collect()
        duel = a_match(DUEL, round_number + 7)
        duel.press_all("A")
        keep("pass>table", measure(duel, "A"))
        to_the_scores(duel, round_number)
        keep("round>match (the result)", measure(duel, "A"))
        keep("match>title", measure(duel, "A"))
        duel = None
        gc.collect()
        if rounds > 1:
            anchors(tag)


if sys.argv[1] == "boot":
    boot()
elif sys.argv[1].startswith("boot="):
    boot(sys.argv[1][5:])
elif sys.argv[1].startswith("save="):
    save(sys.argv[1][5:])
elif sys.argv[1] == "pixels":
    presses(Frames().changed, 1)
else:
    presses()
