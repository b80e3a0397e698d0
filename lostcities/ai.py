"""The AI opponent: four levels that decide from their player's view alone.

Every level scores moves with one evaluation (lostcities/evaluation.py), an
estimate of the final round margin: ``easy``, ``medium`` and ``normal`` play
its best move blurred by less noise at each level, ``hard`` samples the
opponent's hidden hand and plays ahead at the round's end, ``hint`` is the
best move unblurred. How each works, what it weighs and why, and the figures:
docs/ai.md, the one place the AI is explained.
"""

from micropython import const

from lostcities import LEVELS  # noqa: F401 (ai.LEVELS: the levels played here)

# per level: (noise, search). The noise blurs each move's value by up to +-noise/2
# thousandths, deterministic for the AI's Rng; measured so that each level beats the
# one below by 10 to 45 points a round (docs/ai.md, "The ladder"). The searching
# levels sample the opponent's hand and play moves out (lostcities/search.py's SEARCH).
SETTINGS = {
    "easy": (60000, None),  # up to +-30 points
    "medium": (30000, None),  # up to +-15 points
    "normal": (14000, None),  # up to +-7 points
    "hard": (0, "hard"),
}

# hard: stop searching after this (the board's ms), its best move so far played, so
# that with the step under way (one evaluation) the player waits at most about 1 s
BUDGET_MS = const(900)

# Per colour count, what decisions work in, made once and kept: every level's
# Position, and hard's list of the moves' sums by key (which the levels without
# search never make). Late in a match the board's heap is in pieces too small
# for them (docs/ai.md), so a match against the AI makes them first (prepare).
# The evaluation's module is loaded with them; the app forgets both modules at
# the title, and two players sharing the device never load them.
_positions = {}
_search = {}


def position_for(colors):
    """The evaluation Position the decisions with ``colors`` colours work in
    (the round's review borrows it between them: lostcities/session.py)."""
    position = _positions.get(colors)
    if position is None:
        from lostcities.evaluation import Position
        position = _positions[colors] = Position(colors)
    return position


def _search_for(colors):
    sums = _search.get(colors)
    if sums is None:
        from lostcities.evaluation import MOVE_KEYS
        sums = _search[colors] = [None] * MOVE_KEYS
    return sums


def held():
    """The colour counts whose decisions' Position, and whose search's sums,
    are made and kept: ``(positions, sums)``, each sorted."""
    return sorted(_positions), sorted(_search)


def prepare(colors, level):
    """Make what ``level``'s decisions with ``colors`` colours work in, before
    a screen takes the heap, and let go of what other colours or a searching
    level made: from .py sources the board keeps this module from match to
    match (a 5-colour match after a 6-colour one against hard held both sets)."""
    for made in (_positions, _search):
        for other in [key for key in made if key != colors]:
            del made[other]
    position = position_for(colors)
    if SETTINGS[level][1]:
        _search_for(colors)
    elif _search:
        _search.clear()
        position.forget()  # the search's State, too


def choose_move(view, level, rng, clock=None, progress=None, view_again=None):
    """The move ``level`` plays in ``view`` (``state.view(player)``).

    ``rng`` is the AI player's own Rng; ``clock`` a callable returning ms, or
    None for the fixed iteration cap: a searching level past its budget
    plays its best move so far, and tells ``progress(done, total)`` how far
    it is. ``view_again(player)`` writes the view anew in ``view``
    (Session.view), so that a search plays its deals out in it: without it,
    in a State made for the decision.
    """
    if level not in SETTINGS:
        raise ValueError("unknown AI level %r" % level)
    noise, search = SETTINGS[level]
    position = position_for(view.colors)
    if search:  # its module loaded for a searching level only
        from lostcities.search import searched_move
        return searched_move(view, search, position, _search_for(view.colors), rng,
                             clock, BUDGET_MS, progress, view_again)
    position.load(view, view.to_move)
    return position.best(rng, noise)


def hint(view, rng, clock=None):
    """What the AI would play here, a hint for a human player: the evaluation's
    best move, without the levels' noise (``clock`` is not needed: it is as
    quick as ``normal``)."""
    position = position_for(view.colors)
    position.load(view, view.to_move)
    return position.best(rng, 0)
