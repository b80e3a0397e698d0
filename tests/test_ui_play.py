"""Whole matches played through the buttons alone, as a player would."""

import pytest

from host_sim.testing.harness import Driver, popup_text, presses_for
from lostcities import buttons as btn
from lostcities import LEVELS
from lostcities.saves.match import AI_SEAT
from host_sim.players.bots import random_move
from lostcities.rng import Rng
from lostcities.rules import (
    HAND_SIZE, NO_CARD, SOURCE_DECK, card_color, make_move, move_source, score_cards)
from host_sim.records.notation import move_text
from host_sim.testing.firmware.microcontroller import ByteArray, PowerCut
from lostcities.saves.restore import written_end
from lostcities.saves.storage import Storage
from lostcities.screens import signed
from lostcities.saves.resume import LOST_MOVE
from lostcities.saves.layout import NO_SAVE, NVM_SIZE
from lostcities.screens.table import ACTION, DRAW, SHOWN, HAND_Y, PICK
from lostcities.sprites import EMPTY_PILE
from lostcities.screens.words import short_name
from lostcities.saves.resume import load_match


class Feedback:
    """Records what the app asks of the board's lights and speaker."""

    def __init__(self):
        self.calls = []

    def __getattr__(self, name):
        return lambda *args: self.calls.append((name,) + args)

    def names(self, kind):
        return [call[1:] for call in self.calls if call[0] == kind]


def play_human_turn(driver, rng):
    """A random legal move, made with the buttons; returns the move as the
    rules make it (a wager: the copy they take)."""
    table = driver.app.table
    view = driver.app.match.state.view(table.viewer)
    move = random_move(view, rng)
    made = driver.app.match.state.copy().play(move)
    presses = presses_for(table, move)
    assert len(presses) <= HAND_SIZE // 2 + 3 + driver.app.match.colors
    for action in presses:
        driver.press(action)
    return made


def check_round_end_table(driver):
    """The round's last move, not the viewer's, light on the table and in words."""
    app = driver.app
    table = app.table
    match = app.match
    move = match.moves[-1][-1]
    assert match.state.is_over() and table.marked == move
    mover = 1 - table.viewer
    assert not (app.saved.mode == "ai" and not app.session.is_ai(mover))
    assert table.status.text == "%s: %s, last card" % (
        short_name(app.session.playing(), mover), " ".join(move_text(move).split()[:2]))
    assert popup_text(table.popup) == "Round over. A: scores"
    assert table.bar.hidden


def play_match(driver, rng, limit=6000):
    """Press through a whole match from the title screen back to it; returns
    how many rounds ended on the table with the last move on show, and the
    match (the title lets go of it)."""
    presses = 0
    shown_ends = 0
    driver.press(btn.A)  # New match
    while driver.screen != "title":
        played = driver.app.session.match
        presses += 1
        assert presses < limit, "a match must end within a bounded number of presses"
        screen = driver.screen
        if screen == "table" and driver.app.table.step == SHOWN:
            check_round_end_table(driver)
            shown_ends += 1
            driver.press(btn.A)
            assert driver.screen == "round"
        elif screen == "table":
            match = driver.app.match
            before = len(match.moves[-1])
            player = match.state.to_move
            move = play_human_turn(driver, rng)
            round_moves = match.moves[len(match.deals) - 1]
            assert round_moves[before] == move, "the buttons made another move"
            assert not driver.app.session.is_ai(player)
        else:
            assert screen in ("pass", "round", "match")
            driver.press(btn.A)
    assert driver.app.session.match is None
    return shown_ends, played


def test_a_whole_two_player_match_with_the_pass_screen_between_turns(monkeypatch):
    driver = Driver(seed=11, profile={"mode": "duel", "rounds": 3}, render=False)
    seen = set()
    original = driver.app.show

    def show(screen):
        seen.add(screen.name)
        original(screen)
    monkeypatch.setattr(driver.app, "show", show)
    shown_ends, match = play_match(driver, Rng(4))
    assert shown_ends == 3  # each round's last move shown
    assert len(match.scores) == 3 and match.is_over()
    assert {"pass", "table", "round", "match", "title"} <= seen
    storage = Storage(driver.nvm)
    assert load_match(storage) == (None, NO_SAVE)
    assert storage.load_profile().stats["duel"][0] == 1


@pytest.mark.parametrize("level", LEVELS)
def test_a_whole_match_against_each_ai_level(level):
    driver = Driver(seed=21, profile={"mode": "ai", "level": level, "rounds": 1},
                    render=False)
    shown_ends, match = play_match(driver, Rng(7))
    assert match.is_over() and len(match.scores) == 1
    state = match.state
    last_mover = 1 - state.to_move  # the AI's last move shows on the table, yours not
    assert shown_ends == (1 if last_mover == AI_SEAT else 0)
    assert match.scores[0] == (state.score(0), state.score(1))
    line = Storage(driver.nvm).load_profile().stats[level]
    assert line[0] == 1


def first_unplayable(driver):
    """A hand slot whose card cannot go on its expedition, made so if needed."""
    table = driver.app.table
    state = driver.app.match.state
    for slot, card in enumerate(table.hand):
        if not state.can_play(table.viewer, card):
            return slot
    return None


def test_a_forbidden_play_is_refused_with_the_engines_reason():
    feedback = Feedback()
    driver = Driver(seed=3, profile={"mode": "duel", "rounds": 1}, render=False,
                    feedback=feedback)
    driver.press_all(["A", "A"])  # new match, pass screen
    rng = Rng(2)
    for _ in range(200):
        slot = first_unplayable(driver)
        if slot is not None:
            break
        play_human_turn(driver, rng)
        driver.press(btn.A)  # pass screen
    assert slot is not None
    table = driver.app.table
    state = driver.app.match.state
    before = bytes(state.buf)
    for _ in range((slot - table.cursor[table.viewer]) % HAND_SIZE):
        driver.press(btn.RIGHT)
    card = table.hand[slot]
    driver.press(btn.A)
    assert "can't play" in table.status.text
    driver.press(btn.A)
    reason = state.check_move(make_move(card, False, 0))
    assert reason in popup_text(table.popup)
    assert ("sound", "illegal") in feedback.calls
    assert bytes(state.buf) == before and table.step == ACTION


def test_b_steps_back_until_the_draw_is_taken():
    driver = Driver(seed=8, profile={"mode": "duel"}, render=False)
    driver.press_all(["A", "A"])
    table = driver.app.table
    state = driver.app.match.state
    before = bytes(state.buf)
    card = table.hand[0]
    driver.press_all(["A", "DOWN"])  # discard: the card shows on its pile
    color = card_color(card)
    assert table.step == DRAW and table.piles[color][0] != EMPTY_PILE + color
    driver.press_all(["B", "B"])
    assert table.step == PICK and table.chosen == NO_CARD
    assert table.piles[color][0] == EMPTY_PILE + color  # the empty pile again
    assert bytes(state.buf) == before and state.turns == 0
    driver.press_all(["A", "DOWN", "A"])
    assert list(driver.app.match.moves[0]) == [make_move(card, True, SOURCE_DECK)]


def test_the_pile_just_discarded_to_is_not_offered():
    """P1 discards a card; P2 discards one of the same colour on it: that pile
    has a card, yet only the deck is offered (a play would offer the pile)."""
    for seed in range(8, 40):  # a deal where P2 holds a card of P1's first's colour
        driver = Driver(seed=seed, profile={"mode": "duel"}, render=False)
        driver.press_all(["A", "A"])
        table = driver.app.table
        first = table.hand[0]
        color = card_color(first)
        driver.press_all(["A", "DOWN", "A", "A"])  # P1 discards it, draws; pass
        table = driver.app.table  # made anew for P2 after the pass screen
        same = [i for i, card in enumerate(table.hand) if card_color(card) == color]
        if same:
            break
    state = driver.app.match.state
    assert state.pile(color) == bytes((first,))
    slot = same[0]
    driver.press_all(["RIGHT"] * slot + ["A"])
    if state.can_play(table.viewer, table.hand[slot]):
        driver.press(btn.A)  # played: the pile is offered
        assert table.sources == [color + 1, SOURCE_DECK]
        driver.press_all(["B", "B", "A"])
    driver.press(btn.DOWN)  # discarded on the same pile: only the deck
    assert state.pile_len(color) == 1 and table.sources == [SOURCE_DECK]
    for _ in range(3):
        driver.press(btn.LEFT)
        assert table.sources[table.source_at] == SOURCE_DECK
    driver.press(btn.A)
    assert move_source(driver.app.match.moves[-1][-1]) == SOURCE_DECK


def test_continue_resumes_exactly_with_the_ai_state():
    driver = Driver(seed=5, profile={"mode": "ai", "level": "hard", "resume": "move"}, render=False)
    driver.press(btn.A)
    rng = Rng(3)
    for _ in range(6):
        play_human_turn(driver, rng)
    saved = driver.app.saved
    state = saved.match.state
    again = Driver(seed=99, nvm=driver.nvm, render=False)
    assert again.app.screen.items[0] == "Continue"
    again.press(btn.A)
    resumed = again.app.saved
    assert bytes(resumed.match.state.buf) == bytes(state.buf)
    assert resumed.ai_rng.getstate() == saved.ai_rng.getstate()
    assert resumed.match.rng.getstate() == saved.match.rng.getstate()
    assert again.screen == "table"


def test_pause_menu_gives_a_hint_from_the_ai_and_resumes():
    driver = Driver(seed=5, profile={"mode": "ai"}, render=False)
    driver.press(btn.A)
    driver.press(btn.START)
    assert driver.screen == "pause" and "Hint" in driver.app.screen.items
    driver.press(btn.DOWN)
    driver.press(btn.A)
    table = driver.app.table
    assert driver.screen == "table"
    text = popup_text(table.popup)
    assert text.startswith("Hint: ")
    card = table.hand[table.cursor[table.viewer]]
    from lostcities.rules import card_text
    assert card_text(card) in text


def test_the_pass_screen_and_the_pause_menu_show_with_the_table_let_go():
    """The board's heap never holds the table and either screen together: the
    table is made again after them, with each player's cursor where it was."""
    driver = Driver(seed=5, profile={"mode": "duel"}, render=False)
    driver.press_all(["A"])  # a new match: the pass screen first
    assert driver.screen == "pass" and driver.app.table is None
    driver.press_all(["A", "RIGHT", "RIGHT"])  # at the table, the cursor moved
    first = driver.app.table
    player = first.viewer  # who starts is dealt at random
    assert driver.screen == "table" and first.cursor[player] == 2
    driver.press(btn.START)
    assert driver.screen == "pause" and driver.app.table is None
    driver.press(btn.A)  # Resume
    table = driver.app.table
    assert driver.screen == "table" and table is not first
    assert table.viewer == player and table.cursor[player] == 2 and table.step == PICK
    driver.press_all(["A", "DOWN", "A"])  # a discard and a draw: the pass screen
    assert driver.screen == "pass" and driver.app.table is None
    driver.press(btn.START)  # paused on the pass screen: back to it
    driver.press(btn.A)
    assert driver.screen == "pass" and driver.app.table is None


def test_a_hint_after_a_card_was_picked_steps_back_to_the_pick():
    driver = Driver(seed=5, profile={"mode": "ai"}, render=False)
    driver.press_all(["A", "A", "DOWN"])  # a card picked, discarded for now
    table = driver.app.table
    for steps in (["START"], ["B", "START"]):  # drawing, then choosing play/discard
        driver.press_all(steps)
        assert driver.screen == "pause" and driver.app.screen.items[1] == "Hint"
        driver.press_all(["DOWN", "A"])
        table = driver.app.table  # made anew after the pause menu
        assert driver.screen == "table" and popup_text(table.popup).startswith("Hint: ")
        assert table.step == PICK and table.chosen == NO_CARD
        assert all(grid.y == HAND_Y for grid in table.hand_grids)  # none raised
        assert table.status.text == table.marked_words()  # as the turn began: the AI's move
        driver.press_all(["B", "A", "DOWN"])  # B closes the hint
    assert table.step == DRAW


def test_a_new_match_over_a_saved_one_asks_first():
    driver = Driver(seed=5, profile={"mode": "duel"}, render=False)
    driver.press_all(["A", "A", "A", "A", "A"])  # a whole turn, saved
    deal = driver.app.match.deals[0]
    driver.press(btn.START)  # the pause menu (on the pass screen)
    driver.press_all(["DOWN", "DOWN", "A"])  # past Rules (no hint here): New match
    pause = driver.app.screen
    assert pause.items[pause.at] == "New match" and "give up" in popup_text(pause.popup)
    driver.press_all(["UP", "DOWN", "A"])  # closed (and moved), back: asks again
    assert driver.screen == "pause" and driver.app.match.deals[0] == deal
    driver.press(btn.A)
    assert driver.screen == "pass" and driver.app.match.state.turns == 0
    assert driver.app.match.deals[0] != deal
    driver.press(btn.START, hold_ms=btn.LONG_PRESS_MS)  # the title, saved
    deal = driver.app.match.deals[0]
    driver.press_all(["DOWN", "A"])
    assert driver.screen == "title" and "give up" in popup_text(driver.app.screen.popup)
    driver.press_all(["A"])
    assert driver.screen == "pass" and driver.app.match.deals[0] != deal


def test_start_held_goes_to_the_title_and_the_match_waits():
    driver = Driver(seed=5, profile={"mode": "duel"}, render=False)
    driver.press_all(["A", "A", "A", "A", "A"])  # a whole turn
    assert driver.app.match.state.turns == 1
    driver.press(btn.START, hold_ms=btn.LONG_PRESS_MS)
    assert driver.screen == "title"
    assert driver.app.screen.items[0] == "Continue"


def test_settings_change_and_persist():
    driver = Driver(seed=5, render=False)
    driver.press_all(["DOWN", "A"])  # Settings
    assert driver.screen == "settings" and driver.app.screen.items[1] == "AI level"
    driver.press(btn.RIGHT)  # mode: two players, so no AI level to set
    assert driver.app.profile.mode == "duel"
    assert "AI level" not in driver.app.screen.items
    driver.press_all(["DOWN", "RIGHT"])  # colours
    driver.press_all(["DOWN", "RIGHT"])  # rounds
    driver.press(btn.B)
    profile = Storage(driver.nvm).load_profile()
    assert (profile.mode, profile.colors, profile.rounds) == ("duel", 6, 1)
    assert driver.screen == "title"
    assert driver.app.screen.items[driver.app.screen.at] == "Settings"  # the cursor stayed


def test_the_title_cursor_stays_on_the_sub_screen_it_opened():
    driver = Driver(seed=5, render=False)
    for item in ("Statistics", "Rules", "Settings"):
        title = driver.app.screen
        while title.items[title.at] != item:
            driver.press(btn.DOWN)
        driver.press_all(["A", "B"])
        assert driver.screen == "title"
        title = driver.app.screen
        assert title.items[title.at] == item
        assert title.cursor.y == title.item_y(title.at)


def test_the_titles_sub_screens_are_made_with_the_title_let_go():
    """The board's heap never holds the title and a screen it opens together
    (the title is made again to go back), nor the pause menu and the rules."""
    driver = Driver(seed=5, render=False)
    app = driver.app
    shown = []
    show = app.show
    app.show = lambda screen: (shown.append((screen.name, app.screen)), show(screen))
    for item in ("Statistics", "Rules", "Settings"):
        title = app.screen
        while title.items[title.at] != item:
            driver.press(btn.DOWN)
        driver.press_all(["A", "B"])
    driver.press_all(["UP", "A", "START"])  # a new match, and its pause menu's Rules
    while app.screen.items[app.screen.at] != "Rules":
        driver.press(btn.DOWN)
    driver.press(btn.A)
    names = [name for name, _ in shown]
    assert names[:6] == ["stats", "title", "rules", "title", "settings", "title"]
    assert names[-2:] == ["pause", "rules"]
    assert all(before is None for name, before in shown if name != "table")


def test_settings_are_kept_however_the_screen_is_left():
    for leave in (btn.START, btn.START_HELD):
        driver = Driver(seed=5, render=False)
        driver.press_all(["DOWN", "A", "DOWN", "DOWN", "RIGHT"])  # colours: 6
        if leave == btn.START_HELD:
            driver.press(btn.START, hold_ms=btn.LONG_PRESS_MS)
        else:
            driver.press(leave)
        assert driver.screen == "title"
        assert Storage(driver.nvm).load_profile().colors == 6


def test_round_summary_lines_match_the_engine():
    from lostcities.screens.summary import breakdown
    driver = Driver(seed=13, profile={"mode": "ai", "level": "easy", "rounds": 3},
                    render=False)
    driver.press(btn.A)
    rng = Rng(1)
    while driver.screen == "table":
        if driver.app.table.step == SHOWN:  # the AI made the last move
            driver.press(btn.A)
        else:
            play_human_turn(driver, rng)
    assert driver.screen == "round"
    match = driver.app.match
    lines = breakdown(match, ("YOU", "AI"))
    for color in range(match.colors):
        for player in (0, 1):
            cards = match.state.expedition(player, color)
            if cards:
                points = score_cards(cards)[0]
                assert ("%+d" % points if points else "0") in lines[3 + color]
            else:
                assert "no cards" in lines[3 + color]
    assert lines[-2].split()[1:] == [signed(s) for s in match.scores[0]]  # as the rows


def test_lights_sounds_and_memory_reports_follow_the_game():
    feedback = Feedback()
    driver = Driver(seed=21, profile={"mode": "ai", "level": "easy", "rounds": 1,
                                      "debug": True}, render=False, feedback=feedback)
    assert feedback.names("settings") == [(True, True, 3, True)]
    play_match(driver, Rng(7))
    turns = feedback.names("turn")
    assert (0,) in turns and (1,) in turns and turns[-1] == (None,)
    thinking = feedback.names("thinking")
    assert thinking.count((True,)) >= 10 and thinking[-1] == (False,)
    assert ("match_end",) in feedback.names("sound")
    shown = [name for (name,) in feedback.names("mem")]
    assert shown[:2] == ["title", "table"] and "round" in shown and "match" in shown


def test_foreign_memory_is_reported_on_the_title_and_ignored():
    nvm = bytearray((i * 37 + 11) % 256 for i in range(NVM_SIZE))
    driver = Driver(seed=1, nvm=nvm, render=False)
    title = driver.app.screen
    assert title.name == "title" and title.items[0] == "New match"
    assert "starting fresh" in popup_text(title.popup)
    driver.press(btn.DOWN)  # the press closing the message counts as well
    assert title.at == 1 and popup_text(title.popup) == ""
    driver.press_all(["UP", "A"])
    assert driver.screen == "table"


def test_a_save_cut_by_a_power_cut_resumes_before_the_last_move_and_says_so():
    """The board's flash is written from byte 0: a cut in the last move's bytes
    keeps the match up to the move before (host_sim/testing/firmware/microcontroller.py)."""
    def saving_each_move(nvm):
        return Driver(seed=4, nvm=nvm, profile={"mode": "duel", "resume": "move"}, render=False)

    turn = ["A", "A", "A", "DOWN", "A"]
    twin = ByteArray()  # the same two turns saved whole: where the second's record ends
    saving_each_move(twin).press_all(turn + turn)
    nvm = ByteArray()
    driver = saving_each_move(nvm)
    driver.press_all(turn)  # the first turn, saved
    first = bytes(driver.app.match.state.buf)
    # the second turn's record ends in its move and its CRC: its save is cut
    # in the middle of that move
    nvm.tear_next = written_end(twin) - 3
    with pytest.raises(PowerCut):
        driver.press_all(turn)
    again = Driver(seed=1, nvm=nvm, render=False)
    assert popup_text(again.app.screen.popup) == LOST_MOVE
    again.press_all(["B", "A"])  # Continue
    assert bytes(again.app.match.state.buf) == first


def test_the_card_a_move_took_is_the_piles_top_it_took():
    from lostcities.rules import Match, move_source, taken_card
    taken_from_piles = 0
    for seed in range(12):
        match = Match(5 + seed % 2, 1, Rng(seed))
        match.start_round()
        rng = Rng(seed + 100)
        while not match.state.is_over():
            state = match.state
            move = random_move(state.view(state.to_move), rng)
            source = move_source(move)
            top = state.pile_top(source - 1) if source else NO_CARD
            match.play(move)
            moves = match.moves[-1]
            taken = taken_card(moves, len(moves) - 1)
            assert taken == top  # a wager too: the match records the very copy played
            taken_from_piles += source != 0
    assert taken_from_piles > 100


def test_a_power_cut_at_the_rounds_last_move_resumes_with_it_on_show():
    feedback = Feedback()
    driver = Driver(seed=3, profile={"mode": "ai", "level": "easy", "rounds": 1,
                                     "resume": "move"}, render=False, feedback=feedback)
    driver.press(btn.A)
    rng = Rng(1)
    while driver.screen == "table" and driver.app.table.step != SHOWN:
        play_human_turn(driver, rng)
    table = driver.app.table
    assert driver.screen == "table" and table.step == SHOWN
    assert feedback.names("sound") == [("match_end",)]  # as the last card goes
    again = Driver(seed=1, nvm=driver.nvm, render=False)
    assert again.app.screen.items[0] == "Continue"
    again.press(btn.A)
    resumed = again.app.table
    assert again.screen == "table" and resumed.step == SHOWN
    assert resumed.status.text == table.status.text
    assert popup_text(resumed.popup) == "Round over. A: scores"
    again.press(btn.A)
    assert again.screen == "round"


def test_a_minute_without_a_press_dims_the_board_and_the_waking_press_does_nothing_else():
    feedback = Feedback()
    driver = Driver(seed=21, render=False, feedback=feedback)
    title = driver.app.screen
    driver.clock.now += 59000
    driver.settle()
    assert feedback.names("doze") == []
    driver.clock.now += 1000
    driver.settle()
    assert feedback.names("doze") == [(True,)]
    driver.press(btn.DOWN)  # wakes it...
    assert feedback.names("doze") == [(True,), (False,)]
    assert driver.app.screen is title and title.at == 0  # ...and moves nothing
    driver.press(btn.DOWN)
    assert title.at == 1


def test_erase_all_in_the_settings_asks_then_forgets_the_match_settings_and_statistics():
    driver = Driver(seed=5, render=False, profile={"colors": 6, "sound": False})
    play_match(driver, Rng(3))  # a finished match in the statistics
    driver.press(btn.A)  # and a new one saved
    driver.press(btn.START, hold_ms=2500)
    writes = driver.app.session.storage.writes
    title = driver.app.screen
    assert title.items[0] == "Continue"
    while title.items[title.at] != "Settings":
        driver.press(btn.DOWN)
    driver.press(btn.A)
    settings = driver.app.screen
    assert settings.items[-1] == "Erase all"
    assert "Erase" not in settings.body.text  # out of sight until reached
    driver.press(btn.UP)  # the last item: the list scrolls to it
    assert settings.item_y(settings.at) + 12 <= 128 and settings.body.text.endswith("stats")
    assert settings.body.text.count("\n") == settings.rows - 1
    driver.press(btn.A)
    assert "erases the saved match" in popup_text(settings.popup)
    assert Storage(driver.nvm).load_profile().stats  # not yet
    driver.press(btn.A)
    storage = Storage(driver.nvm)
    assert load_match(storage)[0] is None and storage.load_profile().stats == {}
    assert (storage.load_profile().colors, storage.load_profile().sound) == (5, True)
    assert driver.app.session.storage.writes == writes + 1  # one write; the count stays
    assert "Erased" in popup_text(driver.app.screen.popup)
    driver.press(btn.B)
    assert driver.screen == "title" and "Continue" not in driver.app.screen.items
