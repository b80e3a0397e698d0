"""The board's heap after importing everything it runs, measured under MicroPython.

MicroPython's WebAssembly port is 32-bit like the board, so its live heap after
``gc.collect()`` is close to what the modules' bytecode and globals take on a
PyBadge (about 140 KB free for everything). The figures are printed per module;
the test fails only past a generous bound, to catch a module that bloats.
"""

from test_board import FIRMWARE_STAND_INS, micropython_with_board

# What the board has imported once every screen has been shown (code.py imports
# lostcities.hardware and lostcities.app; the app imports the screens lazily).
BOARD_IMPORTS = (
    "lostcities.hardware", "lostcities.app", "lostcities.screens.table",
    "lostcities.screens.title", "lostcities.screens.summary",
    "lostcities.screens.passing", "lostcities.screens.help",
)
# Two thirds of the PyBadge's ~140 KB free heap: the rest is for the screens'
# bitmaps (about 11 KB), the match, the AI's search and garbage between collections.
BOUND = 96 * 1024


def test_everything_the_board_imports_fits_two_thirds_of_the_heap(built, tmp_path):
    with micropython_with_board(built, tmp_path) as mp:
        mp.run("import %s\nimport gc\ngc.collect()" % ", ".join(FIRMWARE_STAND_INS))
        base = int(mp.run("print(gc.mem_alloc())"))
        last = base
        print("\nlive heap after import, MicroPython (bytes):")
        for module in BOARD_IMPORTS:
            mp.run("import %s\ngc.collect()" % module)
            now = int(mp.run("print(gc.mem_alloc())"))
            print("  %-28s +%6d  (total %6d)" % (module, now - last, now - base))
            last = now
        imported = [line for line in mp.run(
            "import sys\nfor name in sorted(sys.modules):\n    print(name)").split()]
    total = last - base
    print("  everything the board imports: %d bytes" % total)
    assert "lostcities.record" not in imported  # records stay on the laptop
    assert total < BOUND, "the board's modules take %d bytes of heap" % total
