"""``normal`` as it stood when the reference pool was made (commit 3407cc5), frozen.

A reference player: ``lostcities/ai.py`` keeps being tuned, this copy never
changes, so the AI's progress is measured against a fixed opponent. Its
evaluation is described in ai.py's docstring at that commit: every
expedition projected to the round's end for both players, a deck draw worth
the average unseen card. Only ``normal``'s path is kept.
"""

from micropython import const

from lostcities.rules.cards import (
    CARDS_PER_COLOR, DISCARD, HAND_SIZE, SOURCE_DECK, WAGER_BITS, make_move, turn_limit)

_ONE = const(1000)
_COST = const(20000)
_ALL = const(4095)
_NONE = const(-1)
_UNSET = const(-1000000000)
_PLAY_THEN_DISCARD = (0, DISCARD)
_THEIR_PILE = const(700)
_THEIR_DRAWS = const(600)


def frozen_normal_move(view, rng):
    """The move the frozen ``normal`` plays (``rng`` unused: it is deterministic)."""
    position = _Position(view.colors)
    position.load(view, view.to_move)
    return position.best()


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
        held = sure & WAGER_BITS
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
        self.best_move = 0
        self.best_value = _UNSET
        # set by load and context; made here so that the object never grows
        self.state = None
        self.player = self.hidden = 0
        self.unseen_count = 1
        self.pile_draws = True
        self.my_hand = self.my_unseen = self.their_hand = self.their_unseen = 0
        self.their_pile = 0

    def load(self, state, player):
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
            if state.known_to_opponent(other, slot):
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
        theirs = (deck_after + 1) // 2
        count = self.unseen_count
        my_hand = _ONE
        my_unseen = min(_ONE, _ONE * max(0, mine - 1) // count)
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
        return gain // self.unseen_count

    def best(self):
        """The best move by the evaluation (the first of equals)."""
        state = self.state
        player = self.player
        colors = self.colors
        self.best_value = _UNSET
        for deck in (1, 0):
            if not deck and not self.pile_draws:
                continue
            total = self.context(state.deck_len - deck)
            draw = self.deck_draw() if deck else 0
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
                        pile = index
                    elif not state.can_play(player, card):
                        continue
                    else:
                        top = index
                        count += 1
                        if index < 3:
                            wagers += 1
                        else:
                            points += index - 1
                    after = rest + self.value(color, hand, top, points, wagers, count, pile,
                                              self.unseen[color])
                    if deck:
                        self._consider(after + draw, make_move(card, discard, SOURCE_DECK))
                        continue
                    for source in range(colors):
                        taken = self.pile_top[source]
                        if taken < 0 or (discard and source == color):
                            continue
                        if source == color:
                            value = rest + self.value(
                                color, hand | 1 << taken, top, points, wagers, count,
                                self.pile_under[color], self.unseen[color])
                        else:
                            value = after - self.base[source] + self.value(
                                source, self.hand[source] | 1 << taken, self.top[source],
                                self.total[source], self.wagers[source], self.count[source],
                                self.pile_under[source], self.unseen[source])
                        self._consider(value, make_move(card, discard, source + 1))
        return self.best_move

    def _consider(self, value, move):
        if value > self.best_value:
            self.best_value = value
            self.best_move = move
