"""``python -m host_sim bench``: the engine's and the AI's speed and memory figures.

Figures to watch, not tests: nothing here passes or fails. Each figure is
measured under CPython and under a real MicroPython (the WebAssembly port run
by node, see host_sim/testing/micropython.py) on the same work (host_sim/testing/workloads.py).
MicroPython there runs about 9x slower than CPython. The AI's decisions are
also timed on CircuitPython's own interpreter, and the board's time is that
times a factor measured in the same run (host_sim/tools/calibration.py), a
range whose ends are named by the published board timings that give them.

Live heap under MicroPython: ``gc.collect()`` then ``gc.mem_alloc()``, read in
a fresh interpreter before and after importing a module or making a State.

The AI's extra live heap during a decision. This port never frees memory
while Python runs: it collects garbage only when control returns to
JavaScript, between two runs. So, with a collection just before the decision
and the decision as one run:

* ``allocated`` = gc.mem_alloc() after the decision minus before, in the same
  run: every byte the decision allocated. The collector freed none of it
  (only the old block of a growing list is released at once), so this is an
  upper bound on the decision's peak extra live heap: the peak it would have
  if the board never collected during the decision.
* ``retained`` = live heap after a collection following the decision, minus
  the live heap before it: what the decision keeps (caches, tables). It should
  be 0.
* ``cpython peak``: the true peak of extra live memory during the decision,
  traced by CPython's tracemalloc. CPython's objects are larger than
  MicroPython's (a list or a bytearray carries about 40 bytes more, and ints
  above 256 are objects there), so this usually overstates MicroPython's
  true peak; it tells how much of ``allocated`` is short-lived garbage.

The true MicroPython peak lies between ``retained`` and ``allocated``; a level
whose ``allocated`` is within budget is within budget for sure.
"""

import argparse
import ast
import os
import statistics
import sys
import tempfile
import time
import tracemalloc

import lostcities
from host_sim import INTERRUPTED, number_in
from lostcities import rules
from lostcities.rng import Rng

from host_sim.testing import circuitpython as cp
from host_sim.testing import workloads
from host_sim.testing.micropython import (
    HOST_SIM, MicroPython, MicroPythonError, MicroPythonUnavailable)

PACKAGE_DIR = os.path.dirname(os.path.abspath(lostcities.__file__))
WORKLOADS = os.path.abspath(workloads.__file__)
ROOT = os.path.dirname(PACKAGE_DIR)
# The budgets: each level's slowest decision on the board, at the
# high end of the calibrated factor, within its BUDGETS_S (else LEVEL_BUDGET_S), and
# at most HEAP_BUDGET bytes allocated by a decision: hard's a wait that feels short
# (on the board its clock, ai.BUDGET_MS, stops a search that would pass it)
BUDGETS_S = {"hard": 1.0}
LEVEL_BUDGET_S = 0.3
HEAP_BUDGET = 4096
MAX_PRESSES = 100000  # a fuzz of --board: some hours

# Each AI decision on the positions, timed and its heap counted with the
# collector off, printed as one "level time_us allocated_bytes" line. The
# time is the fastest of three runs of the same decision: on a shared
# machine the others only add the time other programs took.
CIRCUITPYTHON_TIMING = """\
import gc, sys, time
sys.path[:0] = [%(root)r, %(host_sim)r]
import workloads
from lostcities import ai
from lostcities.rng import Rng
views = workloads.positions(%(count)d, %(colors)d)
def timed(name, level, view, seed):
    fastest = None
    for run in range(3):
        rng = Rng(seed)
        gc.collect()
        gc.disable()
        before = gc.mem_alloc()
        start = time.ticks_us()
        ai.choose_move(view, level, rng)
        elapsed = time.ticks_diff(time.ticks_us(), start)
        allocated = gc.mem_alloc() - before
        gc.enable()
        if fastest is None or elapsed < fastest:
            fastest = elapsed
    print(name, fastest, allocated)
for level in ai.LEVELS:
    for i in range(len(views)):
        timed(level, level, views[i], i)
worst = workloads.worst_endgame(%(colors)d)
for seed in range(3):
    timed("worst hard", "hard", worst, seed)
"""

# The evaluation's own speed (Position.load and best on the positions, microseconds
# a position, the fastest of three passes), a whole round's review for each
# player (workloads.REVIEW_ROUNDS, the fastest of three) and hard's worst case
# (workloads.worst_endgame, three seeds, the fastest of three each), on the board's
# interpreter: "evaluation COLOURS LOAD_US LOAD_AND_BEST_US", "review COLOURS
# MOVES PLAYER US" and "worst COLOURS SEED US" lines. ROOT is the checkout whose
# lostcities is timed (--baseline another's).
BASELINE_MODULES = ("ai.py", "review.py", "evaluation.py")  # what the script imports
# The board's interpreter's scripts time a run by the fastest of three, in microseconds
CIRCUITPYTHON_FASTEST = """\
import gc, time
def fastest(run):
    best = None
    for _ in range(3):
        gc.collect()
        start = time.ticks_us()
        run()
        elapsed = time.ticks_diff(time.ticks_us(), start)
        best = elapsed if best is None or elapsed < best else best
    return best
"""
CIRCUITPYTHON_REVIEW = CIRCUITPYTHON_FASTEST + """\
import sys
sys.path[:0] = [%(root)r, %(host_sim)r]
import workloads
from lostcities import ai, review
from lostcities.evaluation import Position
for colors in (5, 6):
    views = workloads.positions(%(count)d, colors)
    position = Position(colors)
    def load():
        for view in views:
            position.load(view, view.to_move)
    def load_and_best():
        for view in views:
            position.load(view, view.to_move)
            position.best(None, 0)
    print("evaluation", colors, fastest(load) / len(views), fastest(load_and_best) / len(views))
# a review judged while the round was played against the AI: each move in the
# person's next think, the last one left (no think follows it)
def judged(colors, deal, moves, player):
    found = review.Review(colors, deal, moves, player)
    for _ in range(found.total - 1):
        found.judge()
    return found
def selected(colors, deal, moves, player):
    best = None
    for _ in range(3):
        found = judged(colors, deal, moves, player)
        gc.collect()
        start = time.ticks_us()
        found.run()
        elapsed = time.ticks_diff(time.ticks_us(), start)
        best = elapsed if best is None or elapsed < best else best
    return best
def slowest_judged(colors, deal, moves, player):
    fastest_each = []  # each move's judging, the fastest of three
    for _ in range(3):
        found = review.Review(colors, deal, moves, player)
        at = 0
        more = True
        while more:
            gc.collect()
            start = time.ticks_us()
            more = found.judge()
            elapsed = time.ticks_diff(time.ticks_us(), start)
            if at == len(fastest_each):
                fastest_each.append(elapsed)
            fastest_each[at] = min(fastest_each[at], elapsed)
            at += 1
    return max(fastest_each)
for colors, seed in workloads.REVIEW_ROUNDS:
    deal, moves = workloads.ai_round(ai, colors, seed)
    for player in (0, 1):
        print("review", colors, len(moves), player,
              fastest(lambda: review.Review(colors, deal, moves, player).run()))
        if hasattr(review.Review, "judge"):  # (a baseline may judge only as a whole)
            print("selected", colors, len(moves), player, selected(colors, deal, moves, player))
            print("judged", colors, len(moves), player, slowest_judged(colors, deal, moves, player))
from lostcities.rng import Rng
for colors in (5, 6):
    worst = workloads.worst_endgame(colors)
    for seed in range(3):
        print("worst", colors, seed, fastest(lambda: ai.choose_move(worst, "hard", Rng(seed))))
"""
REVIEW_BUDGET_S = 1.5  # a whole round's review on the board: what a player waits for
JUDGED_BUDGET_S = 0.05  # a move judged while the person thinks: a press waits for it at most
# a tick of the pass screen: half the 0.3 s of its press (the table's making, 0.04-0.07 s
# by bench --board, the other half)
PASS_TICK_BUDGET_S = 0.15

# (normal, --quick) repetitions of each measurement.
PLAYOUTS = {"cpython": (400, 40), "micropython": (50, 5)}
COPIES = {"cpython": (200000, 20000), "micropython": (20000, 2000)}
POSITIONS = (40, 6)  # positions per AI level: each decision timed and its heap measured

MICROPYTHON_SETUP = """\
import gc, js, workloads
from lostcities import rules
from lostcities.rng import Rng
now = js.performance.now
"""


def cpython_now():
    return time.perf_counter() * 1000.0


# Engine speed --------------------------------------------------------------

def engine_speed_cpython(quick):
    """``(playouts per second, turns per second, copies per second)``."""
    state = rules.deal(Rng(1), 5, 0)
    count = PLAYOUTS["cpython"][quick]
    start = cpython_now()
    turns = workloads.playouts(state, count, Rng(2))
    elapsed = cpython_now() - start
    copies = COPIES["cpython"][quick]
    start = cpython_now()
    workloads.copies(state, copies)
    copy_elapsed = cpython_now() - start
    return (count * 1000.0 / elapsed, turns * 1000.0 / elapsed,
            copies * 1000.0 / copy_elapsed)


def engine_speed_micropython(interpreter, quick):
    count = PLAYOUTS["micropython"][quick]
    copies = COPIES["micropython"][quick]
    elapsed, turns = interpreter.run(
        "state = rules.deal(Rng(1), 5, 0)\n"
        "start = now()\n"
        "turns = workloads.playouts(state, %d, Rng(2))\n"
        "print(now() - start, turns)\n" % count).split()
    copy_elapsed = interpreter.run(
        "start = now()\n"
        "workloads.copies(state, %d)\n"
        "print(now() - start)\n" % copies)
    elapsed = float(elapsed)
    return (count * 1000.0 / elapsed, int(turns) * 1000.0 / elapsed,
            copies * 1000.0 / float(copy_elapsed))


# Live heap under MicroPython ----------------------------------------------

def heap_figures(with_ai):
    """``[(what, bytes), ...]``: live heap of the imported engine, one State, the AI.

    Measured in a fresh interpreter so that nothing was imported before.
    """
    figures = []
    with MicroPython(copy=(PACKAGE_DIR,)) as interpreter:
        interpreter.run("state = rng = None")
        before = interpreter.live_heap()
        interpreter.run("from lostcities.rules import match as rules\nfrom lostcities.rng import Rng")
        after = interpreter.live_heap()
        figures.append(("imported engine (lostcities.rules, .rng)", after - before))
        interpreter.run("rng = Rng(7)")
        before = interpreter.live_heap()
        interpreter.run("state = rules.deal(rng, 6, 0)")
        figures.append(("one game State (6 colours)", interpreter.live_heap() - before))
        if with_ai:
            before = interpreter.live_heap()
            interpreter.run("from lostcities import ai")
            figures.append(("imported AI (lostcities.ai, with its imports)", interpreter.live_heap() - before))
    return figures


# The AI ----------------------------------------------------------------------

def ai_times_cpython(ai, level, views):
    return workloads.decision_times(ai, level, views, cpython_now)


def ai_times_micropython(interpreter, level):
    return ast.literal_eval(interpreter.run(
        "print(workloads.decision_times(ai, %r, views, now))" % level))


def ai_heap_micropython(interpreter, level, count):
    """``(allocated, retained)`` of the decision on each of ``count`` views (see above)."""
    figures = []
    for i in range(count):
        interpreter.run("view = views[%d]\nrng = Rng(%d)\nmove = None\n"
                        "before = after = 0\ngc.collect()" % (i, i))
        base = int(interpreter.run("print(gc.mem_alloc())"))
        allocated = int(interpreter.run(
            "before = gc.mem_alloc()\n"
            "move = ai.choose_move(view, %r, rng)\n"
            "after = gc.mem_alloc()\n"
            "print(after - before)\n"
            "gc.collect()" % level))
        retained = int(interpreter.run("print(gc.mem_alloc())")) - base
        figures.append((allocated, retained))
    return figures


def ai_peak_cpython(ai, level, views):
    """Traced peak of extra memory of each decision under CPython, in bytes."""
    peaks = []
    tracemalloc.start()
    try:
        for i in range(len(views)):
            rng = Rng(i)
            base = tracemalloc.get_traced_memory()[0]
            tracemalloc.reset_peak()
            ai.choose_move(views[i], level, rng)
            peaks.append(tracemalloc.get_traced_memory()[1] - base)
    finally:
        tracemalloc.stop()
    return peaks


# Report ----------------------------------------------------------------------

def report_engine(interpreter, quick):
    print("Engine                          CPython   MicroPython")
    cpython = engine_speed_cpython(quick)
    micropython = engine_speed_micropython(interpreter, quick) if interpreter else None
    names = ("random playouts per second", "random turns per second",
             "state copies per second")
    for i in range(3):
        print("  %-27s %9.0f  %12s" % (
            names[i], cpython[i], "%.0f" % micropython[i] if micropython else "-"))


def report_heap(with_ai):
    print("\nMicroPython live heap (gc.collect(); gc.mem_alloc(), fresh interpreter)")
    for what, size in heap_figures(with_ai):
        print("  %-46s %6d bytes" % (what, size))


def report_ai(ai, interpreter, quick, colors):
    count = POSITIONS[quick]
    views = workloads.positions(count, colors)
    print("\nAI decision per move: %d positions, %d colours, no clock (full capped work)"
          % (count, colors))
    print("  level      CPython ms        MicroPython ms")
    print("           median     max     median     max")
    if interpreter:
        interpreter.run("from lostcities import ai\n"
                        "views = workloads.positions(%d, %d)\n"
                        "view = rng = move = None\nbefore = after = 0" % (count, colors))
    heaps = {}
    for level in ai.LEVELS:
        cpython = ai_times_cpython(ai, level, views)
        line = "  %-7s %7.2f %7.2f" % (level, statistics.median(cpython), max(cpython))
        if interpreter:
            micropython = ai_times_micropython(interpreter, level)
            line += "    %7.2f %7.2f" % (statistics.median(micropython), max(micropython))
            heaps[level] = ai_heap_micropython(interpreter, level, count)
        print(line)
    print("  (the board's CircuitPython: about 150-350x the CPython times)")
    print("\nAI extra heap during one decision, bytes (max over %d decisions; see"
          " 'python -m host_sim bench --help')" % count)
    print("  level    MicroPython allocated  MicroPython retained  CPython peak (tracemalloc)")
    for level in ai.LEVELS:
        peak = max(ai_peak_cpython(ai, level, views))
        if interpreter:
            allocated = max(figure[0] for figure in heaps[level])
            retained = max(figure[1] for figure in heaps[level])
            print("  %-7s %22d %21d %27d" % (level, allocated, retained, peak))
        else:
            print("  %-7s %22s %21s %27d" % (level, "-", "-", peak))
    print("  allocated: every byte the decision allocated (an upper bound on its peak);"
          " retained: kept after it")


def circuitpython_decisions(count, colors):
    """``{level: [(ms, allocated bytes), ...]}`` of each decision under CircuitPython.

    Raises cp.CircuitPythonUnavailable when the interpreter is absent.
    """
    script = CIRCUITPYTHON_TIMING % {"root": ROOT, "host_sim": os.path.dirname(WORKLOADS),
                                     "count": count, "colors": colors}
    result = cp.run(["-c", script], 512)
    if result.returncode:
        raise RuntimeError("CircuitPython failed: %s" % result.stderr.strip()[-500:])
    figures = {}
    for line in result.stdout.split("\n"):
        if line:
            level, elapsed, allocated = line.rsplit(" ", 2)
            figures.setdefault(level, []).append((int(elapsed) / 1000.0, int(allocated)))
    return figures


def report_circuitpython(quick, colors, factor=None):
    """The AI's decisions on the board's interpreter, and on the board by
    ``factor`` (measured now when not given); the factor, or None where the
    interpreter is missing."""
    count = POSITIONS[quick]
    try:
        where = os.path.relpath(cp.find_interpreter())
        factor = factor or report_factor()
        figures = circuitpython_decisions(count, colors)
    except cp.CircuitPythonUnavailable as err:
        print("\nAI decision on CircuitPython's unix port: skipped: %s" % err)
        return None
    print("\nAI decision on CircuitPython's unix port (%s), the same %d positions"
          % (where, count))
    worst = {level: figures.pop("worst " + level) for level in BUDGETS_S}
    print("  level      median ms    max ms   on the board, slowest   allocated bytes (max)"
          "   budget at x%.0f, heap" % factor.high)
    for level, decisions in figures.items():
        slowest = max(ms for ms, _ in decisions)
        allocated = max(allocated for _, allocated in decisions)
        print("  %-7s %11.2f %9.2f %19s %21d   %s" % (
            level, statistics.median(ms for ms, _ in decisions), slowest,
            factor.range_text(slowest / 1000.0), allocated,
            _budget(slowest, factor, budget_s(level), allocated)))
    for level, decisions in worst.items():
        slowest = max(ms for ms, _ in decisions)
        allocated = max(allocated for _, allocated in decisions)
        print("  %s's worst case (workloads.worst_endgame: every move open, the most it may"
              " evaluate):\n    %.2f ms, on the board %s, %d bytes allocated; budget %s" % (
                  level, slowest, factor.range_text(slowest / 1000.0), allocated,
                  _budget(slowest, factor, budget_s(level), allocated)))
    print("  (on the board: x%.0f (%s) to x%.0f (%s) of the interpreter's time)"
          % (factor.low, factor.low_anchor, factor.high, factor.high_anchor))
    return factor


# Between two players, a pass's first tick: the evaluation's modules loaded
# from the bundle's .mpy files (the two players' table lets them go) and its
# Position made, beside what a match holds: "made COLOURS 0 0 US" lines.
CIRCUITPYTHON_MADE = CIRCUITPYTHON_FASTEST + """\
import sys
sys.path[:0] = [%(drive)r]
from lostcities.rules import state, hidden, offsets  # noqa: F401  (a match holds them)
from lostcities import rng  # noqa: F401
def made(colors):
    for name in ("lostcities.evaluation", "lostcities.knowledge"):
        sys.modules.pop(name, None)
    from lostcities.evaluation import Position
    return Position(colors)
for colors in (5, 6):
    print("made", colors, 0, 0, fastest(lambda: made(colors)))
"""


def circuitpython_made():
    """The ``made`` lines of CIRCUITPYTHON_MADE, run on this checkout's bundle;
    "" without CircuitPython's mpy-cross to build it."""
    with tempfile.TemporaryDirectory() as scratch:
        try:
            drive = cp.make_drive(scratch, mpy=True)
        except cp.CircuitPythonUnavailable:
            return ""
        result = cp.run(["-c", CIRCUITPYTHON_MADE % {"drive": drive}], 256)
    if result.returncode:
        raise RuntimeError("CircuitPython failed: %s" % result.stderr.strip()[-500:])
    return result.stdout


def circuitpython_review(root, count):
    """``(evaluation, reviews, worst)`` on CircuitPython with ``root``'s lostcities:
    ``{colours: (load us, load and best us)}``, ``{kind: {(colours, moves): the
    slower player's s}}`` (kind: "review", a whole round's; "selected", what
    SELECT waits for once the round was judged while played; "judged", the
    slowest move judged then; "made", the evaluation made at a pass and
    that slowest move, its moves 0) and ``{colours: hard's slowest worst-case decision s}``.
    Raises cp.CircuitPythonUnavailable without it."""
    script = CIRCUITPYTHON_REVIEW % {"root": root, "host_sim": os.path.dirname(WORKLOADS),
                                     "count": count}
    result = cp.run(["-c", script], 512)
    if result.returncode:
        raise RuntimeError("CircuitPython failed: %s" % result.stderr.strip()[-500:])
    output = result.stdout + (circuitpython_made() if root == ROOT else "")
    evaluation = {}
    reviews = {"review": {}, "selected": {}, "judged": {}, "made": {}}
    worst = {}
    for line in output.split("\n"):
        fields = line.split()
        if fields and fields[0] == "evaluation":
            evaluation[int(fields[1])] = (float(fields[2]), float(fields[3]))
        elif fields and fields[0] in reviews:
            kind = reviews[fields[0]]
            key = (int(fields[1]), int(fields[2]))
            kind[key] = max(kind.get(key, 0), int(fields[4]) / 1e6)
        elif fields and fields[0] == "worst":
            colors = int(fields[1])
            worst[colors] = max(worst.get(colors, 0), int(fields[3]) / 1e6)
    for colors, moves in list(reviews["made"]):  # the pass's first tick judges a move too
        reviews["made"][colors, moves] += max(
            seconds for (judged_colors, _), seconds in reviews["judged"].items()
            if judged_colors == colors)
    return evaluation, reviews, worst


def report_review(quick, factor, baseline=None):
    """The evaluation's speed and a whole round's review on the board's
    interpreter, and on the board by ``factor``; with ``baseline`` (another
    checkout's folder) its figures too, and how many times faster ours are."""
    count = POSITIONS[quick]
    try:
        ours = circuitpython_review(ROOT, count)
        theirs = circuitpython_review(os.path.abspath(baseline), count) if baseline else None
    except cp.CircuitPythonUnavailable as err:
        print("\nThe evaluation and the review on CircuitPython's unix port: skipped: %s" % err)
        return
    against = " (before: %s)" % baseline if baseline else ""
    print("\nThe evaluation on CircuitPython's unix port, microseconds a position (%d"
          " positions)%s" % (count, against))
    for colors, (load, both) in sorted(ours[0].items()):
        line = "  %d colours: load %.1f, best %.1f, load and best %.1f" % (
            colors, load, both - load, both)
        if theirs:
            before_load, before_both = theirs[0][colors]
            line += "; before %.1f, %.1f, %.1f: best x%.2f, load and best x%.2f" % (
                before_load, before_both - before_load, before_both,
                (before_both - before_load) / (both - load), before_both / both)
        print(line)
    rows = (("selected", "What SELECT waits for, the round judged as it was played (against the"
                         " AI a move at each of its turns and while the person is still, between"
                         " two players at each pass): the last move, and the words",
             REVIEW_BUDGET_S),
            ("review", "A whole round's review judged at SELECT: only where the round was"
                       " continued late (its review starts anew) and no one was still since",
             REVIEW_BUDGET_S),
            ("judged", "The slowest move judged: what the AI's turn adds, and a press waits for"
                       " at most", JUDGED_BUDGET_S),
            ("made", "Between two players, a pass's first tick: the evaluation loaded and made,"
                     " and the slowest move judged, which the press taking the device waits for"
                     " at most", PASS_TICK_BUDGET_S))
    for kind, title, goal in rows:
        if not ours[1][kind]:
            continue
        print("\n%s, goal %.2g s at x%.0f%s" % (title, goal, factor.high, against))
        for (colors, moves), seconds in sorted(ours[1][kind].items()):
            line = "  %d colours%s: %.1f ms here, on the board %s: %s" % (
                colors, ", %d moves" % moves if moves else "", seconds * 1000,
                factor.range_text(seconds),
                "met" if factor.board_s(seconds)[1] <= goal else "OVER")
            before = theirs[1][kind].get((colors, moves)) if theirs else None
            if before:
                line += "; before %s, x%.2f" % (factor.range_text(before), before / seconds)
            print(line)
    budget = budget_s("hard")
    print("\nhard's worst case (workloads.worst_endgame, the slowest of three seeds) on the board,"
          " goal %.1f s at x%.0f%s" % (budget, factor.high, against))
    for colors, seconds in sorted(ours[2].items()):
        line = "  %d colours: %.2f ms here, on the board %s: %s" % (
            colors, seconds * 1000, factor.range_text(seconds),
            "met" if factor.board_s(seconds)[1] <= budget else clocked(budget))
        if theirs:
            before = theirs[2][colors]
            line += "; before %s, x%.2f" % (factor.range_text(before), before / seconds)
        print(line)


def report_factor():
    """Measure and print how much slower the board runs Python; the Factor."""
    from host_sim.tools import calibration
    factor = calibration.measure()
    print("\nThe board's speed, measured now: published timings of real boards, their scripts"
          " run here\n(the fastest of %d tries each)" % calibration.TRIES)
    print("\n".join(factor.lines()))
    return factor


def budget_s(level):
    """A level's budget in seconds on the board."""
    return BUDGETS_S.get(level, LEVEL_BUDGET_S)


def _budget(slowest_ms, factor, budget, allocated):
    """A decision's figures against its budget at the factor's high end, in words."""
    met = factor.board_s(slowest_ms / 1000.0)[1] <= budget and allocated <= HEAP_BUDGET
    return "%.1f s, %d bytes: %s" % (budget, HEAP_BUDGET, "met" if met else clocked(budget))


def clocked(budget):
    """A search past its budget on the board: met by the board's clock, which
    stops it at ai.BUDGET_MS (its best move so far played), if that is within."""
    from lostcities import ai
    if ai.BUDGET_MS / 1000.0 < budget:
        return "met by the board's clock, which stops it at %.1f s" % (ai.BUDGET_MS / 1000.0)
    return "OVER"


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m host_sim bench", description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true",
                        help="fewer repetitions: rough figures in a few seconds")
    parser.add_argument("--colors", type=int, choices=(5, 6), default=5,
                        help="colours in the AI's positions (default 5)")
    parser.add_argument("--baseline", metavar="DIR", type=checkout,
                        help="another checkout (e.g. a worktree of main): its evaluation"
                             " and review timed beside ours, with the ratios")
    parser.add_argument("--board", action="store_true",
                        help="the board's memory instead: the whole game on CircuitPython's"
                             " interpreter, per scenario (a few minutes)")
    parser.add_argument("--presses", type=number_in(1, MAX_PRESSES), default=None,
                        help="with --board: random presses in each fuzz (default 3000)")
    args = parser.parse_args(argv)
    if args.presses is not None and not args.board:
        parser.error("--presses counts the fuzzes of --board: give both")
    if args.baseline and args.board:
        parser.error("--baseline times the evaluation beside another checkout, --board the"
                     " board's memory: give one or the other")
    try:
        if args.board:
            from host_sim.tools import board_memory
            return board_memory.report(args.presses or 3000)
        return report(args)
    except KeyboardInterrupt:  # the first Ctrl-C: nothing is left running
        print("\nbench%s interrupted: the figures above are those measured so far"
              % (" --board" if args.board else ""), file=sys.stderr)
        return INTERRUPTED


def checkout(path):
    """``--baseline``'s folder: another checkout of the game, whose evaluation is timed."""
    if not os.path.exists(path):
        raise argparse.ArgumentTypeError("%s: no such folder (give another checkout of the"
                                         " game, e.g. a worktree of main)" % path)
    if not os.path.isdir(path):
        raise argparse.ArgumentTypeError("%s is a file: give the folder of another checkout of"
                                         " the game" % path)
    for needed in BASELINE_MODULES:
        if not os.path.isfile(os.path.join(path, "lostcities", needed)):
            raise argparse.ArgumentTypeError("%s is not a checkout of the game: it has no"
                                             " lostcities/%s" % (path, needed))
    return path


def report(args):
    """The figures of the bench without --board, printed; the exit status."""
    quick = 1 if args.quick else 0
    status = 0
    try:
        from lostcities import ai
        no_ai = None
    except Exception as err:  # a broken ai.py must not hide the engine's figures
        ai, no_ai = None, "lostcities/ai.py fails to import: %s: %s" % (type(err).__name__, err)
        status = 1

    print("Lost Cities bench: figures to watch, not tests%s\n" % (" (--quick)" if quick else ""))
    try:
        interpreter = MicroPython(copy=(PACKAGE_DIR, HOST_SIM, WORKLOADS))
    except MicroPythonUnavailable as err:
        interpreter = None
        print("MicroPython figures skipped: %s\n" % err)
    try:
        if interpreter:
            interpreter.run(MICROPYTHON_SETUP)
        report_engine(interpreter, quick)
        if interpreter:
            report_heap(ai is not None)
        if ai is None:
            print("\nAI figures skipped: %s" % no_ai)
        else:
            report_ai(ai, interpreter, quick, args.colors)
            factor = report_circuitpython(quick, args.colors)
            if factor:
                report_review(quick, factor, args.baseline)
    except MicroPythonError as err:
        print("\nMicroPython failed: %s" % err)
        return 1
    finally:
        if interpreter:
            interpreter.close()
    return status
