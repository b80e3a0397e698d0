"""Properties that hold in every game: random matches, seeded by hypothesis."""

from hypothesis import given, settings
from hypothesis import strategies as st

from host_sim.testing.workloads import play_random
from host_sim.players.bots import random_move
from host_sim.records.record import parse_record, write_record
from lostcities.rng import Rng
from lostcities.rules import (
    HAND_SIZE, NO_CARD, SOURCE_DECK, Match, card_index, is_wager, move_source, taken_card)
from test_rules import all_cards, assert_legal_moves_agree_with_check_move

seeds = st.integers(min_value=0, max_value=2 ** 40)
colors = st.sampled_from((5, 6))
rounds = st.sampled_from((1, 3))
few = settings(max_examples=20, deadline=None)


def random_match(seed, colors, rounds, each_turn=None):
    """A whole match of random legal moves; ``each_turn(state)`` after every turn."""
    rng = Rng(seed)
    return play_random(Match(colors, rounds, rng), (rng, rng), each_turn)


def random_position(seed, colors, turns):
    """A round after up to ``turns`` random legal moves."""
    rng = Rng(seed)
    match = Match(colors, 1, rng)
    state = match.start_round()
    for _ in range(turns):
        if state.is_over():
            break
        match.play(random_move(state, rng))
    return state


def assert_expeditions_legal(state):
    """Wagers first, then strictly ascending numbers, in every expedition."""
    for player in (0, 1):
        for color in range(state.colors):
            order = [card_index(card) for card in state.expedition(player, color)]
            wagers = sum(1 for card in state.expedition(player, color)
                         if is_wager(card))
            assert all(index < 3 for index in order[:wagers])
            numbers = order[wagers:]
            assert all(a < b for a, b in zip(numbers, numbers[1:]))


def assert_lookups_agree(state):
    """The in-place lookups (the AI's and the screens') read what the copies hold."""
    for color in range(state.colors):
        pile = state.pile(color)
        assert state.pile_len(color) == len(pile)
        assert [state.pile_card(color, i) for i in range(len(pile))] == list(pile)
        assert state.pile_top(color) == (pile[-1] if pile else NO_CARD)
        for player in (0, 1):
            cards = state.expedition(player, color)
            assert state.expedition_len(player, color) == len(cards)
            assert [state.expedition_card(player, color, i)
                    for i in range(len(cards))] == list(cards)
            assert state.expedition_top(player, color) == (cards[-1] if cards else NO_CARD)
    for player in (0, 1):
        assert [state.hand_card(player, slot) for slot in range(HAND_SIZE)] == list(
            state.hand(player))
        assert state.score(player) == sum(  # the search's in-place score
            state.expedition_score(player, color)[0] for color in range(state.colors))


def check_invariants(state):
    assert all_cards(state) == list(range(state.full_deck_size()))
    for player in (0, 1):
        hand = state.hand(player)
        assert len(hand) == HAND_SIZE and max(hand) < state.full_deck_size()
    assert_expeditions_legal(state)
    assert_lookups_agree(state)


@few
@given(seeds, colors, rounds)
def test_every_card_once_eight_in_hand_and_legal_expeditions(seed, colors, rounds):
    match = random_match(seed, colors, rounds, check_invariants)
    assert match.is_over() and len(match.scores) == rounds
    totals = match.totals()
    assert totals == tuple(sum(scores[player] for scores in match.scores)
                           for player in (0, 1))
    assert match.winner() == (
        None if totals[0] == totals[1] else 0 if totals[0] > totals[1] else 1)


@few
@given(seeds, colors, rounds)
def test_a_written_record_reads_back_to_the_same_match(seed, colors, rounds):
    match = random_match(seed, colors, rounds)
    text = write_record(match)
    again = parse_record(text)
    assert again.scores == match.scores and again.winner() == match.winner()
    assert write_record(again) == text


@few
@given(seeds, st.integers(min_value=0, max_value=400))
def test_a_record_cut_after_any_turn_reads_back_as_far_as_it_goes(seed, cut):
    match = random_match(seed, 5, 3)
    lines = write_record(match).split("\n")
    moves = [i for i, line in enumerate(lines) if line.startswith(("play", "discard"))]
    cut = moves[min(cut, len(moves) - 1)]
    partial = parse_record("\n".join(lines[:cut + 1]))
    assert partial.scores == match.scores[:len(partial.scores)]
    assert partial.winner() is None or partial.is_over()


@few
@given(seeds, st.integers(min_value=0, max_value=100))
def test_legal_moves_agree_with_check_move_anywhere(seed, turns):
    state = random_position(seed, 6, turns)
    assert_legal_moves_agree_with_check_move(state)


@few
@given(seeds, st.integers(min_value=0, max_value=100), st.sampled_from((0, 1)))
def test_a_view_shows_nothing_a_guess_could_change(seed, turns, player):
    state = random_position(seed, 5, turns)
    view = state.view(player)
    guess = view.copy()
    guess.determinize(player, Rng(seed + 1))
    assert all_cards(guess) == list(range(60))
    assert guess.view(player).buf == view.buf


@few
@given(seeds, colors)
def test_taken_card_names_the_top_of_the_pile_drawn_from(seed, colors):
    rng = Rng(seed)
    match = Match(colors, 1, rng)
    state = match.start_round()
    tops = []
    while not state.is_over():
        move = random_move(state, rng)
        source = move_source(move)
        tops.append(NO_CARD if source == SOURCE_DECK else state.pile_top(source - 1))
        match.play(move)
    moves = match.moves[0]
    assert [taken_card(moves, index) for index in range(len(moves))] == tops
