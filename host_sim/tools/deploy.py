"""``python -m host_sim bundle --deploy DIR``: copy the bundle onto a board's CIRCUITPY drive.

Nothing of the maker's is lost, by construction: the deploy writes a manifest
on the drive (``lostcities/.deployed``: each file it wrote and a hash of what
it wrote), and touches only

* a file of the bundle, a module the game has had (``.py`` or ``.mpy``) or a
  file an earlier version shipped: the game's own;
* a file the manifest lists with the very bytes it wrote.

A ``code.py`` that is none of these nor CircuitPython's default one (the
maker's own program) is kept beside the game as ``code-before-lostcities.py``
(or ``-2``, ``-3``...: never a name that exists); any other file in the game's
folders stops the deploy, named, before anything is written. The room every
write needs is counted in the drive's own clusters before the first one.
"""

import hashlib
import os
import re
import shutil
import sys

from lostcities import BOARDS

ENTRY = "code.py"
# The folders on the drive that hold the game and nothing else (code.py is beside them).
GAME_FOLDERS = ("lostcities", "assets")
MANIFEST = "lostcities/.deployed"
MANIFEST_HEADER = "# lostcities deploy: the files it wrote on this drive, and their sha256"
MANIFEST_LINE = 128  # bytes a line of the manifest takes at most (a hash, a path)
MANIFEST_LIMIT = 1 << 16  # a manifest is a few KB: read no more of whatever is there
# Modules earlier versions of the game had under lostcities/ (as .py or .mpy), and
# other files they shipped: the game's own, removed when found.
FORMER_MODULES = ("bots", "frozen_normal", "record", "reference", "rules", "rules/notation")
FORMER_FILES = ("assets/cards.bmp",)
# What CircuitPython writes into a new drive's code.py (supervisor/shared/filesystem.c)
DEFAULT_CODE = (b"", b'print("Hello World!")')
KEPT_CODE = "code-before-lostcities%s.py"  # the maker's own code.py, moved aside
BOOT_OUT_BYTES = 4096  # boot_out.txt is a few lines: read no more of whatever it is
FALLBACK_CLUSTER = 4096  # where the drive cannot say: the largest a small FAT drive uses


class BundleError(Exception):
    """Something a maker or developer must fix; the message says what."""


def files_under(folder):
    """The files under ``folder``, as paths relative to it with ``/``."""
    for dirpath, _, filenames in os.walk(folder):
        for name in filenames:
            yield os.path.relpath(os.path.join(dirpath, name), folder).replace(os.sep, "/")


def some(paths, shown=4):
    """A few of ``paths`` for a message, and how many more."""
    more = len(paths) - shown
    return ", ".join(paths[:shown]) + (" and %d more" % more if more > 0 else "")


class Plan:
    """What a deploy will do, decided before anything is written."""

    def __init__(self):
        self.stale = []  # the game's files the bundle no longer has: removed
        self.foreign = []  # files in the game's folders that are not the game's: stop
        self.changed = []  # (target, source, destination): copied
        self.unchanged = 0
        self.keep_code = None  # the name the maker's code.py moves to, if it must


def deploy(drive_dir, bundle_dir):
    """Copy the bundle onto a mounted CIRCUITPY drive: returns the :class:`Plan` carried out.

    Copies the files that changed (by size and content), libraries first and
    code.py last, then flushes, so that CircuitPython reloads once with
    everything in place. First it removes the game's files the bundle no
    longer holds (a stale ``.py`` would hide its new ``.mpy``)."""
    check_drive(drive_dir)
    plan = make_plan(drive_dir, bundle_dir)
    if plan.foreign:
        raise BundleError("the drive's game folders hold %s, which %s not the game's: move %s"
                          " off lostcities/ and assets/ and deploy again (nothing was copied"
                          " or removed)" % (some(plan.foreign), "is" if len(plan.foreign) == 1
                                            else "are", "it" if len(plan.foreign) == 1
                                            else "them"))
    check_room(drive_dir, plan)
    done = []
    try:
        if plan.changed or plan.stale:
            _write_manifest(drive_dir, dict(_manifest(drive_dir), **{
                target: _hash(source) for target, source, _ in plan.changed}))
        for target in plan.stale:
            _remove(drive_dir, target)
            done.append("removed " + target)
        if plan.keep_code:
            os.rename(os.path.join(drive_dir, ENTRY), os.path.join(drive_dir, plan.keep_code))
            done.append("kept code.py as " + plan.keep_code)
        for target, source, destination in plan.changed:
            os.makedirs(os.path.dirname(destination), exist_ok=True)
            shutil.copyfile(source, destination)
            done.append("copied " + target)
        if plan.changed or plan.stale:
            _write_manifest(drive_dir, {target: _hash(os.path.join(bundle_dir, *target.split("/")))
                                        for target in files_under(bundle_dir)})
    except OSError as err:
        raise BundleError("could not write to %s (%s) after %s: is the drive full, read-only or"
                          " unplugged? Deploy again to finish" % (
                              drive_dir, err.strerror or err,
                              "; ".join(done[-3:]) if done else "writing nothing"))
    finally:
        os.sync()
    return plan


def make_plan(drive_dir, bundle_dir):
    """The :class:`Plan` of copying ``bundle_dir`` onto the drive (nothing written)."""
    plan = Plan()
    targets = sorted(files_under(bundle_dir), key=_copy_order)
    manifest = _manifest(drive_dir)
    plan.stale, plan.foreign = stale_files(drive_dir, targets, manifest)
    for target in targets:
        source = os.path.join(bundle_dir, *target.split("/"))
        destination = os.path.join(drive_dir, *target.split("/"))
        if _same_file(source, destination):
            plan.unchanged += 1
        else:
            plan.changed.append((target, source, destination))
    code = os.path.join(drive_dir, ENTRY)
    replaced = any(target == ENTRY for target, _, _ in plan.changed)
    if replaced and os.path.lexists(code) and not _ours(drive_dir, ENTRY, manifest) \
            and not _default_code(code):
        plan.keep_code = _free_name(drive_dir)
    return plan


def stale_files(drive_dir, targets, manifest):
    """The files in the drive's game folders that the bundle ``targets`` lack: (ours, theirs).

    Ours are the game's, to remove: a module the game has or had (a ``.py``
    beside the new ``.mpy`` is what CircuitPython would import), a file an
    earlier version shipped, or one the manifest lists with its bytes as
    written. Theirs are anything else, which deploy must not touch. Hidden
    files (the manifest, a Mac's ``._`` and ``.DS_Store``) are left alone."""
    ours, theirs = [], []
    shipped = set(targets)
    modules = {_module(target) for target in targets if target.startswith("lostcities/")}
    modules.update("lostcities/" + name for name in FORMER_MODULES)
    for folder in GAME_FOLDERS:
        for path in sorted(files_under(os.path.join(drive_dir, folder))):
            target = folder + "/" + path
            if target in shipped or any(part.startswith(".") for part in path.split("/")):
                continue
            game_module = target.endswith((".py", ".mpy")) and _module(target) in modules
            if game_module or target in FORMER_FILES or _ours(drive_dir, target, manifest):
                ours.append(target)
            else:
                theirs.append(target)
    return ours, theirs


def _module(target):
    """``lostcities/rules/state.mpy`` -> ``lostcities/rules/state``."""
    return target.rsplit(".", 1)[0]


def _ours(drive_dir, target, manifest):
    """True if the manifest lists ``target`` and the file still holds what deploy wrote."""
    path = os.path.join(drive_dir, *target.split("/"))
    return target in manifest and os.path.isfile(path) and _hash(path) == manifest[target]


def _default_code(path):
    """True if ``path`` holds what CircuitPython writes into a new drive's code.py."""
    if not os.path.isfile(path) or os.path.getsize(path) > 64:
        return False
    with open(path, "rb") as file:
        return file.read().strip() in DEFAULT_CODE


def _free_name(drive_dir):
    """A name for the maker's code.py that no file on the drive has."""
    number = 1
    while os.path.lexists(os.path.join(drive_dir, KEPT_CODE % ("-%d" % number
                                                               if number > 1 else ""))):
        number += 1
    return KEPT_CODE % ("-%d" % number if number > 1 else "")


def check_room(drive_dir, plan):
    """Refuse, before writing anything, a deploy the drive has no room for.

    Counts in the drive's own allocation unit: every changed file, every
    folder to make and the manifest, less what the files it replaces or
    removes free (each is freed before the next is written)."""
    free, cluster = drive_space(drive_dir)

    def room(size):
        return max(1, -(-size // cluster)) * cluster

    def on_drive(target):
        path = os.path.join(drive_dir, *target.split("/"))
        return room(os.path.getsize(path)) if os.path.isfile(path) else 0

    needed = sum(room(os.path.getsize(source)) for _, source, _ in plan.changed)
    folders = {os.path.dirname(destination) for _, _, destination in plan.changed}
    needed += sum(room(0) for folder in _new_folders(folders))
    needed += room(MANIFEST_LINE * (len(_manifest(drive_dir)) + len(plan.changed)
                                    + plan.unchanged + 1))
    freed = sum(on_drive(target) for target, _, _ in plan.changed)
    freed += sum(on_drive(target) for target in plan.stale + [MANIFEST])
    if needed - freed > free:
        raise BundleError("the drive has %d KB free and the game needs %d KB more (in the drive's"
                          " %d-byte clusters): nothing was copied or removed; delete what you no"
                          " longer need from it (old lib/ files?)"
                          % (free // 1024, -(-(needed - freed) // 1024), cluster))


def _new_folders(folders):
    """The folders among ``folders`` and their parents that do not exist yet."""
    new = set()
    for folder in folders:
        while folder and not os.path.isdir(folder):
            new.add(folder)
            folder = os.path.dirname(folder)
    return new


def drive_space(drive_dir):
    """(free bytes, bytes of one allocation unit) of the drive."""
    free = shutil.disk_usage(drive_dir).free
    try:
        cluster = os.statvfs(drive_dir).f_frsize or FALLBACK_CLUSTER
    except (AttributeError, OSError):  # no statvfs (Windows)
        cluster = FALLBACK_CLUSTER
    return free, cluster


def _hash(path):
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


def _manifest(drive_dir):
    """{drive path: sha256 of the bytes deploy wrote there} (empty: none on the drive)."""
    path = os.path.join(drive_dir, *MANIFEST.split("/"))
    try:
        with open(path, encoding="utf-8") as file:
            lines = file.read(MANIFEST_LIMIT).splitlines()
    except (OSError, UnicodeDecodeError):
        return {}
    if not lines or lines[0] != MANIFEST_HEADER:
        return {}
    found = {}
    for line in lines[1:]:
        digest, _, target = line.partition(" ")
        if re.fullmatch(r"[0-9a-f]{64}", digest) and target:
            found[target] = digest
    return found


def _write_manifest(drive_dir, hashes):
    path = os.path.join(drive_dir, *MANIFEST.split("/"))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as file:
        file.write("\n".join([MANIFEST_HEADER] + ["%s %s" % (hashes[target], target)
                                                  for target in sorted(hashes)]) + "\n")


def _remove(drive_dir, target):
    """Remove ``target`` from the drive, and its folders that it leaves empty."""
    parts = target.split("/")
    os.remove(os.path.join(drive_dir, *parts))
    parts.pop()
    while len(parts) > 1 and not os.listdir(os.path.join(drive_dir, *parts)):
        os.rmdir(os.path.join(drive_dir, *parts))
        parts.pop()


def summary(plan, drive_dir):
    """What the deploy did, in one line."""
    if not plan.changed and not plan.stale:
        return "%s already holds this bundle: nothing to copy" % drive_dir
    done = []
    if plan.stale:
        done.append("removed %d old file%s of the game" % (len(plan.stale),
                                                          "" if len(plan.stale) == 1 else "s"))
    done.append("copied %d changed file%s" % (len(plan.changed),
                                              "" if len(plan.changed) == 1 else "s")
                if plan.changed else "copied nothing")
    return "%s to %s (%d unchanged): the board restarts the game" % (
        ", ".join(done), drive_dir, plan.unchanged)


def check_drive(drive_dir):
    """Refuse a folder that is not a writable CIRCUITPY drive with CircuitPython 9 or later.

    Returns what the maker should know but need not stop for (another board,
    a newer CircuitPython than tested)."""
    if not drive_dir:
        raise BundleError("say where the board's drive is mounted, e.g."
                          " make deploy CIRCUITPY=/media/$USER/CIRCUITPY")
    if not os.path.isdir(drive_dir):
        raise BundleError("%s is not a folder: is the board plugged in and its CIRCUITPY drive"
                          " mounted?" % drive_dir)
    boot_out = os.path.join(drive_dir, "boot_out.txt")
    if not os.path.isfile(boot_out):
        raise BundleError("%s is not a CIRCUITPY drive (it has no boot_out.txt): give the"
                          " folder where the board's drive is mounted" % drive_dir)
    with open(boot_out, encoding="utf-8", errors="replace") as file:
        text = file.read(BOOT_OUT_BYTES)  # text or not: what it says is checked below
    notes = check_version(text)
    if not os.access(drive_dir, os.W_OK):
        raise BundleError("%s is read-only: unmount and plug the board in again (or check that"
                          " no boot.py remounts the drive for the board's own use)" % drive_dir)
    board = re.search(r"Board ID:\s*(\S+)", text)
    if board and board.group(1) not in BOARDS:
        notes.append("warning: boot_out.txt names the board %s: the game's buttons and screen"
                     " are a PyBadge's, PyGamer's or EdgeBadge's, so there it only says it"
                     " cannot start" % board.group(1))
    return notes


def offer_to_remove_code_txt(drive_dir):
    """CircuitPython runs code.txt before code.py: a leftover one keeps the game
    from starting. Say so, and remove it if the person at the terminal agrees."""
    path = os.path.join(drive_dir, "code.txt")
    if not os.path.isfile(path):
        return
    print("warning: the drive holds %s, which CircuitPython runs instead of code.py:"
          " the game would not start" % path)
    answer = input("Remove it? [y/N] ") if sys.stdin.isatty() else ""
    if answer.strip().lower() in ("y", "yes"):
        os.remove(path)
        print("removed %s" % path)
    else:
        print("kept it: delete code.txt from the drive to start the game")


def check_version(boot_out_text):
    """Refuse a board whose CircuitPython is older than 9 (boot_out.txt's first line).

    Returns a list of notes: one for a CircuitPython newer than tested."""
    found = re.search(r"CircuitPython (\d+)\.(\d+)\.?(\S*)", boot_out_text)
    if not found:
        raise BundleError("boot_out.txt does not say which CircuitPython the board runs:"
                          " install CircuitPython 9 or 10 (see the README)")
    major = int(found.group(1))
    if major < 9:
        raise BundleError("the board runs CircuitPython %s.%s; Lost Cities needs 9 or 10:"
                          " install it first (see the README, On the board)"
                          % (found.group(1), found.group(2)))
    if major > 10:
        return ["note: the board runs CircuitPython %d; Lost Cities is tested on 9 and 10"
                % major]
    return []


def _copy_order(target):
    """Libraries, then assets, then the game, then code.py: the entry point comes last."""
    return (target == ENTRY, not target.startswith("lib/"),
            target.startswith("lostcities/"), target)


def _same_file(source, destination):
    if not os.path.isfile(destination) or (os.path.getsize(source)
                                           != os.path.getsize(destination)):
        return False
    with open(source, "rb") as ours, open(destination, "rb") as theirs:
        return ours.read() == theirs.read()
