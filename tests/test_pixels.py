"""What the laptop draws is what the board's panel shows, pixel for pixel.

Every screen and overlay of ``host_sim/testing/firmware/shots.py`` is rendered
on CircuitPython's interpreter through the board's own C display code
(``lcrender``, displayio's refresh compositing into RGB565), and through
Blinka's displayio as the simulator shows it. The frames must be identical:
on CircuitPython 10 and 9 (9.2.9), each with its whole firmware and with one
built without terminalio and vectorio (the game's own font sheet and tiled
popup frame then draw the same pixels). The README's pictures in docs/img are
the board's frames of the same shots. Without an interpreter these tests
skip, saying why; with CI=true they fail.
"""

import os

import pytest

from conftest import circuitpython
from host_sim.testing import circuitpython as cp
from host_sim.testing import pixels
from host_sim.testing.firmware import shots

DOCS_IMG = os.path.join(cp.ROOT, "docs", "img")
LEFT_OUT = ("terminalio", "vectorio")  # what the firmware of some languages may lack
FIRMWARE = [(10, ()), (10, LEFT_OUT), (9, ()), (9, LEFT_OUT)]
_frames = {}


def board_frames(major, without=()):
    """Every shot on CircuitPython ``major``'s display code, rendered once a run."""
    circuitpython(major)
    if (major, without) not in _frames:
        _frames[major, without] = pixels.on_board(major=major, without=without)
    return _frames[major, without]


@pytest.fixture(scope="module")
def board():
    return board_frames(10)


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


@pytest.mark.parametrize("major, without", FIRMWARE, ids=[
    "circuitpython%d%s" % (major, "".join("-no-" + name for name in without))
    for major, without in FIRMWARE])
def test_the_board_shows_every_shot_exactly_as_blinka_draws_it(blinka, major, without):
    frames, _ = blinka
    board = board_frames(major, without)
    assert list(board) == list(frames)
    differ = {}
    for name, frame in frames.items():
        found = pixels.differences(frame, board[name])
        if found:
            differ[name] = "%d pixels, first at %s" % (len(found), found[0])
    assert differ == {}


FRAMES = """
import sys
sys.path.insert(0, %r)
import displayio, lcrender, vectorio
sys.modules["vectorio"] = object()  # the screens as a firmware without vectorio has them
from lostcities.screens import DIM, INK, fit, tiled_frame
sys.modules["vectorio"] = vectorio
theirs_shown = displayio.Bitmap(160, 128, 65536)
mine_shown = displayio.Bitmap(160, 128, 65536)


def palette(rgb):
    colors = displayio.Palette(1)
    colors[0] = rgb
    return colors


mine = tiled_frame()
group = displayio.Group()
group.append(mine)
for columns, lines, x, y in %r:
    theirs = displayio.Group(x=x, y=y)
    theirs.append(vectorio.Rectangle(pixel_shader=palette(DIM), width=6 * columns + 6,
                                     height=12 * lines + 5, x=-3, y=-3))
    theirs.append(vectorio.Rectangle(pixel_shader=palette(INK), width=6 * columns + 4,
                                     height=12 * lines + 3, x=-2, y=-2))
    fit(mine, 6 * columns, 12 * lines)
    group.x, group.y = x, y
    lcrender.render(theirs, theirs_shown)
    lcrender.render(group, mine_shown)
    print(bytes(memoryview(theirs_shown)) == bytes(memoryview(mine_shown)))
"""


@pytest.mark.parametrize("major", [10, 9])
def test_a_popups_frame_without_vectorio_shows_vectorios_pixels_at_every_size(major):
    """Each width and height of text a popup may frame, as one frame grows and
    shrinks, where popups stand and partly off the screen: the edge's and the
    inside's rectangles as vectorio draws them."""
    circuitpython(major)
    sizes = [(columns, lines, 5 + columns % 3, 3 + lines * 7 % 40)
             for lines in (1, 2, 3, 9, 4, 10) for columns in range(1, 27)]
    sizes += [(26, 10, -2, -9), (1, 1, 150, 120), (25, 8, 5, 40)]
    done = cp.run(["-c", FRAMES % (cp.ROOT, sizes)], 512, major=major)
    assert done.returncode == 0, done.stderr
    same = done.stdout.split()
    assert len(same) == len(sizes)
    assert [size for size, alike in zip(sizes, same) if alike != "True"] == []


@pytest.mark.parametrize("name", shots.README)
def test_the_readmes_pictures_are_the_boards_frames(board, name):
    path = os.path.join(DOCS_IMG, name + ".png")
    assert os.path.isfile(path), "python -m host_sim docs-images makes %s" % path
    assert pixels.png_frame(path, 2) == board[name], (
        "%s is not what the board shows: python -m host_sim docs-images" % path)


def test_the_board_shows_the_title_picture_from_flash(board):
    """The board's title reads its picture from the drive's FAT file system
    (displayio.OnDiskBitmap): each expedition's peak and ridge in its colour."""
    from host_sim.dev import make_assets
    frame = board["title"]
    shown = {frame[at] | frame[at + 1] << 8 for at in range(0, len(frame), 2)}
    for rgb in make_assets.TITLE_PALETTE[make_assets.FIRST_PEAK:]:
        r, g, b = rgb >> 16, rgb >> 8 & 255, rgb & 255
        assert (r >> 3) << 11 | (g >> 2) << 5 | b >> 3 in shown, hex(rgb)
