"""The PyGamer's analog joystick as the arrows: a source of
:class:`lostcities.buttons.Buttons`, loaded only on a board that has one
(lostcities/hardware.py): a PyBadge's heap holds none of it.
"""

from lostcities.buttons import DOWN, LEFT, RIGHT, UP

from micropython import const

_JOY_LOW = const(15000)
_JOY_HIGH = const(50000)


class JoystickSource:
    """An analog joystick (two ``AnalogIn``-like objects, ``.value`` 0-65535) as arrows."""

    def __init__(self, x_analog, y_analog, low=_JOY_LOW, high=_JOY_HIGH):
        self.x_analog = x_analog
        self.y_analog = y_analog
        self.low = low
        self.high = high
        self.held = 0  # bit per action

    def poll(self, buttons):
        x = self.x_analog.value
        y = self.y_analog.value
        held = 0
        if x < self.low:
            held |= 1 << LEFT
        elif x > self.high:
            held |= 1 << RIGHT
        if y < self.low:
            held |= 1 << UP
        elif y > self.high:
            held |= 1 << DOWN
        changed = held ^ self.held
        self.held = held
        for action in (LEFT, RIGHT, UP, DOWN):
            if changed & (1 << action):
                if held & (1 << action):
                    buttons.down(action)
                else:
                    buttons.up(action)
