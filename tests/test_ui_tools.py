"""The laptop side of the screens: screenshot tool, play command, record writer."""

import io
import os
import subprocess
import sys

import pygame
import pytest

from conftest import ROOT
from host_sim import play
from host_sim.tools import screenshot
from host_sim.testing.harness import Driver, popup_text, presses_for
from host_sim.play.record_file import RecordFile
from lostcities import buttons as btn
from host_sim.records.record import parse_record
from lostcities.rng import Rng
from host_sim.records.notation import move_text
from lostcities.saves.layout import NVM_SIZE


def test_screenshot_renders_after_scripted_buttons(tmp_path, capsys):
    out = tmp_path / "shot.png"
    status = screenshot.main(["--seed", "3", "--keys", "A,RIGHT,RIGHT,A,DOWN,A",
                              "--out", str(out), "--scale", "2", "--mode", "ai"])
    assert status == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (320, 256)
    assert "table screen after 6 presses" in capsys.readouterr().out


def test_screenshot_counts_one_press_as_one(tmp_path, capsys):
    assert screenshot.main(["--keys", "A", "--out", str(tmp_path / "x.png")]) == 0
    assert capsys.readouterr().out.endswith("screen after 1 press\n")


def test_screenshot_names_a_bad_button(tmp_path, capsys):
    status = screenshot.main(["--keys", "A,JUMP", "--out", str(tmp_path / "x.png")])
    assert status == 2
    assert "unknown button 'JUMP'" in capsys.readouterr().err


def test_tools_turn_bad_files_and_options_into_a_message(tmp_path, capsys):
    from host_sim.play import simulator, terminal as tty
    missing = str(tmp_path / "no" / "such.nvm")
    # refused before any window opens or any move is made, not at the first save
    assert simulator.main(["--save", missing]) == 2
    assert tty.main(["--save", missing], stdin=io.StringIO("new\n"),
                    stdout=io.StringIO()) == 2
    assert screenshot.main(["--save", str(tmp_path), "--out", "x.png"]) == 2
    assert capsys.readouterr().err.count("cannot use") == 3
    assert screenshot.main(["--out", str(tmp_path / "no" / "x.png")]) == 2
    assert "no folder %s to write in" % (tmp_path / "no") in capsys.readouterr().err
    for option in (["--scale", "0"], ["--level", "genius"]):
        with pytest.raises(SystemExit):
            screenshot.main(option + ["--out", "x.png"])
        assert "argument " + option[0] in capsys.readouterr().err


@pytest.mark.parametrize("tool", ["screenshot", "tournament"])
def test_a_picture_into_a_read_only_folder_is_refused_saying_so(tmp_path, capsys, monkeypatch,
                                                                 tool):
    from host_sim.tools import tournament
    folder = tmp_path / "RO"
    folder.mkdir()
    read_only(monkeypatch, folder)
    if tool == "screenshot":
        assert screenshot.main(["--out", str(folder / "x.png")]) == 2
    else:
        assert tournament.main(["normal", "easy", "--deals", "1",
                                "--plot", str(folder / "p.png")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "the folder %s is read-only" % folder in err
    assert "no folder" not in err and os.listdir(folder) == []


@pytest.mark.parametrize("name, content, why", [
    ("notes.txt", None, "ending in .png"), ("README.md", b"# mine\n", "ending in .png"),
    ("photo.png", b"\x89PNG\r\n\x1a\n" + bytes(40), "was not written by"),
    ("plot.png", None, "was not written by")])  # a tournament's plot is not a screenshot
def test_screenshot_writes_only_a_new_png_or_one_of_its_own(tmp_path, capsys, name, content,
                                                            why):
    from host_sim.tools import tournament
    out = tmp_path / name
    if name == "plot.png":
        tournament.plot({"a": "x", "b": "y", "diff_mean": 1.0, "deals": 2}, [1, 1], str(out))
    elif content is not None:
        out.write_bytes(content)
    before = out.read_bytes() if out.exists() else None
    assert screenshot.main(["--keys", "A", "--out", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and why in err, err
    assert (out.read_bytes() if out.exists() else None) == before
    mine = tmp_path / "shot.png"
    assert screenshot.main(["--keys", "A", "--out", str(mine)]) == 0
    assert screenshot.main(["--keys", "A,RIGHT", "--out", str(mine)]) == 0  # its own: again
    assert pygame.image.load(str(mine)).get_size() == (160, 128)


def test_screenshot_reads_the_save_it_starts_from_and_never_writes_it(tmp_path, capsys):
    from host_sim.play.nvm_file import make_nvm
    save = tmp_path / "lostcities.nvm"
    driver = Driver(seed=4, nvm=make_nvm(str(save)), profile={"mode": "ai"}, render=False)
    driver.press(btn.A)  # a match starts, and is saved
    for action in presses_for(driver.app.table, driver.app.match.state.legal_moves()[0]):
        driver.press(action)
    saved = save.read_bytes()
    assert screenshot.main(["--save", str(save), "--keys", "A,A,RIGHT,A,DOWN,A,START_HELD",
                            "--out", str(tmp_path / "x.png")]) == 0
    assert save.read_bytes() == saved  # the presses played on a copy
    missing = tmp_path / "no-such.nvm"
    assert screenshot.main(["--save", str(missing), "--out", str(tmp_path / "y.png")]) == 2
    assert "no such file" in capsys.readouterr().err and not missing.exists()


@pytest.mark.parametrize("tool, option, value, wanted", [
    ("bench", "--presses", value, "a whole number from 1 to 100000")
    for value in ("-1", "0", "99999999999")] + [
    ("ui-bench", "--turns", value, "a whole number from 1 to 200") for value in ("-1", "0")] + [
    ("ui-bench", "--mash", "-5", "a whole number from 0 to 1000000"),
    ("tune", "--deals", "0", "a whole number from 1 to 1000000"),
    ("tune", "--measure", "-3", "a whole number from 1 to 1000000"),
    ("tune", "--measure", "0", "a whole number from 1 to 1000000"),
    ("tune", "--jobs", "0", "a whole number from 1 to 64"),
    ("tune", "--steps", "0", "a whole number from 1 to 10000"),
    ("screenshot", "--scale", "0", "a whole number from 1 to 16"),
    ("screenshot", "--scale", "100000", "a whole number from 1 to 16"),
    (None, "--scale", "99", "a whole number from 1 to 16")])
def test_every_tools_numbers_are_checked_in_one_line(capsys, tool, option, value, wanted):
    from host_sim import __main__ as entry
    argv = ([tool] if tool else ["--tty"]) + [option, value] + (
        ["--board"] if tool == "bench" else ["--out", "x.png"] if tool == "screenshot" else [])
    with pytest.raises(SystemExit) as stop:
        entry.main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and "Traceback" not in err
    assert err.splitlines()[-1].endswith("argument %s: %r is not %s" % (option, value, wanted))


@pytest.mark.parametrize("argv, message", [
    (["tune", "--against", "heuristic,bogus"], "argument --against: unknown player 'bogus'"),
    (["bench", "--presses", "10"], "--presses counts the fuzzes of --board: give both"),
    (["bench", "--baseline", "/nonexistent", "--quick"],
     "argument --baseline: /nonexistent: no such folder (give another checkout of the game,"
     " e.g. a worktree of main)"),
    (["bench", "--baseline", os.path.join(ROOT, "README.md")],
     "argument --baseline: %s is a file: give the folder of another checkout of the game"
     % os.path.join(ROOT, "README.md")),
    (["bench", "--baseline", os.path.join(ROOT, "docs")],
     "argument --baseline: %s is not a checkout of the game: it has no lostcities/ai.py"
     % os.path.join(ROOT, "docs")),
    (["bench", "--baseline", ROOT, "--board"], "--baseline times the evaluation beside another"
                                               " checkout, --board the board's memory")])
def test_every_tools_names_are_checked_in_one_line(capsys, argv, message):
    from host_sim import __main__ as entry
    with pytest.raises(SystemExit) as stop:
        entry.main(argv)
    err = capsys.readouterr().err
    assert stop.value.code == 2 and message in err.splitlines()[-1]


@pytest.mark.parametrize("board", [False, True])
def test_ctrl_c_in_the_bench_says_interrupted(capsys, monkeypatch, board):
    from host_sim.tools import bench, board_memory

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(bench, "MicroPython", interrupted)
    monkeypatch.setattr(board_memory, "report", interrupted)
    assert bench.main(["--quick"] if not board else ["--board"]) == 130
    err = capsys.readouterr().err
    assert err == "\nbench%s interrupted: the figures above are those measured so far\n" % (
        " --board" if board else "")


def test_the_record_file_says_once_it_cannot_write_and_play_goes_on(tmp_path):
    said = []
    kept = RecordFile(str(tmp_path / "no" / "rec.txt"), said.append)
    driver = Driver(seed=6, render=False)
    driver.press(btn.A)
    kept.keep(driver.app.session.match)
    kept.keep(driver.app.session.match)
    assert len(said) == 1 and said[0].startswith("Cannot write the record")


def test_play_falls_back_to_the_terminal_without_a_display(monkeypatch):
    monkeypatch.delenv("DISPLAY", raising=False)
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    monkeypatch.setattr(play.sys, "platform", "linux")
    assert not play.display_available()
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")
    assert play.display_available()
    assert play.terminal_args(["--scale", "3", "--seed", "4"]) == ["--tty", "--seed", "4"]
    assert play.terminal_args(["--tty", "--scale=2"]) == ["--tty"]


def test_the_record_file_keeps_in_step_with_the_match(tmp_path):
    path = tmp_path / "match.txt"
    kept = RecordFile(str(path), print)
    driver = Driver(seed=6, profile={"mode": "ai", "level": "easy"}, render=False)
    driver.press(btn.A)
    rng = Rng(2)
    for _ in range(3):
        table = driver.app.table
        moves = driver.app.match.state.legal_moves()
        for action in presses_for(table, moves[rng.randbelow(len(moves))]):
            driver.press(action)
        kept.keep(driver.app.session.match)
    match = parse_record(path.read_text())
    texts = [[move_text(move) for move in moves] for moves in match.moves]
    assert texts == [[move_text(move) for move in moves]
                     for moves in driver.app.match.moves]
    assert len(texts[0]) == 6  # three turns each


def moves_played(driver, count, rng):
    for _ in range(count):
        moves = driver.app.match.state.legal_moves()
        for action in presses_for(driver.app.table, moves[rng.randbelow(len(moves))]):
            driver.press(action)


def test_only_the_record_of_the_same_match_is_continued(tmp_path):
    path = tmp_path / "match.txt"
    driver = Driver(seed=6, profile={"mode": "ai", "level": "easy"}, render=False)
    driver.press(btn.A)
    moves_played(driver, 2, Rng(1))
    said = []
    RecordFile(str(path), said.append).keep(driver.app.session.match)
    moves_played(driver, 2, Rng(2))  # later, the same match continued (a new session)
    RecordFile(str(path), said.append).keep(driver.app.session.match)
    assert said == [] and len(parse_record(path.read_text()).moves[0]) == 8
    kept = path.read_text()
    other = Driver(seed=7, profile={"mode": "ai", "level": "easy"}, render=False)
    other.press(btn.A)
    record = RecordFile(str(path), said.append)
    record.keep(other.app.session.match)  # another match: the file is kept
    moves_played(other, 1, Rng(3))
    record.keep(other.app.session.match)
    assert said == ["Not writing the record %s: it holds another match (left as it is)" % path]
    assert path.read_text() == kept


def test_a_tournaments_record_is_not_overwritten_by_a_game(tmp_path, capsys):
    from host_sim.play import terminal as tty
    from host_sim.tools import tournament
    records = tmp_path / "records"
    assert tournament.main(["easy", "random", "--deals", "1", "--jobs", "1",
                            "--record", str(records)]) == 0
    kept = records / "deal0001-1.txt"
    before = kept.read_bytes()
    said = io.StringIO()
    assert tty.main(["--seed", "2", "--record", str(kept)], stdin=io.StringIO("new\nhint\n"),
                    stdout=said) == 0
    assert said.getvalue().count("it holds another match (left as it is)") == 1
    assert kept.read_bytes() == before


def test_the_save_and_the_record_cannot_be_the_same_file(tmp_path, capsys, monkeypatch):
    from host_sim.play import simulator
    monkeypatch.setattr(simulator, "make_display", lambda *args, **kwargs: 1 / 0)
    same = tmp_path / "x"
    for argv, main in ((["--save", str(same), "--record", str(same)], simulator.main),
                       (["--tty", "--save", str(same), "--record", str(tmp_path / "." / "x")],
                        play.main)):
        try:
            status = main(argv)
        except SystemExit as stop:
            status = stop.code
        assert status == 2 and "the --save file too" in capsys.readouterr().err
        assert not same.exists()


def read_only(monkeypatch, folder):
    """``folder`` and what it holds read-only to os.access, as for a user who may not write
    there (the tests may run as root, whom a folder's mode does not stop)."""
    real = os.access
    monkeypatch.setattr(os, "access", lambda path, mode, *args, **kwargs: (
        not mode & os.W_OK or not os.path.abspath(path).startswith(str(folder)))
        and real(path, mode, *args, **kwargs))


@pytest.mark.parametrize("where, message", [
    ("missing", "there is no folder"), ("read-only", "the folder %s is read-only"),
    ("read-only file", "the file is read-only")])
def test_a_record_that_cannot_be_written_is_refused_at_start_as_the_save_is(
        tmp_path, capsys, monkeypatch, where, message):
    from host_sim.play import simulator
    monkeypatch.setattr(simulator, "make_display", lambda *args, **kwargs: 1 / 0)
    folder = tmp_path / "records"
    record = folder / "match.txt"
    if where != "missing":
        folder.mkdir()
        if where == "read-only file":
            record.write_text("")
        read_only(monkeypatch, folder)
    for argv, main in ((["--record", str(record)], simulator.main),
                       (["--tty", "--record", str(record)], play.main)):
        try:
            status = main(argv)
        except SystemExit as stop:
            status = stop.code
        err = capsys.readouterr().err
        assert status == 2 and err.count("\n") == 1, err
        assert err.startswith("cannot use %s as the record: " % record)
        assert (message % folder if "%s" in message else message) in err


def test_simulator_window_plays_from_the_keyboard(tmp_path, monkeypatch):
    from host_sim.play import simulator
    pygame.init()
    keys = (pygame.K_x, pygame.K_RIGHT, pygame.K_x, pygame.K_DOWN, pygame.K_x)
    real_get = pygame.event.get
    queue = []
    for key in keys:
        queue.append(pygame.event.Event(pygame.KEYDOWN, key=key))
        queue.append(pygame.event.Event(pygame.KEYUP, key=key))

    def get(*args, **kwargs):  # one key event a loop, then the window's own events
        return [queue.pop(0)] if queue else real_get(*args, **kwargs)
    monkeypatch.setattr(pygame.event, "get", get)
    app = simulator.run(scale=2, seed=5, save=str(tmp_path / "nvm.bin"),
                        record=str(tmp_path / "rec.txt"), max_steps=40)
    assert app.match.state.turns >= 1  # the human's discard (and the AI's reply)
    assert (tmp_path / "nvm.bin").stat().st_size == NVM_SIZE
    assert "discard" in (tmp_path / "rec.txt").read_text()


def test_committed_sprite_sheets_are_what_the_script_draws(tmp_path):
    import os
    from host_sim.dev import make_assets
    assert make_assets.main([str(tmp_path)]) == 0
    assets = os.path.join(os.path.dirname(os.path.dirname(__file__)), "assets")
    for name, _ in make_assets.SHEETS + make_assets.PICTURES:
        with open(os.path.join(assets, name), "rb") as committed:
            assert committed.read() == (tmp_path / name).read_bytes(), (
                "run python -m host_sim assets and commit assets/")


@pytest.mark.parametrize("theirs", [b"BM" + bytes(100), b"my notes\n", None])
def test_the_sheets_script_writes_only_over_sheets_it_drew(tmp_path, capsys, theirs):
    from host_sim.dev import make_assets
    assert make_assets.main([str(tmp_path)]) == 0
    assert make_assets.main([str(tmp_path)]) == 0  # its own sheets: drawn again
    capsys.readouterr()
    mine = tmp_path / "piles.bmp"
    if theirs is None:  # a BMP of the same kind, in other colours
        head = make_assets.bmp_head(4, 4)
        mine.write_bytes(head[:-4] + b"\x10\x20\x30\x00" + bytes(16))
    else:
        mine.write_bytes(theirs)
    before = {path.name: path.read_bytes() for path in tmp_path.iterdir()}
    assert make_assets.main([str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "piles.bmp, which this script did not draw" in err
    assert {path.name: path.read_bytes() for path in tmp_path.iterdir()} == before


def test_sprite_sheets_load_as_bitmaps_of_whole_tiles_two_bits_a_pixel_the_text_one():
    from lostcities import assets, sprites
    sheets = assets.load_sheets()
    assert sheets.hand.width == sprites.HAND_TILES * sprites.CARD_W
    assert sheets.piles.width == sprites.PILE_TILES * sprites.CARD_W
    assert sheets.hand.height == sheets.piles.height == sprites.CARD_H
    assert sheets.mini.width == sprites.MINI_TILES * sprites.MINI_W
    assert sheets.mini.height == sprites.MINI_H
    assert sheets.text.width == sprites.TEXT_TILES * sprites.TEXT_W
    assert sheets.text.height == sprites.TEXT_H
    assert {sheet._bits_per_value for sheet in (sheets.hand, sheets.piles, sheets.mini)} == {2}
    assert sheets.text._bits_per_value == 1


def test_sprite_sheets_load_pixel_for_pixel_as_the_script_draws_them():
    from host_sim.dev import make_assets
    from lostcities import assets
    for name, draw in make_assets.SHEETS:
        drawn = draw()
        bitmap = assets.load_sheet(name)
        assert (bitmap.width, bitmap.height) == (drawn.width, drawn.height)
        assert bytes(bitmap[x, y] for y in range(bitmap.height) for x in range(bitmap.width)) \
            == bytes(drawn.pixels), name


@pytest.mark.parametrize("content", [b"", b"GIF89a" + bytes(60), b"BM" + bytes(60)])
def test_a_sprite_sheet_that_is_not_ours_is_refused_by_name(tmp_path, monkeypatch, content):
    from lostcities import assets
    (tmp_path / "hand.bmp").write_bytes(content)
    monkeypatch.setattr(assets, "asset_path", lambda name: str(tmp_path / name))
    with pytest.raises(ValueError, match="assets/hand.bmp is not one of the game's sprite sheets"):
        assets.load_sheet("hand.bmp")


def test_importing_the_tools_leaves_the_window_driver_alone():
    """Only a headless display picks SDL's dummy driver: the window must stay real."""
    import os
    import subprocess
    import sys
    env = dict(os.environ)
    env.pop("SDL_VIDEODRIVER", None)
    code = ("import os, host_sim.testing.harness, host_sim.play.simulator, host_sim.play, "
            "host_sim.tools.screenshot; print(os.environ.get('SDL_VIDEODRIVER'))")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=True,
                         cwd=os.path.dirname(os.path.dirname(__file__))).stdout
    assert out.strip() == "None"


def test_every_expedition_digit_reads_on_its_own_between_its_neighbours():
    # On the table an expedition is rows of mini tiles. A dark digit on a
    # colour box lost its strokes into the dark gap beside it (5, 6 and 9
    # read as 3), and 4 6 7 10 read as 46 7 10 with one dark column between
    # cards, so: each digit's pixels are the font's own, bright, a dark row
    # above, and three dark columns after it (one after a 10, always last).
    from host_sim.dev import make_assets as M
    from lostcities import sprites as S
    sheet = M.draw_mini()

    def bright(tile, x, y):
        if x >= S.MINI_W:
            tile, x = S.MINI_BLANK, x - S.MINI_W  # nothing follows the card
        if x < 0:
            return None  # the card before: checked below
        return sheet.pixels[y * sheet.width + tile * S.MINI_W + x] in (M.FILL, M.LIGHT)

    for index in range(12):
        text = M.rank_text(index)
        glyph = (["#.###", "#.#.#", "#.#.#", "#.#.#", "#.###"] if text == "10"
                 else M.FONT[text].split())
        for tile in (S.MINI_RANK + index, S.MINI_MARKED + index):
            width = len(glyph[0])
            for y in range(0, 6):  # the row above the digit, then the digit
                for x in range(S.MINI_W):
                    want = y > 0 and x < width and glyph[y - 1][x] == "#"
                    assert bright(tile, x, y) == want, (text, tile, x, y)
            if text != "10":
                assert S.MINI_W - width >= 3


def test_the_keyboard_map_under_the_window_is_whole_at_any_scale():
    from host_sim.play import simulator
    font = simulator._help_font()
    for scale in (1, 2, 3, 4):
        width = simulator.WIDTH * scale
        lines = simulator.help_lines(width)
        assert "  ".join(lines).split("  ") == list(simulator.HELP)
        assert all(font.size(line)[0] + 4 <= width for line in lines)
    assert len(simulator.help_lines(simulator.WIDTH * 4)) == 1



def run_game(argv, env_changes, text_in="quit\n", python=(sys.executable,)):
    """The real program in a subprocess: (status, stdout, stderr)."""
    env = dict(os.environ)
    env.pop("SDL_VIDEODRIVER", None)  # the tests' own dummy driver: not here
    env.pop("WAYLAND_DISPLAY", None)
    env.pop("DISPLAY", None)
    env.update(env_changes)
    result = subprocess.run(list(python) + ["-m"] + argv, cwd=ROOT, env=env,
                            input=text_in, capture_output=True, text=True, timeout=60)
    return result.returncode, result.stdout, result.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="X11's and Wayland's")
@pytest.mark.parametrize("stale", [{"DISPLAY": ":55"}, {"WAYLAND_DISPLAY": "wayland-55"}])
def test_a_stale_display_falls_back_to_the_terminal_with_one_line_why(tmp_path, stale):
    status, out, err = run_game(["host_sim", "--save", str(tmp_path / "nvm.bin")],
                                stale)  # no display server there
    assert status == 0
    assert "playing in the terminal" in err and "no display answered" in err
    assert "menu> " in out  # the terminal game answered the typed 'quit'
    assert "Hello from the pygame community" not in out + err  # the banner is kept off
    assert "GENERIC_X86" not in out + err  # and so is Blinka's warning


def test_bad_options_are_refused_when_the_terminal_game_plays(capsys):
    for bad in ("0", "abc"):
        with pytest.raises(SystemExit) as stop:
            play.main(["--tty", "--scale", bad])
        assert stop.value.code == 2 and "argument --scale" in capsys.readouterr().err


def test_ctrl_c_leaves_the_game_with_status_zero(monkeypatch):
    def interrupted(argv):
        raise KeyboardInterrupt
    monkeypatch.setattr(play, "play", interrupted)
    assert play.main(["--tty"]) == 0  # make play reports no "Error 130"


def test_the_window_refuses_a_file_that_is_not_a_save(tmp_path, capsys):
    from host_sim.play import simulator
    notes = tmp_path / "README.md"
    notes.write_text("# my notes\n")
    assert simulator.main(["--save", str(notes)]) == 2
    assert "is not a save of this game" in capsys.readouterr().err
    assert notes.read_text() == "# my notes\n"


def test_the_window_refuses_a_record_file_that_is_not_a_record(tmp_path, capsys, monkeypatch):
    from host_sim.play import simulator

    def no_window(*args, **kwargs):
        raise AssertionError("the window opened")
    monkeypatch.setattr(simulator, "make_display", no_window)
    notes = tmp_path / "README.md"
    notes.write_text("# my notes\n")
    assert simulator.main(["--record", str(notes)]) == 2  # before the window opens
    assert "cannot use %s as the record: it is not a game record" % notes \
        in capsys.readouterr().err
    assert notes.read_text() == "# my notes\n"


def test_the_window_says_a_save_file_was_cut_short(tmp_path):
    from host_sim.play import simulator
    path = tmp_path / "nvm.bin"
    path.write_bytes(b"\xff" * 4000)
    app = simulator.run(scale=1, save=str(path), max_steps=1)
    assert "cut short (4000 of %d bytes)" % NVM_SIZE in popup_text(app.screen.popup)


@pytest.mark.parametrize("argv, installs", [
    (["host_sim", "docs-images"], "make test"),
    (["host_sim", "screenshot", "--out", "x.png"], "make test"),
    (["host_sim", "bundle", "--out", "no-build"], "make bundle")])
def test_without_the_host_packages_a_tool_names_the_command_to_run(argv, installs):
    # -S: no site-packages, as with a Python where they were never installed
    status, out, err = run_game(argv, {}, python=(sys.executable, "-S"))
    assert status != 0 and "Traceback" not in err
    assert err.count("\n") == 1
    assert "'%s' installs them in .venv once" % installs in err
    assert ".venv/bin/python -m %s" % " ".join(argv) in err


def test_without_a_display_the_game_says_why_it_plays_in_the_terminal(tmp_path):
    status, out, err = run_game(["host_sim", "--save", str(tmp_path / "nvm.bin")], {})
    assert status == 0 and "menu> " in out
    assert err.splitlines()[0] == ("No simulator window (no display here: DISPLAY and"
                                   " WAYLAND_DISPLAY are unset): playing in the terminal.")


def test_the_plot_without_matplotlib_says_what_installs_it(monkeypatch):
    import importlib.util
    from host_sim.tools import tournament
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *args: None if name == "matplotlib" else real(name, *args))
    problem = tournament.check_outputs("x.png", None)
    assert "make test installs it in .venv" in problem and "make play" in problem


# What the process may write while it answers --help: Python's and the libraries' caches.
WRITE_WATCH = r'''
import os, runpy, sys
written = []

def hook(event, args):
    if event == "open" and args[0] is not None and not isinstance(args[0], int):
        writes = any(mode in (args[1] or "") for mode in "wax+") or (args[2] or 0) & (
            os.O_WRONLY | os.O_RDWR | os.O_CREAT)
    else:
        writes = event in ("os.mkdir", "os.remove", "os.rename", "os.rmdir", "shutil.rmtree")
    if writes and "__pycache__" not in str(args[0]) and ".cache" not in str(args[0]):
        written.append("%s %s" % (event, args[0]))
        raise PermissionError("the test forbids writing %s" % (args[0],))

sys.path.append(sys.argv[1])  # the repository, last (its code.py is not Python's code)
sys.addaudithook(hook)
sys.argv = ["host_sim"] + sys.argv[2:]
try:
    runpy.run_module("host_sim", run_name="__main__")
finally:
    print("WRITTEN %r" % written, file=sys.stderr)
'''


def tool_names():
    from host_sim.__main__ import TOOLS
    return list(TOOLS)


@pytest.mark.parametrize("tool", [None] + tool_names())
def test_every_tool_answers_help_and_writes_nothing(tmp_path, tool):
    argv = ([tool] if tool else []) + ["--help"]
    result = subprocess.run([sys.executable, "-B", "-c", WRITE_WATCH, ROOT] + argv,
                            cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: python -m host_sim"), result.stdout
    assert "WRITTEN []" in result.stderr and "Traceback" not in result.stderr, result.stderr
    assert os.listdir(tmp_path) == []  # not even a folder named --help


def test_the_play_options_are_listed_with_the_tools(capsys):
    from host_sim import __main__ as entry
    assert entry.main(["--help"]) == 0
    out = capsys.readouterr().out
    for option in ("--tty", "--scale", "--seed", "--save", "--record"):
        assert option in out
    for tool in tool_names():
        assert "\n  %s " % tool in out


@pytest.mark.parametrize("argv, message", [
    (["assets", "README.md"], "assets: README.md is a file, not a folder"),
    (["sample", "extra"], "unrecognized arguments: extra"),
])
def test_tools_refuse_bad_arguments_before_writing(argv, message, tmp_path):
    (tmp_path / "README.md").write_text("mine\n")
    result = subprocess.run([sys.executable, "-B", "-c", WRITE_WATCH, ROOT] + argv,
                            cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert result.returncode == 2 and message in result.stderr, result.stderr
    assert "WRITTEN []" in result.stderr and "Traceback" not in result.stderr, result.stderr
    assert os.listdir(tmp_path) == ["README.md"]
