"""What the rules allow beyond one move: every legal move of a round's state
(:meth:`State.legal_moves`), and a round given whole (a record's or a save's
deal, and its starter: :meth:`Match.start_round`).

The laptop's players, tools and tests list the moves; the board never does
(its table checks one move at a time, its AI weighs moves as it makes them).
The board checks a round given whole only while it reads a saved match at
start-up, and forgets this module at the title and the table
(lostcities/memory.py): the match's own deals need no check. So the state
and the match compile in less of the board's heap, and the table holds none
of this.
"""

from lostcities.rules.cards import (
    CARDS_PER_COLOR, COLOR_NAMES, DISCARD, HAND_SIZE, HIDDEN, SOURCE_DECK, WAGERS_PER_COLOR,
    card_color, card_text, is_wager, make_move)
from lostcities.rules.offsets import HAND_AT, PILE_LEN_AT


def legal_moves(state):
    """Every legal move of the player to move (identical wagers once, by
    any copy: :meth:`State.play` makes it the copy the rules choose)."""
    moves = []
    if state.deck_len == 0:
        return moves
    player = state.to_move
    buf = state.buf
    base = HAND_AT + player * HAND_SIZE
    wagers = 0  # the colours whose wager is listed, a bit each
    for slot in range(HAND_SIZE):
        card = buf[base + slot]
        if card == HIDDEN:
            continue
        color = card // CARDS_PER_COLOR
        if card % CARDS_PER_COLOR < WAGERS_PER_COLOR:
            if wagers & (1 << color):
                continue
            wagers |= 1 << color
        for discard in (0, DISCARD):
            if discard == 0 and not state.can_play(player, card):
                continue
            moves.append(make_move(card, discard, SOURCE_DECK))
            for pile in range(state.colors):
                if buf[PILE_LEN_AT + pile] and not (
                        discard and pile == color):
                    moves.append(make_move(card, discard, pile + 1))
    return moves


def check_deal(hand1, hand2, deck, colors):
    """None if the deal is exactly one deck with 8 cards a hand, else why not.

    The answer is ``(part, reason)``, ``part`` naming where the fault shows:
    0 for hand1, 1 for hand2, 2 for the deck (so a record can point at a line).
    """
    seen = bytearray(colors * CARDS_PER_COLOR)
    part = 0
    for cards in (hand1, hand2, deck):
        if part < 2 and len(cards) != HAND_SIZE:
            return (part, "hand%d has %d cards, not %d" % (
                part + 1, len(cards), HAND_SIZE))
        for card in cards:
            if card >= len(seen):
                return (part, "there is no such card in this game")
            if seen[card]:
                if is_wager(card):
                    return (part, "more than %d %s wagers in the deal" % (
                        WAGERS_PER_COLOR, COLOR_NAMES[card_color(card)]))
                return (part, "%s is dealt twice" % card_text(card))
            seen[card] = 1
        part += 1
    missing = [card_text(card) for card in range(len(seen)) if not seen[card]]
    if missing:
        return (2, "the deal lacks %d of the %d cards: %s%s" % (
            len(missing), len(seen), " ".join(missing[:6]),
            " ..." if len(missing) > 6 else ""))
    return None


def starter_reason(expected, scores):
    """Why ``expected`` (0/1) must start the round after those of ``scores``
    (the finished rounds' scores), in words."""
    last = len(scores)
    if scores[-1][0] == scores[-1][1]:
        why = "round %d was a tie and player %d started it" % (last, 2 - expected)
    else:
        why = "player %d scored fewer points in round %d" % (expected + 1, last)
    return "player %d must start round %d: %s" % (expected + 1, last + 1, why)
