"""Boot the game's code.py on CircuitPython's unix port and play it with the buttons.

    circuitpython -X heapsize=96k board_rig.py DRIVE SCENARIO [key=value ...]

DRIVE is a folder laid out like the CIRCUITPY drive. SCENARIO is ``match``
(complete matches with the settings in the NVM: the human seats pick random
legal moves through the buttons), ``review`` (the same, each round's review
opened with SELECT on its scores and read to its end), ``lesson`` (the same, of Learn on the title:
A through the coach's words, a press at a time) or ``fuzz`` (``presses=N`` random presses,
half of them sensible so that matches progress and every screen is reached,
with power cuts and torn NVM writes: at each, the NVM is written back to its
file and the rig exits with status 3, for the host to boot a fresh interpreter
over it, imports and all, as a reset does on the board). Other keys: ``seed=S``, ``nvm=FILE`` (the NVM's
first contents), ``matches=N``, ``boot=N`` (which boot this is: odd ones tear no
write), ``without=terminalio,vectorio`` (a firmware built without those modules);
after a power cut the host passes ``done=N`` (presses made) and ``matches_done=N``.

The last line printed is ``RESULT key=value ...`` (``CUT ...`` at a power cut,
``FAIL reason`` with exit status 1): ``base`` the bytes the stand-ins and this rig hold live before the
game boots, ``tables`` those of the names' tables made for the game's names (name_tables: not
in ``base``), ``peak`` the most the heap held live (after a collection) at any
press or screen change, ``peak_screen`` where that was. Before the game boots
and before that last line, ``micropython.qstr_info()`` prints the names interned.
"""

import gc
import sys

FIRMWARE = __file__[:__file__.rfind("/")] if "/" in __file__ else "."
DRIVE = sys.argv[1]
SCENARIO = sys.argv[2]
OPTIONS = {}
for _arg in sys.argv[3:]:
    _key, _value = _arg.split("=", 1)
    OPTIONS[_key] = _value
# The board's own sys.path starts with "" (the drive's root), so its modules'
# __file__ are "lostcities/app.mpy": the same here, run in the drive. The
# bundle names each .mpy's source so (see host_sim/tools/bundle.py). Its
# libraries the board finds in "/lib", which is not the drive here: their
# names read "lib/..." and take a few strings more than on the board.
sys.path[:] = ["", "lib", FIRMWARE] if DRIVE == "." else [DRIVE, DRIVE + "/lib", FIRMWARE]

import analogio  # noqa: E402
import audioio  # noqa: E402,F401
import board  # noqa: E402
import busdisplay  # noqa: E402,F401
import digitalio  # noqa: E402,F401
import flash  # noqa: E402
import keypad  # noqa: E402
import left_out  # noqa: E402
import microcontroller  # noqa: E402
import micropython  # noqa: E402
import neopixel_write  # noqa: E402,F401
import presses  # noqa: E402
import random  # noqa: E402
import supervisor  # noqa: E402

# PyBadge key numbers of the actions LEFT RIGHT UP DOWN A B START SELECT
KEY_OF = (7, 4, 6, 5, 1, 0, 2, 3)
# The PyGamer has no arrow keys: its joystick, (pin, value) for each arrow.
JOYSTICK_OF = (("JOYSTICK_X", 0), ("JOYSTICK_X", 65535), ("JOYSTICK_Y", 0),
               ("JOYSTICK_Y", 65535))
_REST = -2  # in the pending list: the joystick back at rest
# The clock a poll runs on while a person is still: the board ticks far more
# often; at 250 ms the 2 s of a device handed over are a save and six ticks
IDLE_STEP_MS = 250
A = 4
B = 5
START = 6
SELECT = 7
_HOLD = -1  # in the pending list: START held down for 2.1 s
# A names' table made, in bytes (the fifth, 320 names, takes 1.9 KB; the
# name's own characters take 128 at most), and the seventh (1,280: 7.7 KB)
TABLE_LEAST = 1024
SEVENTH_LEAST = 6144


class Done(BaseException):
    """The scenario has played what it was asked to."""


class Rig:
    """Decides the presses, keeps the clock, cuts the power, watches the heap."""

    def __init__(self):
        self.app = None
        self.pending = []
        self.gave = False  # an event was given in this poll: the next answer is None
        self.presses = 0
        self.cuts = 0
        self.torn = 0
        self.matches = 0
        self.peak = 0
        self.peak_screen = ""
        self.by_screen = {}  # the most held live on each screen
        self.screens = []
        self.fuzz = SCENARIO == "fuzz"
        self.lesson = SCENARIO == "lesson"
        self.review = SCENARIO == "review"
        self.reviewed = -1  # the review scenario: the rounds whose review was read
        self.move = None  # the lesson: the move being made, and its turn
        self.move_turn = -1
        # the odd boots tear no NVM write, so that a fuzz of a few boots always cuts
        # the power both ways: plainly, and in the middle of a save
        self.may_tear = int(OPTIONS.get("boot", "1")) % 2 == 0
        self.limit = int(OPTIONS.get("presses", "3000"))
        self.want = int(OPTIONS.get("matches", "1"))
        self.at_match_end = False  # the final scores are on show, and counted
        self.player_moves = 0  # the moves people made in the matches finished
        # a person thinking before a move (presses.think_ms), handing the device
        # over, or pausing in a fuzz, before the press: the clock runs on
        # IDLE_STEP_MS a poll, with no press, and the heap is measured at its
        # end (the game saves and judges the round's review meanwhile; a
        # collection at each poll, which the board does not make, moved the
        # needs by 1 KB)
        self.idle_ms = 0

    def measure(self, where):
        gc.collect()
        used = gc.mem_alloc()
        if used > self.by_screen.get(where, 0):
            self.by_screen[where] = used
        if used > self.peak:
            self.peak = used
            self.peak_screen = where

    def on_show(self, group):
        """A new screen: note it and measure while the old one may still be held."""
        app_module = sys.modules.get("lostcities.app")
        if app_module is not None and not hasattr(app_module.App, "rigged"):
            run = app_module.App.run

            def rigged_run(app):
                self.app = app
                run(app)
            app_module.App.run = rigged_run
            app_module.App.rigged = True
        old = self.app.screen if self.app is not None else None
        self.measure("%s>" % (old.name if old is not None else "none"))

    def event(self):
        """keypad's next event: at most one per poll, then None. While the app
        works alone (the AI thinks, a review runs: it asks whether a button
        stops it) no one presses and the rig's clock stands still: this
        interpreter's thinking is not the board's time, and a clock run on by
        those polls would make the AI late and its move saved."""
        if self.app is not None and self.app.busy():
            return None
        if self.idle_ms > 0:
            step = min(self.idle_ms, IDLE_STEP_MS)
            self.idle_ms -= step
            supervisor.now += step
            if not self.idle_ms:  # ~: after the stillness (a save, the review judged)
                self.measure(self.app.screen.name + "~")
            return None
        supervisor.now += 10
        if self.gave:
            self.gave = False
            return None
        if not self.pending:
            self.plan()
        if not self.pending or self.idle_ms > 0:  # a person thinks, then presses
            return None
        item = self.pending.pop(0)
        if item == _HOLD:
            supervisor.now += 2100
            return None
        if item == _REST or item <= -10:
            for stick in analogio.made.values():
                stick.value = 32768
            if item <= -10:
                pin, value = JOYSTICK_OF[-10 - item]
                analogio.made[pin].value = value
            return None
        self.gave = True
        return keypad.Event(item >> 1, bool(item & 1))

    def press(self, action, hold=False):
        if action < 4 and board.board_id == "pygamer":
            self.pending.append(-10 - action)  # tilt the joystick, then let it go
            self.pending.append(_REST)
            self.presses += 1
            return
        key = KEY_OF[action]
        self.pending.append(key << 1 | 1)
        if hold:
            self.pending.append(_HOLD)
        self.pending.append(key << 1)
        self.presses += 1

    def plan(self):
        app = self.app
        if app is None or app.busy():
            return
        screen = app.screen
        self.measure(screen.name)
        if screen.name not in self.screens:
            self.screens.append(screen.name)
        # Each finished match is counted once, on its final scores. Not by the
        # match's id(): on the board's 32-bit build an address is a big int, whose
        # digits the collector takes for a pointer, and the old match stayed live
        # (1 KB of the next match's table).
        if screen.name != "match":
            self.at_match_end = False
        elif not self.at_match_end:
            self.at_match_end = True
            self.matches += 1
            self.player_moves += moves_of_players(app)
        if self.fuzz:
            if self.presses >= self.limit:
                raise Done()
            if random.randrange(400) == 0:
                self.cuts += 1
                raise microcontroller.PowerCut()
            if self.may_tear and random.randrange(75) == 0:
                self.torn += 1
                # anywhere in the block, the very first byte too: the board
                # programs all of it again, each byte in its turn
                microcontroller.nvm.tear_next = random.randrange(len(microcontroller.nvm))
            if random.randrange(25) == 0:
                self.idle_ms = 2000  # a pause between the presses: the game saves and judges
            if random.randrange(2):
                choice = random.randrange(40)
                if choice == 0:
                    self.press(START, hold=True)
                else:
                    self.press(choice % 8)
                return
        elif self.presses > 20000:
            raise Done()  # a match that never ends: reported as unfinished
        self.sensible(app, screen)

    def think(self):
        """A person thinks before a move, at a person's pace: the saves the game
        makes when a player pauses are counted as a person pauses."""
        if not self.fuzz:
            self.idle_ms = presses.think_ms(random.randrange)

    def choose_move(self, app, table):
        """A random legal move of the player at the table, chosen without copying
        the state or listing every move: a player's thinking takes no heap."""
        rules = sys.modules["lostcities.rules.cards"]
        card = table.hand[random.randrange(len(table.hand))]
        discard = random.randrange(3) == 0 or not app.match.state.can_play(table.viewer, card)
        sources = table.draw_sources(card, discard)
        return rules.make_move(card, discard, sources[random.randrange(len(sources))])

    def sensible(self, app, screen):
        """What a player who wants to finish matches presses now."""
        name = screen.name
        if name == "title":
            if self.matches >= self.want and not self.fuzz:
                raise Done()
            target = "Continue" if app.saved else "Learn" if self.lesson else "New match"
            if screen.items[screen.at] == target:
                self.press(A)
            else:
                self.press(3)  # DOWN
        elif name == "table" and self.lesson and screen is app.table and screen.step < 3:
            self.lesson_step(app, screen)  # a player's turn in the lesson
        elif name == "table":
            waits = presses.table_waits_for(app)
            if waits == "pick":
                self.think()
                for action in presses.presses_for(screen, self.choose_move(app, screen)):
                    self.press(action)
            elif waits == "end":
                self.press(A)
            else:
                self.press(B)
        elif name == "round" and self.review and self.reviewed < len(app.match.scores):
            self.reviewed = len(app.match.scores)
            self.press(SELECT)
        elif name in ("match", "pass", "round", "review"):
            if name == "pass" and not self.fuzz:
                self.idle_ms = 2000  # the device handed over
            self.press(A)
        else:
            self.press(B)


    def lesson_step(self, app, table):
        """One press of the player's move in the lesson: the coach may speak
        at any of its steps, and waits for A."""
        turn = app.match.state.turns
        if table.coaching:
            self.press(A)
        elif table.step == 0 and self.move_turn != turn:  # PICK: a new move
            self.think()
            self.move = self.choose_move(app, table)
            self.move_turn = turn
            self.press(presses.presses_from(table, self.move)[0])
        elif self.move_turn == turn:
            self.press(presses.presses_from(table, self.move)[0])
        else:
            self.press(B)  # a card picked before the power went: back to the pick


def moves_of_players(app):
    """The moves people made in the match just finished (against the AI, the
    human is player 1: lostcities.saves.match.AI_SEAT is the AI's)."""
    match = app.session.match
    duel = app.profile.mode == "duel"  # the mode the match was played in
    count = 0
    for number in range(len(match.moves)):
        starter = match.deals[number][3]
        for at in range(len(match.moves[number])):
            if duel or (starter + at) % 2 == 0:
                count += 1
    return count


class Names:
    """What name_tables() interns its names on, as attributes."""


def name_tables():
    """Make the names' tables (qstr pools) the game's names fill, before it
    boots; their bytes, which its figures count.

    The heap's names are kept in tables that double (20, 40, ... 1,280
    names): six hold 1,260. The board keeps its modules' names in flash and
    interns a few dozen at its boot, so the game's own fill the six. Here
    the rig and its stand-ins intern some 250 first, and the game's past
    1,006 would make a seventh table, 7.7 KB at once, late in a heap in
    pieces: a need the board never has, moving by KBs with the path a fuzz
    takes. So names of the rig's own fill the tables now, up to the seventh
    made: the fifth's and sixth's bytes, which the game's names would have
    made, stay the game's (BASE leaves them out); the seventh is the rig's,
    and holds the game's names past them."""
    holder = Names()
    made = 0
    gc.collect()
    before = gc.mem_alloc()
    for number in range(2 * 1260):  # the seventh comes at the 1,261st name at the latest
        name = "_%d" % number  # a name of its own, interned by the attribute
        setattr(holder, name, None)
        delattr(holder, name)
        gc.collect()
        grown = gc.mem_alloc() - before
        before += grown
        if grown >= SEVENTH_LEAST:
            return made
        if grown >= TABLE_LEAST:
            made += grown
    raise RuntimeError("no seventh names' table made: this interpreter's tables differ")


def report(kind):
    """The figures so far, one line (the host adds them up across power cuts).

    The game is let go first: the line needs a little heap of its own."""
    rig.app = None
    gc.collect()
    micropython.qstr_info()  # the names interned by now
    print("%s base=%d tables=%d peak=%d live=%d peak_screen=%s presses=%d cuts=%d torn=%d "
          "matches=%d nvm_writes=%d player_moves=%d screens=%s by_screen=%s" % (
              kind, BASE, TABLES, rig.peak, rig.peak - BASE, rig.peak_screen, rig.presses, rig.cuts,
              rig.torn, rig.matches, microcontroller.nvm.writes, rig.player_moves,
              ",".join(rig.screens),
              ",".join("%s:%d" % (name, used - BASE) for name, used in rig.by_screen.items())))


rig = Rig()
rig.presses = int(OPTIONS.get("done", "0"))  # presses made before the last power cut
rig.matches = int(OPTIONS.get("matches_done", "0"))
random.seed(int(OPTIONS.get("seed", "1")))
NVM_FILE = OPTIONS.get("nvm")
if NVM_FILE:
    with open(NVM_FILE, "rb") as _file:
        microcontroller.nvm._bytes[:] = _file.read()
keypad.source = rig.event
board.DISPLAY.on_show = rig.on_show
if "board_id" in OPTIONS:
    board.board_id = OPTIONS["board_id"]
left_out.leave_out(OPTIONS.get("without", ""))
flash.mount_assets(None if DRIVE == "." else DRIVE)  # the title's picture reads from FAT
TABLES = name_tables()
gc.collect()
BASE = gc.mem_alloc() - TABLES  # the game's tables are the game's
micropython.qstr_info()  # the names interned now (the host reads it)
try:
    import code  # noqa: F401 (CircuitPython runs code.py: the game)
except microcontroller.PowerCut:
    # The power went: what survives is the NVM, written back for the next boot
    # (a fresh interpreter, as on the board, where a reset clears the RAM).
    with open(NVM_FILE, "wb") as _file:
        _file.write(microcontroller.nvm._bytes)
    report("CUT")
    sys.exit(3)
except Done:
    pass
else:
    print("FAIL the game stopped (code.py returned) after %d presses" % rig.presses)
    sys.exit(1)
if not rig.fuzz and rig.matches < rig.want:
    print("FAIL %d of %d matches finished after %d presses" % (
        rig.matches, rig.want, rig.presses))
    sys.exit(1)
report("RESULT")
