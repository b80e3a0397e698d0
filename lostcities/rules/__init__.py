"""The rules of Lost Cities (docs/rules.md), one module per part.

* :mod:`~lostcities.rules.cards`: cards and moves as small integers, and the
  scoring formula;
* :mod:`~lostcities.rules.state`: one round's state in a ``bytearray``, a
  move checked with its reason;
* :mod:`~lostcities.rules.legal`: every legal move, for the laptop (the board
  never lists them), and the checks of a round given whole (a record's or a
  save's deal and starter), which the board needs only at start-up;
* :mod:`~lostcities.rules.offsets`: where each part lies in the state's buffer;
* :mod:`~lostcities.rules.hidden`: each player's view, and deals of the rest;
* :mod:`~lostcities.rules.match`: dealing, rounds, starters, totals, the winner.

Every name is importable from here (``from lostcities.rules import State``),
looked up in the parts when asked for (the moves' text, for the laptop's
tools, is host_sim/records/notation.py's): the board then holds each name once,
not in this module too (docs/memory.md, *Figures behind choices in the code*).
The parts are modules of their own so that the board compiles each one in a
fraction of its heap.
"""

_PARTS = ("cards", "state", "offsets", "hidden", "legal", "match")


def __getattr__(name):
    import sys
    if name in _PARTS:  # a part itself ("from lostcities.rules import hidden")
        __import__("lostcities.rules." + name)
        return sys.modules["lostcities.rules." + name]
    for part in _PARTS:
        module = sys.modules.get("lostcities.rules." + part)
        if module is None:
            __import__("lostcities.rules." + part)
            module = sys.modules["lostcities.rules." + part]
        if name in module.__dict__ and not name.startswith("_"):
            return module.__dict__[name]
    raise AttributeError("lostcities.rules has no %r" % name)
