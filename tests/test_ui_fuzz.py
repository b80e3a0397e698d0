"""Button mashing in every mode and screen, with power cuts in between.

Random presses (a fixed seed, a bounded count) must never raise, and the
match on the screen must always be the engine's: the same as replaying its
deals and moves, and the same after a restart from the NVM.
"""

import displayio
import pytest

from host_sim.testing.harness import Driver, presses_for
from lostcities import buttons as btn
from lostcities.rng import Rng
from lostcities.rules import SOURCE_DECK, Match, move_source
from lostcities.screens import Text
from lostcities.screens.table import DRAW, SHOWN, PICK
from lostcities.sprites import MINI_MARKED, BLANK, hand_tiles, mini_card

# Arrows and A most often, as a player would; B, START, SELECT less.
IN_MATCH = (btn.A,) * 5 + (btn.LEFT, btn.RIGHT) * 3 + (btn.UP, btn.DOWN) * 2 + (
    btn.B, btn.B, btn.SELECT)
ANY = IN_MATCH + (btn.START, btn.START, btn.START_HELD)


def replayed(match):
    """The match rebuilt from its deals and moves alone."""
    again = Match(match.colors, match.rounds)
    for deal, moves in zip(match.deals, match.moves):
        again.start_round(*deal)
        for move in moves:
            again.play(move)
    return again


def check_consistent(app):
    match = app.match
    if match is None:
        return
    again = replayed(match)
    assert again.scores == match.scores
    assert bytes(again.state.buf) == bytes(match.state.buf)
    table = app.table
    if table is not None and app.screen is table:
        assert table.hand == bytes(sorted(match.state.hand(table.viewer)))
        if table.step == SHOWN:  # the round is over: no hand shows
            assert all(grid[0] == grid[1] == BLANK for grid in table.hand_grids)
        elif table.step != DRAW:  # no card out of the hand: all eight shown
            for slot, grid in enumerate(table.hand_grids):
                assert (grid[0], grid[1]) == hand_tiles(table.hand[slot])
                assert grid.pixel_shader is table.sheets.card_palette(
                    table.hand[slot], slot == table.new_slot)
        for color in range(match.colors):
            for player in (0, 1):
                cards = match.state.expedition(player, color)
                side = 1 if player == table.viewer else 0
                grid = table.cells[side][color]
                shown = [grid[i] for i in range(len(cards))]
                assert [tile - 12 if tile >= MINI_MARKED else tile
                        for tile in shown] == [mini_card(card) for card in cards]


def labels_shown(group, x=0, y=0):
    """Every visible text label in ``group`` and its box on the screen."""
    for item in group:
        if isinstance(item, Text):
            if not item.hidden:
                width, height = item.size()
                left = x + item.x
                top = y + item.y
                yield item, (left, top, left + width * item.scale,
                             top + height * item.scale)
        elif isinstance(item, displayio.Group):
            yield from labels_shown(item, x + item.x, y + item.y)


def check_on_screen(app):
    """No text runs off the 160x128 screen."""
    for item, (left, top, right, bottom) in labels_shown(app.screen.group):
        assert left >= 0 and top >= 0 and right <= 160 and bottom <= 128, (
            app.screen.name, item.text)


def whole_turn(driver, rng):
    """A legal move by buttons, when a turn is waiting: keeps the match moving."""
    app = driver.app
    table = app.table
    if table is None or app.screen is not table:
        return
    for _ in range(2):
        if table.step in (1, 2):  # a card chosen: step back to the hand
            driver.press(btn.B)
    if table.step != PICK:
        return
    moves = app.match.state.legal_moves()
    if rng.randbelow(5):  # mostly from the deck, so that rounds end
        moves = [move for move in moves if move_source(move) == SOURCE_DECK]
    move = moves[rng.randbelow(len(moves))]
    for action in presses_for(table, move):
        driver.press(action)


def mash(driver, rng, presses, restart_every, keys, turns=0):
    """``presses`` random presses of ``keys`` (a whole turn among them 1 in ``turns``)."""
    for count in range(1, presses + 1):
        if turns and rng.randbelow(turns) == 0:
            whole_turn(driver, rng)
        action = keys[rng.randbelow(len(keys))]
        if action == btn.START_HELD:
            driver.press(btn.START, hold_ms=btn.LONG_PRESS_MS)
        else:
            driver.press(action)
        check_on_screen(driver.app)
        if count % 25 == 0:
            check_consistent(driver.app)
        if count % restart_every == 0:
            driver = restart(driver, count)
    return driver


def restart(driver, seed):
    """A power cut: a new app on the same NVM resumes the match as its last
    save left it (lostcities/session.py saves at pauses): the same deals and
    moves up to there, and no more lost than the session counted unsaved
    (against the AI, each with the AI's reply, and its last move made again)."""
    before = driver.app.saved
    unsaved = driver.app.session.saving.unsaved
    driver = Driver(seed=seed, nvm=driver.nvm, render=False)
    after = driver.app.saved
    assert (before is None) == (after is None)
    if before is not None:
        assert (after.mode, after.level, after.learn) == (before.mode, before.level, before.learn)
        dealt = len(after.match.deals)
        assert [bytes(b) for deal in after.match.deals for b in deal[:3]] == [
            bytes(b) for deal in before.match.deals[:dealt] for b in deal[:3]]
        made = [move for moves in after.match.moves for move in moves]
        played = [move for moves in before.match.moves for move in moves]
        assert played[:len(made)] == made
        lost = len(played) - len(made)
        assert lost <= (2 * unsaved + 1 if before.mode == "ai" else unsaved), (lost, unsaved)
    check_consistent(driver.app)
    return driver


@pytest.mark.parametrize("profile", [
    {"mode": "duel", "colors": 5, "rounds": 3},
    {"mode": "duel", "colors": 6, "rounds": 1},
    {"mode": "ai", "level": "easy", "colors": 6, "rounds": 1},
    {"mode": "ai", "level": "normal", "colors": 5, "rounds": 1},
    {"mode": "ai", "level": "hard", "colors": 5, "rounds": 1},
])
def test_random_presses_never_break_the_game(profile, monkeypatch):
    rng = Rng(len(repr(profile)))
    driver = Driver(seed=7, profile=profile, render=False)
    seen = set()
    original = type(driver.app).show

    def show(app, screen):
        seen.add(screen.name)
        original(app, screen)
    monkeypatch.setattr(type(driver.app), "show", show)  # restarted apps too
    # every button, menus included: any screen, any setting, abandoned matches
    driver = mash(driver, rng, 600, 80, ANY)  # six title items since Learn
    # then through a whole match: mashing in between turns, never leaving it
    driver = restart(driver, 1)
    for _ in range(4):
        if driver.screen == "title":
            driver.press(btn.A)
    driver = mash(driver, rng, 450, 150, IN_MATCH, turns=2)
    assert {"title", "table", "pause", "round", "settings", "rules"} <= seen
