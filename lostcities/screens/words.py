"""The table in words: moves, what a card would do, and SELECT's pages.

Each function reads only what the viewing player may see (their view of the
state, the moves made, the public piles) and returns short lines for the
status line (26 characters) or an overlay.
"""

from lostcities.rules.cards import (
    COLOR_LETTERS, HIDDEN, NO_CARD, card_color, card_index, card_text, score_cards)
from lostcities.screens import CHARS
from lostcities.rules.cards import played_words

PAGES = 3  # SELECT's overlay: the match, the piles, the cards not seen
_LAST_MOVES = 3  # moves on the first page, newest first


def signed(points):
    """A score as the table writes it: ``+12``, ``-60``, ``0``: never a card's
    number."""
    return "%+d" % points if points else "0"


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


def mover(match, index):
    """The player who made move ``index`` of the round (turns alternate from
    the round's starter)."""
    return (match.starter() + index) % 2


def rank_list(cards):
    """``xx 4 7 10``: cards of one colour, wagers together."""
    wagers = 0
    ranks = []
    for card in cards:
        index = card_index(card)
        if index < 3:
            wagers += 1
        else:
            ranks.append(str(index - 1))
    if wagers:
        ranks.insert(0, "x" * wagers)
    return " ".join(ranks)


def info_page(app, viewer, page):
    """SELECT's page ``page`` (0 to PAGES - 1) as lines: the match and the
    last moves, each pile from the top, or each colour's cards not seen."""
    match = app.match
    state = match.state
    view = app.session.view(viewer)
    opponent = 1 - viewer
    name = app.session.playing().short_name(opponent)
    colors = state.colors
    if page == 0:
        known = [card_text(card) for card in view.hand(opponent)
                 if card != HIDDEN]
        one, two = match.totals()
        lines = ["1/%d Match  SELECT: more" % PAGES,
                 "Totals: %s %d, %s %d" % (app.session.playing().short_name(0), one,
                                           app.session.playing().short_name(1), two),
                 "%s holds from piles: %s" % (
                     name, " ".join(known) if known else "none")]
        moves = match.moves[-1]
        if moves:
            lines.append("Last moves, newest first:")
        for index in range(len(moves) - 1, max(-1, len(moves) - 1 - _LAST_MOVES), -1):
            line = "%-3s %s" % (app.session.playing().short_name(mover(match, index)),
                                played_words(moves, index))
            lines.append(line if len(line) < CHARS else line.replace(",", ""))
        return lines
    if page == 1:
        lines = ["2/%d Piles, top first" % PAGES]
        for color in range(colors):
            pile = state.pile(color)
            lines.append("%s %2d: %s" % (COLOR_LETTERS[color], len(pile),
                                         rank_list(reversed(pile)) or "-"))
        return lines
    unseen = view.unseen(viewer)
    lines = ["3/%d Not seen: deck, %s" % (PAGES, name)]
    for color in range(colors):
        lines.append("%s: %s" % (COLOR_LETTERS[color], rank_list(
            card for card in unseen if card_color(card) == color) or "-"))
    return lines
