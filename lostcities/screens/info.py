"""What the table shows when asked: SELECT's pages (the match and the last
moves, the piles, the cards not seen) and the hint's words. Loaded for each
page or hint, and forgotten once the table has it (lostcities/memory.py's
room "info"): the table holds none of it.

Each reads only what the viewing player may see (their view of the state,
the moves made, the public piles). A page's lines are made to fit the popup,
which then shows them as they are (their columns aligned), not wrapped again.
"""

from lostcities.rules.cards import (
    COLOR_LETTERS, HIDDEN, NO_CARD, SOURCE_DECK, card_color, card_index, card_text, move_source,
    move_words, played_words)
from lostcities.screens import wrap
from lostcities.screens.layout import INFO_CHARS, INFO_PAGES
from lostcities.screens.words import short_name

from micropython import const

_LAST_MOVES = const(3)  # moves on the first page, newest first


def add(lines, line):
    """``line`` at the end of a page's ``lines``, cut between words into more
    if the popup is too narrow for it."""
    lines.append(line if len(line) <= INFO_CHARS else wrap(line, INFO_CHARS))


def rank_list(cards):
    """``xx 4 7 10``: cards of one colour, wagers together."""
    wagers = ""
    ranks = ""
    for card in cards:
        index = card_index(card)
        if index < 3:
            wagers += "x"
        else:
            ranks += " %d" % (index - 1)
    return (wagers + ranks).strip() or "-"


def info_page(app, viewer, page):
    """SELECT's page ``page`` (0 to INFO_PAGES - 1) as lines that fit the popup:
    the match and the last moves, each pile from the top, or each colour's
    cards not seen."""
    match = app.match
    state = match.state
    view = app.session.view(viewer)
    saved = app.session.playing()
    name = short_name(saved, 1 - viewer)
    if page == 0:
        known = " ".join(card_text(card) for card in view.hand(1 - viewer) if card != HIDDEN)
        one, two = match.totals()
        lines = ["1/%d Match  SELECT: more" % INFO_PAGES,
                 "Totals: %s %d, %s %d" % (short_name(saved, 0), one, short_name(saved, 1), two)]
        add(lines, "%s holds from piles: %s" % (name, known or "none"))
        moves = match.moves[-1]
        if moves:
            lines.append("Last moves, newest first:")
        for index in range(len(moves) - 1, max(-1, len(moves) - 1 - _LAST_MOVES), -1):
            # turns alternate from the round's starter
            line = "%-3s %s" % (short_name(saved, (match.starter() + index) % 2),
                                played_words(moves, index))
            add(lines, line if len(line) <= INFO_CHARS else line.replace(",", ""))
    elif page == 1:
        lines = ["2/%d Piles, top first" % INFO_PAGES]
        for color in range(state.colors):
            pile = state.pile(color)
            add(lines, "%s %2d: %s" % (COLOR_LETTERS[color], len(pile), rank_list(reversed(pile))))
    else:
        unseen = view.unseen(viewer)
        lines = ["3/%d Not seen: deck, %s" % (INFO_PAGES, name)]
        for color in range(state.colors):
            lines.append("%s: %s" % (COLOR_LETTERS[color], rank_list(
                card for card in unseen if card_color(card) == color)))
    return lines


def hint_words(app, viewer, move):
    """The hint's popup: the whole move, and in the lesson why."""
    state = app.match.state
    source = move_source(move)
    top = NO_CARD if source == SOURCE_DECK else state.pile_top(source - 1)
    text = "Hint: " + move_words(move, top, done=False)
    if app.saved.learn:  # and why, in words
        from lostcities.coach import reason
        text += ": " + reason(state, viewer, move)
    return text
