"""The board's NeoPixels and speaker in the simulator window.

The window runs the board's own :class:`lostcities.hardware.Feedback` (the
lights' colours, the settings, the tunes and their timing are the board's
code, not a copy), loaded with stand-ins for the few CircuitPython modules it
writes to: the five NeoPixels' bytes are drawn as five lights in a strip under
the screen, and each note the board's speaker would loop is a square wave
looped by pygame.mixer. Where no audio device opens (SDL_AUDIODRIVER=dummy in
the tests, a machine without sound) the notes are silently not played.
"""

import array
import importlib.util
import sys
import types

STRIP_H = 10  # the lights' strip under the screen, in screen pixels (scaled as it is)
_OFF = (40, 40, 40)  # a light switched off: its grey ring
_STRIP_BG = (12, 12, 12)
_AMPLITUDE = 6000  # of a 16-bit sample: a modest buzz
_NOTE_SECONDS = 0.2  # the looped buffer of one note


class Lights:
    """Five NeoPixels drawn from the bytes the board would send them (green,
    red, blue each): the brightest setting's power (``full_power``) drawn at full colour."""

    def __init__(self, window, top, scale, full_power):
        self.window = window
        self.top = top
        self.scale = scale
        self.full_power = full_power
        self.colors = [_OFF] * 5

    def write(self, data):
        self.colors = [self._color(data[at:at + 3]) for at in range(0, len(data), 3)]
        if self.window is not None:
            self.draw()

    def _color(self, grb):
        if not any(grb):
            return _OFF
        green, red, blue = (min(255, value * 255 // self.full_power) for value in grb)
        return (red, green, blue)

    def draw(self):
        import pygame
        scale = self.scale
        width = self.window.get_width()
        area = pygame.Rect(0, self.top, width, STRIP_H * scale)
        self.window.fill(_STRIP_BG, area)
        step = width // len(self.colors)
        for index, color in enumerate(self.colors):
            center = (step * index + step // 2, self.top + STRIP_H * scale // 2)
            pygame.draw.circle(self.window, color, center, 3 * scale)
        pygame.display.update(area)


class Speaker:
    """The board's ``audioio.AudioOut`` in pygame.mixer: a looped sample
    plays its square wave until ``stop()``. Silent where no audio device opens."""

    def __init__(self, wave_samples):
        self.wave_samples = wave_samples  # a sample's rate over its note's frequency
        self.playing = False
        self.frequency = 0  # the note playing, Hz (0: none)
        self._channel = None
        self._mixer = _open_mixer()

    def play(self, sample, loop=False):
        self.stop()
        self.frequency = sample.sample_rate // self.wave_samples
        self.playing = loop
        if self._mixer is not None:
            import pygame
            sound = pygame.mixer.Sound(buffer=square_wave(self.frequency, *self._mixer))
            self._channel = sound.play(loops=-1 if loop else 0)

    def stop(self):
        if self._channel is not None:
            self._channel.stop()
        self._channel = None
        self.playing = False
        self.frequency = 0


def _open_mixer():
    """``(rate, channels)`` of pygame.mixer, opened if need be; None without sound."""
    import pygame
    try:
        if not pygame.mixer.get_init():
            pygame.mixer.init(frequency=22050, size=-16, channels=1)
        rate, size, channels = pygame.mixer.get_init()
    except pygame.error:
        return None
    return (rate, channels) if size == -16 else None


def square_wave(frequency, rate, channels=1):
    """About _NOTE_SECONDS of a square wave at ``frequency`` Hz as signed
    16-bit samples (``channels`` interleaved): a whole number of periods, to loop."""
    periods = max(1, int(frequency * _NOTE_SECONDS))
    count = rate * periods // frequency
    samples = array.array("h")
    for at in range(count):
        value = _AMPLITUDE if (2 * at * frequency // rate) % 2 == 0 else -_AMPLITUDE
        for _ in range(channels):
            samples.append(value)
    return samples.tobytes()


class _Sample:
    """``audiocore.RawSample``: only its rate matters to the speaker."""

    def __init__(self, data, sample_rate=8000, **_):
        self.sample_rate = sample_rate


class _Pin:
    """``digitalio.DigitalInOut``: the NeoPixels' pin and the amplifier's switch."""

    def __init__(self, pin):
        self.value = False
        self.direction = None

    def switch_to_output(self, value=False, **_):
        self.value = value


def make_feedback(display, clock_ms):
    """The board's Feedback for the simulator ``display``, with what stands
    for its lights and speaker: ``(feedback, lights, speaker)``. The lights
    are drawn in the window's strip under the screen (none headless)."""
    made = []  # the speaker, made by the board's Feedback

    def audio_out(pin, **_):
        made.append(Speaker(hardware.WAVE_SAMPLES))
        return made[-1]

    stand_ins = {
        "board": types.SimpleNamespace(NEOPIXEL=0, SPEAKER_ENABLE=1, SPEAKER=2),
        "digitalio": types.SimpleNamespace(DigitalInOut=_Pin,
                                           Direction=types.SimpleNamespace(OUTPUT=1)),
        "neopixel_write": types.SimpleNamespace(
            neopixel_write=lambda pin, data: lights.write(data)),
        "audioio": types.SimpleNamespace(AudioOut=audio_out),
        "audiocore": types.SimpleNamespace(RawSample=_Sample),
        "analogio": types.SimpleNamespace(),  # the buttons' (not the feedback's)
        "keypad": types.SimpleNamespace(),
    }
    hardware = _board_module("lostcities.hardware", stand_ins)
    lights = Lights(display.window, display.strip_top, display.scale, hardware.PIXEL_POWER)
    feedback = hardware.Feedback(display, clock_ms)
    return feedback, lights, made[0]


def _board_module(name, stand_ins):
    """A fresh copy of the board's module ``name``, its CircuitPython imports
    answered by ``stand_ins`` (kept in sys.modules only while it loads: Blinka's
    own modules of those names stay as they are)."""
    kept = {stood_in: sys.modules.get(stood_in) for stood_in in stand_ins}
    sys.modules.update(stand_ins)
    try:
        spec = importlib.util.find_spec(name)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
    finally:
        for stood_in, before in kept.items():
            if before is None:
                del sys.modules[stood_in]
            else:
                sys.modules[stood_in] = before
    return module
