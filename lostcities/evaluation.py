"""The AI's evaluation: the final round margin a move leads to, estimated.

A Position is what its player knows (lostcities/knowledge.py) and the moves
on it, each weighed by what it changes in its colour and its draw. docs/ai.md
says what it weighs and why. Integers throughout (thousandths of a point);
host_sim/dev/tune.py tunes the tempo table here, the weights in knowledge.py.
"""

from micropython import const

from lostcities.knowledge import Knowledge, finish, finish_theirs
from lostcities.rules.cards import CARDS_PER_COLOR, DISCARD, HAND_SIZE, make_move
from lostcities.rules.offsets import HAND_AT

_UNSET = const(-1000000000)  # below any value: no move found yet
_ONE = const(1000)  # a card, in the thousandths of knowledge.py
_WAGERS = const(7)  # bit mask of a colour's three wagers (indices 0-2)
_PLAY_THEN_DISCARD = (0, DISCARD)  # built once: a tuple in a loop allocates
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


MOVE_KEYS = const(112)  # a move's key: its hand slot, discard or play, and draw source


def move_key(slot, discard, source):
    """Moves by the hand slot played or discarded and the source drawn from (0-6)."""
    return slot * 14 + (7 if discard else 0) + source


def key_move(state, player, key):
    """The move of ``key`` (``move_key``'s) by ``player`` in ``state``: a key names
    its move with the hand, so that the sums by key need no list of moves."""
    return make_move(state.hand_card(player, key // 14), key % 14 >= 7, key % 7)


def _projection(top, total, wagers, count, sure, sure_f, unseen, unseen_f):
    """Projected final score of my expedition after a play, in thousandths of a
    point (knowledge.py tallies it for the expedition as it stands).

    ``top`` is the index of its last card, ``total``, ``wagers`` and ``count``
    what it holds. ``sure`` and ``unseen`` are masks of the cards that may
    still go on it, weighted by their factors.
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
        elif unseen & bit:
            points += unseen_f * (index - 1)
            cards += unseen_f
        index += 1
    return finish(points, cards, wagers, count)


class Position(Knowledge):
    """One player's knowledge of a round (``Knowledge``) and its moves."""

    def __init__(self, colors):
        super().__init__(colors)
        self.best_move = 0
        self.best_value = _UNSET
        self.sums = None  # hard and the review: a list that sums every move's value, by move_key (None: not weighed)
        self.watch = -1  # the review's: only the move of this key (source 0) is summed

    def best(self, rng, noise):
        """The best move by the evaluation (each value blurred by ``noise``).

        Every move's value is also added to ``sums`` when it is set (hard and
        the review: only the move of ``watch``, if set; a key's None, its first value). A move changes only the colour
        it touches and its draw's: the other colours' values are summed once,
        and its own is weighed from the context's sums for it (a discard) or
        projected again (a play).
        """
        state = self.state
        colors = self.colors
        hands = self.hand
        unseen = self.unseen
        totals = self.total
        wagers_of = self.wagers
        counts = self.count
        piles = self.pile_top
        points_of = self.points
        cards_of = self.cards
        wagered = self.wagered
        projected = self.projected
        gain = self.gain
        buf = state.buf  # read in place (lostcities/rules/offsets.py)
        start = HAND_AT + self.player * HAND_SIZE
        sums = self.sums
        watch = self.watch if sums is not None else -2  # -1: every move
        best_value = _UNSET
        best_move = self.best_move
        tempo_row = min(state.deck_len // _TEMPO_STEP, _TEMPO_ROWS - 1) * _TEMPO_KINDS
        for deck in (1, 0):
            if not deck and not self.pile_draws:
                continue
            total = self.context(state.deck_len - deck)
            self.draw_sources(deck)
            my_hand = self.my_hand
            my_unseen = self.my_unseen
            sources = 1 if deck else colors + 1  # the deck, or the piles (1 to colors)
            # the piles of the highest gain (the first among equals) and of the others' highest
            first = second = 0
            for source in range(1, sources):  # (none from the deck)
                value = gain[source]
                if value is None:
                    continue
                if not first or value > gain[first]:
                    second = first
                    first = source
                elif not second or value > gain[second]:
                    second = source
            for slot in range(HAND_SIZE):
                card = buf[start + slot]
                color = card // CARDS_PER_COLOR
                index = card % CARDS_PER_COLOR
                other = colors + color
                rest = total - projected[color]  # all but my side of its colour
                top = self.top[color]
                for discard in _PLAY_THEN_DISCARD:
                    if discard:  # my side loses the card, theirs may take it
                        kind = 2  # its place in a row of _TEMPO (from the deck it earns 0)
                        after = total  # where neither side's sums change
                        if index < 3:
                            if top < 3:
                                after += finish(points_of[color], cards_of[color] - _ONE,
                                                wagered[color] - 1, counts[color]) - projected[color]
                        elif index > top:
                            after += finish(points_of[color] - my_hand * (index - 1),
                                            cards_of[color] - my_hand, wagered[color],
                                            counts[color]) - projected[color]
                        theirs = self.top[other]
                        taken = piles[color]
                        if (index > 2 and index > theirs) or (taken > 2 and taken > theirs):
                            after += projected[other] - finish_theirs(  # the pile's top they may take
                                points_of[other], cards_of[other], wagered[other], counts[other],
                                theirs, index)
                        bonus = 0
                    elif index > top if index > 2 else top < 3:  # it can be played
                        kind = 1 if top < 0 else 0  # an opening, a play (+2: from a pile)
                        count = counts[color] + 1
                        points = totals[color]
                        wagers = wagers_of[color]
                        if index < 3:
                            wagers += 1
                        else:
                            points += index - 1
                        hand = hands[color] & ~(1 << index)
                        after = rest + _projection(index, points, wagers, count, hand, my_hand,
                                                   unseen[color], my_unseen)
                        bonus = (_TEMPO[tempo_row + kind] - _TEMPO_ZERO) * _TEMPO_UNIT
                    else:
                        continue
                    if not deck:
                        bonus = (_TEMPO[tempo_row + kind + 2] - _TEMPO_ZERO) * _TEMPO_UNIT
                    move = card << 4 | discard
                    key = slot * 14 + (7 if discard else 0)  # move_key's
                    noted = watch == key or watch == -1  # in sums
                    after += bonus
                    pile = color + 1  # the source of its colour's pile
                    mine = None  # a play's value drawing its own pile's top
                    if not (deck or discard or gain[pile] is None):
                        mine = rest + projected[other] + _projection(
                            index, points, wagers, count, hand | 1 << piles[color],
                            my_hand, unseen[color], my_unseen) - finish_theirs(
                            points_of[other], cards_of[other], wagered[other], counts[other],
                            self.top[other], self.pile_under[color]) + bonus
                    if not (deck or noise or noted):  # the best pile at once, as the loop finds it
                        source = second if first == pile else first
                        value = gain[source] + after if source else _UNSET
                        if mine is not None and (mine > value or mine == value and pile < source):
                            value = mine
                            source = pile
                        if value > best_value:
                            best_value = value
                            best_move = move | source
                        continue
                    for source in range(1 - deck, sources):
                        value = gain[source]
                        if value is None:
                            continue  # an empty pile
                        if source != pile:
                            value += after
                        elif discard:
                            continue
                        else:  # a play, and its colour's pile top taken
                            value = mine
                        if noise:  # up to +-noise/2 thousandths, in steps of 10
                            value += 10 * rng.randbelow(noise // 10 + 1) - noise // 2
                        if value > best_value:
                            best_value = value
                            best_move = move | source
                        if noted and sums is not None:
                            at = key + source
                            sums[at] = value if sums[at] is None else sums[at] + value
        self.best_value = best_value
        self.best_move = best_move
        return best_move
