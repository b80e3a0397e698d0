"""Saving the match and the player's profile in the NVM, so that nothing is lost.

``Storage(nvm)`` works on any bytearray-like object with ``len()``, slice reads
and slice assignment: ``microcontroller.nvm`` on the board (8192 bytes),
``host_sim.play.nvm_file.FileNvm`` or a plain ``bytearray`` on a laptop.

The board's NVM is one flash erase block that wears with every write, whatever
its size (lostcities/saves/layout.py). So a save is ONE slice assignment from
byte 0: the count of writes (the wear record), the profile, and the match if
it changed; a save that would change nothing is not written at all. A power
cut keeps the bytes before the one it reached: lostcities/saves/restore.py reads
back what survived and says in one line what was lost. The layout and the
records' bodies are in docs/formats.md; the match's body is
lostcities/saves/match.py's, the profile's lostcities/saves/profile.py's.

Empty, foreign, corrupt or torn records, records of another version and
records naming an AI level that ``lostcities.LEVELS`` lacks are ignored with a
short message, never an exception; so is a write the NVM refuses
(``UNSAVED``). A match that outgrows the NVM is not saved (``TOO_LONG``): the
last save that fitted stays.
"""

from lostcities.saves.layout import (
    CRC, HAS_MATCH, HAS_PROFILE, HEADER, KIND_NO_MATCH, KIND_WEAR,
    MATCH_AT, NO_SAVE, PROFILE_AT, TOO_LONG, UNSAVED, WEAR_AT, WEAR_BODY, stamp)

from micropython import const

# A match's buffer (Storage.prepare): room for the record's head at its longest
# (saves/match.py's HEAD_MOST, which a test holds within it: this module is loaded
# at power-on, that one only for a match),
# and each round as long as a program plays it with 6 colours: 3 bytes, the deal's 72
# cards, 200 moves of 2 bytes (to the turn limit, 144, then the deck's 56 drawn)
HEAD_ROOM = const(48)
_ROUND_MOST = const(475)
_BUFFER_STEP = const(256)  # a longer match (people stalling) grows it by this
_COMPARED = const(64)  # bytes compared at a time with the NVM: no big copy
_NO_MATCH_SIZE = const(10)  # HEADER + CRC: the "no match" record has no body


class Storage:
    """The records in an NVM-like byte array (see the module docstring).

    ``writes`` is how many times this game has written the NVM on this board
    (each write one erase of its flash); ``profile_message`` what the reading
    of the profile found wrong, if anything."""

    def __init__(self, nvm):
        self.nvm = nvm
        self.writes = 0
        self.profile_message = None
        self.has_match = False  # the NVM holds a match record (not "no match")
        self.read = False  # the NVM has been read: writes, has_match are known
        self.end = 0  # the NVM's written end, as read with the wear record (restore.written_end)
        self._wear = None  # (flags, message) of the wear record, until the next write
        # the image written from byte 0: the wear record, the profile, the match
        # made first for the most rounds, while the heap is in one piece (see prepare)
        self._buffer = bytearray(MATCH_AT + HEAD_ROOM + 3 * _ROUND_MOST)

    def find_match(self):
        """``(SavedMatch or None, Found or None, message or None)``: at power-on,
        a match a power cut stopped in its record, read at once (what it
        kept), or one found whole, its moves replayed later (its ``load_match()``: Session.saved);
        the message says what was ignored or lost."""
        flags, message = self.read_wear()
        if message is None and not flags & HAS_MATCH:  # none follows the profile:
            return None, None, NO_SAVE  # the reading of a match is not loaded
        from lostcities.saves.resume import find_match
        saved, found, message = find_match(self)
        if saved is not None or found is not None:
            self.has_match = True  # (the wear record may not have said so)
        return saved, found, message

    def load_profile(self):
        """The saved Profile, or defaults (``profile_message`` says why)."""
        from lostcities.saves.profile import load_profile
        profile, self.profile_message = load_profile(self)
        return profile

    def read_wear(self):
        """Read the wear record (lostcities/saves/restore.py): the count of
        writes, whether a match follows; returns ``(flags, message)``. Read
        once until the next write: power-on reads the profile and the match
        after it."""
        if self._wear is None:
            from lostcities.saves.restore import read_wear, written_end
            self.end = written_end(self.nvm)
            self.writes, flags, message = read_wear(self.nvm, self.end)
            self.has_match = message is None and bool(flags & HAS_MATCH)
            self.read = True
            self._wear = flags, message
        return self._wear

    def prepare(self, rounds):
        """Make the buffer the saves of a match of ``rounds`` rounds are built
        in, as the game starts and as a match of other rounds does: late in a
        match the board's heap is in pieces too small for a record of its size
        (measured on CircuitPython's interpreter). A 1-round match's takes
        less than half a 3-round one's."""
        size = MATCH_AT + HEAD_ROOM + rounds * _ROUND_MOST
        if len(self._buffer) != size:
            try:
                self._buffer = bytearray(size)
            except MemoryError:
                pass  # the one it has: a save that outgrows it is not written (TOO_LONG)

    def save_match(self, saved, profile=None):
        """Save after a turn (and ``profile`` with it, if given): None when
        saved or unchanged, else why not (the last save is kept).

        The record is built in the buffer :meth:`prepare` made. A longer round
        grows it, if the heap has room: else it is not saved (TOO_LONG)."""
        from lostcities.saves.match import encode_match, match_size
        size = match_size(saved)
        if MATCH_AT + size > len(self.nvm):
            return TOO_LONG
        if MATCH_AT + size > len(self._buffer):
            try:
                self._buffer = bytearray(MATCH_AT + size + _BUFFER_STEP)
            except MemoryError:
                return TOO_LONG
        record = memoryview(self._buffer)[MATCH_AT:MATCH_AT + size]
        encode_match(saved, record)
        return self._write(profile, MATCH_AT + size, True)

    def finish_match(self, profile):
        """The match ended: ``profile`` (its statistics counted) and "no match"
        in one write."""
        record = memoryview(self._buffer)[MATCH_AT:MATCH_AT + _NO_MATCH_SIZE]
        stamp(record, KIND_NO_MATCH)
        return self._write(profile, MATCH_AT + _NO_MATCH_SIZE, False)

    def save_profile(self, profile):
        """Save the settings and statistics: None when saved or unchanged."""
        return self._write(profile, None, self.has_match)

    def _write(self, profile, end, has_match):
        """Write the image from byte 0 to ``end`` (to the profile's end if None):
        the wear record, ``profile`` (else the one in the NVM, as it is), and
        the match record already in the buffer. Nothing is written when only
        the count would change."""
        if not self.read:
            self.read_wear()
        buffer = self._buffer
        nvm = self.nvm
        if profile is not None:
            from lostcities.saves.profile import encode_profile
            record = encode_profile(profile)
            buffer[PROFILE_AT:PROFILE_AT + len(record)] = record
            for at in range(PROFILE_AT + len(record), MATCH_AT):
                buffer[at] = 0xFF
            if end is None:
                end = PROFILE_AT + len(record)
        else:  # a byte at a time: a slice of the NVM would be a copy in the heap
            for at in range(PROFILE_AT, MATCH_AT):
                buffer[at] = nvm[at]
        # unchanged, nothing is written; but a count read as 0 (a new board's,
        # or a damaged one's) is written again at once
        if self.writes and has_match == self.has_match and self._unchanged(end):
            return None
        wear = memoryview(buffer)[WEAR_AT:WEAR_AT + HEADER + WEAR_BODY + CRC]
        writes = self.writes + 1
        for at in range(4):
            wear[HEADER + at] = writes >> (24 - 8 * at) & 0xFF
        wear[HEADER + 4] = (HAS_MATCH if has_match else 0) | (
            HAS_PROFILE if buffer[PROFILE_AT] != 0xFF else 0)
        stamp(wear, KIND_WEAR)
        for at in range(WEAR_AT + len(wear), PROFILE_AT):
            buffer[at] = 0xFF
        try:
            nvm[0:end] = memoryview(buffer)[:end]
        except OSError:  # a laptop's save file (a full disk, a folder there now)
            return UNSAVED
        self.writes = writes
        self.has_match = has_match
        self._wear = None  # read again when asked
        return None

    def _unchanged(self, end):
        """True if the NVM already holds the buffer's bytes after the wear record."""
        buffer = memoryview(self._buffer)
        nvm = self.nvm
        at = PROFILE_AT
        while at < end:
            upto = min(at + _COMPARED, end)
            if nvm[at:upto] != buffer[at:upto]:
                return False
            at = upto
        return True

