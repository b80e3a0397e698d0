"""keypad for CircuitPython's unix port: keys whose events come from ``source``.

``source`` (set by board_rig) is called for each event the app asks for and
returns a key event, or None when no key changed."""

source = None


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed


class EventQueue:
    def get(self):
        return source() if source is not None else None

    def clear(self):
        pass


class ShiftRegisterKeys:
    def __init__(self, *, clock, data, latch, key_count, value_when_pressed,
                 interval=0.02, max_events=64):
        self.key_count = key_count
        self.events = EventQueue()
