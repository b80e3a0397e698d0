"""The table in words: what a card would do, on the status line.

Each function reads only what the viewing player may see (their view of the
state, the public piles) and returns a short line for the status line (26
characters).
"""

from lostcities.rules.cards import COLOR_LETTERS, NO_CARD, card_color, card_text, score_cards
from lostcities.screens import CHARS, signed


def short_name(saved, player):
    """``YOU``, ``AI`` or ``P1``: ``player`` of ``saved`` (the SavedMatch) in
    the board's narrow columns (the table's status line and panel, the scores,
    SELECT's pages)."""
    if saved.mode == "ai":
        return "AI" if saved.is_ai(player) else "YOU"
    return "P%d" % (player + 1)


def play_preview(state, player, card):
    """The score of ``card``'s expedition now and once ``card`` is on it."""
    cards = state.expedition(player, card_color(card))
    return (score_cards(cards)[0], score_cards(cards + bytes((card,)))[0])


def action_words(state, player, card, reason):
    """The status line with a card picked (it stands up in the hand): the
    buttons, and what playing it does to its expedition's score, or why not."""
    if reason:
        return "%s: can't play; v discard" % card_text(card)
    before, after = play_preview(state, player, card)
    line = "A:play %s->%s v:discard" % (signed(before), signed(after))
    return line if len(line) <= CHARS else line.replace(" ", "", 1)  # scores over 99


def discard_words(state, opponent, name, card):
    """Whether the other player could use the card about to be discarded:
    their expedition of its colour and its top card."""
    color = card_color(card)
    top = state.expedition_top(opponent, color)
    if top == NO_CARD:
        return "%s has no %s: could open" % (name, COLOR_LETTERS[color])
    return "%s's top %s: %s %s" % (name, card_text(top), card_text(card),
                                  "fits" if state.can_play(opponent, card)
                                  else "no use")
