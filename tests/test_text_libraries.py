"""The text-libraries tool (host_sim/dev/text_libraries.py, figures in docs/text.md).

Its --help is checked with every tool's (test_ui_tools). Here: without the
downloaded wheels it says in one line how to get them; with them (in
build/text-libraries, never fetched by the tests) and the board's
interpreter, the figures docs/text.md's decision rests on still hold.
"""

import os

import pytest

from conftest import ROOT
from host_sim.dev import text_libraries


def test_a_missing_folder_is_one_line_saying_how_to_get_the_wheels(tmp_path, capsys):
    assert text_libraries.main(["--libs", str(tmp_path / "none")]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1, err
    assert "pip download --no-deps -d" in err and "adafruit-circuitpython-display-text" in err


def test_a_folder_lacking_a_module_names_it(tmp_path, capsys):
    (tmp_path / "adafruit_ticks.py").write_text("")
    assert text_libraries.main(["--libs", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "adafruit_display_text/label.py" in err, err
    assert "adafruit_ticks.py," not in err


def test_the_tile_text_is_the_lightest_and_draws_the_same_pixels():
    from host_sim.testing import circuitpython
    from host_sim.tools import bundle
    libs = os.path.join(ROOT, text_libraries.DEFAULT_LIBS)
    try:
        sources = text_libraries._sources(libs)
        circuitpython.find_interpreter()
    except (text_libraries.Missing, circuitpython.CircuitPythonUnavailable) as error:
        pytest.skip(str(error))
    mpy_cross = bundle.find_mpy_cross()[0]
    if mpy_cross is None:
        pytest.skip("no CircuitPython mpy-cross")
    import tempfile
    with tempfile.TemporaryDirectory() as drive:
        text_libraries.make_drive(drive, sources, mpy_cross)
        results = text_libraries.measure(text_libraries.Board(drive, mpy_cross), peaks=False)
    tile, bitmap, label = (results[name] for name in ("tile text", "bitmap_label", "label"))
    assert tile["pixels"] == bitmap["pixels"] == label["pixels"]
    for figure in ("import", "label", "block"):
        assert tile[figure] < bitmap[figure] and tile[figure] < label[figure], figure
    assert tile["change"][0] <= 256 and tile["block_change"][0] <= 256  # a few cells at most
    assert bitmap["block_change"][0] > 10 * 1024 and label["block_change"][0] > 10 * 1024
