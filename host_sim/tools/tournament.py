"""``python -m host_sim tournament A B --deals N``: measure two players.

Mirrored deals: each shuffled deal is played twice, one round each, with the
seats and the hands swapped, so the luck of the deal cancels out. Deals run
in parallel over the machine's cores. The AIs use their fixed iteration cap
(no clock), so a tournament is reproducible for a seed.

``python -m host_sim tournament A --pool --deals N`` plays A against every
sound reference player (``protocol.POOL``) and prints one table: the mean
difference per opponent with its 95% interval, and the mean over the pool.
"""

import argparse
import json
import math
import multiprocessing
import multiprocessing.util
import os
import signal
import statistics
import sys

from host_sim.tools import protocol
from lostcities import rules
from lostcities.rng import Rng

_specs = None  # per worker process: the two players' names and the bot timeout
_players = None  # and the two players, made on first use
_forfeited = None  # and the pool's Event, set once a deal is forfeited: the rest are skipped


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
    from lostcities.record import write_record
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


def summarize(a, b, deals, results):
    """The figures of a tournament from each deal's two round results."""
    diffs = []  # per deal: A's mean points per round minus B's
    a_scores = []
    b_scores = []
    a_ms = []
    b_ms = []
    wins = [0, 0, 0]
    max_turns = 0
    for rounds in results:
        diffs.append(sum(r["a"] - r["b"] for r in rounds) / len(rounds))
        for r in rounds:
            a_scores.append(r["a"])
            b_scores.append(r["b"])
            a_ms.extend(r["a_ms"])
            b_ms.extend(r["b_ms"])
            wins[0 if r["a"] > r["b"] else 1 if r["b"] > r["a"] else 2] += 1
            max_turns = max(max_turns, r["turns"])
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else 0.0
    return {
        "a": a, "b": b, "deals": deals, "rounds": len(a_scores),
        "diff_mean": round(mean, 2), "diff_ci95": [round(mean - half, 2), round(mean + half, 2)],
        "a_wins": wins[0], "b_wins": wins[1], "ties": wins[2],
        "a_mean": round(statistics.fmean(a_scores), 2),
        "b_mean": round(statistics.fmean(b_scores), 2),
        "a_ms_median": round(statistics.median(a_ms), 3), "a_ms_max": round(max(a_ms), 3),
        "b_ms_median": round(statistics.median(b_ms), 3), "b_ms_max": round(max(b_ms), 3),
        "max_turns": max_turns,
    }


def report(figures):
    """The figures as a few lines for a person."""
    a, b = figures["a"], figures["b"]
    low, high = figures["diff_ci95"]
    return "\n".join([
        "%s vs %s: %d mirrored deals, %d rounds" % (a, b, figures["deals"], figures["rounds"]),
        "mean difference %s - %s: %+.1f points per round (95%% CI %+.1f .. %+.1f)" % (
            a, b, figures["diff_mean"], low, high),
        "rounds won: %s %d, %s %d, ties %d" % (
            a, figures["a_wins"], b, figures["b_wins"], figures["ties"]),
        "mean round score: %s %.1f, %s %.1f" % (a, figures["a_mean"], b, figures["b_mean"]),
        "decision time per move: %s median %.2f ms, max %.1f ms; %s median %.2f ms, max %.1f ms"
        % (a, figures["a_ms_median"], figures["a_ms_max"],
           b, figures["b_ms_median"], figures["b_ms_max"]),
        "longest round: %d turns" % figures["max_turns"],
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
    axes.set_title("%s vs %s, %d deals" % (figures["a"], figures["b"], figures["deals"]))
    axes.legend()
    figure.tight_layout()
    figure.savefig(path)
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
    lines = ["%s against the reference pool: %d mirrored deals per opponent" % (a, pool["deals"]),
             "  %-15s %9s   %-17s %s" % ("opponent", "mean", "95% interval", "rounds won")]
    for f in pool["opponents"]:
        low, high = f["diff_ci95"]
        lines.append("  %-15s %+9.1f   %+6.1f .. %+6.1f   %d of %d" % (
            f["b"], f["diff_mean"], low, high, f["a_wins"], f["rounds"]))
    low, high = pool["pool_ci95"]
    lines.append("  %-15s %+9.1f   %+6.1f .. %+6.1f" % ("pool mean", pool["pool_mean"], low, high))
    lines.append("(points per round, %s minus the opponent)" % a)
    return "\n".join(lines)


class Progress:
    """A one-line progress bar on stderr."""

    def __init__(self, total, stream=None, width=30):
        self.total = total
        self.stream = stream or sys.stderr
        self.width = width
        self.done = 0

    def step(self):
        self.done += 1
        filled = self.width * self.done // self.total
        if filled == self.width * (self.done - 1) // self.total and self.done < self.total:
            return  # redraw only when the bar grows
        self.stream.write("\r[%s%s] %d/%d deals" % (
            "#" * filled, "." * (self.width - filled), self.done, self.total))
        if self.done == self.total:
            self.stream.write("\n")
        self.stream.flush()


def run(a, b, deals, seed=1, colors=5, jobs=None, record=False, timeout=None,
        progress=None):
    """Play the tournament: ``(results per deal, None)`` or ``(None, forfeit)``."""
    timeout = protocol.DEFAULT_TIMEOUT if timeout is None else timeout
    jobs = max(1, min(jobs or os.cpu_count() or 1, deals))
    work = [(seed, index, colors, record) for index in range(deals)]
    results = [None] * deals
    if jobs == 1:
        _start_worker((a, b), timeout)
        outcomes = map(_work, work)
        pool = None
    else:
        # spawn, not fork: a fork of a process with threads (a bot's reader,
        # the caller's own) can deadlock in the child
        context = multiprocessing.get_context("spawn")
        pool = context.Pool(jobs, _start_worker, ((a, b), timeout, context.Event()))
        outcomes = pool.imap_unordered(_work, work, chunksize=max(1, deals // (jobs * 8)))
    forfeit = None
    ended = False
    try:
        for index, outcome in outcomes:
            if isinstance(outcome, dict):
                forfeit = outcome
                break
            if outcome is not None:  # None: skipped after a forfeit
                results[index] = outcome
                if progress:
                    progress.step()
        ended = True
    finally:
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
    return (None, forfeit) if forfeit else (results, None)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m host_sim tournament",
        description="Play two AIs or bots on mirrored deals and compare them.")
    names = ", ".join(protocol.player_names())
    parser.add_argument("a", help="player A: %s, or cmd:COMMAND" % names)
    parser.add_argument("b", nargs="?", help="player B, as A (not with --pool)")
    parser.add_argument("--pool", action="store_true",
                        help="play A against every reference player (%s): one table"
                        % ", ".join(protocol.POOL))
    parser.add_argument("--deals", type=int, default=100, help="mirrored deals (2 rounds each)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--colors", type=int, choices=(5, 6), default=5)
    parser.add_argument("--jobs", type=int, default=None, help="processes (default: all cores)")
    parser.add_argument("--timeout", type=float, default=protocol.DEFAULT_TIMEOUT,
                        help="seconds a cmd: bot may take per move")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--plot", metavar="FILE.png", help="histogram of per-deal differences")
    parser.add_argument("--record", metavar="DIR", help="save every round as a game record")
    args = parser.parse_args(argv)
    if args.deals < 1:
        parser.error("--deals must be at least 1")
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
    results, forfeit = run(args.a, args.b, args.deals, args.seed, args.colors, args.jobs,
                           bool(args.record), args.timeout, Progress(args.deals))
    if forfeit:
        name = args.a if forfeit["forfeit"] == "a" else args.b
        print("tournament stopped: %s forfeits deal %d (round %d): %s" % (
            name, forfeit["deal"] + 1, forfeit["mirror"] + 1, forfeit["reason"]),
            file=sys.stderr)
        return 1
    figures = summarize(args.a, args.b, args.deals, results)
    if args.json:  # the results first, whatever happens to the files
        print(json.dumps(figures))
    else:
        print(report(figures))
    try:
        if args.record:
            write_records(args.record, args.a, args.b, results)
        if args.plot:
            plot(figures, [sum(r["a"] - r["b"] for r in rounds) / 2 for rounds in results],
                 args.plot)
    except (OSError, ValueError) as error:
        print("tournament: cannot write %s: %s" % (
            getattr(error, "filename", None) or args.plot,
            getattr(error, "strerror", None) or error), file=sys.stderr)
        return 1
    return 0


def check_outputs(plot_path, record_dir):
    """Why ``--plot`` or ``--record`` cannot be written (None if they can)."""
    if plot_path:
        import importlib.util
        folder = os.path.dirname(os.path.abspath(plot_path))
        if importlib.util.find_spec("matplotlib") is None:
            return "--plot needs matplotlib (in .venv: .venv/bin/python -m host_sim ...)"
        if not os.path.isdir(folder) or not os.access(folder, os.W_OK):
            return "--plot %s: no folder %s to write in" % (plot_path, folder)
    if record_dir:
        try:
            os.makedirs(record_dir, exist_ok=True)
        except OSError as error:
            return "--record %s: %s" % (record_dir, error.strerror or error)
        if not os.access(record_dir, os.W_OK):
            return "--record %s: the folder is not writable" % record_dir
    return None


def write_records(folder, a, b, results):
    """Every round of the tournament as a game record in ``folder``."""
    for index, rounds in enumerate(results):
        for mirror, result in enumerate(rounds):
            first = (a, b)[mirror]
            second = (b, a)[mirror]
            path = os.path.join(folder, "deal%04d-%d.txt" % (index + 1, mirror + 1))
            with open(path, "w") as out:
                out.write("# player 1: %s, player 2: %s\n" % (first, second))
                out.write(result["record"])
def _main_pool(args):
    progress = Progress(args.deals * len(protocol.POOL))
    figures = []
    for b in protocol.POOL:
        results, forfeit = run(args.a, b, args.deals, args.seed, args.colors, args.jobs,
                               False, args.timeout, progress)
        if forfeit:
            name = args.a if forfeit["forfeit"] == "a" else b
            print("tournament stopped: %s forfeits deal %d (round %d) against %s: %s" % (
                name, forfeit["deal"] + 1, forfeit["mirror"] + 1, b, forfeit["reason"]),
                file=sys.stderr)
            return 1
        figures.append(summarize(args.a, b, args.deals, results))
    pool = pool_figures(args.a, figures)
    print(json.dumps(pool) if args.json else report_pool(pool))
    return 0
