"""Reading the saves back from the NVM: lostcities/save.py's Storage writes them.

Needed at start-up, at a match's end (the profile, read again) and on a
laptop's first look at a file, never while a match is played: the app
forgets this module at the table, which keeps about 1 KB of the board's
heap free there (measured on CircuitPython's interpreter). The checks and the
messages for empty, foreign, torn and damaged slots are the module
docstring's of lostcities/save.py; the layout is in docs/formats.md.
"""

from lostcities.save import (CRC, DAMAGED, FELL_BACK, FOREIGN, HEADER, KIND_MATCH,
                             KIND_NO_MATCH, KIND_PROFILE, NO_SAVE, OTHER_VERSION,
                             PROFILE_RESET, VERSION, crc16)


def load_match(storage):
    """``(SavedMatch or None, message or None)``; the message says what was ignored."""
    body, kind, message = newest_record(storage, KIND_MATCH)
    if body is None:
        return None, message
    if kind == KIND_NO_MATCH:
        return None, None
    from lostcities.saved_match import decode_match  # it builds on this module
    try:
        return decode_match(body), message
    except (ValueError, IndexError, TypeError):
        return None, DAMAGED


def load_profile(storage):
    """The saved Profile, or defaults (``profile_message`` says if it was damaged)."""
    from lostcities.profile import Profile, decode_profile  # it builds on this module
    body, _, message = newest_record(storage, KIND_PROFILE)
    storage.profile_message = None
    if body is not None:
        try:
            return decode_profile(body)
        except (ValueError, IndexError, TypeError):
            message = DAMAGED
    if message not in (None, NO_SAVE):
        storage.profile_message = PROFILE_RESET
    return Profile()


def foreign(storage):
    """True if a slot holds another program's bytes: not our record, nor
    blank throughout (on a laptop: a file that is not a save)."""
    nvm = storage.nvm
    for kind in (KIND_PROFILE, KIND_MATCH):
        first, second, size = storage.slots[kind]
        for start in (first, second):
            found = read_slot(nvm, start, size, kind)
            if found == FOREIGN or (found == NO_SAVE and len(set(nvm[start:start + size])) > 1):
                return True
    return False


def newest_record(storage, slot_kind):
    """``(body, kind, message)`` of the newest valid record in a pair of slots;
    notes its sequence and slot in ``storage.newest``, for the next write."""
    first, second, size = storage.slots[slot_kind]
    best = None
    problem = None
    damaged = False
    for index, start in enumerate((first, second)):
        found = read_slot(storage.nvm, start, size, slot_kind)
        if isinstance(found, str):
            if found != NO_SAVE:
                damaged = found == DAMAGED or damaged  # our write cut short
                problem = problem or found
            continue
        if best is None or newer(found[1], best[1]):
            best = found + (index,)
    if best is None:
        storage.newest[slot_kind] = None
        return None, None, problem or NO_SAVE
    body, sequence, record_kind, index = best
    storage.newest[slot_kind] = sequence << 1 | index
    return body, record_kind, FELL_BACK if damaged else None


def read_slot(nvm, start, size, slot_kind):
    """``(body, sequence, kind)`` of a valid record, else a message string."""
    if size < HEADER + CRC:
        return NO_SAVE
    header = bytes(nvm[start:start + HEADER])
    if header == b"\xff" * HEADER or header == b"\x00" * HEADER:
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
    if HEADER + length + CRC > size:
        return DAMAGED
    end = start + HEADER + length
    body = bytes(nvm[start + HEADER:end])
    if crc16(body, crc16(header)) != nvm[end] << 8 | nvm[end + 1]:
        return DAMAGED
    return (body, header[4] << 8 | header[5], kind)


def newer(a, b):
    """True if sequence number ``a`` was written after ``b`` (16-bit wrap)."""
    return 0 < (a - b) & 0xFFFF < 0x8000


class Reader:
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
