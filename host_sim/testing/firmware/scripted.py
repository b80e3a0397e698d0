"""The app driven without hands: a key queue, a clock that moves only when told.

Shared by the host's harness (Blinka's display) and the board's renderer
(``render_rig.py``, on CircuitPython's interpreter with its own display code),
so the same presses reach the same states on both. Everything goes through the
real input model (``lostcities.buttons``), as on the board. Like presses.py it
imports no game module at its top (the rig imports it before the game).
The buttons are named as the tests and tools name them (``action_named``)."""

# The actions' names, in the order of their numbers in lostcities/buttons.py
NAMES = ("LEFT", "RIGHT", "UP", "DOWN", "A", "B", "START", "SELECT", "START_HELD")


def action_named(name):
    """The action for a name such as ``"A"`` or ``"left"``; ValueError if none."""
    upper = name.strip().upper()
    for action in range(len(NAMES)):
        if NAMES[action] == upper:
            return action
    raise ValueError("unknown button %r (one of %s)" % (name, ", ".join(NAMES)))


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
        from lostcities import buttons as btn
        self.events.append(Event(btn.PYBADGE_KEYS.index(action), pressed))


def save_settings(nvm, settings):
    """Save ``settings`` ({profile field: value}) into ``nvm``, as a player
    would have chosen them before the board boots."""
    from lostcities.saves.storage import Storage
    storage = Storage(nvm)
    profile = storage.load_profile()
    for name in settings:
        setattr(profile, name, settings[name])
    storage.save_profile(profile)
    return nvm


class Driver:
    """An App on ``display`` with a scripted PyBadge keypad and a manual clock."""

    def __init__(self, display, nvm, seed=1, feedback=None):
        from lostcities import buttons as btn
        from lostcities.app import App
        self.nvm = nvm
        self.clock = Clock()
        self.keys = KeyQueue()
        self.buttons = btn.Buttons([btn.KeypadSource(self.keys, btn.PYBADGE_KEYS)],
                                   self.clock)
        self.display = display
        self.app = App(display, self.buttons, nvm, self.clock, feedback, seed=seed)
        self.settle()

    def settle(self, limit=200):
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

    def wait(self, ms, step_ms=5000):
        """No press for ``ms``: the app steps every ``step_ms``, as its loop does."""
        while ms > 0:
            self.clock.now += min(ms, step_ms)
            ms -= step_ms
            self.app.step()

    def press_all(self, names):
        for name in names:
            self.press(action_named(name))

    @property
    def screen(self):
        return self.app.screen.name
