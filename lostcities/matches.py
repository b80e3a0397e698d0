"""A new match, made from the profile's settings, or the lesson: the Session's
(lostcities/session.py), loaded only to make one (lostcities/memory.py lets it
go at the table). The saves (lostcities/saves/) keep only what a match is."""

from lostcities import LEVELS
from lostcities.rng import Rng
from lostcities.rules.match import Match
from lostcities.saves.match import AI_SEAT, SavedMatch

# The lesson's deals: the seeds of its match's Rng (the AI's is the
# next one), each tested to let the player start, to bring the coach's lessons
# up early, and to give hints the coach never has to contradict (tests/test_coach.py)
LESSON_SEEDS = (1868, 2101, 582, 104)


def new_match(profile, new_seed, learn=False):
    """A new match with ``profile``'s settings, as it is saved, not yet dealt
    (``new_seed()`` gives its deal's and its AI's seeds). ``learn``: the
    lesson instead, one round of 5 colours against the lowest level with the
    coach, dealt from LESSON_SEEDS."""
    if learn:
        seed = LESSON_SEEDS[new_seed() % len(LESSON_SEEDS)]
        return SavedMatch(Match(5, 1, Rng(seed)), "ai", LEVELS[0], AI_SEAT, Rng(seed + 1), True)
    match = Match(profile.colors, profile.rounds, Rng(new_seed()))
    if profile.mode == "ai":
        return SavedMatch(match, "ai", profile.level, AI_SEAT, Rng(new_seed()))
    return SavedMatch(match, "duel")
