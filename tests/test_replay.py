"""``python -m host_sim replay``: accounts of good records, one stderr line for bad ones."""

import json
import subprocess
import sys

import pytest

from host_sim.tools import replay
from host_sim.dev.samples.make_sample import PATH as SAMPLE, sample_record
from host_sim.testing.workloads import play_random
from host_sim.records import record
from host_sim.records.record import parse_record, write_record
from lostcities.rng import Rng
from lostcities.rules import Match
from test_record import DEAL
from test_rules import discard_round

from conftest import ROOT

# Line numbers matter below: the first move is on line 11.
START = """\
# A hand-made record: player 1 starts.
lostcities 1
colors 5
rounds 1

""" + DEAL


def engine_record(rounds, seed):
    """A whole match of random moves, as the engine writes it."""
    rng = Rng(seed)
    return write_record(play_random(Match(5, rounds, rng), (rng, rng)))


def line_count(text):
    return text.count("\n")


def run(tmp_path, capsys, text, *options):
    path = tmp_path / "match.txt"
    path.write_text(text) if isinstance(text, str) else path.write_bytes(text)
    status = replay.main([str(path)] + list(options))
    out, err = capsys.readouterr()
    return status, out, err, str(path)


def assert_refused(tmp_path, capsys, text, line, reason):
    status, out, err, path = run(tmp_path, capsys, text)
    assert (status, out) == (2, "")
    assert err == "%s: line %d: %s\n" % (path, line, reason)


# Each way a record can break a rule -----------------------------------------

@pytest.mark.parametrize("moves, line, reason", [
    ("play Y5 deck", 11, "Y5 is not in player 1's hand"),
    ("play R7 deck\ndiscard G2 deck\nplay R5 deck", 13,
     "red expedition is already at 7"),
    ("play Y4 deck\ndiscard G2 deck\nplay Yx deck", 13,
     "yellow expedition has numbers: wagers only go first"),
    ("discard B3 B", 11, "cannot take back the card just discarded"),
    ("play R5 G", 11, "the green discard pile is empty"),
    ("play Z5 deck", 11, "unknown card 'Z5'"),
    ("play P5 deck", 11, "unknown card 'P5'"),
    ("play R5 sea", 11, "unknown draw source 'sea' (deck or a colour letter)"),
    ("play R5", 11, "expected 'play|discard CARD SOURCE', got 'play R5'"),
], ids=["not in hand", "lower number", "wager after number", "take back",
        "empty pile", "unknown card", "colour not in game", "unknown source",
        "short move"])
def test_an_illegal_move_is_refused_at_its_line(tmp_path, capsys, moves, line,
                                                 reason):
    assert_refused(tmp_path, capsys, START + moves + "\n", line, reason)


def test_a_move_after_the_match_ended_is_refused(tmp_path, capsys):
    text = engine_record(1, 3)
    assert_refused(tmp_path, capsys, text + "play R5 deck\n",
                   line_count(text) + 1, "the match is over")
    assert_refused(tmp_path, capsys, text + "round\n",
                   line_count(text) + 1, "the match is over")


# Each way a deal can be wrong ----------------------------------------------

def change_line(text, start, new):
    """``text`` with the line starting with ``start`` replaced by ``new``."""
    lines = text.split("\n")
    at = [i for i, line in enumerate(lines)
          if line == start or line.startswith(start + " ")][0]
    lines[at] = new(lines[at])
    return "\n".join(lines)


@pytest.mark.parametrize("part, change, line, reason", [
    ("deck", lambda line: line[:-2] + "R5", 9, "R5 is dealt twice"),
    ("deck", lambda line: line[:-3], 9, "the deal lacks 1 of the 60 cards: R9"),
    ("deck", lambda line: line + " Yx", 9, "more than 3 yellow wagers in the deal"),
    ("deck", lambda line: line + " Y2", 9, "Y2 is dealt twice"),
    ("hand1", lambda line: line[:-4], 7, "hand1 has 7 cards, not 8"),
    ("hand2", lambda line: line + " R9", 8, "hand2 has 9 cards, not 8"),
    ("hand1", lambda line: line.replace("Y9", "Y11"), 7, "unknown card 'Y11'"),
    ("start", lambda line: "start 3", 10, "expected 'start 1' or 'start 2'"),
], ids=["twice", "missing", "fourth wager", "one too many", "short hand",
        "long hand", "unknown card", "no such player"])
def test_a_deal_that_is_not_one_deck_with_eight_cards_a_hand_is_refused(
        tmp_path, capsys, part, change, line, reason):
    assert_refused(tmp_path, capsys, change_line(START, part, change),
                   line, reason)


def test_a_wrong_starting_player_is_refused(tmp_path, capsys):
    text = engine_record(3, 4)
    lines = text.split("\n")
    second = [i for i, line in enumerate(lines) if line.startswith("start")][1]
    right = int(lines[second][-1])
    lines[second] = "start %d" % (3 - right)
    status, out, err, path = run(tmp_path, capsys, "\n".join(lines))
    assert status == 2
    assert err.startswith("%s: line %d: player %d must start round 2: " % (
        path, second + 1, right))
    assert err.count("\n") == 1


# The format ------------------------------------------------------------------

@pytest.mark.parametrize("old, new, line, reason", [
    ("lostcities 1", "lostcities 2", 2,
     "unsupported record version 'lostcities 2' (this reads 'lostcities 1')"),
    ("lostcities 1", "lost cities", 2,
     "not a Lost Cities record: expected 'lostcities 1' first, got 'lost cities'"),
    ("colors 5", "colors 7", 3,
     "bad header: expected 'colors 5' or 'colors 6', got 'colors 7'"),
    ("rounds 1", "rounds 2", 4,
     "bad header: expected 'rounds 1' or 'rounds 3', got 'rounds 2'"),
    ("hand1", "hand2", 7, "'hand2' out of place: expected 'hand1' in round 1's deal"),
    ("round", "play R5 deck", 6, "no round has begun"),
    ("round", "shuffle", 6, "unknown line 'shuffle': expected 'round'"),
])
def test_a_bad_header_or_a_line_out_of_place_is_refused(tmp_path, capsys, old,
                                                        new, line, reason):
    text = change_line(START, old, lambda found: new)
    assert_refused(tmp_path, capsys, text, line, reason)


@pytest.mark.parametrize("tail, line, reason", [
    ("round\n", 11, "round 1 is not finished"),
    ("deck R6\n", 11, "'deck' out of place: expected a move ('play' or 'discard')"),
    ("pass\n", 11, "unknown line 'pass': expected a move ('play' or 'discard')"),
])
def test_a_line_out_of_place_mid_round_is_refused(tmp_path, capsys, tail, line,
                                                  reason):
    assert_refused(tmp_path, capsys, START + tail, line, reason)


def test_a_move_between_rounds_is_refused(tmp_path, capsys):
    text = engine_record(3, 5)
    lines = text.split("\n")
    second = [i for i, line in enumerate(lines) if line == "round"][1]
    first_round = "\n".join(lines[:second]) + "\n"
    assert_refused(tmp_path, capsys, first_round + "play R5 deck\n",
                   line_count(first_round) + 1,
                   "round 1 is over; the next one has not begun")


def test_a_record_ending_inside_a_deal_is_refused(tmp_path, capsys):
    assert_refused(tmp_path, capsys, START.split("hand2")[0], 7,
                   "the record ends inside round 1's deal: no 'hand2' line")


def test_an_empty_file_is_refused(tmp_path, capsys):
    assert_refused(tmp_path, capsys, "", 1,
                   "the record ends inside its header: expected 'lostcities 1'")


# Files that cannot be read -----------------------------------------------------

def test_a_missing_file_is_refused_in_one_line(tmp_path, capsys):
    path = str(tmp_path / "nowhere.txt")
    assert replay.main([path]) == 2
    assert capsys.readouterr() == ("", "%s: No such file or directory\n" % path)


def test_a_directory_is_refused_in_one_line(tmp_path, capsys):
    assert replay.main([str(tmp_path)]) == 2
    assert capsys.readouterr().err == "%s: Is a directory\n" % tmp_path


def test_a_binary_file_is_refused_in_one_line(tmp_path, capsys):
    status, out, err, path = run(tmp_path, capsys, b"\xff\xfe\x00lostcities")
    assert (status, err) == (2, "%s: not a text record (not UTF-8)\n" % path)


# Good records --------------------------------------------------------------------

def test_json_of_a_complete_match(tmp_path, capsys):
    status, out, err, path = run(tmp_path, capsys, engine_record(3, 6), "--json")
    result = json.loads(out)
    assert (status, err, out.count("\n")) == (0, "", 1)
    assert list(result) == ["rounds", "totals", "winner", "complete"]
    assert len(result["rounds"]) == 3 and result["complete"] is True
    assert result["totals"] == [sum(r[0] for r in result["rounds"]),
                                sum(r[1] for r in result["rounds"])]
    one, two = result["totals"]
    assert result["winner"] == (1 if one > two else 2 if two > one else 0)


def test_json_of_an_unfinished_match(tmp_path, capsys):
    status, out, err, path = run(tmp_path, capsys, START + "play R5 deck\n",
                                 "--json")
    assert (status, out) == (0, '{"rounds": [], "totals": [0, 0], '
                             '"winner": null, "complete": false}\n')


def test_a_drawn_match_has_winner_zero(tmp_path, capsys):
    match = Match(5, 1, Rng(1))
    match.start_round()
    discard_round(match)
    status, out, err, path = run(tmp_path, capsys, write_record(match), "--json")
    assert json.loads(out)["winner"] == 0
    status, out, err, path = run(tmp_path, capsys, write_record(match))
    assert out.rstrip().endswith("Result: a draw")


def test_the_account_breaks_down_every_expedition(tmp_path, capsys):
    match = parse_record(START + "play Yx deck\ndiscard G2 deck\nplay Y4 deck\n"
                         "discard G6 deck\nplay Y9 deck\n")
    discard_round(match)  # everything else is discarded: 44 turns in all
    status, out, err, path = run(tmp_path, capsys, write_record(match))
    lines = [line.split() for line in out.split("\n")]
    assert ["Round", "1:", "player", "1", "started,", "44", "turns"] in lines
    assert ["player", "1:", "-14"] in lines and ["player", "2:", "0"] in lines
    assert ["yellow", "Yx", "Y4", "Y9", "sum", "13", "wagers", "1", "bonus",
            "0", "score", "-14"] in lines
    assert lines.count(["blue", "-"]) == 2
    assert "Totals after 1 of 1 rounds: player 1 -14, player 2 0" in out
    assert out.rstrip().endswith("Result: player 2 wins")


def test_an_unfinished_match_says_so(tmp_path, capsys):
    text = START + "play Yx deck\ndiscard G2 deck\nplay Y4 deck\n"
    status, out, err, path = run(tmp_path, capsys, text)
    assert "Round 1: unfinished after 3 turns" in out
    assert out.rstrip().endswith("Result: unfinished")
    status, out, err, path = run(tmp_path, capsys, START + "play Yx deck\n")
    assert "Round 1: unfinished after 1 turn (player 1 started; 43 cards left" in out


def test_the_sample_is_the_engines_and_replays(capsys):
    with open(SAMPLE) as stream:
        assert stream.read() == sample_record(), (
            "regenerate: python -m host_sim sample")
    assert replay.main([SAMPLE]) == 0
    out = capsys.readouterr().out
    assert "Round 3:" in out and "Result: player" in out


def test_a_real_run_prints_one_line_and_no_traceback(tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_text(START + "play R7 deck\ndiscard G2 deck\nplay R5 deck\n")
    command = [sys.executable, "-m", "host_sim", "replay", str(bad)]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "%s: line 13: red expedition is already at 7\n" % bad
    done = subprocess.run(command[:-1] + [SAMPLE, "--json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and json.loads(done.stdout)["complete"] is True


# Junk, however large ------------------------------------------------------------

def test_a_line_longer_than_any_record_line_is_refused_without_reading_on(tmp_path, capsys):
    # 3 MB of junk on one line: refused at that line, not echoed back
    status, out, err, path = run(tmp_path, capsys, "x" * 3_000_000)
    assert (status, err) == (2, "%s: line 1: too long (a record line has at most %d "
                                "characters)\n" % (path, record.MAX_LINE))
    long_hand = "lostcities 1\ncolors 5\nrounds 1\nround\nhand1 " + "Y2 " * 1_000_000
    assert_refused(tmp_path, capsys, long_hand, 5,
                   "too long (a record line has at most %d characters)" % record.MAX_LINE)


@pytest.mark.parametrize("text, line", [
    ("Lost Cities, my notes " + "a" * 500, 1),
    ("lostcities 1\ncolors 5\nrounds 1\nround\nhand1 Y2 " + "Z" * 900, 5),
    (START + "play R" + "7" * 900 + " deck\n", 11),
    (START + "grandmaster" * 80 + "\n", 11),
])
def test_a_message_quotes_a_few_dozen_characters_of_the_line(tmp_path, capsys, text, line):
    status, _, err, path = run(tmp_path, capsys, text)
    assert status == 2 and err.startswith("%s: line %d: " % (path, line))
    assert len(err) < len(path) + 150 and "...'" in err


def test_a_record_starting_with_a_byte_order_mark_is_read(tmp_path, capsys):
    with open(SAMPLE, "rb") as stream:
        status, out, err, _ = run(tmp_path, capsys, b"\xef\xbb\xbf" + stream.read())
    assert (status, err) == (0, "") and "Result: player" in out


def run_into_a_closed_pipe(argv, text_in=""):
    """``python -m host_sim ARGV | head -0``: the reader gone before the first write.
    (status, stderr)."""
    import os
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = subprocess.run([sys.executable, "-m", "host_sim"] + argv, cwd=ROOT,
                              input=text_in, stdout=writer, stderr=subprocess.PIPE, text=True,
                              timeout=120)
    finally:
        os.close(writer)
    return done.returncode, done.stderr


@pytest.mark.parametrize("argv, text_in", [
    (["replay", SAMPLE, "--review"], ""), (["replay", SAMPLE, "--json"], ""),
    (["--tty", "--seed", "3"], "new\nquit\n")])
def test_a_tool_piped_into_head_stops_quietly(argv, text_in):
    status, err = run_into_a_closed_pipe(argv, text_in)
    assert err == "" and status == 141  # as a Unix tool its reader left: no traceback
