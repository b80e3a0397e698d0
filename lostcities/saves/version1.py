"""Version 1's saves, read once over an update (docs/formats.md, Version 1):
two slots of each kind, the newest record of a pair the one with the larger
sequence number. Loaded only when the NVM holds that layout, so the reading
of this version's saves stays small to compile on the board."""

from lostcities.saves.layout import CRC, HEADER, NO_SAVE, crc16

_SLOTS = ((0, 128, 128), (256, 4224, 3968))  # (first, second, size): profile, match


def legacy(nvm, which):
    """Version 1's newest valid record of a pair of slots (``which`` 0: the
    profile's, 1: the match's), kept over an update, as restore.read_record
    gives one, or a message."""
    first, second, size = _SLOTS[which]
    best = None
    for start in (first, second):
        header = bytes(nvm[start:start + HEADER])
        length = header[6] << 8 | header[7]
        if header[0:3] != b"LC\x01" or HEADER + length + CRC > size:
            continue
        stop = start + HEADER + length
        body = bytes(nvm[start + HEADER:stop])
        sequence = header[4] << 8 | header[5]
        if crc16(body, crc16(header)) == nvm[stop] << 8 | nvm[stop + 1] and (
                best is None or 0 < (sequence - best[2]) & 0xFFFF < 0x8000):
            best = (body, header[3], sequence)
    return (best[0], best[1], 0) if best else NO_SAVE  # their heads: the first fields
