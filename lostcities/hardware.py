"""The handheld's hardware for the app: buttons, NeoPixels, speaker and backlight.

With code.py this is the only module that imports CircuitPython's hardware
modules; the app only receives what it builds, so the same app runs in the
simulator with stand-ins. Supported boards are named by ``board.board_id``:
the PyBadge and EdgeBadge have eight buttons on a shift register, the PyGamer
four there plus an analog joystick.
"""

import analogio
import audiocore
import audioio
import board
import digitalio
import keypad
import neopixel_write
from busdisplay import BusDisplay  # board.DISPLAY's type, for mypy to check its use here

from lostcities import buttons

from micropython import const

_JOYSTICK_BOARDS = const(("pygamer",))

_PIXELS = const(5)
# NeoPixels are glaring at full power: the brightest setting (5) gives 20/255 of it.
PIXEL_POWER = const(20)
_PLAYER_COLORS = const((0x0060FF, 0xFF5000))  # player 1, player 2
_THINKING_COLOR = const(0x8000C0)
_DOZE_DIMMING = const(8)  # a dozing backlight: an eighth of its brightness

# Sounds are tunes of square-wave notes, (frequency in Hz, milliseconds),
# played without blocking. Every note loops one period of the wave below at
# WAVE_SAMPLES times its frequency, as simpleio.tone does (so each pitch is
# exact), and the shell's loop moves the tune on (Feedback.tick): a tune holds
# one small sample object, where written out it takes 8 bytes a millisecond.
WAVE_SAMPLES = const(16)
_SILENCE = const(128)
_VOLUME = const(28)  # the wave's swing around silence, of 127
# one period of 8-bit unsigned samples, half of it high
_WAVE = bytes((_SILENCE + _VOLUME,)) * (WAVE_SAMPLES // 2) + bytes(
    (_SILENCE - _VOLUME,)) * (WAVE_SAMPLES // 2)
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
        from lostcities.joystick import JoystickSource
        sources = (buttons.KeypadSource(keys.events, buttons.PYGAMER_KEYS),
                   JoystickSource(analogio.AnalogIn(board.JOYSTICK_X),
                                  analogio.AnalogIn(board.JOYSTICK_Y)))
    else:
        sources = (buttons.KeypadSource(keys.events, buttons.PYBADGE_KEYS),)
    return buttons.Buttons(sources, clock_ms)


class Feedback:
    """What the app shows and plays besides the screen: the ``feedback``
    handed to ``App``, whose methods here are all that the app calls.

    NeoPixels in the colour of the player to move, purple while the AI thinks;
    a short tune for an impossible move or a round's or match's end; the
    backlight's brightness; free memory on the serial console in debug mode.
    Sounds and lights can be switched off, and a sound that finds no memory
    is skipped rather than stopping the game."""

    def __init__(self, display: BusDisplay, clock_ms):
        self._display = display
        self._clock_ms = clock_ms  # the tunes' timing
        # Five pixels are written with neopixel_write directly: the neopixel
        # library would keep more of the heap for this (docs/memory.md).
        self._pixel_pin = digitalio.DigitalInOut(board.NEOPIXEL)
        self._pixel_pin.direction = digitalio.Direction.OUTPUT
        self._pixel_bytes = bytearray(3 * _PIXELS)  # green, red, blue per pixel
        self._pixel_power = PIXEL_POWER
        self._speaker = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
        self._speaker.switch_to_output(value=False)
        self._audio = audioio.AudioOut(board.SPEAKER)
        # The tune playing (None when none), its note, that note's sample
        # and when the note ends.
        self._tune = None
        self._note = 0
        self._note_ends = 0
        self._sample = None
        self._sound_on = False
        self._lights_on = True
        self._debug = False
        self._player = None
        self._thinking = False
        self._lit = _PIXELS  # the lights on while the AI thinks (progress)
        self._brightness = 0.6
        self._dozing = False

    def settings(self, sound_on, lights_on, brightness, debug=False):
        """Apply the profile's settings; ``brightness`` is 1 (dim) to 5 (full)."""
        self._sound_on = sound_on
        if not sound_on:
            self._stop_sound()
        self._speaker.value = sound_on  # the amplifier is powered only for sound
        level = min(5, max(1, brightness))
        self._brightness = level / 5
        self._display.brightness = self._brightness / (_DOZE_DIMMING if self._dozing else 1)
        self._pixel_power = PIXEL_POWER * level // 5
        self._lights_on = lights_on
        self._debug = debug
        self._show()

    def turn(self, player):
        """Light the NeoPixels for ``player`` (0 or 1) to move; None turns them off."""
        self._player = player
        self._show()

    def thinking(self, on):
        """Show that the AI is thinking (the game does not take buttons meanwhile).

        A tune still playing stops: the loop does not tick while the AI
        thinks, so its note would drag on."""
        self._thinking = on
        self._lit = _PIXELS
        if on:
            self._stop_sound()
        self._show()

    def progress(self, done, total):
        """While the AI thinks long: the lights fill, one per fifth of ``total``."""
        lit = _PIXELS * done // total if total > 0 else _PIXELS
        if lit != self._lit:
            self._lit = lit
            self._show()

    def doze(self, on):
        """Dim the backlight and put the lights out (``on``), or light them again."""
        self._dozing = on
        self._display.brightness = self._brightness / (_DOZE_DIMMING if on else 1)
        self._show()

    def sound(self, name):
        """Start one of :data:`SOUNDS`; :meth:`tick` plays it on to its end."""
        if not self._sound_on:
            return
        self._stop_sound()
        self._tune = SOUNDS[name]
        self._note = -1
        self._next_note()

    def tick(self):
        """The shell's loop calls this often: the next note when one's time is up."""
        if self._tune is not None and buttons.ticks_diff(
                self._clock_ms(), self._note_ends) >= 0:
            self._next_note()

    def _next_note(self):
        tune = self._tune
        self._note += 1
        if tune is None or self._note >= len(tune):
            self._stop_sound()
            return
        frequency, ms = tune[self._note]
        try:
            sample = audiocore.RawSample(_WAVE, sample_rate=frequency * WAVE_SAMPLES)
        except MemoryError:  # no heap for a note: the tune stops, the game goes on
            self._stop_sound()
            return
        if self._sample is not None:
            self._audio.stop()  # the note before
        self._audio.play(sample, loop=True)
        self._sample = sample
        self._note_ends = self._clock_ms() + ms

    def mem(self, screen_name):
        """In debug mode, print the free memory on reaching a screen."""
        if self._debug:
            import gc
            gc.collect()
            print("%s: %d bytes free" % (screen_name, gc.mem_free()))  # type: ignore[attr-defined]

    def _show(self):
        color = 0
        if self._lights_on and not self._dozing:
            if self._thinking:
                color = _THINKING_COLOR
            elif self._player is not None:
                color = _PLAYER_COLORS[self._player]
        power = self._pixel_power
        data = self._pixel_bytes
        lit = 3 * self._lit if self._thinking else 3 * _PIXELS
        for at in range(0, 3 * _PIXELS, 3):
            if at == lit:
                color = 0
            data[at] = (color >> 8 & 0xFF) * power // 255
            data[at + 1] = (color >> 16) * power // 255
            data[at + 2] = (color & 0xFF) * power // 255
        neopixel_write.neopixel_write(self._pixel_pin, data)

    def _stop_sound(self):
        if self._sample is not None:
            self._audio.stop()
        self._tune = self._sample = None
