"""The moves a round's review kept, in full (lostcities/review.py judges
them while the round is played): each a :class:`Mistake`, made after the
round from the round replayed to it (:func:`explained`), with its reasons
(lostcities/reasons.py). A module of its own: it is needed only after the
round, and the board compiles it apart from the reasons' words.
"""

from lostcities.reasons import pile_card, reason
from lostcities.rules.cards import SOURCE_DECK, move_source
from lostcities.rules.state import State


class Mistake:
    """One costly move: ``turn`` (0-based, in the round), the ``move`` played
    and the card it took from a pile (``taken``, NO_CARD from the deck;
    ``last``: it drew the deck's last card),
    ``cost`` in thousandths of a point, the ``better`` move and its
    ``better_taken``, the player's ``hand`` then (8 bytes, from their
    ``view``), and why, as lostcities/reasons.py codes them: what was wrong with
    the move (``reason``, its ``card`` and ``number``), what the better one
    does (``better_reason``, ``better_card``, ``better_number``)."""

    def __init__(self, view, turn, move, taken, cost, better, better_taken, why):
        self.turn = turn
        self.move = move
        self.taken = taken
        self.last = move_source(move) == SOURCE_DECK and view.deck_len == 1
        self.cost = cost
        self.better = better
        self.better_taken = better_taken
        self.hand = view.hand(view.to_move)
        (self.reason, self.card, self.number,
         self.better_reason, self.better_card, self.better_number) = why

    def points(self):
        """The cost in whole points, rounded."""
        return (self.cost + 500) // 1000


def explained(review, position):
    """The moves ``review`` (lostcities/review.py) kept, as :class:`Mistake`,
    worst first: each weighed again by the evaluation ``position`` from its
    player's view then, whose order names the better move among equals; the
    round replayed from its deal up to each."""
    hand1, hand2, deck, start = review.deal
    state = State.from_deal(hand1, hand2, deck, start, review.colors)
    seen = State(review.colors)
    player = review.player
    moves = review.moves
    found = {}
    replayed = 0
    for cost, index in sorted(review.kept, key=lambda kept: kept[1]):
        while replayed < index:
            state.apply(moves[replayed])
            replayed += 1
        view = state.view(player, seen)
        move = moves[index]
        position.load(view, player)
        better = position.best(None, 0)
        found[index] = Mistake(view, index, move, pile_card(view, move), cost, better,
                               pile_card(view, better), reason(view, player, move, better))
    return [found[index] for cost, index in review.kept]
