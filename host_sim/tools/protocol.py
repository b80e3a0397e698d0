"""The bot protocol's referee side: play a round between two players.

A player is either in this process (an AI level or a reference bot) or an
external program that speaks the bot protocol over stdin and stdout::

    match colors 5 rounds 1 seat 2       a match starts; you are player 2
    round hand Y2 Yx B4 B9 W3 G10 Rx R5 start 1
    opp play R7 deck                     the opponent's turn
    go                                   your turn: answer one move line
    drew G6                              the card you drew from the deck
    end 35 -12                           the round is over: your score, theirs
    quit

The referee never hangs: a bot that stays silent past the timeout, answers
something unreadable or makes an illegal move forfeits, with the reason. So
does a bot that draws from a discard pile from the turn limit on
(``rules.turn_limit``: from turn 121, or 145 with six colours, every draw is
from the deck), so that every round ends.
"""

import os
import queue
import shlex
import signal
import subprocess
import threading
import time

from host_sim.players import bots, frozen_normal, reference
from host_sim.records import notation
from lostcities import ai, rules
from lostcities.rng import Rng

DEFAULT_TIMEOUT = 10.0  # seconds a bot may think about one move
MAX_TIMEOUT = 3600.0  # more is a slip of the keyboard (and past what a queue's wait takes)
ANSWER_QUOTED = 60  # characters of an unreadable answer that a forfeit quotes
REFERENCE = {"random": bots.random_move, "heuristic": bots.heuristic_move,
             "counter": reference.counter_move, "tempo": reference.tempo_move,
             "frozen-normal": frozen_normal.frozen_normal_move}
POOL = ("heuristic", "counter", "tempo", "frozen-normal")  # the sound reference players


class Forfeit(Exception):
    """``player`` (0 or 1) loses the match: they broke the protocol or the rules."""

    def __init__(self, player, reason):
        super().__init__(reason)
        self.player = player
        self.reason = reason


class BotError(Exception):
    """An external bot failed to answer properly (the reason in words)."""


def player_names():
    return ai.LEVELS + tuple(REFERENCE)


def make_player(spec, timeout=DEFAULT_TIMEOUT):
    """A player from a name: an AI level, ``random``, ``heuristic`` or ``cmd:COMMAND``."""
    if spec.startswith("cmd:"):
        return BotPlayer(spec[4:], timeout)
    if spec in ai.LEVELS:
        return LocalPlayer(spec, lambda view, rng: ai.choose_move(view, spec, rng))
    if spec in REFERENCE:
        return LocalPlayer(spec, REFERENCE[spec])
    raise ValueError("unknown player %r (one of %s, or cmd:COMMAND)" % (
        spec, ", ".join(player_names())))


class LocalPlayer:
    """An AI level or reference bot deciding in this process from the view."""

    def __init__(self, name, choose):
        self.name = name
        self._choose = choose
        self.rng = Rng(0)

    def start_round(self, match, seat):
        pass

    def choose(self, view):
        return self._choose(view, self.rng)

    def opponent_moved(self, move):
        pass

    def drew(self, card):
        pass

    def end_round(self, mine, theirs):
        pass

    def close(self):
        pass

    def kill(self):
        pass


class BotPlayer:
    """An external program speaking the bot protocol, one line each way.

    It runs in a process group of its own (where the system has them), which
    ``close`` and ``kill`` end whole: a bot script's own children (a ``sleep``,
    an engine it started) go with it and hold no pipe open."""

    def __init__(self, command, timeout=DEFAULT_TIMEOUT):
        self.name = "cmd:" + command
        self.timeout = timeout
        self.colors = 5
        try:
            words = shlex.split(command)
            if not words:
                raise ValueError("no command after 'cmd:'")
            self.process = subprocess.Popen(
                words, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1,
                start_new_session=hasattr(os, "killpg"))
        except (OSError, ValueError) as error:
            raise BotError("cannot start %r: %s" % (command, error))
        self.lines = queue.Queue()
        reader = threading.Thread(target=self._read, daemon=True)
        reader.start()

    def _read(self):
        for line in self.process.stdout:
            self.lines.put(line)
        self.lines.put(None)  # end of output

    def _send(self, line):
        try:
            self.process.stdin.write(line + "\n")
            self.process.stdin.flush()
        except (OSError, ValueError):
            raise BotError("the bot has stopped (exit status %s)" % self.process.poll())

    def start_round(self, match, seat):
        """Tell the deal (and, on round 1, the match); ``seat`` is 0 or 1."""
        self.colors = match.colors
        if match.round_number() == 1:
            self._send("match colors %d rounds %d seat %d" % (
                match.colors, match.rounds, seat + 1))
        hand, start = match.deals[-1][seat], match.starter()
        self._send("round hand %s start %d" % (
            " ".join(rules.card_text(card) for card in hand), start + 1))

    def choose(self, view):
        self._send("go")
        try:
            line = self.lines.get(timeout=self.timeout)
        except queue.Empty:
            raise BotError("no answer within %g s" % self.timeout)
        if line is None:
            raise BotError("the bot closed its output (exit status %s)" % self.process.poll())
        line = line.strip()
        if len(line) > ANSWER_QUOTED:
            raise BotError("unreadable answer: a line of %d characters, '%s...'"
                           % (len(line), line[:ANSWER_QUOTED - 3]))
        try:
            return notation.parse_move(line, self.colors)
        except ValueError as error:
            raise BotError("unreadable answer: %s" % error)

    def opponent_moved(self, move):
        self._send("opp " + notation.move_text(move))

    def drew(self, card):
        self._send("drew " + rules.card_text(card))

    def end_round(self, mine, theirs):
        self._send("end %d %d" % (mine, theirs))

    def close(self):
        try:
            self._send("quit")
            self.process.stdin.close()
        except (BotError, OSError):
            pass
        try:
            self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.kill()
            self.process.wait()
        self.kill()  # what the bot started and left running

    def kill(self):
        """End the program and its process group at once, waiting for nothing:
        safe in a signal handler, where the frame it interrupted may hold the
        process's locks."""
        try:
            if hasattr(os, "killpg"):
                os.killpg(self.process.pid, signal.SIGKILL)
            else:
                self.process.kill()
        except OSError:  # ended already, the group with it
            pass


def play_round(match, players, times=None, clock=time.perf_counter):
    """Play the round just started in ``match`` to its end; the two scores.

    ``players[p]`` moves for player p. Each decision's duration in ms is
    appended to ``times[p]`` when given. Raises :class:`Forfeit`.
    """
    state = match.state
    for player in (0, 1):
        _tell(player, players[player].start_round, match, player)
    while not state.is_over():
        player = state.to_move
        view = state.view(player)
        began = clock()
        try:
            move = players[player].choose(view)
        except BotError as error:
            raise Forfeit(player, str(error))
        if times is not None:
            times[player].append((clock() - began) * 1000.0)
        reason = state.check_move(move)
        limit = rules.turn_limit(state.colors)
        if not reason and state.turns >= limit and rules.move_source(move):
            reason = "stalling: from turn %d on draw from the deck" % (limit + 1)
        if reason:
            raise Forfeit(player, "illegal move '%s': %s" % (notation.move_text(move), reason))
        drawn = state.deck()[0] if rules.move_source(move) == rules.SOURCE_DECK else None
        match.play(move)
        if drawn is not None:
            _tell(player, players[player].drew, drawn)
        _tell(1 - player, players[1 - player].opponent_moved, move)
    scores = state.returns()
    for player in (0, 1):
        _tell(player, players[player].end_round, scores[player], scores[1 - player])
    return scores


def _tell(player, method, *args):
    try:
        method(*args)
    except BotError as error:
        raise Forfeit(player, str(error))
