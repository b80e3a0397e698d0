"""A match's record in the NVM: everything needed to resume it exactly.

Its body (docs/formats.md, The match body): colours, rounds, the
match's and the AI's Rng states, the AI's seat, mode and level text, then
each round dealt: who started, the whole deal, and every move played. A
record is read back by replaying those moves, so a save the rules would
refuse is refused (``decode_match`` raises ValueError).
"""

from lostcities import LEVELS
from lostcities.rng import Rng
from lostcities.rules.cards import CARDS_PER_COLOR, HAND_SIZE
from lostcities.rules.match import Match
from lostcities.save_format import CRC, HEADER, MODES, Reader, put_text, put_u16, text_size


class SavedMatch:
    """Everything needed to resume a match exactly where it stopped.

    ``mode`` is "duel" or "ai"; ``level`` an AI level name (None in a duel);
    ``ai_seat`` the AI's player (0/1); ``ai_rng`` the AI's Rng (None in a duel).
    """

    def __init__(self, match, mode="duel", level=None, ai_seat=1, ai_rng=None):
        self.match = match
        self.mode = mode
        self.level = level
        self.ai_seat = ai_seat
        self.ai_rng = ai_rng


def match_size(saved):
    """The bytes of a SavedMatch's record, header and CRC included."""
    match = saved.match
    size = HEADER + 16 + text_size(saved.mode) + text_size(saved.level) + CRC
    for moves in match.moves:
        size += 3 + match.colors * CARDS_PER_COLOR + 2 * len(moves)
    return size


def encode_match(saved, record):
    """Write a SavedMatch's record (header and CRC left blank) at the start of ``record``."""
    match = saved.match
    record[HEADER] = match.colors
    record[HEADER + 1] = match.rounds
    at = _put_rng(record, HEADER + 2, match.rng)
    at = _put_rng(record, at, saved.ai_rng)
    record[at] = saved.ai_seat
    at = put_text(record, at + 1, saved.mode)
    at = put_text(record, at, saved.level)
    record[at] = len(match.deals)
    at += 1
    for number in range(len(match.deals)):
        hand1, hand2, deck, start = match.deals[number]
        record[at] = start
        at += 1
        for part in (hand1, hand2, deck):
            record[at:at + len(part)] = part
            at += len(part)
        moves = match.moves[number]
        at = put_u16(record, at, len(moves))
        for move in moves:
            at = put_u16(record, at, move)
    return record


def decode_match(body, torn=False):
    """``(SavedMatch, moves lost)``: the match rebuilt by replaying every move;
    ValueError if it is not one. ``torn``: ``body`` is what a power cut left
    of it, read up to its last move written whole (a round whose deal was cut
    is dealt again: its first move is the one lost; the first round's cut,
    the match is lost)."""
    read = Reader(body)
    colors = read.byte()
    rounds = read.byte()
    match_rng = _read_rng(read)
    ai_rng = _read_rng(read)
    ai_seat = read.byte()
    mode = read.text()
    level = read.text()
    if mode not in MODES or ai_seat > 1 or (mode == "ai" and level not in LEVELS):
        raise ValueError("bad mode or AI level")
    match = Match(colors, rounds, match_rng)
    dealt = read.byte()
    if dealt > rounds:
        raise ValueError("too many rounds")
    deal_size = colors * CARDS_PER_COLOR  # a deal is the whole deck
    for number in range(dealt):
        if torn and read.left() < 3 + deal_size and number:
            return SavedMatch(match, mode, level, ai_seat, ai_rng), 1
        start = read.byte()
        cards = read.take(deal_size)
        if start > 1:
            raise ValueError("bad starting player")
        match.start_round(cards[:HAND_SIZE], cards[HAND_SIZE:2 * HAND_SIZE],
                          cards[2 * HAND_SIZE:], start)  # checks the deal
        moves = read.u16()
        for played in range(moves):
            if torn and read.left() < 2:
                return SavedMatch(match, mode, level, ai_seat, ai_rng), moves - played
            match.play(read.u16())  # IllegalMove is a ValueError
    if read.at != len(body) and not torn:
        raise ValueError("trailing bytes")
    return SavedMatch(match, mode, level, ai_seat, ai_rng), 0


def _put_rng(buf, at, rng):
    state = rng.getstate() if rng is not None else (0, 0, 0)
    for value in state:
        at = put_u16(buf, at, value)
    return at


def _read_rng(read):
    """The Rng a record holds (None for the all-zero state: no Rng)."""
    state = (read.u16(), read.u16(), read.u16())
    if state == (0, 0, 0):
        return None
    rng = Rng()
    rng.setstate(state)
    return rng
