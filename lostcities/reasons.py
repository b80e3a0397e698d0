"""Why a move of the round's review cost points, from what its player saw
then, as a code (:func:`reason`) and in words (:func:`why`): a module of its
own, so that the board compiles the review in two halves of its heap.
"""

from micropython import const

from lostcities.rules.cards import (
    CARDS_PER_COLOR, COLOR_NAMES, EXPEDITION_COST, HAND_SIZE, NO_CARD, SOURCE_DECK, card_color,
    card_text, card_value, is_wager, move_card, move_discards, move_source, same_kind,
    score_cards)

_LATE = const(5)  # deck cards left from which the last turn is worth a pile draw's thought

# Why a move cost points, from what its player saw then; the words: why()
_FEEDS = const(0)  # a discard the opponent's expedition can take
_UNCARRIED = const(1)  # a wager where the numbers to carry it are gone
_ALONE = const(2)  # an expedition opened with nothing to follow
_SHORT = const(3)  # an expedition opened with too little to follow
_SKIPS = const(4)  # a play over a lower card held for that expedition
_STILL_FITS = const(5)  # a discard of a card that still fits its expedition
_LAST_TURN = const(6)  # a pile draw that hands the opponent the round's last turn
_DECK = const(7)  # a pile draw of a card worth less than the deck's
_TAKES = const(8)  # the better draw takes a pile's card that fits
_DENIES = const(9)  # the better draw takes a card the opponent could use
_SLOWS = const(10)  # the better draw leaves the deck, and its turns, for later
_CLIMBS = const(11)  # the better move plays on a started expedition
_OPENS = const(12)  # the better move opens a colour
_SPARE = const(13)  # the better move discards a card nobody needs
_WEIGHED = const(14)  # nothing simpler: the evaluation weighs the whole table


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
    """``(reason, card, number)``: why ``move`` cost points where ``better``
    did not, from ``view`` alone. The same card played or discarded: the
    draw's; else what was wrong with the card's move, or what the better one does."""
    card = move_card(move)
    if same_kind(card, move_card(better)) and move_discards(move) == move_discards(better):
        return _draw_why(view, player, move, better)
    color = card_color(card)
    other = 1 - player
    top = view.expedition_top(player, color)
    if move_discards(move):
        if view.expedition_top(other, color) != NO_CARD and view.can_play(other, card):
            return _FEEDS, card, 0
        if top != NO_CARD and view.can_play(player, card) and not is_wager(card):
            return _STILL_FITS, card, 0
    elif is_wager(card):
        carry = _numbers(view, player, color, 2, False)
        if carry < EXPEDITION_COST:
            return _UNCARRIED, card, carry
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
            return _SKIPS, lowest, 0
    if not move_discards(move) and top == NO_CARD:
        after = _numbers(view, player, color, card % CARDS_PER_COLOR, True)
        if after == 0:
            return _ALONE, card, 0
        if after + card_value(card) < EXPEDITION_COST:
            return _SHORT, card, after + card_value(card)
    card = move_card(better)
    color = card_color(card)
    if not move_discards(better):
        cards = view.expedition(player, color)
        if cards:
            return _CLIMBS, card, score_cards(cards + bytes((card,)))[0] - score_cards(cards)[0]
        return _OPENS, card, _numbers(view, player, color, 2, True)
    if not view.can_play(other, card) and not (
            view.expedition_len(player, color) and view.can_play(player, card)):
        return _SPARE, card, 0
    return _WEIGHED, card, 0


def _draw_why(view, player, move, better):
    """Why the better move's draw is better, the card being the same."""
    source = move_source(better)
    if source == SOURCE_DECK:
        taken = pile_card(view, move)
        if view.deck_len % 2 and view.deck_len <= _LATE:
            return _LAST_TURN, taken, view.deck_len
        return _DECK, taken, 0
    taken = view.pile_top(source - 1)
    if view.can_play(player, taken):
        return _TAKES, taken, 0
    if view.expedition_len(1 - player, card_color(taken)) and view.can_play(1 - player, taken):
        return _DENIES, taken, 0
    return _SLOWS, taken, view.deck_len


def why(mistake, them):
    """Why ``mistake`` cost points, in a few words: ``it feeds the AI's
    yellow``; ``them`` names the opponent ("the AI", "player 2")."""
    reason = mistake.reason
    number = mistake.number
    card = mistake.card
    name = COLOR_NAMES[card_color(card)]
    text = card_text(card)
    if reason == _FEEDS:
        return "it feeds %s's %s" % (them, name)
    if reason == _UNCARRIED:
        return "a wager with too few %s numbers left to carry it: %d at most" % (name, number)
    if reason == _ALONE:
        return "opens %s with nothing to follow" % name
    if reason == _SHORT:
        return "opens %s with too little to follow: %d in all" % (name, number)
    if reason == _SKIPS:
        return "it jumps over your %s, which can't follow it" % text
    if reason == _STILL_FITS:
        return "%s still fits your %s" % (text, name)
    if reason == _LAST_TURN:
        return "with %d in the deck, taking %s hands %s the last turn" % (number, text, them)
    if reason == _DECK:
        return "a card from the deck is worth more than %s" % text
    if reason == _TAKES:
        return "%s on the pile fits your %s" % (text, name)
    if reason == _DENIES:
        return "taking %s keeps it from %s's %s" % (text, them, name)
    if reason == _SLOWS:
        return "taking %s slows the clock: the deck stays at %d" % (text, number)
    if reason == _CLIMBS:
        return "%s climbs your %s, %+d" % (text, name, number)
    if reason == _OPENS:
        return "%s opens %s: your %s cards add up to %d" % (text, name, name, number)
    if reason == _SPARE:
        return "%s is a card nobody needs" % text
    return "by the evaluation of the whole table"
