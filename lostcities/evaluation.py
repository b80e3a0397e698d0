"""The AI's evaluation: the final round margin a move leads to, estimated.

docs/ai.md says what it weighs and why. Integers throughout (thousandths of
a point); host_sim/dev/tune.py tunes the weights, module globals under CPython.
"""

from micropython import const

from lostcities.rules.cards import CARDS_PER_COLOR, DISCARD, HAND_SIZE, MAX_COLORS, turn_limit
from lostcities.rules.offsets import (
    EXP_AT, EXP_LEN_AT, HAND_AT, KNOWN_AT, PILE_AT, PILE_LEN_AT)

_UNSET = const(-1000000000)  # below any value: no move found yet

_ONE = const(1000)  # fixed point: 1000 is 1.0 (and one point)
_COST = const(20000)  # what opening an expedition costs
_BONUS = const(20000)  # what an expedition of 8 cards or more earns on top
_WAGERS = const(7)  # bit mask of a colour's three wagers (indices 0-2)
_ALL = const(4095)  # all twelve cards of a colour
_NONE = const(-1)  # no card (an empty pile)
# A colour's numbers (indices 3-11, as bits from 0) in two pieces, indices 3-7 and 8-11:
# the points each piece's cards add up to (index - 1 each), the first piece's from 0
# and the second's from _HIGH, then from _COUNT how many cards a 5-bit piece holds.
_SUMS = bytes([sum(first + i - 1 for i in range(5) if piece >> i & 1)
               for first, pieces in ((3, 32), (8, 16)) for piece in range(pieces)]
              + [sum(piece >> i & 1 for i in range(5)) for piece in range(32)])
_HIGH = const(32)
_COUNT = const(48)
# What load tallies per colour (a byte each, _TALLY a colour): the points and the count
# of my hand's cards that may still go on my expedition and my wagers in hand that
# still fit it, the same of the unseen cards for me, then the same for the opponent
# (their known hand cards, their wagers, the unseen cards for them)
_HAND_POINTS = const(0)
_HAND_CARDS = const(1)
_HELD = const(2)
_UNSEEN_POINTS = const(3)
_UNSEEN_CARDS = const(4)
_THEIR_SIDE = const(5)  # the opponent's five, in the same order
_TALLY = const(10)
# What context weighs per colour (_BASE a colour): its value (mine less theirs), my
# projection's points and cards before finishing, theirs without the pile's top,
# and their projection
_VALUE = const(0)
_MY_POINTS = const(1)
_MY_CARDS = const(2)
_THEIR_POINTS = const(3)
_THEIR_CARDS = const(4)
_THEIR_VALUE = const(5)
_BASE = const(6)
_PLAY_THEN_DISCARD = (0, DISCARD)  # built once: a tuple in a loop allocates
# The weights, in thousandths unless said (host_sim/dev/tune.py tunes them)
_THEIR_PILE = const(700)  # weight of a pile top the opponent may take next
_THEIR_DRAWS = const(600)  # weight of the opponent's future draws among the unseen
_MY_DRAWS = const(1000)  # weight of my future draws among the unseen
_DRAW_WEIGHT = const(1000)  # weight of a deck draw's average gain
_LONG_BONUS = const(10)  # per thousandth of a card past 6: the way to the 8-card bonus
_HURDLE = const(0)  # what an unstarted expedition's projection must beat to count
# What a move earns by its kind and the deck cards left (host_sim/dev/tune.py tunes
# it on the reference pool): 5 bytes per 5 deck cards (the last for 30 or more),
# each (byte - _TEMPO_ZERO) * _TEMPO_UNIT thousandths, for a play on a started expedition
# and an opening drawing from the deck, the same two drawing from a pile, and a
# discard drawing from a pile; a discard drawing from the deck is the 0 they are
# measured from. Mostly a play now is worth more than a discard: context() shrinks
# my hand for the turns left before the move, while a card played now needs no turn.
_TEMPO = (b"\x91\x75\x93\x69\x77"  # 0-4 deck cards
          b"\x8a\xa8\x91\xa4\x7c"  # 5-9 deck cards
          b"\xbc\x93\xa1\xab\x82"  # 10-14 deck cards
          b"\x88\x94\x93\x76\x8c"  # 15-19 deck cards
          b"\x87\x74\x85\x91\x87"  # 20-24 deck cards
          b"\x99\x89\x80\x8f\x84"  # 25-29 deck cards
          b"\x91\x80\x8d\x86\x7a")  # 30 or more deck cards
_TEMPO_ZERO = const(128)  # the byte for 0
_TEMPO_UNIT = const(50)
_TEMPO_KINDS = const(5)  # bytes per row
_TEMPO_STEP = const(5)  # deck cards per row
_TEMPO_ROWS = const(7)


def _projection(top, total, wagers, count, sure, sure_f, maybe, maybe_f,
                unseen, unseen_f):
    """Projected final score of one expedition, in thousandths of a point.

    ``top`` is the index of its last card (-1 when empty), ``total``,
    ``wagers`` and ``count`` what it holds. ``sure``, ``maybe`` and
    ``unseen`` are masks of the cards that may still go on it, weighted by
    their factors.
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
    return _finish(points, cards, wagers, count)


def _finish(points, cards, wagers, count):
    """An expedition's projection from the points and cards (thousandths) it
    expects and its wagers: what a play, a draw or a discard changes in a
    colour is added to these sums, and only they are finished again."""
    value = (points - _COST) * (1 + wagers)
    if cards >= 8 * _ONE:
        value += _BONUS
    elif cards > 6 * _ONE:
        value += (cards - 6 * _ONE) * _LONG_BONUS
    if count == 0 and value < _HURDLE:
        return 0  # not opening it is free
    return value


def _theirs(points, cards, wagers, count, top, pile):
    """The opponent's projection from its sums without the pile, ``pile`` (an
    index, or _NONE) the top they may take from it."""
    if pile > 2 and pile > top:
        points += _THEIR_PILE * (pile - 1)
        cards += _THEIR_PILE
    return _finish(points, cards, wagers, count)


MOVE_KEYS = const(112)  # a move's key: its hand slot, discard or play, and draw source


def move_key(slot, discard, source):
    """Moves by the hand slot played or discarded and the source drawn from (0-6)."""
    return slot * 14 + (7 if discard else 0) + source


def _drawn(points, cards, wagers, count, step, mask, first, numbers_points, numbers):
    """The projections, summed, of an expedition after each of its ``numbers``
    cards in ``mask`` from index ``first`` (their points ``numbers_points``)
    weighs ``step`` thousandths more. The projection is linear in the card's
    points: summed at once, or card by card where an unstarted expedition's
    hurdle cuts it off."""
    value = _finish(points, cards + step, wagers, 1)  # as if started: no hurdle
    slope = step * (1 + wagers)
    if count:
        return numbers * value + slope * numbers_points
    total = 0
    mask >>= first
    value += slope * (first - 1)
    while mask:
        if mask & 1 and value >= _HURDLE:
            total += value
        mask >>= 1
        value += slope
    return total


class Position:
    """One player's knowledge of a round as per-colour integers, and its moves.

    Reads only what ``player`` may see, from a view or (inside the search) a
    sampled full state. Loading again reuses the same lists.
    """

    def __init__(self, colors):
        self.colors = colors
        self.hand = [0] * colors  # masks of my cards per colour
        self.known = [0] * colors  # masks of the opponent's known cards
        self.unseen = [0] * colors  # masks of the cards nobody showed me
        # expeditions, index player * colors + colour (player 0: me)
        self.top = [0] * (2 * colors)
        self.total = [0] * (2 * colors)
        self.wagers = [0] * (2 * colors)
        self.count = [0] * (2 * colors)
        self.pile_top = [0] * colors  # index of each pile's top card, or _NONE
        self.pile_under = [0] * colors  # the card below it
        self.tally = bytearray(_TALLY * colors)  # the cards that may still go on each expedition
        self.base = [0] * (_BASE * colors)  # each colour weighed in the current context
        # what drawing from each source adds when the move leaves its colour alone:
        # the deck (the average of the unseen cards) at 0, then each pile's top (best)
        self.gains = [0] * (colors + 1)
        self.best_move = 0
        self.best_value = _UNSET
        # set by load and context; made here so that the object never grows
        self.state = None
        self.player = self.hidden = 0
        self.unseen_count = 1
        self.pile_draws = True
        self.my_hand = self.my_unseen = self.their_hand = self.their_unseen = 0
        self.sums = None  # hard: a list that sums every move's value, by move_key
        self.sum_moves = None  # and the moves of those keys

    def load(self, state, player, sees_all=False):
        """Read ``state`` as ``player`` sees it (``sees_all``: the opponent's hand too)."""
        self.state = state
        self.player = player
        colors = self.colors
        other = 1 - player
        hand = self.hand
        known = self.known
        unseen = self.unseen
        tops = self.top
        for color in range(colors):
            hand[color] = known[color] = 0
            unseen[color] = _ALL
        buf = state.buf  # read in place (lostcities/rules/offsets.py): a call a card costs more
        hidden = 0
        for slot in range(HAND_SIZE):
            card = buf[HAND_AT + player * HAND_SIZE + slot]
            color = card // CARDS_PER_COLOR
            bit = 1 << (card % CARDS_PER_COLOR)
            hand[color] |= bit
            unseen[color] &= ~bit
            if sees_all or buf[KNOWN_AT + other * HAND_SIZE + slot]:
                card = buf[HAND_AT + other * HAND_SIZE + slot]
                color = card // CARDS_PER_COLOR
                bit = 1 << (card % CARDS_PER_COLOR)
                known[color] |= bit
                unseen[color] &= ~bit
            else:
                hidden += 1
        self.hidden = hidden
        for at in range(2 * colors):
            who = player if at < colors else other
            color = at % colors
            top = -1
            total = wagers = 0
            first = who * MAX_COLORS + color
            size = buf[EXP_LEN_AT + first]
            first = EXP_AT + first * CARDS_PER_COLOR
            for i in range(first, first + size):
                top = buf[i] % CARDS_PER_COLOR
                unseen[color] &= ~(1 << top)
                if top < 3:
                    wagers += 1
                else:
                    total += top - 1
            tops[at] = top
            self.total[at] = total
            self.wagers[at] = wagers
            self.count[at] = size
        count = 0
        tally = self.tally
        for color in range(colors):
            size = buf[PILE_LEN_AT + color]
            index = _NONE
            first = PILE_AT + color * CARDS_PER_COLOR
            for i in range(first, first + size):
                self.pile_under[color] = index
                index = buf[i] % CARDS_PER_COLOR
                unseen[color] &= ~(1 << index)
            self.pile_top[color] = index
            if size < 2:
                self.pile_under[color] = _NONE
            mask = unseen[color]
            count += (_SUMS[_COUNT + (mask & 31)] + _SUMS[_COUNT + (mask >> 5 & 31)]
                      + _SUMS[_COUNT + (mask >> 10)])
            for side in range(2):  # the cards that may still go on each side's expedition
                at = color * _TALLY + side * _THEIR_SIDE
                top = tops[side * colors + color]
                sure = known[color] if side else hand[color]
                tally[at + _HELD] = 0
                if top < 3:  # no numbers yet: wagers in hand still fit
                    tally[at + _HELD] = _SUMS[_COUNT + (sure & _WAGERS)]
                    top = 2
                sure >>= top + 1
                shift = top - 2  # the numbers above the top as _SUMS looks them up
                mask = sure << shift
                tally[at + _HAND_POINTS] = _SUMS[mask & 31] + _SUMS[_HIGH + (mask >> 5)]
                tally[at + _HAND_CARDS] = _SUMS[_COUNT + (mask & 31)] + _SUMS[_COUNT + (mask >> 5)]
                mask = (unseen[color] >> top + 1 & ~sure) << shift
                tally[at + _UNSEEN_POINTS] = _SUMS[mask & 31] + _SUMS[_HIGH + (mask >> 5)]
                tally[at + _UNSEEN_CARDS] = _SUMS[_COUNT + (mask & 31)] + _SUMS[_COUNT + (mask >> 5)]
        self.unseen_count = count or 1
        self.pile_draws = state.turns < turn_limit(state.colors)

    def context(self, deck_after):
        """Set the weights of hand, pile and unseen cards for ``deck_after`` cards.

        My hand and unseen cards share my turns left: when the expeditions
        worth playing need more turns than remain, all their weights shrink.
        Also fills ``base``, each colour weighed, and returns their values' sum.
        """
        mine = deck_after // 2  # my turns after this one
        count = self.unseen_count
        my_unseen = min(_ONE, _MY_DRAWS * max(0, mine - 1) // count)
        if deck_after == 3 and self.pile_draws:
            # they draw, and with 2 left my pile draw buys my last turn (for my hand:
            # a card I draw from the deck then comes too late to play)
            mine = 2
        theirs = (deck_after + 1) // 2
        their_unseen = min(_ONE, (_ONE * self.hidden + _THEIR_DRAWS * max(0, theirs - 1)) // count)
        colors = self.colors
        counts = self.count
        tally = self.tally
        # the cards each side may still play on the expeditions worth it, in thousandths
        my_need = their_need = 0
        for color in range(colors):
            at = color * _TALLY
            held = tally[at + _HELD]
            if counts[color] or _finish(
                    _ONE * tally[at + _HAND_POINTS] + my_unseen * tally[at + _UNSEEN_POINTS],
                    _ONE * (held + tally[at + _HAND_CARDS]) + my_unseen * tally[at + _UNSEEN_CARDS],
                    held, 0) > 0:
                my_need += _ONE * (held + tally[at + _HAND_CARDS]) + my_unseen * tally[at + _UNSEEN_CARDS]
            at += _THEIR_SIDE
            held = tally[at + _HELD]
            if counts[colors + color] or _finish(
                    _ONE * tally[at + _HAND_POINTS] + their_unseen * tally[at + _UNSEEN_POINTS],
                    _ONE * (held + tally[at + _HAND_CARDS]) + their_unseen * tally[at + _UNSEEN_CARDS],
                    held, 0) > 0:
                their_need += (_ONE * (held + tally[at + _HAND_CARDS])
                               + their_unseen * tally[at + _UNSEEN_CARDS])
        my_hand = _ONE
        if my_need > mine * _ONE:
            my_hand = my_hand * mine * _ONE // my_need
            my_unseen = my_unseen * mine * _ONE // my_need
        self.my_hand = my_hand
        self.my_unseen = my_unseen
        their_hand = _ONE
        if their_need > theirs * _ONE:
            their_hand = their_hand * theirs * _ONE // their_need
            their_unseen = their_unseen * theirs * _ONE // their_need
        self.their_hand = their_hand
        self.their_unseen = their_unseen
        tops = self.top
        totals = self.total
        wagers = self.wagers
        base = self.base
        total = 0
        for color in range(colors):
            at = color * _TALLY
            held = tally[at + _HELD]
            points = (totals[color] * _ONE + my_hand * tally[at + _HAND_POINTS]
                      + my_unseen * tally[at + _UNSEEN_POINTS])
            cards = ((counts[color] + held) * _ONE + my_hand * tally[at + _HAND_CARDS]
                     + my_unseen * tally[at + _UNSEEN_CARDS])
            value = _finish(points, cards, wagers[color] + held, counts[color])
            weighed = color * _BASE
            base[weighed + _MY_POINTS] = points
            base[weighed + _MY_CARDS] = cards
            at += _THEIR_SIDE
            held = tally[at + _HELD]
            other = colors + color
            points = (totals[other] * _ONE + their_hand * tally[at + _HAND_POINTS]
                      + their_unseen * tally[at + _UNSEEN_POINTS])
            cards = ((counts[other] + held) * _ONE + their_hand * tally[at + _HAND_CARDS]
                     + their_unseen * tally[at + _UNSEEN_CARDS])
            base[weighed + _THEIR_POINTS] = points
            base[weighed + _THEIR_CARDS] = cards
            theirs = _theirs(points, cards, wagers[other] + held, counts[other], tops[other],
                             self.pile_top[color])
            base[weighed + _THEIR_VALUE] = theirs
            value -= theirs
            base[weighed + _VALUE] = value
            total += value
        return total

    def best(self, rng, noise):
        """The best move by the evaluation (each value blurred by ``noise``).

        Every move's value is also added to ``sums`` when it is set (hard and
        the review), its move to ``sum_moves``.
        A move changes only the colours it touches: each is weighed from the
        context's sums for it (``base``), the others' values summed once.
        """
        state = self.state
        player = self.player
        colors = self.colors
        hands = self.hand
        unseens = self.unseen
        tops = self.top
        totals = self.total
        wagers_of = self.wagers
        counts = self.count
        pile_tops = self.pile_top
        unders = self.pile_under
        tally = self.tally
        base = self.base
        gains = self.gains
        buf = state.buf
        hand_at = HAND_AT + player * HAND_SIZE
        sums = self.sums
        moves = self.sum_moves
        summing = sums is not None and moves is not None
        best_value = _UNSET
        best_move = self.best_move
        tempo_row = min(state.deck_len // _TEMPO_STEP, _TEMPO_ROWS - 1) * _TEMPO_KINDS
        for deck in (1, 0):
            if not deck and not self.pile_draws:
                continue
            total = self.context(state.deck_len - deck)
            my_hand = self.my_hand
            my_unseen = self.my_unseen
            draw = 0
            gains[0] = _UNSET  # no deck draw from a pile's context
            for color in range(colors):
                # deck: the average gain of drawing one unseen card; a pile: what
                # taking its top adds to its colour when the move leaves it untouched
                weighed = color * _BASE
                at = color * _TALLY
                top = tops[color]
                points = base[weighed + _MY_POINTS]
                cards = base[weighed + _MY_CARDS]
                wagers = wagers_of[color] + tally[at + _HELD]
                count = counts[color]
                theirs = base[weighed + _THEIR_VALUE]
                mine = base[weighed + _VALUE] + theirs
                other = colors + color
                if not deck:
                    taken = pile_tops[color]
                    gains[color + 1] = _UNSET
                    if taken < 0:
                        continue
                    if taken < 3:
                        if top < 3:
                            wagers += 1
                            cards += _ONE
                    elif taken > top:
                        points += my_hand * (taken - 1)
                        cards += my_hand
                    gains[color + 1] = _finish(points, cards, wagers, count) - mine + theirs - _theirs(
                        base[weighed + _THEIR_POINTS], base[weighed + _THEIR_CARDS],
                        wagers_of[other] + tally[at + _THEIR_SIDE + _HELD], counts[other],
                        tops[other], unders[color])
                    continue
                # deck: each unseen card moves from the unseen cards to my hand, for me, and
                # is gone, for them
                mask = unseens[color]
                if top < 3:  # an unseen wager fits my expedition, each the same
                    draw += _SUMS[_COUNT + (mask & _WAGERS)] * (
                        _finish(points, cards + _ONE, wagers + 1, count) - mine)
                number = tally[at + _UNSEEN_CARDS]
                draw += _drawn(points, cards, wagers, count, my_hand - self.my_unseen, mask,
                               max(3, top + 1), tally[at + _UNSEEN_POINTS], number) - number * mine
                at += _THEIR_SIDE
                points = base[weighed + _THEIR_POINTS]
                cards = base[weighed + _THEIR_CARDS]
                top = tops[other]
                taken = pile_tops[color]
                if taken > 2 and taken > top:  # the pile's top they may take, as _theirs has it
                    points += _THEIR_PILE * (taken - 1)
                    cards += _THEIR_PILE
                number = tally[at + _UNSEEN_CARDS]
                draw -= _drawn(points, cards, wagers_of[other] + tally[at + _HELD], counts[other],
                               -self.their_unseen, mask, max(3, top + 1),
                               tally[at + _UNSEEN_POINTS], number) - number * theirs
            if deck:
                gains[0] = draw * _DRAW_WEIGHT // (_ONE * self.unseen_count)
                for color in range(colors):
                    gains[color + 1] = _UNSET  # no pile draw in the deck's context
            for slot in range(HAND_SIZE):
                card = buf[hand_at + slot]
                color = card // CARDS_PER_COLOR
                index = card % CARDS_PER_COLOR
                hand = hands[color] & ~(1 << index)
                weighed = color * _BASE
                rest = total - base[weighed + _VALUE]
                top = tops[color]
                other = colors + color
                for discard in _PLAY_THEN_DISCARD:
                    if discard:
                        kind = 2  # its place in a row of _TEMPO (from the deck it earns 0)
                        at = color * _TALLY
                        points = base[weighed + _MY_POINTS]
                        cards = base[weighed + _MY_CARDS]
                        wagers = wagers_of[color] + tally[at + _HELD]
                        if index < 3:
                            if top < 3:
                                wagers -= 1
                                cards -= _ONE
                        elif index > top:
                            points -= my_hand * (index - 1)
                            cards -= my_hand
                        after = rest + _finish(points, cards, wagers, counts[color]) - _theirs(
                            base[weighed + _THEIR_POINTS], base[weighed + _THEIR_CARDS],
                            wagers_of[other] + tally[at + _THEIR_SIDE + _HELD], counts[other],
                            tops[other], index)
                        bonus = 0
                    elif index > top if index > 2 else top < 3:  # it can be played
                        count = counts[color]
                        kind = 0 if count else 1  # a play, an opening (+2: from a pile)
                        count += 1
                        points = totals[color]
                        wagers = wagers_of[color]
                        if index < 3:
                            wagers += 1
                        else:
                            points += index - 1
                        after = rest + _projection(
                            index, points, wagers, count, hand, my_hand, 0, 0, unseens[color],
                            my_unseen) - base[weighed + _THEIR_VALUE]
                        bonus = (_TEMPO[tempo_row + kind] - _TEMPO_ZERO) * _TEMPO_UNIT
                    else:
                        continue
                    if not deck:
                        bonus = (_TEMPO[tempo_row + kind + 2] - _TEMPO_ZERO) * _TEMPO_UNIT
                    move = card << 4 | discard
                    key = slot * 14 + (7 if discard else 0)  # move_key's
                    for source in range(colors + 1):
                        value = gains[source]
                        if value == _UNSET:
                            continue
                        if source != color + 1:
                            value += after + bonus
                        elif discard:
                            continue
                        else:  # a play, and its colour's pile top taken
                            value = rest + _projection(
                                index, points, wagers, count, hand | 1 << pile_tops[color],
                                my_hand, 0, 0, unseens[color], my_unseen) - _theirs(
                                base[weighed + _THEIR_POINTS], base[weighed + _THEIR_CARDS],
                                wagers_of[other] + tally[color * _TALLY + _THEIR_SIDE + _HELD],
                                counts[other], tops[other], unders[color]) + bonus
                        if noise:  # up to +-noise/2 thousandths, in steps of 10
                            value += 10 * rng.randbelow(noise // 10 + 1) - noise // 2
                        if value > best_value:
                            best_value = value
                            best_move = move | source
                        if summing:
                            sums[key + source] += value
                            moves[key + source] = move | source
        self.best_value = best_value
        self.best_move = best_move
        return best_move
