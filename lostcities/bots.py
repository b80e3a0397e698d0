"""Reference players: fixed yardsticks that the AI levels are measured against.

They never change once they land. Each is ``choose(view, rng) -> move``:
it decides from its player's view alone (see ``State.view``).
"""


def random_move(view, rng):
    """A uniformly random legal move."""
    moves = view.legal_moves()
    return moves[rng.randbelow(len(moves))]
