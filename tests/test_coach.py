"""The lesson: Learn on the title, a round with the coach.

Walked through the buttons as a newcomer would, every message of the coach
shows once, at its moment; the lesson is saved and resumes after a power cut,
is never counted in the statistics, and the terminal game teaches the same.
"""

import pytest

from host_sim.play import terminal as tty
from host_sim.play.terminal.typing import coach_words
from host_sim.testing.firmware.microcontroller import ByteArray
from host_sim.testing.firmware.presses import presses_from
from host_sim.testing.harness import Driver, popup_text
from lostcities import LEVELS, buttons as btn, coach
from lostcities.saves.resume import decode_match
from lostcities.saves.storage import Storage
from lostcities.saves.layout import HEADER, NO_SAVE, NVM_SIZE
from lostcities.saves.match import encode_match, match_size
from lostcities.screens import wrap
from lostcities.screens.layout import INFO_CHARS
from lostcities.screens.table import ACTION, DRAW, SHOWN, PICK
from lostcities.session import LESSON_SEEDS
from tests.test_tty import Keyboard, erased, session

# the table's phase at each lesson's moment
MOMENT_PHASE = {coach.AT_PICK: PICK, coach.AT_CARD: ACTION, coach.AT_DRAW: DRAW,
                coach.AT_END: SHOWN}
EARLY_TURNS = 30  # every lesson but the round's end, by this turn of the round (both players')


def hinted(app, table):
    """The player's move: the hint's (the evaluation's best)."""
    return app.session.hint(table.viewer)


def start_lesson(driver):
    """From the title: down to Learn, A."""
    title = driver.app.screen
    assert title.name == "title"
    while title.items[title.at] != "Learn":
        driver.press(btn.DOWN)
    driver.press(btn.A)


def walk(driver, choose=hinted, stop=None, known=(), limit=4000):
    """Play the lesson on the table, A through the coach's words; returns
    [(lesson, phase, turn, text)] as each was shown (``known``: before a power
    cut). ``stop(driver)`` ends the walk early when it holds (at a pick)."""
    app = driver.app
    said = []
    move = turn = None
    for _ in range(limit):
        if driver.screen != "table":
            return said
        table = app.table
        shown = [entry[0] for entry in list(known) + said]
        new = [lesson for lesson in range(len(coach.LESSONS))
               if app.saved.coached >> lesson & 1 and lesson not in shown]
        if new:
            assert len(new) == 1, "one message at a time"
            said.append((new[0], table.step, app.match.state.turns, popup_text(table.popup)))
            assert table.coaching or table.step == SHOWN
        if table.step == SHOWN:
            driver.press(btn.A)
            continue
        if stop and table.step == PICK and not table.coaching and stop(driver):
            return said
        if turn != app.match.state.turns:
            turn = app.match.state.turns
            move = choose(app, table)
        driver.press(presses_from(table, move)[0])
    raise AssertionError("the lesson did not end")


def check_said(said):
    lessons = [entry[0] for entry in said]
    assert sorted(lessons) == list(range(len(coach.LESSONS))), [
        coach.LESSONS[lesson] for lesson in lessons]  # each once
    for lesson, phase, _, text in said:
        assert phase == MOMENT_PHASE[coach._AT[lesson]], coach.LESSONS[lesson]
        assert text  # on show


@pytest.mark.parametrize("index", range(len(LESSON_SEEDS)))
def test_each_lesson_seed_brings_every_lesson_up_early_and_the_player_starts(index):
    driver = Driver(seed=index, render=False)  # the app's first seed picks the deal
    start_lesson(driver)
    saved = driver.app.saved
    assert saved.learn and saved.mode == "ai" and saved.level == LEVELS[0]
    match = saved.match
    assert (match.colors, match.rounds) == (5, 1)
    assert match.deals[0][3] == 1 - saved.ai_seat  # the player starts
    said = walk(driver)
    check_said(said)
    for lesson, _, turn, _ in said:
        if coach.LESSONS[lesson] != "end":
            assert turn <= EARLY_TURNS, coach.LESSONS[lesson]
    assert driver.screen == "round"


def test_a_walk_through_the_lesson_shows_each_message_once_and_never_counts():
    nvm = ByteArray(NVM_SIZE)
    driver = Driver(seed=0, nvm=nvm, render=False)
    start_lesson(driver)
    table = driver.app.table
    assert table.coaching and popup_text(table.popup).startswith("Your turn has two parts")
    driver.press(btn.RIGHT)  # the coach's words stay until A
    assert table.coaching and table.cursor[table.viewer] == 0
    said = walk(driver)
    check_said(said)
    assert said[0][0] == coach.LESSONS.index("turn") and said[-1][3].startswith("Round over")
    assert driver.screen == "round"
    driver.press(btn.A)  # the scores, then the coach looks back at the round
    assert driver.screen == "review" and driver.app.screen.review.done()
    while driver.screen == "review":
        driver.press(btn.A)
    assert driver.screen == "match"
    driver.press(btn.A)  # the result
    assert driver.screen == "title"
    storage = Storage(nvm)
    assert storage.load_match() == (None, NO_SAVE)
    assert storage.load_profile().stats == {}  # the lesson is not counted
    assert "Learn" in driver.app.screen.items


def test_the_lesson_resumes_after_a_power_cut_without_repeating_the_coach():
    nvm = ByteArray(NVM_SIZE)
    driver = Driver(seed=1, nvm=nvm, render=False)
    start_lesson(driver)
    before = walk(driver, stop=lambda d: bin(d.app.saved.coached).count("1") >= 5)
    coached = driver.app.saved.coached
    moves = list(driver.app.match.moves[0])
    copy = ByteArray(NVM_SIZE)
    copy._bytes[:] = nvm._bytes  # the power goes: the NVM is what is left
    driver = Driver(seed=99, nvm=copy, render=False)
    title = driver.app.screen
    assert title.items[0] == "Continue" and title.item_text("Continue") == "Continue the lesson"
    driver.press(btn.A)
    saved = driver.app.saved
    assert saved.learn and saved.coached == coached and list(saved.match.moves[0]) == moves
    after = walk(driver, known=before)
    check_said(before + after)
    assert driver.screen == "round"


def test_start_held_leaves_the_lesson_saved():
    driver = Driver(seed=2, render=False)
    start_lesson(driver)
    walk(driver, stop=lambda d: d.app.match.state.turns >= 4)
    driver.press(btn.START, 2100)
    assert driver.screen == "title" and driver.app.saved.learn
    assert driver.app.screen.items[0] == "Continue"


def test_a_lesson_record_reads_back_and_other_records_are_as_before():
    driver = Driver(seed=3, render=False)
    start_lesson(driver)
    walk(driver, stop=lambda d: d.app.match.state.turns >= 6)
    saved = driver.app.saved
    record = encode_match(saved, bytearray(match_size(saved)))
    back, lost = decode_match(bytes(record[HEADER:-2]))
    assert lost == 0 and back.learn and back.mode == "ai" and back.coached == saved.coached
    saved.learn = False  # the same match, not a lesson: the body of before
    plain = encode_match(saved, bytearray(match_size(saved)))
    assert len(plain) == len(record) - 2 - len("learn") + len("ai")
    back, _ = decode_match(bytes(plain[HEADER:-2]))
    assert not back.learn and back.coached == 0


def test_the_hint_in_the_lesson_names_the_move_and_why():
    driver = Driver(seed=0, render=False)
    start_lesson(driver)
    walk(driver, stop=lambda d: d.app.match.state.turns >= 2)
    app = driver.app
    move = app.session.hint(app.match.state.to_move)
    why = coach.reason(app.match.state, app.table.viewer, move)
    driver.press(btn.START)
    assert driver.screen == "pause"
    while driver.app.screen.items[driver.app.screen.at] != "Hint":
        driver.press(btn.DOWN)
    driver.press(btn.A)
    text = popup_text(driver.app.table.popup)
    assert text.startswith("Hint: ") and text.endswith(": " + why), text


def test_the_hints_reasons():
    from lostcities.rules import make_card, make_move, SOURCE_DECK, State
    state = State.from_deal(bytes([3, 5, 9, 10, 15, 20, 25, 30]),
                            bytes([36, 37, 38, 39, 40, 41, 42, 43]),
                            bytes(range(44, 60)) + bytes([0, 1, 2, 4, 6, 7, 8, 11, 12, 13, 14,
                                                          16, 17, 18, 19, 21, 22, 23, 24, 26,
                                                          27, 28, 29, 31, 32, 33, 34, 35]), 0)
    y2, y4 = make_card(0, 2), make_card(0, 4)
    assert coach.reason(state, 0, make_move(y2, False, SOURCE_DECK)) == \
        "opens Y: your Y cards add up to 23"
    state.play(make_move(y2, False, SOURCE_DECK))
    state.play(make_move(make_card(3, 2), True, SOURCE_DECK))
    assert coach.reason(state, 0, make_move(y4, False, SOURCE_DECK)) == "Y climbs, +4"
    assert coach.reason(state, 0, make_move(make_card(1, 2), True, SOURCE_DECK)) == \
        "nobody needs it"


def test_every_message_fits_the_popup_with_its_numbers():
    numbers = {"turn": (), "wager": ("Gx",), "bonus": ("G", 12), "open": ("G10", "-10"),
               "climb": ("G10", "G9"), "wanted": ("G10", "G9"), "shared": ("G10",),
               "just": (), "clock": (44,), "end": ("G", 54, 4, "+136, +20 for 8 cards")}
    for lesson, name in enumerate(coach.LESSONS):
        text = coach.message(lesson) % numbers[name]
        assert len(wrap(text, INFO_CHARS).split("\n")) <= 4, name


def test_the_terminal_lesson_teaches_the_same_and_is_not_counted():
    nvm = erased()
    text, game = session(nvm, Keyboard(["learn", "stats", "quit"]))
    flat = " ".join(text.split())  # as wrapped at 78 characters
    assert flat.count("Coach: ") == len(coach.LESSONS)
    for lesson in range(len(coach.LESSONS)):
        parts = coach_words(coach.message(lesson)).split("%")
        words = max([parts[0]] + [part[1:] for part in parts[1:]], key=len).strip()[:30]
        assert flat.count(words) == 1, coach.LESSONS[lesson]
    assert "The lesson, with the coach: 5 colours, 1 round" in text
    assert "The coach looks back. Round 1, your review of " in text
    assert "Lessons are not counted in the statistics." in text
    assert "No matches finished yet." in text
    assert Storage(nvm).load_profile().stats == {}
