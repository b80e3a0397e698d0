"""docs/rules.md, one rule or edge case per test, on hand-made deals."""

import pytest

from conftest import deal
from host_sim.players.bots import random_move
from lostcities.rng import Rng
from lostcities.rules import (
    HIDDEN, SOURCE_DECK, IllegalMove, Match, card_color, card_text, check_deal,
    is_wager, make_card, make_move, move_card, move_discards, move_source, new_deck,
    next_starter)
from host_sim.records.notation import NotationError, move_text, parse_card, parse_move, parse_source


def play(state, *moves):
    for text in moves:
        state.play(parse_move(text))


def reason(state, text):
    return state.check_move(parse_move(text))


def all_cards(state):
    """Every card of the round wherever it is: hands, expeditions, piles, deck."""
    found = list(state.hand(0)) + list(state.hand(1)) + list(state.deck())
    for color in range(state.colors):
        found += list(state.pile(color))
        for player in (0, 1):
            found += list(state.expedition(player, color))
    return sorted(found)


def texts(some_cards):
    return " ".join(card_text(card) for card in some_cards)


HAND1 = "Yx Y4 Y9 R7 R5 B3 W2 G10"
HAND2 = "Bx B4 B9 W3 W5 G2 G6 R10"


# Cards and notation ------------------------------------------------------

def test_a_colour_has_three_wagers_and_numbers_2_to_10():
    assert [card_text(card) for card in range(12)] == [
        "Yx", "Yx", "Yx", "Y2", "Y3", "Y4", "Y5", "Y6", "Y7", "Y8", "Y9",
        "Y10"]


def test_five_colours_make_60_cards_and_six_make_72():
    assert len(new_deck(5)) == 60
    assert len(new_deck(6)) == 72
    assert texts(new_deck(6)[60:63]) == "Px Px Px"


@pytest.mark.parametrize("text", ["Y1", "Y11", "R010", "Q5", "y5", "B", "",
                                  "Y\u00b2", "P5"])
def test_unknown_cards_are_refused_by_name(text):
    with pytest.raises(ValueError, match="unknown card"):
        parse_card(text, 5)


def test_moves_read_and_write_the_record_notation():
    for text in ("play R7 deck", "discard B3 G", "play Yx W", "play P10 P"):
        assert move_text(parse_move(text)) == text
    for text in ("play R7", "take R7 deck", "play R7 deck now", ""):
        with pytest.raises(NotationError, match="expected 'play|discard CARD SOURCE'"):
            parse_move(text)
    with pytest.raises(ValueError, match="unknown draw source 'X'"):
        parse_move("play R7 X")
    with pytest.raises(ValueError, match="unknown draw source 'P'"):
        parse_source("P", 5)


# Playing onto an expedition ----------------------------------------------

def test_expedition_numbers_ascend_and_gaps_are_fine():
    state = deal("R3 R5 R9 R4 R10 Y2 Y3 Y4", HAND2)
    play(state, "play R3 deck", "discard G2 deck", "play R5 deck",
         "discard G6 deck", "play R9 deck", "discard W3 deck")
    assert texts(state.expedition(0, 4)) == "R3 R5 R9"
    assert reason(state, "play R4 deck") == "red expedition is already at 9"
    assert reason(state, "discard R4 deck") is None  # discarding is always fine
    assert reason(state, "play R10 deck") is None


def test_wagers_only_before_the_first_number():
    state = deal(HAND1, HAND2)
    play(state, "play R5 deck", "discard G2 deck")
    assert reason(state, "play R7 deck") is None
    wager_after_number = deal("Rx R4 Y2 Y3 Y4 Y5 Y6 Y7", HAND2)
    play(wager_after_number, "play R4 deck", "discard G2 deck")
    assert reason(wager_after_number, "play Rx deck") == (
        "red expedition has numbers: wagers only go first")


def test_no_wager_after_the_lowest_number():
    state = deal("Y2 Yx Y3 Y4 Y5 Y6 Y7 Y8", HAND2)
    play(state, "play Y2 deck", "discard G2 deck")
    assert reason(state, "play Yx deck") == (
        "yellow expedition has numbers: wagers only go first")


def test_several_wagers_in_a_row_then_numbers():
    state = deal("Rx Rx Rx R2 Y2 Y3 Y4 Y5", HAND2)
    play(state, "play Rx deck", "discard G2 deck", "play Rx deck",
         "discard G6 deck", "play Rx deck", "discard W3 deck",
         "play R2 deck")
    assert texts(state.expedition(0, 4)) == "Rx Rx Rx R2"
    assert state.expedition_score(0, 4)[:3] == ((2 - 20) * 4, 2, 3)
    assert state.score(0) == (2 - 20) * 4  # the round's score counts the wagers too
    assert all_cards(state) == list(range(60))  # each "Rx" played the wager held


def test_only_cards_in_hand_can_be_played():
    state = deal(HAND1, HAND2)
    assert reason(state, "play Y5 deck") == "Y5 is not in player 1's hand"
    assert reason(state, "discard Bx deck") == "Bx is not in player 1's hand"


# Drawing -----------------------------------------------------------------

def test_the_card_just_discarded_cannot_be_taken_back_this_turn():
    state = deal(HAND1, HAND2)
    assert reason(state, "discard B3 B") == "cannot take back the card just discarded"
    assert parse_move("discard B3 B") not in state.legal_moves()


def test_a_discarded_card_may_be_taken_on_a_later_turn():
    state = deal(HAND1, HAND2)
    play(state, "discard B3 deck")
    play(state, "play B4 B")  # the opponent takes it at once
    assert card_text(state.hand_card(1, 1)) == "B3"
    play(state, "discard W2 deck", "discard G2 deck")
    play(state, "play Y4 W")  # player 1 takes back W2 on the next turn
    assert parse_card("W2") in state.hand(0)


def test_cards_and_piles_must_exist_in_the_game():
    state = deal(HAND1, HAND2)  # five colours: no purple, no seventh pile
    purple = make_move(make_card(5, 0), False, SOURCE_DECK)  # card 60
    assert state.check_move(purple) == "there is no such card in this game"
    for source in (6, 7):
        assert state.check_move(make_move(parse_card("Y4"), False, source)) == (
            "there is no such discard pile")


def test_empty_discard_piles_cannot_be_drawn_from():
    state = deal(HAND1, HAND2)
    assert reason(state, "play R5 G") == "the green discard pile is empty"
    assert all(move_source(move) == SOURCE_DECK for move in state.legal_moves())


def test_the_round_ends_on_the_last_draw_from_the_deck():
    state = deal(HAND1, HAND2, deck="R6 G3", full=False)
    play(state, "discard Y9 deck", "play G2 Y")
    assert not state.is_over()  # a discard pile draw does not use up the deck
    play(state, "play R5 deck")
    assert state.is_over() and state.deck_len == 0
    assert state.legal_moves() == []
    assert reason(state, "play R6 deck") == "the round is over"
    assert state.returns() == (5 - 20, 2 - 20)  # cards left in hands score nothing


def test_every_turn_ends_with_eight_cards_in_hand():
    state = deal(HAND1, HAND2)
    play(state, "discard B3 deck", "play B4 B", "play R5 deck")
    assert all(card != HIDDEN for card in state.hand(0) + state.hand(1))
    assert all_cards(state) == list(range(60))


# Legal moves ---------------------------------------------------------------

def wager_blind(move):
    """A move with any wager written as its colour's first wager."""
    card = move_card(move)
    if is_wager(card):
        card = make_card(card_color(card), 0)
    return make_move(card, move_discards(move), move_source(move))


def assert_legal_moves_agree_with_check_move(state):
    listed = [wager_blind(move) for move in state.legal_moves()]
    assert len(set(listed)) == len(listed), "identical wagers listed once"
    for card in range(state.full_deck_size()):
        for discard in (False, True):
            for source in range(state.colors + 1):
                move = make_move(card, discard, source)
                legal = state.check_move(move) is None
                assert legal == (wager_blind(move) in listed), move_text(move)


def test_legal_moves_are_exactly_the_moves_check_move_accepts():
    state = deal("Rx Rx R4 R9 Y2 Y3 B5 Gx", HAND2)
    assert_legal_moves_agree_with_check_move(state)
    play(state, "play R4 deck", "discard G2 deck", "discard R9 deck",
         "discard B9 R")
    assert_legal_moves_agree_with_check_move(state)
    rng = Rng(7)
    match = Match(6, 1, rng)
    state = match.start_round()
    for turn in range(60):
        if turn % 6 == 0:
            assert_legal_moves_agree_with_check_move(state)
        match.play(random_move(state, rng))


# The deal ------------------------------------------------------------------

def test_a_deal_is_one_whole_deck_and_eight_cards_a_hand():
    whole = deal(HAND1, HAND2)
    hand1, hand2, deck = whole.hand(0), whole.hand(1), whole.deck()
    assert check_deal(hand1, hand2, deck, 5) is None
    assert check_deal(hand1[:7], hand2, deck + hand1[7:], 5) == (
        0, "hand1 has 7 cards, not 8")
    assert check_deal(hand1, hand2, deck[:-1], 5) == (
        2, "the deal lacks 1 of the 60 cards: %s" % card_text(deck[-1]))
    y4 = bytes([parse_card("Y4")])
    assert check_deal(hand1, hand2, deck[:-1] + y4, 5) == (2, "Y4 is dealt twice")
    yx = bytes([parse_card("Yx")])
    assert check_deal(hand1, hand2, deck[:-1] + yx, 5) == (
        2, "more than 3 yellow wagers in the deal")
    purple = bytes([make_card(5, 0)])  # card 60: a six-colour game's
    assert check_deal(hand1[:7] + purple, hand2, deck, 5) == (
        0, "there is no such card in this game")


def test_six_colours_deal_56_cards_to_the_deck():
    match = Match(6, 3, Rng(3))
    state = match.start_round()
    assert state.full_deck_size() == 72 and state.deck_len == 56
    assert all_cards(state) == list(range(72))
    assert parse_card("P10", 6) == make_card(5, 10)


# The match -------------------------------------------------------------------

def discard_round(match):
    """Finish the round with each player discarding a card and drawing the deck."""
    state = match.state
    while not state.is_over():
        match.play(make_move(state.hand_card(state.to_move, 0), True,
                             SOURCE_DECK))


def test_a_one_round_match_ends_after_its_round():
    match = Match(5, 1, Rng(1))
    match.start_round()
    discard_round(match)
    assert match.is_over() and match.scores == [(0, 0)]
    with pytest.raises(IllegalMove, match="the match is over"):
        match.start_round()
    with pytest.raises(IllegalMove, match="the match is over"):
        match.play(0)


def test_a_round_begins_only_after_the_last_one_ends():
    match = Match(5, 3, Rng(1))
    match.start_round()
    with pytest.raises(IllegalMove, match="round 1 is not finished"):
        match.start_round()


def test_a_match_without_an_rng_needs_each_deal_and_round_1s_starter():
    whole = deal(HAND1, HAND2)
    parts = (whole.hand(0), whole.hand(1), whole.deck())
    for given in ((), parts):
        with pytest.raises(ValueError, match="a shuffled round needs the match's rng"):
            Match(5, 3).start_round(*given)
    assert Match(5, 3).start_round(*parts, start=1).to_move == 1
    with pytest.raises(IllegalMove, match="more than 3 yellow wagers in the deal"):
        Match(5, 3).start_round(parts[0], parts[0], parts[2], start=0)


def test_a_three_round_match_goes_on_until_three_rounds_are_scored():
    match = Match(5, 3, Rng(1))
    for number in (1, 2, 3):
        assert match.winner() is None
        with pytest.raises(IllegalMove, match="has not begun|no round"):
            match.play(0)
        match.start_round()
        assert match.round_number() == number
        discard_round(match)
    assert match.is_over() and len(match.scores) == 3


def test_the_lower_scorer_of_a_round_starts_the_next():
    match = Match(5, 3, Rng(2))
    state = match.start_round(start=1)  # player 2 starts
    match.play(make_move(state.hand_card(1, 0), False, SOURCE_DECK))
    discard_round(match)
    assert match.scores[0][1] < 0 == match.scores[0][0]
    with pytest.raises(IllegalMove, match=(
            "player 2 must start round 2: player 2 scored fewer points "
            "in round 1")):
        match.start_round(start=0)
    assert match.start_round().to_move == 1


def test_after_a_tied_round_the_other_player_starts():
    assert next_starter((10, 20), 1) == 0
    assert next_starter((20, 10), 0) == 1
    assert next_starter((5, 5), 0) == 1
    assert next_starter((5, 5), 1) == 0
    match = Match(5, 3, Rng(4))
    match.start_round(start=0)
    discard_round(match)  # 0 : 0
    with pytest.raises(IllegalMove, match=(
            "player 2 must start round 2: round 1 was a tie and player 1 "
            "started it")):
        match.start_round(start=0)


def test_a_match_of_equal_totals_is_a_draw():
    match = Match(5, 3, Rng(5))
    starters = []
    for _ in range(3):
        starters.append(match.start_round().to_move)
        discard_round(match)
    assert match.scores == [(0, 0)] * 3
    assert starters in ([0, 1, 0], [1, 0, 1])  # ties alternate the start
    assert match.totals() == (0, 0)
    assert match.is_over() and match.winner() is None  # a draw


def test_the_higher_total_wins():
    match = Match(5, 1, Rng(6))
    state = match.start_round(start=0)
    match.play(make_move(state.hand_card(0, 0), False, SOURCE_DECK))
    discard_round(match)
    assert match.winner() == 1  # the engine counts players 0 and 1


def test_a_match_remembers_who_started_each_round():
    match = Match(5, 3, Rng(2))
    match.start_round(start=1)
    discard_round(match)
    match.start_round(start=0)  # a tie: the other player starts
    assert (match.starter(0), match.starter(1), match.starter()) == (1, 0, 0)


def test_copy_into_makes_the_same_state_without_allocating():
    state = deal(HAND1, HAND2)
    play(state, "discard B3 deck", "play B4 B", "play R5 deck")
    into = Match(6, 1, Rng(1)).start_round()
    into.to_move = 1 - state.to_move
    state.copy_into(into)
    assert (bytes(into.buf), into.colors, into.to_move, into.turns, into.deck_len) == (
        bytes(state.buf), state.colors, state.to_move, state.turns, state.deck_len)


def test_round_state_rebuilds_a_finished_round():
    match = Match(5, 3, Rng(8))
    state = match.start_round()
    for _ in range(30):
        match.play(random_move(state, match.rng))
    rebuilt = match.round_state(0)
    assert rebuilt.buf == state.buf and rebuilt.turns == 30



def test_each_round_keeps_its_moves_and_the_next_round_writes_in_the_same_room():
    """One array of moves, made with room for the longest round, serves every
    round of a match: late in a match the board's heap may have no piece of its
    size left. The finished round keeps its moves in an array of their size."""
    match = Match(5, 3, Rng(9))
    match.start_round()
    room = match.moves[0]
    played = []
    for number in (1, 2, 3):
        discard_round(match)
        played.append(list(match.moves[-1]))
        if number < 3:
            match.start_round()
            assert match.moves[-1] is room and len(room) == 0
    assert [list(moves) for moves in match.moves] == played
    assert match.moves[0] is not room and match.moves[1] is not room

# Hidden information ----------------------------------------------------------

def test_a_view_hides_the_opponents_hand_except_cards_taken_from_piles():
    state = deal(HAND1, HAND2)
    play(state, "discard B3 deck", "play B4 B")  # player 2 takes B3 openly
    view = state.view(0)
    assert sorted(view.hand(0)) == sorted(state.hand(0))
    assert sorted(view.hand(1)) == [parse_card("B3")] + [HIDDEN] * 7
    assert view.deck() == bytes([HIDDEN]) * state.deck_len
    for color in range(5):
        assert view.pile(color) == state.pile(color)
        assert view.expedition(1, color) == state.expedition(1, color)
    play(state, "discard W2 deck", "discard B3 deck")  # B3 leaves the hand
    assert sorted(state.view(0).hand(1)) == [HIDDEN] * 8
    assert HIDDEN not in state.view(0).hand(0)


def test_views_do_not_depend_on_hidden_cards():
    state = deal(HAND1, HAND2, deck="Y2 Y3")
    other = deal(HAND1, HAND2.replace("R10", "Y2"), deck="R10 Y3")
    assert state.view(0).buf == other.view(0).buf
    assert state.view(1).buf != other.view(1).buf  # player 2's own hand differs


def test_views_do_not_remember_the_cards_drawn_from_the_deck():
    """A deck card drawn leaves no trace where it lay: the drawer's card stays hidden."""
    state = deal(HAND1, HAND2, deck="Y3 Y2")
    other = deal(HAND1, HAND2.replace("R10", "Y2"), deck="Y3 R10")
    for each in (state, other):
        play(each, "discard Y9 deck", "discard G2 deck")  # player 2 draws Y2 or R10
    assert sorted(state.hand(1)) == sorted(other.hand(1))
    assert state.view(0).buf == other.view(0).buf


def test_views_do_not_tell_the_order_of_the_cards_in_a_hand():
    """Which slot a card sits in (where a drawn card went) leaks nothing."""
    state = deal(HAND1, HAND2)
    reordered = deal(" ".join(reversed(HAND1.split())), " ".join(reversed(HAND2.split())))
    for each in (state, reordered):
        play(each, "discard B3 deck", "play B4 B")  # player 2 takes B3 openly
    assert state.hand(1) != reordered.hand(1)
    for player in (0, 1):
        assert state.view(player).buf == reordered.view(player).buf


def test_a_view_lists_only_the_moves_of_cards_it_shows():
    state = deal(HAND1, HAND2)
    play(state, "discard B3 deck", "play B4 B", "discard Y9 deck")  # player 2 holds B3 openly
    moves = state.view(0).legal_moves()  # player 2 to move: one card known
    assert moves and {card_text(move_card(move)) for move in moves} == {"B3"}


def test_determinize_fills_a_view_with_the_unseen_cards():
    state = deal(HAND1, HAND2)
    play(state, "discard B3 deck", "play B4 B", "play R5 deck")
    view = state.view(0)  # player 2 holds B3 openly, 7 cards unseen
    assert len(view.unseen(0)) == 7 + view.deck_len
    view.determinize(0, Rng(9))
    assert all_cards(view) == list(range(60))
    assert sorted(view.hand(0)) == sorted(state.hand(0))
    assert parse_card("B3") in view.hand(1)
    assert view.expedition(0, 4) == state.expedition(0, 4)
    again = state.view(0)
    again.determinize(0, Rng(9))
    assert again.buf == view.buf  # the same rng gives the same guess
    other = state.view(0)
    other.determinize(0, Rng(10))
    assert other.buf != view.buf  # another rng, another guess


def test_determinize_with_odds_deals_the_likely_cards_to_the_hand_more_often():
    state = deal(HAND1, HAND2)
    play(state, "discard B3 deck", "play B4 B", "play R5 deck")
    view = state.view(0)
    likely, unlikely = view.unseen(0)[:2]
    odds = bytearray([8] * 60)
    odds[likely], odds[unlikely] = 15, 1
    held = {likely: 0, unlikely: 0}
    for seed in range(300):
        guess = view.copy()
        guess.determinize(0, Rng(seed), odds=odds)
        assert all_cards(guess) == list(range(60))
        assert parse_card("B3") in guess.hand(1)  # the known card stays
        for card in held:
            held[card] += card in guess.hand(1)
    # uniform, each would be held in about 300 * 7 / 40 = 52 deals
    assert held[likely] > 80 and held[unlikely] < 20
