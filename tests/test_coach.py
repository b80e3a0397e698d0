"""The lesson: Learn on the title, a round with the coach.

Walked through the buttons as a newcomer would, following the hints, every
lesson of the coach shows once, at its moment, and says how to go on; the
goal comes before the first move, no hint plays or throws a wager before
wagers are explained, and the coach's warnings come only to the risky move
they name. The lesson is saved and resumes after a power cut, is never
counted in the statistics, and the terminal game teaches the same in its own
words.
"""

import pytest

from conftest import deal
from host_sim.play import terminal as tty
from host_sim.testing.firmware.microcontroller import ByteArray
from host_sim.testing.firmware.presses import presses_from
from host_sim.testing.harness import Driver, popup_text
from lostcities import LEVELS, buttons as btn, coach
from lostcities.saves.resume import decode_match
from lostcities.rules import NO_CARD, is_wager, move_card, move_discards
from lostcities.saves.storage import Storage
from lostcities.saves.layout import HEADER, NO_SAVE, NVM_SIZE
from lostcities.saves.match import encode_match, match_size
from lostcities.screens import LINE_H, wrap
from lostcities.screens.layout import DRAW_BAR_Y, INFO_CHARS
from lostcities.screens.table import ACTION, DRAW, SHOWN, PICK
from lostcities.sides import LESSON_SEEDS
from tests.test_tty import Keyboard, erased, session
from lostcities.saves.resume import load_match

# the table's phase at each lesson's moment
MOMENT_PHASE = {"pick": PICK, "move": DRAW, "end": SHOWN}
EARLY_TURNS = 30  # every lesson but the round's end, by this turn of the round (both players')
TEACHING = [lesson for lesson, name in enumerate(coach.LESSONS) if name not in coach.WARNINGS]
WAGER = coach.LESSONS.index("wager")
SCREEN_H = 128


def hinted(app, table):
    """The player's move: the hint's (the evaluation's best)."""
    return app.session.advice.hint(table.viewer)


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
            check_popup_place(table)
        if table.step == SHOWN:
            driver.press(btn.A)
            continue
        if stop and table.step == PICK and not table.coaching and stop(driver):
            return said
        if turn != app.match.state.turns:
            turn = app.match.state.turns
            move = choose(app, table)
        driver.press(presses_from(table, move)[0])
        if table.step == ACTION and not table.coaching and table.play_reason() is None:
            assert table.status.text.startswith("A:play"), table.status.text
    raise AssertionError("the lesson did not end")


def check_popup_place(table):
    """In a turn the coach's words leave the piles, the AI's last discard and
    the draw in view, and stay on the screen."""
    box = table.popup.box
    lines = len(table.popup.item.text.split("\n"))
    assert box.y - 3 + lines * LINE_H + 5 <= SCREEN_H
    if table.step != SHOWN:
        assert box.y - 3 > DRAW_BAR_Y + 2


def check_said(said):
    lessons = [entry[0] for entry in said]
    assert len(set(lessons)) == len(lessons), "each once"
    assert set(TEACHING) <= set(lessons), [
        coach.LESSONS[lesson] for lesson in TEACHING if lesson not in lessons]
    for lesson, phase, _, text in said:
        assert phase == MOMENT_PHASE[coach.LESSON_MOMENTS[lesson]], coach.LESSONS[lesson]
        ending = {PICK: "A: OK", DRAW: "A: OK B: back", SHOWN: "Round over. A: scores"}[phase]
        assert text.endswith(ending), text  # every message says how to go on


@pytest.mark.parametrize("index", range(len(LESSON_SEEDS)))
def test_each_lesson_seed_brings_every_lesson_up_early_and_the_player_starts(index):
    driver = Driver(seed=index, render=False)  # the app's first seed picks the deal
    start_lesson(driver)
    saved = driver.app.saved
    assert saved.learn and saved.mode == "ai" and saved.level == LEVELS[0]
    match = saved.match
    assert (match.colors, match.rounds) == (5, 1)
    assert match.deals[0][3] == 1 - saved.ai_seat  # the player starts
    said = walk(driver, choose=hint_after_the_lesson)
    check_said(said)
    assert said[0][:3] == (coach.LESSONS.index("goal"), PICK, 0)  # before the first move
    for lesson, _, turn, _ in said:
        if lesson in TEACHING and coach.LESSONS[lesson] != "end":
            assert turn <= EARLY_TURNS, coach.LESSONS[lesson]
        assert coach.LESSONS[lesson] not in ("late", "skip"), "the coach warns of the hint"
    assert driver.screen == "round"


def hint_after_the_lesson(app, table):
    """The hint, which plays or throws a wager only once wagers are explained."""
    move = hinted(app, table)
    if is_wager(move_card(move)):
        assert app.saved.coached >> WAGER & 1, "a hint moves a wager before wagers are explained"
    return move


def test_a_walk_through_the_lesson_shows_each_message_once_and_never_counts():
    nvm = ByteArray(NVM_SIZE)
    driver = Driver(seed=0, nvm=nvm, render=False)
    start_lesson(driver)
    table = driver.app.table
    assert table.coaching and popup_text(table.popup).startswith("Goal: the most points")
    driver.press(btn.RIGHT)  # the coach's words stay until A
    assert table.coaching and table.cursor[table.viewer] == 0
    said = walk(driver)
    check_said(said)
    assert said[0][0] == coach.LESSONS.index("goal")
    assert said[-1][0] == coach.LESSONS.index("end")
    assert driver.screen == "round"
    driver.press(btn.A)  # the scores, then the coach looks back at the round
    assert driver.screen == "review" and driver.app.screen.review.done()
    while driver.screen == "review":
        driver.press(btn.A)
    assert driver.screen == "match"
    driver.press(btn.A)  # the result
    assert driver.screen == "title"
    storage = Storage(nvm)
    assert load_match(storage) == (None, NO_SAVE)
    assert storage.load_profile().stats == {}  # the lesson is not counted
    assert "Learn" in driver.app.screen.items


def test_the_lesson_resumes_after_a_power_cut_without_repeating_the_coach():
    """Saved every move, the coach's words shown are saved with each (at
    pauses, a cut replays the moves since the last save, and their words)."""
    nvm = ByteArray(NVM_SIZE)
    driver = Driver(seed=1, nvm=nvm, render=False, profile={"resume": "move"})
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
    saved.learn = False  # the same match, not a lesson (no coach): the body of before
    saved.coached = 0
    plain = encode_match(saved, bytearray(match_size(saved)))
    assert len(plain) == len(record) - 2 - len("learn") + len("ai") and plain[4] == record[4] == 0
    back, _ = decode_match(bytes(plain[HEADER:-2]))
    assert not back.learn and back.coached == 0


def test_the_hint_in_the_lesson_names_the_move_and_why():
    driver = Driver(seed=0, render=False)
    start_lesson(driver)
    walk(driver, stop=lambda d: d.app.match.state.turns >= 2)
    app = driver.app
    move = app.session.advice.hint(app.match.state.to_move)
    why = coach.reason(app.match.state, app.table.viewer, move)
    driver.press(btn.START)
    assert driver.screen == "pause"
    while driver.app.screen.items[driver.app.screen.at] != "Hint":
        driver.press(btn.DOWN)
    driver.press(btn.A)
    text = popup_text(driver.app.table.popup)
    assert text.startswith("Hint: ") and text.endswith(": " + why), text


def test_a_hint_that_bends_the_coachs_rule_shows_whole_on_the_screen():
    driver = Driver(seed=2, render=False)  # the deal whose hint bets on W with W3 alone
    start_lesson(driver)

    def bending(d):
        state = d.app.match.state
        move = d.app.session.advice.hint(state.to_move)
        return "more may come" in coach.reason(state, state.to_move, move)
    walk(driver, stop=bending)
    app = driver.app
    why = coach.reason(app.match.state, app.table.viewer, app.session.advice.hint(app.table.viewer))
    driver.press(btn.START)
    while driver.app.screen.items[driver.app.screen.at] != "Hint":
        driver.press(btn.DOWN)
    driver.press(btn.A)
    popup = driver.app.table.popup
    text = popup_text(popup)
    assert text.endswith(": " + why), text
    lines = len(popup.item.text.split("\n"))
    assert popup.box.y - 3 + lines * LINE_H + 5 <= SCREEN_H


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
    # the AI may still open blue with it: the piles are shared, as the coach says
    assert coach.reason(state, 0, make_move(make_card(1, 2), True, SOURCE_DECK)) == \
        "it fits no expedition yet"


def test_a_hint_that_opens_short_of_20_says_what_may_yet_come():
    state = deal("Y2 Y3 B5 G2 W2 R4 R5 R9", HAND2)
    # yellow's numbers above Y2 that player 1 has not seen: Y4-Y10 (49) less Y3 in hand
    assert coach.reason(state, 0, make("play Y2 deck")) == \
        "opens Y: your Y cards add up to 5, but 49 more may come"
    assert coach.reason(state, 0, make("play Y3 deck")) == \
        "opens Y: your Y cards add up to 5, but 49 more may come"
    bx = make("play Bx deck")  # the AI holds B4 and B9, unseen: they may come too
    assert coach.reason(state, 0, bx) == \
        "bets on B: your B cards add up to 5, but 49 more may come"


def test_every_hint_of_the_lesson_keeps_the_coachs_rule_or_says_why_not():
    """The coach: "Open colours you can take past 20". A hint that opens or
    bets on a colour whose cards in hand add up to less says what may yet
    come, and that takes it past 20: each lesson deal played by the hints."""
    import re
    from lostcities.session import MOVE, Session
    low = 0
    for index in range(len(LESSON_SEEDS)):
        session = Session(Storage(erased()), lambda: index)
        session.new_match(learn=True)
        state = session.match.state
        while not state.is_over():
            if session.phase() != MOVE:
                session.advance()
                continue
            player = state.to_move
            move = session.advice.hint(player)
            words = coach.reason(state, player, move)
            opening = re.fullmatch(r"(opens|bets on) [YBWGR]: your [YBWGR] cards add up to "
                                   r"(\d+)(, but (\d+) more may come)?", words)
            if opening and int(opening.group(2)) < 20:
                low += 1
                assert opening.group(3) and int(opening.group(2)) + int(opening.group(4)) > 20, \
                    words
            session.play(move)
    assert low  # the lessons' hints do bend the rule (the test is not empty)


def test_a_hint_that_throws_a_wager_away_says_why():
    state = deal("Yx Y4 B9 R7 R5 B3 W2 G10", "Bx B4 B9 W3 W5 G2 G6 R10", start=1)
    move = make("discard Yx deck")
    assert coach.reason(state, 0, move) == "a wager doubles a loss: your Y cards add up to 4"


def make(text):
    from host_sim.records.notation import parse_move
    return parse_move(text)


def said_to(state, moment, card=NO_CARD, discard=False, coached=0, player=0):
    """The lesson's name the coach says at ``moment`` to ``player``, or None."""
    answer = coach.speak(coached, state, player, moment, card, discard)
    return answer and coach.LESSONS[answer[0]]


def all_but(*names):
    """``coached`` with every lesson said but ``names``."""
    return sum(1 << lesson for lesson, name in enumerate(coach.LESSONS) if name not in names)


def test_the_goal_is_said_first_and_a_wager_after_it():
    state = deal("Yx Y4 Y9 R7 R5 B3 W2 G10", HAND2)
    assert said_to(state, "pick") == "goal"
    assert said_to(state, "pick", coached=1 << coach.LESSONS.index("goal")) == "wager"
    words = coach.speak(all_but("wager"), state, 0, "pick")[1]
    assert words.startswith("Yx is a wager: it goes before any Y number")


def test_climbing_is_never_praised_over_a_card_of_ones_own_left_behind():
    state = deal("R4 R5 R9 Y2 Y3 B5 G2 W2", HAND2)
    state.play(make("play R4 deck"))
    state.play(make("discard G6 deck"))
    r9 = make("play R9 deck") >> 4
    assert said_to(state, "move", r9, coached=all_but("skip", "climb")) == "skip"
    assert "leaves your R5 behind" in coach.speak(all_but("skip"), state, 0, "move", r9)[1]
    assert said_to(state, "move", r9, coached=all_but("climb")) is None
    r5 = make("play R5 deck") >> 4
    assert said_to(state, "move", r5, coached=all_but("climb")) == "climb"


def test_opening_late_with_little_in_hand_is_warned_of():
    cut = 15  # the deck's cards left
    state = deal("Y2 Y3 B5 G2 W2 R4 R5 R9", HAND2, deck_len=cut)
    y2 = make("play Y2 deck") >> 4
    assert said_to(state, "move", y2, coached=all_but("late", "open")) == "late"
    assert coach.speak(all_but("late"), state, 0, "move", y2)[1].startswith(
        "%d cards left" % cut)
    assert said_to(state, "move", y2, coached=all_but("open")) == "open"  # not late: open
    early = deal("Y2 Y3 B5 G2 W2 R4 R5 R9", HAND2)
    assert said_to(early, "move", y2, coached=all_but("late", "open")) == "open"
    rich = deal("Y2 Y8 Y9 Y10 W2 R4 R5 R9", HAND2, deck_len=cut)  # 29 in yellow
    assert said_to(rich, "move", y2, coached=all_but("late", "open")) == "open"


def test_a_discard_hears_only_of_discards_and_a_play_only_of_plays():
    from host_sim.players.bots import random_move
    from lostcities.rng import Rng
    from lostcities.rules import Match
    of_discards = {"wanted", "shared", "clock"}
    of_plays = {"late", "skip", "open", "climb", "clock"}
    heard = set()
    for seed in range(6):
        rng = Rng(seed)
        match = Match(5, 1, rng)
        state = match.start_round()
        while not state.is_over():
            move = random_move(state, rng)
            for lesson in range(len(coach.LESSONS)):
                if coach.LESSON_MOMENTS[lesson] != "move":
                    continue
                name = said_to(state, "move", move_card(move), move_discards(move),
                               all_but(coach.LESSONS[lesson]), state.to_move)
                if name:
                    assert name in (of_discards if move_discards(move) else of_plays), name
                    heard.add(name)
                if name == "shared":  # never of a card the AI's expedition takes
                    other = state.expedition_top(1 - state.to_move, move_card(move) // 12)
                    assert other == NO_CARD or not state.can_play(
                        1 - state.to_move, move_card(move))
            match.play(move)
    assert heard == of_discards | of_plays


def test_every_message_fits_the_popup_with_its_numbers_and_names_no_button():
    numbers = {"goal": (), "wager": ("Gx", "G"), "bonus": ("G", 12), "late": (20, "G", 19),
               "skip": ("G10", "G9"), "wanted": ("G10", "G9"), "open": ("G10", "-10", "G", 54),
               "climb": ("G10", "G9"), "shared": ("G10",), "clock": (44,),
               "end": ("G", 54, 4, "+136, +20 for 8 cards")}
    for lesson, name in enumerate(coach.LESSONS):
        text = coach.message(lesson) % numbers[name]
        assert len(wrap(text, INFO_CHARS).split("\n")) <= 4, name  # and the buttons' line
        assert "A:" not in text and "B:" not in text and " A," not in text, name


def test_b_at_the_draw_puts_the_coachs_words_away_and_steps_back():
    driver = Driver(seed=0, render=False)
    start_lesson(driver)
    table = driver.app.table
    walk(driver, stop=lambda d: d.app.saved.coached >> coach.LESSONS.index("goal") & 1)
    driver.press_all(["A", "A"])  # a card picked, and played: the opening's words
    assert table.coaching and table.step == DRAW
    assert popup_text(table.popup).endswith("A: OK B: back")
    driver.press(btn.B)
    assert not table.coaching and table.step == ACTION and popup_text(table.popup) == ""


def test_the_terminal_lesson_teaches_the_same_and_is_not_counted():
    nvm = erased()
    text, game = session(nvm, Keyboard(["learn", "stats", "quit"]))
    flat = " ".join(text.split())  # as wrapped at 78 characters
    told = 0
    for lesson in range(len(coach.LESSONS)):
        parts = coach.message(lesson).split("%")
        words = max([parts[0]] + [part[1:] for part in parts[1:]], key=len).strip()[:30]
        assert flat.count(words) == (lesson in TEACHING or flat.count(words)), \
            coach.LESSONS[lesson]
        told += flat.count(words)
    assert flat.count("Coach: ") == told >= len(TEACHING)
    assert "A: OK" not in flat and "B: back" not in flat
    assert "The lesson, with the coach: 5 colours, 1 round" in text
    assert "The coach looks back. Round 1, your review of " in text
    assert "Lessons are not counted in the statistics." in text
    assert "No matches finished yet." in text
    assert Storage(nvm).load_profile().stats == {}


HAND2 = "Bx B4 B9 W3 W5 G6 G7 R10"
