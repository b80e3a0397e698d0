"""The handheld's hardware for the app: buttons, NeoPixels, speaker and backlight.

With code.py this is the only module that imports CircuitPython's hardware
modules; the app only receives what it builds, so the same app runs in the
simulator with stand-ins. Supported boards are named by ``board.board_id``:
the PyBadge and EdgeBadge have eight buttons on a shift register, the PyGamer
four there plus an analog joystick.
"""

import gc

import analogio
import audiocore
import audioio
import board
import digitalio
import keypad
import neopixel_write
from busdisplay import BusDisplay  # board.DISPLAY's type, for mypy to check its use here

from lostcities import BOARDS, buttons  # noqa: F401 (BOARDS: code.py's check)

from micropython import const

_JOYSTICK_BOARDS = ("pygamer",)

_PIXELS = const(5)
# NeoPixels are glaring at full power: the brightest setting (5) gives 20/255 of it.
_PIXEL_POWER = const(20)
_PLAYER_COLORS = (0x0060FF, 0xFF5000)  # player 1, player 2
_THINKING_COLOR = 0x8000C0

# Sounds are square waves written into one bytearray (8-bit unsigned samples)
# and played without blocking. Notes are (frequency in Hz, milliseconds).
_RATE = const(8000)
_SILENCE = const(128)
_VOLUME = const(28)  # the wave's swing around silence, of 127
# A sound's buffer is 8 bytes per millisecond, held while it plays: keep them short.
SOUNDS = {
    "illegal": ((150, 80), (120, 100)),
    "round_end": ((500, 80), (667, 80), (800, 120)),
    "match_end": ((400, 80), (500, 80), (667, 80), (800, 160)),
}


def make_buttons(clock_ms):
    """The app's :class:`buttons.Buttons` for this board's keys (and joystick)."""
    joystick = board.board_id in _JOYSTICK_BOARDS
    keys = keypad.ShiftRegisterKeys(
        clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
        key_count=4 if joystick else 8, value_when_pressed=True)
    if joystick:
        sources = (buttons.KeypadSource(keys.events, buttons.PYGAMER_KEYS),
                   buttons.JoystickSource(analogio.AnalogIn(board.JOYSTICK_X),
                                          analogio.AnalogIn(board.JOYSTICK_Y)))
    else:
        sources = (buttons.KeypadSource(keys.events, buttons.PYBADGE_KEYS),)
    return buttons.Buttons(sources, clock_ms)


def tone(notes, rate=_RATE):
    """8-bit samples (a bytearray) playing ``notes``, starting and ending silent.

    Every half wave is a whole number of samples, so a pitch is rounded to
    one that fits (500 Hz is exact at 8 kHz; 150 Hz plays as 148 Hz)."""
    length = 2
    for _, ms in notes:
        length += rate * ms // 1000
    samples = bytearray(length)
    samples[0] = samples[-1] = _SILENCE
    start = 1
    for frequency, ms in notes:
        half = max(1, rate // (2 * frequency))
        wave = bytes((_SILENCE + _VOLUME,)) * half + bytes((_SILENCE - _VOLUME,)) * half
        end = start + rate * ms // 1000
        while start + len(wave) <= end:
            samples[start:start + len(wave)] = wave
            start += len(wave)
        samples[start:end] = wave[:end - start]
        start = end
    return samples


class Feedback:
    """What the app shows and plays besides the screen: the ``feedback``
    handed to ``App``, whose methods here are all that the app calls.

    NeoPixels in the colour of the player to move, purple while the AI thinks;
    a short tune for an impossible move or a round's or match's end; the
    backlight's brightness; free memory on the serial console in debug mode.
    Sounds and lights can be switched off, and a sound that finds no memory
    is skipped rather than stopping the game."""

    def __init__(self, display: BusDisplay):
        self._display = display
        # Five pixels are written with neopixel_write directly: the neopixel
        # library would keep 1.7 KB of the heap for this (measured on
        # CircuitPython's interpreter).
        self._pixel_pin = digitalio.DigitalInOut(board.NEOPIXEL)
        self._pixel_pin.direction = digitalio.Direction.OUTPUT
        self._pixel_bytes = bytearray(3 * _PIXELS)  # green, red, blue per pixel
        self._pixel_power = _PIXEL_POWER
        self._speaker = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
        self._speaker.switch_to_output(value=False)
        self._audio = audioio.AudioOut(board.SPEAKER)
        # The sample playing and its buffer, kept referenced until it ends:
        # the audio hardware reads the buffer while it plays.
        self._sample = None
        self._samples = None
        self._sound_on = False
        self._lights_on = True
        self._debug = False
        self._player = None
        self._thinking = False

    def settings(self, sound_on, lights_on, brightness, debug=False):
        """Apply the profile's settings; ``brightness`` is 1 (dim) to 5 (full)."""
        self._sound_on = sound_on
        if not sound_on:
            self._stop_sound()
        self._speaker.value = sound_on  # the amplifier is powered only for sound
        level = min(5, max(1, brightness))
        self._display.brightness = level / 5
        self._pixel_power = _PIXEL_POWER * level // 5
        self._lights_on = lights_on
        self._debug = debug
        self._show()

    def turn(self, player):
        """Light the NeoPixels for ``player`` (0 or 1) to move; None turns them off."""
        self._player = player
        self._show()

    def thinking(self, on):
        """Show that the AI is thinking (the game does not take buttons meanwhile)."""
        self._thinking = on
        self._show()

    def sound(self, name):
        """Play one of :data:`SOUNDS` without waiting for it to end."""
        if not self._sound_on:
            return
        self._stop_sound()
        try:
            samples = tone(SOUNDS[name])
        except MemoryError:
            return
        sample = audiocore.RawSample(samples, sample_rate=_RATE)
        self._audio.play(sample)
        self._sample = sample
        self._samples = samples

    def mem(self, screen_name):
        """In debug mode, print the free memory on reaching a screen."""
        if self._debug:
            gc.collect()
            print("%s: %d bytes free" % (screen_name, gc.mem_free()))  # type: ignore[attr-defined]

    def _show(self):
        color = 0
        if self._lights_on:
            if self._thinking:
                color = _THINKING_COLOR
            elif self._player is not None:
                color = _PLAYER_COLORS[self._player]
        power = self._pixel_power
        data = self._pixel_bytes
        for at in range(0, 3 * _PIXELS, 3):
            data[at] = (color >> 8 & 0xFF) * power // 255
            data[at + 1] = (color >> 16) * power // 255
            data[at + 2] = (color & 0xFF) * power // 255
        neopixel_write.neopixel_write(self._pixel_pin, data)
        if self._sample is not None and not self._audio.playing:
            self._sample = self._samples = None  # the last sound has ended: free it

    def _stop_sound(self):
        if self._sample is not None:
            self._audio.stop()
            self._sample = self._samples = None
