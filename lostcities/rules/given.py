"""The checks of a round given whole: a record's or a save's deal, and its
starter. A match's own deals need none, so the board loads this module only
while it reads a saved match at start-up, and forgets it at the table
(lostcities/memory.py)."""

from lostcities.rules.cards import (
    CARDS_PER_COLOR, COLOR_NAMES, HAND_SIZE, WAGERS_PER_COLOR, card_color, card_text, is_wager)


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


def starter_reason(expected, last, tied):
    """Why ``expected`` (0/1) must start the round after round ``last``
    (``tied``: it was a tie), in words."""
    if tied:
        why = "round %d was a tie and player %d started it" % (last, 2 - expected)
    else:
        why = "player %d scored fewer points in round %d" % (expected + 1, last)
    return "player %d must start round %d: %s" % (expected + 1, last + 1, why)
