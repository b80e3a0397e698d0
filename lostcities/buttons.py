"""The input model: buttons, a joystick (lostcities/joystick.py) or a keyboard
turned into actions.

Every input device is a *source* that tells :class:`Buttons` when an action
goes down and up; :class:`Buttons` turns that into a queue of pressed actions,
repeats the arrows while they are held, and reports START held for two
seconds as its own action (a short START press is reported on release).
Hardware objects are passed in, so this module runs on the board and on a
laptop alike.
"""

from micropython import const

LEFT = const(0)
RIGHT = const(1)
UP = const(2)
DOWN = const(3)
A = const(4)
B = const(5)
START = const(6)
SELECT = const(7)
START_HELD = const(8)  # START kept down for LONG_PRESS_MS

# keypad key number -> action (keypad.ShiftRegisterKeys, value_when_pressed=True)
PYBADGE_KEYS = (B, A, START, SELECT, RIGHT, DOWN, UP, LEFT)
PYGAMER_KEYS = (B, A, START, SELECT)

REPEAT_DELAY_MS = const(400)
REPEAT_EVERY_MS = const(120)
LONG_PRESS_MS = const(2000)
_REPEATING = const((1 << LEFT) | (1 << RIGHT) | (1 << UP) | (1 << DOWN))
_QUEUE_SIZE = const(16)

_TICKS_PERIOD = const(1 << 29)  # supervisor.ticks_ms wraps around here
_TICKS_HALF = const(1 << 28)


def ticks_diff(later, earlier):
    """``later - earlier`` in ms, right across the board clock's wrap-around."""
    return (later - earlier + _TICKS_HALF) % _TICKS_PERIOD - _TICKS_HALF


class KeypadSource:
    """Keys from a ``keypad.EventQueue``-like object (``.get()`` -> event or None).

    ``key_map[key_number]`` is the action of each key.
    """

    def __init__(self, events, key_map):
        self.events = events
        self.key_map = key_map

    def poll(self, buttons):
        event = self.events.get()
        while event is not None:
            number = event.key_number
            if number < len(self.key_map):
                if event.pressed:
                    buttons.down(self.key_map[number])
                else:
                    buttons.up(self.key_map[number])
            event = self.events.get()


class Buttons:
    """Pressed actions from any number of sources, with hold-to-repeat.

    ``clock_ms()`` returns milliseconds (``supervisor.ticks_ms`` on the board).
    Call :meth:`get` in the main loop: it polls the sources and returns the
    next pressed action or None.
    """

    def __init__(self, sources, clock_ms, repeat_delay=REPEAT_DELAY_MS,
                 repeat_every=REPEAT_EVERY_MS, long_press=LONG_PRESS_MS):
        self.sources = sources
        self.clock_ms = clock_ms
        self.repeat_delay = repeat_delay
        self.repeat_every = repeat_every
        self.long_press = long_press
        self.held = 0  # bit per action
        self.counts = bytearray(8)  # sources holding each action down
        self.next_repeat = [0] * 8  # clock time of each held arrow's next repeat
        self.start_since = 0
        self.start_long = False  # START_HELD already reported for this press
        self.queue = bytearray(_QUEUE_SIZE)
        self.head = 0
        self.size = 0

    def down(self, action):
        """A source reports ``action`` going down."""
        self.counts[action] += 1
        if self.counts[action] > 1:
            return  # already held through another source
        self.held |= 1 << action
        now = self.clock_ms()
        if action == START:
            self.start_since = now
            self.start_long = False
            return
        self.next_repeat[action] = now + self.repeat_delay
        self.push(action)

    def up(self, action):
        """A source reports ``action`` going up."""
        if not self.counts[action]:
            return
        self.counts[action] -= 1
        if self.counts[action]:
            return
        self.held &= ~(1 << action)
        if action == START and not self.start_long:
            self.push(START)

    def push(self, action):
        """Queue an action (a full queue drops it: mashing cannot pile up)."""
        if self.size < _QUEUE_SIZE:
            self.queue[(self.head + self.size) % _QUEUE_SIZE] = action
            self.size += 1

    def clear(self):
        """Forget queued presses (e.g. those made while the AI was thinking)."""
        self.size = 0

    def get(self):
        """The next pressed action, or None."""
        for source in self.sources:
            source.poll(self)
        if self.held:
            self._timed(self.clock_ms())
        if not self.size:
            return None
        action = self.queue[self.head]
        self.head = (self.head + 1) % _QUEUE_SIZE
        self.size -= 1
        return action

    def _timed(self, now):
        held = self.held
        if held & _REPEATING:
            for action in (LEFT, RIGHT, UP, DOWN):
                if (held & (1 << action)
                        and ticks_diff(now, self.next_repeat[action]) >= 0):
                    self.next_repeat[action] = now + self.repeat_every
                    self.push(action)
        if (held & (1 << START) and not self.start_long
                and ticks_diff(now, self.start_since) >= self.long_press):
            self.start_long = True
            self.push(START_HELD)
