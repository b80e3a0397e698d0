"""A small deterministic random number generator, identical on every Python.

CircuitPython's ``random`` has no ``shuffle`` and its sequence differs from
CPython's, so games would not replay the same on the board and the laptop.
This is Wichmann and Hill's combined generator (three small multiplicative
congruential generators) kept in integers: every intermediate value fits a
MicroPython small int, so drawing a number allocates nothing.
"""

from micropython import const

_M1 = const(30269)
_M2 = const(30307)
_M3 = const(30323)


class Rng:
    """Seeded generator: ``randbelow``, ``shuffle`` and a state to save."""

    def __init__(self, seed=0):
        self.seed(seed)

    def seed(self, seed):
        """Start the sequence for an integer ``seed`` (any size, >= 0)."""
        seed = abs(int(seed))
        self.s1 = seed % (_M1 - 1) + 1
        seed //= _M1 - 1
        self.s2 = seed % (_M2 - 1) + 1
        seed //= _M2 - 1
        self.s3 = (seed + 7) % (_M3 - 1) + 1
        for _ in range(8):  # nearby seeds start far apart
            self._next()

    def _next(self):
        self.s1 = 171 * self.s1 % _M1
        self.s2 = 172 * self.s2 % _M2
        self.s3 = 170 * self.s3 % _M3
        return (self.s1 + self.s2 + self.s3) % _M1

    def randbelow(self, n):
        """A uniform integer in ``0 .. n-1`` for ``1 <= n <= 30269``."""
        limit = _M1 - _M1 % n
        value = self._next()
        while value >= limit:
            value = self._next()
        return value % n

    def shuffle(self, items, start=0, stop=None):
        """Fisher-Yates shuffle of ``items[start:stop]`` in place."""
        if stop is None:
            stop = len(items)
        i = stop - 1
        while i > start:
            j = start + self.randbelow(i - start + 1)
            items[i], items[j] = items[j], items[i]
            i -= 1

    def getstate(self):
        """The three integers that :meth:`setstate` restores (for saving)."""
        return (self.s1, self.s2, self.s3)

    def setstate(self, state):
        self.s1, self.s2, self.s3 = state
