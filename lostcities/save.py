"""Saving the match and the player's profile in the NVM, so that nothing is lost.

``Storage(nvm)`` works on any bytearray-like object with ``len()``, slice reads
and slice assignment: ``microcontroller.nvm`` on the board (8192 bytes),
``host_sim.nvm_file.FileNvm`` or a plain ``bytearray`` on a laptop. Each save
is ONE slice assignment of one record, because every assignment to the board's
NVM erases and rewrites flash.

Layout of the NVM (offsets for 8192 bytes; the match slots share what is left
after the profile slots, so a smaller NVM works with smaller slots)::

    0     profile slot A (128 bytes)     256   match slot A (3968 bytes)
    128   profile slot B (128 bytes)     4224  match slot B (3968 bytes)

Each kind has two slots used in turn: a save goes to the slot that does NOT
hold the newest valid record, so a write cut short by a power loss leaves the
previous record intact, and the larger sequence number picks the newest of two
valid slots. A record, written from the slot's start::

    0  2  magic b"LC"
    2  1  version (1)
    3  1  kind: 1 match, 2 no match (written by clear_match), 3 profile
    4  2  sequence number (big-endian, wraps at 65536)
    6  2  body length N
    8  N  body
    8+N 2 CRC-16/CCITT-FALSE of bytes 0 .. 8+N-1 (written last: a torn write
          fails it)

Match body: colors, rounds, the match Rng state (3 x u16, zeros: no Rng), the
AI's Rng state (likewise), ai_seat, mode and level as short text (a length
byte then ASCII; length 0 for None), the number of rounds dealt, then per
round: the starting player, the deal (hand 1, hand 2, the deck top card first:
one byte per card, 60 or 72 bytes), the number of moves (u16) and each move
(u16). Scores are not stored: replaying the moves rebuilds the whole Match.
A 3-round match between sensible players takes 550-900 bytes with 5 colours,
900-1300 with 6; a slot holds about 1900 moves.
A match that outgrows its slot (a round stretched by endless discard-pile
draws) is not saved: ``save_match`` returns a message and the last save that
fitted stays in place.

Profile body: colors, rounds, flags (1 sound, 2 lights, 4 debug), brightness,
mode and level text, best round score (i16, -32768: none yet), the number of
statistics lines, then each: name text ("duel" or an AI level), played, won,
drawn (u16 each).

Empty (erased 0xFF or zeroed), foreign (another program's bytes), corrupt or
torn slots, records of another version and records naming an AI level that
``ai.LEVELS`` lacks are ignored with a short message, never an exception.
A write the NVM refuses (a laptop's save file on a full disk) returns
``UNSAVED``, not an exception. ``foreign()`` tells a laptop that a file is
not a save at all, so that it is never overwritten.

On a SAMD51 (PyBadge) any NVM write erases and rewrites the whole 8 KB block,
so there a power cut during a save may still lose both slots; the checksum
then makes the loss a clean "starting fresh", not a crash.
"""

from lostcities.ai import LEVELS
from lostcities.rules.cards import CARDS_PER_COLOR, HAND_SIZE
from lostcities.rules.match import Match
from lostcities.rng import Rng

from micropython import const

VERSION = const(1)
KIND_MATCH = const(1)
KIND_NO_MATCH = const(2)
KIND_PROFILE = const(3)
_HEADER = const(8)
_CRC = const(2)
# The layout above, for the board's NVM (docs/formats.md, The save in the NVM).
NVM_SIZE = const(8192)  # microcontroller.nvm on a PyBadge; a laptop's save file
PROFILE_SLOT = const(128)
MATCH_AT = const(2 * PROFILE_SLOT)  # the first match slot, after two profile slots
MATCH_SLOT = const((NVM_SIZE - MATCH_AT) // 2)  # 3968: a smaller NVM has smaller ones
# A 3-round match's record: 553-1,279 bytes with 5 or 6 colours, rarely more.
_MATCH_BUFFER = const(2048)
_BUFFER_STEP = const(256)
_NO_BEST = const(-32768)

MODES = ("duel", "ai")

NO_SAVE = "No saved match."
DAMAGED = "Save was damaged; starting fresh."
FOREIGN = "Memory held other data; starting fresh."
OTHER_VERSION = "Save is from another version; starting fresh."
FELL_BACK = "Last save was cut short; resumed the one before."
TOO_LONG = "Match too long to save; the last save is kept."
PROFILE_RESET = "Settings were damaged; using defaults."
UNSAVED = "Cannot save here; play goes on unsaved."


def crc16(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE (poly 0x1021) of ``data``: table-free, small ints only."""
    for byte in data:
        x = (crc >> 8) ^ byte
        x ^= x >> 4
        crc = ((crc << 8) ^ (x << 12) ^ (x << 5) ^ x) & 0xFFFF
    return crc


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


class Profile:
    """Settings and statistics that outlive a match.

    ``stats`` maps "duel" or an AI level name to ``[played, won, drawn]``:
    ``won`` counts player 1's wins in a duel, the player's wins against the AI.
    ``best_round`` is the best round score of a human player (None until one).
    """

    def __init__(self):
        self.colors = 5
        self.rounds = 3
        self.mode = "ai"
        self.level = "normal"
        self.sound = True
        self.lights = True
        self.brightness = 3
        self.debug = False
        self.stats = {}
        self.best_round = None

    def record_match(self, saved):
        """Count a finished match (a SavedMatch) in the statistics."""
        match = saved.match
        against_ai = saved.mode == "ai"
        name = saved.level if against_ai else "duel"
        line = self.stats.get(name)
        if line is None:
            line = self.stats[name] = [0, 0, 0]
        line[0] += 1
        winner = match.winning_player()  # the match is over: None is a draw
        human = 1 - saved.ai_seat if against_ai else 0
        if winner is None:
            line[2] += 1
        elif winner == human:
            line[1] += 1
        for scores in match.scores:
            for player in (0, 1):
                if against_ai and player != human:
                    continue
                if self.best_round is None or scores[player] > self.best_round:
                    self.best_round = scores[player]

    def summary(self, levels=None):
        """The statistics as short lines of text, for any screen.

        ``levels`` (``ai.LEVELS``) puts the AI levels in order; by default
        they come in the order first played.
        """
        lines = []
        line = self.stats.get("duel")
        if line:
            lines.append("Two players: %d played, P1 won %d, P2 won %d, %d drawn" % (
                line[0], line[1], line[0] - line[1] - line[2], line[2]))
        for level in levels or self.stats:
            if level == "duel":
                continue
            line = self.stats.get(level)
            if line:
                lines.append("AI %s: %d played, %d won, %d lost, %d drawn" % (
                    level, line[0], line[1], line[0] - line[1] - line[2], line[2]))
        if self.best_round is not None:
            lines.append("Best round: %d" % self.best_round)
        return lines or ["No matches finished yet."]


class Storage:
    """The save slots in an NVM-like byte array (see the module docstring)."""

    def __init__(self, nvm):
        self.nvm = nvm
        size = (len(nvm) - MATCH_AT) // 2
        self._slots = {
            KIND_PROFILE: (0, PROFILE_SLOT, PROFILE_SLOT),
            KIND_MATCH: (MATCH_AT, MATCH_AT + size, size),
        }
        self._newest = {}  # kind -> (slot index, sequence) of the newest record
        self.profile_message = None
        self._buffer = bytearray(_MATCH_BUFFER)  # see save_match

    # Match ---------------------------------------------------------------

    def load_match(self):
        """``(SavedMatch or None, message or None)``; the message says what was ignored."""
        body, kind, message = self._load(KIND_MATCH)
        if body is None:
            return None, message
        if kind == KIND_NO_MATCH:
            return None, None
        try:
            return _decode_match(body), message
        except (ValueError, IndexError, TypeError):
            return None, DAMAGED

    def save_match(self, saved):
        """Save after a turn: None when saved, else why not (the last save is kept).

        The record is built in one buffer made at start-up and kept: late in a
        match the board's heap is in pieces too small for a record of its size
        (measured on CircuitPython's interpreter). A longer match grows it."""
        size = _match_size(saved)
        if size > len(self._buffer):
            self._buffer = None  # let the old one go first
            self._buffer = bytearray(size + _BUFFER_STEP)
        _encode_match(saved, self._buffer)
        return self._write(KIND_MATCH, memoryview(self._buffer)[:size])

    def clear_match(self):
        """Forget the saved match (it ended): a small "no match" record."""
        return self._write(KIND_NO_MATCH, bytearray(_HEADER + _CRC))

    # Profile -------------------------------------------------------------

    def load_profile(self):
        """The saved Profile, or defaults (``profile_message`` says if it was damaged)."""
        body, _, message = self._load(KIND_PROFILE)
        self.profile_message = None
        if body is not None:
            try:
                return _decode_profile(body)
            except (ValueError, IndexError, TypeError):
                message = DAMAGED
        if message not in (None, NO_SAVE):
            self.profile_message = PROFILE_RESET
        return Profile()

    def save_profile(self, profile):
        return self._write(KIND_PROFILE, _encode_profile(profile))

    def foreign(self):
        """True if a slot holds another program's bytes: not our record, nor
        blank throughout (on a laptop: a file that is not a save)."""
        for kind in (KIND_PROFILE, KIND_MATCH):
            first, second, size = self._slots[kind]
            for start in (first, second):
                found = self._read_slot(start, size, kind)
                if found == FOREIGN or (found == NO_SAVE and len(
                        set(self.nvm[start:start + size])) > 1):
                    return True
        return False

    # Slots -----------------------------------------------------------------

    def _load(self, slot_kind):
        """``(body, kind, message)`` of the newest valid record in a pair of slots."""
        first, second, size = self._slots[slot_kind]
        best = None
        problem = None
        damaged = False
        for index, start in enumerate((first, second)):
            found = self._read_slot(start, size, slot_kind)
            if isinstance(found, str):
                if found != NO_SAVE:
                    damaged = found == DAMAGED or damaged  # our write cut short
                    problem = problem or found
                continue
            if best is None or _newer(found[1], best[1]):
                best = found + (index,)
        if best is None:
            self._newest[slot_kind] = None
            return None, None, problem or NO_SAVE
        body, sequence, record_kind, index = best
        self._newest[slot_kind] = (index, sequence)
        return body, record_kind, FELL_BACK if damaged else None

    def _read_slot(self, start, size, slot_kind):
        """``(body, sequence, kind)`` of a valid record, else a message string."""
        nvm = self.nvm
        if size < _HEADER + _CRC:
            return NO_SAVE
        header = bytes(nvm[start:start + _HEADER])
        if header == b"\xff" * _HEADER or header == b"\x00" * _HEADER:
            return NO_SAVE
        if header[0:2] != b"LC":
            return FOREIGN
        if header[2] != VERSION:
            return OTHER_VERSION
        kind = header[3]
        if slot_kind == KIND_PROFILE:
            if kind != KIND_PROFILE:
                return DAMAGED
        elif kind not in (KIND_MATCH, KIND_NO_MATCH):
            return DAMAGED
        length = header[6] << 8 | header[7]
        if _HEADER + length + _CRC > size:
            return DAMAGED
        end = start + _HEADER + length
        body = bytes(nvm[start + _HEADER:end])
        if crc16(body, crc16(header)) != nvm[end] << 8 | nvm[end + 1]:
            return DAMAGED
        return (body, header[4] << 8 | header[5], kind)

    def _write(self, kind, record):
        """Stamp ``record`` (header and CRC space included) and write it in one slice."""
        slot_kind = KIND_PROFILE if kind == KIND_PROFILE else KIND_MATCH
        first, second, size = self._slots[slot_kind]
        if len(record) > size:
            return TOO_LONG
        if slot_kind not in self._newest:
            self._load(slot_kind)
        newest = self._newest[slot_kind]
        if newest is None:
            index, sequence = 0, 1
        else:
            index, sequence = 1 - newest[0], (newest[1] + 1) & 0xFFFF
        length = len(record) - _HEADER - _CRC
        record[0] = 0x4C  # "L"
        record[1] = 0x43  # "C"
        record[2] = VERSION
        record[3] = kind
        record[4] = sequence >> 8
        record[5] = sequence & 0xFF
        record[6] = length >> 8
        record[7] = length & 0xFF
        crc = crc16(memoryview(record)[:_HEADER + length])
        record[_HEADER + length] = crc >> 8
        record[_HEADER + length + 1] = crc & 0xFF
        start = second if index else first
        try:
            self.nvm[start:start + len(record)] = record
        except OSError:  # a laptop's save file (a full disk, a folder there now)
            return UNSAVED
        self._newest[slot_kind] = (index, sequence)
        return None


def _newer(a, b):
    """True if sequence number ``a`` was written after ``b`` (16-bit wrap)."""
    return 0 < (a - b) & 0xFFFF < 0x8000


# Encoding ------------------------------------------------------------------

class _Reader:
    """Reads a body front to back; running past its end raises IndexError."""

    def __init__(self, data):
        self.data = data
        self.at = 0

    def byte(self):
        self.at += 1
        return self.data[self.at - 1]

    def u16(self):
        return self.byte() << 8 | self.byte()

    def take(self, count):
        if self.at + count > len(self.data):
            raise IndexError("record too short")
        self.at += count
        return self.data[self.at - count:self.at]

    def text(self):
        count = self.byte()
        return self.take(count).decode() if count else None

    def rng(self):
        state = (self.u16(), self.u16(), self.u16())
        if state == (0, 0, 0):
            return None
        rng = Rng()
        rng.setstate(state)
        return rng


def _put_u16(buf, at, value):
    buf[at] = value >> 8 & 0xFF
    buf[at + 1] = value & 0xFF
    return at + 2


def _put_text(buf, at, text):
    data = text.encode() if text else b""
    buf[at] = len(data)
    buf[at + 1:at + 1 + len(data)] = data
    return at + 1 + len(data)


def _put_rng(buf, at, rng):
    state = rng.getstate() if rng is not None else (0, 0, 0)
    for value in state:
        at = _put_u16(buf, at, value)
    return at


def _text_size(text):
    return 1 + (len(text) if text else 0)


def _match_size(saved):
    """The bytes of a SavedMatch's record, header and CRC included."""
    match = saved.match
    size = _HEADER + 16 + _text_size(saved.mode) + _text_size(saved.level) + _CRC
    for moves in match.moves:
        size += 3 + match.colors * CARDS_PER_COLOR + 2 * len(moves)
    return size


def _encode_match(saved, record):
    """Write a SavedMatch's record (header and CRC left blank) at the start of ``record``."""
    match = saved.match
    record[_HEADER] = match.colors
    record[_HEADER + 1] = match.rounds
    at = _put_rng(record, _HEADER + 2, match.rng)
    at = _put_rng(record, at, saved.ai_rng)
    record[at] = saved.ai_seat
    at = _put_text(record, at + 1, saved.mode)
    at = _put_text(record, at, saved.level)
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
        at = _put_u16(record, at, len(moves))
        for move in moves:
            at = _put_u16(record, at, move)
    return record


def _decode_match(body):
    """Rebuild a SavedMatch by replaying every move; ValueError if it is not one."""
    read = _Reader(body)
    colors = read.byte()
    rounds = read.byte()
    match_rng = read.rng()
    ai_rng = read.rng()
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
    for _ in range(dealt):
        start = read.byte()
        cards = read.take(deal_size)
        if start > 1:
            raise ValueError("bad starting player")
        match.start_round(cards[:HAND_SIZE], cards[HAND_SIZE:2 * HAND_SIZE],
                          cards[2 * HAND_SIZE:], start)  # checks the deal
        for _ in range(read.u16()):
            match.play(read.u16())  # IllegalMove is a ValueError
    if read.at != len(body):
        raise ValueError("trailing bytes")
    return SavedMatch(match, mode, level, ai_seat, ai_rng)


def _encode_profile(profile):
    names = list(profile.stats)
    size = _HEADER + 6 + _text_size(profile.mode) + _text_size(profile.level) + 1
    for name in names:
        size += _text_size(name) + 6
    record = bytearray(size + _CRC)
    record[_HEADER] = profile.colors
    record[_HEADER + 1] = profile.rounds
    record[_HEADER + 2] = ((1 if profile.sound else 0) | (2 if profile.lights else 0)
                           | (4 if profile.debug else 0))
    record[_HEADER + 3] = profile.brightness
    at = _put_text(record, _HEADER + 4, profile.mode)
    at = _put_text(record, at, profile.level)
    best = _NO_BEST if profile.best_round is None else profile.best_round
    at = _put_u16(record, at, best & 0xFFFF)
    record[at] = len(names)
    at += 1
    for name in names:
        at = _put_text(record, at, name)
        for count in profile.stats[name]:
            at = _put_u16(record, at, min(count, 0xFFFF))
    return record


def _decode_profile(body):
    read = _Reader(body)
    profile = Profile()
    profile.colors = read.byte()
    profile.rounds = read.byte()
    flags = read.byte()
    profile.sound = bool(flags & 1)
    profile.lights = bool(flags & 2)
    profile.debug = bool(flags & 4)
    profile.brightness = read.byte()
    profile.mode = read.text()
    profile.level = read.text()
    best = read.u16()
    best = best - 0x10000 if best & 0x8000 else best
    profile.best_round = None if best == _NO_BEST else best
    for _ in range(read.byte()):
        name = read.text()
        profile.stats[name] = [read.u16(), read.u16(), read.u16()]
    if (profile.colors not in (5, 6) or profile.rounds not in (1, 3)
            or profile.mode not in MODES or profile.level not in LEVELS
            or not 1 <= profile.brightness <= 5
            or read.at != len(body)):
        raise ValueError("bad profile")
    return profile
