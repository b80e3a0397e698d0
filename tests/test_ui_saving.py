"""Saving: the board's flash is spared, and a power cut costs what it says.

Each save erases and rewrites the board's 8 KB NVM block, whose flash lasts
about 10,000 erase cycles (host_sim/testing/firmware/microcontroller.py models
it and counts the writes). The Session decides when (lostcities/session.py):
with Resume "at pauses", the default, at a match's start and end, each
round's end, the pause menu and the title, and the quiet moments once enough
moves wait unsaved (the device passed, a player still for a while, the screen
dimmed). So the writes are counted at a person's pace (presses.think_ms): a
3-round match against the AI writes at most 10 times, one between two players
at most 33. The AI's moves and a round's next deal follow from the save. A
power cut resumes the match from the last save, and Continue says where.
"""

import random

import pytest

from host_sim.testing.firmware.microcontroller import ByteArray
from host_sim.testing.firmware.presses import think_ms
from host_sim.testing.harness import Driver, popup_text
from host_sim.tools import board_memory
from lostcities import buttons as btn
from lostcities import ai
from lostcities.rng import Rng
from lostcities.saves.storage import Storage
from lostcities.saves.restore import WORN
from lostcities.saves.layout import NVM_SIZE, WEAR_SWITCH
from lostcities.screens.table import SHOWN
from lostcities.sides import where_words

from tests.test_ui_play import play_human_turn, play_match
from lostcities.saves.resume import load_match


def fresh_nvm():
    return ByteArray(NVM_SIZE)


def moves_of_players(match, mode):
    """The moves made by a person: all in a duel, every other one against the AI."""
    if mode == "duel":
        return sum(len(moves) for moves in match.moves)
    return sum(1 for number, moves in enumerate(match.moves) for at in range(len(moves))
               if (match.deals[number][3] + at) % 2 == 0)


def play_at_a_persons_pace(driver, rng):
    """Press through a whole match from the title back to it, as a person
    does: each move thought over first (presses.think_ms: seconds, sometimes
    minutes), the device handed over between two players. Returns the match."""
    pace = random.Random(rng.randbelow(1000))
    driver.press(btn.A)  # New match
    while driver.screen != "title":
        played = driver.app.session.match
        if driver.screen == "table" and driver.app.table.step != SHOWN:
            driver.wait(think_ms(pace.randrange))
            play_human_turn(driver, rng)
        else:
            if driver.screen == "pass":
                driver.wait(2000)  # handing it over
            driver.press(btn.A)
    return played


def writes_of_a_match(settings, seed=4):
    """(NVM writes, people's moves) of a match at a person's pace."""
    nvm = fresh_nvm()
    driver = Driver(seed=seed, nvm=nvm, profile=settings, render=False)
    before = nvm.writes
    match = play_at_a_persons_pace(driver, Rng(seed))
    assert load_match(Storage(nvm))[0] is None  # the match's end: no match saved
    return nvm.writes - before, moves_of_players(match, settings["mode"])


GOALS = board_memory.FLASH_GOALS  # a 3-round match's writes, with the default setting


@pytest.mark.parametrize("mode, level, colors, seed", [
    ("ai", "hard", 5, 4), ("ai", "easy", 6, 7), ("ai", "normal", 5, 5), ("duel", None, 5, 5)])
def test_at_a_persons_pace_a_match_writes_within_the_goal(mode, level, colors, seed):
    settings = {"mode": mode, "level": level or "normal", "colors": colors, "rounds": 3}
    writes, moves = writes_of_a_match(settings, seed)
    assert writes <= GOALS[mode], (writes, moves)
    assert moves > 3 * GOALS[mode]  # a save for each would be far over the goal


def test_saving_every_move_costs_a_write_a_move():
    writes, moves = writes_of_a_match({"mode": "ai", "level": "hard", "rounds": 3,
                                       "resume": "move"})
    assert moves <= writes <= moves + 2


def test_a_policy_that_saved_at_every_pause_would_fail_the_goal(monkeypatch):
    """The person the test plays pauses as people do: a save at every still
    moment would cost far more than the goal allows."""
    from lostcities import saving
    for name in ("PASS_MOVES", "QUIET_MOVES", "IDLE_MOVES"):
        monkeypatch.setattr(saving, name, 1)
    writes, _ = writes_of_a_match({"mode": "ai", "level": "hard", "colors": 5, "rounds": 3})
    assert writes > GOALS["ai"]


def test_a_matchs_end_is_written_once_its_result_shows_and_a_cut_before_it_resumes_the_last_save():
    """The result first: the statistics counted and the save forgotten are one
    write, made once the result is on the screen. A power cut before it finds
    the match as its last save left it, the statistics not yet counted."""
    nvm = fresh_nvm()
    driver = Driver(seed=6, nvm=nvm, profile={"mode": "duel", "colors": 5, "rounds": 1},
                    render=False)
    rng = Rng(6)
    driver.press(btn.A)  # New match
    while driver.screen != "round":  # to the last round's scores
        if driver.screen == "table" and driver.app.table.step != SHOWN:
            play_human_turn(driver, rng)
        else:
            driver.press(btn.A)
    app = driver.app
    before, image = nvm.writes, bytes(nvm._bytes)
    at_picture = []
    refresh = app.display.refresh

    def refreshed(*args, **kwargs):
        at_picture.append(nvm.writes)
        return refresh(*args, **kwargs)
    app.display.refresh = refreshed
    driver.press(btn.A)
    assert driver.screen == "match"
    assert at_picture[0] == before and nvm.writes == before + 1
    assert load_match(Storage(bytearray(image)))[0] is not None  # cut before: resumed
    assert "duel" not in Storage(bytearray(image)).load_profile().stats
    storage = Storage(nvm)
    assert load_match(storage)[0] is None and storage.load_profile().stats["duel"][0] == 1


def test_saving_each_round_writes_a_few_times_a_match():
    writes, _ = writes_of_a_match({"mode": "ai", "level": "easy", "rounds": 3,
                                   "resume": "round"})
    assert writes <= 2 + 2  # the start, two rounds' ends, the end with the statistics


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


def a_match_with_moves_unsaved(settings, moves=3, seed=8):
    nvm = fresh_nvm()
    driver = Driver(seed=seed, nvm=nvm, render=False, profile=settings)
    driver.press(btn.A)  # New match: written
    rng = Rng(seed)
    for _ in range(moves):
        while driver.screen == "pass":
            driver.press(btn.A)
        play_human_turn(driver, rng)
    return driver, nvm


@pytest.mark.parametrize("how", ["pause menu", "title"])
def test_the_pause_menu_and_the_title_save_what_waits(how):
    driver, nvm = a_match_with_moves_unsaved({"mode": "ai", "level": "easy"})
    before = nvm.writes
    assert driver.app.session.saving.unsaved == 3
    if how == "pause menu":
        driver.press(btn.START)
    else:
        driver.press(btn.START, 2100)
    assert nvm.writes == before + 1 and driver.app.session.saving.unsaved == 0
    assert load_match(Storage(nvm))[0].match.moves == driver.app.match.moves
    driver.press(btn.B if how == "pause menu" else btn.A)  # back, or Continue
    driver.press(btn.START)
    assert nvm.writes == before + 1  # nothing new: nothing written


def test_a_player_left_alone_is_saved_when_the_screen_dims_with_enough_moves():
    from lostcities.saving import IDLE_MOVES, THINK_MS, IDLE_MS
    driver, nvm = a_match_with_moves_unsaved({"mode": "ai", "level": "easy"}, IDLE_MOVES - 1)
    before = nvm.writes
    driver.wait(IDLE_MS + 5000)
    assert nvm.writes == before  # fewer moves than a write is worth
    play_human_turn(driver, Rng(1))
    driver.wait(THINK_MS + 1000)
    assert nvm.writes == before  # a while still, but not yet the dimming
    driver.wait(IDLE_MS - THINK_MS)
    assert nvm.writes == before + 1
    assert load_match(Storage(nvm))[0].match.moves == driver.app.match.moves


def test_two_players_are_saved_as_the_device_passes_once_enough_moves_wait():
    from lostcities.saving import PASS_MOVES
    driver, nvm = a_match_with_moves_unsaved({"mode": "duel", "rounds": 1}, PASS_MOVES - 1)
    before = nvm.writes
    driver.press(btn.A)  # the device passed: not yet
    assert nvm.writes == before
    play_human_turn(driver, Rng(5))
    assert driver.screen == "pass" and nvm.writes == before + 1


def test_resume_is_a_setting_kept_in_the_profile_whose_words_say_its_cost():
    from lostcities import RESUME_COSTS
    nvm = fresh_nvm()
    driver = Driver(seed=8, nvm=nvm, render=False)
    driver.press_all(["DOWN", "A"] + ["DOWN"] * 4)
    screen = driver.app.screen
    assert screen.items[screen.at] == "Resume"
    assert screen.item_text("Resume") == "Resume     at pauses"
    driver.press(btn.RIGHT)
    assert screen.item_text("Resume") == "Resume     every move"
    assert popup_text(screen.popup) == "Saves every move: " + RESUME_COSTS[1]
    driver.press_all(["RIGHT", "B"])
    assert Storage(nvm).load_profile().resume == "round"
    assert driver.app.session.saving.resume == "round"


def test_the_cost_each_resume_setting_says_is_what_a_match_at_a_persons_pace_costs():
    """RESUME_COSTS' matches per rated life, against this test's person: a
    3-round match against the AI (the figure is kept round, and below)."""
    from lostcities import RESUME_COSTS, RESUMES
    from lostcities.saves.layout import RATED_WRITES
    for resume, words in zip(RESUMES, RESUME_COSTS):
        writes = [writes_of_a_match({"mode": "ai", "level": level, "rounds": 3,
                                     "resume": resume}, seed)[0]
                  for level, seed in (("hard", 4), ("normal", 5))]
        said = int(words.split()[0].strip("~"))
        matches = RATED_WRITES / (sum(writes) / len(writes))
        assert 0.6 * matches <= said <= 1.1 * matches, (resume, writes, said)


def test_an_older_profile_saved_every_turn_reads_as_the_default():
    """Version 2's profiles before the default changed: flag 8 each round,
    none every turn, which was the default and now reads as at pauses."""
    from lostcities.saves.layout import KIND_PROFILE, PROFILE_AT, stamp
    from lostcities.saves.profile import Profile, encode_profile
    for flags, resume in ((0x03, "pause"), (0x0B, "round"), (0x1B, "round"), (0x23, "move")):
        nvm = fresh_nvm()
        storage = Storage(nvm)
        storage.save_profile(Profile())
        record = encode_profile(Profile())
        record[8 + 2] = flags
        stamp(record, KIND_PROFILE)
        nvm[PROFILE_AT:PROFILE_AT + len(record)] = record
        assert Storage(nvm).load_profile().resume == resume, flags


@pytest.mark.parametrize("resume, switched", [("move", True), ("pause", False),
                                              ("round", False)])
def test_at_8000_writes_saving_every_move_switches_to_pauses_and_says_so_once(resume, switched):
    nvm = fresh_nvm()
    storage = Storage(nvm)
    storage.load_profile()
    storage.writes = WEAR_SWITCH - 1
    storage.save_profile(Storage(nvm).load_profile())  # the count: 8000 now
    driver = Driver(seed=8, nvm=nvm, render=False,
                    profile={"mode": "ai", "level": "easy", "resume": resume})
    assert driver.app.session.storage.writes >= WEAR_SWITCH
    driver.press(btn.A)  # a new match: the switch, saved with it
    assert popup_text(driver.app.table.popup) == (" ".join(WORN.split()) if switched else "")
    profile = Storage(nvm).load_profile()
    assert (profile.resume, profile.worn) == (("pause", True) if switched else (resume, False))
    play_human_turn(driver, Rng(3))
    assert popup_text(driver.app.table.popup) == ""  # said once
    driver.press(btn.START, 2100)
    driver.press_all(["DOWN", "A", "A"])  # a new match again (the question, then yes)
    assert driver.screen == "table" and popup_text(driver.app.table.popup) == ""


def power_cut_after_the_ais_move(seed, level):
    """A match in which the AI has just moved, saved every move; the NVM as a
    power cut leaves it."""
    driver = Driver(seed=seed, profile={"mode": "ai", "level": level, "resume": "move"},
                    render=False)
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


def writes_for_a_turn_pair(monkeypatch, budget_used, resume):
    """NVM writes for one of your moves and the AI's reply."""
    nvm = fresh_nvm()
    driver = Driver(seed=3, nvm=nvm, profile={"mode": "ai", "level": "hard", "resume": resume},
                    render=False)
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


def test_saving_every_move_saves_an_ai_move_cut_short_by_its_budget(monkeypatch):
    assert writes_for_a_turn_pair(monkeypatch, 10, "move") == 1
    assert writes_for_a_turn_pair(monkeypatch, ai.BUDGET_MS, "move") == 2
    # at pauses it is one move among those unsaved
    assert writes_for_a_turn_pair(monkeypatch, ai.BUDGET_MS, "pause") == 0


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
                        profile={"mode": mode, "level": "easy", "rounds": 1,
                                 "resume": "move"})
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


class Watched(ByteArray):
    """The board's NVM, noting the match as it stood at each write: what a
    power cut after that write and before the next resumes."""

    def __init__(self, driver_of):
        super().__init__(NVM_SIZE)
        self.driver_of = driver_of
        self.images = []  # (the NVM's bytes, the match's moves then, people's moves unsaved)

    def __setitem__(self, index, value):
        super().__setitem__(index, value)
        driver = self.driver_of()
        match = driver.app.session.match if driver else None
        moves = [list(moves) for moves in match.moves] if match else None
        self.images.append((bytes(self._bytes), moves))


def resumed_from(image):
    """A board booted on ``image`` after a cut: (its saved match, and the
    table's words once Continue is pressed)."""
    nvm = ByteArray(NVM_SIZE)
    nvm._bytes[:] = image
    driver = Driver(seed=99, nvm=nvm, render=False)
    saved = driver.app.saved
    if saved is None:
        return None, None
    moves = [list(moves) for moves in saved.match.moves]
    where = where_words(saved)
    driver.press(btn.A)  # Continue
    while driver.screen in ("pass", "round") or (
            driver.screen == "table" and driver.app.table.step == SHOWN):
        driver.press(btn.A)  # the device passed, the round's end and scores seen
    said = popup_text(driver.app.table.popup) if driver.screen == "table" else ""
    return moves, where, said


def words_for(image):
    """Where the match saved in ``image`` stands, worked out from its moves."""
    saved = load_match(Storage(bytearray(image)))[0]
    match = saved.match
    if match.state.is_over():
        return "the start of round %d" % (len(match.deals) + 1)
    player = match.state.to_move
    moves = match.moves[-1]
    made = sum(1 for at in range(len(moves)) if (match.starter() + at) % 2 == player)
    name = ("the AI's" if saved.is_ai(player) else "your") if saved.mode == "ai" else (
        "player %d's" % (player + 1))
    return "round %d, %s move %d" % (len(match.deals), name, made + 1)


@pytest.mark.parametrize("mode, rounds, seed", [("ai", 3, 4), ("duel", 1, 6)])
def test_a_power_cut_at_any_moment_resumes_the_last_save_and_says_where(mode, rounds, seed):
    """A match at a person's pace, the power cut at every moment of it: a boot
    finds the match as its last save left it (the moves since then lost, and
    no more: as many as the session counted unsaved), and Continue says where
    it resumed, in the words of the save alone."""
    holder = []
    nvm = Watched(lambda: holder[0] if holder else None)
    settings = {"mode": mode, "level": "normal", "colors": 5, "rounds": rounds}
    holder.append(Driver(seed=seed, nvm=nvm, profile=settings, render=False))
    driver = holder[0]
    nvm.images.clear()
    moments = []  # at every press and every few seconds: (writes so far, live moves, unsaved)

    def note():
        session = driver.app.session
        if session.match is not None and session.saved is not None:
            moments.append((len(nvm.images), [list(m) for m in session.match.moves],
                            session.saving.unsaved))
    real_step = driver.app.step

    def step():
        changed = real_step()
        note()
        return changed
    driver.app.step = step
    play_at_a_persons_pace(driver, Rng(seed))
    booted = {}
    for writes, live, unsaved in moments:
        image, at_save = nvm.images[writes - 1]
        if writes not in booted:
            booted[writes] = resumed_from(image)
        moves, where, said = booted[writes]
        assert moves == at_save  # the last save, exactly
        # what was lost: the moves played since, the session's count of the people's
        assert moves[:-1] == live[:len(moves) - 1] and live[len(moves) - 1][
            :len(moves[-1])] == moves[-1]
        lost = sum(map(len, live)) - sum(map(len, moves))
        people = lost if mode == "duel" else (lost + 1) // 2 if lost else 0
        assert abs(people - unsaved) <= 1 and unsaved <= lost, (lost, unsaved)
        assert said == "Resumed from the last save: %s." % where
        assert where == words_for(image), where
    assert len(booted) >= 4 and max(m[2] for m in moments) >= 10


# Power-on over a saved match: the title first, the match's moves replayed after it -------------

def saved_in_round_2(turns=6, seed=5):
    """An NVM holding a 3-round match against the AI left for the title in its
    second round, ``turns`` of the person's turns into it (6 colours); and
    that match."""
    driver = Driver(seed=seed, nvm=fresh_nvm(), profile={
        "mode": "ai", "level": "normal", "colors": 6, "rounds": 3}, render=False)
    rng = Rng(seed)
    driver.press(btn.A)  # New match
    while driver.app.match.round_number() < 2 or driver.screen != "table":
        if driver.screen == "table" and driver.app.table.step != SHOWN:
            play_human_turn(driver, rng)
        else:
            driver.press(btn.A)
    for _ in range(turns):
        play_human_turn(driver, rng)
    driver.press(btn.START, 2100)  # to the title, which saves the match
    return driver.nvm, driver.app.match


def app_over(nvm, keys=None):
    """The App made over ``nvm`` as at power-on: its title built, not yet
    on the screen (the loop has taken no step); ``keys``, its key queue
    (firmware/scripted.py's KeyQueue)."""
    from host_sim.play.simulator import make_display
    from host_sim.testing.firmware.scripted import Clock, KeyQueue
    from lostcities.app import App
    clock = Clock()
    keys = KeyQueue() if keys is None else keys
    buttons = btn.Buttons([btn.KeypadSource(keys, btn.PYBADGE_KEYS)], clock)
    return App(make_display(render=False), buttons, nvm, clock)


def test_power_on_shows_the_title_from_the_saves_head_and_replays_the_match_after_it():
    nvm, match = saved_in_round_2()
    app = app_over(nvm)
    session = app.session
    title = app.screen
    # the title's words come from the record's head: the moves wait
    assert session.found is not None
    assert title.name == "title" and title.items[0] == "Continue"
    assert title.item_text("Continue") == "Continue (round 2/3)"
    replayed_when_shown = []
    refresh = app.display.refresh
    app.display.refresh = lambda: (replayed_when_shown.append(session.found is None), refresh())
    app.step()  # the title's picture, then the replay
    assert replayed_when_shown == [False]
    assert session.found is None and app.screen is title
    assert session.saved.match.moves == match.moves
    assert bytes(session.saved.match.state.buf) == bytes(match.state.buf)
    nvm_writes = nvm.writes
    app.step()
    assert nvm.writes == nvm_writes  # a match found is not saved again
    session.resume()  # Continue
    assert session.news() == "Resumed from the last save: round 2, your move 7."


def refused_on_replay():
    """An NVM whose match record is whole by its checksum, but whose last
    move the rules refuse (a card no game has), after the settings of
    saved_in_round_2."""
    from lostcities.saves.layout import KIND_MATCH, MATCH_AT, stamp
    from lostcities.saves.match import match_size
    nvm, _ = saved_in_round_2()
    saved = load_match(Storage(nvm))[0]
    record = memoryview(nvm._bytes)[MATCH_AT:MATCH_AT + match_size(saved)]
    record[-4] = 0x7F  # the last move's card becomes one no game has
    stamp(record, KIND_MATCH)  # and its checksum says it is whole
    return nvm


def test_a_save_the_rules_refuse_on_replay_is_told_on_the_title_which_offers_no_continue():
    """A record whole by its checksum whose moves the rules refuse is found
    only once the title shows: the title comes again, saying so, without
    Continue; the settings and statistics are kept, and nothing is written."""
    from lostcities.saves.restore import MATCH_DAMAGED
    nvm = refused_on_replay()
    writes = nvm.writes
    app = app_over(nvm)
    assert app.screen.items[0] == "Continue"  # its head is a match's
    app.step()  # the title's picture, then the replay, refused
    app.step()  # the title again
    title = app.screen
    assert title.name == "title" and "Continue" not in title.items
    assert popup_text(title.popup) == MATCH_DAMAGED
    assert app.session.saved is None and app.session.notice == MATCH_DAMAGED
    assert app.profile.colors == 6 and app.profile.rounds == 3  # the settings kept
    app.step()
    assert nvm.writes == writes
    title.choose("New match", btn.A)  # no match to give up: it starts at once
    app.follow()
    app.step()
    assert app.screen.name == "table"


def test_continue_pressed_before_the_title_shows_a_refused_save_is_told_all_the_same():
    """A press made while the board boots waits in the keypad's queue and
    reaches the title before its picture: Continue asks for the match, the
    rules refuse it, and the title that follows says so."""
    from lostcities.saves.restore import MATCH_DAMAGED
    from host_sim.testing.firmware.scripted import KeyQueue
    keys = KeyQueue()
    app = app_over(refused_on_replay(), keys)
    keys.push(btn.A, True)  # Continue, at the title's top, pressed while it boots
    keys.push(btn.A, False)
    for _ in range(3):
        app.step()
    title = app.screen
    assert title.name == "title" and "Continue" not in title.items
    assert popup_text(title.popup) == MATCH_DAMAGED


def test_a_front_end_asking_for_the_match_gets_it_replayed():
    """A front end that shows no title first (the terminal game) asks for the
    match at once: replayed then, or refused with the notice saying why."""
    from lostcities.session import Session
    nvm, match = saved_in_round_2(turns=2)
    session = Session(Storage(bytearray(nvm._bytes)), lambda: 7)
    assert session.found is not None and session.notice is None
    assert session.saved.match.moves == match.moves and session.found is None
    from lostcities.saves.restore import MATCH_DAMAGED
    refused = Session(Storage(refused_on_replay()), lambda: 7)
    assert refused.found is not None and refused.notice is None
    assert refused.saved is None and refused.notice == MATCH_DAMAGED and refused.found is None
