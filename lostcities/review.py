"""The round's review: where a player's points went (docs/ai.md, "The review").

A :class:`Review` replays a round from its deal and moves and judges each
move of one player by the evaluation every AI level and the hint play by,
from what that player saw at that moment: the move's cost is
the value of the evaluation's best move less that of the move played. It
keeps the costliest moves, up to ``KEPT``, worst first; a move costing
``WELL_PLAYED`` or less is no mistake. It judges a move at a time
(:meth:`Review.judge`), so that the board shows its progress, stops at a
press with what is done so far, and judges while the round is played, in
the player's thinking time (lostcities/advice.py); only the moves kept are
then put in words (:meth:`Review.explain`: lostcities/mistakes.py).
Integers throughout, nothing timed.
"""

from micropython import const

from lostcities.evaluation import SOURCES
from lostcities.rules.cards import SOURCE_DECK, move_card, move_discards, move_source
from lostcities.rules.state import State

WELL_PLAYED = const(5000)  # thousandths of a point: a move costing no more is no mistake
KEPT = const(3)  # the costliest moves kept


class Review:
    """The review of ``player``'s moves in a round dealt ``deal`` (``(hand1,
    hand2, deck top first, starter)``, as ``Match.deals`` keeps it) with
    ``colors`` colours, whose moves are ``moves`` (the round's own list: a
    review made while the round is played judges the moves as they come).

    Call :meth:`step` until it returns False; :attr:`mistakes` is then the
    costliest moves, worst first (empty: well played).
    """

    def __init__(self, colors, deal, moves, player):
        self.colors = colors
        self.deal = deal
        hand1, hand2, deck, start = deal
        self.state = State.from_deal(hand1, hand2, deck, start, colors)
        self.moves = moves
        self.player = player
        self.position = None  # the review's own evaluation, made when none is lent (judge)
        self.values = [None] * SOURCES  # the played card's moves' values by source
        self.next = 0  # the index in ``moves`` of the next move to replay
        self.reviewed = 0  # the player's moves judged so far
        self.kept = []  # (cost, index in ``moves``) of the costliest moves judged, worst first
        self.mistakes = []  # the kept moves in words, once explained

    @property
    def total(self):
        """The player's moves played so far."""
        return (len(self.moves) + (self.deal[3] == self.player)) // 2

    def done(self):
        """Whether every move the player has played is judged."""
        return self.reviewed == self.total

    def step(self):
        """Judge the player's next move, or once every move is judged, put
        the kept ones in words: False when that is done."""
        if self.judge():
            return True
        self.explain()
        return False

    def run(self):
        """Judge every move left; the mistakes."""
        while self.step():
            pass
        return self.mistakes

    def judge(self, position=None):
        """Judge the player's next move played (the opponent's before it
        replayed), without words; False when none is left to judge.
        ``position``: an evaluation Position lent for this move (the AI's:
        the review keeps none, for the app may let the AI's modules go), else
        the review's own."""
        moves = self.moves
        state = self.state
        while self.next < len(moves) and state.to_move != self.player:
            state.apply(moves[self.next])
            self.next += 1
        if self.next >= len(moves):
            return False
        move = moves[self.next]
        self._weigh(move, position or self._position())
        state.apply(move)
        self.next += 1
        self.reviewed += 1
        return True

    def _position(self):
        if self.position is None:
            from lostcities.evaluation import Position
            self.position = Position(self.colors)
        return self.position

    def _weigh(self, move, position):
        """Weigh ``move`` against the evaluation's best, as the player sees the
        round, and keep it if it is among the costliest.

        The evaluation reads the round's state itself, for ``load`` reads only
        what the player sees there: their view would give it the same knowledge
        and every move the same value, in another slot order. The evaluation's
        names are looked up here, not held by this module: the app lets the
        AI's modules go after a hint (lostcities/memory.py), while the
        Session keeps the round's review."""
        from lostcities.evaluation import move_key
        player = self.player
        state = self.state
        values = self.values
        source = move_source(move)
        values[source] = None  # the evaluation adds each source's value to its own
        position.load(state, player)
        position.best_summed(values, move_key(  # the played card's move, each source summed
            state.slot_of(player, move_card(move)), move_discards(move), SOURCE_DECK))
        if values[source] is None:  # a pile draw past the round's turn limit: not weighed
            return
        cost = position.best_value - values[source]
        kept = self.kept
        if cost <= WELL_PLAYED or (len(kept) == KEPT and cost <= kept[-1][0]):
            return
        at = len(kept)
        while at and kept[at - 1][0] < cost:  # the earlier first among equals
            at -= 1
        kept.insert(at, (cost, self.next))
        if len(kept) > KEPT:
            kept.pop()

    def explain(self):
        """Put the kept moves in words (:attr:`mistakes`): lostcities/mistakes.py,
        loaded only now, not while the round is played."""
        from lostcities.mistakes import explained
        self.mistakes = explained(self, self._position())
        return self.mistakes


def for_round(review, match, player):
    """The review of ``player``'s moves in ``match``'s last round: ``review``
    if it is that one (judged while the round was played), else a new one."""
    moves = match.moves[-1]
    if review is None or review.moves is not moves or review.player != player:
        review = Review(match.colors, match.deals[-1], moves, player)
    return review
