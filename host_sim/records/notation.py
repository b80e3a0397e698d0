"""The text notation of cards, draw sources and moves (docs/formats.md).

``Y2``, ``R10``, ``Bx`` (a wager); ``deck`` or a colour letter; ``play R7
deck``, ``discard B3 G``. Text that is not notation raises
:class:`NotationError`, a ValueError naming the text, like python-chess's
parse errors. The tools and the game record read and write it; the board's
screens never do, so it is a module of its own, off the board's heap.
"""

from lostcities.rules.cards import (
    COLOR_LETTERS, MAX_COLORS, SOURCE_DECK, card_text, make_card, make_move, move_card,
    move_discards, move_source)


class NotationError(ValueError):
    """Text that is not a card, draw source or move in the notation."""


def source_text(source):
    return "deck" if source == SOURCE_DECK else COLOR_LETTERS[source - 1]


def move_text(move):
    """Record notation: ``play R7 deck``, ``discard B3 G``."""
    return "%s %s %s" % (
        "discard" if move_discards(move) else "play",
        card_text(move_card(move)), source_text(move_source(move)))


_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10")


def parse_card(text, colors=MAX_COLORS):
    """Read ``Y2``, ``R10`` or ``Bx``; a wager reads as its colour's first wager.

    Raises NotationError naming the text when it is not a card of this game.
    """
    color = COLOR_LETTERS.find(text[:1]) if text else -1
    rank = text[1:]
    if color < 0 or color >= colors:
        raise NotationError("unknown card %r" % text)
    if rank == "x":
        return make_card(color, 0)
    if rank in _RANKS:
        return make_card(color, int(rank))
    raise NotationError("unknown card %r" % text)


def parse_source(text, colors=MAX_COLORS):
    """Read ``deck`` or a colour letter as a draw source."""
    if text == "deck":
        return SOURCE_DECK
    color = COLOR_LETTERS.find(text) if len(text) == 1 else -1
    if color < 0 or color >= colors:
        raise NotationError("unknown draw source %r (deck or a colour letter)" % text)
    return color + 1


def parse_move(text, colors=MAX_COLORS):
    """Read ``play R7 deck`` or ``discard B3 G`` (not yet checked for legality)."""
    words = text.split()
    if len(words) != 3 or words[0] not in ("play", "discard"):
        raise NotationError("expected 'play|discard CARD SOURCE', got %r" % text)
    return make_move(parse_card(words[1], colors), words[0] == "discard",
                     parse_source(words[2], colors))
