"""How much slower a PyBadge runs Python than CircuitPython's interpreter here,
measured in the same run as the figures it converts.

The factor belongs to this machine at this moment as much as to the board: a
busy laptop doubles its side. So published timings of real boards for small
scripts anyone can rerun (the anchors below; docs/memory.md cites each) are
rerun on the board's interpreter, each the fastest of a few tries, and every
board time is given as a range: the interpreter's time times the lowest and the
highest ratio, each end named by its anchor. A figure measured on another chip
is scaled to the SAMD51's 120 MHz by the clock alone, which is what makes the
range wide.
"""

from host_sim.testing import circuitpython as cp

SAMD51_MHZ = 120
TRIES = 3
HEAP_KB = 64

# The scripts as published, at module level as their authors ran them; each
# prints the microseconds it took
EMPTY_LOOP = """\
import time
start = time.ticks_us()
for _ in range(1000000):
    pass
print(time.ticks_diff(time.ticks_us(), start))
"""
PRIMES = """\
import time
start = time.ticks_us()
lower = 2
higher = 20000
while lower < higher:
    flag = 0
    for x in range(2, lower // 2, 1):
        if lower % x == 0:
            flag = 1
            break
    lower = lower + 1
print(time.ticks_diff(time.ticks_us(), start))
"""


class Anchor:
    """A published timing of a real board: ``board`` at ``mhz`` ran ``script``
    in ``board_s`` seconds (``source`` says where it was published)."""

    def __init__(self, name, board, mhz, script, board_s, source):
        self.name = name
        self.board = board
        self.mhz = mhz
        self.script = script
        self.board_s = board_s
        self.source = source

    def at_samd51(self):
        """The board's time scaled to the SAMD51's clock."""
        return self.board_s * self.mhz / SAMD51_MHZ


ANCHORS = (
    Anchor("SAMD51 loop", "ItsyBitsy M4 (SAMD51, CircuitPython 5.3.0)", 120, EMPTY_LOOP, 4.784,
           "adafruit/circuitpython issue 2929"),
    Anchor("F405 primes", "Feather STM32F405 (168 MHz, CircuitPython 7.2.5)", 168, PRIMES, 152.4,
           "adafruit/circuitpython issue 6292"),
    Anchor("RP2040 primes", "QT Py RP2040 (125 MHz, CircuitPython)", 125, PRIMES, 132.0,
           "adafruit/circuitpython issue 6292"),
)


class Factor:
    """The board's time over the interpreter's: ``low`` .. ``high``, with each
    anchor's ``(anchor, seconds here, ratio)`` in ``measured``."""

    def __init__(self, measured):
        self.measured = measured
        ratios = [ratio for _, _, ratio in measured]
        self.low = min(ratios)
        self.high = max(ratios)
        self.low_anchor = measured[ratios.index(self.low)][0].name
        self.high_anchor = measured[ratios.index(self.high)][0].name

    def board_s(self, seconds):
        """``(low, high)`` seconds on the board for ``seconds`` of the interpreter."""
        return seconds * self.low, seconds * self.high

    def range_text(self, seconds, digits=2):
        """The board's time for ``seconds`` here, as "LOW-HIGH s"."""
        low, high = self.board_s(seconds)
        return "%.*f-%.*f s" % (digits, low, digits, high)

    def lines(self):
        """What was measured and the range, for a report."""
        found = ["  %-14s %-50s %7.3f s there, %.3f s here: x%.0f%s" % (
            anchor.name, anchor.board, anchor.board_s, here, ratio,
            "" if anchor.mhz == SAMD51_MHZ else " (at 120 MHz by the clock)")
            for anchor, here, ratio in measured_sorted(self.measured)]
        found.append("  the board runs Python x%.0f (%s) to x%.0f (%s) slower than this"
                     " interpreter, now" % (self.low, self.low_anchor, self.high,
                                            self.high_anchor))
        return found


def measured_sorted(measured):
    return sorted(measured, key=lambda item: item[2])


def fastest(script, tries=TRIES):
    """The fastest of ``tries`` runs of ``script`` on the interpreter, in seconds."""
    best = None
    for _ in range(tries):
        done = cp.run(["-c", script], HEAP_KB)
        if done.returncode:
            raise RuntimeError("a calibration script failed: %s" % done.stderr.strip()[-300:])
        took = int(done.stdout.split()[-1]) / 1e6
        best = took if best is None else min(best, took)
    return best


def scripts():
    """The anchors' scripts, each once, in the order of ANCHORS."""
    found = []
    for anchor in ANCHORS:
        if anchor.script not in found:
            found.append(anchor.script)
    return found


def factor_of(seconds):
    """The Factor of ``seconds``, the interpreter's time of each of scripts()."""
    here = dict(zip(scripts(), seconds))
    return Factor([(anchor, here[anchor.script], anchor.at_samd51() / here[anchor.script])
                   for anchor in ANCHORS])


def measure(tries=TRIES):
    """The factor now (raises cp.CircuitPythonUnavailable without the interpreter)."""
    return factor_of([fastest(script, tries) for script in scripts()])
