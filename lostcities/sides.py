"""The two sides of a match: made from the profile's settings (a new match,
or the lesson), and who is who in it in words, the same for every front end
(the board's screens, the terminal game, the Session's news; the board's
narrow columns name them in lostcities/screens/words.py). Beside the
Session, which makes its matches here; the saves (lostcities/saves/) keep
only what a match is. The words take ``saved``, the SavedMatch."""

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


def result_words(saved, short=True):
    """The finished match's outcome: ``You win!``, ``The AI wins!``, ``A
    draw!``, and between two players ``Player 2 wins!``, or ``P2 wins!``
    if ``short`` (at most 12 characters, as the board's columns name them)."""
    winner = saved.match.winner()
    if winner is None:
        return "A draw!"
    if saved.mode == "ai":
        return "The AI wins!" if winner == saved.ai_seat else "You win!"
    return ("P%d wins!" if short else "Player %d wins!") % (winner + 1)


def where_words(saved):
    """Where the match stands, in words: ``round 2, your move 7`` (the
    move to be made is the 7th of yours this round), ``round 2, the AI's
    move 4``, ``round 1, player 2's move 3``; ``the start of round 3`` for
    a round's end (said at the next round's first move), ``the end of
    round 3`` for the match's. After a power cut, all a board knows is
    its save, not the moves after it: these words say where it resumed."""
    match = saved.match
    number = match.round_number()
    state = match.state
    if state.is_over():
        if match.is_over():
            return "the end of round %d" % number
        return "the start of round %d" % (number + 1)
    player = state.to_move
    # turns alternate from the round's starter: the player's moves so far
    made = (len(match.moves[-1]) + (1 if match.starter() == player else 0)) // 2
    who = name(saved, player)
    return "round %d, %s move %d" % (number, "your" if who == "you" else who + "'s", made + 1)


def name(saved, player):
    """``you``, ``the AI`` or ``player 1``, for sentences."""
    if saved.mode == "ai":
        return "the AI" if saved.is_ai(player) else "you"
    return "player %d" % (player + 1)
