"""The AI opponent: three levels that decide from their player's view alone.

Every level scores moves with one evaluation (``lostcities/evaluation.py``),
an estimate of the final round margin after the move. ``easy`` plays from a
blunter evaluation (blind to the opponent) with some noise; ``normal`` plays
the best move of the evaluation; ``hard`` plays as ``normal`` until the deck
is small, then plays its best candidates out to the round's end on sampled
deals of the unseen cards (``determinize``) and picks the best exact margin
on average. Near the end the tempo (whether to end the round or buy turns)
decides most, and the evaluation only estimates it; the playouts there are
short.

A decision allocates a few small lists up front and nothing per move.
``clock`` (a callable returning ms) only stops ``hard``'s playouts early;
with ``clock=None`` the work is the fixed iteration cap, so a decision is a
pure function of the view and the Rng.
"""

from micropython import const

from lostcities.evaluation import CANDIDATES, UNSET, Position
from lostcities.rules import State

LEVELS = ("easy", "normal", "hard")
# per level: (sees the opponent's prospects, values deck draws, noise, search)
_SETTINGS = {
    "easy": (False, False, 80000, False),  # each move's value blurred by up to +-40 points
    "normal": (True, True, 0, False),
    "hard": (True, True, 0, True),
}

_ENDGAME_DECK = const(10)  # hard: plays out samples from this deck size down
_PLAYOUT_MOVES = const(96)  # hard: the iteration cap, moves played out in all
_MOST_SAMPLES = const(16)  # hard: and at most this many sampled deals
BUDGET_MS = const(3000)  # hard: stop playing out after this (the board's ms)


def choose_move(view, level, rng, clock=None):
    """The move ``level`` plays in ``view`` (``state.view(player)``).

    ``rng`` is the AI player's own Rng; ``clock`` a callable returning ms, or
    None for the fixed iteration cap.
    """
    if level not in _SETTINGS:
        raise ValueError("unknown AI level %r" % level)
    aware, drawing, noise, search = _SETTINGS[level]
    position = Position(view.colors, aware, drawing)
    position.load(view, view.to_move)
    if search and view.deck_len <= _ENDGAME_DECK:
        return _Endgame(view, position).run(rng, clock)
    return position.best(rng, noise)


def hint(view, rng, clock=None):
    """What the AI would play here: a hint for a human player (``normal``)."""
    return choose_move(view, "normal", rng, clock)


class _Endgame:
    """``hard`` near the round's end: play the best candidates out on sampled deals.

    A sample deals the unseen cards at random (``determinize``), plays the
    candidate, then both sides play as ``normal`` would from their own side
    of that deal until the round ends; the sample is worth the exact final
    margin. Every candidate meets the same sampled deals (the Rng state is
    rewound for each), so they are compared on equal luck. Sampling stops
    before the moves played out would pass the cap, so a bigger deck gets
    fewer samples.

    The playouts reuse the root position's lists and one scratch State, so a
    sample allocates nothing.
    """

    def __init__(self, view, position):
        self.view = view
        self.position = position
        self.scratch = State(view.colors)
        self.unseen = view.unseen(view.to_move)  # the cards every sample deals out
        self.shuffled = bytearray(self.unseen)
        self.moves = 0  # moves played out so far

    def run(self, rng, clock):
        position = self.position
        view = self.view
        first = position.best(None, 0)
        values = position.best_values
        candidates = 0
        while candidates < CANDIDATES and values[candidates] != UNSET:
            candidates += 1
        if candidates < 2:
            return first
        chosen = position.best_moves[:candidates]
        totals = [0] * candidates
        start = clock() if clock else 0
        self.moves = samples = 0
        while samples < _MOST_SAMPLES:
            # one more sample of average length must stay within the cap and the budget
            if samples and (self.moves * (samples + 1) > _PLAYOUT_MOVES * samples
                            or clock and clock() - start > BUDGET_MS):
                break
            seed = rng.getstate()
            for i in range(candidates):
                rng.setstate(seed)
                totals[i] += self.playout(chosen[i], rng)
            samples += 1
        best = 0
        for i in range(1, candidates):
            if totals[i] > totals[best]:
                best = i
        return chosen[best]

    def playout(self, move, rng):
        """One sampled deal played to the round's end as ``normal``: my exact margin."""
        scratch = self.scratch
        me = self.view.to_move
        self.view.copy_into(scratch)
        self.shuffled[:] = self.unseen  # the same deal for the same Rng state
        scratch.determinize(me, rng, self.shuffled)
        scratch.apply(move)
        position = self.position
        pile_draws = 2 * scratch.deck_len + 4  # then deck draws only: the playout ends
        while not scratch.is_over():
            position.load(scratch, scratch.to_move)
            if pile_draws <= 0:
                position.pile_draws = False
            scratch.apply(position.best(None, 0))
            pile_draws -= 1
            self.moves += 1
        return scratch.score(me) - scratch.score(1 - me)
