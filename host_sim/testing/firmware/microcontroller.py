"""microcontroller for CircuitPython's unix port: ``nvm``, 8192 bytes kept across power cuts.

A write may be torn: with ``tear_next`` set, the next slice assignment writes
only its first ``tear_next`` bytes and then the power goes (``PowerCut``)."""


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
        self.writes += 1
        tear = self.tear_next
        if tear is not None and isinstance(index, slice):
            self.tear_next = None
            start = index.start or 0
            self._bytes[start:start + tear] = value[:tear]
            raise PowerCut()
        self._bytes[index] = value


nvm = ByteArray()
