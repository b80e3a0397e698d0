"""A player's round review in plain text and as JSON, for the laptop: the
terminal game's ``review`` and ``python -m host_sim replay FILE --review``.

The review itself is the board's (lostcities/review.py); this only words it,
as the board's screen does (lostcities/screens/review.py).
"""

from host_sim import counted
from host_sim.records.notation import move_text
from lostcities.reasons import why, why_better
from lostcities.review import WELL_PLAYED, Review
from lostcities.rules.cards import card_text
from lostcities.rules.cards import move_words


def review_of(match, index, player):
    """The finished :class:`~lostcities.review.Review` of ``player`` (0/1) in
    round ``index`` (0-based) of ``match``, as far as it was played."""
    review = Review(match.colors, match.deals[index], match.moves[index], player)
    review.run()
    return review


def review_text(match, index, player, them, who="your"):
    """``player``'s review of round ``index`` in lines of plain text: the
    costliest moves, worst first, each with its better move, why, and the
    hand then; or that the round was well played. ``them`` names the
    opponent in the reasons ("the AI"), ``who`` the player ("your", "player 1's")."""
    review = review_of(match, index, player)
    unfinished = "" if index < len(match.scores) else " (unfinished)"
    head = "Round %d%s, %s review of %s" % (index + 1, unfinished, who,
                                           counted(review.total, "move"))
    if not review.mistakes:
        return "%s: well played, no move cost more than %d points." % (
            head, WELL_PLAYED // 1000)
    lines = ["%s: the costliest %s" % (head, counted(len(review.mistakes), "move"))]
    for number, mistake in enumerate(review.mistakes):
        fault = why(mistake, them)
        merit = why_better(mistake, them)
        lines.append("  %d. turn %d: %s: cost about %d points%s" % (
            number + 1, mistake.turn + 1,
            move_words(mistake.move, mistake.taken, True, mistake.last), mistake.points(),
            ":" if fault else ""))
        if fault:
            lines.append("     " + fault)
        lines.append("     better: %s%s" % (
            move_words(mistake.better, mistake.better_taken, False),
            ": " + merit if merit else ""))
        lines.append("     %s hand: %s" % (
            who, " ".join(card_text(card) for card in mistake.hand)))
    return "\n".join(lines)


def review_json(match, index, player):
    """The review of ``player`` in round ``index`` as a JSON-ready dict
    (docs/formats.md, "The review as JSON")."""
    review = review_of(match, index, player)
    them = "player %d" % (2 - player)
    return {
        "round": index + 1,
        "player": player + 1,
        "moves": review.total,
        "well_played": not review.mistakes,
        "mistakes": [{
            "turn": mistake.turn + 1,
            "played": move_text(mistake.move),
            "cost": mistake.points(),
            "better": move_text(mistake.better),
            "reason": why(mistake, them),
            "better_reason": why_better(mistake, them),
            "hand": [card_text(card) for card in mistake.hand],
        } for mistake in review.mistakes],
    }
