"""The app's screens: one module each. A screen owns a ``displayio.Group``.

The app calls :meth:`Screen.press` with each pressed action and
:meth:`Screen.tick` once per loop; a screen changes only what must change.
"""

import displayio
import terminalio
from adafruit_display_text import bitmap_label, wrap_text_to_lines

from lostcities.sprites import INK, LIGHT

LINE_H = 12  # terminalio.FONT's line height
CHARS = 26  # terminalio.FONT characters across the 160-pixel screen
DIM = 0x9AA8A0
ACCENT = 0xFFE8A0


def label(text, x, y, color=LIGHT, scale=1, background=None, spacing=1.0):
    """A bitmap_label anchored at its top-left corner."""
    return bitmap_label.Label(
        terminalio.FONT, text=text, color=color, scale=scale,
        background_color=background, anchor_point=(0, 0),
        anchored_position=(x, y), line_spacing=spacing)


def set_text(item, text):
    """Change a label's text only when it differs (each change allocates)."""
    if item.text != text:
        item.text = text


def wrap(text, width=CHARS, pad=False):
    """``text`` in lines of ``width`` characters (padded: a box of even width)."""
    lines = wrap_text_to_lines(text, width)
    if pad:
        lines = [line + " " * (width - len(line)) for line in lines]
    return "\n".join(lines)


class Screen:
    """Base of every screen: a group, the app, and do-nothing handlers."""

    name = "screen"

    def __init__(self, app):
        self.app = app
        self.group = displayio.Group()

    def press(self, action):
        """Handle one pressed action (see lostcities.buttons)."""

    def tick(self):
        """Called once per loop after the presses; return True if it drew."""
        return False

    def leave(self):
        """Called when the app shows another screen instead of this one."""


class Popup:
    """A boxed message over part of a screen, gone at the next press."""

    def __init__(self, group, y=40, width=CHARS - 1):
        self.width = width  # characters across
        self.y = y
        self.item = label(" ", 0, y, LIGHT, background=INK)
        self.item.hidden = True
        group.append(self.item)

    def show(self, text, y=None):
        """Show ``text`` at ``y``, or where this popup usually stands."""
        if y is None:
            y = self.y
        if self.item.anchored_position[1] != y:
            self.item.anchored_position = (0, y)
        set_text(self.item, wrap(text, self.width, pad=True))
        self.item.hidden = False

    def text(self):
        """The message in one line ("" when hidden)."""
        return "" if self.item.hidden else " ".join(self.item.text.split())

    def hide(self):
        """True if it was showing."""
        if self.item.hidden:
            return False
        self.item.hidden = True
        return True
