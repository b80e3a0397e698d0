"""Print the screen's figures: RAM of what the UI allocates, pixels redrawn.

``python -m host_sim ui-bench [--turns N] [--mash N]``

* RAM: the displayio objects of each screen (bitmaps, tile grids, groups,
  palettes, labels), counted by walking the screen's group and sizing each
  object as CircuitPython lays it out (estimates, documented below; shared
  sprite sheets counted once). On the board ``feedback.mem`` prints
  ``gc.mem_free()`` at every screen change for the real figure.
* Redraw: the pixels of the dirty areas that displayio refreshes (as the
  board sends them to the TFT) for a cursor move, a whole turn, a screen.
* Mash: random presses with restarts, timed (the tests run a bounded share).
"""

import argparse
import sys
import time

from host_sim import number_in

SCREEN = 160 * 128
MAX_TURNS = 200  # more than a round has
MAX_MASH = 1000000  # presses: some hours

# CircuitPython object sizes in bytes (32-bit board; from the C structs,
# rounded up to the 16-byte heap blocks):
BITMAP_OBJECT = 48  # displayio_bitmap_t
TILEGRID_OBJECT = 112  # displayio_tilegrid_t, tiles inline when <= 4
GROUP_OBJECT = 48  # displayio_group_t + its mp_obj_list_t
PALETTE_OBJECT = 32  # displayio_palette_t
PALETTE_ENTRY = 8  # per colour: rgb888 + cached rgb565/luma/chroma
TEXT_OBJECT = 96  # screens.Text: a Python instance with 4 attributes (its Group apart)
SHAPE_OBJECT = 96  # vectorio_rectangle_t + its vectorio_vector_shape_t (an overlay's frame)


def _round(size):
    return (size + 15) // 16 * 16


def bitmap_bytes(bitmap):
    bits = bitmap._bits_per_value
    stride = (bitmap.width * bits + 31) // 32
    return _round(BITMAP_OBJECT) + _round(stride * 4 * bitmap.height)


def ram(item, seen, totals):
    """Add ``item`` (and what it holds) to ``totals`` by kind; each object once."""
    import displayio
    from lostcities.screens import Text
    if id(item) in seen:
        return
    seen.add(id(item))
    import vectorio
    if isinstance(item, Text):
        totals["labels"] += TEXT_OBJECT
    if isinstance(item, vectorio.Rectangle):
        totals["shapes"] += SHAPE_OBJECT
        shader = item.pixel_shader
        if id(shader) not in seen:
            seen.add(id(shader))
            totals["palettes"] += _round(PALETTE_OBJECT + PALETTE_ENTRY * len(shader))
    if isinstance(item, displayio.Group):
        totals["groups"] += _round(GROUP_OBJECT + 8 + 4 * len(item))
        for child in item:
            ram(child, seen, totals)
    elif isinstance(item, displayio.TileGrid):
        tiles = item.width * item.height
        totals["tile grids"] += _round(TILEGRID_OBJECT) + (
            _round(tiles) if tiles > 4 else 0)
        bitmap = item.bitmap
        if id(bitmap) not in seen and isinstance(bitmap, displayio.Bitmap):
            seen.add(id(bitmap))
            totals["bitmaps"] += bitmap_bytes(bitmap)
        shader = item.pixel_shader
        if id(shader) not in seen and isinstance(shader, displayio.Palette):
            seen.add(id(shader))
            totals["palettes"] += _round(PALETTE_OBJECT + PALETTE_ENTRY * len(shader))


def screen_ram(app):
    """RAM by kind for the screen on show (and the table kept behind it), plus
    the table's sprite sheets while the app holds them (the font's is in the
    firmware's flash)."""
    from lostcities.screens import font_sheet
    totals = {"bitmaps": 0, "tile grids": 0, "groups": 0, "palettes": 0,
              "labels": 0, "shapes": 0}
    seen = {id(font_sheet()[0])}
    sheets = app.sheets
    if sheets is not None:
        for bitmap in (sheets.hand, sheets.piles, sheets.mini, sheets.text, sheets.bar):
            seen.add(id(bitmap))
            totals["bitmaps"] += bitmap_bytes(bitmap)
        for palette in sheets.palettes + sheets.card_palettes + (
                sheets.neutral, sheets.text_palette):
            seen.add(id(palette))
            totals["palettes"] += _round(PALETTE_OBJECT + PALETTE_ENTRY * len(palette))
    ram(app.display.root_group, seen, totals)
    if app.table is not None:  # kept while the pass, pause or round screen shows
        ram(app.table.group, seen, totals)
    return totals


def print_ram(name, totals):
    parts = ", ".join("%s %d" % (kind, size) for kind, size in totals.items())
    print("  %-9s %6d bytes (%s)" % (name, sum(totals.values()), parts))


def redraw_figures(turns):
    """Cursor moves and whole turns against the AI, and two-player turns."""
    from host_sim.testing.harness import Driver, presses_for
    from lostcities import ai
    from lostcities import buttons as btn
    from lostcities.rng import Rng
    from lostcities.screens.table import SHOWN

    driver = Driver(seed=12, profile={"mode": "ai", "level": "normal"}, render=False)
    display = driver.display
    print("RAM (estimated CircuitPython layout, sheets and palettes included):")
    print_ram("title", screen_ram(driver.app))
    driver.press(btn.A)
    print_ram("table", screen_ram(driver.app))
    overlay_figures(driver)
    rng = Rng(1)
    cursor, turn_pixels, phase_pixels, end_pixels = [], [], [], []
    for _ in range(turns):
        if driver.screen != "table":
            break
        table = driver.app.table
        if table.step == SHOWN:  # the AI's last move on show: on to the scores
            driver.press(btn.A)
            break
        move = ai.choose_move(driver.app.match.state.view(table.viewer), "normal", rng)
        presses = presses_for(table, move)
        start = display.total_pixels
        for action in presses:
            before = display.total_pixels
            step = table.step
            driver.press(action)
            spent = display.total_pixels - before
            if action in (btn.LEFT, btn.RIGHT) and table.step == step:
                cursor.append(spent)
            elif table.step == SHOWN:  # your move, then the AI's ends the round
                end_pixels.append(spent)
            elif table.step != step and table.step != 3:
                phase_pixels.append(spent)
        if driver.screen == "table" and table.step != SHOWN:  # not the round's last
            turn_pixels.append(display.total_pixels - start)
    print_ram("%s" % driver.screen, screen_ram(driver.app))
    print("Redraw (pixels of the %d-pixel screen):" % SCREEN)
    if cursor:
        print("  cursor move: mean %d, max %d (%.1f%% of the screen)" % (
            sum(cursor) // len(cursor), max(cursor), 100.0 * max(cursor) / SCREEN))
    if phase_pixels:
        print("  choosing a card / play or discard: mean %d, max %d" % (
            sum(phase_pixels) // len(phase_pixels), max(phase_pixels)))
    print("  whole turn against the AI (your presses, its move): mean %d (%.0f%%),"
          " max %d, over %d turns" % (
              sum(turn_pixels) // len(turn_pixels),
              100.0 * sum(turn_pixels) / len(turn_pixels) / SCREEN,
              max(turn_pixels), len(turn_pixels)))
    if end_pixels:
        print("  your last draw and the AI's round-ending move on show: %d" % (
            end_pixels[0]))

    duel = Driver(seed=12, profile={"mode": "duel"}, render=False)
    duel.press(btn.A)
    duel.press(btn.A)
    start = duel.display.total_pixels
    duel.press_all(["A", "DOWN", "A", "A"])
    print("  two-player turn with the pass screen: %d (%.1f screens)" % (
        duel.display.total_pixels - start,
        (duel.display.total_pixels - start) / float(SCREEN)))


def overlay_figures(driver):
    """The table's new parts: SELECT's pages (RAM with the longest on show,
    pixels redrawn), the value preview of a picked card, the drawn card's mark."""
    from lostcities import buttons as btn
    from lostcities.screens.info import PAGES
    display = driver.display
    if driver.screen != "table":
        return
    table = driver.app.table
    print("Overlays and the new parts of the table:")
    before = sum(screen_ram(driver.app).values())
    pages = []
    most = 0
    for _ in range(PAGES):
        start = display.total_pixels
        driver.press(btn.SELECT)
        pages.append(display.total_pixels - start)
        most = max(most, sum(screen_ram(driver.app).values()))
    start = display.total_pixels
    driver.press(btn.SELECT)
    print("  SELECT's pages: +%d bytes at the longest (its lines' tile grids),"
          " redraw %s pixels, closing %d" % (
              most - before, "/".join("%d" % p for p in pages),
              display.total_pixels - start))
    start = display.total_pixels
    driver.press(btn.A)
    print("  picking a card (it rises, the status line previews its play): %d pixels"
          % (display.total_pixels - start))
    driver.press(btn.B)
    print("  the drawn card's mark: %d tiles in hand.bmp (%d bytes of the sheet),"
          " no redraw of its own (slot %d now)" % (
              6, 6 * 20 * 14 // 4, table.new_slot))


def mash(presses):
    """Random presses with a restart every 100, timed."""
    from host_sim.testing.harness import Driver
    from lostcities import buttons as btn
    from lostcities.rng import Rng
    rng = Rng(presses)
    keys = (btn.A,) * 5 + (btn.LEFT, btn.RIGHT) * 3 + (btn.UP, btn.DOWN, btn.B,
                                                       btn.START, btn.SELECT)
    driver = Driver(seed=3, render=False)
    began = time.monotonic()
    for count in range(1, presses + 1):
        driver.press(keys[rng.randbelow(len(keys))])
        if count % 100 == 0:
            driver = Driver(seed=count, nvm=driver.nvm, render=False)
    print("Mash: %d random presses with %d restarts in %.1f s, no exception" % (
        presses, presses // 100, time.monotonic() - began))


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_sim ui-bench")
    parser.add_argument("--turns", type=number_in(1, MAX_TURNS), default=30,
                        help="turns against the AI to measure (the round's end stops them)")
    parser.add_argument("--mash", type=number_in(0, MAX_MASH), default=2000,
                        help="random presses to time (0: none)")
    args = parser.parse_args(argv)
    redraw_figures(args.turns)
    if args.mash:
        mash(args.mash)
    return 0


if __name__ == "__main__":
    sys.exit(main())
