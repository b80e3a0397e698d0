"""``python -m host_sim replay FILE [--json] [--review]``: check a game record, tell its scores.

The account lists each finished round's expeditions with their breakdown, the
totals and the winner; ``--review`` adds every round's review for both players
(their costliest moves: lostcities/review.py). A record that breaks the format or the rules, or a file
that cannot be read, gives exit status 2 and one line on stderr naming the
place: ``FILE: line N: reason``.
"""

import argparse
import json
import sys

from host_sim import counted
from host_sim.play.review_text import review_json, review_text
from host_sim.records.record import MAX_LINE, RecordError, parse_record
from host_sim.records.account import expedition_line

EXIT_BAD_RECORD = 2


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="python -m host_sim replay",
        description="Check a Lost Cities game record and print its account.")
    parser.add_argument("file", metavar="FILE", help="the record to replay")
    parser.add_argument("--json", action="store_true",
                        help="print one JSON object: rounds, totals, winner, "
                        "complete (and reviews, with --review)")
    parser.add_argument("--review", action="store_true",
                        help="review every round for both players: each one's "
                        "costliest moves, the better move and why")
    args = parser.parse_args(argv)
    try:
        with open(args.file, encoding="utf-8-sig") as stream:  # -sig: a BOM is fine
            match = parse_record(_bounded_lines(stream))
    except OSError as err:
        return _refuse(args.file, err.strerror or str(err))
    except UnicodeDecodeError:
        return _refuse(args.file, "not a text record (not UTF-8)")
    except RecordError as err:
        return _refuse(args.file, str(err))
    if args.json:
        found = summary(match)
        if args.review:
            found["reviews"] = [review_json(match, index, player)
                                for index in range(len(match.deals)) for player in (0, 1)]
        print(json.dumps(found))
    else:
        print(account(match, args.file))
        if args.review:
            print(reviews(match))
    return 0


def _bounded_lines(stream):
    """The file's lines; one longer than a record line is read only so far
    as to see that (parse_record refuses it): never a whole junk file at once."""
    while True:
        line = stream.readline(MAX_LINE + 2)
        if not line:
            return
        yield line


def _refuse(name, reason):
    print("%s: %s" % (name, reason), file=sys.stderr)
    return EXIT_BAD_RECORD


def record_winner(match):
    """The winner as records number players: 1 or 2, 0 for a draw, None while
    the match goes on (the engine's :meth:`Match.winner` counts 0 and 1)."""
    if not match.is_over():
        return None
    winner = match.winner()
    return 0 if winner is None else winner + 1


def summary(match):
    """The JSON summary: finished rounds' scores, totals, winner, complete."""
    return {
        "rounds": [[one, two] for one, two in match.scores],
        "totals": list(match.totals()),
        "winner": record_winner(match),
        "complete": match.is_over(),
    }


def account(match, name):
    """A readable account of the match: every round, totals and the result."""
    lines = ["%s: %d colours, %d round%s" % (
        name, match.colors, match.rounds, "s" if match.rounds > 1 else "")]
    for index in range(len(match.deals)):
        state = match.round_state(index)
        start = match.starter(index) + 1
        lines.append("")
        if index >= len(match.scores):
            lines.append("Round %d: unfinished after %s (player %d started; %s left in"
                         " the deck)" % (index + 1, counted(state.turns, "turn"), start,
                                         counted(state.deck_len, "card")))
            continue
        lines.append("Round %d: player %d started, %s" % (
            index + 1, start, counted(state.turns, "turn")))
        for player in (0, 1):
            lines.append("  player %d: %d" % (player + 1, state.score(player)))
            for color in range(match.colors):
                lines.append(expedition_line(state, player, color))
    totals = match.totals()
    lines.append("")
    lines.append("Totals after %d of %d rounds: player 1 %d, player 2 %d" % (
        len(match.scores), match.rounds, totals[0], totals[1]))
    winner = record_winner(match)
    if winner is None:
        lines.append("Result: unfinished")
    elif winner == 0:
        lines.append("Result: a draw")
    else:
        lines.append("Result: player %d wins" % winner)
    return "\n".join(lines)


def reviews(match):
    """Every round's review for both players, in plain text."""
    lines = []
    for index in range(len(match.deals)):
        for player in (0, 1):
            lines.append("")
            lines.append(review_text(match, index, player, "player %d" % (2 - player),
                                     "player %d's" % (player + 1)))
    return "\n".join(lines)
