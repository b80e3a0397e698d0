"""Shared test set-up.

The repository root goes at the END of sys.path: the board's entry point is
``code.py``, which would otherwise shadow Python's own ``code`` module (pdb
imports it). Run the tests with ``make test`` or ``.venv/bin/pytest``.
"""

import os
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.append(ROOT)
