"""A file standing in for ``microcontroller.nvm`` on the laptop.

Reads come from a copy in memory; every slice assignment is written through to
the file at once (like the board's flash, which is written on assignment).
A missing file reads as erased flash (0xFF); a shorter file is padded the
same way, a longer one is read up to the NVM's size.
"""

import os

NVM_SIZE = 8192
ERASED = 0xFF


class FileNvm:
    """Bytearray-like NVM of ``size`` bytes kept in the file ``path``."""

    def __init__(self, path, size=NVM_SIZE):
        self.path = path
        self._data = bytearray([ERASED]) * size
        if os.path.exists(path):
            with open(path, "rb") as file:
                stored = file.read(size)
            self._data[:len(stored)] = stored

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
