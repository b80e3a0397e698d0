"""microcontroller for CircuitPython's unix port: ``nvm``, 8192 bytes of flash
kept across power cuts, written as a SAMD51 writes them.

On the board the NVM is ONE erase block (CircuitPython's
ports/atmel-samd/common-hal/nvm/ByteArray.c; docs/formats.md, "How the board's
flash is written"): every assignment, of one byte or of all, copies the
block, erases all of it and programs it again from byte 0. So a
power cut during a write leaves the new contents before the byte it reached
and erased bytes (0xFF) from there to the end, whatever the assignment's
offset. ``writes`` counts the erases. With ``tear_next`` set to a byte
offset, the next assignment is cut there (0: all erased) and the power goes
(``PowerCut``).

Also the laptop's model of the board's NVM in the tests
(``host_sim.testing.firmware.microcontroller.ByteArray``).
"""

ERASED = 0xFF


class PowerCut(BaseException):
    """The power went: nothing of the running program survives but the NVM."""


class ByteArray:
    def __init__(self, size=8192):
        self._bytes = bytearray(b"\xff" * size)
        self.tear_next = None
        self.writes = 0

    def __len__(self):
        return len(self._bytes)

    def __getitem__(self, index):
        return self._bytes[index]

    def __setitem__(self, index, value):
        self.writes += 1  # one erase of the whole block, whatever is assigned
        self._bytes[index] = value  # in place: the board's copy is on its C stack
        cut, self.tear_next = self.tear_next, None
        if cut is not None:
            for at in range(cut, len(self._bytes)):  # not rewritten yet: erased
                self._bytes[at] = ERASED
            raise PowerCut()


nvm = ByteArray()
