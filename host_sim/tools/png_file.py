"""The PNG files the tools write (``screenshot --out``, ``tournament --plot``).

Each tool marks its PNGs with a text chunk naming it (``Source``), so that a
PNG is replaced only where it is a new file or one that tool wrote: never a
file of anyone else's given by mistake (notes, a README, a photo).
"""

import os
import struct
import zlib

SIGNATURE = b"\x89PNG\r\n\x1a\n"
_HEAD_BYTES = 4096  # the text chunk comes before the image data
_IHDR_END = len(SIGNATURE) + 4 + 4 + 13 + 4  # length, type, the header's 13 bytes, CRC


def problem(option, path, source):
    """Why ``path`` may not be written as the PNG of ``source`` (None if it may)."""
    folder = os.path.dirname(os.path.abspath(path))
    if not path.lower().endswith(".png") or os.path.isdir(path):
        return "%s %s: the picture is a PNG file: give a file name ending in .png" % (option, path)
    if os.path.lexists(path) and not is_ours(path, source):
        return ("%s %s: the file exists and was not written by %s: give another name (it is"
                " left as it is)" % (option, path, source))
    if not os.path.isdir(folder):
        return "%s %s: no folder %s to write in" % (option, path, folder)
    if not os.access(folder, os.W_OK):
        return "%s %s: the folder %s is read-only: give another place" % (option, path, folder)
    return None


def is_ours(path, source):
    """True if ``path`` is a PNG whose text says ``source`` wrote it."""
    try:
        with open(path, "rb") as file:
            head = file.read(_HEAD_BYTES)
    except OSError:
        return False
    return head.startswith(SIGNATURE) and b"tEXtSource\0" + source.encode() in head


def marked(png, source):
    """The PNG ``png`` (bytes) with a text chunk saying ``source`` wrote it."""
    if not png.startswith(SIGNATURE) or png[12:16] != b"IHDR":
        raise ValueError("not a PNG")
    text = b"Source\0" + source.encode()
    chunk = (struct.pack(">I", len(text)) + b"tEXt" + text
             + struct.pack(">I", zlib.crc32(b"tEXt" + text)))
    return png[:_IHDR_END] + chunk + png[_IHDR_END:]
