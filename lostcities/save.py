"""Saving the match and the player's profile in the NVM, so that nothing is lost.

``Storage(nvm)`` works on any bytearray-like object with ``len()``, slice reads
and slice assignment: ``microcontroller.nvm`` on the board (8192 bytes),
``host_sim.play.nvm_file.FileNvm`` or a plain ``bytearray`` on a laptop. Each save
is ONE slice assignment of one record, because every assignment to the board's
NVM erases and rewrites flash. Each kind (the match, the profile) has two
slots used in turn, so a write cut short leaves the previous record intact;
a CRC written last tells a torn record. The layout and the records' bodies
are in docs/formats.md; the match's body is lostcities/saved_match.py's, the
profile's lostcities/profile.py's, and the reading of the slots is
lostcities/restore.py's (each loaded when first needed, and compiled on the
board apart from this module; a match only writes).

Empty, foreign, corrupt or torn slots, records of another version and records
naming an AI level that ``lostcities.LEVELS`` lacks are ignored with a short message,
never an exception; so is a write the NVM refuses (``UNSAVED``). A match that
outgrows its slot is not saved (``TOO_LONG``): the last save that fitted stays.
``foreign()`` tells a laptop that a file is not a save at all, so that it is
never overwritten.
"""

from micropython import const

VERSION = const(1)
KIND_MATCH = const(1)
KIND_NO_MATCH = const(2)
KIND_PROFILE = const(3)
HEADER = const(8)  # a record's header, then its body
CRC = const(2)  # and its CRC after the body
# The layout, for the board's NVM (docs/formats.md, The save in the NVM).
NVM_SIZE = const(8192)  # microcontroller.nvm on a PyBadge; a laptop's save file
PROFILE_SLOT = const(128)
MATCH_AT = const(2 * PROFILE_SLOT)  # the first match slot, after two profile slots
MATCH_SLOT = const((NVM_SIZE - MATCH_AT) // 2)  # 3968: a smaller NVM has smaller ones
# A 3-round match's record: 560-1,310 bytes with 5 or 6 colours (two normal
# AIs, whose rounds often run to the turn limit), rarely more.
_MATCH_BUFFER = const(1536)
_BUFFER_STEP = const(256)

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


class Storage:
    """The save slots in an NVM-like byte array (see the module docstring)."""

    def __init__(self, nvm):
        self.nvm = nvm
        size = (len(nvm) - MATCH_AT) // 2
        self.slots = {
            KIND_PROFILE: (0, PROFILE_SLOT, PROFILE_SLOT),
            KIND_MATCH: (MATCH_AT, MATCH_AT + size, size),
        }
        # kind -> the newest record's sequence << 1 | its slot index, or None:
        # a small int, so that a save leaves no new object in the heap
        self.newest = {}
        self.profile_message = None
        self._buffer = bytearray(_MATCH_BUFFER)  # see save_match

    # Match ---------------------------------------------------------------

    def load_match(self):
        """``(SavedMatch or None, message or None)``; the message says what was ignored."""
        from lostcities.restore import load_match
        return load_match(self)

    def save_match(self, saved):
        """Save after a turn: None when saved, else why not (the last save is kept).

        The record is built in one buffer made at start-up and kept: late in a
        match the board's heap is in pieces too small for a record of its size
        (measured on CircuitPython's interpreter). A longer match grows it, if
        the heap has room: else it is not saved (TOO_LONG)."""
        from lostcities.saved_match import encode_match, match_size
        size = match_size(saved)
        if size > len(self._buffer):
            try:
                self._buffer = bytearray(size + _BUFFER_STEP)
            except MemoryError:
                return TOO_LONG
        encode_match(saved, self._buffer)
        return self._write(KIND_MATCH, memoryview(self._buffer)[:size])

    def clear_match(self):
        """Forget the saved match (it ended): a small "no match" record."""
        return self._write(KIND_NO_MATCH, bytearray(HEADER + CRC))

    # Profile -------------------------------------------------------------

    def load_profile(self):
        """The saved Profile, or defaults (``profile_message`` says if it was damaged)."""
        from lostcities.restore import load_profile
        return load_profile(self)

    def save_profile(self, profile):
        from lostcities.profile import encode_profile  # it builds on this module
        return self._write(KIND_PROFILE, encode_profile(profile))

    def foreign(self):
        """True if a slot holds another program's bytes: not our record, nor
        blank throughout (on a laptop: a file that is not a save)."""
        from lostcities.restore import foreign
        return foreign(self)

    # Slots -----------------------------------------------------------------

    def _write(self, kind, record):
        """Stamp ``record`` (header and CRC space included) and write it in one slice."""
        slot_kind = KIND_PROFILE if kind == KIND_PROFILE else KIND_MATCH
        first, second, size = self.slots[slot_kind]
        if len(record) > size:
            return TOO_LONG
        if slot_kind not in self.newest:
            from lostcities.restore import newest_record
            newest_record(self, slot_kind)
        newest = self.newest[slot_kind]
        if newest is None:
            index, sequence = 0, 1
        else:
            index, sequence = 1 - (newest & 1), ((newest >> 1) + 1) & 0xFFFF
        length = len(record) - HEADER - CRC
        record[0] = 0x4C  # "L"
        record[1] = 0x43  # "C"
        record[2] = VERSION
        record[3] = kind
        record[4] = sequence >> 8
        record[5] = sequence & 0xFF
        record[6] = length >> 8
        record[7] = length & 0xFF
        crc = crc16(memoryview(record)[:HEADER + length])
        record[HEADER + length] = crc >> 8
        record[HEADER + length + 1] = crc & 0xFF
        start = second if index else first
        try:
            self.nvm[start:start + len(record)] = record
        except OSError:  # a laptop's save file (a full disk, a folder there now)
            return UNSAVED
        self.newest[slot_kind] = sequence << 1 | index
        return None


# Encoding ------------------------------------------------------------------

def put_u16(buf, at, value):
    buf[at] = value >> 8 & 0xFF
    buf[at + 1] = value & 0xFF
    return at + 2


def put_text(buf, at, text):
    data = text.encode() if text else b""
    buf[at] = len(data)
    buf[at + 1:at + 1 + len(data)] = data
    return at + 1 + len(data)


def text_size(text):
    return 1 + (len(text) if text else 0)
