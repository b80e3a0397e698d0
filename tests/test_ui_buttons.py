"""The input model: keys, joystick, hold-to-repeat and START held."""

from conftest import micropython_unavailable
from lostcities import buttons
from lostcities.buttons import (A, B, DOWN, LEFT, PYBADGE_KEYS, PYGAMER_KEYS,
                                RIGHT, START, START_HELD, UP, Buttons, KeypadSource)
from lostcities.joystick import JoystickSource
from host_sim.testing.firmware.scripted import NAMES, action_named
from host_sim.testing.harness import Clock, Event
from host_sim.testing.harness import KeyQueue as Queue


class Analog:
    def __init__(self, value=32768):
        self.value = value


def drain(pad):
    out = []
    action = pad.get()
    while action is not None:
        out.append(action)
        action = pad.get()
    return out


def make(key_map=PYBADGE_KEYS, now=0):
    clock = Clock(now)
    queue = Queue()
    return Buttons([KeypadSource(queue, key_map)], clock), queue, clock


def test_pybadge_key_numbers_map_to_the_printed_buttons():
    pad, queue, _ = make()
    for number in range(8):
        queue.events += [Event(number, True), Event(number, False)]
    assert drain(pad) == [B, A, START, buttons.SELECT, RIGHT, DOWN, UP, LEFT]
    assert PYGAMER_KEYS == (B, A, START, buttons.SELECT)


def test_a_press_and_release_in_one_poll_still_counts():
    pad, queue, _ = make()
    queue.events += [Event(1, True), Event(1, False), Event(1, True)]
    assert drain(pad) == [A, A]


def test_held_arrow_repeats_after_a_delay_but_a_does_not():
    pad, queue, clock = make()
    queue.events += [Event(4, True), Event(1, True)]
    assert drain(pad) == [RIGHT, A]
    clock.now = buttons.REPEAT_DELAY_MS - 1
    assert drain(pad) == []
    clock.now = buttons.REPEAT_DELAY_MS
    assert drain(pad) == [RIGHT]
    clock.now += buttons.REPEAT_EVERY_MS
    assert drain(pad) == [RIGHT]
    queue.events.append(Event(4, False))
    clock.now += 10 * buttons.REPEAT_EVERY_MS
    assert drain(pad) == []


def test_short_start_on_release_long_start_once_after_two_seconds():
    pad, queue, clock = make()
    queue.events.append(Event(2, True))
    assert drain(pad) == []
    queue.events.append(Event(2, False))
    assert drain(pad) == [START]
    queue.events.append(Event(2, True))
    assert drain(pad) == []
    clock.now = 1999
    assert drain(pad) == []
    clock.now = 2000
    assert drain(pad) == [START_HELD]
    clock.now = 9000
    queue.events.append(Event(2, False))
    assert drain(pad) == []


def test_repeat_survives_the_board_clock_wrapping_around():
    pad, queue, clock = make(now=(1 << 29) - 100)
    queue.events.append(Event(7, True))
    assert drain(pad) == [LEFT]
    clock.now = buttons.REPEAT_DELAY_MS - 100  # wrapped
    assert drain(pad) == [LEFT]


def test_mashing_fills_the_queue_without_growing_it():
    pad, queue, _ = make()
    for _ in range(100):
        queue.events += [Event(1, True), Event(1, False)]
    assert len(drain(pad)) == 16


def test_joystick_thresholds_give_arrows_and_releases():
    clock = Clock()
    x, y = Analog(), Analog()
    pad = Buttons([JoystickSource(x, y)], clock)
    assert drain(pad) == []
    x.value, y.value = 1000, 60000
    assert sorted(drain(pad)) == [LEFT, DOWN]
    x.value, y.value = 32000, 2000
    assert drain(pad) == [UP]
    y.value = 32000
    clock.now = 5000
    assert drain(pad) == []


def test_two_sources_holding_one_action_press_it_once():
    clock = Clock()
    queue = Queue()
    x, y = Analog(60000), Analog()
    pad = Buttons([KeypadSource(queue, PYBADGE_KEYS), JoystickSource(x, y)],
                  clock)
    queue.events.append(Event(4, True))
    assert drain(pad) == [RIGHT]
    queue.events.append(Event(4, False))
    clock.now = buttons.REPEAT_DELAY_MS
    assert drain(pad) == [RIGHT]  # the joystick still holds it


def test_action_names_read_both_ways():
    assert action_named("left") == LEFT
    assert NAMES[action_named(" Start ")] == "START"
    try:
        action_named("X")
    except ValueError as err:
        assert "unknown button" in str(err)
    else:
        raise AssertionError("X is not a button")


MICROPYTHON_SCRIPT = """
from lostcities import buttons as b
from lostcities.joystick import JoystickSource

class Ev:
    def __init__(self, k, p):
        self.key_number = k
        self.pressed = p

class Q:
    def __init__(self):
        self.e = []
    def get(self):
        return self.e.pop(0) if self.e else None

class Clock:
    now = (1 << 29) - 50
    def __call__(self):
        return self.now

class Stick:
    def __init__(self, v):
        self.value = v

q = Q()
clock = Clock()
x, y = Stick(32768), Stick(32768)
pad = b.Buttons([b.KeypadSource(q, b.PYBADGE_KEYS), JoystickSource(x, y)], clock)
out = []
def drain():
    a = pad.get()
    while a is not None:
        out.append(str(a))
        a = pad.get()
q.e += [Ev(1, True), Ev(1, False), Ev(7, True), Ev(2, True)]
drain()
clock.now = (clock.now + 500) % (1 << 29)
drain()
clock.now += 2000
y.value = 60000
drain()
q.e += [Ev(7, False), Ev(2, False)]
drain()
print(",".join(out))
"""


def test_the_input_model_runs_the_same_under_micropython():
    import os
    import subprocess
    import sys
    from host_sim.testing import micropython
    try:
        micropython.ensure_installed()
        got = micropython.run(MICROPYTHON_SCRIPT)
    except micropython.MicroPythonUnavailable as err:
        micropython_unavailable(str(err))
    here = subprocess.run([sys.executable, "-c", MICROPYTHON_SCRIPT],
                          capture_output=True, text=True, check=True,
                          cwd=os.path.dirname(os.path.dirname(__file__))).stdout
    assert got == here
    assert [NAMES[int(action)] for action in got.split(",")] == [
        "A", "LEFT", "LEFT", "DOWN", "LEFT", "START_HELD"]
