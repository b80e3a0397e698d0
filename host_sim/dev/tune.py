"""``python -m host_sim tune``: tune the AI's evaluation weights by SPSA on the reference pool.

Simultaneous perturbation stochastic approximation: each step perturbs every
weight at once by +-c (a random sign each), plays both perturbed AIs against
every reference player of the pool on the same fresh mirrored deals, and
moves the weights along the measured difference. Common deals make the
difference far less noisy than either score. Under CPython the weights are
module globals of ``lostcities.knowledge`` and the tempo table one of
``lostcities.evaluation`` (``const`` is the identity there), so a worker process
sets them before it plays. Prints each step and the final weights to paste into
knowledge.py and evaluation.py; the pool table then judges them
(``python -m host_sim tournament hard --pool``, and the ladder: ``--ladder``).
"""

import argparse
import multiprocessing
import random
import statistics

from host_sim import number_in
from host_sim.tools import protocol, tournament
from lostcities import ai, evaluation, knowledge, rules
from lostcities.rng import Rng

# name in lostcities/knowledge.py: (scale, lowest, highest): a step of c moves a
# weight by c * scale
WEIGHTS = {
    "THEIR_PILE": (150, 0, 1500),
    "THEIR_DRAWS": (150, 0, 1500),
    "MY_DRAWS": (150, 200, 2000),
    "DRAW_WEIGHT": (150, 0, 2000),
    "LONG_BONUS": (3, 0, 40),
    "HURDLE": (2000, -10000, 20000),
}
# The tempo table (lostcities/evaluation.py: bytes, one per move kind and deck
# row), tuned as weights "TEMPO[i]" in thousandths: (scale, lowest, highest)
TEMPO = (1000, -6000, 6000)
MAX_STEPS = 10000  # each plays every opponent twice: more is a slip of the keyboard
# The player tuned by default: the evaluation's best move (ai.hint), what normal was
# before the levels were blurred (the levels' noise would only blur the measurement)
BEST = "best"


def start_weights():
    """Today's weights, the tempo table's entries as ``TEMPO[i]`` in thousandths."""
    weights = {name: getattr(knowledge, name) for name in WEIGHTS}
    for i, byte in enumerate(evaluation.TEMPO):
        weights["TEMPO[%d]" % i] = (byte - evaluation.TEMPO_ZERO) * evaluation.TEMPO_UNIT
    return weights


def _bounds(name):
    return TEMPO if name.startswith("TEMPO[") else WEIGHTS[name]


def tempo_bytes(weights):
    """The tempo table of ``weights`` as the evaluation stores it."""
    unit = evaluation.TEMPO_UNIT
    zero = evaluation.TEMPO_ZERO
    return bytes(min(255, max(0, zero + round(weights["TEMPO[%d]" % i] / unit)))
                 for i in range(len(evaluation.TEMPO)))


def set_weights(weights):
    """Set ``weights`` (named as :func:`start_weights` names them) in the evaluation."""
    for name, value in weights.items():
        if name in WEIGHTS:
            setattr(knowledge, name, value)
    evaluation.TEMPO = tempo_bytes(weights)


def tempo_source(weights):
    """The tempo table as evaluation.py writes it, a line per row of deck cards."""
    table = tempo_bytes(weights)
    step = evaluation.TEMPO_STEP
    size = evaluation.TEMPO_KINDS
    rows = evaluation.TEMPO_ROWS
    lines = []
    for row in range(rows):
        text = "".join("\\x%02x" % byte for byte in table[row * size:(row + 1) * size])
        last = row == rows - 1
        lines.append('%sb"%s"%s  # %s deck cards' % (
            "TEMPO = (" if row == 0 else " " * 10, text, ")" if last else "",
            "%d or more" % (row * step) if last else "%d-%d" % (row * step, row * step + step - 1)))
    return "\n".join(lines)


def _margin(job):
    """Points per round of ``level`` with ``weights`` over one mirrored deal against ``opponent``."""
    weights, level, opponent, seed, index, colors = job
    set_weights(weights)
    hand1, hand2, deck, start = tournament._deal(seed, index, colors)
    if level == BEST:  # the evaluation's best move, no level's noise (ai.hint)
        me = protocol.LocalPlayer(level, ai.hint)
    else:
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


def players(text):
    """--against: player names, comma-separated, each one the referee knows."""
    names = tuple(name.strip() for name in text.split(","))
    unknown = [name for name in names if name not in protocol.player_names()]
    if unknown or not names:
        raise argparse.ArgumentTypeError("unknown player %r (give some of %s)" % (
            unknown[0] if unknown else text, ", ".join(protocol.player_names())))
    return names


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_sim tune", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--level", default=BEST, choices=(BEST,) + ai.LEVELS,
                        help="the player tuned: %s (the evaluation's best move, the"
                        " default) or an AI level" % BEST)
    parser.add_argument("--steps", type=number_in(1, MAX_STEPS), default=40)
    parser.add_argument("--deals", type=number_in(1, tournament.MAX_DEALS), default=40,
                        help="mirrored deals per opponent a side")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=number_in(1, tournament.MAX_JOBS), default=2)
    parser.add_argument("--against", type=players, default=",".join(protocol.POOL),
                        help="the players to tune against, comma-separated: any of %s"
                        " (default: the pool)" % ", ".join(protocol.player_names()))
    parser.add_argument("--measure", type=number_in(1, tournament.MAX_DEALS), metavar="DEALS",
                        help="only measure today's weights on the pool")
    args = parser.parse_args(argv)
    start = start_weights()
    pool = args.against
    with multiprocessing.get_context("spawn").Pool(args.jobs) as workers:
        if args.measure is not None:
            for opponent in pool:
                print("%s %+.2f" % (opponent, pool_margin(
                    workers, start, args.level, args.seed, args.measure, pool=(opponent,))))
            return 0
        final = spsa(workers, start, args.steps, args.deals, args.level, args.seed, pool)
    for name in WEIGHTS:
        print("%s = const(%d)" % (name, final[name]))
    print(tempo_source(final))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
