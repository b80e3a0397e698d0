"""The AI's evaluation: the final round margin a move leads to, estimated.

docs/ai.md says what it weighs and why. Integers throughout (thousandths of
a point); host_sim/dev/tune.py tunes the weights, module globals under CPython.
"""

from micropython import const

from lostcities.rules.cards import CARDS_PER_COLOR, DISCARD, HAND_SIZE, turn_limit

_UNSET = const(-1000000000)  # below any value: no move found yet

_ONE = const(1000)  # fixed point: 1000 is 1.0 (and one point)
_COST = const(20000)  # what opening an expedition costs
_BONUS = const(20000)  # what an expedition of 8 cards or more earns on top
_WAGERS = const(7)  # bit mask of a colour's three wagers (indices 0-2)
_ALL = const(4095)  # all twelve cards of a colour
_NONE = const(-1)  # no card (an empty pile)
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
    value = (points - _COST) * (1 + wagers)
    if cards >= 8 * _ONE:
        value += _BONUS
    elif cards > 6 * _ONE:
        value += (cards - 6 * _ONE) * _LONG_BONUS
    if count == 0 and value < _HURDLE:
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


MOVE_KEYS = const(112)  # a move's key: its hand slot, discard or play, and draw source


def move_key(slot, discard, source):
    """Moves by the hand slot played or discarded and the source drawn from (0-6)."""
    return slot * 14 + (7 if discard else 0) + source


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
        self.base = [0] * colors  # each colour's value in the current context
        self.take = [0] * colors  # what taking each pile's top adds to its colour (best)
        self.best_move = 0
        self.best_value = _UNSET
        # set by load and context; made here so that the object never grows
        self.state = None
        self.player = self.hidden = 0
        self.unseen_count = 1
        self.pile_draws = True
        self.my_hand = self.my_unseen = self.their_hand = self.their_unseen = 0
        self.their_pile = 0
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
        for color in range(colors):
            hand[color] = known[color] = 0
            unseen[color] = _ALL
        hidden = 0
        for slot in range(HAND_SIZE):
            card = state.hand_card(player, slot)
            color = card // CARDS_PER_COLOR
            bit = 1 << (card % CARDS_PER_COLOR)
            hand[color] |= bit
            unseen[color] &= ~bit
            if sees_all or state.known_to_opponent(other, slot):
                card = state.hand_card(other, slot)
                color = card // CARDS_PER_COLOR
                bit = 1 << (card % CARDS_PER_COLOR)
                known[color] |= bit
                unseen[color] &= ~bit
            else:
                hidden += 1
        self.hidden = hidden
        for side in (0, 1):
            who = player if side == 0 else other
            for color in range(colors):
                at = side * colors + color
                top = -1
                total = wagers = 0
                size = state.expedition_len(who, color)
                for i in range(size):
                    top = state.expedition_card(who, color, i) % CARDS_PER_COLOR
                    unseen[color] &= ~(1 << top)
                    if top < 3:
                        wagers += 1
                    else:
                        total += top - 1
                self.top[at] = top
                self.total[at] = total
                self.wagers[at] = wagers
                self.count[at] = size
        count = 0
        for color in range(colors):
            size = state.pile_len(color)
            index = _NONE
            for i in range(size):
                self.pile_under[color] = index
                index = state.pile_card(color, i) % CARDS_PER_COLOR
                unseen[color] &= ~(1 << index)
            self.pile_top[color] = index
            if size < 2:
                self.pile_under[color] = _NONE
            mask = unseen[color]
            while mask:
                count += 1
                mask &= mask - 1
        self.unseen_count = count or 1
        self.pile_draws = state.turns < turn_limit(state.colors)

    def context(self, deck_after):
        """Set the weights of hand, pile and unseen cards for ``deck_after`` cards.

        My hand and unseen cards share my turns left: when the expeditions
        worth playing need more turns than remain, all their weights shrink.
        Also fills ``base``, each colour's value, and returns their sum.
        """
        mine = deck_after // 2  # my turns after this one
        count = self.unseen_count
        my_unseen = min(_ONE, _MY_DRAWS * max(0, mine - 1) // count)
        if deck_after == 3 and self.pile_draws:
            # they draw, and with 2 left my pile draw buys my last turn (for my hand:
            # a card I draw from the deck then comes too late to play)
            mine = 2
        theirs = (deck_after + 1) // 2
        my_hand = _ONE
        need = self._need(0, self.hand, my_hand, my_unseen)
        if need > mine * _ONE:
            my_hand = my_hand * mine * _ONE // need
            my_unseen = my_unseen * mine * _ONE // need
        self.my_hand = my_hand
        self.my_unseen = my_unseen
        their_hand = _ONE
        their_unseen = min(_ONE, (_ONE * self.hidden + _THEIR_DRAWS * max(0, theirs - 1)) // count)
        need = self._need(self.colors, self.known, their_hand, their_unseen)
        if need > theirs * _ONE:
            their_hand = their_hand * theirs * _ONE // need
            their_unseen = their_unseen * theirs * _ONE // need
        self.their_hand = their_hand
        self.their_unseen = their_unseen
        self.their_pile = _THEIR_PILE
        total = 0
        for color in range(self.colors):
            value = self.value(color, self.hand[color], self.top[color], self.total[color],
                               self.wagers[color], self.count[color], self.pile_top[color],
                               self.unseen[color])
            self.base[color] = value
            total += value
        return total

    def _need(self, side, sure, sure_f, unseen_f):
        """Thousandths of the cards one side may still play on expeditions worth it.

        ``side`` is 0 for me, ``colors`` for the opponent.
        """
        need = 0
        unseen = self.unseen
        for color in range(self.colors):
            at = side + color
            top = self.top[at]
            if self.count[at] or _projection(
                    top, self.total[at], self.wagers[at], 0, sure[color], sure_f, 0, 0,
                    unseen[color], unseen_f) > 0:
                need += _expected_cards(top, sure[color], sure_f, unseen[color], unseen_f)
        return need

    def value(self, color, hand, top, total, wagers, count, pile_top, unseen):
        """One colour: my projection minus the opponent's, in thousandths."""
        mine = _projection(top, total, wagers, count, hand, self.my_hand, 0, 0,
                           unseen, self.my_unseen)
        at = self.colors + color
        return mine - _projection(
            self.top[at], self.total[at], self.wagers[at], self.count[at],
            self.known[color], self.their_hand, 1 << pile_top if pile_top >= 0 else 0,
            self.their_pile, unseen, self.their_unseen)

    def draw_gain(self, card):
        """What holding the unseen ``card`` adds to its colour (current context)."""
        color = card // CARDS_PER_COLOR
        bit = 1 << (card % CARDS_PER_COLOR)
        return self.value(color, self.hand[color] | bit, self.top[color], self.total[color],
                          self.wagers[color], self.count[color], self.pile_top[color],
                          self.unseen[color] & ~bit) - self.base[color]

    def deck_draw(self):
        """The average gain of drawing one unseen card (in the current context)."""
        gain = 0
        for color in range(self.colors):
            mask = self.unseen[color]
            index = 0
            while mask >> index:
                if mask & (1 << index):
                    gain += self.draw_gain(color * CARDS_PER_COLOR + index)
                index += 1
        return gain * _DRAW_WEIGHT // (_ONE * self.unseen_count)

    def best(self, rng, noise):
        """The best move by the evaluation (each value blurred by ``noise``).

        Every move's value is also added to ``sums`` when it is set (hard).
        """
        state = self.state
        player = self.player
        colors = self.colors
        self.best_value = _UNSET
        tempo_row = min(state.deck_len // _TEMPO_STEP, _TEMPO_ROWS - 1) * _TEMPO_KINDS
        for deck in (1, 0):
            if not deck and not self.pile_draws:
                continue
            total = self.context(state.deck_len - deck)
            draw = self.deck_draw() if deck else 0
            take = self.take
            for source in range(colors if not deck else 0):
                taken = self.pile_top[source]  # what taking it adds to an untouched colour
                if taken >= 0:
                    take[source] = self.value(
                        source, self.hand[source] | 1 << taken, self.top[source],
                        self.total[source], self.wagers[source], self.count[source],
                        self.pile_under[source], self.unseen[source]) - self.base[source]
            for slot in range(HAND_SIZE):
                card = state.hand_card(player, slot)
                color = card // CARDS_PER_COLOR
                index = card % CARDS_PER_COLOR
                hand = self.hand[color] & ~(1 << index)
                rest = total - self.base[color]
                for discard in _PLAY_THEN_DISCARD:
                    top = self.top[color]
                    points = self.total[color]
                    wagers = self.wagers[color]
                    count = self.count[color]
                    pile = self.pile_top[color]
                    if discard:
                        kind = 2  # its place in a row of _TEMPO (from the deck it earns 0)
                        pile = index
                    elif not state.can_play(player, card):
                        continue
                    else:
                        kind = 0 if count else 1  # a play, an opening (+2: from a pile)
                        top = index
                        count += 1
                        if index < 3:
                            wagers += 1
                        else:
                            points += index - 1
                    after = rest + self.value(color, hand, top, points, wagers, count, pile,
                                              self.unseen[color])
                    if deck:
                        if not discard:
                            after += (_TEMPO[tempo_row + kind] - _TEMPO_ZERO) * _TEMPO_UNIT
                        self._consider(after + draw, card << 4 | discard,
                                       move_key(slot, discard, 0), rng, noise)
                        continue
                    bonus = (_TEMPO[tempo_row + kind + 2] - _TEMPO_ZERO) * _TEMPO_UNIT
                    for source in range(colors):
                        taken = self.pile_top[source]
                        if taken < 0 or (discard and source == color):
                            continue
                        if source == color:
                            value = rest + self.value(
                                color, hand | 1 << taken, top, points, wagers, count,
                                self.pile_under[color], self.unseen[color])
                        else:
                            value = after + take[source]
                        self._consider(value + bonus, card << 4 | discard | (source + 1),
                                       move_key(slot, discard, source + 1), rng, noise)
        return self.best_move

    def _consider(self, value, move, key, rng, noise):
        if noise:  # up to +-noise/2 thousandths, in steps of 10
            value += 10 * rng.randbelow(noise // 10 + 1) - noise // 2
        if value > self.best_value:
            self.best_value = value
            self.best_move = move
        sums = self.sums
        moves = self.sum_moves
        if sums is not None and moves is not None:
            sums[key] += value
            moves[key] = move
