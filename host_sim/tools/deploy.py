"""``python -m host_sim bundle --deploy DIR``: copy the bundle onto a board's CIRCUITPY drive.

Nothing of the maker's is lost, by construction: the deploy writes a manifest
on the drive (``lostcities/.deployed``: each file it wrote and a hash of what
it wrote) and replaces or removes a file of the game's folders only if it is
the game's:

* on a drive with a manifest (deploy's, or the one the bundle's zip carries),
  a file the manifest lists with the very bytes it wrote. Any other file
  there (one the maker added, or one of the game's the maker changed since)
  stops the deploy, named, before anything is written: the maker moves it
  off and deploys again;
* on a drive without one (the game never there, or put there by a version
  before the manifest), a file of the bundle, a module the game has had
  (``.py`` or ``.mpy``) or a file an earlier version shipped; any other file
  stops the deploy.

A ``code.py`` that is neither the game's (by the manifest, or one of the
code.py files the game ever shipped, by content) nor CircuitPython's default
one (the maker's own program) is kept beside the game as
``code-before-lostcities.py`` (or ``-2``, ``-3``...: never a name that exists),
moved only as the game's code.py is written, last. The room every write needs
is counted in the drive's own clusters before the first one; a deploy that
fails or is interrupted part-way removes the file it was writing, puts the
maker's code.py back, and says what the drive holds.
"""

import hashlib
import os
import re
import shutil
import sys

from lostcities import BOARDS

ENTRY = "code.py"
# The folders on the drive that hold the game and nothing else (code.py is beside them;
# a library the bundle carries in lib/ is the game's only if the manifest says so).
GAME_FOLDERS = ("lostcities", "assets")
MANIFEST = "lostcities/.deployed"
MANIFEST_HEADER = "# lostcities deploy: the files it wrote on this drive, and their sha256"
MANIFEST_LINE = 128  # bytes a line of the manifest takes at most (a hash, a path)
MANIFEST_LIMIT = 1 << 16  # a manifest is a few KB: read no more of whatever is there
# Modules earlier versions of the game had under lostcities/ (as .py or .mpy), and
# other files they shipped: the game's own on a drive without a manifest.
FORMER_MODULES = ("bots", "frozen_normal", "record", "reference", "rules", "rules/notation")
FORMER_FILES = ("assets/cards.bmp",)
# What CircuitPython writes into a new drive's code.py (supervisor/shared/filesystem.c)
DEFAULT_CODE = (b"", b'print("Hello World!")')
KEPT_CODE = "code-before-lostcities%s.py"  # the maker's own code.py, moved aside
BOOT_OUT_BYTES = 4096  # boot_out.txt is a few lines: read no more of whatever it is
FALLBACK_CLUSTER = 4096  # where the drive cannot say: the largest a small FAT drive uses
# The sha256 of every code.py the game ever shipped (git log --all -- code.py
# circuitpy/code.py): the game's own wherever it is found, by an unzip install
# too. tests/test_board.py requires the present code.py's to be here.
SHIPPED_CODE = frozenset((
    "507190c604052b95ef573791678df576dc8922540360628d0f545e33114855c5",  # f9a4f6d
    "735d90ee6cb6cb31d0cc81d0ccab4e291dad10b3e81c563eecae39b8baeee5bd",  # 5d99fd3
    "73b39a67ad139a1e127ed2f5207e7b93da54f4af6a8224eb1d5936dbfe75d1de",  # 053b3f3
    "08f7b459e9ae38214f3ae53ea638b146e332c46f47c48cfad503e907b2ef5ebc",  # 4765bbf
    "03b1046e68d699d0bcf85353da8a0edacf17c5b42923b97ff66d81ba90f5f042",  # 507a743
))


class BundleError(Exception):
    """Something a maker or developer must fix; the message says what."""


class DeployStopped(BundleError):
    """A deploy that failed or was interrupted part-way; the message says what the drive holds."""

    def __init__(self, message, interrupted):
        super().__init__(message)
        self.interrupted = interrupted


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
        self.edited = []  # the game's files the maker changed since deploy wrote them: stop
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
    refuse_theirs(plan)
    check_room(drive_dir, plan)
    if plan.changed or plan.stale:
        carry_out(drive_dir, bundle_dir, plan)
    return plan


def refuse_theirs(plan):
    """Stop, before anything is written, a deploy that would touch a file of the maker's."""
    why = []
    if plan.edited:
        why.append("%s changed since the game wrote %s (your edits?)" % (
            some(plan.edited), "it" if len(plan.edited) == 1 else "them"))
    if plan.foreign:
        why.append("the drive's game folders hold %s, which %s not the game's" % (
            some(plan.foreign), "is" if len(plan.foreign) == 1 else "are"))
    if why:
        them = "it" if len(plan.edited + plan.foreign) == 1 else "them"
        raise BundleError("%s: nothing was copied or removed; move %s out of the game's"
                          " folders (to keep %s: elsewhere on the drive, or on your computer)"
                          " and deploy again" % ("; ".join(why), them, them))


def carry_out(drive_dir, bundle_dir, plan):
    """Remove the stale files and copy the changed ones, the game's code.py last.

    While it runs the manifest accepts each file's old bytes and new, so that a
    deploy stopped part-way leaves every file of the game known as the game's;
    the file being written when it stops is removed (it holds part of the
    game's), and the maker's code.py, if it was moved, moved back."""
    manifest = _manifest(drive_dir)
    during = {target: set(hashes) for target, hashes in manifest.items()}
    for target, source, destination in plan.changed:
        during.setdefault(target, set()).add(file_hash(source))
        if os.path.isfile(destination) and not (target == ENTRY and plan.keep_code):
            during[target].add(file_hash(destination))  # the game's (make_plan checked)
    for target in plan.stale:
        path = os.path.join(drive_dir, *target.split("/"))
        during.setdefault(target, set()).add(file_hash(path))
    code = os.path.join(drive_dir, ENTRY)
    writing, moved, done = None, False, []
    try:
        write_manifest(drive_dir, during)
        for target in plan.stale:
            _remove(drive_dir, target)
            done.append(target)
        for target, source, destination in plan.changed:
            if target == ENTRY and plan.keep_code:
                os.rename(code, os.path.join(drive_dir, plan.keep_code))
                moved = True
            writing = destination
            os.makedirs(os.path.dirname(destination), exist_ok=True)
            shutil.copyfile(source, destination)
            writing = None
            done.append(target)
        write_manifest(drive_dir, hashes_of(bundle_dir, bundle_files(bundle_dir)))
    except (OSError, KeyboardInterrupt) as err:
        raise stopped(drive_dir, plan, err, writing, moved, done) from None
    finally:
        try:
            os.sync()
        except (OSError, KeyboardInterrupt):
            pass


def stopped(drive_dir, plan, err, writing, moved, done):
    """Undo what can be undone of a deploy stopped by ``err``; a :class:`DeployStopped`
    that says what happened and what the drive now holds."""
    interrupted = isinstance(err, KeyboardInterrupt)
    if writing is not None:
        try:
            os.remove(writing)  # part of the game's file: never the maker's (make_plan)
        except OSError:
            pass
    code = os.path.join(drive_dir, ENTRY)
    kept = os.path.join(drive_dir, plan.keep_code or "")
    about_code = ""
    if moved:
        try:
            if not os.path.lexists(code):
                os.rename(kept, code)
                about_code = "; your own code.py is back in place"
        except OSError:
            pass
        if not about_code:
            about_code = "; your own code.py is now %s" % kept
    elif plan.keep_code:
        about_code = "; your own code.py is untouched"
    total = len(plan.stale) + len(plan.changed)
    if not done:
        holds = "nothing was changed on %s" % drive_dir
    else:
        holds = ("%s holds the game part old, part new (%d of %d files removed or copied, the"
                 " last %s): it may not start until you deploy again" % (
                     drive_dir, len(done), total, done[-1]))
    if interrupted:
        return DeployStopped("interrupted: %s%s" % (holds, about_code), True)
    return DeployStopped("could not write to %s (%s): %s%s; is the drive full, read-only or"
                         " unplugged? Deploy again to finish" % (
                             drive_dir, err.strerror or err, holds, about_code), False)


def bundle_files(bundle_dir):
    """The files of the bundle, as drive paths (the bundle's own manifest aside)."""
    return [target for target in files_under(bundle_dir) if target != MANIFEST]


def make_plan(drive_dir, bundle_dir):
    """The :class:`Plan` of copying ``bundle_dir`` onto the drive (nothing written)."""
    plan = Plan()
    targets = sorted(bundle_files(bundle_dir), key=_copy_order)
    manifest = _manifest(drive_dir)
    plan.stale, plan.foreign, plan.edited = stale_files(drive_dir, targets, manifest)
    for target in targets:
        source = os.path.join(bundle_dir, *target.split("/"))
        destination = os.path.join(drive_dir, *target.split("/"))
        if _same_file(source, destination):
            plan.unchanged += 1
            continue
        plan.changed.append((target, source, destination))
        if target != ENTRY and manifest and os.path.lexists(destination) \
                and not _ours(drive_dir, target, manifest):
            (plan.edited if target in manifest else plan.foreign).append(target)
    code = os.path.join(drive_dir, ENTRY)
    replaced = any(target == ENTRY for target, _, _ in plan.changed)
    if replaced and os.path.lexists(code) and not _game_code(drive_dir, manifest):
        plan.keep_code = _free_name(drive_dir)
    plan.edited.sort(key=_copy_order)
    return plan


def stale_files(drive_dir, targets, manifest):
    """The files in the drive's game folders that the bundle ``targets`` lack:
    (the game's, the maker's, the game's the maker changed).

    With a manifest, the game's are the files it lists with their bytes as
    written, and one it lists with other bytes the maker changed. Without one
    (an unzip install), the game's are its modules (a ``.py`` beside the new
    ``.mpy`` is what CircuitPython would import) and the files earlier
    versions shipped. Anything else is the maker's, which deploy must not
    touch. Hidden files (the manifest, a Mac's ``._`` and ``.DS_Store``) are
    left alone."""
    ours, theirs, edited = [], [], []
    shipped = set(targets)
    modules = {_module(target) for target in targets if target.startswith("lostcities/")}
    modules.update("lostcities/" + name for name in FORMER_MODULES)
    for folder in GAME_FOLDERS:
        for path in sorted(files_under(os.path.join(drive_dir, folder))):
            target = folder + "/" + path
            if target in shipped or any(part.startswith(".") for part in path.split("/")):
                continue
            if manifest:
                if _ours(drive_dir, target, manifest):
                    ours.append(target)
                else:
                    (edited if target in manifest else theirs).append(target)
            elif target.endswith((".py", ".mpy")) and _module(target) in modules \
                    or target in FORMER_FILES:
                ours.append(target)
            else:
                theirs.append(target)
    return ours, theirs, edited


def _module(target):
    """``lostcities/rules/state.mpy`` -> ``lostcities/rules/state``."""
    return target.rsplit(".", 1)[0]


def _ours(drive_dir, target, manifest):
    """True if the manifest lists ``target`` and the file still holds what deploy wrote."""
    path = os.path.join(drive_dir, *target.split("/"))
    return target in manifest and os.path.isfile(path) and file_hash(path) in manifest[target]


def _game_code(drive_dir, manifest):
    """True if the drive's code.py is the game's (by the manifest, or a code.py the game
    shipped) or CircuitPython's default one: the game's code.py may replace it."""
    path = os.path.join(drive_dir, ENTRY)
    if not os.path.isfile(path):
        return False
    if _ours(drive_dir, ENTRY, manifest) or file_hash(path) in SHIPPED_CODE:
        return True
    if os.path.getsize(path) > 64:
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
    during = sum(len(hashes) for hashes in _manifest(drive_dir).values()) + len(plan.stale)
    during += sum(1 + os.path.isfile(destination) for _, _, destination in plan.changed)
    lines = max(during, len(plan.changed) + plan.unchanged) + 1  # the manifest's, at most
    needed += room(MANIFEST_LINE * lines)
    freed = sum(on_drive(target) for target, _, _ in plan.changed
                if not (target == ENTRY and plan.keep_code))  # the maker's code.py stays
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


def hashes_of(folder, targets):
    """{target: {the sha256 of its file in ``folder``}}: a manifest of those files."""
    return {target: {file_hash(os.path.join(folder, *target.split("/")))} for target in targets}


def file_hash(path):
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


def _manifest(drive_dir):
    """{drive path: the sha256 of the bytes deploy wrote there} (empty: none on the drive)."""
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
            found.setdefault(target, set()).add(digest)
    return found


def write_manifest(drive_dir, hashes):
    """Write the manifest: {drive path: the hashes its bytes may have} (one line each).

    The bundle carries one too (``make bundle`` writes it), so that a drive the
    zip was unpacked onto knows the game's files as a deployed one does."""
    path = os.path.join(drive_dir, *MANIFEST.split("/"))
    os.makedirs(os.path.dirname(path), exist_ok=True)
    try:  # whole or not at all: a manifest cut short would disown the game's files
        with open(path + ".new", "w", encoding="utf-8") as file:
            file.write("\n".join([MANIFEST_HEADER] + ["%s %s" % (digest, target)
                                                      for target in sorted(hashes)
                                                      for digest in sorted(hashes[target])])
                       + "\n")
        os.replace(path + ".new", path)
    except BaseException:
        try:
            os.remove(path + ".new")
        except OSError:
            pass
        raise


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
