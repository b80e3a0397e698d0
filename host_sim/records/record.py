"""Game records: a match as text, to save, share and replay (docs/formats.md).

::

    lostcities 1
    colors 5
    rounds 3
    round
    hand1 Y2 Yx B4 B9 W3 G10 Rx R5
    hand2 ...
    deck R6 G2 ...          (the rest of the deck, top card first)
    start 1
    play R7 deck            (one line per turn; the player to move is implied)
    discard B3 G

Blank lines and ``#`` comments are allowed; a record may stop mid-match.
Reading checks every line against the rules (the engine's own reasons) and
fails with :class:`RecordError` naming the line, like python-chess.
"""

from lostcities.rules.cards import (
    WAGERS_PER_COLOR, IllegalMove, card_color, card_text, is_wager)
from host_sim.records.notation import move_text, parse_card, parse_move
from lostcities.rules.legal import check_deal
from lostcities.rules.match import Match

HEADER = "lostcities 1"
MAX_LINE = 1000  # characters: the longest deck line has about 230
_QUOTE = 40  # characters of a line quoted in a message (a move or card is shorter)
_DEAL_LINES = ("hand1", "hand2", "deck", "start")


class RecordError(ValueError):
    """A record that breaks the format or the rules: ``line`` (1-based) and why."""

    def __init__(self, line, reason):
        super().__init__("line %d: %s" % (line, reason))
        self.line = line
        self.reason = reason


def write_record(match):
    """The record of ``match`` so far, one line per deal part and per turn."""
    lines = [HEADER, "colors %d" % match.colors, "rounds %d" % match.rounds]
    for index in range(len(match.deals)):
        hand1, hand2, deck, start = match.deals[index]
        lines.append("")
        lines.append("round")
        lines.append("hand1 " + _cards_text(hand1))
        lines.append("hand2 " + _cards_text(hand2))
        lines.append("deck " + _cards_text(deck))
        lines.append("start %d" % (start + 1))
        for move in match.moves[index]:
            lines.append(move_text(move))
        if index < len(match.scores):
            lines.append("# round %d scores: %d %d" % (
                index + 1, match.scores[index][0], match.scores[index][1]))
    lines.append("")
    return "\n".join(lines)


def _cards_text(cards):
    return " ".join([card_text(card) for card in cards])


def parse_record(text):
    """Read and check a record: the :class:`rules.Match` it describes.

    ``text`` is the record's text, or its lines (a file read one bounded line
    at a time). Raises :class:`RecordError` at the first line that breaks the
    format or the rules, or is longer than ``MAX_LINE``. An unfinished match
    is fine; an unfinished deal is not.
    """
    header = []  # the header lines read so far (version, colours, rounds)
    match = None
    deal = None  # the parts (hand1, hand2, deck) of the deal being read
    deal_lines = None  # their line numbers
    wagers = None  # per colour: wagers seen in this deal
    number = 0
    for number, words in _lines(text):
        keyword = words[0]
        if match is None:
            match = _header_line(header, words, number)
        elif deal is not None:
            part = len(deal)
            if keyword != _DEAL_LINES[part]:
                raise RecordError(number, _out_of_place(
                    keyword, "expected '%s' in round %d's deal" % (
                        _DEAL_LINES[part], len(match.deals) + 1)))
            if part < 3:
                deal.append(_deal_cards(words, match.colors, wagers, number))
                deal_lines.append(number)
                if part == 2:
                    problem = check_deal(deal[0], deal[1], deal[2],
                                         match.colors)
                    if problem:
                        raise RecordError(deal_lines[problem[0]], problem[1])
            else:
                if len(words) != 2 or words[1] not in ("1", "2"):
                    raise RecordError(number, "expected 'start 1' or 'start 2'")
                try:
                    match.start_round(deal[0], deal[1], deal[2],
                                      int(words[1]) - 1)
                except IllegalMove as err:
                    raise RecordError(number, str(err))
                deal = None
        elif keyword == "round":
            reason = match.check_new_round()
            if reason:
                raise RecordError(number, reason)
            if len(words) != 1:
                raise RecordError(number, "'round' stands alone on its line")
            deal = []
            deal_lines = []
            wagers = bytearray(match.colors)
        elif keyword in ("play", "discard"):
            try:
                match.play(parse_move(_clip(" ".join(words)), match.colors))
            except ValueError as err:  # a bad move or an IllegalMove
                raise RecordError(number, str(err))
        else:
            raise RecordError(number, _out_of_place(keyword, _expected(match)))
    if match is None:
        raise RecordError(max(number, 1), "the record ends inside its header: "
                          "expected '%s'" % _HEADER_EXPECTED[len(header)])
    if deal is not None:
        raise RecordError(number, "the record ends inside round %d's deal: "
                          "no '%s' line" % (len(match.deals) + 1,
                                            _DEAL_LINES[len(deal)]))
    return match


def _lines(text):
    """``(line number, words)`` of each line with content, comments removed."""
    number = 0
    for line in _split(text) if isinstance(text, str) else text:
        number += 1
        if len(line.rstrip("\r\n")) > MAX_LINE:
            raise RecordError(number, "too long (a record line has at most %d characters)"
                              % MAX_LINE)
        comment = line.find("#")
        if comment >= 0:
            line = line[:comment]
        words = line.split()
        if words:
            yield number, words


def _split(text):
    start = 0
    size = len(text)
    while start < size:
        end = text.find("\n", start)
        if end < 0:
            end = size
        yield text[start:end]
        start = end + 1


def _clip(text):
    """``text`` cut to what a message quotes (too long for a card or a move anyway)."""
    return text if len(text) <= _QUOTE else text[:_QUOTE - 3] + "..."


# What each header line may say, written to sit inside quotes: '%s'.
_HEADER_EXPECTED = (HEADER, "colors 5' or 'colors 6", "rounds 1' or 'rounds 3")


def _header_line(header, words, number):
    """Check one header line; the new Match once the header is complete."""
    line = _clip(" ".join(words))
    if len(header) == 0:
        if line != HEADER:
            if words[0] == "lostcities":
                raise RecordError(number, "unsupported record version %r "
                                  "(this reads '%s')" % (line, HEADER))
            raise RecordError(number, "not a Lost Cities record: expected "
                              "'%s' first, got %r" % (HEADER, line))
        header.append(1)
        return None
    name, allowed = (("colors", ("5", "6")), ("rounds", ("1", "3")))[
        len(header) - 1]
    if len(words) != 2 or words[0] != name or words[1] not in allowed:
        raise RecordError(number, "bad header: expected '%s', got %r" % (
            _HEADER_EXPECTED[len(header)], line))
    header.append(int(words[1]))
    if len(header) < 3:
        return None
    return Match(header[1], header[2])


def _deal_cards(words, colors, wagers, number):
    """The cards of a hand or deck line; each ``Yx`` is the next yellow wager."""
    cards = bytearray(len(words) - 1)
    for i in range(1, len(words)):
        try:
            card = parse_card(_clip(words[i]), colors)
        except ValueError as err:
            raise RecordError(number, str(err))
        if is_wager(card):
            color = card_color(card)
            card += min(wagers[color], WAGERS_PER_COLOR - 1)
            wagers[color] += 1
        cards[i - 1] = card
    return cards


def _expected(match):
    """What may come next between deals, in words."""
    if match.is_over():
        return "the match is over"
    if match.state is None or match.state.is_over():
        return "expected 'round'"
    return "expected a move ('play' or 'discard')"


def _out_of_place(keyword, expected):
    if keyword in _DEAL_LINES or keyword in (
            "round", "play", "discard", "lostcities", "colors", "rounds"):
        return "'%s' out of place: %s" % (keyword, expected)
    return "unknown line '%s': %s" % (_clip(keyword), expected)
