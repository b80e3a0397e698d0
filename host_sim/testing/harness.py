"""Driving the app without hands: a key queue, a clock and a headless display.

Used by the screenshot tool, the tests and the fuzzer: everything goes
through the real input model (``lostcities.buttons``), as on the board.
"""

from host_sim.testing.firmware.presses import presses_for  # noqa: F401 (the tests' one place for it)
from host_sim.play.nvm_file import make_nvm
from lostcities import buttons as btn

_KEY_OF = {action: number for number, action in enumerate(btn.PYBADGE_KEYS)}


class Clock:
    """Milliseconds that move only when told."""

    def __init__(self, now=0):
        self.now = now

    def __call__(self):
        return self.now


class Event:
    """A ``keypad.Event`` stand-in."""

    def __init__(self, key_number, pressed):
        self.key_number = key_number
        self.pressed = pressed


class KeyQueue:
    """A ``keypad.EventQueue`` stand-in fed with PyBadge key numbers."""

    def __init__(self):
        self.events = []

    def get(self):
        return self.events.pop(0) if self.events else None

    def push(self, action, pressed):
        self.events.append(Event(_KEY_OF[action], pressed))


def popup_text(popup):
    """A screen's popup message in one line ("" when hidden): what a player reads."""
    return "" if popup.box.hidden else " ".join(popup.item.text.split())


class Driver:
    """An App with a scripted PyBadge keypad, a manual clock, a headless screen."""

    def __init__(self, seed=1, nvm=None, display=None, profile=None,
                 render=True, feedback=None):
        from host_sim.play.simulator import make_display
        from lostcities.app import App
        from lostcities.save import Storage
        self.nvm = nvm if nvm is not None else make_nvm()
        if profile:
            storage = Storage(self.nvm)
            saved = storage.load_profile()
            for name, value in profile.items():
                setattr(saved, name, value)
            storage.save_profile(saved)
        self.clock = Clock()
        self.keys = KeyQueue()
        self.buttons = btn.Buttons([btn.KeypadSource(self.keys, btn.PYBADGE_KEYS)],
                                   self.clock)
        self.display = display or make_display(render=render)
        self.app = App(self.display, self.buttons, self.nvm, self.clock,
                       feedback, seed=seed)
        self.settle()

    def settle(self, limit=50):
        """Step until the app waits for a press (the AI has moved)."""
        self.clock.now += 20
        self.app.step()
        for _ in range(limit):
            if not self.app.busy():
                return
            self.clock.now += 20
            self.app.step()

    def press(self, action, hold_ms=0):
        """Press and release one button; ``hold_ms`` holds it down (START held)."""
        self.keys.push(action, True)
        self.clock.now += 20
        self.app.step()
        if hold_ms:
            self.clock.now += hold_ms
            self.app.step()
        self.keys.push(action, False)
        self.settle()

    def press_all(self, names):
        for name in names:
            self.press(btn.action_named(name))

    @property
    def screen(self):
        return self.app.screen.name
