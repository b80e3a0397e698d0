"""The save's format in the NVM: its layout, a record's header, the byte helpers
(docs/formats.md).

Shared by the writing (lostcities/saves/storage.py), the reading (lostcities/saves/restore.py)
and the bodies (lostcities/saves/profile.py, lostcities/saves/match.py), which import
it and nothing of each other's: no import cycle, and each stays small to compile
on the board.

The board's NVM is one flash erase block: every write erases all of it and
programs it again from byte 0, so a power cut keeps what lies before the byte
it reached and erases the rest. The records lie in the order of what is worth
most and changes least: the count of writes, the profile, then the match.
"""

from micropython import const

from lostcities import LEVELS, MODES, RETIRED_LEVELS

VERSION = const(2)  # 1: two slots of each kind (docs/formats.md, Version 1)
SIGNATURE = b"LC" + bytes((VERSION,))  # how a record of this version starts
KIND_MATCH = const(1)
KIND_NO_MATCH = const(2)
KIND_PROFILE = const(3)
KIND_WEAR = const(4)
HEADER = const(8)  # a record's header, then its body
CRC = const(2)  # and its CRC after the body
NVM_SIZE = const(8192)  # microcontroller.nvm on a PyBadge; a laptop's save file
WEAR_AT = const(0)  # the writes this game made: header, u32, flags, CRC
WEAR_BODY = const(5)
PROFILE_AT = const(16)
MATCH_AT = const(144)  # the profile's slot is 128 bytes; the match's, the rest
RATED_WRITES = const(10000)  # the erase cycles to plan for (docs/memory.md)
WEAR_SWITCH = const(8000)  # from here on a match is saved at rounds' ends only
HAS_MATCH = const(1)  # the wear record's flags: a match record follows the profile,
HAS_PROFILE = const(2)  # and a profile record follows the wear record


NO_SAVE = "No saved match."
TOO_LONG = "Match too long to save; the last save is kept."
UNSAVED = "Cannot save here; play goes on unsaved."
# The messages of the reading (damage, power cuts) are lostcities/saves/restore.py's:
# that module is not in the board's heap during a match.


def crc16(data, crc=0xFFFF):
    """CRC-16/CCITT-FALSE (poly 0x1021) of ``data``: table-free, small ints only."""
    for byte in data:
        x = (crc >> 8) ^ byte
        x ^= x >> 4
        crc = ((crc << 8) ^ (x << 12) ^ (x << 5) ^ x) & 0xFFFF
    return crc


def stamp(record, kind, count=0):
    """Write the header and the CRC of ``record`` (a bytearray or memoryview
    holding header, body and CRC space) for a record of ``kind`` whose head
    holds ``count`` fields of its table (0: its first ones, see head)."""
    length = len(record) - HEADER - CRC
    record[0] = 0x4C  # "L"
    record[1] = 0x43  # "C"
    record[2] = VERSION
    record[3] = kind
    record[4] = count
    record[5] = 0
    record[6] = length >> 8
    record[7] = length & 0xFF
    crc = crc16(record[:HEADER + length])
    record[HEADER + length] = crc >> 8
    record[HEADER + length + 1] = crc & 0xFF


# A record's head is described once, by a table of fields (the profile's in
# lostcities/saves/profile.py, the saved match's in lostcities/saves/match.py): rows of
# ``(name, size, default, values)`` in the order of their bytes. ``size`` is "byte",
# "u16", "i16" (None written as -32768), "text", "rng" (an Rng's state, None as
# zeros), or a tuple of bit masks, one for each of ``values`` (the first 0): a flag,
# whose bits share one byte with the flags next to it in the table. ``values``: the
# values it takes (its bounds: another is refused on reading), or None for any its
# size holds. A new field is a new row at the table's end: a record written before
# it reads its default. (The sizes are words the board knows as names already: from
# .py sources each new name takes its heap.)
_NONE = const(-32768)  # "i16": None

AI_SEAT = 1  # against the AI the human is player 1 (who is player 0 here)
# The saved match's head after the Match's colours, rounds and Rng (its record
# is lostcities/saves/match.py's): (name, size, default, values), a SavedMatch's
# fields. Here, not there: power-on reads a saved match's head (what the title
# says of it) before that module and the rules are loaded. A new field is one
# row at the end: a match saved before it reads its default.
MATCH_FIELDS = (
    ("ai_rng", "rng", None, None),
    ("ai_seat", "byte", AI_SEAT, (0, 1)),
    ("mode", "text", "duel", MODES + ("learn",)),  # ([2]) "learn": the lesson, vs the AI
    ("level", "text", None, (None,) + LEVELS + tuple(RETIRED_LEVELS)),  # None in a duel
    ("coached", "u16", 0, None),  # the coach's messages shown, a bit each
)
# The fields every match saved before fields were counted held (a lesson's,
# the coach's too); SavedMatch's arguments give these and the coach's
MATCH_FIRST = const(4)


def head(rows, values, first):
    """``(count, size)``: how many fields of ``values`` (in the order of ``rows``)
    a record holds, and their bytes. It holds all but the defaults at the end,
    and at least the ``first`` fields every record of its kind held before
    fields were counted; its header says how many (0: ``first``), so that a
    record grows only when a new field leaves its default."""
    count = len(rows)
    while count > first and values[count - 1] == rows[count - 1][2]:
        count -= 1
    size = 0
    flags = False
    for at in range(count):
        kind = rows[at][1]
        if isinstance(kind, tuple):
            size += 0 if flags else 1
        else:
            size += (text_size(values[at]) if kind == "text" else 6 if kind == "rng"
                     else 1 if kind == "byte" else 2)
        flags = isinstance(kind, tuple)
    return count, size


def encode(buf, at, rows, values, count):
    """Write the first ``count`` fields of ``values`` from ``buf[at]``; returns
    the offset after them."""
    flags = -1  # where the flags' byte is
    for index in range(count):
        kind = rows[index][1]
        value = values[index]
        if isinstance(kind, tuple):
            if flags < 0:
                flags = at
                buf[at] = 0
                at += 1
            buf[flags] |= kind[rows[index][3].index(value)]
            continue
        flags = -1
        if kind == "text":
            at = put_text(buf, at, value)
        elif kind == "rng":
            for part in value.getstate() if value is not None else (0, 0, 0):
                at = put_u16(buf, at, part)
        elif kind == "byte":
            buf[at] = value
            at += 1
        else:
            at = put_u16(buf, at, (_NONE if value is None else value) & 0xFFFF)
    return at


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


def wear_line(writes):
    """The board's flash wear in a line: each save erases its NVM once, and
    RATED_WRITES is the erase count to plan for."""
    return "Saves: %d (rated %d)" % (writes, RATED_WRITES)
