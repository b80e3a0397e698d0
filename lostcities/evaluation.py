"""The AI's evaluation: the final round margin a move leads to, estimated.

A Position is what its player knows (lostcities/knowledge.py) and the moves
on it, each weighed by what it changes in its colour and its draw. docs/ai.md
says what it weighs and why. Integers throughout (thousandths of a point);
host_sim/dev/tune.py tunes the tempo table here, the weights in knowledge.py.
"""

from micropython import const

from lostcities.knowledge import (
    HIGH_PIECE, PIECE_COUNTS, PIECE_SUMS, Knowledge, finish, finish_theirs)
from lostcities.rules.cards import CARDS_PER_COLOR, DISCARD, HAND_SIZE, make_move
from lostcities.rules.offsets import HAND_AT

_UNSET = const(-1000000000)  # below any value: no move found yet
_ONE = const(1000)  # a card, in the thousandths of knowledge.py
_PLAY_THEN_DISCARD = (0, DISCARD)  # built once: a tuple in a loop allocates
# What a move earns by its kind and the deck cards left (host_sim/dev/tune.py tunes
# it on the reference pool): 5 bytes per 5 deck cards (the last for 30 or more),
# each (byte - TEMPO_ZERO) * TEMPO_UNIT thousandths, for a play on a started expedition
# and an opening drawing from the deck, the same two drawing from a pile, and a
# discard drawing from a pile; a discard drawing from the deck is the 0 they are
# measured from. Mostly a play now is worth more than a discard: context() shrinks
# my hand for the turns left before the move, while a card played now needs no turn.
TEMPO = const(b"\x91\x75\x93\x69\x77"  # 0-4 deck cards
               b"\x8a\xa8\x91\xa4\x7c"  # 5-9 deck cards
               b"\xbc\x93\xa1\xab\x82"  # 10-14 deck cards
               b"\x88\x94\x93\x76\x8c"  # 15-19 deck cards
               b"\x87\x74\x85\x91\x87"  # 20-24 deck cards
               b"\x99\x89\x80\x8f\x84"  # 25-29 deck cards
               b"\x91\x80\x8d\x86\x7a")  # 30 or more deck cards
TEMPO_ZERO = const(128)  # the byte for 0
TEMPO_UNIT = const(50)
TEMPO_KINDS = const(5)  # bytes per row
TEMPO_STEP = const(5)  # deck cards per row
TEMPO_ROWS = const(7)


MOVE_KEYS = const(112)  # a move's key: its hand slot, discard or play, and draw source
SOURCES = const(7)  # the deck and six piles: the sums of one card's play or discard
EVERY_MOVE = const(-1)  # best_summed sums every move


def move_key(slot, discard, source):
    """Moves by the hand slot played or discarded and the source drawn from (0-6)."""
    return slot * 14 + (7 if discard else 0) + source


def key_move(state, player, key):
    """The move of ``key`` (``move_key``'s) by ``player`` in ``state``: a key names
    its move with the hand, so that the sums by key need no list of moves."""
    return make_move(state.hand_card(player, key // 14), key % 14 >= 7, key % 7)


def numbers_points(mask):
    """The points of the numbers in ``mask`` (a colour's cards as bits by index)."""
    mask >>= 3  # as PIECE_SUMS looks them up
    return PIECE_SUMS[mask & 31] + PIECE_SUMS[HIGH_PIECE + (mask >> 5)]


def numbers_count(mask):
    """How many numbers ``mask`` holds."""
    mask >>= 3
    return PIECE_SUMS[PIECE_COUNTS + (mask & 31)] + PIECE_SUMS[PIECE_COUNTS + (mask >> 5)]


class Position(Knowledge):
    """One player's knowledge of a round (``Knowledge``) and its moves."""

    def __init__(self, colors):
        super().__init__(colors)
        self.best_move = 0
        self.best_value = _UNSET
        self._sums = None  # best_summed's list of every move's value by move_key (None: none)
        self._watch = EVERY_MOVE  # best_summed's: only the moves of this key are summed
        # what drawing from each source adds when the move leaves its colour alone:
        # the deck (the average of the unseen cards) at 0, then each pile's top
        self.gain = [0] * (colors + 1)
        self.best_pile = self.second_pile = 0  # the piles of the highest gains (_rank_piles)
        self.with_top = 0  # _played's

    def best(self, rng, noise):
        """The best move by the evaluation (each value blurred by ``noise``).

        The moves drawing from the deck are weighed in the context a deck
        card shorter, then those drawing from a pile (``_weigh``).
        """
        self.best_value = _UNSET
        deck_len = self.state.deck_len
        for deck in (1, 0):
            if deck or self.pile_draws:
                total = self.context(deck_len - deck)
                self.draw_sources(deck)
                self._weigh(deck, total, rng, noise)
        return self.best_move

    def best_summed(self, sums, watch=EVERY_MOVE):
        """The best move, unblurred, every move's value also added to ``sums``
        by move_key (a key's None: its first value): hard's sampled hands,
        summed; the review's only the moves of ``watch`` (the move_key of a
        card's play or discard from the deck), by source (SOURCES of them)."""
        self._sums = sums
        self._watch = watch
        move = self.best(None, 0)
        self._sums = None
        self._watch = EVERY_MOVE
        return move

    def forget(self):
        """Let go of the round read last (a search's State goes with its decision)."""
        self.state = None

    def _weigh(self, deck, total, rng, noise):
        """Weigh each move drawing from the deck (``deck``) or a pile in the context just
        set (its colours' sum ``total``), its colour anew; unblurred, its best pile at once.
        What the pass's moves earn by the tempo table and where they draw are set once
        here, the moves weighed in ``_weigh_moves``."""
        row = self.state.deck_len // TEMPO_STEP
        row = (row if row < TEMPO_ROWS else TEMPO_ROWS - 1) * TEMPO_KINDS + 2 - 2 * deck
        tempo = TEMPO
        played = total + (tempo[row] - TEMPO_ZERO) * TEMPO_UNIT  # on a started expedition
        opened = total + (tempo[row + 1] - TEMPO_ZERO) * TEMPO_UNIT
        discarded = total if deck else total + (tempo[row + 2] - TEMPO_ZERO) * TEMPO_UNIT
        watch = EVERY_MOVE if noise else self._watch if self._sums is not None else -2  # -2: none
        # a move leaving its colour alone draws from the deck, else the best pile but its own
        first = 0 if deck else self.best_pile
        self._weigh_moves(deck, played, opened, discarded, watch, first, self.second_pile, rng,
                          noise)

    def _weigh_moves(self, deck, played, opened, discarded, watch, first, second, rng, noise):
        """Weigh each move of the hand in ``_weigh``'s pass: ``played``, ``opened``, ``discarded``
        the sum after a play, an opening, a discard; ``first`` (``second``) a source to draw."""
        gain = self.gain
        projected = self.projected
        tops = self.top
        points_of = self.points
        cards_of = self.cards
        wagered = self.wagered
        counts = self.count
        piles = self.pile_top
        buf = self.state.buf  # read in place (lostcities/rules/offsets.py)
        start = HAND_AT + self.player * HAND_SIZE
        best_value = self.best_value
        for slot in range(HAND_SIZE):
            card = buf[start + slot]
            color = card // CARDS_PER_COLOR
            index = card % CARDS_PER_COLOR
            top = tops[color]
            pile = color + 1  # the source of its colour's pile
            for discard in _PLAY_THEN_DISCARD:
                mine = None  # a play's value drawing its own colour's pile top
                if discard:  # my side loses the card, theirs may take it
                    after = discarded
                    if index > top if index > 2 else top < 3:  # it could still go on my side
                        after += (finish(points_of[color], cards_of[color] - _ONE,
                                         wagered[color] - 1, counts[color]) if index < 3 else
                                  finish(points_of[color] - self.my_hand * (index - 1),
                                         cards_of[color] - self.my_hand, wagered[color],
                                         counts[color])
                                  ) - projected[color]
                    other = self.colors + color
                    theirs = tops[other]
                    if (index > 2 and index > theirs) or (
                            piles[color] > 2 and piles[color] > theirs):
                        after += projected[other] - finish_theirs(  # the top they may take
                            points_of[other], cards_of[other], wagered[other], counts[other],
                            theirs, index)
                elif index > top if index > 2 else top < 3:  # it can be played
                    after = (opened if top < 0 else played) - projected[color]
                    drawing = not (deck or gain[pile] is None)  # its own pile's top too
                    after += self._played(color, index, drawing)
                    mine = after + self.with_top if drawing else None
                else:
                    continue
                key = slot * 14 + (7 if discard else 0)  # move_key's
                if watch == EVERY_MOVE or watch == key:
                    self.best_value = best_value
                    self._each_source(card, discard, key, after, mine, deck, rng, noise)
                    best_value = self.best_value
                    continue
                source = second if first == pile else first
                value = gain[source] + after if deck or source else _UNSET
                if mine is not None and (mine > value or mine == value and pile < source):
                    value = mine
                    source = pile
                if value > best_value:
                    best_value = value
                    self.best_move = make_move(card, discard, source)
        self.best_value = best_value

    def _played(self, color, index, with_top):
        """My expedition's projection after the card of ``index`` is played on
        ``color``; ``with_top``: also ``with_top`` set, what drawing its pile's
        top (there is one) then adds (my side with the card, theirs without it).

        From the context's sums for the expedition as it stands: a wager
        keeps them (the wagers in hand and every number still fit), a number
        moves from my hand to the expedition and drops the cards below it."""
        points = self.points[color]
        cards = self.cards[color]
        count = self.count[color] + 1
        sure_f = self.my_hand
        if index < 3:
            wagers = self.wagered[color]
        else:
            wagers = self.wagers[color]  # the wagers in hand no longer fit
            points += (_ONE - sure_f) * (index - 1)
            cards += _ONE - sure_f - _ONE * self.held[color]
            top = self.top[color]
            below = (1 << index) - (8 if top < 3 else 2 << top)  # the numbers skipped
            hand = self.hand[color] & below
            unseen = self.unseen[color] & below & ~hand
            if hand:
                points -= sure_f * numbers_points(hand)
                cards -= sure_f * numbers_count(hand)
            if unseen:
                points -= self.my_unseen * numbers_points(unseen)
                cards -= self.my_unseen * numbers_count(unseen)
        value = finish(points, cards, wagers, count)
        if with_top:
            taken = self.pile_top[color]
            if taken > index and taken > 2:  # a number above it
                top_value = finish(points + sure_f * (taken - 1), cards + sure_f, wagers, count)
            elif taken < 3 and index < 3:  # a wager beside it
                top_value = finish(points, cards + _ONE, wagers + 1, count)
            else:
                top_value = value
            self.with_top = top_value - value + self._their_loss(color, self.pile_under[color])
        return value

    def _each_source(self, card, discard, key, after, mine, deck, rng, noise):
        """Weigh the move of ``card`` (``key``, its move_key from the deck) drawing
        from each source, blurred by ``noise``, and add each value to ``sums``
        where the move is summed: ``after`` from another source than its
        colour's pile, ``mine`` a play from that pile (None: none)."""
        gain = self.gain
        sums = self._sums
        at = key  # where this move's sums start: by move_key, or by source where watched
        if self._watch != EVERY_MOVE:
            at = 0
            if self._watch != key:
                sums = None  # not summed
        pile = card // CARDS_PER_COLOR + 1  # the source of its colour's pile
        best_value = self.best_value
        best = -1  # the source of a value above the best so far, the first among equals
        for source in range(1 - deck, 1 if deck else self.colors + 1):
            value = gain[source]
            if value is None:
                continue  # an empty pile
            if source != pile:
                value += after
            elif discard:
                continue
            else:
                value = mine
            if noise:  # up to +-noise/2 thousandths, in steps of 10
                value += 10 * rng.randbelow(noise // 10 + 1) - noise // 2
            if value > best_value:
                best_value = value
                best = source
            if sums is not None:
                total = sums[at + source]
                sums[at + source] = value if total is None else total + value
        if best >= 0:
            self.best_value = best_value
            self.best_move = make_move(card, discard, best)

    def draw_sources(self, deck):
        """Fill ``gain`` for the current context: from the deck (``deck``) the
        average gain of drawing one unseen card, else what taking each pile's top adds
        (None: an empty pile), and rank the piles (``best_pile``, ``second_pile``)."""
        if deck:
            self.gain[0] = self.deck_gain()
        else:
            self._pile_gains()
            self._rank_piles()

    def _pile_gains(self):
        """What taking each pile's top adds, where a move leaves its colour alone."""
        colors = self.colors
        points_of = self.points
        cards_of = self.cards
        wagered = self.wagered
        projected = self.projected
        gain = self.gain
        my_hand = self.my_hand
        for color in range(colors):
            taken = self.pile_top[color]
            if taken < 0:
                # an empty pile: no source (None, which only this line's types allow)
                gain[color + 1] = None  # type: ignore[call-overload]
                continue
            top = self.top[color]
            take = 0  # what it adds, where neither side's sums change
            if taken < 3:
                if top < 3:
                    take = finish(points_of[color], cards_of[color] + _ONE, wagered[color] + 1,
                                  self.count[color]) - projected[color]
            elif taken > top:
                take = finish(points_of[color] + my_hand * (taken - 1), cards_of[color] + my_hand,
                              wagered[color], self.count[color]) - projected[color]
            other = colors + color
            theirs = self.top[other]
            lower = self.pile_under[color]
            if (taken > 2 and taken > theirs) or (lower > 2 and lower > theirs):
                take += projected[other] - finish_theirs(  # the top they may take
                    points_of[other], cards_of[other], wagered[other], self.count[other],
                    theirs, lower)
            gain[color + 1] = take

    def _rank_piles(self):
        """Set ``best_pile``, the pile of the highest gain (the first among
        equals), and ``second_pile``, the others' highest (0: none)."""
        gain = self.gain
        first = second = 0
        for source in range(1, self.colors + 1):
            value = gain[source]
            if value is None:
                continue
            if not first or value > gain[first]:
                second = first
                first = source
            elif not second or value > gain[second]:
                second = source
        self.best_pile = first
        self.second_pile = second

    def _their_loss(self, color, pile):
        """What the opponent's side of ``color`` loses when its pile's top becomes
        the card of index ``pile`` (or NO_CARD)."""
        other = self.colors + color
        return self.projected[other] - finish_theirs(
            self.points[other], self.cards[other], self.wagered[other], self.count[other],
            self.top[other], pile)
