"""``python -m host_sim tune``: tune the AI's evaluation weights by SPSA on the reference pool.

Simultaneous perturbation stochastic approximation: each step perturbs every
weight at once by +-c (a random sign each), plays both perturbed AIs against
every reference player of the pool on the same fresh mirrored deals, and
moves the weights along the measured difference. Common deals make the
difference far less noisy than either score. Under CPython the weights are
module globals of ``lostcities.evaluation`` (``const`` is the identity there), so a
worker process sets them before it plays. Prints each step and the final
weights to paste into ai.py; the pool table then judges them
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
    "_THEIR_PILE": (150, 0, 1500),
    "_THEIR_DRAWS": (150, 0, 1500),
    "_MY_DRAWS": (150, 200, 2000),
    "_DRAW_WEIGHT": (150, 0, 2000),
    "_LONG_BONUS": (3, 0, 40),
    "_HURDLE": (2000, -10000, 20000),
    "_PILE_DRAW": (1000, -10000, 10000),
    "_PLAY_NOW": (500, 0, 6000),
}


def _margin(job):
    """Points per round of ``level`` with ``weights`` over one mirrored deal against ``opponent``."""
    weights, level, opponent, seed, index, colors = job
    for name, value in weights.items():
        setattr(evaluation, name, value)
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
    theta = {name: start[name] / WEIGHTS[name][0] for name in start}  # in units of scale
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
            scale, low, high = WEIGHTS[name]
            theta[name] = min(high / scale, max(low / scale, theta[name]))
        print("step %d: %+.2f vs %+.2f  %s" % (k + 1, up, down, _weights(theta)), flush=True)
    return _weights(theta)


def _weights(theta):
    return {name: int(round(value * WEIGHTS[name][0])) for name, value in theta.items()}


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
    start = {name: getattr(evaluation, name) for name in WEIGHTS}
    pool = tuple(args.against.split(","))
    with multiprocessing.get_context("spawn").Pool(args.jobs) as workers:
        if args.measure:
            for opponent in pool:
                print("%s %+.2f" % (opponent, pool_margin(
                    workers, start, args.level, args.seed, args.measure, pool=(opponent,))))
            return 0
        final = spsa(workers, start, args.steps, args.deals, args.level, args.seed, pool)
    for name, value in final.items():
        print("%s = const(%d)" % (name, value))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
