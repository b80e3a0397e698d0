"""Why a move of the round's review cost points and why the better move is
better, from what its player saw then, as codes (:func:`reason`) and in words
(:func:`why`, :func:`why_better`): a module of its own, so that the board
compiles the review in two halves of its heap.
"""

from micropython import const

from lostcities.rules.cards import (
    CARDS_PER_COLOR, COLOR_NAMES, EXPEDITION_COST, HAND_SIZE, NO_CARD, SOURCE_DECK, card_color,
    card_text, card_value, is_wager, move_card, move_discards, move_source, same_kind,
    score_cards)

_LATE = const(5)  # deck cards left from which the last turn is worth a pile draw's thought

# What was wrong with the move played, from what its player saw then
FEEDS = const(0)  # a discard the opponent's expedition can take
UNCARRIED = const(1)  # a wager where the numbers to carry it are gone
ALONE = const(2)  # an expedition opened with nothing to follow
SHORT = const(3)  # an expedition opened with too little to follow
SKIPS = const(4)  # a play over a lower card held for that expedition
STILL_FITS = const(5)  # a discard of a card that still fits its expedition
LAST_TURN = const(6)  # a pile draw that hands the opponent the round's last turn
DECK = const(7)  # a pile draw of a card worth less than the deck's
# What the better move does
TAKES = const(8)  # its draw takes a pile's card that fits a started expedition
DENIES = const(9)  # its draw takes a card the opponent could use
SLOWS = const(10)  # its draw leaves the deck, and its turns, for later
CLIMBS = const(11)  # it plays on a started expedition
OPENS = const(12)  # it opens a colour
SPARE = const(13)  # it discards a card nobody needs
WEIGHED = const(14)  # nothing simpler: the evaluation weighs the whole table
UNSAID = const(15)  # nothing to say: the move played had no fault in sight, or the
# better move's draw is the deck that the played move's fault names


def pile_card(view, move):
    """The card ``move`` takes from a pile in ``view``, or NO_CARD."""
    source = move_source(move)
    return NO_CARD if source == SOURCE_DECK else view.pile_top(source - 1)


def _numbers(view, player, color, above, hand_only):
    """The sum of the numbers of ``color`` above index ``above`` that
    ``player`` holds, and (unless ``hand_only``) that nobody has shown."""
    held = 0
    for slot in range(HAND_SIZE):
        card = view.hand_card(player, slot)
        if card_color(card) == color and card % CARDS_PER_COLOR > above:
            held += card_value(card)
    if hand_only:
        return held
    gone = bytearray(CARDS_PER_COLOR)  # the cards of the colour in sight
    for slot in range(HAND_SIZE):
        for who in (player, 1 - player):
            card = view.hand_card(who, slot)
            if card_color(card) == color:
                gone[card % CARDS_PER_COLOR] = 1
    for who in (0, 1):
        for i in range(view.expedition_len(who, color)):
            gone[view.expedition_card(who, color, i) % CARDS_PER_COLOR] = 1
    for i in range(view.pile_len(color)):
        gone[view.pile_card(color, i) % CARDS_PER_COLOR] = 1
    for index in range(max(above + 1, 3), CARDS_PER_COLOR):
        if not gone[index]:
            held += index - 1
    return held


def reason(view, player, move, better):
    """``(fault, card, number, merit, card, number)``, from ``view`` alone:
    what was wrong with ``move`` (UNSAID if nothing in sight), then what
    ``better`` does (UNSAID when the fault says it all), each with the card
    and the number its words name. The same card played or discarded: the
    draws are weighed; else the cards' moves."""
    if same_kind(move_card(move), move_card(better)) and (
            move_discards(move) == move_discards(better)):
        return _draw_fault(view, move, better) + _draw_merit(view, player, move, better)
    return _fault(view, player, move) + _merit(view, player, better)


def _fault(view, player, move):
    """What was wrong with the card's move of ``move``."""
    card = move_card(move)
    color = card_color(card)
    other = 1 - player
    top = view.expedition_top(player, color)
    if move_discards(move):
        if view.expedition_top(other, color) != NO_CARD and view.can_play(other, card):
            return FEEDS, card, 0
        if top != NO_CARD and view.can_play(player, card) and not is_wager(card):
            return STILL_FITS, card, 0
        return UNSAID, card, 0
    if is_wager(card):
        carry = _numbers(view, player, color, 2, False)
        if carry < EXPEDITION_COST:
            return UNCARRIED, card, carry
    else:
        above = top % CARDS_PER_COLOR if top != NO_CARD else -1
        lowest = NO_CARD  # the lowest card held that the played one jumps over
        for slot in range(HAND_SIZE):
            held = view.hand_card(player, slot)
            if (card_color(held) == color and not is_wager(held)
                    and above < held % CARDS_PER_COLOR < card % CARDS_PER_COLOR
                    and (lowest == NO_CARD or held < lowest)):
                lowest = held
        if lowest != NO_CARD:
            return SKIPS, lowest, 0
    if top == NO_CARD:
        after = _numbers(view, player, color, card % CARDS_PER_COLOR, True)
        if after == 0:
            return ALONE, card, 0
        if after + card_value(card) < EXPEDITION_COST:
            return SHORT, card, after + card_value(card)
    return UNSAID, card, 0


def _merit(view, player, better):
    """What the card's move of ``better`` does."""
    card = move_card(better)
    color = card_color(card)
    if not move_discards(better):
        cards = view.expedition(player, color)
        if cards:
            return CLIMBS, card, score_cards(cards + bytes((card,)))[0] - score_cards(cards)[0]
        return OPENS, card, _numbers(view, player, color, 2, True)
    if not view.can_play(1 - player, card) and not (
            view.expedition_len(player, color) and view.can_play(player, card)):
        return SPARE, card, 0
    return WEIGHED, card, 0


def _draw_fault(view, move, better):
    """What was wrong with the draw of ``move``, the card being the better one's:
    a pile's card where the deck's was better."""
    taken = pile_card(view, move)
    if taken == NO_CARD or move_source(better) != SOURCE_DECK:
        return UNSAID, taken, 0
    if view.deck_len % 2 and view.deck_len <= _LATE:
        return LAST_TURN, taken, view.deck_len
    return DECK, taken, 0


def _draw_merit(view, player, move, better):
    """What the draw of ``better`` does, the card being the played one's."""
    if move_source(better) == SOURCE_DECK:
        return UNSAID, NO_CARD, 0  # the played draw's fault says why
    taken = view.pile_top(move_source(better) - 1)
    color = card_color(taken)
    if view.expedition_len(player, color) and view.can_play(player, taken):
        return TAKES, taken, 0
    if view.expedition_len(1 - player, color) and view.can_play(1 - player, taken):
        return DENIES, taken, 0
    if move_source(move) == SOURCE_DECK:
        return SLOWS, taken, view.deck_len
    return WEIGHED, taken, 0


def why(mistake, them):
    """What was wrong with the mistake's move played, in a few words (``it
    feeds the AI's yellow``), or None if nothing in sight; ``them`` names the
    opponent ("the AI", "player 2")."""
    return _words(mistake.reason, mistake.card, mistake.number, them)


def why_better(mistake, them):
    """What the mistake's better move does, in a few words (``it climbs your
    red, +7``), or None when :func:`why` says it all."""
    return _words(mistake.better_reason, mistake.better_card, mistake.better_number, them)


def _words(reason, card, number, them):
    """A reason's words, each short enough for the board's page (tests/test_review.py)."""
    if reason == UNSAID:
        return None
    name = COLOR_NAMES[card_color(card)]
    text = card_text(card)
    if reason == FEEDS:
        return "it feeds %s's %s" % (them, name)
    if reason == UNCARRIED:
        return "too few %s numbers left (%d)" % (name, number)
    if reason == ALONE:
        return "nothing in hand follows it"
    if reason == SHORT:
        return "your %s reaches only %d" % (name, number)
    if reason == SKIPS:
        return "your %s can't follow it" % text
    if reason == STILL_FITS:
        return "it still fits your %s" % name
    if reason == LAST_TURN:
        return "it hands %s the last turn" % them
    if reason == DECK:
        return "a deck card is worth more"
    if reason == TAKES:
        return "%s fits your %s" % (text, name)
    if reason == DENIES:
        return "it keeps %s from %s's %s" % (text, them, name)
    if reason == SLOWS:
        return "it leaves the deck at %d" % number
    if reason == CLIMBS:
        return "it climbs your %s, %+d" % (name, number)
    if reason == OPENS:
        return "it opens %s, with %d in hand" % (name, number)
    if reason == SPARE:
        return "nobody needs %s" % text
    return "by the evaluation of the whole table"
