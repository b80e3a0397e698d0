"""The rules of Lost Cities (docs/rules.md), one module per part.

* :mod:`~lostcities.rules.cards`: cards and moves as small integers, their
  notation and the scoring formula;
* :mod:`~lostcities.rules.state`: one round's state in a ``bytearray``, the
  legal moves with reasons, each player's view;
* :mod:`~lostcities.rules.match`: rounds, starters, totals and the winner.

Every name is importable from here (``from lostcities.rules import State``).
The parts are separate modules so that the board compiles each one in a
fraction of its heap: a single module of all of it needs about 70 KB there.
"""

from lostcities.rules.cards import *  # noqa: F401,F403
from lostcities.rules.state import *  # noqa: F401,F403
from lostcities.rules.match import *  # noqa: F401,F403
