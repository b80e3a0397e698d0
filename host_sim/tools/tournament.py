"""``python -m host_sim tournament A B --deals N``: measure two players.

Mirrored deals: each shuffled deal is played twice, one round each, with the
seats and the hands swapped, so the luck of the deal cancels out. Deals run
in parallel over the machine's cores. The AIs use their fixed iteration cap
(no clock), so a tournament is reproducible for a seed.

``python -m host_sim tournament A --pool --deals N`` plays A against every
sound reference player (``protocol.POOL``) and prints one table: the mean
difference per opponent with its 95% interval, and the mean over the pool.

``python -m host_sim tournament --ladder --deals N`` plays the lowest AI level
against ``random`` and each level against the one below, and prints each
step against its goal (``LADDER_GOAL``).

Deals are made as they are played and each is added to a ``Tally`` as it
ends (its records written at once), so a long tournament holds a few bytes a
deal, and Ctrl-C still reports (and keeps) every deal that finished.
"""

import argparse
import array
import collections
import json
import math
import multiprocessing
import multiprocessing.util
import os
import re
import signal
import statistics
import sys

from host_sim import INTERRUPTED, counted, number_in
from host_sim.tools import png_file, protocol
from lostcities import ai, rules
from lostcities.rng import Rng

_specs = None  # per worker process: the two players' names and the bot timeout
_players = None  # and the two players, made on first use
_forfeited = None  # and the pool's Event, set once a deal is forfeited: the rest are skipped
# More is a slip of the keyboard: a million deals narrow the 95% interval to under 0.1
# points a round. Each process holds its own players, so --jobs is bounded too.
MAX_DEALS = 1000000
MAX_JOBS = 64
PLOT_SOURCE = "python -m host_sim tournament --plot"  # in the PNG: marks a plot as ours
RECORD_NAME = "deal%04d-%d.txt"  # a deal's round 1 and 2, in --record DIR
# Issue 26: each AI level beats the one below by this much a round, the lowest beats
# random clearly (by the lower bound at least), the top level makes TOP_GOAL against
# every sound reference player
LADDER_GOAL = (10, 45)
TOP_GOAL = 35
NOT_ENOUGH = "not enough deals"  # a step's verdict when its interval crosses a bound of its goal


def _deal(seed, index, colors):
    """Deal ``index`` of a tournament: both hands, the deck, the starting player."""
    rng = Rng(seed * 1000003 + index)
    state = rules.deal(rng, colors, rng.randbelow(2))
    return state.hand(0), state.hand(1), state.deck(), state.to_move


def _start_worker(specs, timeout, forfeited=None):
    global _specs, _players, _forfeited
    _specs = (specs, timeout)
    _players = None
    _forfeited = forfeited
    if forfeited is not None:  # a pool's worker: Pool.terminate ends it with SIGTERM
        signal.signal(signal.SIGTERM, _stop_worker)
        # Ctrl-C reaches the whole process group: the parent alone answers it (a
        # worker would print its traceback), and ends the workers and their bots
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        # and a worker the pool lets end closes its bots as it goes
        multiprocessing.util.Finalize(None, _close_players, exitpriority=10)


def _close_players():
    global _players
    for player in _players or ():
        player.close()
    _players = None


def _stop_worker(signum, frame):
    """Pool.terminate: kill the bots and go. Closing them politely here could
    wait forever on a lock held by the frame the signal interrupted (seen: a
    worker hung in Popen.wait, its bot a zombie, and the suite with it)."""
    signal.signal(signal.SIGTERM, signal.SIG_IGN)  # one stop at a time
    for player in _players or ():
        player.kill()
    os._exit(1)


def _make_players():
    """The worker's two players; a bot that cannot start forfeits."""
    global _players
    if _players is None:
        specs, timeout = _specs
        made = []
        for side, spec in enumerate(specs):
            try:
                made.append(protocol.make_player(spec, timeout))
            except protocol.BotError as error:
                for player in made:
                    player.close()
                raise protocol.Forfeit(side, str(error))
        _players = made
    return _players


def play_deal(seed, index, colors, record=False):
    """Both rounds of one deal: a list of two round results (A's view first)."""
    hand1, hand2, deck, start = _deal(seed, index, colors)
    try:
        players = _make_players()
    except protocol.Forfeit as forfeit:
        return {"forfeit": "ab"[forfeit.player], "reason": forfeit.reason, "deal": index,
                "mirror": 0}
    results = []
    for mirror in (0, 1):
        seats = (players[0], players[1]) if mirror == 0 else (players[1], players[0])
        for side, player in enumerate(seats):
            player.rng = Rng((seed * 1000003 + index) * 4 + mirror * 2 + side)
        match = rules.Match(colors, 1)
        match.start_round(hand1, hand2, deck, start)
        times = ([], [])
        try:
            scores = protocol.play_round(match, seats, times)
        except protocol.Forfeit as forfeit:
            side = forfeit.player if mirror == 0 else 1 - forfeit.player
            return {"forfeit": "ab"[side], "reason": forfeit.reason, "deal": index,
                    "mirror": mirror}
        a, b = (0, 1) if mirror == 0 else (1, 0)
        results.append({
            "a": scores[a], "b": scores[b], "turns": match.state.turns,
            "a_ms": times[a], "b_ms": times[b],
            "record": _record(match) if record else None})
    return results


def _record(match):
    from host_sim.records.record import write_record
    return write_record(match)


def _work(job):
    """``(index, the deal's results)``; once any deal is forfeited, ``(index, None)``."""
    seed, index, colors, record = job
    if _forfeited is not None and _forfeited.is_set():
        return index, None
    outcome = play_deal(seed, index, colors, record)
    if isinstance(outcome, dict) and _forfeited is not None:
        _forfeited.set()
    return index, outcome


class Tally:
    """The figures of the deals played so far, added deal by deal.

    Kept small whatever the number of deals: per deal one difference (for
    the interval and the plot); sums and counts for the rest, the decision
    times counted by the microsecond (for their medians)."""

    def __init__(self):
        self.diffs = array.array("d")  # per deal: A's mean points per round minus B's
        self.sums = [0, 0]  # A's and B's round scores
        self.wins = [0, 0, 0]  # rounds won by A, by B, tied
        self.times = (collections.Counter(), collections.Counter())  # microseconds: count
        self.max_turns = 0
        self.interrupted = False  # Ctrl-C ended the run: these are the deals finished

    def __len__(self):
        return len(self.diffs)

    def add(self, rounds):
        """One deal's two round results (A's view first)."""
        self.diffs.append(sum(r["a"] - r["b"] for r in rounds) / len(rounds))
        for r in rounds:
            self.sums[0] += r["a"]
            self.sums[1] += r["b"]
            self.wins[0 if r["a"] > r["b"] else 1 if r["b"] > r["a"] else 2] += 1
            self.max_turns = max(self.max_turns, r["turns"])
            for counts, times in zip(self.times, (r["a_ms"], r["b_ms"])):
                counts.update(round(ms * 1000) for ms in times)


def summarize(a, b, tally):
    """The figures of a tournament from its tally."""
    deals = len(tally)
    rounds = sum(tally.wins)
    mean = math.fsum(tally.diffs) / deals
    half = 1.96 * statistics.stdev(tally.diffs) / math.sqrt(deals) if deals > 1 else 0.0
    a_us, b_us = tally.times
    return {
        "a": a, "b": b, "deals": deals, "rounds": rounds,
        "diff_mean": round(mean, 2), "diff_ci95": [round(mean - half, 2), round(mean + half, 2)],
        "a_wins": tally.wins[0], "b_wins": tally.wins[1], "ties": tally.wins[2],
        "a_mean": round(tally.sums[0] / rounds, 2), "b_mean": round(tally.sums[1] / rounds, 2),
        "a_ms_median": round(_median(a_us) / 1000, 3), "a_ms_max": round(max(a_us) / 1000, 3),
        "b_ms_median": round(_median(b_us) / 1000, 3), "b_ms_max": round(max(b_us) / 1000, 3),
        "max_turns": tally.max_turns,
    }


def _median(counts):
    """The median of the values counted in ``counts`` ({value: how many times})."""
    total = sum(counts.values())
    middle = [(total - 1) // 2, total // 2]  # the one or two values in the middle
    found = []
    seen = 0
    for value in sorted(counts):
        seen += counts[value]
        while len(found) < 2 and seen > middle[len(found)]:
            found.append(value)
        if len(found) == 2:
            break
    return (found[0] + found[1]) / 2


def report(figures):
    """The figures as a few lines for a person."""
    a, b = figures["a"], figures["b"]
    low, high = figures["diff_ci95"]
    return "\n".join([
        "%s vs %s: %s, %s" % (a, b, counted(figures["deals"], "mirrored deal"),
                              counted(figures["rounds"], "round")),
        "mean difference %s - %s: %+.1f points per round (95%% CI %+.1f .. %+.1f)" % (
            a, b, figures["diff_mean"], low, high),
        "rounds won: %s %d, %s %d, ties %d" % (
            a, figures["a_wins"], b, figures["b_wins"], figures["ties"]),
        "mean round score: %s %.1f, %s %.1f" % (a, figures["a_mean"], b, figures["b_mean"]),
        "decision time per move: %s median %.2f ms, max %.1f ms; %s median %.2f ms, max %.1f ms"
        % (a, figures["a_ms_median"], figures["a_ms_max"],
           b, figures["b_ms_median"], figures["b_ms_max"]),
        "longest round: %s" % counted(figures["max_turns"], "turn"),
    ])


def plot(figures, diffs, path):
    """A histogram of the per-deal differences, written to ``path``."""
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib import pyplot

    figure, axes = pyplot.subplots(figsize=(7, 4))
    axes.hist(diffs, bins=min(40, max(5, len(diffs) // 10)), color="#4a7ebb")
    axes.axvline(0, color="black", linewidth=0.8)
    axes.axvline(figures["diff_mean"], color="#c0392b", linestyle="--",
                 label="mean %+.1f" % figures["diff_mean"])
    axes.set_xlabel("points per round, %s - %s (per mirrored deal)" % (
        figures["a"], figures["b"]))
    axes.set_ylabel("deals")
    axes.set_title("%s vs %s, %s" % (figures["a"], figures["b"],
                                     counted(figures["deals"], "deal")))
    axes.legend()
    figure.tight_layout()
    figure.savefig(path, format="png", metadata={"Source": PLOT_SOURCE})
    pyplot.close(figure)


def pool_figures(a, figures):
    """One player's figures against each reference player, and the mean over the pool.

    The pool's mean weighs every opponent alike; its interval combines theirs
    (the matches are independent).
    """
    means = [f["diff_mean"] for f in figures]
    halves = [(f["diff_ci95"][1] - f["diff_ci95"][0]) / 2 for f in figures]
    mean = statistics.fmean(means)
    half = math.sqrt(sum(h * h for h in halves)) / len(halves)
    return {"player": a, "deals": figures[0]["deals"], "opponents": figures,
            "pool_mean": round(mean, 2),
            "pool_ci95": [round(mean - half, 2), round(mean + half, 2)]}


def report_pool(pool):
    """The pool's figures as one table for a person."""
    a = pool["player"]
    lines = ["%s against the reference pool: %s per opponent" % (
                 a, counted(pool["deals"], "mirrored deal")),
             "  %-15s %9s   %-17s %s" % ("opponent", "mean", "95% interval", "rounds won")]
    for f in pool["opponents"]:
        low, high = f["diff_ci95"]
        lines.append("  %-15s %+9.1f   %+6.1f .. %+6.1f   %d of %d" % (
            f["b"], f["diff_mean"], low, high, f["a_wins"], f["rounds"]))
    low, high = pool["pool_ci95"]
    lines.append("  %-15s %+9.1f   %+6.1f .. %+6.1f" % ("pool mean", pool["pool_mean"], low, high))
    lines.append("(points per round, %s minus the opponent)" % a)
    if a == ai.LEVELS[-1]:  # the top level has a goal against each of them
        met = [f["b"] for f in pool["opponents"] if f["diff_mean"] >= TOP_GOAL]
        lines.append("goal for the top level: %+d against every sound player: met against"
                     " %d of %d%s" % (TOP_GOAL, len(met), len(pool["opponents"]),
                                      " (%s)" % ", ".join(met) if met else ""))
    return "\n".join(lines)


def ladder_steps(levels):
    """``[(a, b, low, high), ...]``: the ladder's steps, each A against the B below it
    with its goal (``high`` None: no upper bound), the lowest level against random first."""
    steps = [(levels[0], "random", LADDER_GOAL[0], None)]
    for below, above in zip(levels, levels[1:]):
        steps.append((above, below) + LADDER_GOAL)
    return steps


def ladder_verdict(figures, low, high):
    """The step's 95% interval against its goal ``low`` .. ``high`` (None: no upper
    bound): ``"met"`` if it lies inside the goal, ``"too small"`` or ``"too large"`` if
    it lies wholly below or above it, else ``"not enough deals"`` (and with one deal,
    which has no interval)."""
    ci_low, ci_high = figures["diff_ci95"]
    if figures.get("deals", 2) < 2:
        return NOT_ENOUGH
    if ci_high < low:
        return "too small"
    if high is not None and ci_low > high:
        return "too large"
    if ci_low >= low and (high is None or ci_high <= high):
        return "met"
    return NOT_ENOUGH


def report_ladder(steps, deals):
    """The ladder's steps (``[(figures, low, high), ...]``) as one table for a person."""
    lines = ["AI ladder: %s per step" % counted(deals, "mirrored deal"),
             "  %-17s %8s   %-17s %-13s %s" % ("step", "mean", "95% interval", "goal",
                                              "verdict")]
    for figures, low, high in steps:
        ci_low, ci_high = figures["diff_ci95"]
        goal = "%+d .. %+d" % (low, high) if high is not None else "above %+d" % low
        interval = ("%+6.1f .. %+6.1f" % (ci_low, ci_high) if figures["deals"] > 1
                    else "none (1 deal)")
        lines.append("  %-17s %+8.1f   %-17s %-13s %s" % (
            "%s - %s" % (figures["a"], figures["b"]), figures["diff_mean"], interval,
            goal, ladder_verdict(figures, low, high)))
    verdicts = [ladder_verdict(f, low, high) for f, low, high in steps]
    unsure = verdicts.count(NOT_ENOUGH)
    lines.append("(points per round, each level minus the one below: %d of %d steps met%s)"
                 % (verdicts.count("met"), len(steps), "; %d need%s more deals to judge" % (
                     unsure, "s" if unsure == 1 else "") if unsure else ""))
    return "\n".join(lines)


class Progress:
    """A one-line progress bar on stderr."""

    def __init__(self, total, stream=None, width=30):
        self.total = total
        self.stream = stream or sys.stderr
        self.width = width
        self.done = 0
        self.open = False  # a bar is drawn and its line not ended

    def step(self):
        self.done += 1
        filled = self.width * self.done // self.total
        if filled == self.width * (self.done - 1) // self.total and self.done < self.total:
            return  # redraw only when the bar grows
        self.stream.write("\r[%s%s] %d/%d deals" % (
            "#" * filled, "." * (self.width - filled), self.done, self.total))
        self.open = self.done < self.total
        if not self.open:
            self.stream.write("\n")
        self.stream.flush()

    def stop(self):
        """End the bar's line where the run stopped short (what follows starts a line)."""
        if self.open:
            self.stream.write("\n")
            self.open = False


def run(a, b, deals, seed=1, colors=5, jobs=None, record=None, timeout=None,
        progress=None):
    """Play the tournament: ``(tally, forfeit)``, ``forfeit`` None or why it stopped.

    The deals are made as they are played. ``record(index, rounds)``, if
    given, takes each deal's results as it ends (with their game records).
    Ctrl-C ends the run with ``tally.interrupted`` set, the deals finished
    counted in the tally; so do SIGINT sent to this process alone (even where
    it was started with SIGINT ignored, as a shell script's ``&`` does) and
    SIGTERM, its workers and bots ended at once."""
    timeout = protocol.DEFAULT_TIMEOUT if timeout is None else timeout
    import threading
    main_thread = threading.current_thread() is threading.main_thread()
    if main_thread:
        previous = {number: signal.signal(number, handler) for number, handler in (
            (signal.SIGINT, signal.default_int_handler), (signal.SIGTERM, _interrupt))}
    jobs = max(1, min(jobs or os.cpu_count() or 1, deals))
    work = ((seed, index, colors, record is not None) for index in range(deals))
    tally = Tally()
    if jobs == 1:
        _start_worker((a, b), timeout)
        outcomes = map(_work, work)
        pool = None
    else:
        # spawn, not fork: a fork of a process with threads (a bot's reader,
        # the caller's own) can deadlock in the child
        context = multiprocessing.get_context("spawn")
        if main_thread:  # the workers start with Ctrl-C ignored, as it stays for them
            signal.signal(signal.SIGINT, signal.SIG_IGN)  # (_start_worker): one still
        try:  # importing would print its traceback
            pool = context.Pool(jobs, _start_worker, ((a, b), timeout, context.Event()))
        finally:
            if main_thread:
                signal.signal(signal.SIGINT, signal.default_int_handler)
        # small chunks: a chunk's results come back (and count) only once it is done
        outcomes = pool.imap_unordered(_work, work, chunksize=max(1, min(8, deals // (jobs * 8))))
    forfeit = None
    ended = False
    try:
        for index, outcome in outcomes:
            if isinstance(outcome, dict):
                forfeit = outcome
                break
            if outcome is not None:  # None: skipped after a forfeit
                if record is not None:  # first: a deal counted has its records
                    record(index, outcome)
                tally.add(outcome)
                if progress:
                    progress.step()
        ended = True
    except KeyboardInterrupt:
        tally.interrupted = True
    finally:
        if progress and not ended:
            progress.stop()
        if pool is None:
            _close_players()
        elif ended:
            # the workers end by themselves (after a forfeit they skip the deals
            # left): Pool.terminate's SIGTERM can come just before a worker blocks
            # on the task queue's lock, where its handler never runs, and the
            # join then waits forever (seen); only an interrupted run takes that risk
            pool.close()
            pool.join()
        else:
            pool.terminate()
            pool.join()
        if main_thread:
            for number, handler in previous.items():
                signal.signal(number, handler)
    return tally, forfeit


def _interrupt(signum, frame):
    """SIGTERM, as Ctrl-C: stop, count what finished, and end the workers and bots."""
    raise KeyboardInterrupt


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m host_sim tournament",
        description="Play two AIs or bots on mirrored deals and compare them.")
    names = ", ".join(protocol.player_names())
    parser.add_argument("a", nargs="?", help="player A: %s, or cmd:COMMAND" % names)
    parser.add_argument("b", nargs="?", help="player B, as A (not with --pool)")
    parser.add_argument("--pool", action="store_true",
                        help="play A against every reference player (%s): one table"
                        % ", ".join(protocol.POOL))
    parser.add_argument("--ladder", action="store_true",
                        help="no players: each AI level (%s) against the one below, the"
                        " lowest against random, each step against its goal (%+d .. %+d)"
                        % ((", ".join(ai.LEVELS),) + LADDER_GOAL))
    parser.add_argument("--deals", type=number_in(1, MAX_DEALS), default=100,
                        help="mirrored deals (2 rounds each), at most %d" % MAX_DEALS)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--colors", type=int, choices=(5, 6), default=5)
    parser.add_argument("--jobs", type=number_in(1, MAX_JOBS), default=None,
                        help="processes (default: all cores), at most %d" % MAX_JOBS)
    parser.add_argument("--timeout", type=number_in(0, protocol.MAX_TIMEOUT, float),
                        default=protocol.DEFAULT_TIMEOUT,
                        help="seconds a cmd: bot may take per move (default %g, at most %g)"
                        % (protocol.DEFAULT_TIMEOUT, protocol.MAX_TIMEOUT))
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--plot", metavar="FILE.png", help="histogram of per-deal differences"
                        " (a new file, or a plot this tool made)")
    parser.add_argument("--record", metavar="DIR", help="save every round as a game record"
                        " (in a folder without an earlier run's records)")
    args = parser.parse_args(argv)
    if args.ladder and (args.a or args.pool or args.record or args.plot):
        parser.error("--ladder plays the AI's levels: no players, --pool, --record or --plot")
    if args.ladder:
        return _main_ladder(args)
    if not args.a:
        parser.error("player A is missing (or give --ladder)")
    if args.pool and (args.b or args.record or args.plot):
        parser.error("--pool plays A against the pool: no player B, --record or --plot")
    if not args.pool and not args.b:
        parser.error("player B is missing (or give --pool)")
    for spec in (args.a, args.b) if args.b else (args.a,):
        if not spec.startswith("cmd:") and spec not in protocol.player_names():
            parser.error("unknown player %r (one of %s, or cmd:COMMAND)" % (spec, names))
    problem = check_outputs(args.plot, args.record)  # before playing, not after
    if problem:
        print("tournament: %s" % problem, file=sys.stderr)
        return 2
    if args.pool:
        return _main_pool(args)
    progress = Progress(args.deals)
    try:
        tally, forfeit = run(args.a, args.b, args.deals, args.seed, args.colors, args.jobs,
                             _recorder(args.record, args.a, args.b) if args.record else None,
                             args.timeout, progress)
    except OSError as error:  # a record that could not be written
        progress.stop()
        print("tournament: cannot write %s: %s" % (error.filename, error.strerror or error),
              file=sys.stderr)
        return 1
    if forfeit:
        name = args.a if forfeit["forfeit"] == "a" else args.b
        print("tournament stopped: %s forfeits deal %d (round %d): %s" % (
            name, forfeit["deal"] + 1, forfeit["mirror"] + 1, forfeit["reason"]),
            file=sys.stderr)
        return 1
    if not tally:
        print("tournament interrupted before a deal finished", file=sys.stderr)
        return INTERRUPTED
    figures = summarize(args.a, args.b, tally)
    if args.json:  # the results first, whatever happens to the files
        print(json.dumps(figures))
    else:
        print(report(figures))
    if tally.interrupted:
        print("tournament interrupted: %d of %d deals finished, counted above%s" % (
            len(tally), args.deals, " (their records are kept)" if args.record else ""),
            file=sys.stderr)
        return INTERRUPTED
    if args.plot:
        try:
            plot(figures, tally.diffs, args.plot)
        except (OSError, ValueError) as error:
            print("tournament: cannot write %s: %s" % (
                args.plot, getattr(error, "strerror", None) or error), file=sys.stderr)
            return 1
    return 0


def check_outputs(plot_path, record_dir):
    """Why ``--plot`` or ``--record`` cannot be written (None if they can).

    Neither overwrites a file of anyone else's, nor an earlier run's records."""
    if plot_path:
        import importlib.util
        if importlib.util.find_spec("matplotlib") is None:
            return ("--plot needs matplotlib, which this Python lacks: make test installs it in"
                    " .venv (make play installs only the game's packages)")
        unwritable = png_file.problem("--plot", plot_path, PLOT_SOURCE)
        if unwritable:
            return unwritable
    if record_dir:
        try:
            os.makedirs(record_dir, exist_ok=True)
        except OSError as error:
            return "--record %s: %s" % (record_dir, error.strerror or error)
        if not os.access(record_dir, os.W_OK):
            return "--record %s: the folder is not writable" % record_dir
        earlier = sorted(name for name in os.listdir(record_dir)
                         if re.fullmatch(r"deal\d+-[12]\.txt", name))
        if earlier:
            return ("--record %s holds an earlier run's records (%s ...): give a new folder"
                    " (they are left as they are)" % (record_dir, earlier[0]))
    return None


def _recorder(folder, a, b):
    """``record(index, rounds)`` for ``run``: a deal's two rounds as game records in ``folder``."""
    def record(index, rounds):
        for mirror, result in enumerate(rounds):
            path = os.path.join(folder, RECORD_NAME % (index + 1, mirror + 1))
            part = path + ".part"  # a Ctrl-C mid-write leaves no record cut short
            try:
                with open(part, "w") as out:
                    out.write("# player 1: %s, player 2: %s\n" % ((a, b)[mirror], (b, a)[mirror]))
                    out.write(result["record"])
                os.replace(part, path)
            except BaseException:
                if os.path.exists(part):
                    os.remove(part)
                raise
    return record


def say_forfeit(a, b, forfeit):
    """The one line on stderr that says which player forfeited where, and why."""
    name = a if forfeit["forfeit"] == "a" else b
    print("tournament stopped: %s forfeits deal %d (round %d) against %s: %s" % (
        name, forfeit["deal"] + 1, forfeit["mirror"] + 1, b, forfeit["reason"]),
        file=sys.stderr)


def _main_pool(args):
    progress = Progress(args.deals * len(protocol.POOL))
    figures = []
    for b in protocol.POOL:
        tally, forfeit = run(args.a, b, args.deals, args.seed, args.colors, args.jobs,
                             None, args.timeout, progress)
        if forfeit:
            say_forfeit(args.a, b, forfeit)
            return 1
        if tally.interrupted:
            break
        figures.append(summarize(args.a, b, tally))
    if figures:
        pool = pool_figures(args.a, figures)
        print(json.dumps(pool) if args.json else report_pool(pool))
    if tally.interrupted:
        print("tournament interrupted: the table counts the %d of %d opponents played out"
              % (len(figures), len(protocol.POOL)), file=sys.stderr)
        return INTERRUPTED
    return 0


def _main_ladder(args):
    steps = ladder_steps(ai.LEVELS)
    progress = Progress(args.deals * len(steps))
    played = []
    for a, b, low, high in steps:
        tally, forfeit = run(a, b, args.deals, args.seed, args.colors, args.jobs,
                             None, args.timeout, progress)
        if forfeit:  # local players only: a bug, said as a tournament says it
            say_forfeit(a, b, forfeit)
            return 1
        if tally.interrupted:
            break
        played.append((summarize(a, b, tally), low, high))
    if played and args.json:
        print(json.dumps({"deals": args.deals, "steps": [
            dict(figures, goal=[low, high], verdict=ladder_verdict(figures, low, high))
            for figures, low, high in played]}))
    elif played:
        print(report_ladder(played, args.deals))
    if tally.interrupted:
        print("tournament interrupted: the table counts the %d of %d steps played out"
              % (len(played), len(steps)), file=sys.stderr)
        return INTERRUPTED
    return 0
