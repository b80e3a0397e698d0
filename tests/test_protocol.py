"""The bot protocol end to end: our bot against our referee, and bots that misbehave."""

import shlex
import subprocess
import sys

import pytest

from host_sim.tools import protocol
from host_sim.records import notation
from host_sim.tools.bot import Bot, ProtocolError
from lostcities import ai, rules
from lostcities.rng import Rng

from conftest import ROOT
PYTHON = sys.executable


@pytest.fixture(autouse=True)
def at_root(monkeypatch):
    monkeypatch.chdir(ROOT)  # so that "python -m host_sim" finds the package


def script_bot(source, timeout=5.0):
    """A bot made of a few lines of Python reading the protocol on stdin."""
    return protocol.BotPlayer("%s -c %s" % (PYTHON, shlex.quote(source)), timeout)


def new_match(seed, colors=5):
    match = rules.Match(colors, 1, Rng(seed))
    match.start_round()
    return match


def texts(moves):
    """Record notation: identical wagers read the same whichever copy was played."""
    return [notation.move_text(move) for move in moves]


def local(level):
    return protocol.make_player(level)


@pytest.mark.parametrize("colors", (5, 6))
def test_our_bot_plays_exactly_as_the_level_in_process(colors):
    # the bot, rebuilding the round from the protocol alone, must see the same
    # view and so make the same moves as the level in process with the same Rng
    # (normal's noise draws from it: the bot's runs on from round to round)
    bot = protocol.make_player("cmd:%s -m host_sim bot --level normal --seed 3" % PYTHON)
    mirror = local("normal")
    mirror.rng = Rng(3)
    try:
        for seed in range(2):
            for seat in (0, 1):
                over_protocol = new_match(seed, colors)
                players = [local("normal"), local("normal")]
                players[seat] = bot
                scores = protocol.play_round(over_protocol, players)
                in_process = new_match(seed, colors)
                players = [local("normal"), local("normal")]
                players[seat] = mirror
                assert protocol.play_round(in_process, players) == scores
                assert texts(over_protocol.moves[0]) == texts(in_process.moves[0])
    finally:
        bot.close()


def test_times_are_recorded_per_player():
    match = new_match(1)
    times = ([], [])
    protocol.play_round(match, [local("easy"), local("heuristic")], times)
    assert len(times[0]) + len(times[1]) == match.state.turns
    assert all(ms >= 0 for ms in times[0] + times[1])


ANSWER = """
import sys
for line in sys.stdin:
    if line.startswith("go"):
        print(%r, flush=True)
"""


def forfeit_of(bot, match, players):
    """Play a round that ``bot`` (one of ``players``) must forfeit; the Forfeit."""
    try:
        with pytest.raises(protocol.Forfeit) as caught:
            protocol.play_round(match, players)
    finally:
        bot.close()
    return caught.value


def test_an_unreadable_answer_forfeits():
    bot = script_bot(ANSWER % "hello")
    forfeit = forfeit_of(bot, new_match(2), [bot, local("random")])
    assert forfeit.player == 0
    assert "unreadable answer" in forfeit.reason


def test_an_illegal_answer_forfeits_with_the_rule_broken():
    # discarding a yellow card and drawing it back is never legal
    bot = script_bot(ANSWER % "discard Y2 Y")
    forfeit = forfeit_of(bot, new_match(3), [local("random"), bot])
    assert forfeit.player == 1
    assert forfeit.reason.startswith("illegal move 'discard Y2 Y': ")


def pile_drawer(view, rng):
    """A player that draws from a discard pile whenever it can: it would never end the round."""
    moves = view.legal_moves()
    stalling = [move for move in moves if rules.move_source(move) != rules.SOURCE_DECK]
    return (stalling or moves)[0]


def test_a_pile_draw_from_the_turn_limit_on_forfeits_as_stalling():
    match = new_match(6)
    players = [protocol.LocalPlayer("staller", pile_drawer) for _ in (0, 1)]
    with pytest.raises(protocol.Forfeit) as caught:
        protocol.play_round(match, players)
    limit = rules.turn_limit(5)
    assert match.state.turns == limit
    assert caught.value.reason.endswith("stalling: from turn %d on draw from the deck" % (limit + 1))


def test_a_silent_bot_times_out():
    bot = script_bot("import sys\nfor line in sys.stdin: pass\n", timeout=0.3)
    forfeit = forfeit_of(bot, new_match(4), [bot, local("random")])
    assert forfeit.reason == "no answer within 0.3 s"


def test_a_bot_that_exits_forfeits():
    bot = script_bot("pass")
    forfeit = forfeit_of(bot, new_match(5), [bot, local("random")])
    assert forfeit.player == 0


def test_a_command_that_cannot_start_is_reported():
    with pytest.raises(protocol.BotError):
        protocol.make_player("cmd:/nonexistent/bot")


def test_bot_answers_go_with_a_legal_move():
    bot = Bot("hard", 1)
    bot.handle("match colors 5 rounds 1 seat 2")
    bot.handle("round hand Y2 Yx Yx B4 B9 W3 G10 R5 start 1")
    bot.handle("opp play R7 deck")
    answer = bot.handle("go")
    move = notation.parse_move(answer)
    assert answer == notation.move_text(move)
    bot.handle("drew G6")
    state = bot.round.state()
    assert sorted(rules.card_text(card) for card in state.hand(1)) == sorted(
        rules.card_text(card) for card in state.view(1).hand(1))
    assert "G6" in [rules.card_text(card) for card in state.hand(1)]


@pytest.mark.parametrize("line", ["hello", "opp play R7 deck", "go", "match colors 7 rounds 1 seat 1"])
def test_bot_refuses_lines_out_of_place(line):
    with pytest.raises(ProtocolError):
        Bot("easy", 0).handle(line)


def test_bot_refuses_an_impossible_opponent_move():
    bot = Bot("easy", 0)
    bot.handle("match colors 5 rounds 1 seat 2")
    bot.handle("round hand Y2 Yx Yx B4 B9 W3 G10 R5 start 1")
    bot.handle("opp play Y2 deck")  # we hold Y2
    with pytest.raises(ProtocolError):
        bot.handle("go")


def test_bot_command_line_reports_a_bad_line_and_quits_cleanly():
    command = [PYTHON, "-m", "host_sim", "bot", "--level", "easy"]
    bad = subprocess.run(command, input="match colors 5 rounds 1 seat 3\n",
                         capture_output=True, text=True, timeout=20)
    assert bad.returncode == 2
    assert bad.stderr.startswith("bot: line 1: ")
    assert "Traceback" not in bad.stderr
    good = subprocess.run(command, input="match colors 5 rounds 1 seat 1\nquit\n",
                          capture_output=True, text=True, timeout=20)
    assert good.returncode == 0 and good.stdout == ""


@pytest.mark.parametrize("line, said", [
    ("hello\n", "bot: line 1: unexpected line 'hello' (docs/formats.md lists the protocol's"
                " lines)\n"),
    ("match colors 7 rounds 1 seat 1\n", "bot: line 1: expected one of 5 or 6, got '7'\n")])
def test_bot_says_a_bad_line_as_it_was_sent(line, said):
    bad = subprocess.run([PYTHON, "-m", "host_sim", "bot"], input=line, capture_output=True,
                         text=True, timeout=20)
    assert bad.returncode == 2 and bad.stderr == said


def test_levels_are_the_ai_levels():
    assert protocol.player_names()[:len(ai.LEVELS)] == ai.LEVELS
    with pytest.raises(ValueError):
        protocol.make_player("grandmaster")


def test_a_three_round_match_over_the_protocol():
    # one 'match' line, then a 'round' line per round; the starting player follows the rules
    sent = []

    class Recorded(protocol.BotPlayer):
        def _send(self, line):
            sent.append(line)
            super()._send(line)

    bot = Recorded("%s -m host_sim bot --level easy --seed 4" % PYTHON)
    match = rules.Match(5, 3, Rng(6))
    try:
        while not match.is_over():
            match.start_round()
            protocol.play_round(match, [bot, local("heuristic")])
    finally:
        bot.close()
    assert len(match.scores) == 3
    assert [line for line in sent if line.startswith("match")] == [
        "match colors 5 rounds 3 seat 1"]
    assert len([line for line in sent if line.startswith("round")]) == 3
    assert len([line for line in sent if line.startswith("end")]) == 3
