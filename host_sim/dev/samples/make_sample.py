"""Write sample-match.txt: a full 3-round match of random moves, seed 2026.

``python -m host_sim.dev.samples.make_sample`` rewrites it; tests/test_replay.py
checks that the engine still produces exactly the committed file.
"""

import argparse
import os

from host_sim.players.bots import random_move
from host_sim.records.record import write_record
from lostcities.rng import Rng
from lostcities.rules import Match

SEED = 2026
PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                    "sample-match.txt")


def sample_record():
    """The record text of the sample match (both players play random moves)."""
    rng = Rng(SEED)
    match = Match(5, 3, rng)
    while not match.is_over():
        state = match.start_round()
        while not state.is_over():
            match.play(random_move(state.view(state.to_move), rng))
    return ("# A sample match: both players make random legal moves (seed %d).\n"
            "# Replay it: python -m host_sim replay %s\n" % (
                SEED, "host_sim/dev/samples/sample-match.txt")
            + write_record(match))


def main(argv=None):
    """Rewrite the sample record beside this file."""
    argparse.ArgumentParser(prog="python -m host_sim sample",
                            description="Rewrite %s: a match of random moves, seed %d."
                            % (os.path.relpath(PATH), SEED)).parse_args(argv)
    with open(PATH, "w") as stream:
        stream.write(sample_record())
    print("wrote", PATH)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
