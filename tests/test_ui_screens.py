"""Screens checked from headless renders: the right things in the right places."""

import pytest

from host_sim.testing.firmware.scripted import action_named
from host_sim.testing.harness import Driver, popup_text, presses_for
from lostcities import LEVELS
from lostcities import buttons as btn
from lostcities import sprites as S
from lostcities.rng import Rng
from lostcities.rules import (
    SOURCE_DECK, card_color, card_index, card_text, card_value, expedition_points,
    make_card, make_move, move_card, move_discards, new_deck, score_cards, taken_card)
from host_sim.records.notation import move_text
from lostcities.saves.layout import NVM_SIZE
from lostcities.screens import ACCENT, DIM
from lostcities.screens.summary import breakdown
from lostcities.screens.layout import PANEL_X, PILE_Y, HAND_Y
from lostcities.screens.layout import INFO_PAGES
from lostcities.screens.table import DRAW, SHOWN, PICK
from lostcities.rules.cards import move_words

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
        assert t.hand_grids[slot][1] == S.HAND_RANK + card_index(card)
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
        assert tile == (S.EMPTY_PILE + color if top < 0 else S.PILE_RANK + card_index(top))
    assert t.group[t.group.index(t.panels[0]) - 1][0] == S.BACK
    # the deck count is written in the top panel, the round in the bottom one
    assert panel_line(t.panels[0], 3) == "DECK"
    assert panel_line(t.panels[0], 4) == "%d" % state.deck_len
    assert panel_line(t.panels[1], 3) == "ROUND"
    assert panel_line(t.panels[1], 4) == "1/3"
    assert pixel(table, 137 + 10, PILE_Y + 7) != (0, 0, 0)


def text_of(grid, start, count):
    """The ``count`` characters of a text grid from its tile ``start`` (two
    tiles a character, its halves), blanks dropped."""
    chars = []
    for i in range(count):
        left, right = grid[start + 2 * i], grid[start + 2 * i + 1]
        assert left % 2 == 0 and right == left + 1  # both halves of one character
        chars.append(S.TEXT_CHARS[left // 2])
    return "".join(chars).strip()


def score_of(table, side, color):
    """The score over an expedition's column."""
    return text_of(table.scores[side], color * table.pitch // S.TEXT_TILE_W, 4)


def panel_line(grid, row):
    return text_of(grid, row * grid.width, grid.width // 2)


def check_marked(driver, move):
    """``move``, the opponent's latest, drawn light on the table."""
    t = driver.app.table
    assert t.marked == move == driver.app.match.moves[-1][-1]
    card = move_card(move)
    color = card_color(card)
    if move_discards(move):
        assert t.piles[color][0] == S.PILE_RANK + card_index(card)
        assert t.piles[color].pixel_shader is t.sheets.card_palette(card, marked=True)
        assert pixel(driver, t.column_x(color) + 1, PILE_Y) == (255, 255, 255)  # a light frame
    else:
        count = driver.app.match.state.expedition_len(1 - t.viewer, color)
        assert t.cells[0][color][count - 1] == S.MINI_MARKED + card_index(card)


def test_opponents_last_move_is_highlighted(table):
    t = table.app.table
    check_marked(table, t.marked)
    assert "AI:" in t.status.text


def test_each_expedition_score_is_signed_above_its_own_cards():
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
                points = score_cards(cards)[0]
                shown = score_of(t, side, color)
                assert shown == ("%+d" % points if points else "0")  # never a card's number
                # over its column, from the column's second px
                assert t.scores[side].x + color * t.pitch == t.cells[side][color].x + 1
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
    assert t.step == DRAW and len(t.sources) == 2
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
        assert grid.y == HAND_Y


def play_to_round_end(driver, rng):
    """Random moves by the buttons (past pass screens) until the round is over;
    returns True if its last move then showed on the table."""
    from host_sim.players.bots import random_move
    while driver.screen in ("table", "pass"):
        t = driver.app.table
        if driver.screen == "pass":
            driver.press(btn.A)
        elif t.step == SHOWN:
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
    assert play_to_round_end(driver, Rng(1))
    t = driver.app.table
    match = driver.app.match
    move = match.moves[-1][-1]
    mover = 1 - match.state.to_move
    assert driver.screen == "table" and match.state.is_over()
    assert t.viewer == 1 - mover  # seen as the other player's move
    check_marked(driver, move)
    verb, card, _ = move_text(move).split()
    name = "AI" if mode == "ai" else "P%d" % (mover + 1)
    assert mode == "duel" or driver.app.session.is_ai(mover)
    assert t.status.text == "%s: %s %s, last card" % (name, verb, card)
    assert popup_text(t.popup) == "Round over. A: scores"
    assert colours(driver, HAND_Y, 101) == colours(driver, 119, 128) == {(0, 0, 0)}
    assert t.deck[0] == S.EMPTY_DECK  # the draw pile is gone
    for action in (btn.LEFT, btn.B, btn.SELECT, btn.UP, btn.DOWN):
        driver.press(action)
        assert t.step == SHOWN and popup_text(t.popup) == "Round over. A: scores"
    driver.press(btn.START)
    assert driver.app.screen.items == ["Resume", "Rules", "New match", "Title screen"]
    driver.press(btn.A)
    assert driver.screen == "table" and t.step == SHOWN
    driver.press(btn.A)
    assert driver.screen == "round"


def test_your_own_last_move_against_the_ai_goes_straight_to_the_scores():
    driver = Driver(seed=1, profile={"mode": "ai", "level": "easy", "rounds": 1},
                    render=False)
    driver.press(btn.A)
    assert not play_to_round_end(driver, Rng(6))  # these moves end it on yours
    assert driver.screen == "round"
    assert 1 - driver.app.match.state.to_move == 0


def take_a_discard(driver):
    """Two players: P1 discards a card; P2 takes it. Returns that card."""
    driver.press_all(["A", "A"])  # new match, pass screen
    t = driver.app.table
    card = t.hand[0]
    driver.press_all(["A", "DOWN", "A", "A"])  # P1 discards it, draws; pass
    t = driver.app.table  # made anew for P2 after the pass screen
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
    assert popup_text(t.popup).endswith("P2 holds from piles: none")
    driver.press(btn.B)
    driver = Driver(seed=3, profile={"mode": "duel"}, render=False)
    card = take_a_discard(driver)
    driver.press(btn.SELECT)
    text = popup_text(driver.app.table.popup)
    assert text.startswith("1/3 Match")
    assert "Totals: P1 0, P2 0" in text
    assert "P2 holds from piles: %s " % card_text(card) in text


def test_moves_in_words_fit_the_status_line():
    r10, g10 = make_card(4, 10), make_card(3, 10)
    assert move_words(make_move(r10, True, SOURCE_DECK)) == "discard R10, drew deck"
    assert move_words(make_move(r10, True, 4), g10) == "discard R10, took G10"
    assert move_words(make_move(r10, False, 4), g10, done=False) == "play R10, take G10"
    assert move_words(make_move(r10, False, 0), done=False) == "play R10, draw deck"
    assert move_words(make_move(r10, True, 0), last=True) == "discard R10, last card"
    for words in ("discard R10, drew deck", "discard R10, last card"):
        assert len("P2: " + words) <= 26  # the status line's width


def test_an_expeditions_sum_multiplier_and_points_stand_apart():
    from lostcities.screens.summary import expedition_text
    cards = bytes(make_card(2, i) for i in range(12))  # the whole colour: its largest
    text = expedition_text(cards)
    assert len(text) == 11 and text.split() == ["54", "x4", "+156*"]
    assert expedition_text(bytes([make_card(1, 5)])).split() == ["5", "-15"]


def test_the_panel_counts_a_card_about_to_be_played_as_its_expedition_does():
    driver = Driver(seed=5, profile={"mode": "ai", "level": "easy"}, render=False)
    driver.press(btn.A)
    t = driver.app.table
    state = driver.app.match.state
    for slot in range(8):  # a card the rules let the player play
        if state.can_play(t.viewer, t.hand[t.cursor[t.viewer]]):
            break
        driver.press(btn.RIGHT)
    card = t.hand[t.cursor[t.viewer]]
    driver.press_all(["A", "A"])  # chosen and played: the draw is next
    assert t.step == DRAW
    expected = state.score(t.viewer) + score_cards(
        state.expedition(t.viewer, card_color(card)) + bytes((card,)))[0] - score_cards(
        state.expedition(t.viewer, card_color(card)))[0]
    assert panel_line(t.panels[1], 1) == ("%+d" % expected if expected else "0")
    driver.press(btn.B)  # back: the card is not counted any more
    assert panel_line(t.panels[1], 1) == ("%+d" % state.score(t.viewer)
                                          if state.score(t.viewer) else "0")


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
    assert texts[1].split("\n") == lines[1:3]
    assert texts[2].split("\n") == lines[3:]
    assert "result" in texts[4]


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
    profile.stats = {"hard": [999, 450, 30], "duel": [999, 600, 99], "expert": [7, 2, 1],
                     "easy": [12, 11, 0], "normal": [100, 50, 10], "medium": [10000, 1, 0]}
    profile.best_round = -152
    driver.press_all(["DOWN", "DOWN", "A"])
    assert driver.screen == "stats"
    heading, back, table, wear = driver.app.screen.group
    lines = table.text.split("\n")
    assert len(lines) == 1 + len(LEVELS) + 1 + 1  # the heads, every level, two players, the best round
    assert table.y + 12 * len(lines) <= wear.y and wear.y + 12 <= 128
    assert back.text == "B: back" and back.y == heading.y and back.x + 6 * 7 <= 160
    assert wear.text == "Saves: %d (rated 10000)" % driver.app.session.storage.writes
    assert table.x >= 2 and table.x + 6 * max(len(line) for line in lines + [wear.text]) <= 158
    assert lines[0].split() == ["vs", "Play", "Won", "Lost", "Drw"]
    assert [line.split()[0] for line in lines[1:5]] == list(LEVELS)  # levels in order
    assert lines[2].split() == ["medium", "10000", "1", "9999", "0"]
    assert lines[4].split() == ["hard", "999", "450", "519", "30"]
    assert lines[5].split() == ["P2", "999", "600", "300", "99"]  # player 1's wins and losses
    assert lines[6] == "Best round: -152"


def frame_of(popup):
    """(left, top, right, bottom) of an overlay's frame on the screen, and its text's."""
    box, frame, item = popup.box, popup.frame, popup.item
    left, top = box.x + frame.x, box.y + frame.y
    width, height = item.size()
    return ((left, top, left + frame.width, top + frame.height),
            (box.x + item.x, box.y + item.y, box.x + item.x + width,
             box.y + item.y + height))


def check_margin(popup, right=160):
    """The overlay shows, framed, 2 px or more from the screen's edges (or
    ``right``), its text inside the frame."""
    assert popup_text(popup)
    (left, top, far, bottom), (x0, y0, x1, y1) = frame_of(popup)
    assert 2 <= left and far <= right - 2 and 2 <= top and bottom <= 126, popup_text(popup)
    assert left + 2 <= x0 and x1 <= far - 2 and top + 2 <= y0 and y1 <= bottom, popup_text(popup)


def test_a_message_on_the_table_keeps_a_margin_and_the_side_panel_readable(table):
    t = table.app.table
    t.popup.show("Can't play R4: wagers go first, before any number.")
    check_margin(t.popup, right=PANEL_X)
    table.app.step()
    assert pixel(table, 150, PILE_Y + 6) != (0x10, 0x10, 0x10)  # the deck still shows
    table.press(btn.B)
    assert t.popup.box.hidden


def test_selects_pages_cover_the_table_with_a_margin_then_close(table):
    t = table.app.table
    texts = []
    for page in range(INFO_PAGES):
        table.press(btn.SELECT)
        check_margin(t.popup)
        texts.append(popup_text(t.popup))
        assert texts[-1].startswith("%d/%d" % (page + 1, INFO_PAGES))
    table.press(btn.SELECT)
    assert popup_text(t.popup) == "" and t.step == PICK


def test_the_title_notice_and_the_menus_question_keep_a_margin():
    nvm = bytearray((i * 37 + 11) % 256 for i in range(NVM_SIZE))
    driver = Driver(seed=1, nvm=nvm, render=False)
    check_margin(driver.app.screen.popup)
    driver.press_all(["A", "START"])  # the press closing the notice counts: a match
    pause = driver.app.screen
    while pause.items[pause.at] != "New match":
        driver.press(btn.DOWN)
    driver.press(btn.A)
    assert "give up" in popup_text(pause.popup)
    check_margin(driver.app.screen.popup)


def put_expedition(state, player, color, cards):
    """Lay ``cards`` on an expedition, as if played (for a position to look at)."""
    from lostcities.rules import CARDS_PER_COLOR, MAX_COLORS
    from lostcities.rules.offsets import EXP_AT, EXP_LEN_AT
    at = player * MAX_COLORS + color
    start = EXP_AT + at * CARDS_PER_COLOR
    state.buf[start:start + len(cards)] = bytes(cards)
    state.buf[EXP_LEN_AT + at] = len(cards)


def lit_box(surface, x0, y0, x1, y1):
    """The box of the lit pixels in a screen area, or None."""
    box = None
    for y in range(max(0, y0), min(128, y1)):
        for x in range(max(0, x0), min(160, x1)):
            if tuple(surface.get_at((x, y)))[:3] != (0, 0, 0):
                if box is None:
                    box = [x, y, x + 1, y + 1]
                box = [min(box[0], x), min(box[1], y), max(box[2], x + 1), max(box[3], y + 1)]
    return box


def texts_on_the_table(t):
    """Every text on the table as (name, grid area): the status, each score,
    each expedition's cards, each line of the side panel."""
    yield "status", (0, 0, 160, 12)
    for side in (0, 1):
        scores = t.scores[side]
        for color in range(t.colors):
            x = scores.x + color * t.pitch  # a score's four characters
            yield ("score %d %d" % (side, color), (
                x, scores.y, x + 4 * S.TEXT_W, scores.y + scores.tile_height))
            grid = t.cells[side][color]
            yield ("cards %d %d" % (side, color), (
                grid.x, grid.y, grid.x + grid.width * grid.tile_width,
                grid.y + grid.height * grid.tile_height))
        panel = t.panels[side]
        for row in range(panel.height):
            y = panel.y + row * panel.tile_height
            yield ("panel %d %d" % (side, row),
                   (panel.x, y, panel.x + panel.width * panel.tile_width, y + panel.tile_height))


@pytest.mark.parametrize("colors", [5, 6])
def test_no_text_leaves_the_screen_or_touches_its_neighbour(colors):
    """Three-digit scores (+124 on an expedition, -160 in the panel) in every
    column: each text keeps a dark pixel from the next, three beside it (more
    than the gap between two characters of one text)."""
    driver = Driver(seed=8, profile={"mode": "duel", "colors": colors})
    driver.press_all(["A", "A"])
    t = driver.app.table
    state = driver.app.match.state
    big = [0, 1, 2] + [make_card(0, value) for value in (2, 4, 6, 7, 8, 9, 10)]
    assert score_cards(big)[0] == 124
    for color in range(colors):
        wagers = [12 * color, 12 * color + 1, 12 * color + 2]  # the three wagers
        put_expedition(state, 1 - t.viewer, color, wagers)  # -80 each
        put_expedition(state, t.viewer, color, [card + 12 * color for card in big])
    assert state.score(1 - t.viewer) <= -160
    t.show()
    driver.app.step()
    assert score_of(t, 1, 0) == "+124" and score_of(t, 0, 0) == "-80"
    assert score_of(t, 1, colors - 1) == "+124" and score_of(t, 0, colors - 1) == "-80"
    surface = driver.display.surface()
    boxes = []
    for name, (x0, y0, x1, y1) in texts_on_the_table(t):
        assert 0 <= x0 and x1 <= 160 and 0 <= y0 and y1 <= 128, name
        box = lit_box(surface, x0, y0, x1, y1)
        if box:
            boxes.append((name, box))
    for i, (name, a) in enumerate(boxes):
        for other, b in boxes[i + 1:]:
            apart_x = max(b[0] - a[2], a[0] - b[2])  # dark columns between them
            apart_y = max(b[1] - a[3], a[1] - b[3])
            assert apart_x >= 3 or apart_y >= 1, (name, a, other, b)


def test_the_card_just_drawn_is_marked_in_the_sorted_hand():
    driver = Driver(seed=3, profile={"mode": "duel"})
    driver.press_all(["A", "A"])
    t = driver.app.table
    assert t.new_slot == -1  # a fresh deal: nothing drawn yet
    kept = [card for card in t.hand if card != t.hand[0]]
    driver.press_all(["A", "DOWN", "A", "A"])  # P1 discards, draws the deck's top
    driver.press_all(["A", "DOWN", "A", "A"])  # P2 the same; P1 again
    t = driver.app.table
    assert t.viewer == 0
    drawn = [card for card in t.hand if card not in kept]
    assert len(drawn) == 1
    slot = t.hand.index(drawn[0])
    assert t.new_slot == slot
    for other, grid in enumerate(t.hand_grids):
        assert (grid[0], grid[1]) == S.hand_tiles(t.hand[other])
        assert grid.pixel_shader is t.sheets.card_palette(t.hand[other], other == slot)
    assert pixel(driver, slot * S.CARD_W + 1, HAND_Y + 5) == (255, 255, 255)  # light frame
    assert pixel(driver, (slot + 1) % 8 * S.CARD_W + 1, HAND_Y + 5) != (255, 255, 255)


def test_the_value_preview_is_the_rules_score_before_and_after():
    driver = Driver(seed=8, profile={"mode": "duel"}, render=False)
    rng = Rng(4)
    driver.press_all(["A", "A"])
    checked = 0
    for _ in range(40):
        t = driver.app.table
        state = driver.app.match.state
        for slot in range(8):  # every card of the hand, picked and put back
            card = t.hand[t.cursor[t.viewer]]
            driver.press(btn.A)
            if state.can_play(t.viewer, card):
                cards = state.expedition(t.viewer, card_color(card))
                numbers = [card_value(c) for c in cards if card_value(c)]
                wagers = len(cards) - len(numbers)
                before = expedition_points(sum(numbers), wagers, len(cards)) if cards else 0
                value = card_value(card)
                after = expedition_points(sum(numbers) + value, wagers + (not value),
                                          len(cards) + 1)
                words = "%s->%s" % ("%+d" % before if before else "0",
                                    "%+d" % after if after else "0")
                assert t.status.text.startswith("A:play") and words in t.status.text
                assert t.status.text.endswith("v:discard"), t.status.text
                checked += 1
            else:
                assert t.status.text == "%s: can't play; v discard" % card_text(card)
            driver.press_all(["B", "RIGHT"])
        moves = state.legal_moves()
        for action in presses_for(t, moves[rng.randbelow(len(moves))]):
            driver.press(action)
        driver.press(btn.A)  # past the pass screen
    assert checked > 100


def test_a_discard_says_whether_the_other_player_could_use_it():
    driver = Driver(seed=3, profile={"mode": "duel"}, render=False)
    card = take_a_discard(driver)  # P2 took P1's discard: P2's hand is known
    t = driver.app.table
    state = driver.app.match.state
    for slot in range(8):
        mine = t.hand[slot]
        for action in ["RIGHT"] * ((slot - t.cursor[0]) % 8) + ["A", "DOWN"]:
            driver.press(action_named(action))
        top = state.expedition_top(1, card_color(mine))
        text = t.status.text
        if top < 0:
            assert text.startswith("P2 has no %s" % card_text(mine)[0])
        else:
            assert text == "P2's top %s: %s %s" % (
                card_text(top), card_text(mine),
                "fits" if state.can_play(1, mine) else "no use")
        driver.press_all(["B", "B"])
    assert card is not None


def test_select_shows_each_pile_from_the_top_and_the_cards_not_seen():
    from lostcities.screens.info import info_page, rank_list
    driver = Driver(seed=3, profile={"mode": "duel"}, render=False)
    take_a_discard(driver)
    app = driver.app
    state = app.match.state
    piles = info_page(app, 0, 1)
    for color in range(5):
        pile = state.pile(color)
        assert piles[1 + color].split(":")[0].split() == ["YBWGR"[color], str(len(pile))]
        assert piles[1 + color].split(": ")[1] == (rank_list(reversed(pile)) or "-")
    unseen = info_page(app, 0, 2)
    seen = set(state.hand(0)) | {c for c in state.view(0).hand(1) if c != 255}
    for color in range(5):
        for p in range(2):
            seen |= set(state.expedition(p, color))
        seen |= set(state.pile(color))
        left = [c for c in new_deck(5) if card_color(c) == color and c not in seen]
        assert unseen[1 + color] == "%s: %s" % ("YBWGR"[color], rank_list(left) or "-")
    first = info_page(app, 0, 0)
    assert first[3] == "Last moves, newest first:"
    assert first[4].startswith("P2  discard") and first[5].startswith("P1  discard")


def test_the_rules_screen_shows_each_page_of_the_rules_file_then_the_handhelds():
    from lostcities import asset_path
    from lostcities.screens.help import HANDHELD_PAGES
    with open(asset_path("rules.txt")) as file:
        titles = [line[2:].strip() for line in file if line.startswith("= ")]
    titles += [title for title, _ in HANDHELD_PAGES]
    driver = Driver(seed=3, render=False)
    title = driver.app.screen
    while title.items[title.at] != "Rules":
        driver.press(btn.DOWN)
    driver.press(btn.A)
    shown = []
    for page in range(len(titles)):
        screen = driver.app.screen
        assert screen.name == "rules"
        assert screen.footer.text.startswith("%d/%d " % (page + 1, len(titles)))
        assert screen.body.text  # the page's text, wrapped
        shown.append(screen.heading.text)
        driver.press(btn.RIGHT)
    assert shown == titles
    assert driver.app.screen.heading.text == titles[0]  # RIGHT on the last page: the first


def test_the_title_shows_its_picture_the_expeditions_in_the_games_colours():
    from host_sim.dev import make_assets
    driver = Driver(seed=3)
    assert driver.screen == "title"
    peaks = {rgb565(rgb) for rgb in make_assets.TITLE_PALETTE[make_assets.FIRST_PEAK:]}
    assert len(peaks) == 12 and peaks <= colours(driver)  # each colour's peak and ridge


def test_a_drive_without_the_title_picture_shows_the_title_all_the_same(monkeypatch):
    from lostcities.screens import title
    monkeypatch.setattr(title, "TITLE_PICTURE", "not-there.bmp")
    driver = Driver(seed=3)
    assert driver.screen == "title"
    assert colours(driver) <= {(0, 0, 0), rgb565(S.LIGHT), rgb565(DIM), rgb565(ACCENT)}
    driver.press(btn.A)
    assert driver.screen in ("table", "pass")


def test_a_press_made_before_the_title_shows_comes_after_its_picture_and_the_step_after_it(
        monkeypatch):
    """A press made while the board boots waits for the title's picture and
    the step left for after it (App.ready_the_table: the saved match
    replayed, the table's sheets made), then is taken: it does not take
    that step's place (a new match's table left its own, and the sheets were
    made at its room, their loader's module held through the round)."""
    from host_sim.play.simulator import make_display
    from host_sim.testing.firmware.scripted import Clock, KeyQueue
    from host_sim.testing.harness import make_nvm
    from lostcities.app import App
    happened = []
    ready, open_from_title = App.ready_the_table, App.open_from_title
    monkeypatch.setattr(App, "ready_the_table",
                        lambda app: happened.append("ready") or ready(app))
    monkeypatch.setattr(App, "open_from_title",
                        lambda app, *args: happened.append("press") or open_from_title(app, *args))
    keys, clock = KeyQueue(), Clock()
    buttons = btn.Buttons([btn.KeypadSource(keys, btn.PYBADGE_KEYS)], clock)
    app = App(make_display(render=False), buttons, make_nvm(), clock, seed=3)
    keys.push(btn.A, True)  # New match, pressed before the first picture
    clock.now += 20
    app.step()
    assert happened == ["ready", "press"]
    assert app.screen.name in ("table", "pass")


def test_a_new_match_shows_its_table_before_the_ai_works_out_its_tables():
    """The picture first: what the player need not wait for (the AI's tables)
    is made once the table is on the screen (Shell.after_picture)."""
    driver = Driver(seed=3, profile={"mode": "ai", "level": "hard"})
    app = driver.app
    happened = []
    refresh, prepare = app.display.refresh, app.session.prepare

    def refreshed(*args, **kwargs):
        happened.append("picture")
        return refresh(*args, **kwargs)

    def prepared():
        happened.append("prepare" if app.screen is app.table else "prepare, no table")
        return prepare()
    app.display.refresh = refreshed
    app.session.prepare = prepared
    driver.press(btn.A)  # New match
    assert driver.screen == "table"
    assert happened.index("picture") < happened.index("prepare"), happened
    assert "prepare, no table" not in happened


def test_the_matchs_result_readies_the_titles_modules_once_its_picture_shows(monkeypatch):
    """The press that leaves the result for the title loads nothing: the
    title's modules (memory.TITLE) are loaded while the result shows, after
    its picture; SELECT's review lets them go again (its room forgets them)."""
    from lostcities import memory
    from lostcities.app import App
    driver = Driver(seed=5, profile={"mode": "duel", "colors": 5, "rounds": 1})
    driver.press(btn.A)  # New match
    play_round(driver, Rng(5))
    assert driver.screen == "round"
    happened = []
    app = driver.app
    refresh = app.display.refresh
    app.display.refresh = lambda *args: happened.append("picture") or refresh(*args)
    ready = App.ready_the_title
    monkeypatch.setattr(App, "ready_the_title",
                        lambda app: happened.append("title readied") or ready(app))
    driver.press(btn.A)  # the result
    assert driver.screen == "match"
    assert happened[:2] == ["picture", "title readied"], happened
    assert set(memory.names(memory.TITLE)) <= set(memory.names(memory.room("review")[0]))
