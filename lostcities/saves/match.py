"""A match's record in the NVM: everything needed to resume it exactly.

Its body (docs/formats.md, The match body): colours, rounds, the
match's and the AI's Rng states, the AI's seat, mode and level text, then
each round dealt: who started, the whole deal, and every move played. A
lesson is written as the mode ``learn`` and, after the level, the
coach's messages shown (u16, a bit each); it reads back as mode "ai". A
record is read back by replaying those moves (lostcities/saves/resume.py's
``decode_match``: the table's heap holds only the writing).
"""

from lostcities.rules.cards import CARDS_PER_COLOR
from lostcities.saves.layout import CRC, HEADER, put_text, put_u16, text_size

AI_SEAT = 1  # against the AI the human is player 1 (who is player 0 here)


class SavedMatch:
    """Everything needed to resume a match exactly where it stopped.

    ``mode`` is "duel" or "ai"; ``level`` an AI level name (None in a duel);
    ``ai_seat`` the AI's player (0/1); ``ai_rng`` the AI's Rng (None in a duel).
    ``learn``: the lesson with the coach (lostcities/coach.py), against the AI;
    ``coached`` the coach's messages shown in it, a bit each.
    """

    def __init__(self, match, mode="duel", level=None, ai_seat=AI_SEAT, ai_rng=None, learn=False,
                 coached=0):
        self.match = match
        self.mode = mode
        self.level = level
        self.ai_seat = ai_seat
        self.ai_rng = ai_rng
        self.learn = learn
        self.coached = coached

    def coach_said(self, lesson):
        """The coach's ``lesson`` was shown: saved with the match, said once."""
        self.coached |= 1 << lesson

    def coach_unsaid(self, lesson):
        """The coach's ``lesson`` was cut short: it waits for its next moment."""
        self.coached &= ~(1 << lesson)

    # Who is who, in words: the same for every front end

    def is_ai(self, player):
        return self.mode == "ai" and player == self.ai_seat

    def result_words(self, short=True):
        """The finished match's outcome: ``You win!``, ``The AI wins!``, ``A
        draw!``, and between two players ``Player 2 wins!``, or ``P2 wins!``
        if ``short`` (at most 12 characters, as the board's columns name them)."""
        winner = self.match.winner()
        if winner is None:
            return "A draw!"
        if self.mode == "ai":
            return "The AI wins!" if winner == self.ai_seat else "You win!"
        return ("P%d wins!" if short else "Player %d wins!") % (winner + 1)

    def where_words(self):
        """Where the match stands, in words: ``round 2, your move 7`` (the
        move to be made is the 7th of yours this round), ``round 2, the AI's
        move 4``, ``round 1, player 2's move 3``; ``the start of round 3`` for
        a round's end (said at the next round's first move), ``the end of
        round 3`` for the match's. After a power cut, all a board knows is
        its save, not the moves after it: these words say where it resumed."""
        match = self.match
        number = match.round_number()
        state = match.state
        if state.is_over():
            if match.is_over():
                return "the end of round %d" % number
            return "the start of round %d" % (number + 1)
        player = state.to_move
        # turns alternate from the round's starter: the player's moves so far
        made = (len(match.moves[-1]) + (1 if match.starter() == player else 0)) // 2
        name = self.name(player)
        return "round %d, %s move %d" % (
            number, "your" if name == "you" else name + "'s", made + 1)

    def name(self, player):
        """``you``, ``the AI`` or ``player 1``, for sentences."""
        if self.mode == "ai":
            return "the AI" if self.is_ai(player) else "you"
        return "player %d" % (player + 1)

    def starts_words(self, player):
        """``you start``, ``the AI starts``, ``P2 starts``: who starts a round."""
        if self.mode == "ai":
            return "the AI starts" if self.is_ai(player) else "you start"
        return "%s starts" % self.short_name(player)

    def short_name(self, player):
        """``YOU``, ``AI`` or ``P1``, for the table's narrow columns."""
        if self.mode == "ai":
            return "AI" if self.is_ai(player) else "YOU"
        return "P%d" % (player + 1)


def match_size(saved):
    """The bytes of a SavedMatch's record, header and CRC included."""
    match = saved.match
    size = HEADER + 16 + text_size(_mode(saved)) + text_size(saved.level) + CRC
    if saved.learn:
        size += 2  # the coach's messages shown
    for moves in match.moves:
        size += 3 + match.colors * CARDS_PER_COLOR + 2 * len(moves)
    return size


def encode_match(saved, record):
    """Write a SavedMatch's record (header and CRC left blank) at the start of ``record``."""
    match = saved.match
    record[HEADER] = match.colors
    record[HEADER + 1] = match.rounds
    at = _put_rng(record, HEADER + 2, match.rng)
    at = _put_rng(record, at, saved.ai_rng)
    record[at] = saved.ai_seat
    at = put_text(record, at + 1, _mode(saved))
    at = put_text(record, at, saved.level)
    if saved.learn:
        at = put_u16(record, at, saved.coached)
    record[at] = len(match.deals)
    at += 1
    for number in range(len(match.deals)):
        hand1, hand2, deck, start = match.deals[number]
        record[at] = start
        at += 1
        for part in (hand1, hand2, deck):
            record[at:at + len(part)] = part
            at += len(part)
        moves = match.moves[number]
        at = put_u16(record, at, len(moves))
        for move in moves:
            at = put_u16(record, at, move)
    return record


def _mode(saved):
    return "learn" if saved.learn else saved.mode


def _put_rng(buf, at, rng):
    state = rng.getstate() if rng is not None else (0, 0, 0)
    for value in state:
        at = put_u16(buf, at, value)
    return at
