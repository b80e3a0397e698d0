"""The pygame window: the board's 160x128 screen, scaled, driven by the keyboard,
its five NeoPixels under it and its speaker's sounds (host_sim/play/feedback.py).

The same ``lostcities`` screens run through Blinka's displayio. The display
only redraws the areas displayio reports dirty, as the board does, and counts
their pixels (``last_pixels``) for the redraw figures.
"""

import sys

from host_sim import number_in

WIDTH = 160
HEIGHT = 128
HELP = ("arrows", "X/space: A", "Z: B", "Enter: START", "Tab: SELECT", "Esc: quit")
HELP_LINE_H = 14


def _keymap(pygame):
    from lostcities import buttons as btn
    return {
        pygame.K_LEFT: btn.LEFT, pygame.K_RIGHT: btn.RIGHT,
        pygame.K_UP: btn.UP, pygame.K_DOWN: btn.DOWN,
        pygame.K_x: btn.A, pygame.K_SPACE: btn.A,
        pygame.K_z: btn.B, pygame.K_BACKSPACE: btn.B,
        pygame.K_RETURN: btn.START, pygame.K_TAB: btn.SELECT,
    }


def make_display(scale=1, window=False, render=True):
    """A displayio display drawing into pygame; a window of ``scale`` if asked.

    ``render=False`` keeps the dirty-area bookkeeping (and its counts) but
    draws no pixels: for long scripted games in the tests.
    """
    import os
    if not window:  # headless: no window to open, no sound to play
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import busdisplay
    import pygame
    from blinka_displayio_pygamedisplay import PyGameDisplay

    from host_sim.play.feedback import STRIP_H

    class SimDisplay(PyGameDisplay):
        """Redraws only dirty areas into a 160x128 surface, then scales it."""

        def _initialize(self, init_sequence):
            pygame.display.init()  # no pygame.init(): the sound opens with the speaker
            self.scale = scale
            self.window = None
            self.strip_top = HEIGHT * scale  # the NeoPixels' strip, under the screen
            if window:
                check_window(pygame)
                pygame.display.set_caption("Lost Cities (simulator)")
                self.help_lines = help_lines(WIDTH * scale)
                self.window = pygame.display.set_mode(
                    (WIDTH * scale, (HEIGHT + STRIP_H) * scale
                     + HELP_LINE_H * len(self.help_lines)))
            self._pygame_screen = pygame.Surface((WIDTH, HEIGHT))
            self.last_areas = []
            self.last_pixels = 0
            self.total_pixels = 0  # over every refresh, for the redraw figures

        def _get_refresh_areas(self):
            areas = busdisplay.BusDisplay._get_refresh_areas(self)
            self.last_areas = []
            pixels = 0
            for area in areas:
                x1, y1 = max(area.x1, 0), max(area.y1, 0)
                x2, y2 = min(area.x2, WIDTH), min(area.y2, HEIGHT)
                if x2 > x1 and y2 > y1:
                    self.last_areas.append((x1, y1, x2, y2))
                    pixels += (x2 - x1) * (y2 - y1)
            self.last_pixels = pixels
            self.total_pixels += pixels
            return areas

        def _refresh_area(self, area):
            if render:
                return PyGameDisplay._refresh_area(self, area)
            return True

        def _refresh_display(self):
            full = self._core.full_refresh
            busdisplay.BusDisplay._refresh_display(self)
            group = self._core.current_group
            if full and group is not None:
                # CircuitPython forgets every change a full refresh drew; Blinka keeps
                # them until the next refresh: settle them as the board does
                group._get_refresh_areas([])
                group._finish_refresh()
            if self.window is not None:
                pygame.transform.scale(self._pygame_screen,
                                       (WIDTH * scale, HEIGHT * scale),
                                       self.window.subsurface(
                                           (0, 0, WIDTH * scale, HEIGHT * scale)))
                pygame.display.flip()

        def surface(self):
            return self._pygame_screen

        def save(self, file, scale=1):
            """The screen as a PNG into ``file``, a path or a binary file object."""
            shot = self._pygame_screen
            if scale != 1:
                shot = pygame.transform.scale(shot, (WIDTH * scale, HEIGHT * scale))
            pygame.image.save(shot, file, "png")

    import displayio
    displayio.release_displays()  # one screen at a time, as on the board
    return SimDisplay(width=WIDTH, height=HEIGHT, auto_refresh=False)


def check_window(pygame):
    """Raise pygame.error unless SDL reached a real display.

    With a stale DISPLAY (no X server there, common over ssh) SDL quietly
    falls back to a driver that draws nowhere: no window, no keys."""
    import os
    driver = pygame.display.get_driver()
    if driver in ("offscreen", "dummy") and os.environ.get("SDL_VIDEODRIVER") != driver:
        raise pygame.error("no display answered (SDL fell back to its %s driver)" % driver)


class KeyboardSource:
    """The laptop keyboard as a button source (pygame key events)."""

    def __init__(self):
        import pygame
        self.pygame = pygame
        self.keymap = _keymap(pygame)
        self.quit = False

    def poll(self, buttons):
        pygame = self.pygame
        for event in pygame.event.get((pygame.KEYDOWN, pygame.KEYUP, pygame.QUIT)):
            if event.type == pygame.QUIT or (
                    event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
                self.quit = True
                continue
            action = self.keymap.get(event.key)
            if action is None:
                continue
            if event.type == pygame.KEYDOWN:
                buttons.down(action)
            else:
                buttons.up(action)


def clock_ms():
    import time
    return int(time.monotonic() * 1000)


def _help_font():
    import pygame
    pygame.font.init()
    return pygame.font.Font(None, 16)


def help_lines(width):
    """The keyboard map in as many lines as a window ``width`` pixels wide needs."""
    font = _help_font()
    lines = [HELP[0]]
    for item in HELP[1:]:
        longer = lines[-1] + "  " + item
        if font.size(longer)[0] + 8 <= width:
            lines[-1] = longer
        else:
            lines.append(item)
    return lines


def draw_help(display):
    from host_sim.play.feedback import STRIP_H
    font = _help_font()
    window = display.window
    top = (HEIGHT + STRIP_H) * display.scale
    window.fill((20, 20, 20), (0, top, window.get_width(), window.get_height() - top))
    for line in display.help_lines:
        window.blit(font.render(line, True, (200, 200, 200)), (4, top + 2))
        top += HELP_LINE_H


def run(scale=4, seed=None, save=None, record=None, max_steps=None):
    """Open the window and play until it is closed (or ``max_steps`` loops)."""
    import time

    import pygame

    from host_sim.play.feedback import make_feedback
    from host_sim.play.nvm_file import make_nvm
    from host_sim.play.record_file import RecordFile, check_record_file
    from lostcities import menus
    from lostcities.app import App
    from lostcities.buttons import Buttons

    if record:
        check_record_file(record, save)  # as an unusable save: before the window
    nvm = make_nvm(save)  # an unusable file stops here, before the window
    display = make_display(scale, window=True)
    keyboard = KeyboardSource()
    buttons = Buttons([keyboard], clock_ms)
    feedback, lights, _ = make_feedback(display, clock_ms)  # the NeoPixels, the speaker
    app = App(display, buttons, nvm, clock_ms, feedback, seed=seed)
    if getattr(nvm, "problem", None):  # the file was cut short
        menus.title(app, nvm.problem)
    draw_help(display)
    lights.draw()
    pygame.display.flip()
    kept = RecordFile(record, lambda text: print(text, file=sys.stderr)) if record else None
    steps = 0
    while not keyboard.quit and steps != max_steps:
        steps += 1
        app.step()
        if kept:
            kept.keep(app.session.match)
        if not app.busy():
            time.sleep(0.01)
    pygame.quit()
    return app


def main(argv=None):
    import argparse
    parser = argparse.ArgumentParser(prog="python -m host_sim",
                                     description="Play in the simulator window.")
    add_options(parser)
    args = parser.parse_args(argv)
    from host_sim.play.nvm_file import SaveFileError
    from host_sim.play.record_file import RecordFileError
    try:
        run(args.scale, args.seed, args.save, args.record)
    except (RecordFileError, SaveFileError) as err:
        print(err, file=sys.stderr)
        return 2
    return 0


MAX_SCALE = 16  # a 2560-pixel window, a 2560-pixel screenshot
scale_arg = number_in(1, MAX_SCALE)  # --scale: screen pixels are squares of this side


def add_options(parser):
    parser.add_argument("--scale", type=scale_arg, default=4,
                        help="window pixels per screen pixel (default 4)")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed for the deals (default: the clock)")
    parser.add_argument("--save", metavar="FILE", default=None,
                        help="file standing in for the board's NVM (saved match, settings)")
    parser.add_argument("--record", metavar="FILE", default=None,
                        help="write the match's game record to FILE as it goes (a new or"
                        " empty file, or a record: nothing else is overwritten)")


if __name__ == "__main__":
    sys.exit(main())
