"""Run the game on CircuitPython's own interpreter, built like a PyBadge's for memory.

The interpreter is CircuitPython's unix port with the board's own C display
code (``displayio``, ``fontio``, ``terminalio``, ``vectorio`` and ``lcrender``,
which composites a group into the pixels a PyBadge's panel shows):
``$CIRCUITPYTHON_DISPLAY``, ``circuitpython-display`` on PATH, or
``../shared/tools/circuitpython-display`` beside the project (its README says how
it was built), CircuitPython 10; the same built from 9.2.9 as
``$CIRCUITPYTHON9_DISPLAY`` or ``circuitpython9-display`` (``major=9``). :func:`run_scenario` boots a drive's ``code.py`` there with the
firmware stand-ins of ``host_sim/testing/firmware/`` (only for what the
interpreter lacks: board, keypad, microcontroller, supervisor, pins, audio,
NeoPixels) and plays a scenario through the buttons; :func:`smallest_heap` finds
the least ``-X heapsize`` it passes in.

    drive = make_drive(folder, mpy=True)        # the bundle as make bundle builds it
    result = run_scenario(drive, Scenario("match", mode="ai", level="hard"), 128)
    result.ok, result.figures["live"]
"""

import os
import shutil
import subprocess
import tempfile

from host_sim import ROOT

# Where each major version's interpreter is looked for: its variable, its name
# on PATH (the same name beside the project, in ../shared/tools/)
PLACES = {10: ("CIRCUITPYTHON_DISPLAY", "circuitpython-display"),
          9: ("CIRCUITPYTHON9_DISPLAY", "circuitpython9-display")}
SHARED = os.path.join(os.path.dirname(ROOT), "shared", "tools")
FIRMWARE = os.path.join(ROOT, "host_sim", "testing", "firmware")
KB = 1024


class CircuitPythonUnavailable(RuntimeError):
    """There is no CircuitPython unix-port interpreter with the display code to run."""


def find_interpreter(given=None, major=10):
    """The path of CircuitPython ``major``'s interpreter (``given``, else the
    usual places); raises CircuitPythonUnavailable saying where it looked."""
    variable, name = PLACES[major]
    shared = os.path.join(SHARED, name)
    places = (given,) if given else (os.environ.get(variable), shutil.which(name), shared)
    for candidate in places:
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    raise CircuitPythonUnavailable(
        "CircuitPython %d's unix port with the board's display code was not found (%s)" % (
            major, given if given else "$%s, '%s' on PATH, or %s" % (variable, name, shared)))


def run(args, heap_kb, timeout=600, cwd=None, major=10):
    """Run CircuitPython ``major``'s interpreter with a heap of ``heap_kb`` KB;
    returns the CompletedProcess."""
    command = [find_interpreter(major=major), "-X", "heapsize=%dk" % heap_kb] + list(args)
    return subprocess.run(command, capture_output=True, text=True, timeout=timeout, cwd=cwd)


def run_source(source, heap_kb=2048, timeout=600):
    """Run Python ``source`` with this repository's ``lostcities`` and
    ``host_sim/testing/workloads.py`` (as ``workloads``) importable; returns what it
    printed. Raises RuntimeError with the interpreter's traceback if it fails."""
    with tempfile.TemporaryDirectory() as scratch:
        shutil.copy(os.path.join(ROOT, "host_sim", "testing", "workloads.py"), scratch)
        prelude = "import sys\nsys.path[:0] = [%r, %r]\n" % (scratch, ROOT)
        done = run(["-c", prelude + source], heap_kb, timeout, cwd=scratch)
    if done.returncode:
        raise RuntimeError("CircuitPython failed:\n" + (done.stderr or done.stdout).strip())
    return done.stdout


def make_drive(out_dir, mpy):
    """A CIRCUITPY folder: the bundle as ``make bundle`` builds it (``mpy``) or of .py sources."""
    from host_sim.tools import bundle
    mpy_cross = bundle.find_mpy_cross()[0] if mpy else None
    if mpy and mpy_cross is None:
        raise CircuitPythonUnavailable("no CircuitPython mpy-cross to build the .mpy bundle")
    bundle.build(out_dir, mpy_cross)
    return os.path.join(out_dir, "CIRCUITPY")


class Scenario:
    """What the rig plays: ``kind`` "match", "review" (a match whose every
    round's review is read), "lesson" (Learn on the title, the coach's words
    pressed through) or "fuzz", with the match settings, on a firmware
    ``without`` some of its modules (those a language's build leaves out:
    "terminalio", "vectorio").

    The settings are written into the NVM as the saved profile before the
    board boots, as a player would have chosen them (``resume``: the Resume
    setting, lostcities.RESUMES; None, the default)."""

    def __init__(self, kind, mode="ai", level="normal", colors=5, rounds=3, seed=1,
                 presses=3000, board_id="pybadge", without=(), resume=None):
        self.kind = kind
        self.mode = mode
        self.level = level
        self.colors = colors
        self.rounds = rounds
        self.seed = seed
        self.presses = presses
        self.board_id = board_id
        self.without = tuple(without)
        self.resume = resume

    @property
    def name(self):
        who = ("vs " + self.level) if self.mode == "ai" else "2 players"
        if self.kind == "lesson":
            from lostcities import LEVELS
            name = "the lesson (Learn), vs %s, 5 colours" % LEVELS[0]
        elif self.kind == "fuzz":
            name = "fuzz %d presses, %s, %d colours" % (self.presses, who, self.colors)
        else:
            name = "%d-round match %s, %d colours%s" % (
                self.rounds, who, self.colors,
                ", each round reviewed" if self.kind == "review" else "")
        return name + ("".join(", no " + module for module in self.without))

    def nvm(self):
        """The NVM's bytes at power-on: erased, with this scenario's settings saved."""
        from host_sim.testing.firmware.scripted import save_settings
        settings = {"mode": self.mode, "level": self.level, "colors": self.colors,
                    "rounds": self.rounds}
        if self.resume:
            settings["resume"] = self.resume
        return bytes(save_settings(bytearray(b"\xff" * 8192), settings))


class Result:
    """One run: ``ok``, the rig's ``figures`` (bytes, counts) or the ``reason`` it failed."""

    def __init__(self, ok, figures, reason, output):
        self.ok = ok
        self.figures = figures
        self.reason = reason
        self.output = output

    def __repr__(self):
        return "Result(%r, %r, %r)" % (self.ok, self.figures, self.reason)


CUT = 3  # the rig's exit status at a power cut: boot again over the NVM it wrote


def run_scenario(drive, scenario, heap_kb, timeout=600, major=10):
    """Boot ``drive`` on CircuitPython ``major``'s interpreter with a heap of
    ``heap_kb`` KB and play ``scenario``.

    At each power cut the rig stops and a fresh interpreter boots over the NVM
    it left, as a reset does on the board; the figures add up over the boots
    (``boots``; ``peak``, ``live`` and ``base`` are the most of any boot).

    The run is made in a copy of the drive, beside the rig and the NVM's file,
    in a scratch folder whose path is the same wherever the checkout and the
    drive are ("/tmp/lostcities-rig-0000"): the interpreter holds the paths it
    is given and the drive's (the assets' mount point, every picture's path) in
    its heap, and a need moved by a few KB with their length (docs/memory.md).
    A checkout elsewhere, as on CI, then plays the same layout."""
    scratch = _scratch()
    try:
        played = os.path.join(scratch, "CIRCUITPY")
        shutil.copytree(drive, played, ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copytree(FIRMWARE, os.path.join(scratch, "rig"),
                        ignore=shutil.ignore_patterns("__pycache__"))
        with open(os.path.join(scratch, "nvm.bin"), "wb") as file:
            file.write(scenario.nvm())
        rig, nvm_path = "../rig/board_rig.py", "../nvm.bin"
        boots, done, matches, total = 0, 0, 0, {}
        output = ""
        while True:
            boots += 1
            # run in the drive, as the board does: the game's files then have
            # paths as short as the board's ("./lostcities/app.py"), which the
            # heap holds as names
            args = [rig, ".", scenario.kind, "seed=%d" % (scenario.seed * 1000 + boots),
                    "nvm=" + nvm_path, "presses=%d" % scenario.presses, "done=%d" % done,
                    "matches_done=%d" % matches, "board_id=" + scenario.board_id,
                    "boot=%d" % boots, "without=" + ",".join(scenario.without)]
            finished = run(args, heap_kb, timeout, cwd=played, major=major)
            output += finished.stdout + finished.stderr
            lines = finished.stdout.strip().splitlines()
            last = lines[-1] if lines else ""
            if finished.returncode not in (0, CUT) or not last.startswith(("RESULT ", "CUT ")):
                reason = last[5:] if last.startswith("FAIL ") else (
                    finished.stderr.strip().splitlines()
                    or ["exit status %d" % finished.returncode])[-1]
                return Result(False, None, reason, output)
            figures = _fields(last)
            figures.update(_names(lines))
            _add_up(total, figures)
            done, matches = figures["presses"], figures["matches"]
            if finished.returncode == 0:
                total["boots"] = boots
                return Result(True, total, None, output)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


SCRATCH = "lostcities-rig-"  # the scratch folders' names: a number, or "new-" and a process id


def _scratch():
    """A new scratch folder, "/tmp/lostcities-rig-0000" or the next number free
    (the bench plays scenarios side by side): always a path of one length.
    It is made whole under its maker's process id, then named: a folder left
    by a process that is gone (a Ctrl-C ends the bench with runs under way)
    is removed by the next run."""
    parent = "/tmp" if os.path.isdir("/tmp") else tempfile.gettempdir()
    _remove_left(parent)
    made = tempfile.mkdtemp(prefix="%snew-%d-" % (SCRATCH, os.getpid()), dir=parent)
    with open(os.path.join(made, "owner"), "w") as file:
        file.write(str(os.getpid()))
    for number in range(10000):
        path = os.path.join(parent, "%s%04d" % (SCRATCH, number))
        if os.path.exists(path):  # (rename would replace an empty folder)
            continue
        try:
            os.rename(made, path)
        except OSError:  # taken meanwhile
            continue
        return path
    shutil.rmtree(made, ignore_errors=True)
    raise RuntimeError("no free scratch folder in %s" % parent)


def _remove_left(parent):
    """Remove the scratch folders in ``parent`` whose maker's process is gone."""
    for name in os.listdir(parent):
        if not name.startswith(SCRATCH):
            continue
        path = os.path.join(parent, name)
        if name.startswith(SCRATCH + "new-"):  # its maker's id in its name
            owner = name[len(SCRATCH) + 4:].split("-")[0]
        else:  # in its file, written before it was named
            try:
                with open(os.path.join(path, "owner")) as file:
                    owner = file.read()
            except OSError:
                continue
        if owner.isdigit() and _gone(int(owner)):
            shutil.rmtree(path, ignore_errors=True)


def _gone(process):
    try:
        os.kill(process, 0)
    except ProcessLookupError:
        return True
    except OSError:  # alive, another user's
        return False
    return False


def _fields(line):
    figures = {}
    for field in line.split()[1:]:
        key, value = field.split("=", 1)
        figures[key] = int(value) if value.isdigit() else value
    return figures


def _names(lines):
    """From the rig's micropython.qstr_info() lines, the first at its base and
    the last at its end: the names (qstrs) interned before the game booted
    (``rig_names``: the rig's own, its stand-ins' and those filling the names'
    tables) and in all (``names``), and the tables they filled
    (``name_tables``: each made when the last is full, twice its size)."""
    found = [dict(field.split("=") for field in line[len("qstr pool: "):].split(", "))
             for line in lines if line.startswith("qstr pool: ")]
    if not found:
        return {}
    return {"rig_names": int(found[0]["n_qstr"]), "names": int(found[-1]["n_qstr"]),
            "name_tables": int(found[-1]["n_pool"])}


def _add_up(total, figures):
    """Fold one boot's figures into the run's: the worst heap, the sums of counts."""
    if figures["live"] > total.get("live", -1):
        for key in ("base", "tables", "peak", "live", "peak_screen"):
            total[key] = figures[key]
    for key in ("cuts", "torn", "nvm_writes", "player_moves"):
        total[key] = total.get(key, 0) + figures[key]
    for key in ("presses", "matches"):
        total[key] = figures[key]
    for key in ("rig_names", "names", "name_tables"):
        total[key] = max(total.get(key, 0), figures.get(key, 0))
    screens = total.get("screens", "").split(",") if total.get("screens") else []
    for name in figures["screens"].split(","):
        if name and name not in screens:
            screens.append(name)
    total["screens"] = ",".join(screens)


def least_heap(passes, low_kb, high_kb):
    """The least heap in KB, above ``low_kb``, where ``passes(heap_kb)`` holds,
    and what it returned there; ``passes(high_kb)`` must hold."""
    best = passes(high_kb)
    while high_kb - low_kb > 1:
        middle = (low_kb + high_kb) // 2
        result = passes(middle)
        if result:
            high_kb, best = middle, result
        else:
            low_kb = middle
    return high_kb, best


def smallest_heap(drive, scenario, low_kb=48, high_kb=256):
    """The least heap (in KB) in which ``scenario`` passes, that passing Result,
    the heaps above it in which it failed, of those tried, and the Result in
    ``high_kb`` (where nothing is short of heap: every sound plays, every save
    is written, so the live heap is at its most).

    Passing is not quite monotonic in the heap's size: near the least heap,
    one a KB or two above it may fail, where a big allocation happens to find
    no piece of its size. So a bisection first, then steps down from what it
    found until three heaps in a row fail.
    Raises RuntimeError if it fails even in ``high_kb`` (a bug, not memory)."""
    roomy = run_scenario(drive, scenario, high_kb)
    if not roomy.ok:
        raise RuntimeError("%s fails even with a %d KB heap: %s\n%s" % (
            scenario.name, high_kb, roomy.reason, roomy.output[-2000:]))
    tried = {high_kb: roomy}

    def passes(heap_kb):
        if heap_kb not in tried:
            tried[heap_kb] = run_scenario(drive, scenario, heap_kb)
        return tried[heap_kb] if tried[heap_kb].ok else None
    heap_kb, best = least_heap(passes, low_kb, high_kb)
    below = heap_kb - 1
    while below > low_kb and heap_kb - below <= 3:
        result = passes(below)
        if result:
            heap_kb, best = below, result
        below -= 1
    failed = sorted(kb for kb in tried if kb > heap_kb and not tried[kb].ok)
    return heap_kb, best, failed, roomy
