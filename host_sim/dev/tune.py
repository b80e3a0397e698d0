"""``python -m host_sim tune``: tune the AI's evaluation weights by SPSA on the reference pool.

Simultaneous perturbation stochastic approximation: each step perturbs every
weight at once by +-c (a random sign each), plays both perturbed AIs against
every reference player of the pool on the same fresh mirrored deals, and
moves the weights along the measured difference. Common deals make the
difference far less noisy than either score. Under CPython the weights are
module globals of ``lostcities.evaluation`` (``const`` is the identity there), so a
worker process sets them before it plays. Prints each step and the final
weights to paste into evaluation.py; the pool table then judges them
(``python -m host_sim tournament normal --pool``).
"""

import argparse
import multiprocessing
import random
import statistics

from host_sim.tools import protocol, tournament
from lostcities import ai, evaluation, rules
from lostcities.rng import Rng

# name: (scale, lowest, highest): a step of c moves a weight by c * scale
WEIGHTS = {
    "_LONG_BONUS": (3, 0, 40),
    "_HURDLE": (2000, -10000, 20000),
}
# The evaluation's tables (bytes, a row per few deck cards: NAME_STEP of them, NAME_ROWS
# rows, each byte NAME_UNIT thousandths from the byte for 0), tuned as weights
# "NAME[i]" in thousandths: name: (the byte for 0, scale, lowest, highest, what a row counts)
TABLES = {
    "_PHASE": (0, 150, 0, 2500, "deck cards after the move"),
    "_TEMPO": (128, 1000, -6000, 6000, "deck cards"),
}


def start_weights():
    """Today's weights, each table's entries as ``NAME[i]`` in thousandths."""
    weights = {name: getattr(evaluation, name) for name in WEIGHTS}
    for name, (zero, _, _, _, _) in TABLES.items():
        unit = getattr(evaluation, name + "_UNIT")
        for i, byte in enumerate(getattr(evaluation, name)):
            weights["%s[%d]" % (name, i)] = (byte - zero) * unit
    return weights


def _bounds(name):
    table = TABLES.get(name.partition("[")[0])
    return table[1:4] if table else WEIGHTS[name]


def table_bytes(weights, name):
    """Table ``name`` of ``weights`` as the evaluation stores it."""
    zero = TABLES[name][0]
    unit = getattr(evaluation, name + "_UNIT")
    return bytes(min(255, max(0, zero + round(weights["%s[%d]" % (name, i)] / unit)))
                 for i in range(len(getattr(evaluation, name))))


def set_weights(weights):
    """Set ``weights`` (named as :func:`start_weights` names them) in the evaluation."""
    for name, value in weights.items():
        if name in WEIGHTS:
            setattr(evaluation, name, value)
    for name in TABLES:
        setattr(evaluation, name, table_bytes(weights, name))


def table_source(weights, name):
    """Table ``name`` as evaluation.py writes it, a line per row."""
    table = table_bytes(weights, name)
    step = getattr(evaluation, name + "_STEP")
    rows = getattr(evaluation, name + "_ROWS")
    size = len(table) // rows
    lines = []
    for row in range(rows):
        text = "".join("\\x%02x" % byte for byte in table[row * size:(row + 1) * size])
        last = row == rows - 1
        lines.append('%sb"%s"%s  # %s %s' % (
            "%s = (" % name if row == 0 else " " * (len(name) + 4), text, ")" if last else "",
            "%d or more" % (row * step) if last else "%d-%d" % (row * step, row * step + step - 1),
            TABLES[name][4]))
    return "\n".join(lines)


def _margin(job):
    """Points per round of ``level`` with ``weights`` over one mirrored deal against ``opponent``."""
    weights, level, opponent, seed, index, colors = job
    set_weights(weights)
    hand1, hand2, deck, start = tournament._deal(seed, index, colors)
    me = protocol.LocalPlayer(level, lambda view, rng: ai.choose_move(view, level, rng))
    other = protocol.make_player(opponent)
    total = 0
    for mirror in (0, 1):
        seats = (me, other) if mirror == 0 else (other, me)
        for side, player in enumerate(seats):
            player.rng = Rng((seed * 1000003 + index) * 4 + mirror * 2 + side)
        match = rules.Match(colors, 1)
        match.start_round(hand1, hand2, deck, start)
        scores = protocol.play_round(match, seats)
        total += scores[mirror] - scores[1 - mirror]
    return total / 2


def pool_margin(workers, weights, level, seed, deals, colors=5, pool=protocol.POOL):
    """Mean points per round over the pool, ``deals`` mirrored deals per opponent."""
    jobs = [(weights, level, opponent, seed, index, colors)
            for opponent in pool for index in range(deals)]
    return statistics.fmean(workers.map(_margin, jobs, chunksize=max(1, len(jobs) // 16)))


def spsa(workers, start, steps, deals, level, seed, pool, c=1.0, a=0.6):
    """SPSA from ``start`` (a dict of weights); returns the final weights."""
    theta = {name: start[name] / _bounds(name)[0] for name in start}  # in units of scale
    rng = random.Random(seed)
    for k in range(steps):
        ck = c / (k + 1) ** 0.101
        ak = a / (k + 1 + steps // 10) ** 0.602
        signs = {name: rng.choice((-1, 1)) for name in theta}
        plus = _weights({n: theta[n] + ck * signs[n] for n in theta})
        minus = _weights({n: theta[n] - ck * signs[n] for n in theta})
        deal_seed = seed * 7919 + k
        up = pool_margin(workers, plus, level, deal_seed, deals, pool=pool)
        down = pool_margin(workers, minus, level, deal_seed, deals, pool=pool)
        for name in theta:
            theta[name] += ak * (up - down) / (2 * ck * signs[name])
            scale, low, high = _bounds(name)
            theta[name] = min(high / scale, max(low / scale, theta[name]))
        print("step %d: %+.2f vs %+.2f  %s" % (k + 1, up, down, _weights(theta)), flush=True)
    return _weights(theta)


def _weights(theta):
    return {name: int(round(value * _bounds(name)[0])) for name, value in theta.items()}


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_sim tune", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", default="normal", choices=ai.LEVELS)
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--deals", type=int, default=40, help="mirrored deals per opponent a side")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--against", default=",".join(protocol.POOL),
                        help="the reference players to tune against (default: the pool)")
    parser.add_argument("--measure", type=int, metavar="DEALS",
                        help="only measure today's weights on the pool")
    args = parser.parse_args(argv)
    start = start_weights()
    pool = tuple(args.against.split(","))
    with multiprocessing.get_context("spawn").Pool(args.jobs) as workers:
        if args.measure:
            for opponent in pool:
                print("%s %+.2f" % (opponent, pool_margin(
                    workers, start, args.level, args.seed, args.measure, pool=(opponent,))))
            return 0
        final = spsa(workers, start, args.steps, args.deals, args.level, args.seed, pool)
    for name in WEIGHTS:
        print("%s = const(%d)" % (name, final[name]))
    for name in TABLES:
        print(table_source(final, name))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
