"""Shared test set-up.

The repository root goes at the END of sys.path: the board's entry point is
``code.py``, which would otherwise shadow Python's own ``code`` module (pdb
imports it). Run the tests with ``make test`` or ``.venv/bin/pytest``.
"""

import os
import sys

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.append(ROOT)


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """The bundle of .py sources, built once a run: (folder, {drive path: size})."""
    from host_sim import bundle
    out = tmp_path_factory.mktemp("bundle")
    return str(out), bundle.build(str(out))
