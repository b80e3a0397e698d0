"""A match's record in the NVM: everything needed to resume it exactly.

Its body (docs/formats.md, The match body): colours, rounds, the match's Rng
state (the Match's), then the SavedMatch's fields (layout.py's MATCH_FIELDS, and
how a table of fields is written), then each round dealt: who started, the whole deal,
and every move played. A lesson is written as the mode ``learn`` (it reads
back as mode "ai"), with the coach's messages shown, which other matches
leave out while nothing follows them. A record is read back by replaying
those moves (lostcities/saves/resume.py's ``decode_match``: the table's heap
holds only the writing).
"""

from lostcities.rules.cards import CARDS_PER_COLOR
from lostcities.saves.layout import (
    AI_SEAT, CRC, HEADER, KIND_MATCH, MATCH_FIELDS, MATCH_FIRST, encode, head, put_u16, stamp)

# A match's record without its rounds at its longest, header and CRC included:
# the Match's colours, rounds and Rng, the fields (each text its longest value),
# the number of rounds dealt
HEAD_MOST = HEADER + 8 + head(MATCH_FIELDS, [
    "." * max([len(text) for text in row[3] if isinstance(text, str)]) if row[1] == "text"
    else None for row in MATCH_FIELDS], len(MATCH_FIELDS))[1] + 1 + CRC


class SavedMatch:
    """Everything needed to resume a match exactly where it stopped.

    ``mode`` is "duel" or "ai"; ``level`` an AI level name (None in a duel);
    ``ai_seat`` the AI's player (0/1); ``ai_rng`` the AI's Rng (None in a duel).
    ``learn``: the lesson with the coach (lostcities/coach.py), against the AI;
    ``coached`` the coach's messages shown in it, a bit each. ``values``: all
    of MATCH_FIELDS' values in their order, in place of the arguments (a record
    read back, its mode "ai" in a lesson). Its words for the player are
    lostcities/sides.py's.
    """

    def __init__(self, match, mode="duel", level=None, ai_seat=AI_SEAT, ai_rng=None, learn=False,
                 coached=0, values=None):
        self.match = match
        self.learn = learn
        self.mode = mode
        self.level = level
        self.ai_seat = ai_seat
        self.ai_rng = ai_rng
        self.coached = coached
        for at in range(0 if values else MATCH_FIRST + 1, len(MATCH_FIELDS)):
            setattr(self, MATCH_FIELDS[at][0], values[at] if values else MATCH_FIELDS[at][2])

    def coach_said(self, lesson):
        """The coach's ``lesson`` was shown: saved with the match, said once."""
        self.coached |= 1 << lesson

    def coach_unsaid(self, lesson):
        """The coach's ``lesson`` was cut short: it waits for its next moment."""
        self.coached &= ~(1 << lesson)

    def head(self):
        """``(learn, round number, rounds)``: what the title says of it (a
        match found at power-on says it from its record: resume.Found)."""
        return self.learn, self.match.round_number(), self.match.rounds

    def is_ai(self, player):
        return self.mode == "ai" and player == self.ai_seat


def match_size(saved):
    """The bytes of a SavedMatch's record, header and CRC included."""
    match = saved.match
    size = HEADER + 8 + held(saved)[2] + 1 + CRC
    for moves in match.moves:
        size += 3 + match.colors * CARDS_PER_COLOR + 2 * len(moves)
    return size


def encode_match(saved, record):
    """Write a SavedMatch's record, stamped, at the start of ``record``."""
    match = saved.match
    record[HEADER] = match.colors
    record[HEADER + 1] = match.rounds
    at = HEADER + 2
    for value in match.rng.getstate():
        at = put_u16(record, at, value)
    values, count, _ = held(saved)
    at = encode(record, at, MATCH_FIELDS, values, count)
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
    stamp(record, KIND_MATCH, 0 if count == MATCH_FIRST + saved.learn else count)
    return record


def held(saved):
    """``(values, count, size)``: the values of ``saved``'s MATCH_FIELDS, and how many
    of them its record holds in how many bytes (layout.head): a lesson's
    first ones hold the coach's messages too."""
    values = [getattr(saved, row[0]) for row in MATCH_FIELDS]
    if saved.learn:
        values[2] = "learn"  # the mode
    return (values,) + head(MATCH_FIELDS, values, MATCH_FIRST + saved.learn)
