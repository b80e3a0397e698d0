"""A firmware built without some of CircuitPython's modules: the Japanese,
Korean and Russian builds for the PyBadge and the PyGamer have no terminalio,
and vectorio nearly went the same way."""

import sys


class Absent:
    """Stands in ``sys.modules`` for a module the build lacks: ``from it
    import anything`` raises ImportError, as it would."""


def leave_out(names):
    """Take the modules ``names`` (comma-separated) away before anything imports them."""
    for name in names.split(","):
        if name:
            sys.modules[name] = Absent()
