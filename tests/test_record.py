"""The record format: what write_record writes and parse_record reads."""

import pytest

from host_sim.records.record import RecordError, parse_record, write_record
from lostcities.rng import Rng
from lostcities.rules import Match, card_text, is_wager
from test_rules import discard_round

DEAL = """\
round
hand1 Yx Y4 Y9 R7 R5 B3 W2 G10
hand2 Bx B4 B9 W3 W5 G2 G6 R10
deck R6 G3 Y2 W4 Yx Yx Y3 Y5 Y6 Y7 Y8 Y10 Bx Bx B2 B5 B6 B7 B8 B10 Wx Wx Wx \
W6 W7 W8 W9 W10 Gx Gx Gx G4 G5 G7 G8 G9 Rx Rx Rx R2 R3 R4 R8 R9
start 1
"""
HEADER = "lostcities 1\ncolors 5\nrounds 3\n"


def test_a_new_match_writes_just_the_header():
    assert write_record(Match(5, 3)) == HEADER
    match = parse_record(HEADER)
    assert (match.colors, match.rounds, match.deals) == (5, 3, [])


def test_the_deal_and_moves_are_written_in_record_notation():
    moves = "play R5 deck\ndiscard G2 deck\ndiscard Y9 G\n"
    match = parse_record(HEADER + DEAL + moves)
    assert write_record(match) == HEADER + "\n" + DEAL + moves


def test_wagers_in_a_deal_are_the_colours_wagers_in_order_of_appearance():
    state = parse_record(HEADER + DEAL).state
    yellow = [card for card in state.hand(0) + state.deck() if
              is_wager(card) and card < 12]
    assert yellow == [0, 1, 2]  # hand1's Yx, then the deck's two


def test_a_wager_move_plays_whichever_wager_of_that_colour_is_held():
    match = parse_record(HEADER + DEAL + "play Yx deck\n")
    assert [card_text(card) for card in match.state.expedition(0, 0)] == ["Yx"]


def test_comments_blank_lines_and_windows_line_ends_are_allowed():
    text = "# a record\r\n\r\n" + (HEADER + DEAL).replace(
        "start 1\n", "start 1   # player 1 begins\n") + "\n  play R5 deck  \n"
    match = parse_record(text.replace("\n", "\r\n"))
    assert match.state.turns == 1


def test_a_record_may_stop_mid_match_and_only_finished_rounds_count():
    match = Match(5, 3, Rng(11))
    match.start_round()
    discard_round(match)
    state = match.start_round()
    for _ in range(5):
        match.play(state.legal_moves()[0])
    again = parse_record(write_record(match))
    assert again.scores == [(0, 0)] and again.state.turns == 5
    assert again.winner() is None and not again.is_over()


def test_a_finished_round_is_followed_by_its_scores_as_a_comment():
    match = Match(5, 1, Rng(12))
    match.start_round()
    discard_round(match)
    assert write_record(match).endswith("# round 1 scores: 0 0\n")


def test_record_errors_name_the_line_and_the_reason():
    with pytest.raises(RecordError) as caught:
        parse_record(HEADER + DEAL + "play R5 deck\nplay R5 deck\n")
    error = caught.value
    assert (error.line, error.reason) == (10, "R5 is not in player 2's hand")
    assert str(error) == "line 10: R5 is not in player 2's hand"
    assert isinstance(error, ValueError)


@pytest.mark.parametrize("text, line, reason", [
    ("", 1, "the record ends inside its header: expected 'lostcities 1'"),
    ("lostcities 1\ncolors 5\n", 2, "the record ends inside its header: "
     "expected 'rounds 1' or 'rounds 3'"),
    (HEADER + "round\nhand1 Y2\n", 5,
     "the record ends inside round 1's deal: no 'hand2' line"),
    (HEADER + "round extra\n", 4, "'round' stands alone on its line"),
])
def test_a_record_cut_inside_the_header_or_a_deal_is_refused(text, line, reason):
    with pytest.raises(RecordError) as caught:
        parse_record(text)
    assert (caught.value.line, caught.value.reason) == (line, reason)
