"""Screens checked from headless renders: the right things in the right places."""

import pytest

from host_sim.harness import Driver, presses_for
from lostcities import buttons as btn
from lostcities import sprites as S
from lostcities.rng import Rng
from lostcities.rules import (
    SOURCE_DECK, card_color, card_text, make_card, make_move, move_card,
    move_discards, move_text, score_cards, taken_card)
from lostcities.screens import ACCENT, DIM
from lostcities.screens.summary import breakdown
from lostcities.screens.table import END, move_words

SCREEN = 160 * 128


def rgb565(rgb):
    """What a colour looks like after the display's 16-bit round trip."""
    r, g, b = rgb >> 16 & 255, rgb >> 8 & 255, rgb & 255
    return ((r >> 3) * 255 // 31, (g >> 2) * 255 // 63, (b >> 3) * 255 // 31)


def pixel(driver, x, y):
    return tuple(driver.display.surface().get_at((x, y)))[:3]


def colours(driver, y0=0, y1=128):
    surface = driver.display.surface()
    return {tuple(surface.get_at((x, y)))[:3]
            for y in range(y0, y1) for x in range(160)}


@pytest.fixture(scope="module", params=[1, 5])
def table(request):
    """Against the AI, the human's first turn: after an AI play (seed 1), a discard (5)."""
    driver = Driver(seed=request.param, profile={"mode": "ai", "level": "easy"})
    driver.press(btn.A)
    return driver


def test_hand_cards_show_their_colour_letter_and_cursor(table):
    t = table.app.table
    assert list(t.hand) == sorted(t.hand)
    for slot, card in enumerate(t.hand):
        x = slot * S.CARD_W
        assert pixel(table, x + 10, 96 + 11) == rgb565(S.COLOR_RGB[card_color(card)])
        assert t.hand_grids[slot][0] == S.HEADER + card_color(card)
        assert t.hand_grids[slot][1] == S.HAND_RANK + card % 12
    at = t.cursor[t.viewer]
    assert pixel(table, at * 20 + 5, 126) == (255, 255, 255)
    others = [pixel(table, slot * 20 + 5, 126) for slot in range(8) if slot != at]
    assert set(others) == {(0, 0, 0)}


def test_piles_deck_and_panel_are_drawn(table):
    t = table.app.table
    state = table.app.match.state
    for color in range(state.colors):
        top = state.pile_top(color)
        tile = t.piles[color][0]
        assert tile == (S.EMPTY_PILE if top < 0 else S.PILE_RANK + top % 12) or \
            tile == S.PILE_MARKED + top % 12
    assert t.group[t.group.index(t.panels[0]) - 1][0] == S.BACK
    # the deck count is written in the top panel, the round in the bottom one
    count = "%d" % state.deck_len
    tiles = [t.panels[0][15 + i] for i in range(5)]
    assert tiles[-len(count):] == [S.MINI_TEXT + S.TEXT_CHARS.find(c) for c in count]
    assert pixel(table, 137 + 10, 45 + 7) != (0, 0, 0)


def check_marked(driver, move):
    """``move``, the opponent's latest, drawn light on the table."""
    t = driver.app.table
    assert t.marked == move == driver.app.match.moves[-1][-1]
    card = move_card(move)
    color = card_color(card)
    if move_discards(move):
        assert t.piles[color][0] == S.PILE_MARKED + card % 12
        assert pixel(driver, t.column_x(color) + 1, 45 + 1) == (255, 255, 255)
    else:
        count = driver.app.match.state.expedition_len(1 - t.viewer, color)
        assert t.cells[0][color][4 + count - 1] == S.MINI_MARKED + card % 12


def test_opponents_last_move_is_highlighted(table):
    t = table.app.table
    check_marked(table, t.marked)
    assert "AI:" in t.status.text


def test_each_expedition_score_stands_next_to_its_own_letter():
    driver = Driver(seed=8, profile={"mode": "duel", "colors": 6}, render=False)
    rng = Rng(3)
    driver.press_all(["A", "A"])
    for _ in range(30):  # some expeditions started on both sides
        t = driver.app.table
        moves = driver.app.match.state.legal_moves()
        for action in presses_for(t, moves[rng.randbelow(len(moves))]):
            driver.press(action)
        driver.press(btn.A)  # past the pass screen
    t = driver.app.table
    state = driver.app.match.state
    started = 0
    for player in (0, 1):
        side = 1 if player == t.viewer else 0
        for color in range(6):
            cards = state.expedition(player, color)
            if cards:
                started += 1
                grid = t.cells[side][color]
                shown = "".join(S.TEXT_CHARS[grid[i] - S.MINI_TEXT] for i in (1, 2, 3))
                assert grid[0] == S.MINI_LETTER + color
                assert shown == "%-3d" % score_cards(cards)[0]  # from the letter on
    assert started >= 4


def test_a_cursor_move_redraws_under_five_percent_of_the_screen():
    driver = Driver(seed=3, profile={"mode": "duel"})
    driver.press_all(["A", "A"])
    driver.press(btn.RIGHT)
    pixels = driver.display.last_pixels
    print("cursor move redraws %d pixels (%.1f%% of the screen)"
          % (pixels, 100.0 * pixels / SCREEN))
    assert 0 < pixels < SCREEN * 5 // 100
    driver.press_all(["A", "DOWN", "A", "A"])  # P1 discards, P2 takes over
    driver.press_all(["A", "A"])  # P2 plays a card: the deck and P1's pile offered
    t = driver.app.table
    assert t.phase == 2 and len(t.sources) == 2
    driver.press(btn.LEFT)
    pixels = driver.display.last_pixels
    print("draw cursor move redraws %d pixels" % pixels)
    assert 0 < pixels < SCREEN * 5 // 100


def test_pass_screen_hides_every_card():
    driver = Driver(seed=3, profile={"mode": "duel"})
    driver.press_all(["A", "A", "A", "DOWN", "A"])  # a whole discard turn
    assert driver.screen == "pass"
    allowed = {(0, 0, 0), rgb565(S.LIGHT), rgb565(DIM), rgb565(ACCENT)}
    assert colours(driver) <= allowed
    assert not allowed & {rgb565(rgb) for rgb in S.COLOR_RGB}
    driver.press(btn.A)
    assert driver.screen == "table"
    t = driver.app.table
    assert t.viewer == 1 and "P1: discard" in t.status.text
    for slot, grid in enumerate(t.hand_grids):  # P2's eight cards, none left out
        assert (grid[0], grid[1]) == S.hand_tiles(t.hand[slot])
        assert grid.y == 96


def play_to_round_end(driver, rng):
    """Random moves by the buttons (past pass screens) until the round is over;
    returns True if its last move then showed on the table."""
    from lostcities.bots import random_move
    while driver.screen in ("table", "pass"):
        t = driver.app.table
        if driver.screen == "pass":
            driver.press(btn.A)
        elif t.phase == END:
            return True
        else:
            move = random_move(driver.app.match.state.view(t.viewer), rng)
            for action in presses_for(t, move):
                driver.press(action)
    return False


def play_round(driver, rng):
    if play_to_round_end(driver, rng):
        driver.press(btn.A)  # past the last move on show


@pytest.mark.parametrize("mode", ["ai", "duel"])
def test_the_rounds_last_move_shows_on_the_table_until_a(mode):
    driver = Driver(seed=3, profile={"mode": mode, "level": "easy", "rounds": 1})
    driver.press(btn.A)
    assert play_to_round_end(driver, Rng(5))
    t = driver.app.table
    match = driver.app.match
    move = match.moves[-1][-1]
    mover = 1 - match.state.to_move
    assert driver.screen == "table" and match.state.is_over()
    assert t.viewer == 1 - mover  # seen as the other player's move
    check_marked(driver, move)
    verb, card, _ = move_text(move).split()
    name = "AI" if mode == "ai" else "P%d" % (mover + 1)
    assert mode == "duel" or driver.app.is_ai(mover)
    assert t.status.text == "%s: %s %s, last card" % (name, verb, card)
    assert t.popup.text() == "Round over. A: scores"
    assert colours(driver, 96, 104) == colours(driver, 117, 128) == {(0, 0, 0)}
    assert t.deck[0] == S.EMPTY_PILE  # the draw pile is gone
    for action in (btn.LEFT, btn.B, btn.SELECT, btn.UP, btn.DOWN):
        driver.press(action)
        assert t.phase == END and t.popup.text() == "Round over. A: scores"
    driver.press(btn.START)
    assert driver.app.screen.items == ["Resume", "Rules", "New match", "Title screen"]
    driver.press(btn.A)
    assert driver.screen == "table" and t.phase == END
    driver.press(btn.A)
    assert driver.screen == "round"


def test_your_own_last_move_against_the_ai_goes_straight_to_the_scores():
    driver = Driver(seed=1, profile={"mode": "ai", "level": "easy", "rounds": 1},
                    render=False)
    driver.press(btn.A)
    assert not play_to_round_end(driver, Rng(2))  # these moves end it on yours
    assert driver.screen == "round"
    assert 1 - driver.app.match.state.to_move == 0


def take_a_discard(driver):
    """Two players: P1 discards a card; P2 takes it. Returns that card."""
    driver.press_all(["A", "A"])  # new match, pass screen
    t = driver.app.table
    card = t.hand[0]
    driver.press_all(["A", "DOWN", "A", "A"])  # P1 discards it, draws; pass
    assert t.status.text == "P1: discard %s, drew deck" % card_text(card)
    other = next(c for c in t.hand if card_color(c) != card_color(card))
    for action in presses_for(t, make_move(other, True, card_color(card) + 1)):
        driver.press(action)
    driver.press(btn.A)  # the pass screen: P1's turn again
    return card


def test_a_card_drawn_from_a_pile_is_named():
    driver = Driver(seed=3, profile={"mode": "duel"}, render=False)
    card = take_a_discard(driver)
    t = driver.app.table
    moves = driver.app.match.moves[-1]
    assert t.viewer == 0 and taken_card(moves, len(moves) - 1) == card
    assert t.status.text.startswith("P2: discard ")
    assert t.status.text.endswith(", took %s" % card_text(card))


def test_select_names_the_cards_the_opponent_took_from_the_piles():
    driver = Driver(seed=3, profile={"mode": "duel"}, render=False)
    driver.press_all(["A", "A", "SELECT"])
    t = driver.app.table
    assert t.popup.text().endswith("P2 holds from the piles: none.")
    driver.press(btn.B)
    driver = Driver(seed=3, profile={"mode": "duel"}, render=False)
    card = take_a_discard(driver)
    driver.press(btn.SELECT)
    text = driver.app.table.popup.text()
    assert text.startswith("Round 1 of 3.")
    assert text.endswith("P2 holds from the piles: %s." % card_text(card))


def test_moves_in_words_fit_the_status_line():
    r10, g10 = make_card(4, 10), make_card(3, 10)
    assert move_words(make_move(r10, True, SOURCE_DECK)) == "discard R10, drew deck"
    assert move_words(make_move(r10, True, 4), g10) == "discard R10, took G10"
    assert move_words(make_move(r10, False, 4), g10, done=False) == "play R10, take G10"
    assert move_words(make_move(r10, False, 0), done=False) == "play R10, draw deck"
    assert move_words(make_move(r10, True, 0), last=True) == "discard R10, last card"
    for words in ("discard R10, drew deck", "discard R10, last card"):
        assert len("P2: " + words) <= 26  # the status line's width


def test_round_summary_shows_the_breakdown():
    driver = Driver(seed=2, profile={"mode": "ai", "level": "easy", "rounds": 1},
                    render=False)
    driver.press(btn.A)
    play_round(driver, Rng(5))
    assert driver.screen == "round"
    screen = driver.app.screen
    texts = [item.text for item in screen.group]
    lines = breakdown(driver.app.match, ("YOU", "AI"))
    assert texts[0] == lines[0]
    assert texts[2].split("\n") == lines[2:]
    assert "result" in texts[3]


def test_round_summary_says_who_starts_next_in_plain_words():
    driver = Driver(seed=2, profile={"mode": "ai", "level": "easy", "rounds": 3},
                    render=False)
    driver.press(btn.A)
    play_round(driver, Rng(5))
    assert driver.app.match.expected_starter() == 0  # the human, player 1
    assert driver.app.screen.group[-1].text == "You start next. A: go on"


def test_statistics_of_every_mode_fit_the_screen():
    driver = Driver(seed=3, render=False)
    profile = driver.app.profile
    profile.stats = {"hard": [999, 450, 30], "duel": [999, 600, 99],
                     "easy": [12, 11, 0], "normal": [100, 50, 10]}
    profile.best_round = -152
    driver.press_all(["DOWN", "DOWN", "A"])
    assert driver.screen == "stats"
    heading, table, footer = driver.app.screen.group
    lines = table.text.split("\n")
    assert len(lines) == 7
    assert table.y + 12 * len(lines) <= footer.y
    assert max(len(line) for line in lines) <= 26
    assert lines[1].split() == ["easy", "12", "11", "1", "0"]  # levels in order
    assert lines[3].split() == ["hard", "999", "450", "519", "30"]
    assert lines[5].split() == ["999", "600", "300", "99"]
    assert lines[6] == "Best round: -152"


def test_a_message_on_the_table_leaves_the_side_panel_readable(table):
    t = table.app.table
    table.press(btn.SELECT)  # the match totals, the longest message
    box = t.popup.item.bounding_box
    assert not t.popup.item.hidden and t.popup.text().startswith("Round 1 of 3.")
    right = t.popup.item.x + box[0] + box[2]
    assert 0 <= t.popup.item.x + box[0] and right <= t.panels[0].x
    assert pixel(table, 150, 52) != (0x10, 0x10, 0x10)  # the deck still shows
    table.press(btn.B)
    assert t.popup.item.hidden
