"""Two more reference players, each a style of sound play from published advice.

Like the bots in ``bots.py`` they never change once landed, and each is
``choose(view, rng) -> move`` deciding from its player's view alone.

* ``counter_move`` counts cards: it commits to a few expeditions, opens one
  only when the cards it holds and the ones still unseen promise a profit,
  and plays so as to skip as few cards that could still come as it can.
* ``tempo_move`` plays for the clock: it draws from the discard piles to buy
  turns when it is behind or still holds cards to play, rushes the deck when
  it is ahead, and takes a discard that the opponent needs to deny it.
"""

from lostcities.rules.cards import (
    CARDS_PER_COLOR, HAND_SIZE, NO_CARD, SOURCE_DECK, WAGERS_PER_COLOR, make_move, turn_limit)

_MOST_EXPEDITIONS = (3, 4)  # counter: expeditions it keeps, with 5 and 6 colours


def _index(card):
    return card % CARDS_PER_COLOR


def _worth(index):
    """The number on the card with this index, 0 for a wager."""
    return index - 1 if index >= WAGERS_PER_COLOR else 0


def _top_index(view, player, color):
    """The index of an expedition's last card, -1 when empty."""
    top = view.expedition_top(player, color)
    return -1 if top == NO_CARD else _index(top)


def _seen(view, me):
    """Per colour, a mask of the card indices I can see anywhere (and so cannot draw)."""
    other = 1 - me
    seen = [0] * view.colors
    for slot in range(HAND_SIZE):
        card = view.hand_card(me, slot)
        seen[card // CARDS_PER_COLOR] |= 1 << _index(card)
        if view.known_to_opponent(other, slot):
            card = view.hand_card(other, slot)
            seen[card // CARDS_PER_COLOR] |= 1 << _index(card)
    for color in range(view.colors):
        for player in (0, 1):
            for i in range(view.expedition_len(player, color)):
                seen[color] |= 1 << _index(view.expedition_card(player, color, i))
        for i in range(view.pile_len(color)):
            seen[color] |= 1 << _index(view.pile_card(color, i))
    return seen


def _hand_masks(view, me):
    masks = [0] * view.colors
    for slot in range(HAND_SIZE):
        card = view.hand_card(me, slot)
        masks[card // CARDS_PER_COLOR] |= 1 << _index(card)
    return masks


def _feeds(view, player, card, least):
    """True if ``card`` fits ``player``'s started expedition and is worth ``least`` or more."""
    color = card // CARDS_PER_COLOR
    return (view.expedition_len(player, color) > 0 and view.can_play(player, card)
            and _worth(_index(card)) >= least)


# The card counter --------------------------------------------------------

def _prospect(top, held, unseen, draws):
    """What an expedition (last card index ``top``) may still gain, in points x 10.

    The held numbers above ``top`` count in full; the unseen ones by the
    chance of drawing them, about ``draws`` in 20 (capped at one).
    """
    points = 0
    share = min(10, draws // 2)
    for index in range(max(top + 1, WAGERS_PER_COLOR), CARDS_PER_COLOR):
        bit = 1 << index
        if held & bit:
            points += 10 * _worth(index)
        elif unseen & bit:
            points += share * _worth(index)
    return points


def _lost(top, index, held, unseen):
    """Points x 10 skipped by playing ``index`` on ``top``: held ones fully, unseen half."""
    lost = 0
    for skipped in range(max(top + 1, WAGERS_PER_COLOR), index):
        bit = 1 << skipped
        if held & bit:
            lost += 10 * _worth(skipped)
        elif unseen & bit:
            lost += 5 * _worth(skipped)
    return lost


def counter_move(view, rng):
    """A card counter that commits to few expeditions and minimises gaps (deterministic)."""
    me = view.to_move
    other = 1 - me
    colors = view.colors
    draws = (view.deck_len + 1) // 2  # my turns left, about
    held = _hand_masks(view, me)
    seen = _seen(view, me)
    started = 0
    for color in range(colors):
        if view.expedition_len(me, color):
            started += 1
    best = NO_CARD
    best_cost = 10000
    for slot in range(HAND_SIZE):
        card = view.hand_card(me, slot)
        color = card // CARDS_PER_COLOR
        index = _index(card)
        if not view.can_play(me, card):
            continue
        top = _top_index(view, me, color)
        unseen = 4095 & ~seen[color]
        prospect = _prospect(top, held[color], unseen, draws)
        if not view.expedition_len(me, color):
            # open only a promising colour, and only a few of them
            if started >= _MOST_EXPEDITIONS[colors - 5] or prospect < 260 or draws < 4:
                continue
        if index < WAGERS_PER_COLOR:
            if prospect < 330 or draws < 8:
                continue
            cost = 0
        else:
            cost = _lost(top, index, held[color], unseen)
        # the cost of waiting grows as the deck runs out
        if cost <= 15 + 600 // (draws + 1) and cost < best_cost:
            best_cost = cost
            best = card
    if best != NO_CARD:
        card, discard = best, False
    else:
        card, discard = _counter_discard(view, me, other, held, seen, draws), True
    source = SOURCE_DECK
    if view.turns < turn_limit(colors):
        for color in range(colors):
            top = view.pile_top(color)
            if top == NO_CARD or (discard and color == card // CARDS_PER_COLOR):
                continue
            index = _index(top)
            if (view.expedition_len(me, color) and index >= WAGERS_PER_COLOR
                    and view.can_play(me, top) and _lost(
                        _top_index(view, me, color), index, held[color],
                        4095 & ~seen[color]) <= 20):
                source = color + 1
                break
    return make_move(card, discard, source)


def _counter_discard(view, me, other, held, seen, draws):
    """The card to discard: least use to my expeditions, least help to theirs."""
    best = NO_CARD
    best_use = 100000
    for slot in range(HAND_SIZE):
        card = view.hand_card(me, slot)
        color = card // CARDS_PER_COLOR
        index = _index(card)
        if not view.can_play(me, card):
            use = 0
        elif view.expedition_len(me, color):
            use = 200 + 10 * _worth(index)
        else:
            use = _prospect(-1, held[color], 4095 & ~seen[color], draws) // 4
        if _feeds(view, other, card, 0):
            use += 150 + 20 * _worth(index)
        elif not view.expedition_len(other, color):
            use += 3 * _worth(index)
        if use < best_use:
            best_use = use
            best = card
    return best


# The tempo player ----------------------------------------------------------

def tempo_move(view, rng):
    """A tempo player: buys turns when behind, rushes the deck when ahead (deterministic)."""
    me = view.to_move
    other = 1 - me
    colors = view.colors
    turns_left = (view.deck_len + 1) // 2
    held = _hand_masks(view, me)
    waiting = 0  # points I hold that fit my started expeditions
    sums = [0] * colors
    for slot in range(HAND_SIZE):
        card = view.hand_card(me, slot)
        color = card // CARDS_PER_COLOR
        sums[color] += _worth(_index(card))
        if view.expedition_len(me, color) and view.can_play(me, card):
            waiting += _worth(_index(card))
    lead = view.score(me) - view.score(other)
    behind = lead + waiting // 2 < 0

    best = NO_CARD
    best_gap = 3 if turns_left > 6 else CARDS_PER_COLOR
    for slot in range(HAND_SIZE):
        card = view.hand_card(me, slot)
        color = card // CARDS_PER_COLOR
        index = _index(card)
        if not view.can_play(me, card):
            continue
        top = _top_index(view, me, color)
        if index < WAGERS_PER_COLOR:
            if view.expedition_len(me, color) == 0 and (sums[color] < 28 or turns_left < 10):
                continue
            if view.expedition_len(me, color) and turns_left < 8:
                continue
            gap = 0
        else:
            if not view.expedition_len(me, color) and (sums[color] < 22 or turns_left < 5):
                continue
            gap = index - max(top + 1, WAGERS_PER_COLOR)
        if gap < best_gap:
            best_gap = gap
            best = card
    if best != NO_CARD:
        card, discard = best, False
    else:
        card, discard = _tempo_discard(view, me, other, sums), True

    source = SOURCE_DECK
    if view.turns < turn_limit(colors):
        best_take = 0
        for color in range(colors):
            top = view.pile_top(color)
            if top == NO_CARD or (discard and color == card // CARDS_PER_COLOR):
                continue
            index = _index(top)
            take = 0
            if (view.expedition_len(me, color) and index >= WAGERS_PER_COLOR
                    and view.can_play(me, top)):
                gap = index - max(_top_index(view, me, color) + 1, WAGERS_PER_COLOR)
                if gap <= 1 or (behind and gap <= 3):
                    take = 20 + _worth(index)
            if not take and _feeds(view, other, top, 6 if behind else 8):
                take = 10 + _worth(index)  # deny the opponent a card they need
            if not take and behind and turns_left < 10 and waiting:
                take = 1  # any pile draw buys a turn to play what I hold
            if take > best_take:
                best_take = take
                source = color + 1
        if lead > 0 and waiting == 0 and best_take < 20:
            source = SOURCE_DECK  # ahead with nothing to wait for: rush the deck
    return make_move(card, discard, source)


def _tempo_discard(view, me, other, sums):
    """A card no expedition of mine wants, never one that feeds the opponent if avoidable."""
    best = NO_CARD
    best_use = 100000
    for slot in range(HAND_SIZE):
        card = view.hand_card(me, slot)
        color = card // CARDS_PER_COLOR
        worth = _worth(_index(card))
        if not view.can_play(me, card):
            use = 0
        elif view.expedition_len(me, color):
            use = 30 + worth
        else:
            use = sums[color] // 2
        if _feeds(view, other, card, 0):
            use += 25 + 2 * worth
        if use < best_use:
            best_use = use
            best = card
    return best
