"""The engine on the board's Python: a real MicroPython interpreter plays the same.

MicroPython's WebAssembly port runs in node (host_sim/testing/micropython.py). Without
node these tests skip, saying why; in CI (CI=true) they must run, so there a
missing node fails them.
"""

import os
import subprocess

import pytest

from conftest import micropython_unavailable
from host_sim.tools import bench
from host_sim.testing import workloads
from host_sim.testing.micropython import (
    HOST_SIM, LOSTCITIES, RUNNER, MicroPython, MicroPythonError, MicroPythonUnavailable, ensure_installed)

WORKLOADS = os.path.join(os.path.dirname(LOSTCITIES), "host_sim", "testing", "workloads.py")
MATCHES = [(colors, seed) for colors in (5, 6) for seed in (1, 2, 3, 4)]


@pytest.fixture(scope="module")
def micropython():
    """One interpreter for the whole module, with lostcities/ and workloads in it."""
    try:
        interpreter = MicroPython(copy=(LOSTCITIES, HOST_SIM, WORKLOADS))
    except MicroPythonUnavailable as err:
        micropython_unavailable(str(err))
    with interpreter:
        yield interpreter


def test_it_is_really_micropython(micropython):
    assert micropython.run("import sys\nprint(sys.implementation.name)") == "micropython\n"


def test_random_matches_play_exactly_as_under_cpython(micropython):
    source = "import workloads\n" + "".join(
        "print(workloads.random_match(%d, %d))\n" % match for match in MATCHES)
    under_micropython = micropython.run(source).splitlines()
    under_cpython = [workloads.random_match(colors, seed) for colors, seed in MATCHES]
    assert len(under_micropython) == len(MATCHES)
    for mine, theirs in zip(under_micropython, under_cpython):
        assert mine == theirs


def test_the_ai_decides_exactly_as_under_cpython(micropython):
    from lostcities import ai
    views = workloads.positions(12)
    micropython.run("from lostcities import ai\nviews = workloads.positions(12)")
    for level in ai.LEVELS:
        under_micropython = micropython.run("print(workloads.decisions(ai, %r, views))" % level)
        assert under_micropython == "%r\n" % workloads.decisions(ai, level, views), level


def test_live_heap_of_the_engine_and_of_one_state(micropython, capsys):
    figures = dict(bench.heap_figures(with_ai=False))  # in a fresh interpreter
    engine = figures["imported engine (lostcities.rules, .rng)"]
    state = figures["one game State (6 colours)"]
    with capsys.disabled():
        print("\nMicroPython live heap: imported engine %d bytes, one State %d bytes"
              % (engine, state))
    assert 338 <= state < 1024  # the state's buffer and a small object around it
    assert 2000 < engine < 200000


def test_a_python_error_comes_back_with_its_traceback(micropython):
    with pytest.raises(MicroPythonError) as raised:
        micropython.run("from host_sim.records import notation\nprint('before')\n"
                        "notation.parse_card('Q9')")
    assert raised.value.type == "NotationError"
    assert "unknown card 'Q9'" in raised.value.traceback
    assert "host_sim/records/notation.py" in raised.value.traceback
    assert raised.value.stdout == "before\n"
    assert micropython.run("print('still alive')") == "still alive\n"


def test_the_runner_sets_the_exit_status(tmp_path):
    try:
        node = ensure_installed()
    except MicroPythonUnavailable as err:
        micropython_unavailable(str(err))
    cases = [("print('fine')", 0), ("import sys\nsys.exit(4)", 4), ("1 / 0", 1)]
    for source, status in cases:
        script = tmp_path / "script.py"
        script.write_text(source)
        result = subprocess.run([node, RUNNER, str(script)], capture_output=True, text=True)
        assert result.returncode == status, (source, result.stderr)
    assert "ZeroDivisionError" in result.stderr
