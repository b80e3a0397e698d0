"""Measure adafruit_display_text and adafruit_displayio_layout against the game's tile text.

``python -m host_sim text-libraries [--libs DIR] [--no-peak]``

Every figure comes from CircuitPython's unix port with the board's own C
display code (``circuitpython-display``, found as the board tests find it):
``displayio``, ``terminalio.FONT`` and ``fontio`` as a PyBadge has them, one
heap of exactly ``-X heapsize``, ``gc.mem_alloc()`` read around each step.
Each library module is compiled to ``.mpy`` by CircuitPython's ``mpy-cross``
as ``make bundle`` would ship it in ``lib/`` (``-O3``), and so is the game's
``lostcities/``; the scripts run in a scratch drive laid out like the board's
(``lostcities/``, ``lib/``). The board's built-in ``supervisor`` (which
``adafruit_ticks``, imported by ``bitmap_label``, uses) is the test
firmware's stand-in, imported before anything is counted.

For ``adafruit_display_text.label.Label``, ``adafruit_display_text.bitmap_label.Label``
and the game's ``Text`` (``lostcities.screens.label``) it prints:

* import: the heap kept after the import and ``gc.collect()``; the free heap
  it needs (the least ``-X heapsize``, in whole KB, the import runs in, less
  the heap live before it: up to 1 KB over); the names (qstrs) it adds, which
  stay when the module is let go, and what stays once the labels and the
  modules are let go (the game's ``Text`` is counted over
  ``lostcities.sprites``, which every screen of the game has loaded);
* a label of 20 characters (ten made, the heap divided by ten, after a
  first one that pays any one-time cost) and a 26x9 block (a screen-full);
* a change of ``.text`` to another text of the same length: what it
  allocates (``gc.disable()`` during the change) and what it keeps after
  ``gc.collect()``;
* a screen: the free heap the import, a 26x9 block and a change of its
  text need together (as above);
* that the three draw a 20-character text in the same pixels (``lcrender``).

For ``adafruit_displayio_layout``'s ``GridLayout``: its import, and a 2x5 grid
of 12-character labels of each kind (the grid's own heap over the labels',
and a plain ``displayio.Group`` holding the same labels, placed by x and y).

The libraries come from PyPI's wheels, downloaded once into ``--libs``
(default ``build/text-libraries``)::

    pip download --no-deps -d build/text-libraries adafruit-circuitpython-display-text \\
        adafruit-circuitpython-displayio-layout adafruit-circuitpython-ticks

The figures and the decision are in docs/text.md.
"""

import argparse
import glob
import os
import sys
import tempfile
import zipfile

from host_sim import ROOT

DEFAULT_LIBS = os.path.join("build", "text-libraries")
PACKAGES = ("adafruit-circuitpython-display-text", "adafruit-circuitpython-displayio-layout",
            "adafruit-circuitpython-ticks")
# the library modules measured (and what they import), as their drive paths under lib/
MODULES = ("adafruit_display_text/__init__.py", "adafruit_display_text/label.py",
           "adafruit_display_text/bitmap_label.py", "adafruit_ticks.py",
           "adafruit_displayio_layout/__init__.py",
           "adafruit_displayio_layout/layouts/__init__.py",
           "adafruit_displayio_layout/layouts/grid_layout.py")
KB = 1024
HEAP_KB = 256  # the measuring runs' heap: roomy, nothing is short of space
SEARCH_KB = (4, 256)  # the least heap is searched between these

# (name, what it is, imported before counting, the import, a label of `text`, the
# modules to forget after: their names start so)
KINDS = (
    ("label", "adafruit_display_text.label.Label", "",
     "from adafruit_display_text.label import Label",
     "Label(terminalio.FONT, text=text, color=0xFFFFFF)", "adafruit_"),
    ("bitmap_label", "adafruit_display_text.bitmap_label.Label", "",
     "from adafruit_display_text.bitmap_label import Label",
     "Label(terminalio.FONT, text=text, color=0xFFFFFF)", "adafruit_"),
    ("tile text", "the game's Text (lostcities.screens.label)", "import lostcities.sprites",
     "from lostcities.screens import label as Label",
     "Label(text, 0, 0)", "lostcities.screens"),
)
GRID_IMPORT = "from adafruit_displayio_layout.layouts.grid_layout import GridLayout"

PRELUDE = """\
import sys
sys.path[:] = ['', 'lib', 'standins']
import gc, supervisor, displayio, terminalio
"""

# same-length texts, built before anything is counted
TEXTS = """\
A = 'Discard: yellow 7 +3'
B = 'Hint: play red 9 now'
BLOCK_A = '\\n'.join(('%-26s' % ('Menu line %d: some words' % i))[:26] for i in range(9))
BLOCK_B = '\\n'.join(('%-26s' % ('Other row %d, other text' % i))[:26] for i in range(9))
CELLS = ['Cell %d: text' % i for i in range(10)]
CELLS = [(cell + '       ')[:12] for cell in CELLS]
def make(text):
    return {make}
def change(item, text):
    gc.collect()
    before = gc.mem_alloc()
    gc.disable()
    item.text = text
    during = gc.mem_alloc() - before
    gc.enable()
    gc.collect()
    return during, gc.mem_alloc() - before
"""

LABELS = """\
import micropython
gc.collect()
base = start = gc.mem_alloc()
micropython.qstr_info()
{imp}
gc.collect()
print('import', gc.mem_alloc() - base)
micropython.qstr_info()
{texts}
gc.collect()
base = gc.mem_alloc()
first = make(A)
gc.collect()
print('first', gc.mem_alloc() - base)
items = [None] * 10
gc.collect()
base = gc.mem_alloc()
for index in range(10):
    items[index] = make(A)
gc.collect()
print('ten', gc.mem_alloc() - base)
gc.collect()
base = gc.mem_alloc()
block = make(BLOCK_A)
gc.collect()
print('block', gc.mem_alloc() - base)
print('change', *change(items[0], B))
print('change_again', *change(items[0], A))
print('block_change', *change(block, BLOCK_B))
print('block_change_again', *change(block, BLOCK_A))
assert items[0].text == A and block.text == BLOCK_A
first = items = block = Label = make = None
for name in list(sys.modules):
    if name.startswith({forget!r}):
        del sys.modules[name]
        parent, _, child = name.rpartition('.')
        if parent in sys.modules and hasattr(sys.modules[parent], child):
            delattr(sys.modules[parent], child)
gc.collect()
print('forgotten', gc.mem_alloc() - start)
"""

GRID = """\
import micropython
gc.collect()
base = gc.mem_alloc()
micropython.qstr_info()
{grid_import}
gc.collect()
print('import', gc.mem_alloc() - base)
micropython.qstr_info()
{imp}
{texts}
items = [None] * 10
gc.collect()
base = gc.mem_alloc()
for index in range(10):
    items[index] = make(CELLS[index])
gc.collect()
print('labels', gc.mem_alloc() - base)
base = gc.mem_alloc()
plain = displayio.Group()
for index in range(10):
    items[index].x = 80 * (index % 2)
    items[index].y = 12 * (index // 2)
    plain.append(items[index])
gc.collect()
print('group', gc.mem_alloc() - base)
while len(plain):
    plain.pop()
plain = None
gc.collect()
base = gc.mem_alloc()
grid = GridLayout(x=0, y=0, width=160, height=60, grid_size=(2, 5))
for index in range(10):
    grid.add_content(items[index], grid_position=(index % 2, index // 2), cell_size=(1, 1))
gc.collect()
print('grid', gc.mem_alloc() - base)
assert len(grid) == 10
"""

# the pixels a 20-character label shows at the top-left corner, as the panel would
RENDER = """\
import lcrender
{imp}
{texts}
group = displayio.Group()
item = make(B)
if hasattr(item, 'anchor_point'):
    item.anchor_point = (0, 0)
    item.anchored_position = (0, 0)
group.append(item)
screen = displayio.Bitmap(160, 128, 65536)
lcrender.render(group, screen)
lit = [(x, y) for y in range(12) for x in range(160) if screen[x, y]]
print('pixels', len(lit), sum(x * 131 + y for x, y in lit))
"""

SCREEN = """\
{imp}
block = make(BLOCK_A)
block.text = BLOCK_B
"""


class Missing(Exception):
    """Something the measurement needs is not here; the message says what in one line."""


def _sources(libs):
    """{module's path under lib/: its source} from the wheels (or unpacked sources) in ``libs``."""
    found = {}
    for wheel in sorted(glob.glob(os.path.join(libs, "*.whl"))):
        with zipfile.ZipFile(wheel) as archive:
            for name in archive.namelist():
                if name in MODULES and name not in found:
                    found[name] = archive.read(name)
    for name in MODULES:
        for folder in (libs, os.path.join(libs, "src")):
            path = os.path.join(folder, *name.split("/"))
            if name not in found and os.path.isfile(path):
                with open(path, "rb") as file:
                    found[name] = file.read()
    missing = [name for name in MODULES if name not in found]
    if not found:
        raise Missing("text-libraries: no wheels of the libraries in %s; get them with: pip"
                      " download --no-deps -d %s %s" % (libs, libs, " ".join(PACKAGES)))
    if missing:
        raise Missing("text-libraries: %s lacks %s; get the wheels with: pip download --no-deps"
                      " -d %s %s" % (libs, ", ".join(missing), libs, " ".join(PACKAGES)))
    return found


def versions(libs):
    """The wheels' names and versions, as their file names say."""
    return sorted("-".join(os.path.basename(wheel).split("-")[:2])
                  for wheel in glob.glob(os.path.join(libs, "*.whl")))


def make_drive(folder, sources, mpy_cross):
    """A drive in ``folder``: lib/ and lostcities/ as .mpy, the supervisor stand-in."""
    from host_sim.tools import bundle
    scratch = os.path.join(folder, "sources")
    for name, text in sources.items():
        source = os.path.join(scratch, *name.split("/"))
        os.makedirs(os.path.dirname(source), exist_ok=True)
        with open(source, "wb") as file:
            file.write(text)
        target = os.path.join(folder, "lib", *name.split("/"))[:-3] + ".mpy"
        os.makedirs(os.path.dirname(target), exist_ok=True)
        bundle.compile_mpy(mpy_cross, source, target, "lib/" + name)
    for name, source in bundle.game_files().items():
        if name.startswith("lostcities/") and name.endswith(".py"):
            target = os.path.join(folder, *name.split("/"))[:-3] + ".mpy"
            os.makedirs(os.path.dirname(target), exist_ok=True)
            bundle.compile_mpy(mpy_cross, source, target, name)
    os.makedirs(os.path.join(folder, "standins"))
    bundle.compile_mpy(mpy_cross, os.path.join(ROOT, "host_sim", "testing", "firmware",
                                               "supervisor.py"),
                       os.path.join(folder, "standins", "supervisor.mpy"), "supervisor.py")


class Board:
    """Runs scripts in the scratch drive on circuitpython-display.

    Each script is compiled to a .mpy first and imported by a one-line
    ``-c``, so no compiling happens in the heap measured."""

    def __init__(self, drive, mpy_cross):
        self.drive = drive
        self.mpy_cross = mpy_cross
        self.scripts = {}

    def run(self, body, heap_kb=HEAP_KB):
        from host_sim.testing import circuitpython
        from host_sim.tools import bundle
        source = PRELUDE + body
        if source not in self.scripts:
            name = "probe%d" % len(self.scripts)
            path = os.path.join(self.drive, "sources", name + ".py")
            with open(path, "w") as file:
                file.write(source)
            bundle.compile_mpy(self.mpy_cross, path, os.path.join(self.drive, name + ".mpy"),
                               name + ".py")
            self.scripts[source] = name
        return circuitpython.run(["-c", "import " + self.scripts[source]], heap_kb,
                                 timeout=120, cwd=self.drive)

    def figures(self, body):
        """{name: [numbers]} the script printed; RuntimeError with its traceback if it failed."""
        done = self.run(body)
        if done.returncode:
            raise RuntimeError("CircuitPython failed:\n" + (done.stderr or done.stdout).strip())
        figures = {"qstr": []}
        for line in done.stdout.splitlines():
            if line.startswith("qstr pool:"):  # micropython.qstr_info()'s line
                fields = dict(part.strip().split("=") for part in line[10:].split(","))
                figures["qstr"].append((int(fields["n_qstr"]), int(fields["n_total_bytes"])))
            elif line.strip():
                figures[line.split()[0]] = [int(word) for word in line.split()[1:]]
        return figures

    def least_heap(self, body):
        """The least heap in whole KB that ``body`` runs in."""
        low, high = SEARCH_KB
        if self.run(body, high).returncode:
            raise RuntimeError("does not run in %d KB" % high)
        while high - low > 1:
            middle = (low + high) // 2
            if self.run(body, middle).returncode:
                low = middle
            else:
                high = middle
        return high

    def needed(self, before, body):
        """The free heap ``body`` needs after ``before``: the least heap the two run in
        (whole KB, so up to 1 KB over) less the heap live after ``before`` alone."""
        live = self.figures(before + "\ngc.collect()\nprint('live', gc.mem_alloc())\n")
        return self.least_heap(before + "\n" + body + "\n") * KB - live["live"][0]


def measure(board, peaks=True):
    """The figures of every kind: {kind: {figure: bytes}}, and the grid's."""
    results = {}
    for name, _, pre, imp, make, forget in KINDS:
        texts = TEXTS.format(make=make)
        got = board.figures(pre + "\n" + LABELS.format(imp=imp, texts=texts, forget=forget))
        row = {"import": got["import"][0], "first": got["first"][0],
               "label": got["ten"][0] / 10, "block": got["block"][0],
               "change": got["change"], "change_again": got["change_again"],
               "block_change": got["block_change"], "block_change_again":
               got["block_change_again"], "forgotten": got["forgotten"][0],
               "names": got["qstr"][1][0] - got["qstr"][0][0],
               "names_bytes": got["qstr"][1][1] - got["qstr"][0][1]}
        if peaks:
            row["peak"] = board.needed(pre, imp)
            row["screen"] = board.needed(pre + "\n" + texts, SCREEN.format(imp=imp))
        grid = board.figures(pre + "\n" + GRID.format(grid_import=GRID_IMPORT, imp=imp,
                                                      texts=texts))
        row["grid_import"] = grid["import"][0]
        row["grid_names"] = grid["qstr"][1][0] - grid["qstr"][0][0]
        row["grid_labels"] = grid["labels"][0]
        row["grid"] = grid["grid"][0]
        row["group"] = grid["group"][0]
        row["pixels"] = tuple(board.figures(pre + "\n" + RENDER.format(
            imp=imp, texts=texts))["pixels"])
        results[name] = row
    if peaks:
        results["grid_peak"] = board.needed("", GRID_IMPORT)
    return results


def _kb(size):
    return "%.2f KB" % (size / KB) if size >= 1000 else "%d B" % size


def _change(pair):
    return "%s (keeps %s)" % (_kb(pair[0]), _kb(pair[1]))


def report(results, wheels):
    """The figures as a Markdown table."""
    names = [kind[0] for kind in KINDS]
    lines = ["Measured on circuitpython-display (the board's display code), .mpy (-O3);"
             " wheels: " + (", ".join(wheels) or "unpacked sources"), ""]
    lines.append("| | " + " | ".join(names) + " |")
    lines.append("|---" * (len(names) + 1) + "|")

    def row(title, cell):
        lines.append("| %s | %s |" % (title, " | ".join(cell(results[name]) for name in names)))

    row("import, kept", lambda r: _kb(r["import"]))
    if "peak" in results[names[0]]:
        row("import, free heap it needs", lambda r: _kb(r["peak"]))
    row("names (qstrs) the import adds", lambda r: "%d (%s)" % (r["names"],
                                                                _kb(r["names_bytes"])))
    row("kept once its labels and modules are let go", lambda r: _kb(r["forgotten"]))
    row("first label's one-time cost", lambda r: _kb(r["first"] - r["label"]))
    row("a label of 20 characters", lambda r: _kb(r["label"]))
    row("a 26x9 block (a screen-full)", lambda r: _kb(r["block"]))
    row("changing a 20-char label's text", lambda r: _change(r["change"]))
    row("  and changing it back", lambda r: _change(r["change_again"]))
    row("changing the 26x9 block's text", lambda r: _change(r["block_change"]))
    row("  and changing it back", lambda r: _change(r["block_change_again"]))
    if "screen" in results[names[0]]:
        row("free heap for the import, a 26x9 block and a change", lambda r: _kb(r["screen"]))
    row("10 labels of 12 characters", lambda r: _kb(r["grid_labels"]))
    row("  in a plain Group, placed by x, y", lambda r: _kb(r["group"]))
    row("  in a 2x5 GridLayout", lambda r: _kb(r["grid"]))
    grid_import = results[names[0]]["grid_import"]
    lines.append("")
    drawn = set(results[name]["pixels"] for name in names)
    lines.append("The three draw a 20-character text in %s (%d pixels lit)." % (
        "the very same pixels" if len(drawn) == 1 else "DIFFERENT pixels",
        results[names[0]]["pixels"][0]))
    lines.append("GridLayout's import (adafruit_displayio_layout.layouts.grid_layout): kept "
                 + _kb(grid_import) + (", peak %s" % _kb(results["grid_peak"])
                                       if "grid_peak" in results else "")
                 + ", %d names" % results[names[0]]["grid_names"])
    return "\n".join(lines)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m host_sim text-libraries",
        description="Measure adafruit_display_text's labels and adafruit_displayio_layout's"
                    " GridLayout against the game's tile text on CircuitPython's interpreter"
                    " with the board's display code (see docs/text.md).")
    parser.add_argument("--libs", default=DEFAULT_LIBS, metavar="DIR",
                        help="the folder of the libraries' downloaded wheels or unpacked"
                             " sources (default: %(default)s)")
    parser.add_argument("--no-peak", action="store_true",
                        help="skip the least-heap searches (faster)")
    args = parser.parse_args(argv)
    if args.libs == DEFAULT_LIBS:
        args.libs = os.path.join(ROOT, DEFAULT_LIBS)
    from host_sim.testing import circuitpython
    from host_sim.tools import bundle
    try:
        if not os.path.isdir(args.libs):
            raise Missing("text-libraries: no folder %s; get the wheels with: pip download"
                          " --no-deps -d %s %s" % (args.libs, args.libs, " ".join(PACKAGES)))
        sources = _sources(args.libs)
        circuitpython.find_interpreter()
        mpy_cross = bundle.find_mpy_cross()[0]
        if mpy_cross is None:
            raise Missing("text-libraries: no CircuitPython mpy-cross ($MPY_CROSS, on PATH or"
                          " ../shared/tools/mpy-cross)")
    except (Missing, circuitpython.CircuitPythonUnavailable, bundle.BundleError) as error:
        print(str(error).splitlines()[0], file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory() as drive:
        make_drive(drive, sources, mpy_cross)
        results = measure(Board(drive, mpy_cross), peaks=not args.no_peak)
    print(report(results, versions(args.libs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
