"""The simulator window shows the board's five NeoPixels and plays its speaker
(issue 33, item 19), through the board's own Feedback (lostcities/hardware.py),
headless: SDL's dummy video and audio drivers (tests/conftest.py)."""

import array

import pygame
import pytest

from host_sim.play import feedback as window_feedback
from host_sim.play.feedback import STRIP_H, make_feedback, square_wave
from host_sim.play.simulator import HEIGHT, make_display
from host_sim.testing.harness import Driver
from lostcities import buttons as btn

SCALE = 2


def light_at(display, index):
    """The colour drawn at the middle of NeoPixel ``index`` (0-4) under the screen."""
    step = display.window.get_width() // 5
    return tuple(display.window.get_at(
        (step * index + step // 2, (HEIGHT + STRIP_H // 2) * SCALE)))[:3]


def window_game(profile, seed=3):
    display = make_display(SCALE, window=True)
    clock = [0]
    feedback, lights, speaker = make_feedback(display, lambda: clock[0])
    driver = Driver(seed=seed, display=display, profile=profile, feedback=feedback)
    return driver, display, lights, speaker


def test_the_lights_under_the_screen_show_whose_turn_it_is():
    driver, display, _, _ = window_game({"mode": "duel", "brightness": 5})
    driver.press_all(["A", "A"])  # new match, past the pass screen: player 1 to move
    blue = light_at(display, 0)
    assert blue[2] == 255 and blue[0] < 50 and all(light_at(display, i) == blue for i in range(5))
    driver.press_all(["A", "DOWN", "A", "A"])  # player 1 discards and draws, the pass screen
    driver.press(btn.A)
    orange = light_at(display, 4)
    assert orange[0] == 255 and orange[2] < 50


def test_the_lights_follow_the_settings():
    driver, display, lights, _ = window_game({"mode": "duel", "brightness": 1})
    driver.press_all(["A", "A"])
    dim = light_at(display, 0)
    assert 0 < dim[2] < 100  # the dimmest setting: a fifth of the brightest
    driver, display, lights, _ = window_game({"mode": "duel", "lights": False})
    driver.press_all(["A", "A"])
    assert light_at(display, 0) == window_feedback._OFF


def test_a_tune_plays_note_by_note_and_only_with_sound_on():
    display = make_display(SCALE, window=True)
    clock = [0]
    feedback, _, speaker = make_feedback(display, lambda: clock[0])
    feedback.settings(True, True, 3)
    heard = []
    feedback.sound("match_end")
    while speaker.frequency:
        heard.append(speaker.frequency)
        assert speaker.playing
        clock[0] += 10
        feedback.tick()
        if heard[-1] == speaker.frequency:
            heard.pop()
    tunes = type(feedback).sound.__globals__["SOUNDS"]  # the board module's, loaded apart
    assert heard == [frequency for frequency, _ in tunes["match_end"]]
    assert not speaker.playing
    feedback.settings(False, True, 3)
    feedback.sound("illegal")
    assert speaker.frequency == 0 and not speaker.playing


def test_a_note_is_a_looped_square_wave_in_the_mixers_format():
    samples = array.array("h")
    samples.frombytes(square_wave(500, 22050))
    assert len(samples) == 22050 * 100 // 500  # a whole number of periods: it loops
    assert set(samples) == {window_feedback._AMPLITUDE, -window_feedback._AMPLITUDE}
    assert samples[22] > 0 > samples[23]  # half a period is 22.05 samples
    stereo = array.array("h")
    stereo.frombytes(square_wave(500, 22050, 2))
    assert stereo[::2] == stereo[1::2] == samples


def test_without_an_audio_device_the_sounds_are_silently_skipped(monkeypatch):
    def no_device(*args, **kwargs):
        raise pygame.error("No available audio device")
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    display = make_display(SCALE, window=True)
    feedback, _, speaker = make_feedback(display, lambda: 0)
    feedback.settings(True, True, 3)
    feedback.sound("illegal")
    assert speaker.frequency == 150  # the board's note, that nothing plays


def test_the_board_module_loads_apart_and_leaves_blinkas_modules_alone():
    import sys
    before = {name: sys.modules.get(name) for name in ("board", "digitalio", "audioio")}
    make_feedback(make_display(SCALE, window=True), lambda: 0)
    assert {name: sys.modules.get(name) for name in before} == before
    assert "lostcities.hardware" not in sys.modules


@pytest.fixture(autouse=True)
def quiet_mixer():
    yield
    if pygame.mixer.get_init():
        pygame.mixer.quit()
