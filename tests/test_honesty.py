"""The AI and the reference players see only what their player may see (docs/rules.md, What each
player knows).

Every place that asks the AI for a move (the screen game, the terminal game,
tournaments) is run with a spy in place of ``ai.choose_move`` that checks what
it is handed: the deck's order and the opponent's cards not taken from a
discard pile are HIDDEN. Identical wagers are one card: which copy a move
names never shows in a view (the one taken openly leaves the hand first). (tests/test_ai.py shows that the decision depends on
nothing else: positions differing only in hidden cards get the same move;
tests/test_bots.py the same of the reference players.) The reference players
of the pool get the same spy in tournaments.
"""

import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import deal
from host_sim.tools import protocol, tournament

from host_sim.play import terminal as tty
from host_sim.testing.harness import Driver
from lostcities import ai
from lostcities.rng import Rng
from lostcities.rules import (
    HAND_SIZE, HIDDEN, SOURCE_DECK, Match, card_text, is_wager, make_move, move_card,
    move_discards, move_source, same_kind)
from host_sim.records.notation import parse_move

from tests.test_ui_play import play_match


def is_players_view(view):
    """True if ``view`` shows its player nothing hidden from them."""
    opponent = 1 - view.to_move
    if any(card != HIDDEN for card in view.deck()):
        return False
    return all(view.hand_card(opponent, slot) == HIDDEN
               or view.known_to_opponent(opponent, slot)
               for slot in range(HAND_SIZE))


@pytest.fixture
def asked(monkeypatch):
    """Every view the AI is asked about, checked as it is asked."""
    views = []
    real = ai.choose_move

    def spy(view, level, rng, clock=None, stop=None, progress=None, view_again=None):
        assert is_players_view(view), "the AI was shown hidden cards"
        views.append(bytes(view.buf))
        if view_again is None:
            return real(view, level, rng, clock, stop, progress)
        seat = view.to_move

        def checked(player):
            # a search writes its view anew for each deal it plays out: the
            # same view, of its own seat, as hidden as the first
            assert player == seat and view_again(player) is view and is_players_view(view), \
                "the AI's view was written anew with hidden cards"
            return view
        return real(view, level, rng, clock, stop, progress, checked)

    monkeypatch.setattr(ai, "choose_move", spy)
    return views


def test_a_full_state_is_not_a_view(asked):
    from lostcities.rules import deal
    state = deal(Rng(1), 5, 0)
    assert not is_players_view(state)
    assert is_players_view(state.view(0))


@pytest.mark.parametrize("level", ai.LEVELS)
def test_the_screen_game_asks_the_ai_about_its_view_only(asked, level):
    driver = Driver(seed=4, profile={"mode": "ai", "level": level, "rounds": 1},
                    render=False)
    play_match(driver, Rng(2))
    assert len(asked) > 10


def test_the_terminal_game_asks_the_ai_about_its_view_only(asked, tmp_path):
    moves = "\n".join(["hint"] * 3 + ["quit"]) + "\n"
    script = "mode ai\nlevel hard\nnew\n" + moves
    out = io.StringIO()
    tty.main(["--seed", "3"], stdin=io.StringIO(script), stdout=out)
    assert asked, out.getvalue()[-500:]


def test_tournaments_ask_the_ai_about_its_view_only(asked):
    results, forfeit = tournament.run("normal", "hard", deals=2, seed=5, jobs=1)
    assert forfeit is None and len(results) == 2
    assert len(asked) > 40


@pytest.mark.parametrize("name", ["counter", "tempo", "frozen-normal"])
def test_tournaments_ask_the_reference_players_about_their_view_only(monkeypatch, name):
    views = []
    real = protocol.REFERENCE[name]

    def spy(view, rng):
        assert is_players_view(view), "%s was shown hidden cards" % name
        views.append(view)
        return real(view, rng)

    monkeypatch.setitem(protocol.REFERENCE, name, spy)
    results, forfeit = tournament.run(name, "heuristic", deals=2, seed=5, jobs=1)
    assert forfeit is None and len(results) == 2
    assert len(views) > 40


# Identical wagers ------------------------------------------------------------

def held_openly(state, player):
    """What the other player's view shows of ``player``'s hand: the cards taken openly."""
    return sorted(card_text(card) for card in state.view(1 - player).hand(player)
                  if card != HIDDEN)


def test_a_wager_taken_from_a_pile_leaves_the_hand_before_a_hidden_copy():
    state = deal("Yx Y4 Y9 R7 R5 B3 W2 G10", "Yx B4 B9 W3 W5 G2 G6 R10", start=2)
    hidden_copy = state.hand(0)[0]
    for text in ("discard Yx deck", "discard B3 Y"):  # player 1 takes player 2's Yx openly
        state.play(parse_move(text))
    assert held_openly(state, 0) == ["Yx"]
    state.play(parse_move("discard G6 deck"))
    state.play(make_move(hidden_copy, True, SOURCE_DECK))  # "a wager", naming the other copy
    assert held_openly(state, 0) == []  # no second, hidden wager is given away
    assert state.view(1).hand(0) == bytes([HIDDEN]) * HAND_SIZE
    assert held_openly(state, 1) == []
    assert sum(is_wager(card) for card in state.hand(0)) == 1  # the hidden copy is still held


def wager_happy_move(state, rng):
    """A random legal move, half the time one that takes or discards a wager
    when there is one: rounds where a hand holds a known and a hidden copy."""
    moves = state.legal_moves()
    wagers = [move for move in moves if move_discards(move) and is_wager(move_card(move))
              or move_source(move) and is_wager(state.pile_top(move_source(move) - 1))]
    if wagers and rng.randbelow(2):
        moves = wagers
    return moves[rng.randbelow(len(moves))]


@settings(max_examples=30, deadline=None)
@given(st.integers(min_value=0, max_value=2 ** 40), st.sampled_from((5, 6)))
def test_which_identical_wager_a_move_names_never_shows_in_a_view(seed, colors):
    """Wherever the player to move holds two wagers of a colour (one perhaps
    taken openly), a move naming either copy leaves byte-identical views for
    both players, as positions differing only in hidden cards have
    (tests/test_properties.py, a view shows nothing a guess could change)."""
    rng = Rng(seed)
    match = Match(colors, 1, rng)
    state = match.start_round()
    while not state.is_over():
        hand = state.hand(state.to_move)
        for move in state.legal_moves():
            copies = [card for card in hand if is_wager(move_card(move))
                      and same_kind(card, move_card(move))]
            views = set()
            for card in copies:
                after = state.copy()
                after.play(make_move(card, move_discards(move), move_source(move)))
                views.add((bytes(after.view(0).buf), bytes(after.view(1).buf)))
            assert len(views) <= 1, card_text(move_card(move))
        match.play(wager_happy_move(state, rng))
