"""The README's commands work as written.

Convention: a command is a line of a fenced code block in README.md, or an
inline `code span`, that starts with ``make ``, ``python -m host_sim`` or
``.venv/bin/python -m host_sim`` (a trailing ``# comment`` is the reader's, not
the shell's). A span with a placeholder in capitals (``TOOL``, ``FILE``) or
``...`` or ``[options]`` is a pattern, not a command. Each command runs here,
with no input, in a scratch folder that links to this repository's files (so
what it writes stays out of the checkout), and must exit 0 - except those
that cannot run without a person or a board, each skipped with its reason.
"""

import os
import re
import shlex
import subprocess
import sys

import pytest

from conftest import ROOT
PREFIXES = ("make ", "python -m host_sim", ".venv/bin/python -m host_sim")
# The Makefile's "packages installed" marks: everything, the play set, the bundle's
STAMPS = [os.path.join(".venv", name)
          for name in (".installed-stamp", ".play-stamp", ".bundle-stamp")]


def readme_commands():
    """(line number, command) of every command in README.md."""
    commands = []
    fenced = False
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as readme:
        for number, line in enumerate(readme, 1):
            text = line.strip()
            if text.startswith("```"):
                fenced = not fenced
            elif fenced:
                if text.startswith(PREFIXES):
                    commands.append((number, text))
            else:
                commands.extend((number, span) for span in re.findall(r"`([^`]+)`", line)
                                if span.startswith(PREFIXES) and not is_pattern(span))
    first = {}
    for number, text in commands:
        first.setdefault(text, number)
    return [(number, text) for text, number in first.items()]


def is_pattern(span):
    """``python -m host_sim TOOL [options]`` shows a form, it is not a command to run."""
    return "..." in span or "[" in span or any(
        re.fullmatch(r"[A-Z][A-Z_]+", word) for word in span.split())


def why_not_here(words):
    """The reason a command cannot run in a test, or None."""
    if words[0] == "make":
        target = words[1] if len(words) > 1 else ""
        if target == "play":
            return "interactive: the game"
        if target == "test":
            return "the test suite itself"
        if target == "deploy":
            return "needs a board's drive"
        return None
    tool = words[3] if len(words) > 3 else ""
    if tool == "docs-images":
        return "rewrites the README's pictures in docs/img"
    if tool in ("tune", "sample", "assets") and "--help" not in words:
        return "rewrites files of the repository"
    if not tool or tool.startswith("-") and tool not in ("-h", "--help"):
        return "interactive: the game"
    if "--deploy" in words:
        return "needs a board's drive"
    return None


def scratch_copy(tmp_path):
    """A folder whose entries link to the repository's, apart from build output."""
    for name in os.listdir(ROOT):
        if name not in ("build", ".git", ".pytest_cache", ".mypy_cache", ".hypothesis"):
            os.symlink(os.path.join(ROOT, name), tmp_path / name)
    return tmp_path


def test_readme_has_commands_to_run():
    commands = readme_commands()
    assert any(why_not_here(shlex.split(text, comments=True)) is None
               for _, text in commands)


@pytest.mark.parametrize("line, text", readme_commands(),
                         ids=[re.sub(r"\W+", "-", text)[:50] for _, text in readme_commands()])
def test_readme_command_works(line, text, tmp_path):
    words = shlex.split(os.path.expandvars(text), comments=True)
    reason = why_not_here(words)
    if reason:
        pytest.skip("README line %d: %s" % (line, reason))
    if words[0] == "make":
        # Never reinstall the packages from here: take the installed ones as they are.
        words = ["make", "--no-print-directory"] + [word for stamp in STAMPS
                                                    for word in ("-o", stamp)] + words[1:]
    else:
        words = [sys.executable] + words[1:]
    folder = scratch_copy(tmp_path)
    result = subprocess.run(words, cwd=folder, stdin=subprocess.DEVNULL, capture_output=True,
                            text=True, timeout=300)
    assert result.returncode == 0, "README line %d: %s\n%s%s" % (
        line, text, result.stdout[-2000:], result.stderr[-2000:])


def test_every_command_the_readme_gives_runs_the_projects_python():
    """A bare ``python`` is the system's, without the packages: every command to copy,
    a bot's ``cmd:`` too, is make's or .venv's."""
    for line, text in readme_commands():
        words = shlex.split(text, comments=True)
        commands = [words] + [shlex.split(word[4:]) for word in words if word.startswith("cmd:")]
        for command in commands:
            assert command[0] in ("make", ".venv/bin/python"), "README line %d: %s" % (line, text)


def test_the_readme_says_the_tools_run_from_the_repositorys_folder(tmp_path):
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as readme:
        text = " ".join(readme.read().split())
    assert "run from the repository's folder" in text
    elsewhere = subprocess.run([sys.executable, "-m", "host_sim", "--help"], cwd=tmp_path,
                               capture_output=True, text=True, timeout=60)
    assert elsewhere.returncode != 0 and "No module named host_sim" in elsewhere.stderr


def test_the_readme_says_how_to_update_and_remove_the_game():
    from host_sim.tools import deploy
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as readme:
        text = " ".join(readme.read().split())
    update = text[text.index("**Updating.**"):text.index("**Removing the game.**")]
    assert "`make deploy` again" in update and "not on the drive" in update
    remove = text[text.index("**Removing the game.**"):]
    remove = remove[:remove.index("**", len("**Removing the game.**"))]
    for name in ("`code.py`", "`lostcities/`", "`assets/`", "`%s`" % (deploy.KEPT_CODE % "")):
        assert name in remove
    assert "`%s`" % deploy.MANIFEST in text  # what deploy knows its files by


def test_what_the_readme_commands_write_into_the_repository_is_ignored_by_git():
    if subprocess.run(["git", "rev-parse"], cwd=ROOT, capture_output=True).returncode:
        pytest.skip("not a git checkout")
    written = []
    for _, text in readme_commands():
        words = shlex.split(text, comments=True)
        written += [words[at + 1] for at, word in enumerate(words[:-1])
                    if word in ("--out", "--save", "--record", "--plot")]
    assert "shot.png" in written and "lostcities.nvm" in written
    for path in written:
        assert subprocess.run(["git", "check-ignore", "-q", path], cwd=ROOT).returncode == 0, (
            "%s, written by a README command, belongs in .gitignore" % path)


# What each make command installs ----------------------------------------------

def requirements(name):
    """The packages a requirements file pins, by normalised name, and the files it includes."""
    pinned, included = set(), []
    with open(os.path.join(ROOT, name), encoding="utf-8") as stream:
        for line in stream:
            line = line.split("#")[0].strip()
            if line.startswith("-r "):
                included.append(line[3:].strip())
            elif line:
                pinned.add(re.split(r"[=<>~;\[ ]", line)[0].lower().replace("_", "-"))
    return pinned, included


def third_party_imports(*paths):
    """The distributions providing what the files import beyond the standard library."""
    import importlib.metadata
    from host_sim.tools import bundle
    providers = importlib.metadata.packages_distributions()
    found = set()
    for path in paths:
        for module, _ in bundle.imports(os.path.join(ROOT, path), ""):
            top = module.split(".")[0]
            if top not in sys.stdlib_module_names and top not in ("host_sim", "lostcities"):
                found.update(name.lower().replace("_", "-") for name in providers[top])
    return found


def test_playing_and_bundling_install_what_they_import_and_testing_all_of_it():
    play, _ = requirements("requirements-play.txt")
    play_files = ["host_sim/play/" + name for name in os.listdir(os.path.join(ROOT, "host_sim",
                                                                              "play"))
                  if name.endswith(".py")]
    assert third_party_imports(*play_files) <= play
    assert not {"pytest", "mypy", "matplotlib", "hypothesis"} & play
    bundling, _ = requirements("requirements-bundle.txt")
    assert third_party_imports("host_sim/tools/bundle.py") == set()  # the standard library
    assert bundling == {"circuitpython-stubs"}  # and the boards' stubs, read as data
    dev, included = requirements("requirements-dev.txt")
    assert included == ["requirements-play.txt", "requirements-bundle.txt"]
    assert {"pytest", "mypy", "matplotlib", "hypothesis"} <= dev


@pytest.mark.parametrize("target, installs", [
    ("play", "requirements-play.txt"), ("bundle", "requirements-bundle.txt"),
    ("deploy", "requirements-bundle.txt"), ("test", "requirements-dev.txt")])
def test_each_make_command_installs_only_its_own_set(tmp_path, target, installs):
    result = subprocess.run(["make", "-n", target, "VENV=%s" % (tmp_path / "venv")], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert re.findall(r"pip install --quiet -r (\S+)", result.stdout) == [installs]


def test_make_play_with_an_old_python_says_so_in_one_line(tmp_path):
    old = tmp_path / "python3"  # answers as Ubuntu 22.04's Python 3.10 would
    old.write_text('#!/bin/sh\ncase "$1" in --version) echo "Python 3.10.12";;'
                   ' *) echo False;; esac\n')
    old.chmod(0o755)
    venv = tmp_path / "venv"
    result = subprocess.run(["make", "--no-print-directory", "play", "PYTHON=%s" % old,
                             "VENV=%s" % venv], cwd=ROOT, capture_output=True, text=True,
                            timeout=60)
    lines = (result.stdout + result.stderr).splitlines()
    assert result.returncode != 0 and len(lines) == 1, lines
    assert "needs Python 3.11 or newer" in lines[0] and "Python 3.10.12" in lines[0]
    assert not venv.exists()  # nothing made, nothing installed


# The developer's first commands ----------------------------------------------

@pytest.mark.parametrize("pytest_command", [[sys.executable, "-m", "pytest"],
                                            [os.path.join(os.path.dirname(sys.executable),
                                                          "pytest")]])
def test_pytest_collects_the_suite_however_it_is_started_from_the_checkout(pytest_command):
    """``python -m pytest`` puts the checkout first on the path, where the board's code.py
    would pass for Python's ``code`` module, which pytest's debugger imports."""
    if not os.path.exists(pytest_command[0]):
        pytest.skip("no pytest script beside %s" % sys.executable)
    result = subprocess.run(pytest_command + ["--collect-only", "-q", "-p", "no:cacheprovider",
                                              "tests/test_readme.py"],
                            cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    assert re.search(r"\d+ tests? collected", result.stdout)


# What the README says of the game ---------------------------------------------

def readme_text():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as readme:
        return " ".join(readme.read().split())


def test_the_readme_says_the_size_the_bundle_tool_reports(tmp_path):
    """The .mpy bundle, as make bundle builds it: its files' KB and the room it takes on
    the drive, within a tenth of what the README says."""
    from host_sim.testing import circuitpython
    from host_sim.tools import bundle
    try:
        drive = circuitpython.make_drive(str(tmp_path), mpy=True)
    except circuitpython.CircuitPythonUnavailable as err:
        pytest.skip(str(err))
    files = sum(os.path.getsize(os.path.join(dirpath, name))
                for dirpath, _, names in os.walk(drive) for name in names
                if not name.startswith("."))
    said = re.search(r"(\d+) KB of files, about (\d+) KB on the drive", readme_text())
    assert said, "README.md no longer says the bundle's size as the tool reports it"
    for figure, measured in zip(said.groups(), (files, bundle.room_on_drive(drive))):
        assert abs(int(figure) * 1024 - measured) <= measured / 10, (figure, measured // 1024)


def test_the_readme_names_the_erase_setting_as_the_screen_shows_it():
    from types import SimpleNamespace
    from lostcities.screens.title import SettingsScreen
    shown = SettingsScreen.item_text(SimpleNamespace(app=SimpleNamespace(profile=None)),
                                     "Erase all")
    assert "*%s*" % shown in readme_text()


# The developers' documents name what exists ------------------------------------

DEVELOPERS_DOCUMENTS = ("docs/formats.md", "docs/development.md")


def named_code(document):
    """The files (``a/b.py``, ``a/b/``) and dotted names (``host_sim.x.y``) ``document``
    puts in `code spans`, under the game's and the tools' folders."""
    with open(os.path.join(ROOT, document), encoding="utf-8") as file:
        spans = re.findall(r"`([^`\s]+)`", file.read())
    paths = [span for span in spans if re.fullmatch(
        r"(code\.py|(lostcities|host_sim|tests|assets|docs)/[\w./-]*)", span)]
    dotted = [span for span in spans if re.fullmatch(r"(lostcities|host_sim)(\.\w+)+", span)]
    return paths, dotted


def resolves(dotted):
    """True if ``dotted`` is a module, or a name a module defines."""
    import importlib
    parts = dotted.split(".")
    for depth in range(len(parts), 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:depth]))
        except ImportError:
            continue
        for name in parts[depth:]:
            if not hasattr(found, name):
                return False
            found = getattr(found, name)
        return True
    return False


@pytest.mark.parametrize("document", DEVELOPERS_DOCUMENTS)
def test_the_developers_documents_name_files_and_functions_that_exist(document):
    paths, dotted = named_code(document)
    assert paths and (dotted or document != "docs/formats.md")
    assert [path for path in paths if not os.path.exists(os.path.join(ROOT, path))] == []
    assert [name for name in dotted if not resolves(name)] == []


def test_development_md_says_where_to_add_each_kind_of_thing():
    with open(os.path.join(ROOT, "docs/development.md"), encoding="utf-8") as file:
        text = file.read()
    section = text[text.index("## Where to add"):]
    section = section[:section.index("\n## ", 1)]
    for kind in ("A screen", "An AI level", "A save field", "A terminal command"):
        item = section[section.index("**%s.**" % kind):]
        item = item[:item.find("\n- ") if "\n- " in item else len(item)]
        assert re.search(r"`(lostcities|host_sim)/[\w/]+\.py`", item), kind
