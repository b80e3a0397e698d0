"""The lesson's coach (issue 25): the first moment each idea of the game matters.

The table (and the terminal game) asks :func:`speak` at each moment of a
player's turn: the pick of a card (``AT_PICK``), a card chosen (``AT_CARD``),
the draw (``AT_DRAW``, discarding or playing), the round's end (``AT_END``).
The answer is the message to show now, or None: each lesson at most once a
lesson round, its bit then set in the saved match's ``coached`` (saved with
the match, so a resumed lesson does not repeat itself). The words are in
assets/coach.txt, read one message at a time (:func:`message`): the board
holds only the one on show. :func:`reason` says why a hinted move is good, in
the words of what the evaluation weighs (the expedition's points, the cost of
opening, what a discard gives the opponent).
"""

from micropython import const

from lostcities import asset_path
from lostcities.rules.cards import (
    COLOR_LETTERS, NO_CARD, card_color, card_text, card_value, is_wager, move_card, move_discards,
    score_cards)

AT_PICK = const(0)
AT_CARD = const(1)
AT_DRAW = const(2)
AT_END = const(3)
# The lessons by their names in assets/coach.txt, each with its moment (_AT):
# at one moment the first that applies is said
LESSONS = ("turn", "wager", "bonus", "open", "climb", "wanted", "shared", "just", "clock",
           "end")
_AT = b"\x00\x00\x00\x01\x01\x02\x02\x02\x02\x03"
_SHARED = const(6)  # the lessons that a discard's first moment says
_WANTED = const(5)
_BONUS_FROM = const(4)  # the cards of an expedition when the bonus is told


_TABLE_Y = const(15)  # the coach's words, over the opponent's side: yours stays in view
_TABLE_CHARS = const(25)  # the table popup's widest, as SELECT's pages (layout.INFO_CHARS)


def at_table(table, moment, card=NO_CARD, discard=False):
    """The coach's words for this moment of the table's viewer's turn, if any,
    in the table's popup until A (the table lets go of them: TableScreen.press)."""
    app = table.app
    saved = app.saved
    if app.session.is_ai(table.viewer):
        return
    before = saved.coached
    text = speak(saved, app.match.state, table.viewer, moment, card, discard)
    if text:
        table.spoken = saved.coached ^ before
        table.coaching = True
        table.page = -1
        table.popup.show(text, _TABLE_Y, _TABLE_CHARS)


def speak(saved, state, player, moment, card=NO_CARD, discard=False):
    """The message for ``player`` at ``moment`` (``card`` chosen, to be
    discarded if ``discard``), marked as said in ``saved.coached``; or None."""
    for lesson in range(len(LESSONS)):
        if _AT[lesson] != moment or saved.coached >> lesson & 1:
            continue
        numbers = _applies(lesson, saved.coached, state, player, card, discard)
        if numbers is not None:
            saved.coached |= 1 << lesson
            return message(lesson) % numbers
    return None


def _applies(lesson, coached, state, player, card, discard):
    """The numbers of ``lesson``'s message if it applies now, else None."""
    if lesson == 0:  # turn: the first turn
        return ()
    if lesson == 1:  # wager: one in hand that could still go first
        for held in state.hand(player):
            if is_wager(held) and state.can_play(player, held):
                return (card_text(held),)
        return None
    if lesson == 2:  # bonus: an expedition on its way to 8 cards
        for color in range(state.colors):
            count = state.expedition_len(player, color)
            if count >= _BONUS_FROM:
                return (COLOR_LETTERS[color], count)
        return None
    if lesson == 9:  # end: the player's expedition that scored the most, worked out
        best = -1
        for color in range(state.colors):
            if state.expedition_len(player, color) and (
                    best < 0 or state.expedition_score(player, color)[0]
                    > state.expedition_score(player, best)[0]):
                best = color
        if best < 0:
            return None
        _, total, wagers, _, bonus = score_cards(state.expedition(player, best))
        points = (total - 20) * (wagers + 1)
        return (COLOR_LETTERS[best], total, wagers + 1,
                ("%+d" % points if points else "0") + (", +20 for 8 cards" if bonus else ""))
    color = card_color(card)
    top = state.expedition_top(player, color)
    if lesson == 3 or lesson == 4:  # open, climb: the card chosen can go on its expedition
        if discard or not state.can_play(player, card):
            return None
        if lesson == 3 and top == NO_CARD:
            return (card_text(card), "%+d" % score_cards(bytes((card,)))[0])
        if lesson == 4 and top != NO_CARD and not is_wager(card):
            return (card_text(card), card_text(top))
        return None
    if not discard and lesson != 8:
        return None
    other = 1 - player
    theirs = state.expedition_top(other, color)
    if lesson == _WANTED:  # a discard the opponent's expedition can take
        if theirs != NO_CARD and state.can_play(other, card):
            return (card_text(card), card_text(theirs))
        return None
    if lesson == _SHARED:
        return (card_text(card),)
    if lesson == 7:  # just: a discard after the first
        return () if coached & (1 << _SHARED | 1 << _WANTED) else None
    for pile in range(state.colors):  # clock: a pile could be drawn from
        if state.pile_len(pile) and not (discard and pile == color):
            return (state.deck_len,)
    return None


def message(lesson):
    """The words of ``lesson`` (an index of LESSONS), read from assets/coach.txt
    alone: the other messages are never in the heap."""
    name = "= " + LESSONS[lesson]
    text = None
    with open(asset_path("coach.txt")) as file:
        for line in file:
            line = line.rstrip("\r\n")
            if text is None:
                if line == name:
                    text = ""
            elif line.startswith("= "):
                break
            elif line and not line.startswith("#"):
                text = (text + " " + line).strip()
    return text or ""


def reason(state, player, move):
    """Why the hint's ``move`` is good, in a few words: ``G climbs, +7``,
    ``opens G: your G cards add up to 19``, ``nobody needs it``."""
    card = move_card(move)
    color = card_color(card)
    letter = COLOR_LETTERS[color]
    mine = state.expedition(player, color)
    if not move_discards(move):
        if mine:
            before = score_cards(mine)[0]
            return "%s climbs, %+d" % (letter, score_cards(mine + bytes((card,)))[0] - before)
        held = 0  # what the hand holds of the colour: the opening's hope
        for other in state.hand(player):
            if card_color(other) == color and not is_wager(other):
                held += card_value(other)
        return "%s %s: your %s cards add up to %d" % (
            "bets on" if is_wager(card) else "opens", letter, letter, held)
    other = 1 - player
    if state.expedition_top(other, color) != NO_CARD and state.can_play(other, card):
        return "the least it gives the AI"
    if mine and not state.can_play(player, card):
        return "too low for your " + letter
    return "nobody needs it"
