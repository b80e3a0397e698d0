"""Reading the saves back from the NVM: lostcities/saves/storage.py's Storage writes them.

Needed at start-up and at a match's end (the profile, read again), never
while a match is played: the app forgets this module at the table, whose
heap it would take (docs/memory.md). What this module finds is read into a profile by
lostcities/saves/profile.py and into a match by lostcities/saves/resume.py: each
stays small to compile on the board.

A power cut during a write leaves the new bytes before the one it reached and
erased bytes (0xFF) after it. So every byte before the last one that is not
0xFF was written whole (:func:`written_end`); a record that fails its CRC and
reaches past it was cut, not damaged. What survived is kept: the count of
writes, the profile if it ends before the cut, and the match up to its last
move written whole. The message says in one line what was lost. The layout
is docs/formats.md's.
"""

from lostcities.saves.layout import (
    CRC, HAS_MATCH, HAS_PROFILE, HEADER, KIND_WEAR, NO_SAVE, PROFILE_AT, SIGNATURE, VERSION,
    WEAR_AT, WEAR_BODY, crc16)

from micropython import const

DAMAGED = "Save was damaged; starting fresh."
# One damaged part costs that part only: each record has its own CRC
COUNT_RESET = "The count of saves was damaged; it starts again."
MATCH_DAMAGED = "The saved match was damaged; the settings were kept."
FOREIGN = "Memory held other data; starting fresh."
OTHER_VERSION = "Save is from another version; starting fresh."
PROFILE_RESET = "Settings were damaged; using defaults."
# A power cut during a write: what it cost, said once at start-up (of the
# match: lostcities/saves/resume.py).
LOST_PROFILE = "Statistics were lost in a power cut; settings are back to defaults."
LOST_BOTH = ("Statistics and the match were lost in a power cut; settings are"
             " back to defaults.")
LOST_ALL = "A power cut erased the saves; starting fresh."
WORN = "Memory saved 8000 times: to spare it, matches now save at pauses (Settings)."

TORN = "torn"  # read_record: a record a power cut stopped
VERSION_1 = "v1"  # read_wear: the NVM holds version 1's layout (version1.py)
_SCANNED = const(256)  # bytes read at a time from the NVM's end
_ERASED = b"\xff" * _SCANNED


def written_end(nvm):
    """The offset after the last byte that is not 0xFF: every byte before it was
    written whole (after it, erased by a power cut, or never written). Erased
    pieces are compared whole (in C, not byte by byte in Python: most of the
    NVM is erased)."""
    end = len(nvm)
    while end > 0:
        start = max(0, end - _SCANNED)
        chunk = nvm[start:end]
        if chunk != _ERASED[:end - start]:
            for at in range(len(chunk) - 1, -1, -1):
                if chunk[at] != 0xFF:
                    return start + at + 1
        end = start
    return 0


def read_record(nvm, start, limit, end):
    """``(body, kind, count)`` of the valid record at ``start`` (at most ``limit``
    bytes long; ``count``: its head's fields, see layout.head), else a
    message: NO_SAVE (blank), TORN (cut short by a power cut that stopped at
    ``end``, the NVM's written end), FOREIGN, OTHER_VERSION or DAMAGED."""
    if start >= end:
        return NO_SAVE
    header = bytes(nvm[start:start + HEADER])
    if header == b"\x00" * HEADER:
        return NO_SAVE
    if start + HEADER > end:
        seen = min(end - start, 3)  # a header cut short: ours if it starts as ours
        return TORN if header[:seen] == SIGNATURE[:seen] else FOREIGN
    if header[0:2] != b"LC":
        return FOREIGN
    if header[2] != VERSION:
        return OTHER_VERSION
    length = header[6] << 8 | header[7]
    if HEADER + length + CRC > limit:
        return DAMAGED
    stop = start + HEADER + length
    body = bytes(nvm[start + HEADER:stop])
    if crc16(body, crc16(header)) != nvm[stop] << 8 | nvm[stop + 1]:
        return TORN if stop + CRC > end else DAMAGED
    return body, header[3], header[4]


def read_wear(nvm, end):
    """``(writes, flags, message)`` of the wear record (``end``: the NVM's
    written_end): the count of writes, what follows it, and what was wrong. A
    damaged wear record costs the count alone (COUNT_RESET): the records after
    it are looked for as if it said both were there."""
    found = read_record(nvm, WEAR_AT, PROFILE_AT, end)
    if found == TORN:
        return 0, 0, LOST_ALL
    if found == OTHER_VERSION and nvm[2] == 1:
        return 0, 0, VERSION_1
    # a record of this version after it: a byte of ours changed
    ours_after = bytes(nvm[PROFILE_AT:PROFILE_AT + 3]) == SIGNATURE
    if found == DAMAGED or found in (FOREIGN, OTHER_VERSION) and ours_after or not isinstance(
            found, str) and (found[1] != KIND_WEAR or len(found[0]) != WEAR_BODY):
        return 0, HAS_MATCH | HAS_PROFILE, COUNT_RESET
    if isinstance(found, str):
        return 0, 0, None if found == NO_SAVE else found
    body = found[0]
    return body[0] << 24 | body[1] << 16 | body[2] << 8 | body[3], body[4], None


class Reader:
    """Reads a body front to back; running past its end raises IndexError."""

    def __init__(self, data):
        self.data = data
        self.at = 0

    def left(self):
        return len(self.data) - self.at

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
        """The state of the Rng a record holds, three numbers (None for the
        all-zero state: no Rng): made an Rng when the match is rebuilt
        (resume.py), for power-on reads a match's head before
        lostcities/rng.py is loaded."""
        state = (self.u16(), self.u16(), self.u16())
        return None if state == (0, 0, 0) else state

    def head(self, rows, count, values=None):
        """The values of a record's head, described by ``rows`` (layout.py), of
        which the record holds ``count``: appended to ``values`` from the first
        it lacks, the rest their defaults. ValueError for a record with more
        fields than ``rows`` knows (a newer version's) or a value outside its
        field's values."""
        if count > len(rows):
            raise ValueError("a newer record")
        values = [] if values is None else values
        flags = -1
        for at in range(len(values), len(rows)):
            row = rows[at]
            kind = row[1]
            if len(values) >= count:
                value = row[2]
            elif isinstance(kind, tuple):
                if flags < 0:
                    flags = self.byte()
                value = row[3][0]
                for bit in range(len(kind) - 1, 0, -1):  # the last whose bits are set
                    if flags & kind[bit] == kind[bit]:
                        value = row[3][bit]
                        break
            elif kind == "text":
                value = self.text()
            elif kind == "rng":
                value = self.rng()
            elif kind == "byte":
                value = self.byte()
            else:
                value = self.u16()
                if kind == "i16":
                    value = None if value == 0x8000 else value - (value & 0x8000) * 2
            if not isinstance(kind, tuple):
                flags = -1
            if row[3] is not None and value not in row[3]:
                raise ValueError(row[0])
            values.append(value)
        return values
