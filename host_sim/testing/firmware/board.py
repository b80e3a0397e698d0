"""board for CircuitPython's unix port: a PyBadge (``board_id`` may be changed by the rig)."""

import busdisplay

board_id = "pybadge"
BUTTON_CLOCK = "BUTTON_CLOCK"
BUTTON_OUT = "BUTTON_OUT"
BUTTON_LATCH = "BUTTON_LATCH"
JOYSTICK_X = "JOYSTICK_X"
JOYSTICK_Y = "JOYSTICK_Y"
NEOPIXEL = "NEOPIXEL"
SPEAKER = "SPEAKER"
SPEAKER_ENABLE = "SPEAKER_ENABLE"
DISPLAY = busdisplay.BusDisplay()
