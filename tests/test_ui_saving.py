"""Saving against the AI: nothing is lost, and the board's flash is spared.

Each save erases and rewrites the board's 8 KB NVM block, whose flash lasts a
limited number of erase cycles. The AI's move follows from the saved position
and the AI's saved Rng, so the app saves after your moves (and the round's
last move) but not after the AI's, unless the AI ran out of its time budget
(then its move depends on the clock and is saved).
"""

from host_sim.testing.harness import Driver, popup_text
from lostcities import buttons as btn
from lostcities import ai
from lostcities.rng import Rng
from lostcities.save import NVM_SIZE

from tests.test_ui_play import play_human_turn, play_match


class CountingNvm(bytearray):
    """The NVM, counting the slice writes (each is one erase of the block)."""

    writes = 0

    def __setitem__(self, key, value):
        if isinstance(key, slice):
            self.writes += 1
        super().__setitem__(key, value)


def fresh_nvm():
    return CountingNvm(b"\xff" * NVM_SIZE)


def test_a_match_against_the_ai_saves_about_once_per_turn_pair():
    nvm = fresh_nvm()
    driver = Driver(seed=8, nvm=nvm, profile={"mode": "ai", "level": "normal", "rounds": 1},
                    render=False)
    before = nvm.writes
    _, match = play_match(driver, Rng(4))
    moves = len(match.moves[0])
    writes = nvm.writes - before
    # one save per move of yours, one at the round's start and end, the statistics
    assert writes <= (moves + 1) // 2 + 4
    assert writes < moves * 3 // 5


def power_cut_after_the_ais_move(seed, level):
    """A match in which the AI has just moved; the NVM as a power cut leaves it."""
    driver = Driver(seed=seed, profile={"mode": "ai", "level": level}, render=False)
    driver.press_all(["A"])
    rng = Rng(seed)
    for _ in range(5):
        play_human_turn(driver, rng)
    return driver, bytearray(driver.nvm)


def test_continue_after_a_power_cut_makes_the_ais_move_again():
    for level in ai.LEVELS:
        driver, flash = power_cut_after_the_ais_move(9, level)
        state = driver.app.match.state
        again = Driver(seed=99, nvm=flash, render=False)
        assert again.app.screen.items[0] == "Continue"
        again.press_all(["A"])
        resumed = again.app.saved
        assert bytes(resumed.match.state.buf) == bytes(state.buf), level
        assert resumed.ai_rng.getstate() == driver.app.saved.ai_rng.getstate()
        assert resumed.match.moves == driver.app.match.moves


def writes_for_a_turn_pair(monkeypatch, budget_used):
    """NVM writes for one of your moves and the AI's reply."""
    nvm = fresh_nvm()
    driver = Driver(seed=3, nvm=nvm, profile={"mode": "ai", "level": "hard"}, render=False)
    real = ai.choose_move

    def timed(view, level, rng, clock=None):
        driver.clock.now += budget_used  # the board's time for the decision
        return real(view, level, rng, clock)

    monkeypatch.setattr(ai, "choose_move", timed)
    driver.press_all(["A"])
    before = nvm.writes
    play_human_turn(driver, Rng(1))
    assert not driver.app.match.state.is_over()
    return nvm.writes - before


def test_an_ai_move_cut_short_by_its_budget_is_saved(monkeypatch):
    assert writes_for_a_turn_pair(monkeypatch, 10) == 1
    assert writes_for_a_turn_pair(monkeypatch, ai.BUDGET_MS) == 2


class FullNvm(bytearray):
    """An NVM whose writes fail after ``good`` of them, like a laptop's full disk."""

    def __init__(self, good):
        super().__init__(b"\xff" * NVM_SIZE)
        self.good = good

    def __setitem__(self, key, value):
        if self.good <= 0:
            raise OSError(28, "No space left on device")
        self.good -= 1
        super().__setitem__(key, value)


def test_a_save_that_cannot_be_written_is_said_once_on_the_table_and_play_goes_on():
    from lostcities.save import UNSAVED
    for mode in ("ai", "duel"):
        driver = Driver(seed=8, nvm=FullNvm(good=3), render=False,
                        profile={"mode": mode, "level": "easy", "rounds": 1})
        driver.press(btn.A)  # New match
        said = 0
        rng = Rng(2)
        for _ in range(30):  # turns: each shows the table to a player first
            while driver.screen == "pass":
                driver.press(btn.A)
            said += popup_text(driver.app.table.popup) == UNSAVED
            play_human_turn(driver, rng)
        assert said == 1, mode
        assert driver.app.match.state.turns >= 30
