"""A file standing in for ``microcontroller.nvm`` on the laptop.

Reads come from a copy in memory; every slice assignment is written through to
the file at once (like the board's flash, which is written on assignment).
A missing or empty file reads as erased flash (0xFF). A shorter file (ours
are always written whole) was cut short: it is padded the same way and
``problem`` says so. A file that holds something else (``notes.txt``, a
README given by mistake) is refused with NotASaveFile and left as it is.
"""

import os
import stat

from lostcities.saves.restore import written_end
from lostcities.saves.layout import NVM_SIZE, VERSION

ERASED = 0xFF


class NotASaveFile(ValueError):
    """The file holds data of something else: it must not be overwritten."""


class FileNvm:
    """Bytearray-like NVM of ``size`` bytes kept in the file ``path``."""

    def __init__(self, path, size=NVM_SIZE):
        self.path = path
        self.problem = None  # a message when the file was cut short
        self._data = bytearray([ERASED]) * size
        if not os.path.exists(path):
            return
        with open(path, "rb") as file:
            regular = stat.S_ISREG(os.fstat(file.fileno()).st_mode)
            stored = file.read(size + 1)  # a device (/dev/full) reads on forever
        longer = regular and len(stored) > size
        stored = stored[:size]
        self._data[:len(stored)] = stored
        if longer or foreign(self._data):
            raise NotASaveFile("it is not a save of this game (left as it is)")
        if 0 < len(stored) < size:
            self.problem = ("Save file was cut short (%d of %d bytes): what was past"
                            " that is lost." % (len(stored), size))

    def __len__(self):
        return len(self._data)

    def __getitem__(self, index):
        if isinstance(index, slice):
            return bytearray(self._data[index])
        return self._data[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self._data))
            if step != 1 or len(value) != stop - start:
                raise ValueError("NVM slice assignment must keep its length")
            self._data[start:stop] = value
        else:
            start = index % len(self._data) if index < 0 else index
            self._data[start] = value
            stop = start + 1
        self._write(start, stop)

    def _write(self, start, stop):
        """Write bytes start..stop to the file (created full of 0xFF if missing)."""
        mode = "r+b" if os.path.exists(self.path) else "w+b"
        with open(self.path, mode) as file:
            file.seek(0, os.SEEK_END)
            if file.tell() < len(self._data):
                file.write(self._data[file.tell():])
            file.seek(start)
            file.write(self._data[start:stop])
            file.flush()


def foreign(nvm):
    """True if ``nvm`` holds another program's bytes: not the game's records
    (of this version or the last), nor blank or zeroed throughout."""
    if bytes(nvm[0:2]) == b"LC":
        return nvm[2] not in (1, VERSION)
    return written_end(nvm) > 0 and any(nvm)


class SaveFileError(Exception):
    """A --save FILE that cannot be used; ``str(err)`` says which and why."""


def make_nvm(path=None, size=NVM_SIZE):
    """Erased memory, or the file ``path`` standing in for the board's NVM.

    A file that cannot be written, or that holds something other than a save
    (never overwritten), raises SaveFileError now, not at the first save in
    the middle of a match.
    """
    if path:
        try:
            with open(path, "ab"):  # created empty if missing: reads as erased
                pass
            return FileNvm(path, size)
        except (OSError, NotASaveFile) as err:
            raise SaveFileError("cannot use %s as the save file: %s" % (
                path, getattr(err, "strerror", None) or err))
    return bytearray(b"\xff" * size)
