"""What one player knows of a round, and what each colour is worth by it.

The evaluation's half that reads a round (lostcities/evaluation.py's Position
weighs the moves on it): ``Knowledge.load`` tallies the cards that may still
go on each side's expeditions, ``context`` weighs them for the turns
left, and a move, a deck draw or a pile's top changes only its colour's sums.
docs/ai.md says what it weighs and why. Integers throughout (thousandths of a
point); host_sim/dev/tune.py tunes the weights, module globals under CPython.
"""

from array import array

from micropython import const

from lostcities.rules.cards import CARDS_PER_COLOR, HAND_SIZE, MAX_COLORS, WAGER_BITS, turn_limit
from lostcities.rules.offsets import (
    EXP_AT, EXP_LEN_AT, HAND_AT, KNOWN_AT, PILE_AT, PILE_LEN_AT)

_ONE = const(1000)  # fixed point: 1000 is 1.0 (and one point)
_COST = const(20000)  # what opening an expedition costs
_BONUS = const(20000)  # what an expedition of 8 cards or more earns on top
_ALL = const(4095)  # all twelve cards of a colour
_NONE = const(-1)  # no card (an empty pile)
# A colour's numbers (indices 3-11, as bits from 0) in two pieces, indices 3-7 and 8-11:
# the points each piece's cards add up to (index - 1 each), the first piece's from 0
# and the second's from HIGH_PIECE, then from PIECE_COUNTS how many cards a 5-bit piece holds
# (tests/test_evaluation_digest.py checks it against the cards).
PIECE_SUMS = const(
    b"\x00\x02\x03\x05\x04\x06\x07\x09\x05\x07\x08\x0a\x09\x0b\x0c\x0e"  # points, 3-7
    b"\x06\x08\x09\x0b\x0a\x0c\x0d\x0f\x0b\x0d\x0e\x10\x0f\x11\x12\x14"
    b"\x00\x07\x08\x0f\x09\x10\x11\x18\x0a\x11\x12\x19\x13\x1a\x1b\x22"  # points, 8-11
    b"\x00\x01\x01\x02\x01\x02\x02\x03\x01\x02\x02\x03\x02\x03\x03\x04"  # cards
    b"\x01\x02\x02\x03\x02\x03\x03\x04\x02\x03\x03\x04\x03\x04\x04\x05")
HIGH_PIECE = const(32)
PIECE_COUNTS = const(48)
# The weights, in thousandths unless said (host_sim/dev/tune.py tunes them)
THEIR_PILE = const(700)  # weight of a pile top the opponent may take next
THEIR_DRAWS = const(600)  # weight of the opponent's future draws among the unseen
MY_DRAWS = const(1000)  # weight of my future draws among the unseen
DRAW_WEIGHT = const(1000)  # weight of a deck draw's average gain
LONG_BONUS = const(10)  # per thousandth of a card past 6: the way to the 8-card bonus
HURDLE = const(0)  # what an unstarted expedition's projection must beat to count


def finish(points, cards, wagers, count):
    """An expedition's projection from the points and cards (thousandths) it
    expects and its wagers: what a play, a draw or a discard changes in a
    colour is added to these sums, and only they are finished again."""
    value = (points - _COST) * (1 + wagers)
    if cards >= 8 * _ONE:
        value += _BONUS
    elif cards > 6 * _ONE:
        value += (cards - 6 * _ONE) * LONG_BONUS
    if count == 0 and value < HURDLE:
        return 0  # not opening it is free
    return value


def finish_theirs(points, cards, wagers, count, top, pile):
    """The opponent's projection from its sums without the pile, ``pile`` (an
    index, or _NONE) the top they may take from it."""
    if pile > 2 and pile > top:
        points += THEIR_PILE * (pile - 1)
        cards += THEIR_PILE
    return finish(points, cards, wagers, count)


def deck_draw(points, cards, wagers, count, step, mask, first, numbers, total):
    """The projections, summed, of an expedition after each of its ``numbers``
    cards in ``mask`` from index ``first`` (worth ``total`` points) weighs
    ``step`` thousandths more. The projection is linear in the card's
    points, so they are summed at once; of an unstarted expedition, only those
    whose projection clears the hurdle, on one side of a threshold."""
    value = finish(points, cards + step, wagers, 1)  # as if started: no hurdle
    step *= 1 + wagers  # what a point more on the card adds
    if not count:
        # (each bound kept within the colour's cards: a longer shift makes a long integer)
        if step > 0:  # the cards from the first one clearing it
            first = min(max(first, 1 - (value - HURDLE) // step), CARDS_PER_COLOR)
        elif step < 0:  # the cards up to the last one clearing it
            last = min(1 + (HURDLE - value) // step, CARDS_PER_COLOR - 1)
            mask &= (2 << last) - 1 if last >= 0 else 0
        elif value < HURDLE:
            return 0
        mask = mask >> first << (first - 3)  # as PIECE_SUMS looks them up
        total = PIECE_SUMS[mask & 31] + PIECE_SUMS[HIGH_PIECE + (mask >> 5)]
        numbers = PIECE_SUMS[PIECE_COUNTS + (mask & 31)] + PIECE_SUMS[PIECE_COUNTS + (mask >> 5)]
    return numbers * value + step * total


class Knowledge:
    """One player's knowledge of a round as per-colour integers, and what each
    colour is worth in a context.

    Reads only what ``player`` may see, from a view or (inside the search) a
    sampled full state. Loading again reuses the same lists.
    """

    def __init__(self, colors):
        self.colors = colors
        # masks of the cards each side holds that I know of, indexed as the expeditions
        # below (mine, then the opponent's taken from the piles)
        self.hand = [0] * (2 * colors)
        self.unseen = [0] * colors  # masks of the cards nobody showed me
        # expeditions, index player * colors + colour (player 0: me); small numbers
        # in bytes (half a list's heap), the card indices signed (-1: none)
        self.top = array("b", bytes(2 * colors))
        self.total = bytearray(2 * colors)
        self.wagers = bytearray(2 * colors)
        self.count = bytearray(2 * colors)
        self.pile_top = array("b", bytes(colors))  # index of each pile's top card, or _NONE
        self.pile_under = array("b", bytes(colors))  # the card below it
        # what load tallies per expedition: the points and the count of the side's hand
        # cards that may still go on it (the opponent's: those I know of), its wagers in
        # hand that still fit it, and the points and the count of the unseen cards that may
        self.hand_points = bytearray(2 * colors)
        self.hand_cards = bytearray(2 * colors)
        self.held = bytearray(2 * colors)
        self.unseen_points = bytearray(2 * colors)
        self.unseen_cards = bytearray(2 * colors)
        self.wagered = bytearray(2 * colors)  # its wagers with those in hand that still fit
        # each expedition weighed in the current context: the points and cards
        # (thousandths) its projection expects before finishing (the opponent's
        # without the pile's top they may take), and the projection
        self.points = [0] * (2 * colors)
        self.cards = [0] * (2 * colors)
        self.projected = [0] * (2 * colors)
        # set by load and context; made here so that the object never grows
        self.state = None
        self.player = self.hidden = 0
        self.unseen_count = 1
        self.pile_draws = True
        self.turns = -1  # the turns the last context weighed (context): none
        self.my_hand = self.my_unseen = self.their_unseen = 0

    def load(self, state, player, sees_all=False):
        """Read ``state`` as ``player`` sees it (``sees_all``: the opponent's hand too)."""
        self.state = state
        self.player = player
        self.turns = -1
        buf = state.buf  # read in place (lostcities/rules/offsets.py): a call a card costs more
        self._read_hands(buf, player, sees_all)
        self._read_expeditions(buf, player)
        self._read_piles(buf)
        self._tally()
        self.pile_draws = state.turns < turn_limit(state.colors)

    def _read_hands(self, buf, player, sees_all):
        """The hands' cards I know of (``hand``), and the cards unseen but for them."""
        colors = self.colors
        hand = self.hand
        unseen = self.unseen
        for color in range(colors):
            hand[color] = hand[colors + color] = 0
            unseen[color] = _ALL
        hidden = 0
        mine = HAND_AT + player * HAND_SIZE
        theirs = HAND_AT + (1 - player) * HAND_SIZE
        for slot in range(HAND_SIZE):
            card = buf[mine + slot]
            color = card // CARDS_PER_COLOR
            bit = 1 << card % CARDS_PER_COLOR
            hand[color] |= bit
            unseen[color] &= ~bit
            if sees_all or buf[KNOWN_AT - HAND_AT + theirs + slot]:
                card = buf[theirs + slot]
                color = card // CARDS_PER_COLOR
                bit = 1 << card % CARDS_PER_COLOR
                hand[colors + color] |= bit
                unseen[color] &= ~bit
            else:
                hidden += 1
        self.hidden = hidden

    def _read_expeditions(self, buf, player):
        """Each expedition's top, points, wagers and count; its cards seen."""
        colors = self.colors
        unseen = self.unseen
        sums = PIECE_SUMS  # a local: the loops below look it up often
        totals = self.total
        wagers_of = self.wagers
        counts = self.count
        top = self.top
        other = 1 - player
        for at in range(2 * colors):
            color = at % colors
            first = (player if at < colors else other) * MAX_COLORS + color
            size = buf[EXP_LEN_AT + first]
            first = EXP_AT + first * CARDS_PER_COLOR
            seen = 0
            for i in range(first, first + size):
                seen |= 1 << buf[i] % CARDS_PER_COLOR
            unseen[color] &= ~seen
            top[at] = buf[first + size - 1] % CARDS_PER_COLOR if size else -1  # in rising order
            seen >>= 3  # the numbers, as PIECE_SUMS looks them up
            totals[at] = sums[seen & 31] + sums[HIGH_PIECE + (seen >> 5)]
            wagers_of[at] = (size - sums[PIECE_COUNTS + (seen & 31)]
                             - sums[PIECE_COUNTS + (seen >> 5)])
            counts[at] = size

    def _read_piles(self, buf):
        """Each pile's top and the card below it; its cards seen, and the count
        of the cards left unseen."""
        sums = PIECE_SUMS
        unseen = self.unseen
        piles = self.pile_top
        lower = self.pile_under
        count = 0
        for color in range(self.colors):
            size = buf[PILE_LEN_AT + color]
            seen = 0
            first = PILE_AT + color * CARDS_PER_COLOR
            for i in range(first, first + size):
                seen |= 1 << buf[i] % CARDS_PER_COLOR
            first += size  # past the top
            piles[color] = buf[first - 1] % CARDS_PER_COLOR if size else _NONE
            lower[color] = buf[first - 2] % CARDS_PER_COLOR if size > 1 else _NONE
            mask = unseen[color] & ~seen
            unseen[color] = mask
            count += (sums[PIECE_COUNTS + (mask & 31)] + sums[PIECE_COUNTS + (mask >> 5 & 31)]
                      + sums[PIECE_COUNTS + (mask >> 10)])
        self.unseen_count = count or 1

    def _tally(self):
        """Per expedition, the points and count of the cards that may still go
        on it (the side's hand's, then the unseen), and its wagers in hand
        that still fit."""
        colors = self.colors
        sums = PIECE_SUMS
        hand = self.hand
        unseen = self.unseen
        top = self.top
        hand_points = self.hand_points
        hand_cards = self.hand_cards
        unseen_points = self.unseen_points
        unseen_cards = self.unseen_cards
        wagered = self.wagered
        wagers_of = self.wagers
        for at in range(2 * colors):
            color = at % colors
            index = top[at]
            sure = hand[at]
            held = 0
            if index < 3:  # no numbers yet: wagers in hand still fit
                held = sums[PIECE_COUNTS + (sure & WAGER_BITS)]
                index = 2
            self.held[at] = held
            wagered[at] = wagers_of[at] + held
            sure >>= index + 1
            mask = sure << index - 2  # the numbers above the top as PIECE_SUMS looks them up
            low = mask & 31
            mask >>= 5
            hand_points[at] = sums[low] + sums[HIGH_PIECE + mask]
            hand_cards[at] = sums[PIECE_COUNTS + low] + sums[PIECE_COUNTS + mask]
            mask = (unseen[color] >> index + 1 & ~sure) << index - 2
            low = mask & 31
            mask >>= 5
            unseen_points[at] = sums[low] + sums[HIGH_PIECE + mask]
            unseen_cards[at] = sums[PIECE_COUNTS + low] + sums[PIECE_COUNTS + mask]

    def context(self, deck_after):
        """Set the weights of hand, pile and unseen cards for ``deck_after`` cards.

        My hand and unseen cards share my turns left: when the expeditions
        worth playing need more turns than remain, all their weights shrink.
        Also weighs every expedition (``points`` to ``projected``), and returns
        the sum of each colour's value, mine less theirs. A side whose turns
        are the last context's since ``load`` keeps its weights (``best``'s
        two contexts are a turn apart, so one side's turns stay).
        """
        mine = deck_after // 2  # my turns after this one
        count = self.unseen_count
        my_unseen = min(_ONE, MY_DRAWS * max(0, mine - 1) // count)
        turns = mine << 6  # what each side's weights hang on: my draws' turns, my
        if deck_after == 3 and self.pile_draws:  # turns, their turns (6 bits each)
            # they draw, and with 2 left my pile draw buys my last turn (for my hand:
            # a card I draw from the deck then comes too late to play)
            mine = 2
        theirs = (deck_after + 1) // 2
        their_unseen = min(_ONE, (_ONE * self.hidden + THEIR_DRAWS * max(0, theirs - 1)) // count)
        turns = (turns | mine) << 6 | theirs
        last = self.turns
        self.turns = turns
        colors = self.colors
        if last >> 6 == turns >> 6:  # my side weighed as the last context left it
            total = self._side_sum(0)
        else:
            total = self._weigh_side(0, mine, my_unseen)
        if last & 63 == theirs:
            return total - self._side_sum(colors)
        return total - self._weigh_side(colors, theirs, their_unseen)

    def _side_sum(self, first):
        """The sum of one side's projections as the last context left them
        (``first``: the side's first expedition)."""
        projected = self.projected
        side = 0
        for at in range(first, first + self.colors):
            side += projected[at]
        return side

    def _weigh_side(self, first, left, unseen_f):
        """Weigh one side's expeditions (from ``first``) for ``left`` turns,
        the unseen cards weighing ``unseen_f`` each, and sum their projections.

        The cards the side may still play on the expeditions worth it share
        its turns: when they need more, the hand's and the unseen's weights
        shrink alike (``my_hand``, ``my_unseen``, ``their_unseen``)."""
        colors = self.colors
        counts = self.count
        helds = self.held
        hand_points = self.hand_points
        hand_cards = self.hand_cards
        unseen_points = self.unseen_points
        unseen_cards = self.unseen_cards
        need = 0  # in thousandths of a card
        for at in range(first, first + colors):
            held = helds[at]
            cards = _ONE * (held + hand_cards[at]) + unseen_f * unseen_cards[at]
            if counts[at] or finish(_ONE * hand_points[at] + unseen_f * unseen_points[at],
                                    cards, held, 0) > 0:
                need += cards
        sure_f = _ONE
        if need > left * _ONE:
            sure_f = sure_f * left * _ONE // need
            unseen_f = unseen_f * left * _ONE // need
        if first:
            self.their_unseen = unseen_f
        else:
            self.my_hand = sure_f
            self.my_unseen = unseen_f
        totals = self.total
        points_of = self.points
        cards_of = self.cards
        wagered = self.wagered
        projected = self.projected
        piles = self.pile_top
        side = 0
        for at in range(first, first + colors):
            count = counts[at]
            points = totals[at] * _ONE + sure_f * hand_points[at] + unseen_f * unseen_points[at]
            cards = ((count + helds[at]) * _ONE + sure_f * hand_cards[at]
                     + unseen_f * unseen_cards[at])
            points_of[at] = points
            cards_of[at] = cards
            if first:  # with the pile's top they may take
                value = finish_theirs(points, cards, wagered[at], count, self.top[at],
                                      piles[at - colors])
            else:
                value = finish(points, cards, wagered[at], count)
            projected[at] = value
            side += value
        return side

    def deck_gain(self):
        """What drawing from the deck adds in the current context, where a move
        leaves the colours alone: the average of the unseen cards, each moving
        from the unseen cards to my hand, for me, and gone, for them."""
        colors = self.colors
        counts = self.count
        piles = self.pile_top
        unseen_points = self.unseen_points
        unseen_cards = self.unseen_cards
        points_of = self.points
        cards_of = self.cards
        wagered = self.wagered
        projected = self.projected
        my_hand = self.my_hand
        my_unseen = self.my_unseen
        draw = 0
        for color in range(colors):
            top = self.top[color]
            points = points_of[color]
            cards = cards_of[color]
            wagers = wagered[color]
            count = counts[color]
            value = projected[color]
            mask = self.unseen[color]
            if top < 3 and mask & WAGER_BITS:  # an unseen wager fits my expedition, each the same
                draw += PIECE_SUMS[PIECE_COUNTS + (mask & WAGER_BITS)] * (
                    finish(points, cards + _ONE, wagers + 1, count) - value)
            number = unseen_cards[color]
            if number:  # (none above the top: no deck card changes the expedition)
                draw += deck_draw(points, cards, wagers, count, my_hand - my_unseen, mask,
                                  max(3, top + 1), number, unseen_points[color]) - number * value
            other = colors + color
            number = unseen_cards[other]
            if number:
                points = points_of[other]
                cards = cards_of[other]
                top = self.top[other]
                taken = piles[color]
                if taken > 2 and taken > top:  # the top they may take, as finish_theirs has it
                    points += THEIR_PILE * (taken - 1)
                    cards += THEIR_PILE
                draw -= deck_draw(points, cards, wagered[other], counts[other],
                                  -self.their_unseen, mask, max(3, top + 1), number,
                                  unseen_points[other]) - number * projected[other]
        return draw * DRAW_WEIGHT // (_ONE * self.unseen_count)
