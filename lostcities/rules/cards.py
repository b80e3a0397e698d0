"""Cards and moves as small integers, and scoring.

* A card is ``colour * 12 + index``: index 0-2 are the three wagers, 3-11 the
  numbers 2-10. Identical wagers are interchangeable in play: a move with
  a wager names its colour, and the rules choose the copy that leaves the
  hand (State.slot_of).
* A move is ``card << 4 | DISCARD? | source``: bit 3 set for a discard,
  source 0 for the draw pile and ``1 + colour`` for a discard pile.

A move the rules forbid raises :class:`IllegalMove`; text that is not the
notation (``Y2``, ``play R7 deck``: host_sim/records/notation.py) a NotationError, so that a
caller tells a typo from a rule.
"""

from micropython import const

COLOR_LETTERS = "YBWGRP"
COLOR_NAMES = ("yellow", "blue", "white", "green", "red", "purple")
MAX_COLORS = const(6)
CARDS_PER_COLOR = const(12)
WAGERS_PER_COLOR = const(3)
WAGER_BITS = const(7)  # a colour's cards as bits by index: its three wagers
HAND_SIZE = const(8)
# Two markers where a card would be, told apart because they mean different
# things: HIDDEN fills a byte of a view (a card is there, unseen), NO_CARD is
# what a lookup returns when there is no card at all (an empty pile's top).
HIDDEN = const(255)  # a card the viewing player cannot see (fits a bytearray)
NO_CARD = const(-1)  # no card: an empty pile or expedition, a deck draw's take

# Scoring (docs/rules.md, Scoring).
EXPEDITION_COST = const(20)  # what starting an expedition costs
_BONUS_CARDS = const(8)  # an expedition of this many cards or more earns...
_BONUS_POINTS = const(20)  # ...this, not multiplied by the wagers

DISCARD = const(8)
SOURCE_DECK = const(0)
_CARD_SHIFT = const(4)  # a move's card sits above its discard bit and source
_SOURCE_BITS = const(7)


# Cards -------------------------------------------------------------------


def card_color(card):
    return card // CARDS_PER_COLOR


def card_index(card):
    """0-2 for a wager, 3-11 for the numbers 2-10: play order within a colour."""
    return card % CARDS_PER_COLOR


def is_wager(card):
    return card % CARDS_PER_COLOR < WAGERS_PER_COLOR


def card_value(card):
    """The number on a card, 0 for a wager."""
    index = card % CARDS_PER_COLOR
    return index - 1 if index >= WAGERS_PER_COLOR else 0


def make_card(color, value):
    """The card of ``color`` with number ``value`` (2-10), or its first wager if 0."""
    return color * CARDS_PER_COLOR + (value + 1 if value else 0)


def card_text(card):
    """Record notation: ``Y2``, ``R10``, ``Bx``; ``??`` for a hidden card."""
    if card == HIDDEN:
        return "??"
    value = card_value(card)
    return COLOR_LETTERS[card_color(card)] + (str(value) if value else "x")


def same_kind(a, b):
    """True for the same card, or two wagers of one colour."""
    return a == b or (
        is_wager(a) and is_wager(b) and card_color(a) == card_color(b))


# Moves -------------------------------------------------------------------


def make_move(card, discard, source):
    """``source`` is ``SOURCE_DECK`` or ``1 + colour`` of a discard pile."""
    return card << _CARD_SHIFT | (DISCARD if discard else 0) | source


def move_card(move):
    return move >> _CARD_SHIFT


def move_discards(move):
    return bool(move & DISCARD)


def move_source(move):
    """``SOURCE_DECK``, or ``1 + colour`` of the discard pile drawn from."""
    return move & _SOURCE_BITS


def taken_card(moves, index):
    """The card ``moves[index]`` of a round took from a discard pile, or NO_CARD
    when it drew from the deck. The card lay face up, so it is public.

    Replays that one pile from the round's start (every pile starts empty);
    allocates 12 bytes. A wager comes back as the one its discard named (in a
    match's moves, the very copy: Match.play records it).
    """
    source = move_source(moves[index])
    if source == SOURCE_DECK:
        return NO_CARD
    pile = bytearray(CARDS_PER_COLOR)
    count = 0
    for at in range(index):
        move = moves[at]
        if move_discards(move) and card_color(move_card(move)) == source - 1:
            pile[count] = move_card(move)
            count += 1
        if move_source(move) == source:
            count -= 1
    return pile[count - 1]


def turn_limit(colors):
    """The turn from which a program draws from the deck only: a round's safety bound.

    Nothing in the rules limits pile draws, so players could pass cards back
    and forth forever (docs/rules.md, the end of a round). Every AI level and
    reference bot draws from the deck from this turn on, and the bot protocol
    calls a pile draw from then on stalling. Twice the deck's size (120 or 144
    turns): rounds between sound players end long before.
    """
    return 2 * colors * CARDS_PER_COLOR


class IllegalMove(ValueError):
    """A move the rules forbid; the message says why in words."""


# Scoring -----------------------------------------------------------------


def score_cards(cards):
    """Score one expedition: ``(score, number_sum, wagers, card_count, bonus)``.

    ``(sum - 20) * (1 + wagers)``, plus 20 (not multiplied) for 8 or more
    cards, wagers included; an empty expedition scores 0 (docs/rules.md).
    """
    count = len(cards)
    if not count:
        return (0, 0, 0, 0, 0)
    total = 0
    wagers = 0
    for card in cards:
        value = card_value(card)
        if value:
            total += value
        else:
            wagers += 1
    bonus = _BONUS_POINTS if count >= _BONUS_CARDS else 0
    return (expedition_points(total, wagers, count), total, wagers, count,
            bonus)


def expedition_points(number_sum, wagers, count):
    """The score of a started expedition from its sum, wagers and size."""
    return ((number_sum - EXPEDITION_COST) * (1 + wagers)
            + (_BONUS_POINTS if count >= _BONUS_CARDS else 0))


def move_words(move, taken=NO_CARD, done=True, last=False):
    """A move in at most 22 characters: ``play R7, drew deck``, ``discard B3,
    took G7`` (``taken``: the card drawn from a pile, public), ``play R7, last
    card`` (``last``: the round's end); ``done=False`` words a hint
    (``draw deck``, ``take G7``)."""
    if last:
        drawn = "last card"
    elif move_source(move) == SOURCE_DECK:
        drawn = "drew deck" if done else "draw deck"
    else:
        drawn = ("took " if done else "take ") + card_text(taken)
    return "%s %s, %s" % ("discard" if move_discards(move) else "play",
                          card_text(move_card(move)), drawn)


def played_words(moves, index=-1, last=False):
    """Move ``index`` of a round's ``moves`` (the latest by default) in words,
    naming the card it took from a pile."""
    if index < 0:
        index += len(moves)
    return move_words(moves[index], taken_card(moves, index), True, last)
