"""The AI and the reference players see only what their player may see (docs/rules.md, What each
player knows).

Every place that asks the AI for a move (the screen game, the terminal game,
tournaments) is run with a spy in place of ``ai.choose_move`` that checks what
it is handed: the deck's order and the opponent's cards not taken from a
discard pile are HIDDEN. (tests/test_ai.py shows that the decision depends on
nothing else: positions differing only in hidden cards get the same move;
tests/test_bots.py the same of the reference players.) The reference players
of the pool get the same spy in tournaments.
"""

import io

import pytest

from host_sim.tools import protocol, tournament

from host_sim.play import terminal as tty
from host_sim.testing.harness import Driver
from lostcities import ai
from lostcities.rng import Rng
from lostcities.rules import HAND_SIZE, HIDDEN

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

    def spy(view, level, rng, clock=None, stop=None, progress=None):
        assert is_players_view(view), "the AI was shown hidden cards"
        views.append(bytes(view.buf))
        return real(view, level, rng, clock, stop, progress)

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
