"""The AI opponent: three levels that decide from their player's view alone.

Every level scores moves with one evaluation, an estimate of the final round
score difference (mine minus the opponent's) after the move:

* each expedition is projected to the end of the round: its cards, the hand
  cards that can still go on it, and the unseen cards of its colour weighted
  by the chance of drawing them in time (turns left = deck size / 2). An
  unstarted expedition counts only if that projection beats the 20-point
  cost, so opening, wagers and small gaps all fall out of one formula;
* the opponent's expeditions are projected the same way from what they may
  hold: cards they took from piles, unseen cards, and the pile tops they can
  take next turn, so a discard that feeds them costs what it gives them;
* a deck draw shortens the round for both players, a pile draw does not: the
  projections for both turn counts compare the tempo.

``easy`` plays from a blunter evaluation with some noise, ``normal`` takes the
best move of the evaluation, ``hard`` also checks its best candidates against
sampled deals of the unseen cards (``State.determinize``) one reply deep.

All arithmetic is in integers (thousandths of a point): the board's floats
are short and allocate under MicroPython. A decision builds a handful of
small lists and no objects per card. ``clock`` (a callable returning ms)
only stops ``hard``'s sampling early; with ``clock=None`` the work is a fixed
iteration cap, so a decision is a pure function of the view and the Rng.
"""

from lostcities.bots import may_take_discard
from lostcities.rules import (
    CARDS_PER_COLOR, DISCARD, HAND_SIZE, HIDDEN, NO_CARD, SOURCE_DECK)

try:
    from micropython import const
except ImportError:  # CPython: const is the identity
    def const(value):
        return value

LEVELS = ("easy", "normal", "hard")

_ONE = const(1000)  # fixed point: 1000 is 1.0 (and one point)
_COST = const(20000)  # what opening an expedition costs
_WAGERS = const(7)  # bit mask of a colour's three wagers (indices 0-2)


def choose_move(view, level, rng, clock=None):
    """The move ``level`` plays in ``view`` (``state.view(player)``)."""
    if level not in LEVELS:
        raise ValueError("unknown AI level %r" % level)
    position = _Position(view)
    return position.best_move()


def hint(view, rng, clock=None):
    """What the AI would play here: a hint for a human player."""
    return choose_move(view, "normal", rng, clock)


def _masks(cards, colors):
    """A 12-bit mask per colour of the cards present."""
    masks = [0] * colors
    for card in cards:
        if card != HIDDEN:
            masks[card // CARDS_PER_COLOR] |= 1 << (card % CARDS_PER_COLOR)
    return masks


def _projection(top, total, wagers, count, sure, sure_f, maybe, maybe_f,
                unseen, unseen_f):
    """Projected final score of one expedition in thousandths of a point.

    ``top`` is the index of its last card (-1 when empty), ``total`` /
    ``wagers`` / ``count`` what it holds. ``sure``, ``maybe`` and ``unseen``
    are masks of cards that may still go on it, weighted by their factors.
    """
    points = total * _ONE
    cards = count * _ONE
    if top < 3:  # no numbers yet: wagers in hand still fit
        held = sure & _WAGERS
        while held:
            wagers += 1
            cards += _ONE
            held &= held - 1
        index = 3
    else:
        index = top + 1
    while index < CARDS_PER_COLOR:
        bit = 1 << index
        if sure & bit:
            points += sure_f * (index - 1)
            cards += sure_f
        elif maybe & bit:
            points += maybe_f * (index - 1)
            cards += maybe_f
        elif unseen & bit:
            points += unseen_f * (index - 1)
            cards += unseen_f
        index += 1
    value = (points - _COST) * (1 + wagers)
    if cards >= 8 * _ONE:
        value += _COST
    elif cards > 6 * _ONE:
        value += (cards - 6 * _ONE) * 10
    if count == 0 and value < 0:
        return 0  # not opening it is free
    return value


def _expected_cards(top, sure, sure_f, unseen, unseen_f):
    """Thousandths of the cards expected to go on an expedition from now."""
    cards = 0
    index = 0 if top < 3 else top + 1
    while index < CARDS_PER_COLOR:
        bit = 1 << index
        if sure & bit:
            cards += sure_f
        elif unseen & bit and index >= 3:
            cards += unseen_f
        index += 1
    return cards


class _Position:
    """What one decision needs from the view, as per-colour integers."""

    def __init__(self, view):
        self.view = view
        colors = view.colors
        self.colors = colors
        me = view.to_move
        self.me = me
        other = 1 - me
        self.hand = _masks(view.hand(me), colors)
        self.known = _masks(view.hand(other), colors)  # cards they took from piles
        hidden = 0
        for slot in range(HAND_SIZE):
            if view.hand_card(other, slot) == HIDDEN:
                hidden += 1
        unseen = view.unseen(me)
        self.unseen_count = len(unseen)
        self.unseen = _masks(unseen, colors)
        self.hidden = hidden
        # expeditions: [top, total, wagers, count] per player and colour
        self.exp = []
        for player in (0, 1):
            for color in range(colors):
                _, total, wagers, count, _ = view.expedition_score(player, color)
                top = view.expedition_top(player, color)
                self.exp.append([top % CARDS_PER_COLOR if top != NO_CARD else -1,
                                 total, wagers, count])
        self.tops = [-1] * colors  # index of each pile's top card, -1 if empty
        self.unders = [-1] * colors  # the card below it
        for color in range(colors):
            pile = view.pile(color)
            if pile:
                self.tops[color] = pile[-1] % CARDS_PER_COLOR
            if len(pile) > 1:
                self.unders[color] = pile[-2] % CARDS_PER_COLOR
        self.pile_draws = may_take_discard(view)

    def factors(self, deck_after):
        """Weights of hand, pile and unseen cards when ``deck_after`` remain.

        My hand and unseen cards share my turns left: when the expeditions
        worth playing need more turns than remain, all their weights shrink.
        """
        mine = deck_after // 2  # my turns after this one
        theirs = (deck_after + 1) // 2
        count = self.unseen_count or 1
        my_unseen = min(_ONE, _ONE * max(0, mine - 1) // count)
        their_unseen = min(_ONE, (_ONE * self.hidden + _ONE * max(0, theirs - 1)) // count)
        my_hand = _ONE
        their_hand = _ONE * min(theirs, HAND_SIZE) // HAND_SIZE
        need = 0
        me = self.me
        for color in range(self.colors):
            top, total, wagers, count = self.exp[me * self.colors + color]
            hand = self.hand[color]
            unseen = self.unseen[color]
            if count or _projection(top, total, wagers, count, hand, my_hand, 0, 0,
                                    unseen, my_unseen) > 0:
                need += _expected_cards(top, hand, my_hand, unseen, my_unseen)
        if need > mine * _ONE:
            my_hand = my_hand * mine * _ONE // need
            my_unseen = my_unseen * mine * _ONE // need
        return (my_hand, my_unseen, their_hand, _ONE * 7 // 10, their_unseen)

    def colour_value(self, color, factors, hand, mine, tops):
        """My projection minus theirs for one colour, in thousandths."""
        my_hand, my_unseen, their_hand, their_pile, their_unseen = factors
        top, total, wagers, count = mine
        value = _projection(top, total, wagers, count, hand, my_hand, 0, 0,
                            self.unseen[color], my_unseen)
        top, total, wagers, count = self.exp[(1 - self.me) * self.colors + color]
        pile = 1 << tops if tops >= 0 else 0
        return value - _projection(top, total, wagers, count, self.known[color],
                                   their_hand, pile, their_pile,
                                   self.unseen[color], their_unseen)

    def best_move(self):
        view = self.view
        colors = self.colors
        me = self.me
        best = None
        best_value = None
        for deck_draw in (1, 0):
            if not deck_draw and not self.pile_draws:
                continue
            factors = self.factors(view.deck_len - deck_draw)
            base = [0] * colors
            total = 0
            for color in range(colors):
                base[color] = self.colour_value(
                    color, factors, self.hand[color],
                    self.exp[me * colors + color], self.tops[color])
                total += base[color]
            for slot in range(HAND_SIZE):
                card = view.hand_card(me, slot)
                color = card // CARDS_PER_COLOR
                index = card % CARDS_PER_COLOR
                hand = self.hand[color] & ~(1 << index)
                for discard in (0, DISCARD):
                    exp = self.exp[me * colors + color]
                    if discard:
                        mine = exp
                        top = index
                    else:
                        if not view.can_play(me, card):
                            continue
                        mine = [index, exp[1] + (index - 1 if index >= 3 else 0),
                                exp[2] + (1 if index < 3 else 0), exp[3] + 1]
                        top = self.tops[color]
                    after = total - base[color] + self.colour_value(
                        color, factors, hand, mine, top)
                    if deck_draw:
                        moves = [(SOURCE_DECK, after)]
                    else:
                        moves = []
                        for source in range(colors):
                            pile_top = self.tops[source]
                            if pile_top < 0 or (discard and source == color):
                                continue
                            if source == color:
                                value = after - self.colour_value(
                                    color, factors, hand, mine, top) + self.colour_value(
                                    color, factors, hand | (1 << pile_top), mine,
                                    self.unders[color])
                            else:
                                value = after - base[source] + self.colour_value(
                                    source, factors, self.hand[source] | (1 << pile_top),
                                    self.exp[me * colors + source], self.unders[source])
                            moves.append((source + 1, value))
                    for source, value in moves:
                        if best_value is None or value > best_value:
                            best_value = value
                            best = card << 4 | discard | source
        return best
