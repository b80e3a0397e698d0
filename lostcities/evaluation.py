"""The AI's evaluation: the final round margin a move leads to, estimated.

A Position is what its player knows (lostcities/knowledge.py) and the moves
on it, each weighed by what it changes in its colour and its draw. docs/ai.md
says what it weighs and why. Integers throughout (thousandths of a point);
host_sim/dev/tune.py tunes the tempo table here, the weights in knowledge.py.
"""

from micropython import const

from lostcities.knowledge import Knowledge, finish, finish_theirs
from lostcities.rules.cards import CARDS_PER_COLOR, DISCARD, HAND_SIZE, NO_CARD, make_move
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
EVERY_MOVE = const(-1)  # best_summed sums every move


def move_key(slot, discard, source):
    """Moves by the hand slot played or discarded and the source drawn from (0-6)."""
    return slot * 14 + (7 if discard else 0) + source


def key_move(state, player, key):
    """The move of ``key`` (``move_key``'s) by ``player`` in ``state``: a key names
    its move with the hand, so that the sums by key need no list of moves."""
    return make_move(state.hand_card(player, key // 14), key % 14 >= 7, key % 7)


class Position(Knowledge):
    """One player's knowledge of a round (``Knowledge``) and its moves."""

    def __init__(self, colors):
        super().__init__(colors)
        self.best_move = 0
        self.best_value = _UNSET
        self._sums = None  # best_summed's list of every move's value by move_key (None: none)
        self._watch = EVERY_MOVE  # best_summed's: only the moves of this key are summed
        self.play_mine = None  # _play_value's: the play drawing its colour's pile top
        # what drawing from each source adds when the move leaves its colour alone:
        # the deck (the average of the unseen cards) at 0, then each pile's top
        self.gain = [0] * (colors + 1)
        self.best_pile = self.second_pile = 0  # the piles of the highest gains (_rank_piles)

    def best(self, rng, noise):
        """The best move by the evaluation (each value blurred by ``noise``).

        The moves drawing from the deck are weighed in the context a deck
        card shorter, then those drawing from a pile (``_weigh``).
        """
        self.best_value = _UNSET
        deck_len = self.state.deck_len
        for deck in (1, 0):
            if deck or self.pile_draws:
                self._weigh(deck, self.context(deck_len - deck), rng, noise)
        return self.best_move

    def best_summed(self, sums, watch=EVERY_MOVE):
        """The best move, unblurred, every move's value also added to ``sums``
        by move_key (a key's None: its first value): hard's sampled hands,
        summed; the review's only the moves of the card of ``watch`` (the key
        of its move from the deck), each source's."""
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
        """Weigh every move drawing from the deck (``deck``) or from a pile, in
        the context just set, whose colours sum to ``total``. A move changes
        only the colour it touches and its draw's: the other colours' values
        are that sum, and its own is weighed from the context's sums for it
        (a discard: ``_discard_change``) or projected again (a play:
        ``_play_value``). Unsummed and unblurred, a move's best pile at once."""
        self.draw_sources(deck)
        gain = self.gain
        projected = self.projected
        tops = self.top
        piles = self.pile_top
        colors = self.colors
        buf = self.state.buf  # read in place (lostcities/rules/offsets.py)
        start = HAND_AT + self.player * HAND_SIZE
        watch = self._watch if self._sums is not None else -2  # -2: none
        quick = not (noise or watch == EVERY_MOVE)
        row = min(self.state.deck_len // TEMPO_STEP, TEMPO_ROWS - 1) * TEMPO_KINDS
        row += 0 if deck else 2  # the kinds drawing from a pile
        bonus = 0 if deck else (TEMPO[row + 2] - TEMPO_ZERO) * TEMPO_UNIT  # a discard's
        first = self.best_pile
        second = self.second_pile
        best_value = self.best_value
        for slot in range(HAND_SIZE):
            card = buf[start + slot]
            color = card // CARDS_PER_COLOR
            index = card % CARDS_PER_COLOR
            top = tops[color]
            pile = color + 1  # the source of its colour's pile
            for discard in _PLAY_THEN_DISCARD:
                mine = None  # a play's value drawing its own pile's top
                if discard:  # my side loses the card, theirs may take it
                    after = total + bonus
                    if index > top if index > 2 else top < 3:  # it could go on my side
                        after += self._discard_change(color, index)
                    theirs = tops[colors + color]
                    if (index > 2 and index > theirs) or (piles[color] > 2 and piles[color] > theirs):
                        after += self._their_loss(color, index)
                elif index > top if index > 2 else top < 3:  # it can be played
                    after = self._play_value(color, index, total, row, deck)
                    mine = self.play_mine
                else:
                    continue
                key = slot * 14 + (7 if discard else 0)  # move_key's
                if not quick or watch == key:
                    self.best_value = best_value
                    self._each_source(card, discard, key, after, mine, deck, rng, noise)
                    best_value = self.best_value
                    continue
                source = 0 if deck else second if first == pile else first
                value = gain[source] + after if deck or source else _UNSET
                if mine is not None and (mine > value or mine == value and pile < source):
                    value = mine
                    source = pile
                if value > best_value:
                    best_value = value
                    self.best_move = make_move(card, discard, source)
        self.best_value = best_value

    def _play_value(self, color, index, total, row, deck):
        """A play's value but its draw's in the context just set, whose colours
        sum to ``total``: my side of ``color`` projected from the context's
        sums, less the cards the play passes by, and its tempo (``row`` of
        TEMPO). Drawing from a pile, ``play_mine`` is its value drawing its
        own colour's pile top (None: not so)."""
        sure_f = self.my_hand
        unseen_f = self.my_unseen
        top = self.top[color]
        points = self.points[color]
        cards = self.cards[color]
        wagers = self.wagered[color]
        if index > 2:  # the wagers in hand fit no more, nor the cards passed by
            points += _ONE * (index - 1)
            cards += _ONE * (1 - self.held[color])
            wagers = self.wagers[color]
            hand = self.hand[color]
            unseen = self.unseen[color]
            passed = max(top, 2) + 1
            while passed <= index:
                if hand >> passed & 1:
                    points -= sure_f * (passed - 1)
                    cards -= sure_f
                elif unseen >> passed & 1:
                    points -= unseen_f * (passed - 1)
                    cards -= unseen_f
                passed += 1
        count = self.count[color] + 1
        after = total - self.projected[color] + (
            TEMPO[row + (1 if top < 0 else 0)] - TEMPO_ZERO) * TEMPO_UNIT
        self.play_mine = None
        if not (deck or self.gain[color + 1] is None):
            drawn = self.pile_top[color]
            mine = after + self._their_loss(color, self.pile_under[color])
            if drawn > 2 and drawn > index:
                mine += finish(points + sure_f * (drawn - 1), cards + sure_f, wagers, count)
            elif drawn < 3 and index < 3:
                mine += finish(points, cards + _ONE, wagers + 1, count)
            else:
                mine += finish(points, cards, wagers, count)
            self.play_mine = mine
        return after + finish(points, cards, wagers, count)

    def _each_source(self, card, discard, key, after, mine, deck, rng, noise):
        """Weigh the move of ``card`` (``key``, its move_key from the deck) drawing
        from each source, blurred by ``noise``, and add each value to ``sums``
        where the move is summed: ``after`` from another source than its
        colour's pile, ``mine`` a play from that pile (None: none)."""
        gain = self.gain
        sums = self._sums
        noted = sums is not None and (self._watch == key or self._watch == EVERY_MOVE)
        pile = card // CARDS_PER_COLOR + 1  # the source of its colour's pile
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
            if value > self.best_value:
                self.best_value = value
                self.best_move = make_move(card, discard, source)
            if noted:
                at = key + source
                sums[at] = value if sums[at] is None else sums[at] + value

    def _discard_change(self, color, index):
        """What my side of ``color`` loses with the card of ``index``, which
        could still go on it, in the context just set."""
        if index < 3:
            return finish(self.points[color], self.cards[color] - _ONE, self.wagered[color] - 1,
                          self.count[color]) - self.projected[color]
        sure_f = self.my_hand
        return finish(self.points[color] - sure_f * (index - 1), self.cards[color] - sure_f,
                      self.wagered[color], self.count[color]) - self.projected[color]

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
