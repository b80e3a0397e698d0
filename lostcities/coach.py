"""The lesson's coach: the first moment each idea of the game matters.

A front end asks :func:`speak` at each moment of its player's turn, by name:
``"pick"`` (the turn begins), ``"move"`` (a card is to be played, or discarded
if ``discard``; in the window, at the draw, where B still takes it back) and
``"end"`` (the round is over). The coach reads what it is given and answers
what to say, or None: each lesson once a lesson round, the caller marking it
in the saved match's ``coached`` (saved with the match, so a resumed lesson
does not repeat itself) and showing the words its own way. The words are in
assets/coach.txt, read one message at a time (:func:`message`): the board
holds only the one on show. :func:`reason` says why a hinted move is good, in
the words of what the evaluation weighs (the expedition's points, the cost of
opening, what a discard gives the opponent).
"""

from micropython import const

from lostcities.rules.cards import (
    COLOR_LETTERS, NO_CARD, WAGERS_PER_COLOR, card_color, card_index, card_text, card_value,
    is_wager, move_card, move_discards, score_cards)

# The lessons by their names in assets/coach.txt, each with its moment (LESSON_MOMENTS):
# at a moment the first that applies is said, the warnings before the rest
LESSONS = ("goal", "wager", "bonus", "late", "skip", "wanted", "open", "climb", "shared",
           "clock", "end")
LESSON_MOMENTS = ("pick", "pick", "pick", "move", "move", "move", "move", "move", "move", "move",
                  "end")
WARNINGS = ("late", "skip", "wanted")  # said only to a risky move
_BONUS_FROM = const(4)  # the cards of an expedition when the bonus is told
_LATE = const(20)  # cards left in the deck from which opening a colour is late
_OPENING_SUM = const(20)  # what an expedition's numbers must add up to, to gain


def speak(coached, state, player, moment, card=NO_CARD, discard=False):
    """``(lesson, words)`` for ``player`` at ``moment`` (``card`` to be played,
    or discarded if ``discard``), or None: ``coached`` has a bit set for each
    lesson said already, and none of those is said again."""
    for lesson in range(len(LESSONS)):
        if LESSON_MOMENTS[lesson] != moment or coached >> lesson & 1:
            continue
        numbers = _applies(LESSONS[lesson], state, player, card, discard)
        if numbers is not None:
            return lesson, message(lesson) % numbers
    return None


def _applies(name, state, player, card, discard):
    """The numbers of lesson ``name``'s message if it applies now, else None."""
    if name == "goal":  # the first turn
        return ()
    if name == "wager":  # one in hand that could still go first
        for held in state.hand(player):
            if is_wager(held) and state.can_play(player, held):
                return (card_text(held), COLOR_LETTERS[card_color(held)])
        return None
    if name == "bonus":  # an expedition on its way to 8 cards
        for color in range(state.colors):
            count = state.expedition_len(player, color)
            if count >= _BONUS_FROM:
                return (COLOR_LETTERS[color], count)
        return None
    if name == "end":
        return _best_expedition(state, player)
    if name == "clock":  # any move, when a pile could be drawn from
        for pile in range(state.colors):
            if state.pile_len(pile) and not (discard and pile == card_color(card)):
                return (state.deck_len,)
        return None
    color = card_color(card)
    letter = COLOR_LETTERS[color]
    top = state.expedition_top(player, color)
    other = 1 - player
    fits_theirs = (state.expedition_top(other, color) != NO_CARD
                   and state.can_play(other, card))
    if discard:
        if name == "wanted" and fits_theirs:
            return (card_text(card), card_text(state.expedition_top(other, color)))
        if name == "shared" and not fits_theirs:
            return (card_text(card),)
        return None
    skipped = _skipped(state, player, card)
    if name == "skip":
        return None if skipped == NO_CARD else (card_text(card), card_text(skipped))
    if top == NO_CARD:
        held = _held_sum(state, player, color)
        if name == "late" and state.deck_len <= _LATE and held < _OPENING_SUM:
            return (state.deck_len, letter, held)
        if name == "open":
            return (card_text(card), "%+d" % score_cards(bytes((card,)))[0], letter, held)
    elif name == "climb" and skipped == NO_CARD and not is_wager(card):
        return (card_text(card), card_text(top))
    return None


def _skipped(state, player, card):
    """A number card of the hand that playing ``card`` would leave behind
    for good (lower than it, higher than its expedition's top), or NO_CARD."""
    if is_wager(card):
        return NO_CARD
    top = state.expedition_top(player, card_color(card))
    floor = WAGERS_PER_COLOR - 1 if top == NO_CARD else card_index(top)
    for held in state.hand(player):
        if (card_color(held) == card_color(card)
                and floor < card_index(held) < card_index(card)
                and not is_wager(held)):
            return held
    return NO_CARD


def _held_sum(state, player, color):
    """What the numbers of ``color`` in the player's hand add up to."""
    total = 0
    for held in state.hand(player):
        if card_color(held) == color:
            total += card_value(held)
    return total


def _unseen_sum(state, player, card):
    """What the numbers of ``card``'s colour that could follow it and that
    ``player`` has not seen (in the deck or the AI's hand) add up to."""
    total = 0
    for unseen in state.unseen(player):
        if card_color(unseen) == card_color(card) and card_index(unseen) > card_index(card):
            total += card_value(unseen)
    return total


def _best_expedition(state, player):
    """The end's numbers: the player's expedition that scored the most, worked out."""
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


def message(lesson):
    """The words of ``lesson`` (an index of LESSONS), read from assets/coach.txt
    alone: the other messages are never in the heap."""
    from lostcities import asset_path
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
    ``opens G: your G cards add up to 23``, ``it fits no expedition``. An
    opening short of the 20 that the coach asks for says what may yet come
    (``opens G: your G cards add up to 4, but 41 more may come``)."""
    card = move_card(move)
    color = card_color(card)
    letter = COLOR_LETTERS[color]
    mine = state.expedition(player, color)
    held = _held_sum(state, player, color)  # the colour's numbers in hand: the hope
    if not move_discards(move):
        if mine:
            before = score_cards(mine)[0]
            return "%s climbs, %+d" % (letter, score_cards(mine + bytes((card,)))[0] - before)
        words = "%s %s: your %s cards add up to %d" % (
            "bets on" if is_wager(card) else "opens", letter, letter, held)
        if held < _OPENING_SUM:  # the coach's rule, and why the hint may open all the same
            words += ", but %d more may come" % _unseen_sum(state, player, card)
        return words
    other = 1 - player
    if state.expedition_top(other, color) != NO_CARD and state.can_play(other, card):
        return "the least it gives the AI"
    if mine and not state.can_play(player, card):
        return "too low for your " + letter
    if is_wager(card):
        return "a wager doubles a loss: your %s cards add up to %d" % (letter, held)
    return "it fits no expedition yet"
