"""The board's code uses only what CircuitPython offers, and the bundle carries it there.

* mypy checks code.py and every lostcities module against circuitpython-stubs
  (the boards' own ``board`` from typings/) and the bundle's library sources;
* each module of the bundle imports in a Python that has only what the board
  has: the standard library cut down to CircuitPython's modules, stand-ins for
  the hardware modules, no site-packages (no Blinka, pygame, numpy);
* ``python -m host_sim bundle`` builds exactly the drive's files and deploys
  only what changed.
"""

import hashlib
import io
import json
import os
import re
import subprocess
import sys
import zipfile

import pytest

from host_sim.tools import bundle, deploy

ROOT = bundle.ROOT
# What the board runs: code.py and the lostcities modules it imports.
BOARD_SOURCES = [bundle.ENTRY] + sorted(
    path for path in bundle.game_files() if path.endswith(".py") and path != bundle.ENTRY)


# mypy against CircuitPython's API -------------------------------------------

# Mistakes mypy must catch, each marked with the error code it must report.
CANARY = '''
import board
import keypad
import microcontroller

board.DISPLAY.show(None)  # attr-defined: show() is gone since CircuitPython 9
keys = keypad.ShiftRegisterKeys(clock=board.BUTTON_CLOCK)  # call-arg: data, latch, ...
board.DISPLAY.brightness = 0.5
print(board.BUTTON_A)  # attr-defined: the PyBadge's buttons are on a shift register
microcontroller.nvm_size  # attr-defined
'''


@pytest.fixture(scope="module")
def mypy_errors(built, tmp_path_factory):
    """mypy's errors, once for all board sources plus the canary: {file: [lines]}."""
    canary = tmp_path_factory.mktemp("canary") / "canary_mistakes.py"
    canary.write_text(CANARY)
    env = dict(os.environ, MYPYPATH=os.path.join(built[0], "CIRCUITPY", "lib"))
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", os.path.join(ROOT, "mypy.ini"),
         "--cache-dir", str(canary.parent / "cache"), "--no-error-summary",
         "--show-error-codes"] + BOARD_SOURCES + [str(canary)],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    errors = {}
    for line in result.stdout.splitlines():
        found = re.match(r"(.+?):\d+: error: ", line)
        if found:
            errors.setdefault(os.path.normpath(found.group(1)), []).append(line)
    assert result.returncode in (0, 1), result.stdout + result.stderr
    return errors, str(canary)


def test_mypy_catches_calls_the_board_does_not_have(mypy_errors):
    errors, canary = mypy_errors
    found = errors.get(os.path.normpath(canary), [])
    lines = {int(line.split(":")[1]) for line in found}
    assert lines == {6, 7, 9, 10}, "\n".join(found)  # line 8 is right
    assert sum("[attr-defined]" in line for line in found) == 3
    assert all("[call-arg]" in line for line in found if ":7:" in line)


@pytest.mark.parametrize("source", BOARD_SOURCES)
def test_board_source_uses_circuitpython_api(mypy_errors, source):
    errors, _ = mypy_errors
    assert errors.get(os.path.normpath(source), []) == []


# Imports on a Python cut down to the board's --------------------------------

# Run with ``python -S`` (no site-packages) and the bundle's folder as the drive.
# Every module the board's code imports must be built into the firmware (a
# stand-in here unless CPython has the same module), the game's, or in lib/.
SANDBOX = r'''
import __future__, builtins, gc, importlib.abc, importlib.machinery, json, os, sys, types

drive, firmware, target = sys.argv[1], set(json.loads(sys.argv[2])), sys.argv[3]
# code.py reads which CircuitPython runs it: this one, as sys.argv[4] says
sys.implementation = types.SimpleNamespace(**dict(
    vars(sys.implementation), version=tuple(int(part) for part in sys.argv[4].split("."))))
lib = os.path.join(drive, "lib")
sys.dont_write_bytecode = True


class BoardSource(importlib.machinery.SourceFileLoader):
    """Compiles the drive's files leaving annotations unevaluated, as CircuitPython does."""
    def source_to_code(self, data, path, *, _optimize=-1):
        return compile(data, path, "exec", flags=__future__.annotations.compiler_flag,
                       dont_inherit=True)


def drive_finder(path):
    if not path.startswith(drive) or not os.path.isdir(path):
        raise ImportError(path)
    return importlib.machinery.FileFinder(path, (BoardSource, [".py"]))


sys.path_hooks.insert(0, drive_finder)
sys.path[:0] = [drive, lib]
libraries = {name[:-3] if name.endswith(".py") else name
             for name in (os.listdir(lib) if os.path.isdir(lib) else ())}
GAME_ONLY_BANNED = {"time", "random"}  # lostcities/ takes an injected clock and rng.Rng


class Stand:
    """Anything: a hardware object, a pin, a class to subclass."""
    def __init__(self, *args, **kwargs):
        pass
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        value = Stand()
        setattr(self, name, value)
        return value
    def __call__(self, *args, **kwargs):
        return Stand()


class StandClass(type):
    """A stand-in class has any class attribute too (``displayio.Colorspace.RGB565``)."""
    def __getattr__(cls, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return Stand()


class StandModule(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        value = StandClass(name, (Stand,), {})
        setattr(self, name, value)
        return value


class Firmware(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Stand-ins for the firmware's modules that CPython lacks (board, keypad, displayio...)."""
    def find_spec(self, name, path=None, target=None):
        top = name.split(".")[0]
        if (top in firmware and top not in sys.builtin_module_names
                and importlib.machinery.PathFinder.find_spec(top) is None):
            return importlib.machinery.ModuleSpec(name, self, is_package=True)
        return None
    def create_module(self, spec):
        module = StandModule(spec.name)
        module.__path__ = []
        return module
    def exec_module(self, module):
        if module.__name__ == "micropython":
            module.const = lambda value: value
        if module.__name__ == "board":
            module.board_id = "pybadge"
        if module.__name__ == "microcontroller":
            module.nvm = bytearray(8192)
        if module.__name__ == "supervisor":
            module.ticks_ms = lambda: 0


sys.meta_path.insert(0, Firmware())
gc.mem_free = lambda: 100000
real_import = builtins.__import__


def board_import(name, globals=None, locals=None, fromlist=(), level=0):
    where = (globals or {}).get("__file__") or ""
    if level == 0 and where.startswith(drive):
        top = name.split(".")[0]
        in_game = where.startswith(os.path.join(drive, "lostcities"))
        if (top not in firmware and top != "lostcities" and top not in libraries
                or in_game and top in GAME_ONLY_BANNED):
            raise ImportError("no module named '%s' on the board (imported by %s)"
                              % (name, os.path.relpath(where, drive)))
    return real_import(name, globals, locals, fromlist, level)


builtins.__import__ = board_import
if target == "code.py" and sys.implementation.version[0] < 9:
    import runpy
    runpy.run_path(os.path.join(drive, "code.py"), run_name="__main__")
    print("game modules imported:", sorted(name for name in sys.modules
                                           if name.startswith("lostcities")))
elif target == "code.py":
    import lostcities.app
    started = []

    class App:
        def __init__(self, *args):
            self.args = args
        def run(self):
            started.append(self.args)

    lostcities.app.App = App
    import runpy
    runpy.run_path(os.path.join(drive, "code.py"), run_name="__main__")
    assert started, "code.py did not start the app"
    display, buttons, nvm, clock_ms, feedback = started[0]
    import board
    assert display is board.DISPLAY and display.auto_refresh is False
    assert type(buttons).__name__ == "Buttons" and type(feedback).__name__ == "Feedback"
    assert len(nvm) == 8192 and clock_ms() == 0
    feedback.settings(True, True, 3, debug=True)
    feedback.turn(1)
    feedback.thinking(True)
    feedback.sound("illegal")
    feedback.mem("title")
    print("started")
else:
    __import__(target)
    print("imported")
'''


def sandbox(drive, target, circuitpython="9.2.1"):
    return subprocess.run(
        [sys.executable, "-S", "-c", SANDBOX, drive, json.dumps(sorted(bundle.firmware_modules())),
         target, circuitpython], capture_output=True, text=True, timeout=60, cwd=drive)


def module_name(path):
    """``lostcities/screens/__init__.py`` -> ``lostcities.screens``."""
    name = path[:-3].replace("/", ".").replace(os.sep, ".")
    return name[:-len(".__init__")] if name.endswith(".__init__") else name


@pytest.mark.parametrize("module", [module_name(path) for path in BOARD_SOURCES[1:]])
def test_module_imports_with_only_the_boards_modules(built, module):
    result = sandbox(os.path.join(built[0], "CIRCUITPY"), module)
    assert result.stdout.strip() == "imported", result.stderr


def test_code_py_hands_the_boards_hardware_to_the_app(built):
    result = sandbox(os.path.join(built[0], "CIRCUITPY"), "code.py")
    assert result.stdout.strip().endswith("started"), result.stdout + result.stderr
    assert "title: 100000 bytes free" in result.stdout


def test_code_py_on_circuitpython_8_says_what_it_needs_in_one_line(built):
    """CircuitPython 8 loads none of the bundle's .mpy files: refused before any."""
    result = sandbox(os.path.join(built[0], "CIRCUITPY"), "code.py", "8.2.10")
    assert (result.stdout, result.stderr) == (
        "Lost Cities runs on a PyBadge, EdgeBadge or PyGamer with CircuitPython 9 or 10,"
        " not on CircuitPython 8.2.\ngame modules imported: []\n", "")


def test_sandbox_refuses_what_the_board_lacks(tmp_path):
    """The sandbox really hides CPython-only modules and host packages."""
    drive = tmp_path / "CIRCUITPY"
    (drive / "lib").mkdir(parents=True)
    (drive / "lostcities").mkdir()
    (drive / "lostcities" / "__init__.py").write_text("")
    for name, source in (("uses_typing", "import typing\n"), ("uses_time", "import time\n"),
                         ("uses_pygame", "import pygame\n"), ("uses_enum", "import enum\n"),
                         ("uses_itertools", "from itertools import count\n")):
        (drive / "lostcities" / (name + ".py")).write_text(source)
        result = sandbox(str(drive), "lostcities." + name)
        assert "ImportError: no module named" in result.stderr, name
    (drive / "lostcities" / "fine.py").write_text(
        "import board, keypad, array, gc\nfrom micropython import const\n"
        "try:\n    import typing\nexcept ImportError:\n    pass\n")
    assert sandbox(str(drive), "lostcities.fine").stdout.strip() == "imported"


# The bundle ----------------------------------------------------------------

def test_bundle_holds_the_game_and_nothing_else(built):
    out, sizes = built
    drive = os.path.join(out, "CIRCUITPY")
    on_disk = {os.path.relpath(os.path.join(dirpath, name), drive).replace(os.sep, "/")
               for dirpath, _, names in os.walk(drive) for name in names}
    assert on_disk == set(sizes) | {deploy.MANIFEST}  # what deploy would write, for the zip
    assert set(sizes) == set(bundle.game_files())  # the game needs no library in lib/
    assert {"code.py", "lostcities/__init__.py", "lostcities/rules/state.py",
            "lostcities/hardware.py", "assets/hand.bmp"} <= set(sizes)
    assert bundle.requirement_names() == []  # so circup has nothing to install
    for path in sizes:
        assert not path.startswith(("tests/", "host_sim/")), path
        assert "__pycache__" not in path and not path.endswith((".pyc", ".mpy", ".md")), path
    for path, source in bundle.game_files().items():
        with open(source, "rb") as ours, \
                open(os.path.join(drive, path), "rb") as copied:
            assert ours.read() == copied.read(), path
    with zipfile.ZipFile(os.path.join(out, "lostcities-circuitpy.zip")) as archive:
        assert sorted(archive.namelist()) == sorted(list(sizes) + [deploy.MANIFEST])
        assert archive.read("code.py") == open(os.path.join(drive, "code.py"), "rb").read()


def test_a_library_the_game_imports_is_copied_from_its_installed_package(tmp_path):
    """The game imports no library today; one it did would be followed into its
    registry package: the modules imported and their packages, nothing else."""
    (tmp_path / "fonts.py").write_text("import board\nfrom adafruit_bitmap_font import bdf\n")
    files = bundle.library_files({"lostcities/fonts.py": str(tmp_path / "fonts.py")},
                                 bundle.firmware_modules())
    assert {"lib/adafruit_bitmap_font/__init__.py", "lib/adafruit_bitmap_font/bdf.py"} <= set(files)
    assert "lib/adafruit_bitmap_font/ttf.py" not in files  # not imported
    installed = {relative: source for source, relative in
                 bundle.installed_modules("adafruit_bitmap_font").values()}
    for path, source in files.items():
        assert source == installed[path[len("lib/"):]], path
    with pytest.raises(bundle.BundleError, match="add adafruit_bitmap_font"):
        bundle.check_requirements(files)  # requirements.txt must name it for circup


def test_bundle_fits_the_drive_with_room_to_spare(built):
    out, sizes = built
    on_drive = bundle.room_on_drive(os.path.join(out, "CIRCUITPY"))
    assert sum(bundle.drive_bytes(size) for size in sizes.values()) < on_drive  # and a list
    assert on_drive <= bundle.MAX_BUNDLE_BYTES <= bundle.DRIVE_BYTES // 2


def test_bundle_command_prints_size(tmp_path, capsys):
    assert bundle.main(["--out", str(tmp_path)]) == 0
    printed = capsys.readouterr().out
    assert "fits the 2 MB drive" in printed and "KB to spare" in printed
    assert "lib/: none: the game needs no library" in printed


def a_makers_drive(folder):
    """A board's drive with the maker's own files on it."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "boot_out.txt").write_text(BOOT_OUT)
    (folder / "my_project.py").write_text("print('mine')\n")
    (folder / "lib").mkdir()
    (folder / "lib" / "adafruit_thing.mpy").write_bytes(b"C\x06thing")
    return folder


def files_in(folder):
    return {os.path.relpath(os.path.join(dirpath, name), folder): open(
        os.path.join(dirpath, name), "rb").read()
        for dirpath, _, names in os.walk(folder) for name in names}


@pytest.mark.parametrize("where", ["CIRCUITPY", "."])
def test_bundle_out_never_clears_a_drive(tmp_path, capsys, where):
    # --out /media/$USER (the drive's parent, for --deploy) or the drive itself
    a_makers_drive(tmp_path / "CIRCUITPY" if where == "CIRCUITPY" else tmp_path)
    before = files_in(tmp_path)
    assert bundle.main(["--out", str(tmp_path), "--py"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "boot_out.txt" in err and "drive" in err
    assert files_in(tmp_path) == before  # nothing removed, nothing written


def test_bundle_out_replaces_only_what_a_build_wrote(tmp_path, capsys):
    out = tmp_path / "out"
    assert bundle.main(["--out", str(out), "--py"]) == 0
    assert bundle.main(["--out", str(out), "--py"]) == 0  # its own output: rebuilt
    capsys.readouterr()
    for mine in ("CIRCUITPY/my_project.py", "CIRCUITPY/lib/adafruit_thing.mpy"):
        (out / mine).parent.mkdir(exist_ok=True)
        (out / mine).write_text("mine\n")
        before = files_in(out)
        assert bundle.main(["--out", str(out), "--py"]) == 1
        assert "%s, which no build of the bundle wrote" % mine in capsys.readouterr().err
        assert files_in(out) == before
        (out / mine).unlink()
    mine = tmp_path / "mine"  # a folder of the maker's: no manifest, so not ours
    (mine / "CIRCUITPY").mkdir(parents=True)
    (mine / "CIRCUITPY" / "code.py").write_text("print('mine')\n")
    (mine / bundle.ZIP_NAME).write_bytes(b"my zip")
    assert bundle.main(["--out", str(mine), "--py"]) == 1
    assert "CIRCUITPY/code.py, %s, which no build" % bundle.ZIP_NAME in capsys.readouterr().err
    assert files_in(mine) == {"CIRCUITPY/code.py": b"print('mine')\n",
                              bundle.ZIP_NAME: b"my zip"}


def test_bundle_refuses_py_with_an_mpy_cross_in_one_line(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        bundle.main(["--py", "--mpy-cross", "/nope", "--out", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.splitlines()[-1].endswith(
        "--py ships .py sources, --mpy-cross compiles them to .mpy: give one or the other")
    assert not (tmp_path / "out").exists()


def test_a_program_that_is_no_mpy_cross_is_named_by_its_versions_first_line(tmp_path, capsys):
    other = tmp_path / "false"
    other.write_text("#!/bin/sh\nprintf 'false (GNU coreutils) 9.1\\nCopyright (C) 2022\\n'\n"
                     "exit 1\n")
    other.chmod(0o755)
    assert bundle.main(["--mpy-cross", str(other), "--out", str(tmp_path / "out")]) == 1
    assert capsys.readouterr().err == (
        "bundle: %s is not CircuitPython's mpy-cross (its --version says: false (GNU"
        " coreutils) 9.1)\n" % other)


def test_an_import_nobody_provides_stops_the_bundle(tmp_path):
    game = {"lostcities/broken.py": str(tmp_path / "broken.py")}
    (tmp_path / "broken.py").write_text("import board\nimport pygame_widgets_nowhere\n")
    with pytest.raises(bundle.BundleError, match="pygame_widgets_nowhere"):
        bundle.library_files(game, bundle.firmware_modules())


def test_the_games_own_modules_are_bundled_even_where_imported_optionally():
    """code.py imports the hardware module inside a try (another board or firmware
    is refused in one line); the font's file is shipped for a firmware without terminalio."""
    assert {"lostcities/hardware.py", "assets/font.bmp"} <= set(bundle.game_files())


def test_optional_imports_are_not_followed(tmp_path):
    path = tmp_path / "optional.py"
    path.write_text("try:\n    import typing\n    import pygame\nexcept ImportError:\n    pass\n"
                    "import neopixel\nfrom adafruit_display_text import bitmap_label\n")
    assert bundle.imports(str(path), "lostcities") == [
        ("neopixel", ()), ("adafruit_display_text", ("bitmap_label",))]


# Deploy --------------------------------------------------------------------

BOOT_OUT = "Adafruit CircuitPython 9.2.1 on 2024-11-20; Adafruit PyBadge with samd51j19\n"


@pytest.fixture
def drive(tmp_path):
    path = tmp_path / "CIRCUITPY"
    path.mkdir()
    (path / "boot_out.txt").write_text(BOOT_OUT)
    return path


def copied(plan):
    return [target for target, _, _ in plan.changed]


def test_deploy_copies_only_changed_files_and_code_py_last(built, drive, tmp_path):
    folder = os.path.join(built[0], "CIRCUITPY")
    first = deploy.deploy(str(drive), folder)
    assert sorted(copied(first)) == sorted(built[1]) and copied(first)[-1] == "code.py"
    assert first.stale == [] and first.keep_code is None
    again = deploy.deploy(str(drive), folder)
    assert (again.changed, again.stale, again.unchanged) == ([], [], len(built[1]))
    newer = tmp_path / "newer"  # the next version of the game
    bundle_copy(built, newer)
    (newer / "lostcities" / "rules" / "state.py").write_text("# the next version's\n")
    sheet = newer / "assets" / "hand.bmp"
    sheet.write_bytes(sheet.read_bytes()[:-1] + b"X")  # same size, other content
    assert sorted(copied(deploy.deploy(str(drive), str(newer)))) == [
        "assets/hand.bmp", "lostcities/rules/state.py"]
    assert files_in(drive)["lostcities/rules/state.py"] == b"# the next version's\n"
    assert (drive / "boot_out.txt").read_text() == BOOT_OUT


def bundle_copy(built, folder, mpy=False, extra=()):
    """The built bundle in ``folder``, named as the .mpy one is if ``mpy`` (deploy compares
    names and bytes only), with the ``extra`` files a bundle of another version had."""
    source = os.path.join(built[0], "CIRCUITPY")
    for path in built[1]:
        name = path[:-3] + ".mpy" if mpy and path.endswith(".py") and path != "code.py" else path
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(open(os.path.join(source, path), "rb").read())
    for name in extra:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_bytes(b"C\x06 " + name.encode())
    return str(folder)


def on_the_drive(drive):
    return {os.path.relpath(os.path.join(dirpath, name), drive).replace(os.sep, "/")
            for dirpath, _, names in os.walk(drive) for name in names}


def test_deploy_removes_the_games_stale_files_so_no_py_hides_the_new_mpy(built, drive,
                                                                         tmp_path):
    dropped = ("lostcities/dropped_module.py", "lostcities/old_package/__init__.py",
               "assets/old_sheet.bmp")
    deploy.deploy(str(drive), bundle_copy(built, tmp_path / "old", extra=dropped))
    (drive / "lostcities" / "._app.py").write_bytes(b"\0")  # a Mac's, not CircuitPython's
    plan = deploy.deploy(str(drive), bundle_copy(built, tmp_path / "mpy", mpy=True))
    on_drive = on_the_drive(drive)
    assert not [path for path in on_drive if path.startswith("lostcities/") and path.endswith(
        ".py") and not path.startswith("lostcities/._")]  # CircuitPython would import them first
    assert set(dropped) | {"lostcities/app.py"} <= set(plan.stale)
    assert not (drive / "lostcities" / "old_package").exists()
    assert {"lostcities/app.mpy", "lostcities/._app.py", "code.py", "boot_out.txt"} <= on_drive
    assert "lostcities/app.mpy" in copied(plan)


def test_without_a_manifest_the_games_names_are_the_games(built, drive, tmp_path):
    """A drive the game was unzipped onto, or deployed to by a version before the manifest:
    the game's modules and the files earlier versions shipped are the game's."""
    deploy.deploy(str(drive), bundle_copy(built, tmp_path / "old"))
    (drive / "lostcities" / ".deployed").unlink()
    (drive / "lostcities" / "rules.py").write_text("")  # a module an earlier version had
    (drive / "assets" / "cards.bmp").write_bytes(b"BM")  # an earlier version's sheet
    plan = deploy.deploy(str(drive), bundle_copy(built, tmp_path / "mpy", mpy=True))
    assert {"assets/cards.bmp", "lostcities/rules.py", "lostcities/app.py"} <= set(plan.stale)
    assert not [path for path in on_the_drive(drive) if path.endswith(".py")
                and path != "code.py"]


def test_deploy_says_what_it_removed_and_what_it_copied(tmp_path, drive, capsys):
    build = str(tmp_path / "build")
    assert bundle.main(["--out", build, "--py", "--deploy", str(drive)]) == 0
    capsys.readouterr()
    (drive / "lostcities" / ".deployed").unlink()  # as a version before the manifest left it
    (drive / "lostcities" / "app.mpy").write_bytes(b"C\x06")  # a .mpy bundle's, then --py
    assert bundle.main(["--out", build, "--py", "--deploy", str(drive)]) == 0
    out = capsys.readouterr().out
    assert "removed lostcities/app.mpy" in out and "\ncopied " not in out
    assert out.splitlines()[-1].startswith("removed 1 old file of the game, copied nothing to")
    assert not (drive / "lostcities" / "app.mpy").exists()


def test_a_file_of_the_makers_in_the_games_folders_stops_the_deploy_named(built, drive):
    (drive / "lostcities").mkdir()
    (drive / "lostcities" / "notes.txt").write_text("mine\n")
    (drive / "lostcities" / "my_plugin.py").write_text("# mine: no module of the game\n")
    (drive / "lostcities" / "app.py").write_text("# stale, but nothing may be touched\n")
    (drive / "assets").mkdir()
    (drive / "assets" / "my_picture.bmp").write_bytes(b"BM")
    with pytest.raises(bundle.BundleError, match=r"lostcities/my_plugin.py, lostcities/notes.txt,"
                                                 r" assets/my_picture.bmp, which are not the"
                                                 r" game's"):
        deploy.deploy(str(drive), os.path.join(built[0], "CIRCUITPY"))
    assert sorted(os.listdir(drive)) == ["assets", "boot_out.txt", "lostcities"]
    assert sorted(os.listdir(drive / "lostcities")) == ["app.py", "my_plugin.py", "notes.txt"]


def test_a_file_deploy_wrote_and_the_maker_changed_is_not_removed(built, drive, tmp_path):
    deploy.deploy(str(drive), bundle_copy(built, tmp_path / "old",
                                          extra=["assets/old_sheet.bmp"]))
    (drive / "assets" / "old_sheet.bmp").write_bytes(b"BM redrawn by the maker")
    with pytest.raises(bundle.BundleError, match=r"assets/old_sheet.bmp changed since the game"
                                                 r" wrote it \(your edits\?\): nothing was"
                                                 r" copied"):
        deploy.deploy(str(drive), os.path.join(built[0], "CIRCUITPY"))
    assert (drive / "assets" / "old_sheet.bmp").read_bytes() == b"BM redrawn by the maker"


@pytest.mark.parametrize("theirs, kept", [
    (None, False), (b"", False), (b'print("Hello World!")\n', False),  # CircuitPython's own
    (b"import board\nprint('my project')\n", True)])
def test_deploy_keeps_a_code_py_of_the_makers_under_another_name(built, drive, capsys,
                                                                  tmp_path, theirs, kept):
    if theirs is not None:
        (drive / "code.py").write_bytes(theirs)
    assert bundle.main(["--out", str(tmp_path / "build"), "--py", "--deploy", str(drive)]) == 0
    out = capsys.readouterr().out
    assert ("kept your own code.py as code-before-lostcities.py" in out) == kept
    assert (drive / "code.py").read_bytes() == open(os.path.join(ROOT, "code.py"), "rb").read()
    if kept:
        assert (drive / "code-before-lostcities.py").read_bytes() == theirs
    else:
        assert "code-before" not in " ".join(os.listdir(drive))


def test_a_code_py_the_maker_wrote_over_the_games_is_kept_too(built, drive):
    folder = os.path.join(built[0], "CIRCUITPY")
    (drive / "code-before-lostcities.py").write_text("# an older program of the maker's\n")
    deploy.deploy(str(drive), folder)
    (drive / "code.py").write_text("print('back to my own program')\n")
    plan = deploy.deploy(str(drive), folder)
    assert plan.keep_code == "code-before-lostcities-2.py"  # no name that exists
    assert (drive / "code-before-lostcities-2.py").read_text() == \
        "print('back to my own program')\n"
    assert (drive / "code-before-lostcities.py").read_text() == \
        "# an older program of the maker's\n"


def test_a_redeploy_never_overwrites_or_removes_a_makers_edit(built, drive, tmp_path, capsys):
    """The manifest says what deploy wrote: a game file with other bytes, or one it never
    wrote, is the maker's, and the deploy stops before touching anything."""
    deploy.deploy(str(drive), bundle_copy(built, tmp_path / "mpy", mpy=True))
    (drive / "lostcities" / "ai.py").write_text("mine\n")  # beside the game's ai.mpy
    with open(drive / "assets" / "rules.txt", "a") as rules:
        rules.write("x\n")
    before = files_in(drive)
    build = str(tmp_path / "build")
    assert bundle.main(["--out", build, "--py", "--deploy", str(drive)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nothing was copied or removed" in err
    assert "assets/rules.txt changed since the game wrote it (your edits?)" in err
    assert "hold lostcities/ai.py, which is not the game's" in err
    assert files_in(drive) == before
    (drive / "lostcities" / "ai.py").unlink()  # the maker moves them off: the deploy goes on
    (drive / "assets" / "rules.txt").unlink()
    assert bundle.main(["--out", build, "--py", "--deploy", str(drive)]) == 0
    assert (drive / "assets" / "rules.txt").read_bytes() == open(
        os.path.join(ROOT, "assets", "rules.txt"), "rb").read()


def test_a_deploy_after_an_unzip_install_knows_the_makers_edits_by_the_zips_manifest(
        built, drive, capsys):
    with zipfile.ZipFile(os.path.join(built[0], bundle.ZIP_NAME)) as archive:
        archive.extractall(drive)  # the README's install without make
    (drive / "lostcities" / "app.py").write_text("# mine\n")
    before = files_in(drive)
    with pytest.raises(bundle.BundleError, match="lostcities/app.py changed since the game"
                                                 " wrote it"):
        deploy.deploy(str(drive), os.path.join(built[0], "CIRCUITPY"))
    assert files_in(drive) == before
    (drive / "lostcities" / "app.py").unlink()
    plan = deploy.deploy(str(drive), os.path.join(built[0], "CIRCUITPY"))
    assert copied(plan) == ["lostcities/app.py"] and plan.keep_code is None


def test_every_code_py_the_game_shipped_is_known_by_its_bytes():
    with open(os.path.join(ROOT, "code.py"), "rb") as file:
        ours = hashlib.sha256(file.read()).hexdigest()
    assert ours in deploy.SHIPPED_CODE, (
        "code.py changed: add its sha256 %s to deploy.SHIPPED_CODE, so that a deploy over an"
        " unzip install of this version knows it as the game's" % ours)
    for version in shipped_code_versions():
        assert hashlib.sha256(version).hexdigest() in deploy.SHIPPED_CODE


def shipped_code_versions():
    """The bytes of every code.py in git's history (none outside a git checkout)."""
    found = subprocess.run(["git", "log", "--all", "--format=%H", "--", "code.py",
                            "circuitpy/code.py"], cwd=ROOT, capture_output=True, text=True)
    versions = []
    for commit in found.stdout.split() if found.returncode == 0 else ():
        for path in ("code.py", "circuitpy/code.py"):
            shown = subprocess.run(["git", "show", "%s:%s" % (commit, path)], cwd=ROOT,
                                   capture_output=True)
            if shown.returncode == 0:
                versions.append(shown.stdout)
    return versions


def test_an_update_after_an_unzip_install_replaces_the_games_older_code_py(built, drive,
                                                                            tmp_path):
    versions = shipped_code_versions()
    if not versions:
        pytest.skip("not a git checkout: no earlier code.py to install")
    older = versions[-1]  # the first the game shipped
    assert older != open(os.path.join(ROOT, "code.py"), "rb").read()
    unzipped = tmp_path / "unzipped"  # the zip of that version, unpacked onto the drive
    bundle_copy(built, unzipped)
    (unzipped / "code.py").write_bytes(older)
    for name in on_the_drive(unzipped):
        (drive / name).parent.mkdir(parents=True, exist_ok=True)
        (drive / name).write_bytes((unzipped / name).read_bytes())
    plan = deploy.deploy(str(drive), os.path.join(built[0], "CIRCUITPY"))
    assert plan.keep_code is None and copied(plan) == ["code.py"]
    assert not [name for name in os.listdir(drive) if name.startswith("code-before")]


class FullDrive:
    """shutil.copyfile onto a drive that fills up in the middle of ``at``."""

    def __init__(self, drive, at, error=None):
        self.at = os.path.join(str(drive), *at.split("/"))
        self.error = error or OSError(28, "No space left on device")
        self.real = deploy.shutil.copyfile

    def __call__(self, source, destination):
        if destination == self.at:
            with open(source, "rb") as file, open(destination, "wb") as out:
                out.write(file.read()[:100])
            raise self.error
        return self.real(source, destination)


@pytest.mark.parametrize("at", ["lostcities/app.py", "code.py"])
def test_a_deploy_that_fails_part_way_puts_the_makers_code_py_back_and_says_so(
        built, drive, tmp_path, monkeypatch, capsys, at):
    mine = b"import board\nprint('my project')\n"
    (drive / "code.py").write_bytes(mine)
    build = str(tmp_path / "build")
    monkeypatch.setattr(deploy.shutil, "copyfile", FullDrive(drive, at))
    assert bundle.main(["--out", build, "--py", "--deploy", str(drive)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "No space left on device" in err
    assert "holds the game part old, part new" in err and "deploy again" in err.lower()
    assert (drive / "code.py").read_bytes() == mine
    assert ("your own code.py is back in place" if at == "code.py"
            else "your own code.py is untouched") in err
    assert not (drive / at).exists() or at == "code.py"  # no file cut short is left
    assert not [name for name in os.listdir(drive) if name.startswith("code-before")]
    monkeypatch.undo()
    assert bundle.main(["--out", build, "--py", "--deploy", str(drive)]) == 0
    assert (drive / "code-before-lostcities.py").read_bytes() == mine
    assert files_in(drive)["code.py"] == open(os.path.join(ROOT, "code.py"), "rb").read()


def test_a_redeploy_that_fails_part_way_leaves_every_file_known_as_the_games(
        built, drive, tmp_path, monkeypatch):
    """What was copied and what was not yet are the game's to the next deploy."""
    deploy.deploy(str(drive), bundle_copy(built, tmp_path / "old"))
    newer = tmp_path / "newer"
    bundle_copy(built, newer)
    for name in ("lostcities/app.py", "lostcities/session.py", "lostcities/table.py"):
        if (newer / name).exists():
            (newer / name).write_bytes((newer / name).read_bytes() + b"# the next version\n")
    monkeypatch.setattr(deploy.shutil, "copyfile", FullDrive(drive, "lostcities/session.py"))
    with pytest.raises(deploy.DeployStopped, match="1 of 2 files removed or copied"):
        deploy.deploy(str(drive), str(newer))
    monkeypatch.undo()
    plan = deploy.deploy(str(drive), str(newer))
    assert copied(plan) == ["lostcities/session.py"]
    assert files_in(newer) == {name: data for name, data in files_in(drive).items()
                               if name not in ("boot_out.txt", "lostcities/.deployed")}


def test_a_manifest_that_cannot_be_written_whole_leaves_the_last_one(built, drive, tmp_path,
                                                                     monkeypatch):
    deploy.deploy(str(drive), bundle_copy(built, tmp_path / "old"))
    before = files_in(drive)
    real_open = open

    def full(path, mode="r", *args, **kwargs):
        if str(path).endswith(".deployed.new"):
            file = real_open(path, mode, *args, **kwargs)
            file.write("# cut short")
            file.close()
            raise OSError(28, "No space left on device")
        return real_open(path, mode, *args, **kwargs)

    newer = tmp_path / "newer"
    bundle_copy(built, newer)
    (newer / "lostcities" / "app.py").write_text("# the next version\n")
    monkeypatch.setattr("builtins.open", full)
    with pytest.raises(deploy.DeployStopped, match="nothing was changed"):
        deploy.deploy(str(drive), str(newer))
    monkeypatch.undo()
    assert files_in(drive) == before
    assert copied(deploy.deploy(str(drive), str(newer))) == ["lostcities/app.py"]


def test_ctrl_c_in_a_deploy_says_interrupted_and_what_the_drive_holds(
        built, drive, tmp_path, monkeypatch, capsys):
    mine = b"print('my project')\n"
    (drive / "code.py").write_bytes(mine)
    monkeypatch.setattr(deploy.shutil, "copyfile",
                        FullDrive(drive, "code.py", KeyboardInterrupt()))
    assert bundle.main(["--out", str(tmp_path / "build"), "--py", "--deploy", str(drive)]) == 130
    err = capsys.readouterr().err
    assert err.startswith("\nbundle: interrupted: ") and "Traceback" not in err
    assert "holds the game part old, part new" in err and "your own code.py is back" in err
    assert (drive / "code.py").read_bytes() == mine
    def interrupted(*args):
        raise KeyboardInterrupt

    monkeypatch.setattr(bundle, "build", interrupted)
    assert bundle.main(["--out", str(tmp_path / "build"), "--py", "--deploy", str(drive)]) == 130
    assert capsys.readouterr().err.strip() == (
        "bundle: interrupted: nothing was copied to %s" % drive)


def test_a_nearly_full_drive_is_refused_before_anything_is_written(built, drive, monkeypatch):
    """The room is counted in the drive's own clusters, folders and manifest included: a
    copy that would run out of space half-way is never started."""
    cluster = 4096
    files = [os.path.join(built[0], "CIRCUITPY", *path.split("/")) for path in built[1]]
    in_files = sum(-(-os.path.getsize(path) // cluster) * cluster for path in files)
    monkeypatch.setattr(deploy, "drive_space", lambda folder: (in_files, cluster))
    (drive / "my_file.txt").write_text("mine\n")
    before = files_in(drive)
    with pytest.raises(bundle.BundleError, match="nothing was copied or removed"):
        deploy.deploy(str(drive), os.path.join(built[0], "CIRCUITPY"))
    assert files_in(drive) == before
    monkeypatch.setattr(deploy, "drive_space", lambda folder: (in_files + 8 * cluster, cluster))
    deploy.deploy(str(drive), os.path.join(built[0], "CIRCUITPY"))  # the folders, the manifest
    assert (drive / "code.py").exists()


OTHER_BOARD = ("Adafruit CircuitPython 9.2.1 on 2024-11-20; Raspberry Pi Pico with rp2040\n"
               "Board ID:raspberry_pi_pico\n")


@pytest.mark.parametrize("boot_out, warned", [(BOOT_OUT + "Board ID:pybadge\n", False),
                                              (OTHER_BOARD, True)])
def test_deploy_warns_when_the_board_is_not_one_the_game_plays_on(tmp_path, drive, capsys,
                                                                   boot_out, warned):
    (drive / "boot_out.txt").write_text(boot_out)
    assert bundle.main(["--out", str(tmp_path / "build"), "--py", "--deploy", str(drive)]) == 0
    out = capsys.readouterr().out
    assert out.count("names the board raspberry_pi_pico") == warned
    assert ("buttons and screen are a PyBadge's, PyGamer's or EdgeBadge's" in out) == warned
    assert (drive / "code.py").exists()  # deployed all the same


@pytest.mark.parametrize("boot_out, message", [
    (None, "not a CIRCUITPY drive"),
    ("Adafruit CircuitPython 8.2.10 on 2024-02-14; Adafruit PyBadge with samd51j19\n",
     "needs 9 or 10"),
    ("garbage\n", "does not say which CircuitPython"),
    (b"\xff\xfe\x00\x9c binary" * 1000, "does not say which CircuitPython"),
])
def test_deploy_refuses_a_folder_that_is_not_a_ready_board(built, drive, boot_out, message):
    if boot_out is None:
        (drive / "boot_out.txt").unlink()
    elif isinstance(boot_out, bytes):
        (drive / "boot_out.txt").write_bytes(boot_out)  # not text: no UnicodeDecodeError
    else:
        (drive / "boot_out.txt").write_text(boot_out)
    with pytest.raises(bundle.BundleError, match=message):
        deploy.deploy(str(drive), os.path.join(built[0], "CIRCUITPY"))
    assert sorted(os.listdir(drive)) == ([] if boot_out is None else ["boot_out.txt"])


def test_deploy_without_a_drive_says_how(built, capsys):
    assert bundle.main(["--out", built[0], "--deploy", ""]) == 1
    assert "make deploy CIRCUITPY=" in capsys.readouterr().err
    assert bundle.main(["--out", built[0], "--deploy", "/nonexistent/CIRCUITPY"]) == 1
    assert "is the board plugged in" in capsys.readouterr().err


class Terminal:
    """A standard input that is a terminal."""

    def isatty(self):
        return True


@pytest.mark.parametrize("at_a_terminal, answer, removed", [
    (False, None, False), (True, "n", False), (True, "y", True)])
def test_deploy_warns_of_a_leftover_code_txt_and_offers_to_remove_it(
        built, drive, capsys, monkeypatch, at_a_terminal, answer, removed):
    # CircuitPython runs code.txt before code.py: the game would never start
    (drive / "code.txt").write_text("print('hello')\n")
    if at_a_terminal:
        monkeypatch.setattr(deploy.sys, "stdin", Terminal())
        monkeypatch.setattr("builtins.input", lambda prompt: answer)
        deploy.offer_to_remove_code_txt(str(drive))
    else:  # make deploy with its input redirected: a warning only
        monkeypatch.setattr(deploy.sys, "stdin", io.StringIO(""))
        out = str(drive.parent / "build")  # not the shared bundle: this one is rebuilt
        assert bundle.main(["--out", out, "--deploy", str(drive)]) == 0
    out = capsys.readouterr().out
    assert "runs instead of code.py" in out
    assert (drive / "code.txt").exists() != removed
    assert ("removed" in out) == removed and ("delete code.txt" in out) != removed


def test_the_readme_says_once_which_mpy_cross_serves_both_versions():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as readme:
        text = readme.read()
    assert text.count("the same `.mpy` format 6") == 1  # 10's mpy-cross makes files 9 loads
    assert not re.search(r"board's (major )?version", text)
