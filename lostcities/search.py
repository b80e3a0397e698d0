"""The searching levels' decision (``hard``): the opponent's hidden hand
sampled, the best moves on average then played out in the same deals.
Loaded only for a searching level (lostcities/ai.py's SETTINGS), so that the
others' matches never hold its code. How it works and its figures: docs/ai.md.
"""

from micropython import const

from lostcities.rules.cards import CARDS_PER_COLOR
from lostcities.rules.state import State

# A search: sampled hands of the opponent pick the best moves on average, which
# playouts then compare, each candidate in the same sampled deals, both sides
# playing the evaluation's best move seeing all, up to so many plies each and so
# many in all (the plies of one whole deal must fit what is left). Per search and
# stage (the deck cards left at most): (samples, candidates, playout deals, plies
# per playout, plies in all, the samples' mean counted as so many playouts);
# counted: at most samples + plies in all evaluations.
SEARCH = {
    "hard": ((5, (8, 3, 4, 4, 36, 0)), (99, (20, 1, 0, 0, 0, 0))),
}
# searching: the odds (in 16ths) of a card 1, 2, 3, 4+ above the opponent's expedition being in their hand
_OPEN = const(b"\x03\x06\x09\x0f")


def searched_move(view, search, position, sums, rng, clock, budget_ms, progress, view_again):
    """The move the search ``search`` (a key of SEARCH) plays in ``view``, in
    the AI's ``position`` and its list of the moves' ``sums``; ``clock``,
    ``budget_ms``, ``progress``, ``view_again``: see ai.choose_move."""
    for deck_cards, plan in SEARCH[search]:
        if view.deck_len <= deck_cards:
            break
    return _searched_best(view, position, sums, rng, plan,
                          _Watch(clock, budget_ms, progress), view_again)


class _Watch:
    """When a search must stop (its clock past the budget) and whom it tells
    how far it is."""

    def __init__(self, clock, budget, progress):
        self.clock = clock
        self.deadline = clock() + budget if clock else 0
        self.progress = progress
        self.cut = False

    def stopped(self):
        """True once the search must stop: it plays its best move so far."""
        if not self.cut and self.clock and self.clock() > self.deadline:
            self.cut = True
        return self.cut

    def done(self, done, total):
        """Tell the progress; True when the search must stop now."""
        if self.progress:
            self.progress(done, total)
        return self.stopped()


def _searched_best(view, position, sums, rng, plan, watch, view_again):
    """A searching level's move: the best on average over sampled hands of the
    opponent, or of the best of those the one best played out (``plan``).

    Every sample deals the unseen cards anew into the view itself (hidden
    again after) and reuses the position's lists and ``sums``, so a sample
    allocates nothing. The playouts run in the view written anew for each
    deal (``view_again``), or in a State made for them.
    """
    me = view.to_move
    unseen = view.unseen(me)
    shuffled = bytearray(unseen)
    odds = bytearray(view.colors * CARDS_PER_COLOR)
    hand_odds(view, 1 - me, odds)
    chosen, margins = _candidates(view, position, sums, rng, plan, watch, unseen, shuffled, odds)
    if len(chosen) == 1:
        return chosen[0]
    return _played_best(view, position, rng, plan, watch, view_again, chosen, margins,
                        (unseen, shuffled, odds))


def _candidates(view, position, sums, rng, plan, watch, unseen, shuffled, odds):
    """The moves best on average over ``plan``'s sampled hands of the opponent,
    best first, and each one's mean counted as ``plan``'s prior playouts:
    ``(moves, margins)`` (one move once the search is stopped)."""
    from lostcities.evaluation import key_move
    samples, candidates, prior = plan[0], plan[1], plan[5]
    me = view.to_move
    for key in range(len(sums)):
        sums[key] = None
    for done in range(samples):
        _deal(view, me, unseen, shuffled, rng, odds)
        position.load(view, me, True)
        position.best_summed(sums)
        if watch.done(done + 1, samples + plan[4]):
            break
    view.view(me, view)  # the view as it was given
    chosen = []
    margins = []
    for _ in range(1 if watch.cut else candidates):
        best = -1
        for key in range(len(sums)):
            if sums[key] is not None and (best < 0 or sums[key] > sums[best]):
                best = key
        if best < 0:
            break
        chosen.append(key_move(view, me, best))  # my hand is the view's in every sample
        # the samples' mean, counted as ``prior`` playouts: few playouts are noisy
        margins.append(sums[best] * prior // max(1, done + 1))
        sums[best] = None
    return chosen, margins


def _played_best(view, position, rng, plan, watch, view_again, chosen, margins, dealing):
    """Of the moves ``chosen``, the one best played out: each in the same
    deals, while the plies left allow one whole deal more (to the round's
    end: about a ply a deck card, and a few pile draws); a deal cut short by
    the clock does not count. Each candidate's deal is dealt again from the Rng
    state saved before it (``dealing``: the unseen cards, a buffer, the odds)."""
    samples, _, playouts, plies_each, ply_cap, _ = plan
    total = samples + ply_cap
    me = view.to_move
    game = view if view_again else State(view.colors)  # where the deals are played out
    turns = view.turns
    deal_margins = [0] * len(chosen)
    plies = ply_cap
    plies_each = min(plies_each, view.deck_len + 4)
    whole = len(chosen) * plies_each
    for _ in range(playouts):
        if plies < whole:
            break
        deal = rng.getstate()
        for i in range(len(chosen)):
            rng.setstate(deal)
            if view_again:
                view_again(me)
            else:
                view.copy_into(game)
            _deal(game, me, dealing[0], dealing[1], rng, dealing[2])
            deal_margins[i] = _played_out(game, position, me, chosen[i], plies_each, watch)
            plies -= game.turns - turns - 1
            if watch.done(total - plies, total):
                break
        if watch.cut:
            break
        for i in range(len(chosen)):
            margins[i] += deal_margins[i]
    position.forget()  # the playouts' State goes with the decision
    if view_again:
        view_again(me)  # the view as it was given, not as the last deal left it
    best = 0
    for i in range(len(chosen)):
        if margins[i] > margins[best]:
            best = i
    return chosen[best]


def _deal(game, me, unseen, shuffled, rng, odds):
    """One sampled deal in the view ``game``, dealt from ``shuffled`` (reset to
    ``unseen`` first) by the odds: nothing allocated."""
    shuffled[:] = unseen
    game.determinize(me, rng, shuffled, odds)


def _played_out(game, position, me, move, plies_each, watch):
    """My margin after ``move`` in the deal ``game`` (played in place) when both
    sides play on the evaluation's best move (no noise), seeing all, for
    ``plies_each`` moves at most, then the evaluation's estimate (0 once
    ``watch`` stops the search)."""
    game.apply(move)
    plies = 0
    while game.deck_len and plies < plies_each:
        if watch.stopped():
            return 0
        position.load(game, game.to_move, True)
        game.apply(position.best(None, 0))
        plies += 1
    if game.deck_len:
        position.load(game, me, True)
        return position.context(game.deck_len)
    return (game.score(me) - game.score(1 - me)) * 1000


def hand_odds(view, other, odds):
    """How likely each card is in ``other``'s hand, in 16ths, from their expeditions.

    Sound players play the next card of an expedition as soon as they hold
    it and keep the high ones for later, so a card just above the top of
    their expedition is rarely in their hand, one far above often; cards
    their expeditions have passed and wagers they could still play, seldom.
    (Measured in matches against the reference players: see _OPEN.)
    """
    for color in range(view.colors):
        size = view.expedition_len(other, color)
        top = view.expedition_top(other, color) % CARDS_PER_COLOR if size else -1
        for index in range(CARDS_PER_COLOR):
            if not size:
                odds_now = 4 if index < 3 else 8 if index < 7 else 10
            elif index < 3:
                odds_now = 1 if top < 3 else 4
            elif index > top:
                odds_now = _OPEN[min(index - max(top, 2), 4) - 1]
            else:
                odds_now = 4
            odds[color * CARDS_PER_COLOR + index] = odds_now
