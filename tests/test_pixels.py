"""What the laptop draws is what the board's panel shows, pixel for pixel.

Every screen and overlay of ``host_sim/testing/firmware/shots.py`` is rendered
twice: on CircuitPython's interpreter through the board's own C display code
(``lcrender``, displayio's refresh compositing into RGB565), and through
Blinka's displayio as the simulator shows it. The frames must be identical.
The README's pictures in docs/img are the board's frames of the same shots.
Without the interpreter these tests skip, saying why; with CI=true they fail.
"""

import os

import pytest

from conftest import CI
from host_sim.testing import circuitpython as cp
from host_sim.testing import pixels
from host_sim.testing.firmware import shots

DOCS_IMG = os.path.join(cp.ROOT, "docs", "img")


@pytest.fixture(scope="module")
def board():
    try:
        cp.find_interpreter()
    except cp.CircuitPythonUnavailable as err:
        if CI:
            pytest.fail("CI must render on the board's display code, but: %s" % err)
        pytest.skip("board pixel tests skipped: %s" % err)
    return pixels.on_board()


@pytest.fixture(scope="module")
def blinka():
    return pixels.on_blinka()


def screen_classes():
    """Every screen the game has: {name: class}."""
    import importlib
    import pkgutil
    import lostcities.screens
    from lostcities.screens import Screen
    found = {}
    for module in pkgutil.iter_modules(lostcities.screens.__path__):
        loaded = importlib.import_module("lostcities.screens." + module.name)
        for value in vars(loaded).values():
            if (isinstance(value, type) and issubclass(value, Screen) and value is not Screen
                    and "name" in vars(value)):
                found[value.name] = value
    return found


def test_the_shots_visit_every_screen_of_the_game(blinka):
    _, screens = blinka
    assert set(screen_classes()) <= set(screens.values())


def test_the_shots_show_every_phase_and_overlay(blinka):
    frames, screens = blinka
    for name in ("first-turn", "action", "draw", "draw-play", "select1", "select2", "select3",
                 "illegal", "hint", "round-over", "action6", "draw6", "select6"):
        assert screens[name] == "table", name
    assert screens["give-up"] == "pause" and screens["title-continue"] == "title"
    assert sum(name.startswith("notice") for name in screens) >= 13  # the saves' messages
    from lostcities.coach import LESSONS
    for lesson in LESSONS:  # every message of the lesson's coach, over the table
        assert screens["coach-" + lesson] == "table", lesson
    assert screens["hint-lesson"] == "table" and screens["title-learn"] == "title"
    assert len(set(frames.values())) == len(frames)  # no two shots alike: each shows its own


def test_the_board_shows_every_shot_exactly_as_blinka_draws_it(board, blinka):
    frames, _ = blinka
    assert list(board) == list(frames)
    differ = {}
    for name, frame in frames.items():
        found = pixels.differences(frame, board[name])
        if found:
            differ[name] = "%d pixels, first at %s" % (len(found), found[0])
    assert differ == {}


def test_the_pixel_comparison_sees_a_single_pixel(blinka):
    frames, _ = blinka
    frame = bytearray(frames["table"])
    frame[2 * (160 * 100 + 7)] ^= 1
    assert pixels.differences(frames["table"], bytes(frame)) == [(7, 100)]


@pytest.mark.parametrize("name", shots.README)
def test_the_readmes_pictures_are_the_boards_frames(board, name):
    path = os.path.join(DOCS_IMG, name + ".png")
    assert os.path.isfile(path), "python -m host_sim docs-images makes %s" % path
    assert pixels.png_frame(path, 2) == board[name], (
        "%s is not what the board shows: python -m host_sim docs-images" % path)
