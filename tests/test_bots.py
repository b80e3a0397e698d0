"""The reference bots: legal, honest about what they see, and sound where it is spelled out."""

import pytest

from conftest import deal as hand_made_deal
from host_sim.players.bots import heuristic_move, random_move
from host_sim.players.frozen_normal import frozen_normal_move
from host_sim.players.reference import counter_move, tempo_move
from lostcities.rng import Rng
from lostcities.rules import SOURCE_DECK, deal, move_source, turn_limit
from host_sim.records.notation import move_text, parse_move

POOL_BOTS = (heuristic_move, counter_move, tempo_move, frozen_normal_move)
BOTS = (random_move,) + POOL_BOTS


def position(hand1, hand2, moves=(), deck_tail="", deck_len=44):
    """A round from two hands (player 1 to move), then ``moves`` in record notation.

    The deck holds ``deck_tail`` on top, then other cards up to ``deck_len``
    (a short deck is a late position: the missing cards are simply unseen).
    """
    state = hand_made_deal(hand1, hand2, deck_tail, deck_len=deck_len)
    for text in moves:
        state.play(parse_move(text))
    return state


def random_positions(count, seed=3):
    """Views of the player to move, from random rounds at every stage."""
    rng = Rng(seed)
    for index in range(count):
        state = deal(rng, 5 + index % 2, index % 2)
        for _ in range(rng.randbelow(60)):
            if state.deck_len <= 1:
                break
            state.apply(random_move(state.view(state.to_move), rng))
        yield state


@pytest.mark.parametrize("bot", BOTS)
def test_every_move_is_legal(bot):
    rng = Rng(1)
    for state in random_positions(150):
        view = state.view(state.to_move)
        move = bot(view, rng)
        assert state.check_move(move) is None, move_text(move)


def test_heuristic_beats_random_on_every_round_of_a_few_deals():
    for seed in range(4):
        for heuristic_seat in (0, 1):
            state = deal(Rng(seed), 5, 0)
            rngs = (Rng(seed), Rng(seed + 100))
            while not state.is_over():
                player = state.to_move
                bot = heuristic_move if player == heuristic_seat else random_move
                state.play(bot(state.view(player), rngs[player]))
            scores = state.returns()
            assert scores[heuristic_seat] > scores[1 - heuristic_seat]


def test_plays_the_lowest_card_with_a_small_gap():
    state = position("Y3 Y5 Y6 B9 W9 G9 R9 R10", "Y2 B2 W2 G2 R2 B3 W3 G3",
                     ("play Y3 deck", "play B2 deck"))
    assert move_text(heuristic_move(state.view(0), Rng(0))) == "play Y5 deck"


def test_does_not_open_a_weak_colour():
    state = position("Y2 B3 W4 G5 R6 Bx Wx Gx", "Y10 B10 W10 G10 R10 Y9 B9 W9")
    move = heuristic_move(state.view(0), Rng(0))
    assert move_text(move).startswith("discard")


def test_opens_a_strong_colour():
    state = position("Y4 Y6 Y8 Y9 R2 B3 W4 G5", "Y10 B10 W10 G10 R10 Y2 B9 W9")
    assert move_text(heuristic_move(state.view(0), Rng(0))) == "play Y4 deck"


def test_does_not_feed_the_opponent():
    # player 2 has a red expedition at 3: a red 9 would feed it; the blue 2 helps nobody
    state = position("Y2 B2 W2 G2 R9 Y3 W3 G3", "R3 Y10 B10 W10 G10 Y9 B9 W9",
                     ("discard W3 deck", "play R3 deck"))
    move = heuristic_move(state.view(0), Rng(0))
    assert move_text(move).split()[1] != "R9"


def test_takes_a_discard_that_fits_without_a_gap():
    state = position("Y3 Y5 Y9 B9 W9 G9 R9 R10", "Y4 B2 W2 G2 R2 B3 W3 G3",
                     ("play Y3 deck", "discard Y4 deck"))
    assert move_text(heuristic_move(state.view(0), Rng(0))).endswith(" Y")


def test_leaves_a_discard_with_a_big_gap():
    state = position("Y3 Y5 Y9 B9 W9 G9 R9 R10", "Y10 B2 W2 G2 R2 B3 W3 G3",
                     ("play Y3 deck", "discard Y10 deck"))
    assert move_text(heuristic_move(state.view(0), Rng(0))).endswith(" deck")


@pytest.mark.parametrize("bot", BOTS)
def test_from_the_turn_limit_on_every_bot_draws_from_the_deck(bot):
    for state in random_positions(40, seed=8):
        state.turns = turn_limit(state.colors)
        move = bot(state.view(state.to_move), Rng(1))
        assert move_source(move) == SOURCE_DECK, move_text(move)


@pytest.mark.parametrize("bot", POOL_BOTS)
def test_a_pool_bot_beats_random_by_a_wide_margin(bot):
    margin = 0
    for seed in range(6):
        for bot_seat in (0, 1):
            state = deal(Rng(seed), 5, seed % 2)
            rngs = (Rng(seed), Rng(seed + 100))
            while not state.is_over():
                player = state.to_move
                choose = bot if player == bot_seat else random_move
                state.play(choose(state.view(player), rngs[player]))
            margin += state.score(bot_seat) - state.score(1 - bot_seat)
    assert margin / 12 > 60


@pytest.mark.parametrize("bot", POOL_BOTS)
def test_hidden_cards_do_not_change_a_pool_bots_move(bot):
    rng = Rng(4)
    for state in random_positions(40, seed=10):
        player = state.to_move
        other = state.view(player)
        other.determinize(player, rng)
        assert bot(state.view(player), Rng(1)) == bot(other.view(player), Rng(1))
