"""Shared test set-up.

The board's entry point is ``code.py`` (CircuitPython runs that name), which
would pass for Python's own ``code`` module, which pdb and so pytest's
debugger import. ``python -m pytest`` puts the checkout first on sys.path: so
Python's ``code`` is imported here, with the checkout out of the path, before
pytest's debugger asks for it; the repository root then goes at the END of
sys.path. ``make test``, ``.venv/bin/pytest`` and ``python -m pytest`` all work.
"""

import os
import sys

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def import_pythons_code_module():
    """Python's ``code`` module, imported with the checkout out of sys.path."""
    where = sys.path[:]
    sys.path[:] = [path for path in where if os.path.abspath(path or os.curdir) != ROOT]
    try:
        import code
    finally:
        sys.path[:] = where
    return code


import_pythons_code_module()
if ROOT not in sys.path:
    sys.path.append(ROOT)


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """The bundle of .py sources, built once a run: (folder, {drive path: size})."""
    from host_sim.tools import bundle
    out = tmp_path_factory.mktemp("bundle")
    return str(out), bundle.build(str(out))


# Helpers shared by the test modules (``from conftest import ...``) ----------

CI = os.environ.get("CI") == "true"


def micropython_unavailable(reason):
    """Skip a test that needs MicroPython (node) when it is missing, saying why;
    in CI (CI=true) the MicroPython tests must run, so there fail instead."""
    if CI:
        pytest.fail("CI must run the MicroPython tests, but: %s" % reason)
    pytest.skip("MicroPython tests skipped: %s" % reason)


def circuitpython(major):
    """CircuitPython ``major``'s interpreter with the board's display code
    (10, or 9: 9.2.9), skipping the test saying why where it is missing; in
    CI (CI=true) the board's tests must run on both, so there fail instead."""
    from host_sim.testing import circuitpython as cp
    try:
        return cp.find_interpreter(major=major)
    except cp.CircuitPythonUnavailable as err:
        if CI:
            pytest.fail("CI must run the board's tests on CircuitPython %d, but: %s"
                        % (major, err))
        pytest.skip("CircuitPython %d tests skipped: %s" % (major, err))


def cards(text, colors=5, wagers=None):
    """Cards from record notation; each ``Yx`` is the next unused yellow wager
    (``wagers`` counts those taken, shared by the parts of one deal)."""
    from lostcities.rules import is_wager
    from host_sim.records.notation import parse_card
    wagers = {} if wagers is None else wagers
    result = bytearray()
    for word in text.split():
        card = parse_card(word, colors)
        if is_wager(card):
            taken = wagers.get(card, 0)
            wagers[card] = taken + 1
            card += taken
        result.append(card)
    return result


def deal(hand1, hand2, deck="", start=1, colors=5, full=True, deck_len=None):
    """A hand-made round: the hands and the deck's top in record notation,
    player ``start`` (1 or 2) to move. With ``full`` the deck goes on with
    every card not named, in card order, so that the deal is one whole deck;
    ``deck_len`` cuts that deck short (a late position: the cards cut are
    simply unseen)."""
    from lostcities.rules import State
    wagers = {}
    one, two = cards(hand1, colors, wagers), cards(hand2, colors, wagers)
    top = cards(deck, colors, wagers)
    if full:
        named = set(one + two + top)
        top += bytes(card for card in range(colors * 12) if card not in named)
    if deck_len is not None:
        top = top[:deck_len]
    return State.from_deal(one, two, top, start - 1, colors)
