"""The board's memory figures, measured on CircuitPython's own interpreter.

``python -m host_sim bench --board`` prints, for the bundle as ``make bundle``
builds it (.mpy) and for plain .py sources, per scenario: the smallest heap
the whole game plays it in, less what the firmware stand-ins hold live (that
is what the game needs of a PyBadge's heap), and the most the game held live
at any press or screen change. Then what each module needs to compile on the
board. Every figure is checked against :data:`BUDGETS`.
"""

import os
import queue
import tempfile
import threading

from host_sim.testing import circuitpython as cp

KB = 1024
# The ceilings: what the game may need of the board's heap in any scenario the
# bench and the fuzzes play. A PyBadge leaves Python very roughly 120-150 KB
# with the display up: the bundle's 100 KB leaves 20 KB or more to spare, and
# beneath the ceilings a clear name or a faster path outranks a byte.
BUDGETS = {
    "mpy": 100 * KB,  # the bundle as shipped
    "py": 120 * KB,  # plain .py sources (circup users, makers copying sources)
    "live": 90 * KB,  # the live heap at its worst moment
    "live py": 90 * KB,  # the same from .py sources
    "compile": 32 * KB,  # what compiling one module may need
}
# Past these the tests fail: the ceilings themselves, each with its margin to
# the board in it (not the last measurement plus some KB). The live heap is
# bounded by what its drive may need (a live figure moves by 3.5 KB with where
# a stale pointer on the C stack falls, docs/memory.md): the bench says where it
# is over its goal. Compiling a module: 4 KB over its goal, the review's
# modules from .py sources.
BOUNDS = dict(BUDGETS)
BOUNDS["live"] = BUDGETS["mpy"]
BOUNDS["live py"] = BUDGETS["py"]
BOUNDS["compile"] = 36 * KB
# Six tables hold 1,260 names, and the seventh takes 7.7 KB at once. The board
# keeps its modules' names in flash and makes a few dozen at its boot: the game
# may intern GAME_NAMES of its own (from the bundle, the names its code uses;
# from .py sources every name it compiles, locals too) before its seventh table
# comes near. (The rig makes the tables before the game boots, the seventh its
# own: host_sim/testing/firmware/board_rig.py's name_tables.)
GAME_NAMES = 1200
DRIVES = (("mpy", "the bundle (.mpy)"), ("py", ".py sources"))
# Time on the board: the interpreter's Python times the calibrated factor (a
# range, host_sim/tools/calibration.py), taken in a heap of about what a PyBadge
# leaves for Python (host_sim/testing/firmware/timing_rig.py), plus what Python
# does not do: the display's refresh and the NVM writes made before the picture.
# The factor is measured in the rig's own process between its rounds (the fastest
# of each script), beside the fastest round of each wait: both taken in the same
# minutes, so a busy machine does not slow one and spare the other. The goals, in seconds on the board at the factor's high end, the AI's
# thinking aside (it shows that it thinks); a name's first goal that it starts with.
# The timing rig plays two apps one after the other (a match against the AI,
# then two players), which from .py sources a PyBadge's heap would not hold
# side by side: it has room for both, which the times hardly feel.
TIMING_HEAP_KB = 200  # a PyBadge's share, and the assets' FAT volume's objects (firmware/flash.py)
PIXELS_HEAP_KB = 320  # two frames of lcrender besides the game
TIMING_RIG = os.path.join(cp.FIRMWARE, "timing_rig.py")
BOOTS = 5
ROUNDS = 5  # the rig's (timing_rig.ROUNDS)
SAVED_BOOT = "power-on with a match saved"  # the boot over timing_rig.save's NVM
FIRST_CONTINUE = "title>table (continue after power-on)"  # then its Continue
TIME_GOALS = (("boot", 1.0), ("power-on", 1.0), ("a cursor move", 0.05), ("a move played", 0.15),
              ("title>table", 0.3), ("", 0.3))
# The refresh: the pixels a press changed, 16 bits each, sent to the ST7735R over
# SPI. The PyBadge's board.c (ports/atmel-samd/boards/pybadge) asks 60 MHz; the
# SAMD51's SERCOM runs SPI at its 48 MHz clock over 2 at most, so 24 MHz.
SPI_HZ = 24000000
SCREEN_PIXELS = 160 * 128
# A save: the NVM's 8 KB block erased, then its 16 pages of 512 bytes written
# (SAM D5x/E5x data sheet, NVM electrical specifications: erase block 200 ms,
# write page 3 ms at most; docs/memory.md)
NVM_ERASE_S = 0.200
NVM_PAGE_S = 0.003
NVM_PAGES = 16


def scenarios(presses=3000):
    """Every scenario: complete matches against each level and between two players,
    with 5 and 6 colours, one whose rounds are each reviewed, the hardest again on a
    firmware without terminalio and vectorio, the lesson with its coach, and fuzzes of
    random presses with power cuts."""
    found = []
    for colors in (5, 6):
        for level in ("easy", "normal", "hard"):
            found.append(cp.Scenario("match", "ai", level, colors, seed=colors))
        found.append(cp.Scenario("match", "duel", "normal", colors, seed=colors))
    found.append(cp.Scenario("match", "ai", "hard", 6, seed=6,
                             without=("terminalio", "vectorio")))
    found.append(cp.Scenario("review", "ai", "hard", 6, seed=7))
    found.append(cp.Scenario("lesson", "ai", "easy", 5, rounds=1, seed=3))
    found.append(cp.Scenario("fuzz", "ai", "hard", 6, rounds=1, seed=11, presses=presses))
    found.append(cp.Scenario("fuzz", "duel", "normal", 6, rounds=1, seed=14, presses=presses))
    found.append(cp.Scenario("fuzz", "ai", "normal", 5, rounds=3, seed=13, presses=presses,
                             board_id="pygamer"))
    return found


def game_names(figures):
    """The names the game interned in a run (the rig's own taken off)."""
    return figures["names"] - figures["rig_names"]


def needed(drive, scenario):
    """(bytes the game needs, bytes it held live at most, the Result where it
    held that, the heaps above in KB where it failed all the same), from
    ``drive``.

    The live heap is the roomy run's (where every save is written and every
    sound plays; in the least heap a save that must grow is skipped)."""
    heap_kb, result, failed, roomy = cp.smallest_heap(drive, scenario)
    return heap_kb * KB - result.figures["base"], roomy.figures["live"], roomy, failed


class Threads:
    """``map`` over ``jobs`` daemon threads, in order. Unlike a ThreadPoolExecutor,
    whose threads Python waits for at exit (each busy with a scenario's many runs for
    minutes), a Ctrl-C ends the whole measurement at once."""

    def __init__(self, jobs):
        self.jobs = jobs

    def map(self, function, items):
        items = list(items)
        results = [None] * len(items)
        pending = queue.Queue()
        for job in enumerate(items):
            pending.put(job)
        done = queue.Queue()

        def work():
            while True:
                try:
                    index, item = pending.get_nowait()
                except queue.Empty:
                    return
                try:
                    done.put((index, True, function(item)))
                except Exception as error:  # said in the main thread, as map would
                    done.put((index, False, error))
        for _ in range(min(self.jobs, len(items))):
            threading.Thread(target=work, daemon=True).start()
        for _ in items:
            index, ok, result = done.get()
            if not ok:
                raise result
            results[index] = result
        return results


def compile_need(path):
    """Bytes the board needs to compile the source file ``path`` (the text excluded)."""
    with open(path, "rb") as file:
        size = len(file.read())
    script = ("import gc\ns = open(%r).read()\ngc.collect()\ncompile(s, %r, 'exec')"
              % (path, os.path.basename(path)))
    if cp.run(["-c", script], 256).returncode:
        raise RuntimeError("%s does not compile on CircuitPython" % path)
    heap_kb, _ = cp.least_heap(lambda kb: cp.run(["-c", script], kb).returncode == 0, 4, 256)
    return (heap_kb - startup_kb()) * KB - size


_startup = []  # see startup_kb


def startup_kb():
    """The heap the interpreter takes before a script's first line (measured once)."""
    if not _startup:
        _startup.append(cp.least_heap(
            lambda kb: cp.run(["-c", "s = ''"], kb).returncode == 0, 1, 64)[0])
    return _startup[0]


def game_modules():
    """The lostcities modules the board runs: {drive path: source path}."""
    from host_sim.tools import bundle
    return {path: source for path, source in bundle.game_files().items()
            if path.endswith(".py") and path != bundle.ENTRY}


def report(presses=3000, jobs=2):
    """Print every figure; return 1 if one is over the tests' bound."""
    try:
        cp.find_interpreter()
    except cp.CircuitPythonUnavailable as err:
        print("board memory: skipped: %s" % err)
        return 0
    over = []
    pool = Threads(jobs)
    # Ctrl-C stops the run at once: the folder's removal must not wait for the interpreters
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as scratch:
        drives = {kind: cp.make_drive(os.path.join(scratch, kind), mpy=kind == "mpy")
                  for kind, _ in DRIVES}
        found = scenarios(presses)
        print("The board's heap, measured on %s (%s)"
              % (cp.run(["-c", "import sys; print(sys.version.split('; ')[1])"], 64)
                 .stdout.strip(), cp.find_interpreter()))
        print("needed: the smallest -X heapsize the scenario passes in, less what the"
              " stand-ins hold live; live: the most the game held live (KB)\n")
        print("%-44s %-9s %-9s %-9s %-9s %s" % ("scenario", "needed", "", "live", "", ""))
        print("%-44s %-9s %-9s %-9s %-9s %s" % ("", ".mpy", ".py", ".mpy", ".py", "peak at"))
        figures = {kind: list(pool.map(lambda s, d=drives[kind]: needed(d, s), found))
                   for kind, _ in DRIVES}
        base = figures["mpy"][0][2].figures["base"]
        islands = []
        for i, scenario in enumerate(found):
            mpy, py = figures["mpy"][i], figures["py"][i]
            print("%-44s %-9s %-9s %-9.1f %-9.1f %s" % (
                scenario.name, "%.1f%s" % (mpy[0] / KB, "*" if mpy[3] else ""),
                "%.1f%s" % (py[0] / KB, "*" if py[3] else ""), mpy[1] / KB, py[1] / KB,
                mpy[2].figures["peak_screen"]))
            for kind, what in DRIVES:
                if figures[kind][i][3]:
                    islands.append("%s, %s: %s" % (scenario.name, what, ", ".join(
                        "%.1f" % ((kb * KB - base) / KB) for kb in figures[kind][i][3])))
        if islands:
            print("\n* it failed all the same with a little more heap, where a big allocation found"
                  " no piece of its size (KB, as needed):\n  " + "\n  ".join(islands))
        print("\n(the stand-ins and the rig hold %.1f KB live; the fuzzes cut the power and tear"
              " NVM writes: %s)" % (base / KB, ", ".join(
                  "%d boots, %d torn" % (r[2].figures["boots"], r[2].figures["torn"])
                  for r in figures["mpy"] if r[2].figures["cuts"] or r[2].figures["torn"])))
        names = {kind: max(game_names(f[2].figures) for f in figures[kind]) for kind, _ in DRIVES}
        print("(the game interns %d names at most from the bundle and %d from .py sources, %s"
              " its goal of %d: six tables hold 1,260 names, the seventh takes 7.7 KB at once)"
              % (names["mpy"], names["py"],
                 "within" if max(names.values()) <= GAME_NAMES else "OVER", GAME_NAMES))
        worst = {kind: max(f[0] for f in figures[kind]) for kind, _ in DRIVES}
        live = {kind: max(f[1] for f in figures[kind]) for kind, _ in DRIVES}
        for key, value, what in (("mpy", worst["mpy"], "the bundle needs"),
                                 ("py", worst["py"], ".py sources need"),
                                 ("live", live["mpy"], "the bundle's live heap peaks at"),
                                 ("live py", live["py"], ".py sources' live heap peaks at")):
            print("%-26s %6.1f KB  %s" % (what, value / KB, verdict(key, value)))
            if value > BOUNDS[key]:
                over.append(key)
        report_writes(found, figures["mpy"], drives["mpy"], jobs)
        times = {kind: board_times(drives[kind]) for kind, _ in DRIVES}
        print("\nThe board's speed, measured beside the boot's timing (published timings of"
              " real boards, their scripts run here):")
        print("\n".join(times["mpy"]["boot"].factor.lines()))
        report_times(times)
        modules = game_modules()
        compiled = dict(zip(modules, pool.map(compile_need, modules.values())))
    print("\nCompiling each module on the board (.py sources), KB:")
    for path in sorted(compiled, key=compiled.get, reverse=True):
        print("  %-34s %5.1f  %s" % (path, compiled[path] / KB,
                                     verdict("compile", compiled[path])))
    if max(compiled.values()) > BOUNDS["compile"]:
        over.append("compile")
    return 1 if over else 0


FLASH_GOALS = {"ai": 10, "duel": 33}  # a 3-round match's writes with the default Resume
FLASH_HEAP_KB = 256  # roomy: every save is written


def flash_scenarios():
    """The matches whose writes are counted for each Resume setting: 3 rounds
    against `hard` and between two players, 5 colours, at a person's pace
    (board_rig.py: presses.think_ms)."""
    from lostcities import RESUMES
    return [(resume, cp.Scenario("match", mode, "hard", 5, seed=5, resume=resume))
            for resume in RESUMES for mode in ("ai", "duel")]


def flash_writes(drive, jobs=2):
    """[(Resume setting, Scenario, NVM writes, people's moves)] on the board's
    interpreter: each match played once in a roomy heap."""
    found = flash_scenarios()

    def writes(item):
        result = cp.run_scenario(drive, item[1], FLASH_HEAP_KB)
        if not result.ok:
            raise RuntimeError("%s failed: %s" % (item[1].name, result.reason))
        return result.figures["nvm_writes"], result.figures["player_moves"]
    return [(resume, scenario) + counts
            for (resume, scenario), counts in zip(found, Threads(jobs).map(writes, found))]


def report_writes(found, figures, drive=None, jobs=2):
    """Print the NVM writes of a complete match at a person's pace: for each
    Resume setting (with ``drive``), then each memory scenario's (the default)."""
    from lostcities import RESUME_WORDS, RESUMES
    from lostcities.saves.layout import RATED_WRITES
    print("\nThe board's flash: NVM writes of a complete match at a person's pace (each erases"
          " its 8 KB block;\n%d erases rated; the rig thinks 2 s to 3 min before a move)"
          % RATED_WRITES)
    print("  %-52s %7s %14s %9s  %s" % ("", "writes", "players' moves", "goal",
                                        "matches in %d erases" % RATED_WRITES))
    rows = []
    if drive is not None:
        for resume, scenario, writes, moves in flash_writes(drive, jobs):
            goal = FLASH_GOALS[scenario.mode] if resume == RESUMES[0] else None
            rows.append(("%s, Resume %s" % (scenario.name, RESUME_WORDS[RESUMES.index(resume)]),
                         writes, moves, goal))
    for scenario, (_, _, result, _) in zip(found, figures):
        if scenario.kind == "match" and scenario.rounds == 3:
            rows.append((scenario.name, result.figures["nvm_writes"],
                         result.figures["player_moves"], FLASH_GOALS[scenario.mode]))
    for name, writes, moves, goal in rows:
        print("  %-52s %7d %14d %9s  %d" % (
            name, writes, moves, "" if goal is None else ("<= %d" % goal) if writes <= goal
            else "OVER %d" % goal, RATED_WRITES // max(writes, 1)))


class Wait:
    """One wait of the timing rig: the pixels its picture changed, the NVM
    writes made before it, its Python time here in each round, and the factor
    of the calibration run between the same rounds (host_sim/tools/calibration.py)."""

    def __init__(self, pixels):
        self.pixels = pixels
        self.writes = 0
        self.rounds = []  # seconds here, a round each
        self.factor = None

    def python_s(self):
        """The fastest round's Python time here: a busy machine only adds."""
        return min(self.rounds)

    def board_python_s(self):
        """``(low, high)`` seconds of Python on the board."""
        return self.factor.board_s(self.python_s())

    def board_s(self):
        """``(low, high)`` seconds a player waits on the board for the picture:
        Python, then the refresh, and the saves made before it."""
        low, high = self.board_python_s()
        rest = refresh_s(self.pixels) + save_s(self.writes)
        return low + rest, high + rest


def anchor_files(folder):
    """The calibration's scripts written into ``folder``, for the timing rig."""
    from host_sim.tools import calibration
    paths = []
    for index, script in enumerate(calibration.scripts()):
        paths.append(os.path.join(folder, "anchor%d.py" % index))
        with open(paths[-1], "w") as file:
            file.write(script)
    return paths


def board_times(drive):
    """{what: Wait} for a drive: its boot (the whole title drawn), then each
    press of the timing rig, each beside the calibration measured with it."""
    from host_sim.tools import calibration
    scripts = anchor_files(os.path.dirname(os.path.abspath(drive)))

    def run(what, heap_kb=TIMING_HEAP_KB):
        done = cp.run([TIMING_RIG, what] + scripts, heap_kb, cwd=drive)
        if done.returncode:
            raise RuntimeError("the timing rig failed: %s" % (
                done.stderr or done.stdout)[-2000:])
        return [line.split(" ") for line in done.stdout.strip().splitlines()]

    def fastest(lines, anchors):
        """``anchors`` ({index: seconds}) with the rig's ``anchor`` lines, the
        fastest of each script kept."""
        for line in lines:
            if line[0] == "anchor":
                seconds = int(line[-1]) / 1e6
                index = int(line[-2])
                anchors[index] = min(anchors.get(index, seconds), seconds)
        return anchors

    def boots(what):
        """``{name: Wait}`` of BOOTS fresh processes, each timed to the
        title's picture ("boot"), and what follows it ("continue")."""
        waits = {}
        anchors = {}
        for _ in range(BOOTS):
            lines = run(what)
            for line in lines:
                if line[0] != "anchor":
                    wait = waits.setdefault(line[0], Wait(SCREEN_PIXELS))
                    wait.rounds.append(int(line[1]) / 1e6)
                    wait.writes = max(wait.writes, int(line[2]) if len(line) > 2 else 0)
            fastest(lines, anchors)
        factor = calibration.factor_of([anchors[at] for at in sorted(anchors)])
        for wait in waits.values():
            wait.factor = factor
        return waits

    times = {"boot": boots("boot")["boot"]}
    image = os.path.join(os.path.dirname(scripts[0]), "saved-match.nvm")
    run("save=" + image)
    saved = boots("boot=" + image)
    times[SAVED_BOOT] = saved["boot"]
    for line in run("pixels", PIXELS_HEAP_KB):
        times[" ".join(line[:-2])] = Wait(int(line[-2]))
    saved["continue"].pixels = times["title>table (continue)"].pixels  # the same picture
    times[FIRST_CONTINUE] = saved["continue"]
    lines = run("presses")
    anchors = fastest(lines, {})
    factor = calibration.factor_of([anchors[at] for at in sorted(anchors)])
    for line in lines:
        if line[0] == "press":
            wait = times[" ".join(line[2:-2])]
            wait.writes = max(wait.writes, int(line[-1]))
            wait.rounds.append(int(line[-2]) / 1e6)
            wait.factor = factor
    return times


def refresh_s(pixels):
    """Seconds to send ``pixels`` to the panel."""
    return pixels * 16.0 / SPI_HZ


def save_s(writes):
    """Seconds the NVM takes for ``writes`` saves, at most."""
    return writes * (NVM_ERASE_S + NVM_PAGES * NVM_PAGE_S)


def time_goal(name):
    """The goal in seconds on the board of a figure of board_times()."""
    for start, goal in TIME_GOALS:
        if name.startswith(start):
            return goal
    raise KeyError(name)


def report_times(times):
    """Print what each wait takes on the board against its goal, at the factor's
    high end (figures to watch: a shared machine's noise moves them, if less
    since each round carries its own factor)."""
    factors = [wait.factor for waits in times.values() for wait in waits.values()]
    print("\nTime on the board: Python (this interpreter's time in a %d KB heap, the fastest of"
          " %d rounds, by the factor\nmeasured between the same rounds in the same process,"
          " the fastest of each script: x%.0f-%.0f (%s)\nto x%.0f-%.0f (%s) in this run) + the"
          " refresh (the pixels changed, 16 bits each at %d MHz SPI)\n+ the saves before the"
          " picture (%d ms each: the NVM block erased, %d pages written),\nagainst the goal at"
          " the high end"
          % (TIMING_HEAP_KB, ROUNDS, min(f.low for f in factors), max(f.low for f in factors),
             factors[0].low_anchor, min(f.high for f in factors),
             max(f.high for f in factors), factors[0].high_anchor, SPI_HZ // 1000000,
             save_s(1) * 1000, NVM_PAGES))
    print("  %-38s %-9s %-8s %-15s %-8s %-6s %-15s %s" % (
        "", "", "here ms", "Python", "refresh", "saves", "in all", "goal"))
    first = next(iter(times))
    for name in times[first]:
        goal = time_goal(name)
        for kind in times:
            wait = times[kind][name]
            low, high = wait.board_python_s()
            total_low, total_high = wait.board_s()
            verdict_text = ("within %.2f s" if total_high <= goal else "OVER %.2f s") % goal
            if total_high > goal >= total_high - save_s(wait.writes):
                verdict_text += " (within it but for the save before the picture)"
            print("  %-38s %-9s %-8.3f %-15s %-8s %-6d %-15s %s" % (
                ("power-on to the title" if name == "boot" else name) if kind == first else "",
                kind, wait.python_s() * 1000, "%.3f-%.3f s" % (low, high), "%.3f s" % refresh_s(wait.pixels),
                wait.writes, "%.3f-%.3f s" % (total_low, total_high), verdict_text))


def verdict(key, value):
    """How a figure stands against its goal (and the tests' bound)."""
    if value <= BUDGETS[key]:
        return "within the goal of %d KB" % (BUDGETS[key] // KB)
    return "OVER the goal of %d KB by %.1f KB%s" % (
        BUDGETS[key] // KB, (value - BUDGETS[key]) / KB,
        "" if value <= BOUNDS[key] else ", and over the tests' bound")
