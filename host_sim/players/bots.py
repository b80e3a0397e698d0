"""Reference players: fixed yardsticks that the AI levels are measured against.

They never change once they land. Each is ``choose(view, rng) -> move``:
it decides from its player's view alone (see ``State.view``).
"""

from lostcities.rules.cards import (
    CARDS_PER_COLOR, DISCARD, HAND_SIZE, NO_CARD, SOURCE_DECK, WAGERS_PER_COLOR, card_value,
    make_move, move_source, turn_limit)


def random_move(view, rng):
    """A uniformly random legal move (from the turn limit on, one that draws from the deck)."""
    moves = view.legal_moves()
    if view.turns >= turn_limit(view.colors):
        moves = [move for move in moves if move_source(move) == SOURCE_DECK]
    return moves[rng.randbelow(len(moves))]


def _gap(view, player, card):
    """Numbers skipped if ``card`` goes onto the player's expedition now."""
    top = view.expedition_top(player, card // CARDS_PER_COLOR)
    top_index = top % CARDS_PER_COLOR if top != NO_CARD else WAGERS_PER_COLOR - 1
    return card % CARDS_PER_COLOR - max(top_index, WAGERS_PER_COLOR - 1) - 1


def heuristic_move(view, rng):
    """A sound intermediate player, the yardstick for the AI levels.

    It opens an expedition only with enough points of that colour in hand for
    the turns left, plays its lowest card when the gap is small, discards the
    card least useful to itself and to the opponent, and takes a discard only
    when it fits its own expedition with almost no gap. ``rng`` is unused: it
    is deterministic.
    """
    me = view.to_move
    other = 1 - me
    turns_left = (view.deck_len + 1) // 2
    points = [0] * view.colors  # numbers of each colour in hand
    counts = [0] * view.colors
    for slot in range(HAND_SIZE):
        card = view.hand_card(me, slot)
        color = card // CARDS_PER_COLOR
        points[color] += card_value(card)
        counts[color] += 1

    waiting = 0  # cards that fit started expeditions
    for slot in range(HAND_SIZE):
        card = view.hand_card(me, slot)
        if view.expedition_len(me, card // CARDS_PER_COLOR) and view.can_play(me, card):
            waiting += 1
    played = NO_CARD  # the card to put on an expedition, if any
    # gaps of 0-2 numbers; any gap once the turns left run short
    best_gap = 3 if waiting < turns_left else CARDS_PER_COLOR
    for slot in range(HAND_SIZE):
        card = view.hand_card(me, slot)
        color = card // CARDS_PER_COLOR
        if not view.can_play(me, card):
            continue
        started = view.expedition_len(me, color) > 0
        if card % CARDS_PER_COLOR < WAGERS_PER_COLOR:
            # a wager only on a strong colour with time to build it
            if points[color] >= 30 and counts[color] + 4 <= turns_left:
                gap = 0
            else:
                continue
        elif not started and (points[color] < 24 or counts[color] > turns_left):
            continue
        else:
            gap = _gap(view, me, card)
        if gap < best_gap:
            best_gap = gap
            played = card
    if played != NO_CARD:
        card = played
        discard = 0
    else:
        card = _least_useful(view, me, other, points)
        discard = DISCARD

    source = SOURCE_DECK
    if view.turns < turn_limit(view.colors):
        for color in range(view.colors):
            top = view.pile_top(color)
            if top == NO_CARD or (discard and color == card // CARDS_PER_COLOR):
                continue
            if (view.expedition_len(me, color) and not top % CARDS_PER_COLOR < WAGERS_PER_COLOR
                    and view.can_play(me, top) and _gap(view, me, top) <= 1):
                source = color + 1
                break
    return make_move(card, discard, source)


def _least_useful(view, me, other, points):
    """The hand card whose loss hurts least and that helps the opponent least."""
    best = NO_CARD
    best_use = 1000
    for slot in range(HAND_SIZE):
        card = view.hand_card(me, slot)
        color = card // CARDS_PER_COLOR
        value = card_value(card)
        if not view.can_play(me, card):
            use = 0
        elif view.expedition_len(me, color):
            use = 20 + value
        else:
            use = points[color] // 3 + value // 2
        if view.expedition_len(other, color) and view.can_play(other, card):
            use += 10 + value
        if use < best_use:
            best_use = use
            best = card
    return best
