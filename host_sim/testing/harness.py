"""Driving the app without hands on the laptop: the scripted driver
(``firmware/scripted.py``, shared with the board's renderer) on a headless
Blinka display and an NVM stand-in.

Used by the screenshot tool, the tests and the fuzzer: everything goes
through the real input model (``lostcities.buttons``), as on the board.
"""

from host_sim.testing.firmware.presses import presses_for  # noqa: F401 (the tests' one place for it)
from host_sim.testing.firmware import scripted
from host_sim.testing.firmware.scripted import Clock, Event, KeyQueue  # noqa: F401 (the tests')
from host_sim.play.nvm_file import make_nvm


def popup_text(popup):
    """A screen's popup message in one line ("" when hidden): what a player reads."""
    return "" if popup.box.hidden else " ".join(popup.item.text.split())


class Driver(scripted.Driver):
    """An App with a scripted PyBadge keypad, a manual clock, a headless screen."""

    def __init__(self, seed=1, nvm=None, display=None, profile=None,
                 render=True, feedback=None):
        from host_sim.play.simulator import make_display
        nvm = nvm if nvm is not None else make_nvm()
        if profile:
            scripted.save_settings(nvm, profile)
        super().__init__(display or make_display(render=render), nvm, seed, feedback)
