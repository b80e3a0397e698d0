"""Saving: nothing is lost, and the board's flash is spared.

Each save erases and rewrites the board's 8 KB NVM block, whose flash lasts
about 10,000 erase cycles (host_sim/testing/firmware/microcontroller.py models
it and counts the writes). The AI's move follows from the saved position and
the AI's saved Rng, so the app saves after your moves but not after the AI's,
unless the AI ran out of its time budget (then its move depends on the clock
and is saved); a round's next deal follows from the saved match's Rng. The
budget: one write per move of a player, plus two a match (its start, and its
end with the statistics). Resume "each round" saves at rounds' ends only.
"""

import pytest

from host_sim.testing.firmware.microcontroller import ByteArray
from host_sim.testing.harness import Driver, popup_text
from lostcities import buttons as btn
from lostcities import ai
from lostcities.rng import Rng
from lostcities.saves.storage import Storage
from lostcities.saves.restore import WORN
from lostcities.saves.layout import NVM_SIZE, WEAR_SWITCH

from tests.test_ui_play import play_human_turn, play_match


def fresh_nvm():
    return ByteArray(NVM_SIZE)


def moves_of_players(match, mode):
    """The moves made by a person: all in a duel, every other one against the AI."""
    if mode == "duel":
        return sum(len(moves) for moves in match.moves)
    return sum(1 for number, moves in enumerate(match.moves) for at in range(len(moves))
               if (match.deals[number][3] + at) % 2 == 0)


@pytest.mark.parametrize("mode, colors, rounds", [("ai", 5, 3), ("ai", 6, 1), ("duel", 6, 1)])
def test_a_match_writes_once_per_move_of_a_player_plus_two(mode, colors, rounds):
    nvm = fresh_nvm()
    driver = Driver(seed=8, nvm=nvm, profile={"mode": mode, "level": "normal",
                                              "colors": colors, "rounds": rounds}, render=False)
    before = nvm.writes
    _, match = play_match(driver, Rng(4))
    assert nvm.writes - before <= moves_of_players(match, mode) + 2
    assert Storage(nvm).load_match()[0] is None  # the match's end: no match saved


def test_saving_each_round_writes_a_few_times_a_match():
    nvm = fresh_nvm()
    driver = Driver(seed=8, nvm=nvm, render=False, profile={
        "mode": "ai", "level": "easy", "rounds": 3, "resume": "round"})
    before = nvm.writes
    play_match(driver, Rng(4))
    assert nvm.writes - before <= 3 + 2  # each round's end, the start and the end


def test_nothing_unchanged_is_written():
    nvm = fresh_nvm()
    driver = Driver(seed=8, nvm=nvm, render=False, profile={"mode": "ai"})
    before = nvm.writes
    driver.press_all(["DOWN", "A", "B"])  # settings opened and left as they were
    driver.press_all(["A", "RIGHT", "RIGHT", "B"])  # the mode changed and changed back
    driver.press_all(["DOWN", "A", "B"])  # statistics
    assert nvm.writes == before
    driver.press_all(["UP", "UP", "A"])  # a new match: written once
    assert nvm.writes == before + 1
    driver.press(btn.START, 2100)  # to the title...
    driver.press_all(["A"])  # ...and Continue: nothing new to write
    assert driver.screen == "table" and nvm.writes == before + 1


def test_resume_each_round_is_a_setting_kept_in_the_profile():
    nvm = fresh_nvm()
    driver = Driver(seed=8, nvm=nvm, render=False)
    driver.press_all(["DOWN", "A"] + ["DOWN"] * 4)
    assert driver.app.screen.items[driver.app.screen.at] == "Resume"
    driver.press_all(["RIGHT", "B"])
    assert Storage(nvm).load_profile().resume == "round"
    assert driver.app.session.each_round


def test_at_8000_writes_the_game_saves_each_round_and_says_so_once():
    nvm = fresh_nvm()
    storage = Storage(nvm)
    storage.load_profile()
    storage.writes = WEAR_SWITCH - 1
    storage.save_profile(Storage(nvm).load_profile())  # the count: 8000 now
    driver = Driver(seed=8, nvm=nvm, render=False, profile={"mode": "ai", "level": "easy"})
    assert driver.app.session.storage.writes >= WEAR_SWITCH
    driver.press(btn.A)  # a new match: the switch, saved with it
    assert popup_text(driver.app.table.popup) == " ".join(WORN.split())
    profile = Storage(nvm).load_profile()
    assert (profile.resume, profile.worn) == ("round", True)
    play_human_turn(driver, Rng(3))
    assert popup_text(driver.app.table.popup) == ""  # said once
    driver.press(btn.START, 2100)
    driver.press_all(["DOWN", "A", "A"])  # a new match again (the question, then yes)
    assert driver.screen == "table" and popup_text(driver.app.table.popup) == ""


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

    def timed(view, level, rng, *asked):
        driver.clock.now += budget_used  # the board's time for the decision
        return real(view, level, rng, *asked)

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
    from lostcities.saves.layout import UNSAVED
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
