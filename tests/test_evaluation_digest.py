"""Everything the evaluation decides, hashed over thousands of positions.

The positions are every turn of seeded rounds played by the AI levels (and by
random moves, which reach the round's turn limit, past which no pile is
drawn), each seen by both players, and the sampled deals a searching level
loads seeing all. For each: the best move and its value, every move's value
by key (what ``hard`` and the review add up), ``normal``'s noisy choice with
a seeded Rng, and ``context()``. A change that keeps every decision keeps the
digest; one that moves any weight by one step changes it. The digests were
recorded from the evaluation as it was before it was made faster.
"""

import hashlib

from lostcities import ai, rules
from lostcities.evaluation import MOVE_KEYS, Position, key_move
from lostcities.rng import Rng

# by colour count: the digest of its positions (seed 1)
DIGESTS = {
    5: "58dbad6c4b754ee6d9957f31cd5a696428611439855905f1371f546e91a8da0c",
    6: "122d2c0fc23d63abc7204f07b9bd4f17db890e803235ebe5917c3ed0e07c7c38",
}
ROUNDS = (("normal", "medium"), ("easy", "normal"), ("medium", "easy"), (None, None))
NOISE = 14000  # normal's


def rounds(colors, seed):
    """The states before every move of seeded rounds, one round per pair of
    ``ROUNDS`` (None: random legal moves)."""
    states = []
    for number, levels in enumerate(ROUNDS * 4):
        rng = Rng(seed * 100 + number)
        state = rules.deal(rng, colors, number % 2)
        players = (Rng(seed + number + 1000), Rng(seed + number + 2000))
        while not state.is_over():
            states.append(state.copy())
            level = levels[state.to_move]
            view = state.view(state.to_move)
            if level is None:
                moves = state.legal_moves()
                move = moves[rng.randbelow(len(moves))]
            else:
                move = ai.choose_move(view, level, players[state.to_move])
            state.apply(move)
    return states


def digest(colors, seed=1):
    """The sha256 of every decision of the evaluation on ``rounds(colors, seed)``."""
    sha = hashlib.sha256()
    position = Position(colors)
    sums = [None] * MOVE_KEYS
    count = 0
    for index, state in enumerate(rounds(colors, seed)):
        for player in (0, 1):
            loads = [(state.view(player), False)]
            if index % 5 == 0:  # a searching level's sampled deal: the whole state seen
                loads.append((state, True))
            for seen, sees_all in loads:
                for key in range(MOVE_KEYS):
                    sums[key] = None
                position.load(seen, player, sees_all)
                best = position.best_summed(sums)
                # as recorded when the moves of the keys summed were a list of their own
                moves = [-1 if total is None else key_move(seen, player, key)
                         for key, total in enumerate(sums)]
                totals = [total or 0 for total in sums]
                value = position.best_value
                # unsummed and unblurred, best weighs the piles at once: the same choice
                assert position.best(None, 0) == best and position.best_value == value
                noisy = position.best(Rng(index), NOISE)
                sha.update(repr((best, position.best_value, noisy, totals, moves,
                                 position.context(state.deck_len),
                                 position.context(max(0, state.deck_len - 1)))).encode())
                count += 1
    return count, sha.hexdigest()


def test_the_evaluation_decides_as_recorded():
    for colors in (5, 6):
        count, found = digest(colors)
        assert count > 3000
        assert found == DIGESTS[colors], "%d colours: %s" % (colors, found)


def test_the_tally_table_holds_the_points_and_counts_of_its_pieces():
    from lostcities import knowledge
    for piece in range(32):
        indices = [index for index in range(3, 8) if piece >> index - 3 & 1]
        assert knowledge.PIECE_SUMS[piece] == sum(index - 1 for index in indices)
        assert knowledge.PIECE_SUMS[knowledge.PIECE_COUNTS + piece] == len(indices)
    for piece in range(16):
        indices = [index for index in range(8, 12) if piece >> index - 8 & 1]
        assert (knowledge.PIECE_SUMS[knowledge.HIGH_PIECE + piece]
                == sum(index - 1 for index in indices))


# by colour count: the digest of hard's moves over SEARCHED_ROUNDS seeded rounds
# against normal (seed 1), recorded before the evaluation and the search were split
# into named steps
SEARCHED_DIGESTS = {
    5: "b6359c341a6eb68ef673c88daa1303f55b31d317aab715257f7c4611b43c26c0",
    6: "a8ac25a28231ecc151feb7277ee701e67a947a31afc98e06cd75c10cfa4f808d",
}
SEARCHED_ROUNDS = 3


def searched_digest(colors, seed=1):
    """The sha256 of every move ``hard`` and ``normal`` play in seeded rounds,
    and how many moves: a search decides from the evaluation's sums and its
    playouts, so a change to either that moves any decision changes it."""
    sha = hashlib.sha256()
    count = 0
    for number in range(SEARCHED_ROUNDS):
        rng = Rng(seed * 100 + number)
        state = rules.deal(rng, colors, number % 2)
        players = (Rng(seed + number + 1000), Rng(seed + number + 2000))
        levels = ("hard", "normal") if number % 2 else ("normal", "hard")
        while not state.is_over():
            move = ai.choose_move(state.view(state.to_move), levels[state.to_move],
                                  players[state.to_move])
            sha.update(b"%d," % move)
            state.apply(move)
            count += 1
    return count, sha.hexdigest()


def test_the_search_plays_as_recorded():
    for colors in (5, 6):
        count, found = searched_digest(colors)
        assert count > 150
        assert found == SEARCHED_DIGESTS[colors], "%d colours: %s" % (colors, found)
