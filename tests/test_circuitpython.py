"""The game on CircuitPython's own interpreter, built like a PyBadge's for memory.

../shared/tools/circuitpython-display (or $CIRCUITPYTHON_DISPLAY: the board's
interpreter with its own C display code) runs the engine and every AI level,
which must decide exactly as under CPython, and the whole app booted from
code.py on the real displayio, terminalio and fontio, with stand-ins only for
the rest of the hardware (host_sim/testing/firmware/): complete matches
and fuzzes with power cuts, from the bundle as ``make bundle`` builds it and
from .py sources, each within its heap budget (host_sim/tools/board_memory.py
prints the figures), also on a firmware without terminalio and vectorio.
CircuitPython 9 (../shared/tools/circuitpython9-display, 9.2.9) plays a few
of the same scenarios from the bundle (a match against the AI and one of two
players, the lesson, a fuzz, the firmware without terminalio and vectorio)
and refuses what code.py refuses, in one line. Without an interpreter these
tests skip, saying why; with CI=true they must run.
"""

import math
import os
import stat

import pytest

from conftest import circuitpython
from host_sim.tools import board_memory, bundle

from host_sim.testing import workloads
from host_sim.testing import circuitpython as cp
from lostcities import ai

KB = 1024
MATCHES = [(colors, seed) for colors in (5, 6) for seed in (1, 2, 3)]
AI_MATCHES = [(5, 1, ("easy", "hard")), (6, 2, ("hard", "normal")), (5, 3, ("normal", "easy")),
              (6, 4, ("easy", "normal"))]
EVERY_SCREEN = {"title", "table", "pause", "round", "match"}


@pytest.fixture(scope="session")
def interpreter():
    return circuitpython(10)


@pytest.fixture(params=[10, 9], ids=["circuitpython10", "circuitpython9"])
def major(request):
    """Each major version the README promises, whose interpreter must be there."""
    circuitpython(request.param)
    return request.param


@pytest.fixture(scope="session")
def drives(interpreter, tmp_path_factory):
    """{"mpy": the bundle as make bundle builds it, "py": the same of .py sources}."""
    if bundle.find_mpy_cross()[0] is None and os.environ.get("CI") == "true":
        pytest.fail("CI must build the .mpy bundle, but no CircuitPython mpy-cross was found")
    return {kind: cp.make_drive(str(tmp_path_factory.mktemp(kind)), mpy=kind == "mpy")
            for kind in ("mpy", "py")}


def test_it_is_really_circuitpython(major):
    done = cp.run(["-c", "import sys\nprint(sys.implementation.name,"
                   " sys.implementation.version[0])"], 64, major=major)
    assert done.stdout.split() == ["circuitpython", str(major)]


# The engine and the AI ---------------------------------------------------------

def test_random_matches_play_exactly_as_under_cpython(interpreter):
    source = "import workloads\n" + "".join(
        "print(workloads.random_match(%d, %d))\n" % match for match in MATCHES)
    assert cp.run_source(source).splitlines() == [
        workloads.random_match(colors, seed) for colors, seed in MATCHES]


def test_every_level_plays_exactly_as_under_cpython(interpreter):
    source = "import workloads\nfrom lostcities import ai\n" + "".join(
        "print(workloads.ai_match(ai, %d, %d, %r))\n" % match for match in AI_MATCHES)
    assert cp.run_source(source).splitlines() == [
        workloads.ai_match(ai, *match) for match in AI_MATCHES]


def test_every_level_decides_exactly_as_under_cpython_from_openings_to_round_ends(interpreter):
    source = ("import workloads\nfrom lostcities import ai\nviews = workloads.positions(24)\n"
              + "".join("print(workloads.decisions(ai, %r, views))\n" % level
                        for level in ai.LEVELS))
    views = workloads.positions(24)
    assert cp.run_source(source).splitlines() == [
        repr(workloads.decisions(ai, level, views)) for level in ai.LEVELS]


# The bundle --------------------------------------------------------------------

def test_the_bundle_is_compiled_for_circuitpython_but_code_py(drives):
    drive = drives["mpy"]
    files = [os.path.relpath(os.path.join(folder, name), drive)
             for folder, _, names in os.walk(drive) for name in names]
    modules = [path for path in files if path.endswith((".py", ".mpy"))]
    assert [path for path in modules if path.endswith(".py")] == ["code.py"]
    for path in modules:
        if path.endswith(".mpy"):
            with open(os.path.join(drive, path), "rb") as file:
                assert file.read(1) == b"C", path  # CircuitPython's .mpy, not MicroPython's


def test_every_mpy_of_the_bundle_loads_on_the_interpreter(drives):
    drive = drives["mpy"]
    names = []
    for folder, _, files in os.walk(drive):
        for name in files:
            if name.endswith(".mpy"):
                path = os.path.relpath(os.path.join(folder, name), drive)[:-4]
                parts = path.split(os.sep)
                if parts[0] == "lib":
                    parts = parts[1:]
                if parts[-1] == "__init__":
                    parts = parts[:-1]
                names.append(".".join(parts))
    source = ("import sys\nsys.path[:] = [%r, %r, %r]\n" % (drive, drive + "/lib", cp.FIRMWARE)
              + "".join("import %s\nprint(%r)\n" % (name, name) for name in sorted(names)))
    done = cp.run(["-c", source], 512)
    assert done.returncode == 0, done.stderr
    assert sorted(done.stdout.split()) == sorted(names)
    assert "lostcities.rules.state" in names and "lostcities.app" in names


@pytest.mark.parametrize("kind", ["mpy", "py"])
def test_only_py_sources_compile_the_matchs_modules_before_the_app(drives, kind):
    """The board compiles a .py as it imports it: late in a match, the table's and the
    AI's modules needed 14 KB more heap (README, Memory). The bundle's come compiled
    and load only for a match (the memory policy's own, only when a room is made)."""
    drive = drives[kind]
    source = ("import sys\nsys.path[:] = [%r, %r, %r]\nimport lostcities.app\n"
              "with_the_app = list(sys.modules)\n"
              "from lostcities.memory import COMPILED_FIRST, names\n"
              "print(sorted(name for name in names(COMPILED_FIRST) if name in with_the_app))"
              % (drive, drive + "/lib", cp.FIRMWARE))
    done = cp.run(["-c", source], 512)
    assert done.returncode == 0, done.stderr
    loaded = eval(done.stdout)
    from lostcities.memory import COMPILED_FIRST, names
    compiled_first = names(COMPILED_FIRST)
    assert loaded == (sorted(compiled_first) if kind == "py" else [])
    assert "lostcities.screens.table" in compiled_first and "lostcities.evaluation" in compiled_first


MENUS_AT_THE_TABLE = """\
import sys
sys.path[:] = ["", %r]
import flash
flash.mount_assets()
import board
import scripted
from lostcities.memory import groups, names
menus = names(groups()["menus"])
driver = scripted.Driver(board.DISPLAY, bytearray(b"\\xff" * 8192), 1)
print(driver.screen, sorted(name for name in menus if name in sys.modules))
driver.press_all("A")  # New match, against the AI
print(driver.screen, sorted(name for name in menus if name in sys.modules))
"""


def test_the_menus_modules_are_gone_at_the_table_on_the_board(drives):
    """The memory table applied: the title holds the menus' modules, the
    table none of them (on the board's interpreter, where forgetting works)."""
    done = cp.run(["-c", MENUS_AT_THE_TABLE % cp.FIRMWARE], 512, cwd=drives["mpy"])
    assert done.returncode == 0, done.stderr
    title, table = done.stdout.strip().split("\n")
    assert title.startswith("title [") and "'lostcities.menus'" in title
    assert "'lostcities.screens.title'" in title
    assert table == "table []"


CONTINUE_AFTER_POWER_ON = """\
import sys
sys.path[:] = ["", %r]
import flash
flash.mount_assets()
import board
import scripted
nvm = bytearray(8192)
with open(%r, "rb") as file:
    file.readinto(nvm)
driver = scripted.Driver(board.DISPLAY, nvm, 1)  # the title shown, and the step after it
before = set(sys.modules)
pictures = []
board.DISPLAY.on_refresh = lambda: pictures.append(
    sorted(name for name in sys.modules if name not in before))
driver.press_all("A")  # Continue
print(driver.screen, pictures[0])
"""


def test_the_first_continue_after_power_on_loads_no_module_before_its_picture(
        drives, tmp_path):
    """What the table needs is loaded once the title shows (memory.READIED):
    the first Continue after power-on waits for no module (the advice's, which
    the table asks whether the coach speaks, had taken 0.15 ms of its 0.8)."""
    image = str(tmp_path / "saved.nvm")
    saved = cp.run([board_memory.TIMING_RIG, "save=" + image], board_memory.TIMING_HEAP_KB,
                   cwd=drives["mpy"])
    assert saved.returncode == 0, saved.stderr
    done = cp.run(["-c", CONTINUE_AFTER_POWER_ON % (cp.FIRMWARE, image)], 512,
                  cwd=drives["mpy"])
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "table []"


def test_the_board_reads_the_sprite_sheets_pixel_for_pixel(interpreter):
    """The board's bitmaptools.readinto (C) reads them as Blinka's does on the laptop."""
    from host_sim.dev import make_assets
    source = ("import sys\nsys.path.append(%r)\nfrom lostcities import assets\n"
              "for name in %r:\n    bitmap = assets.load_sheet(name)\n"
              "    print(name, bitmap.width, bitmap.height, bytes(bitmap[x, y]"
              " for y in range(bitmap.height) for x in range(bitmap.width)).hex())"
              % (cp.FIRMWARE, [name for name, _ in make_assets.SHEETS]))
    printed = cp.run_source(source, heap_kb=256).split("\n")
    for line, (name, draw) in zip(printed, make_assets.SHEETS):
        drawn = draw()
        assert line == "%s %d %d %s" % (name, drawn.width, drawn.height, drawn.pixels.hex())


def test_the_games_font_sheet_is_terminalio_font_pixel_for_pixel(major):
    """A firmware without terminalio shows the same text: assets/font.bmp holds
    its font's tiles, in its order, as the board reads them."""
    source = ("import sys\nsys.path.append(%r)\nimport terminalio\n"
              "from lostcities import assets\n"
              "font = terminalio.FONT\nsheet = assets.load_sheet('font.bmp', 2)\n"
              "print([font.get_glyph(code).tile_index for code in range(32, 127)]"
              " == list(range(95)))\n"
              "for bitmap in (font.bitmap, sheet):\n"
              "    print(bitmap.width, bitmap.height, bytes(bitmap[x, y]"
              " for y in range(bitmap.height) for x in range(bitmap.width)).hex())"
              % cp.FIRMWARE)
    done = cp.run(["-c", "import sys\nsys.path[:0] = [%r]\n" % cp.ROOT + source], 256,
                  major=major)
    assert done.returncode == 0, done.stderr
    in_order, font, sheet = done.stdout.splitlines()
    assert in_order == "True"
    assert sheet == font and font.startswith("570 12 ")


# code.py on a board or a firmware it does not run on ------------------------------

BOOT = """
import sys
sys.path[:] = ["", %r]
import board, left_out
board.board_id = %r
left_out.leave_out(%r)
import code
"""
RUNS_ON = "Lost Cities runs on a PyBadge, EdgeBadge or PyGamer with CircuitPython 9 or 10"


@pytest.mark.parametrize("board_id, missing, left_out, says", [
    ("raspberry_pi_pico", "audioio", "", ", not on 'raspberry_pi_pico'."),  # an RP2040
    ("pybadge", "audioio", "", " (no module named 'audioio')."),  # a build without sound
    ("pybadge", None, "busdisplay", " (can't import name BusDisplay)."),  # 8's displayio
], ids=["another-board", "no-audioio", "no-busdisplay"])
def test_on_another_board_or_firmware_code_py_says_so_in_one_line(
        drives, tmp_path, major, board_id, missing, left_out, says):
    """Before the hardware modules are imported, and not in a traceback."""
    firmware = tmp_path / "firmware"
    firmware.mkdir()
    for name in os.listdir(cp.FIRMWARE):
        if name.endswith(".py") and name != "%s.py" % missing:
            (firmware / name).write_bytes(open(os.path.join(cp.FIRMWARE, name), "rb").read())
    done = cp.run(["-c", BOOT % (str(firmware), board_id, left_out)], 256,
                  cwd=drives["mpy"], major=major)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.splitlines() == [RUNS_ON + says]


TUNE = """
import sys
sys.path.append(%r)
import gc
import board
from lostcities import hardware
now = [1000]
feedback = hardware.Feedback(board.DISPLAY, lambda: now[0])
feedback.settings(%r, True, 3)
think_at = %r  # the step at which the AI starts thinking, if any
speaker = feedback._audio
import array
heard = bytearray(100)  # 5 ms steps: notes started, and 128 if playing
pitch = array.array("H", bytes(200))  # the pitch playing, Hz


def play():
    now[0] = 1000
    feedback.sound("match_end")
    most = 0
    for step in range(100):
        now[0] = 1000 + 5 * step
        feedback.tick()
        if step == think_at:
            feedback.thinking(True)
        gc.collect()
        most = max(most, gc.mem_alloc() - before)
        heard[step] = speaker.plays | (128 if speaker.playing else 0)
        pitch[step] = speaker.rate // hardware.WAVE_SAMPLES
    return most


gc.collect()
before = gc.mem_alloc()
play()  # once to warm up (the interpreter's caches), then measured
speaker.plays = 0
gc.collect()
before = gc.mem_alloc()
most = play()
gc.collect()
left = gc.mem_alloc() - before
print(" ".join(str(byte) for byte in heard))
print(most, left)
print(" ".join(str(hz) for hz in pitch))
"""


def play_tune(sound_on, think_at=None):
    """{ms since the tune began: (notes started, playing, pitch in Hz)}, the
    most bytes it held and what it left held; the AI starts thinking at step
    ``think_at`` (5 ms each), if given."""
    steps, held, pitches = cp.run_source(TUNE % (cp.FIRMWARE, sound_on, think_at),
                                         heap_kb=256).split("\n")[:3]
    heard = {5 * step: (int(byte) & 127, int(byte) > 127, int(hz))
             for step, (byte, hz) in enumerate(zip(steps.split(), pitches.split()))}
    most, left = held.split()
    return heard, int(most), int(left)


def test_a_tune_plays_note_by_note_as_the_loop_ticks_in_a_few_dozen_bytes(interpreter):
    heard, most, left = play_tune(True)
    # match_end: 400, 500, 667, 800 Hz for 80, 80, 80 and 160 ms, each a looped wave
    assert heard[0] == heard[75] == (1, True, 400)
    assert heard[80] == heard[155] == (2, True, 500)
    assert heard[160] == (3, True, 667) and heard[240] == heard[395] == (4, True, 800)
    assert heard[400][:2] == heard[495][:2] == (4, False)  # the tune has ended: quiet
    assert most < 128  # a sample object: not the tune written out (3.2 KB)
    assert left <= 0  # nothing kept once it has ended


def test_the_ai_thinking_stops_a_tune_the_loop_cannot_move_on(interpreter):
    heard, _, _ = play_tune(True, think_at=10)
    assert [heard[ms][1] for ms in range(0, 55, 5)] == [True] * 10 + [False]  # quiet from 50 ms


def test_dozing_dims_the_backlight_and_puts_the_lights_out(interpreter):
    printed = cp.run_source(
        "import sys\nsys.path.append(%r)\nimport board\nfrom lostcities import hardware\n"
        "feedback = hardware.Feedback(board.DISPLAY, lambda: 0)\n"
        "feedback.settings(False, True, 5)\nfeedback.turn(0)\n"
        "print(board.DISPLAY.brightness, sum(feedback._pixel_bytes) > 0)\n"
        "feedback.doze(True)\n"
        "print(board.DISPLAY.brightness, sum(feedback._pixel_bytes))\n"
        "feedback.doze(False)\n"
        "print(board.DISPLAY.brightness, sum(feedback._pixel_bytes) > 0)\n" % cp.FIRMWARE)
    assert printed.split() == ["1.0", "True", "0.125", "0", "1.0", "True"]


def test_with_sound_off_no_tune_plays(interpreter):
    heard, _, _ = play_tune(False)
    assert set(heard.values()) == {(0, False, 0)}


def fake_mpy_cross(folder, version):
    path = folder / "mpy-cross"
    path.write_text("#!/bin/sh\necho '%s'\n" % version)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def test_micropythons_mpy_cross_is_refused_saying_why(tmp_path, monkeypatch):
    theirs = fake_mpy_cross(tmp_path, "MicroPython v1.24.1 on 2024-11-29; mpy-cross emitting mpy v6.3")
    with pytest.raises(bundle.BundleError, match="MicroPython's mpy-cross.*incompatible .mpy"):
        bundle.find_mpy_cross(theirs)
    monkeypatch.setenv("MPY_CROSS", theirs)
    assert bundle.main(["--out", str(tmp_path / "out")]) == 1


def test_without_circuitpythons_mpy_cross_the_bundle_ships_py_and_says_the_cost(
        tmp_path, monkeypatch, capsys):
    fake_mpy_cross(tmp_path, "MicroPython v1.24.1 on 2024-11-29; mpy-cross emitting mpy v6.3")
    monkeypatch.delenv("MPY_CROSS", raising=False)
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(bundle, "SHARED_MPY_CROSS", str(tmp_path / "nowhere"))
    assert bundle.main(["--out", str(tmp_path / "out")]) == 0
    out = capsys.readouterr().out
    assert "is MicroPython's mpy-cross" in out  # the one on PATH, passed over
    assert "shipping .py sources" in out and "KB more of the board's heap" in out
    assert "adafruit-circuit-python.s3.amazonaws.com" in out and "MPY_CROSS=" in out
    assert os.path.isfile(tmp_path / "out" / "CIRCUITPY" / "lostcities" / "app.py")


# The whole game in the board's heap ----------------------------------------------

# CircuitPython 9 plays these of the scenarios (the bundle only): every
# scenario on both versions would double the suite's longest tests
ON_9 = ("3-round match vs hard, 6 colours", "3-round match 2 players, 5 colours",
        "the lesson (Learn), vs easy, 5 colours", "fuzz 3000 presses, vs hard, 6 colours",
        "3-round match vs hard, 6 colours, no terminalio, no vectorio")


@pytest.mark.parametrize("kind", ["mpy", "py"])
@pytest.mark.parametrize("scenario", board_memory.scenarios(), ids=lambda s: s.name)
def test_the_game_plays_within_the_boards_heap(drives, kind, scenario):
    """Boots code.py and plays the scenario with plenty of heap, then with the
    budget: the bundle's or the sources' bound plus what the stand-ins hold."""
    plays_within_the_heap(drives[kind], kind, scenario, 10)


@pytest.mark.parametrize("scenario", [scenario for scenario in board_memory.scenarios()
                                      if scenario.name in ON_9], ids=lambda s: s.name)
def test_the_bundle_plays_within_the_boards_heap_on_circuitpython_9(drives, scenario):
    circuitpython(9)
    plays_within_the_heap(drives["mpy"], "mpy", scenario, 9)


def test_circuitpython_9_plays_a_scenario_of_each_kind():
    chosen = [scenario for scenario in board_memory.scenarios() if scenario.name in ON_9]
    assert len(chosen) == len(ON_9)
    assert {(scenario.kind, scenario.mode, bool(scenario.without)) for scenario in chosen} == {
        ("match", "ai", False), ("match", "duel", False), ("lesson", "ai", False),
        ("fuzz", "ai", False), ("match", "ai", True)}


def plays_within_the_heap(drive, kind, scenario, major):
    roomy = cp.run_scenario(drive, scenario, 256, major=major)
    assert roomy.ok, roomy.reason + "\n" + roomy.output[-3000:]
    figures = roomy.figures
    assert figures["live"] <= board_memory.BOUNDS["live py" if kind == "py" else "live"], (
        "the live heap peaked at %d bytes (%s)" % (figures["live"], figures["peak_screen"]))
    if scenario.kind == "fuzz":
        assert EVERY_SCREEN <= set(figures["screens"].split(",")), figures["screens"]
        assert figures["cuts"] and figures["torn"] and figures["boots"] > 2
    else:
        assert figures["matches"] == 1
        # the flash's goal at a person's pace (the rig's): a 3-round match
        goal = board_memory.FLASH_GOALS[scenario.mode] if scenario.rounds == 3 else 5
        assert 0 < figures["nvm_writes"] <= goal, figures
    assert board_memory.game_names(figures) <= board_memory.GAME_NAMES, (
        "the game interns %d names: past %d, the board's names' seventh table, 7.7 KB "
        "at once, comes near (docs/memory.md)" % (board_memory.game_names(figures),
                                                board_memory.GAME_NAMES))
    bound = board_memory.BOUNDS[kind]
    heap_kb = math.ceil((bound + figures["base"]) / KB)
    tight = cp.run_scenario(drive, scenario, heap_kb, major=major)
    assert tight.ok, "%s in %d KB (%d for the stand-ins): %s" % (
        scenario.name, heap_kb, figures["base"] // KB, tight.reason)


def test_the_rig_makes_the_names_tables_before_the_game_boots_and_counts_the_games(drives):
    """Six tables hold 1,260 names. The rig's some 250 would make the seventh at
    a game's 1,006th, late, where the board, which keeps its modules' names in
    flash, leaves the game room for GAME_NAMES: the rig makes the seventh at its
    base, and the fifth's and sixth's bytes (1.9 and 3.9 KB), which the game's
    names would have made, count in the game's heap, not the base."""
    scenario = cp.Scenario("match", mode="ai", level="easy", rounds=1)
    found = cp.run_scenario(drives["mpy"], scenario, 256)
    assert found.ok, found.reason
    figures = found.figures
    assert figures["rig_names"] == 1261 and figures["name_tables"] == 7  # none made since
    assert 900 <= board_memory.game_names(figures) <= board_memory.GAME_NAMES
    # the fifth's and sixth's (1,952 and 3,888 bytes), give or take a piece of the
    # names' characters made in the same step
    assert 1952 + 3888 - 256 <= figures["tables"] <= 1952 + 3888 + 256


def test_the_board_writes_its_flash_within_the_goal_at_a_persons_pace(interpreter, drives):
    """Resume at pauses, the default, keeps a 3-round match within the goal
    on the board's interpreter; every move costs a write per move of a person."""
    counted = {(resume, scenario.mode): (writes, moves) for resume, scenario, writes, moves
               in board_memory.flash_writes(drives["mpy"])}
    for mode in ("ai", "duel"):
        writes, moves = counted["pause", mode]
        assert 0 < writes <= board_memory.FLASH_GOALS[mode] < moves, (mode, writes, moves)
        writes, moves = counted["move", mode]
        assert moves <= writes <= moves + 2, (mode, writes, moves)
        assert counted["round", mode][0] <= 4


def test_no_module_needs_more_than_its_bound_to_compile_on_the_board(interpreter):
    needs = {path: board_memory.compile_need(source)
             for path, source in board_memory.game_modules().items()}
    worst = max(needs, key=needs.get)
    assert needs[worst] <= board_memory.BOUNDS["compile"], "%s needs %d bytes" % (
        worst, needs[worst])


@pytest.mark.parametrize("kind", ["mpy", "py"])
def test_the_boards_waits_are_timed_and_far_from_too_long(drives, kind):
    """The bench's times: every press the timing rig makes is timed up to its
    picture, with the saves made before it and the pixels it changed, beside
    the calibration run between the same rounds; none takes the board, at the
    factor's high end with the refresh, past four times its goal (the saves'
    own time added: the save policy's, docs/memory.md; the figures against
    the goals are the bench's to print, a shared machine's noise moves them);
    from .py sources the board compiles modules at the boot and the match's
    end, which the bundle spares."""
    times = board_memory.board_times(drives[kind])
    assert {"boot", board_memory.SAVED_BOOT, board_memory.FIRST_CONTINUE,
            "title>table (a new match)", "a cursor move", "pass>table",
            "round>table (the next deal)", "round>match (the result)",
            "a move played"} <= set(times)
    for name, wait in times.items():
        booting = name in ("boot", board_memory.SAVED_BOOT, board_memory.FIRST_CONTINUE)
        assert len(wait.rounds) == (board_memory.BOOTS if booting else board_memory.ROUNDS), name
        assert wait.python_s() > 0 and 0 < wait.pixels <= board_memory.SCREEN_PIXELS, name
        assert 10 <= wait.factor.low <= wait.factor.high <= 1000, name  # a loaded machine shrinks it
        # saves come after the picture: a move's at the player's pauses
        # (lostcities/saving.py), a new match's and the match's end at the next tick
        assert wait.writes == 0, name
        limit = board_memory.time_goal(name) * (
            4 if kind == "mpy" else 16 if name in ("boot", board_memory.SAVED_BOOT) else 8)
        assert wait.board_s()[1] <= limit + board_memory.save_s(wait.writes), (name, wait.rounds)
