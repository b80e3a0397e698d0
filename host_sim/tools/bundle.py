"""``python -m host_sim bundle [--deploy DIR]``: the files of the board's CIRCUITPY drive.

Builds ``build/CIRCUITPY/`` (``code.py``, ``lostcities/``, ``assets/`` and
``lib/``, empty today) and ``build/lostcities-circuitpy.zip`` of it. The game's
modules are those code.py imports, followed import by import; ``lib/`` would
hold the Adafruit libraries they import, taken from the pinned registry
packages installed here (requirements.txt must name them, for circup);
modules built into the boards' firmware are left to it, optional imports
(inside ``try: ... except ImportError``) are not followed.

Every module but code.py is compiled to ``.mpy`` by CircuitPython's own
``mpy-cross`` (``--mpy-cross``, ``$MPY_CROSS``, on PATH, or
``../shared/tools/mpy-cross``): the board then loads bytecode instead of
compiling each ``.py`` in its heap first. MicroPython's ``mpy-cross`` (the
registry's) writes files CircuitPython refuses, so it is refused here; without
CircuitPython's the bundle ships ``.py`` and says what that costs.
``--deploy DIR`` then copies what changed onto a mounted drive
(``host_sim/tools/deploy.py``).

Nothing of the maker's is ever deleted: the build replaces ``--out``'s
``CIRCUITPY/`` and zip only when every file there is one its manifest says an
earlier build wrote.
"""

import argparse
import ast
import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import zipfile

from host_sim import INTERRUPTED, ROOT
from host_sim.tools import deploy
from host_sim.tools.deploy import BundleError, files_under, some

from lostcities import BOARDS

ENTRY = "code.py"  # the board's entry point, at the top of the repository as on the drive
DRIVE_BYTES = 2 * 1024 * 1024  # the PyBadge's and PyGamer's flash drive
MAX_BUNDLE_BYTES = DRIVE_BYTES // 2  # room to spare for the maker's own files
CLUSTER = 512  # FAT allocation unit on CircuitPython's small drives
# Modules of every CircuitPython build that its board lists do not name.
CORE_MODULES = ("gc", "micropython", "__future__")
ZIP_DATE = (2024, 1, 1, 0, 0, 0)  # fixed, so an unchanged bundle zips to the same bytes
ZIP_NAME = "lostcities-circuitpy.zip"
# In --out: the files the last build wrote there, the only ones the next may remove.
MANIFEST = ".lostcities-bundle"
MANIFEST_HEADER = "# lostcities bundle: the files the last build wrote here"
SHARED_MPY_CROSS = os.path.join(os.path.dirname(ROOT), "shared", "tools", "mpy-cross")
MPY_CROSS_DOWNLOADS = ("https://adafruit-circuit-python.s3.amazonaws.com/index.html"
                       "?prefix=bin/mpy-cross/")
# What the board needs beyond the .mpy bundle when it compiles the .py sources
# itself (host_sim.board_bench measures it on CircuitPython's interpreter).
PY_COST = "about 10-25 KB more of the board's heap at start-up (it compiles each .py first)"


def firmware_modules():
    """Modules built into CircuitPython on all of ``lostcities.BOARDS`` (from circuitpython-stubs).

    Each board definition's docstring lists its "Included modules" and
    "Frozen libraries"; a module the game may import without a lib/ file must
    be in all of them."""
    common = None
    for board in BOARDS:
        text = _read(_stub_path("board_definitions/%s/__init__.pyi" % board))
        names = set(CORE_MODULES)
        for label in ("Included modules", "Frozen libraries"):
            found = re.search(r"%s: (.*)" % label, text)
            if found:
                names.update(name.split()[0].split(".")[0] for name in found.group(1).split(","))
        common = names if common is None else common & names
    return frozenset(common)


def _stub_path(relative):
    for path in importlib.metadata.distribution("circuitpython-stubs").files:
        if str(path) == relative:
            return str(path.locate())
    raise BundleError("circuitpython-stubs has no %s: make bundle installs its packages"
                      % relative)


def _read(path):
    with open(path, encoding="utf-8") as file:
        return file.read()


def game_files():
    """The game's own files: {path on the drive: path here}.

    code.py and the lostcities modules it imports, directly or not (so the
    laptop-only ones, such as record.py, stay off the drive), and the assets."""
    files = {"code.py": os.path.join(ROOT, ENTRY)}
    pending = ["code.py"]
    while pending:
        drive = pending.pop()
        for module, names in imports(files[drive], _package_of(drive), every=True):
            if module.split(".")[0] != "lostcities":
                continue
            for dotted in [module] + [module + "." + name for name in names]:
                parts = dotted.split(".")
                for depth in range(1, len(parts) + 1):  # the module and its packages
                    target = _game_module(parts[:depth])
                    if target and target not in files:
                        files[target] = os.path.join(ROOT, *target.split("/"))
                        pending.append(target)
    for dirpath, dirnames, filenames in os.walk(os.path.join(ROOT, "assets")):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith((".", "__")))
        for name in sorted(filenames):
            if not name.endswith(".md") and not name.startswith("."):
                path = os.path.join(dirpath, name)
                files[os.path.relpath(path, ROOT).replace(os.sep, "/")] = path
    return files


def _game_module(parts):
    """The drive path of module ``parts`` of lostcities/ ('a/b.py' or 'a/b/__init__.py')."""
    for target in ("/".join(parts) + ".py", "/".join(parts) + "/__init__.py"):
        if os.path.isfile(os.path.join(ROOT, *target.split("/"))):
            return target
    return None


def find_mpy_cross(given=None):
    """CircuitPython's mpy-cross: ``given``, $MPY_CROSS, on PATH or beside the project.

    Returns (path or None, note): None with the reason when there is none to
    use. One given or in $MPY_CROSS that is not CircuitPython's raises
    BundleError; one on PATH that is MicroPython's is passed over."""
    asked = given or os.environ.get("MPY_CROSS")
    if asked:
        found = shutil.which(asked) or (asked if os.path.isfile(asked) else None)
        if found is None:
            raise BundleError("mpy-cross %s: no such program" % asked)
        why = _not_circuitpython(found)
        if why:
            raise BundleError(why)
        return found, None
    notes = []
    for candidate in (shutil.which("mpy-cross"), SHARED_MPY_CROSS):
        if candidate and os.path.isfile(candidate):
            why = _not_circuitpython(candidate)
            if not why:
                return candidate, None
            notes.append(why)
    notes.append("no CircuitPython mpy-cross found: shipping .py sources, which cost " + PY_COST
                 + "; get CircuitPython 10's mpy-cross for your computer (its .mpy files"
                 " load on CircuitPython 9 too) from " + MPY_CROSS_DOWNLOADS + " and pass it"
                 " with MPY_CROSS=path/to/mpy-cross")
    return None, "\n".join(notes)


def _not_circuitpython(path):
    """None if ``path`` is CircuitPython's mpy-cross, else why it cannot be used."""
    try:
        version = _version(path)
    except (OSError, subprocess.SubprocessError) as err:
        return "%s does not run (%s)" % (path, err)
    if "CircuitPython" in version:
        return None
    if "MicroPython" in version:
        return ("%s is MicroPython's mpy-cross (%s): CircuitPython refuses its .mpy files"
                " ('incompatible .mpy file'); use CircuitPython's, from %s"
                % (path, version, MPY_CROSS_DOWNLOADS))
    said = version.splitlines()[0].strip()[:80] if version.strip() else ""
    return "%s is not CircuitPython's mpy-cross (%s)" % (
        path, "its --version says: %s" % said if said else "its --version says nothing")


def compile_mpy(mpy_cross, source, target, drive_path):
    """Compile ``source`` to the .mpy ``target``; tracebacks name ``drive_path``.

    ``-O3`` leaves out the line numbers (and asserts): about 3 KB of the
    board's heap for the whole game. A traceback still names the file and the
    function; code.py shows an error's type and message in any case. The file
    is named as the board names the module (its ``__file__``: the board finds
    the game through ``sys.path``'s ``""``, as ``lostcities/app.mpy``, and
    libraries through ``/lib``): the two names are then one string in the
    heap, not two (about 0.75 KB for the whole game)."""
    name = drive_path[:-3] + ".mpy"
    if name.startswith("lib/"):
        name = "/" + name
    done = subprocess.run([mpy_cross, "-O3", "-o", target, "-s", name, source],
                          capture_output=True, text=True, timeout=120)
    if done.returncode:
        raise BundleError("mpy-cross failed on %s: %s" % (drive_path, (done.stderr
                                                                       or done.stdout).strip()))


def imports(path, package, every=False):
    """The modules a source file needs: a list of (dotted name, names imported from it).

    ``package`` is the file's package, for relative imports. Imports inside a
    ``try`` that catches ImportError are optional and left out, unless ``every``
    (the game's own modules are shipped all the same)."""
    tree = ast.parse(_read(path), path)
    found = []

    def visit(node, optional):
        if isinstance(node, ast.Try):
            catches = any(_catches_import_error(handler) for handler in node.handlers)
            for child in node.body:
                visit(child, optional or catches and not every)
            for child in node.handlers + node.orelse + node.finalbody:
                visit(child, optional)
            return
        if not optional and isinstance(node, ast.Import):
            found.extend((alias.name, ()) for alias in node.names)
        elif not optional and isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([module] if module else []))
            found.append((module, tuple(alias.name for alias in node.names)))
        for child in ast.iter_child_nodes(node):
            visit(child, optional)

    visit(tree, False)
    return found


def _catches_import_error(handler):
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return any(kind is None or (isinstance(kind, ast.Name)
                                and kind.id in ("ImportError", "ModuleNotFoundError",
                                                "Exception"))
               for kind in kinds)


def installed_modules(top):
    """{dotted module name: (source file, its path under lib/)} of the package ``top``."""
    modules = {}
    for name in importlib.metadata.packages_distributions().get(top, ()):
        for path in importlib.metadata.distribution(name).files or ():
            relative = str(path).replace("\\", "/")
            if relative.endswith(".py") and (relative == top + ".py"
                                             or relative.startswith(top + "/")):
                dotted = relative[:-3].replace("/", ".")
                if dotted.endswith(".__init__"):
                    dotted = dotted[:-len(".__init__")]
                modules[dotted] = (str(path.locate()), relative)
    return modules


def library_files(game, firmware):
    """The library sources the game needs: {path on the drive: path here}.

    Follows imports from the game's files into the installed packages, taking
    each module imported and the packages containing it, and nothing else of
    a package (``from package import module`` takes that module)."""
    files = {}
    packages = {}  # top-level name -> installed_modules(top)
    pending = [(drive, path) for drive, path in game.items() if drive.endswith(".py")]
    while pending:
        drive, path = pending.pop()
        for module, names in imports(path, _package_of(drive)):
            top = module.split(".")[0]
            if top in firmware or top == "lostcities":
                continue
            if top not in packages:
                packages[top] = installed_modules(top)
            modules = packages[top]
            if not modules:
                raise BundleError(
                    "%s imports %s, which is neither built into CircuitPython on these boards"
                    " nor in an installed library package: pin its library in"
                    " requirements-bundle.txt and requirements.txt" % (drive, module))
            wanted = [module] + [module + "." + name for name in names
                                 if module + "." + name in modules]
            for dotted in wanted:
                parts = dotted.split(".")
                for depth in range(1, len(parts) + 1):  # the module and its packages
                    prefix = ".".join(parts[:depth])
                    if prefix not in modules:
                        raise BundleError("%s imports %s, which the installed %s does not have"
                                          % (drive, prefix, top))
                    source, relative = modules[prefix]
                    target = "lib/" + relative
                    if target not in files:
                        files[target] = source
                        pending.append((target, source))
    return files


def _package_of(drive_path):
    """The package a file on the drive belongs to, for its relative imports."""
    parts = drive_path[:-3].split("/")
    if parts[0] == "lib":
        parts = parts[1:]
    return ".".join(parts[:-1])  # a package's __init__ and its modules alike


def requirement_names(path=os.path.join(ROOT, "requirements.txt")):
    """The library names in requirements.txt, read the way circup reads them."""
    names = []
    for line in _read(path).splitlines():
        line = line.split("#")[0].strip()
        if line:
            names.append(re.split(r"[<>=~;\[ ]", line)[0].lower())
    return names


def check_requirements(files):
    """requirements.txt must name exactly the libraries the bundle's lib/ holds."""
    bundled = {path.split("/")[1].rsplit(".py", 1)[0] for path in files
               if path.startswith("lib/")}
    listed = set(requirement_names())
    if bundled != listed:
        raise BundleError("requirements.txt does not match the libraries the game imports:%s%s"
                          % ("".join("\n  add %s" % name for name in sorted(bundled - listed)),
                             "".join("\n  remove %s" % name for name in sorted(listed - bundled))))


def drive_bytes(size):
    """Room a file of ``size`` bytes takes on the drive (whole clusters)."""
    return max(1, -(-size // CLUSTER)) * CLUSTER


def room_on_drive(drive):
    """Room the bundle ``drive`` (a built CIRCUITPY folder) takes on the board's drive:
    each file in whole clusters, deploy's manifest among them, and a cluster a folder."""
    files = list(files_under(drive))
    folders = {"/".join(path.split("/")[:depth]) for path in files
               for depth in range(1, path.count("/") + 1)}
    return sum(drive_bytes(os.path.getsize(os.path.join(drive, *path.split("/"))))
               for path in files) + CLUSTER * len(folders)


def build(out_dir, mpy_cross=None):
    """Write ``out_dir/CIRCUITPY`` and its zip; returns {path on the drive: size}.

    With ``mpy_cross`` (CircuitPython's) every module but code.py is a .mpy.
    Both hold deploy's manifest of the files (``lostcities/.deployed``, not in
    the sizes), so that a later deploy onto a drive the zip was unpacked onto
    tells the game's files from the maker's edits.
    What an earlier build left there is removed first, so nothing is stale;
    anything else there stops the build before a file is touched."""
    game = game_files()
    files = dict(game)
    files.update(library_files(game, firmware_modules()))
    check_requirements(files)
    targets = {target: _drive_name(target, mpy_cross) for target in files}
    drive = os.path.join(out_dir, "CIRCUITPY")
    check_out(out_dir)
    if os.path.isdir(drive):
        shutil.rmtree(drive)  # every file in it is the last build's (check_out)
    _write_manifest(out_dir, ["CIRCUITPY/" + name for name in targets.values()]
                    + ["CIRCUITPY/" + deploy.MANIFEST, ZIP_NAME])
    sizes = {}
    for target in sorted(files):
        name = targets[target]
        destination = os.path.join(drive, *name.split("/"))
        os.makedirs(os.path.dirname(destination), exist_ok=True)
        if name != target:
            compile_mpy(mpy_cross, files[target], destination, target)
        else:
            shutil.copyfile(files[target], destination)
        sizes[name] = os.path.getsize(destination)
    deploy.write_manifest(drive, deploy.hashes_of(drive, sizes))
    with zipfile.ZipFile(os.path.join(out_dir, ZIP_NAME), "w", zipfile.ZIP_DEFLATED) as archive:
        for target in sorted(sizes) + [deploy.MANIFEST]:
            entry = zipfile.ZipInfo(target, ZIP_DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            with open(os.path.join(drive, *target.split("/")), "rb") as file:
                archive.writestr(entry, file.read())
    return sizes


def _drive_name(target, mpy_cross):
    """The file's name in the bundle: a module's .mpy when compiling (not code.py)."""
    if mpy_cross and target.endswith(".py") and target != ENTRY:
        return target[:-3] + ".mpy"
    return target


def check_out(out_dir):
    """Refuse an --out where building would remove or replace a file no build wrote.

    ``--out /media/$USER`` for ``--deploy`` is an easy slip: its CIRCUITPY is
    the board's drive, and clearing it would lose the maker's own files."""
    if os.path.exists(os.path.join(out_dir, "boot_out.txt")):
        raise BundleError("%s holds boot_out.txt: it is a board's drive, not a place to build"
                          " (to copy the game onto it: --deploy %s)" % (out_dir, out_dir))
    if os.path.exists(os.path.join(out_dir, "CIRCUITPY", "boot_out.txt")):
        raise BundleError("%s holds a board's drive (CIRCUITPY/boot_out.txt): building there"
                          " would clear it; nothing was removed (give --out another folder)"
                          % out_dir)
    ours = _manifest(out_dir)
    present = ["CIRCUITPY/" + path for path in files_under(os.path.join(out_dir, "CIRCUITPY"))]
    if os.path.lexists(os.path.join(out_dir, ZIP_NAME)):
        present.append(ZIP_NAME)
    foreign = sorted(set(present) - ours)
    if foreign:
        raise BundleError("%s holds %s, which no build of the bundle wrote: nothing was removed;"
                          " give --out a new or empty folder%s" % (
                              out_dir, some(foreign), " (make clean removes build/)"
                              if os.path.abspath(out_dir) == os.path.join(ROOT, "build")
                              else ""))


def _manifest(out_dir):
    """The files the last build wrote in ``out_dir`` (none if it never built there)."""
    path = os.path.join(out_dir, MANIFEST)
    if not os.path.lexists(path):
        return set()
    try:
        with open(path, encoding="utf-8") as file:
            lines = file.read(1 << 20).splitlines()
    except (OSError, UnicodeDecodeError):
        lines = []
    if not lines or lines[0] != MANIFEST_HEADER:
        raise BundleError("%s is not the bundle's manifest: nothing was removed; give --out"
                          " a new or empty folder" % path)
    return set(lines[1:])


def _write_manifest(out_dir, names):
    os.makedirs(out_dir, exist_ok=True)
    with open(os.path.join(out_dir, MANIFEST), "w", encoding="utf-8") as file:
        file.write("\n".join([MANIFEST_HEADER] + sorted(names)) + "\n")


def _version(mpy_cross):
    """What ``mpy-cross --version`` says."""
    return subprocess.run([mpy_cross, "--version"], capture_output=True, text=True,
                          timeout=30).stdout.strip()


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m host_sim bundle",
        description="Build build/CIRCUITPY/ and build/lostcities-circuitpy.zip for the"
                    " board's drive; with --deploy copy the changed files onto it.")
    parser.add_argument("--deploy", metavar="DIR",
                        help="the mounted CIRCUITPY drive to copy the bundle onto")
    parser.add_argument("--out", metavar="DIR", default=os.path.join(ROOT, "build"),
                        help="where to build (default: build/ of this repository)")
    parser.add_argument("--mpy-cross", metavar="PROGRAM",
                        help="CircuitPython's mpy-cross (default: $MPY_CROSS, on PATH, or"
                             " ../shared/tools/mpy-cross)")
    parser.add_argument("--py", action="store_true",
                        help="ship .py sources, not .mpy (" + PY_COST + ")")
    args = parser.parse_args(argv)
    if args.py and args.mpy_cross:
        parser.error("--py ships .py sources, --mpy-cross compiles them to .mpy: give one or"
                     " the other")
    try:
        if args.deploy is not None:
            for note in deploy.check_drive(args.deploy):  # before building: say at once what is wrong
                print(note)
        mpy_cross = None
        if not args.py:
            mpy_cross, note = find_mpy_cross(args.mpy_cross)
            if note:
                print(note)
        sizes = build(args.out, mpy_cross)
        if mpy_cross:
            print("compiled with %s (%s)" % (mpy_cross, _version(mpy_cross)))
        total = sum(sizes.values())
        on_drive = room_on_drive(os.path.join(args.out, "CIRCUITPY"))
        libraries = sorted({path.split("/")[1].split(".")[0] for path in sizes
                            if path.startswith("lib/")})
        print("built %s: %d files, %d KB (about %d KB on the drive)"
              % (os.path.join(args.out, "CIRCUITPY"), len(sizes), -(-total // 1024),
                 on_drive // 1024))
        print("lib/: %s" % (", ".join(libraries) or "none: the game needs no library"))
        print("zip: %s" % os.path.join(args.out, ZIP_NAME))
        if on_drive > MAX_BUNDLE_BYTES:
            raise BundleError("the bundle takes %d KB of the %d KB drive: over the %d KB this"
                              " project allows itself" % (on_drive // 1024,
                                                          DRIVE_BYTES // 1024,
                                                          MAX_BUNDLE_BYTES // 1024))
        print("fits the 2 MB drive: %d KB of %d KB, %d KB to spare"
              % (on_drive // 1024, DRIVE_BYTES // 1024, (DRIVE_BYTES - on_drive) // 1024))
        if args.deploy is not None:
            deploy.offer_to_remove_code_txt(args.deploy)
            plan = deploy.deploy(args.deploy, os.path.join(args.out, "CIRCUITPY"))
            for target in plan.stale:
                print("removed %s (the game's, no longer in the bundle)" % target)
            if plan.keep_code:
                print("kept your own code.py as %s (the game's code.py replaces it; rename"
                      " it back to run it instead)" % plan.keep_code)
            for target, _, _ in plan.changed:
                print("copied %s" % target)
            print(deploy.summary(plan, args.deploy))
    except deploy.DeployStopped as err:
        print("%sbundle: %s" % ("\n" if err.interrupted else "", err), file=sys.stderr)
        return INTERRUPTED if err.interrupted else 1
    except BundleError as err:
        print("bundle: %s" % err, file=sys.stderr)
        return 1
    except OSError as err:
        print("bundle: cannot write %s: %s" % (err.filename or args.out, err.strerror or err),
              file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\nbundle: interrupted: %s" % ("nothing was copied to %s" % args.deploy
                                             if args.deploy is not None else "no bundle built"),
              file=sys.stderr)
        return INTERRUPTED
    return 0
