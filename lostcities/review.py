"""The round's review: where a player's points went (docs/ai.md, "The review").

A :class:`Review` replays a round from its deal and moves and judges each
move of one player by the evaluation every AI level and the hint play by,
from what that player saw at that moment: the move's cost is
the value of the evaluation's best move less that of the move played. It
keeps the costliest moves (:class:`Mistake`), up to ``KEPT``, worst first;
a move costing ``WELL_PLAYED`` or less is no mistake. It works a move at a
time (:meth:`Review.step`), so that the board shows its progress and stops at
a press with what is done so far. Integers throughout, nothing timed.
"""

from micropython import const

from lostcities import reasons
from lostcities.evaluation import MOVE_KEYS, Position, move_key
from lostcities.rules.cards import SOURCE_DECK, move_card, move_discards, move_source
from lostcities.rules.state import State

WELL_PLAYED = const(5000)  # thousandths of a point: a move costing no more is no mistake
KEPT = const(3)  # the costliest moves kept

class Mistake:
    """One costly move: ``turn`` (0-based, in the round), the ``move`` played
    and the card it took from a pile (``taken``, NO_CARD from the deck;
    ``last``: it drew the deck's last card),
    ``cost`` in thousandths of a point, the ``better`` move and its
    ``better_taken``, the player's ``hand`` then (8 bytes, from their
    ``view``), and why, as lostcities/reasons.py words them: what was wrong with
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


class Review:
    """The review of ``player``'s moves in a round dealt ``deal`` (``(hand1,
    hand2, deck top first, starter)``, as ``Match.deals`` keeps it) with
    ``colors`` colours, whose moves were ``moves``. ``position``: an
    evaluation Position to reuse (the AI's), or None for a new one.

    Call :meth:`step` until it returns False; :attr:`mistakes` is the
    costliest moves judged so far, worst first (empty: well played).
    """

    def __init__(self, colors, deal, moves, player, position=None):
        hand1, hand2, deck, start = deal
        self.state = State.from_deal(hand1, hand2, deck, start, colors)
        self.seen = State(colors)  # the player's view, written over for each kept mistake
        self.moves = moves
        self.player = player
        self.position = position or Position(colors)
        self.values = [None] * MOVE_KEYS  # the moves' values, by move_key
        self.next = 0  # the index in ``moves`` of the next move to replay
        self.reviewed = 0  # the player's moves judged so far
        self.total = (len(moves) + (start == player)) // 2  # the player's moves
        self.mistakes = []

    def done(self):
        return self.reviewed == self.total

    def step(self):
        """Judge the player's next move (the opponent's before it replayed);
        False when none was left."""
        moves = self.moves
        state = self.state
        while self.next < len(moves) and state.to_move != self.player:
            state.apply(moves[self.next])
            self.next += 1
        if self.next >= len(moves):
            return False
        move = moves[self.next]
        self._judge(move)
        state.apply(move)
        self.next += 1
        self.reviewed += 1
        return True

    def run(self):
        """Judge every move left; the mistakes."""
        while self.step():
            pass
        return self.mistakes

    def _judge(self, move):
        """Weigh ``move`` against the evaluation's best, as the player sees the round.

        The evaluation reads the round's state itself, for ``load`` reads only
        what the player sees there: their view would give it the same knowledge
        and every move the same value, in another slot order. A kept mistake is
        weighed again from the view, whose order names the better move among
        equals."""
        player = self.player
        state = self.state
        position = self.position
        values = self.values
        from_deck = move_key(state.slot_of(player, move_card(move)), move_discards(move),
                             SOURCE_DECK)  # the played card's move, each source summed
        key = from_deck + move_source(move)
        values[key] = None  # the evaluation adds each move's value to its key's
        position.load(state, player)
        position.best_summed(values, from_deck)
        if values[key] is None:  # a pile draw past the round's turn limit: not weighed
            return
        cost = position.best_value - values[key]
        kept = self.mistakes
        if cost <= WELL_PLAYED or (len(kept) == KEPT and cost <= kept[-1].cost):
            return
        view = state.view(player, self.seen)
        position.load(view, player)
        better = position.best(None, 0)
        mistake = Mistake(view, self.next, move, reasons.pile_card(view, move), cost, better,
                          reasons.pile_card(view, better), reasons.reason(view, player, move, better))
        at = len(kept)
        while at and kept[at - 1].cost < cost:  # the earlier first among equals
            at -= 1
        kept.insert(at, mistake)
        if len(kept) > KEPT:
            kept.pop()
