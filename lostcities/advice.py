"""What the Session tells a player of their play (lostcities/session.py's
``advice``): the coach's words in the lesson, a hint, and the round's
review, judged while the round is played. A module of its own: the board
compiles the Session from .py sources in two halves of its heap
(docs/memory.md).
"""

from micropython import const

CATCH_UP = const(2)  # the person's moves judged at most before the AI thinks


class Advice:
    """The help ``session`` gives a player, from its saved match and the
    player's view."""

    def __init__(self, session):
        self.session = session
        self.reviews = [None, None]  # each player's review of the round, judged while it is played
        self.weighing = None  # two players': a Position, made while the device is passed

    def coach(self, player, moment, card, discard):
        """In the lesson, ``(lesson, words)`` the coach says to ``player`` at
        ``moment`` (lostcities/coach.py), marked as said in the save; or None."""
        session = self.session
        saved = session.saved
        if not saved.learn or session.is_ai(player):
            return None
        from lostcities.coach import speak
        said = speak(saved.coached, saved.match.state, player, moment, card, discard)
        if said is not None:
            saved.coach_said(said[0])
        return said

    def unsaid(self, lesson):
        """The coach's ``lesson`` was cut short (by a hint): it waits for its
        next moment."""
        self.session.saved.coach_unsaid(lesson)

    def hint(self, player):
        """What ``normal`` would play in ``player``'s place (from their view)."""
        match = self.session.match
        view = self.session.view(player)
        from lostcities import ai
        from lostcities.rng import Rng
        return ai.hint(view, Rng(match.round_number() * 1000 + view.turns))

    def review(self, player):
        """``player``'s review of the last round (lostcities/review.py): the one
        judged while the round was played, else a new one."""
        from lostcities.review import for_round
        self.reviews[player] = for_round(self.reviews[player], self.session.match, player)
        return self.reviews[player]

    def judge(self, passing):
        """A move of the round's review is judged, a tick's work (a press waits
        for it at most): Session.tick asks once a person has been still
        THINKING_MS (lostcities/saving.py), or at every tick while the device
        is passed (``passing``). Against the AI, the person's, at the table,
        lent the AI's evaluation; between two
        players, either player's, only while the device is passed, in an
        evaluation made at its first tick, which judges too: the table for
        two players has no room to hold one (docs/memory.md). SELECT then
        finds the round judged, and only the costliest moves left to word."""
        saved = self.session.saved
        if saved is None:
            return
        if saved.mode == "ai":
            self._judge_persons(1)
        elif passing:
            if self.weighing is None:
                from lostcities.evaluation import Position
                self.weighing = Position(saved.match.colors)
            if not self.review(0).judge(self.weighing):
                self.review(1).judge(self.weighing)

    def ai_turn(self):
        """Before the AI thinks, which the person waits for anyway: the
        person's move just played is judged, so that a round played without a
        pause is judged as it goes; and one more not yet judged, so that a
        round continued half played (its review anew) catches up."""
        self._judge_persons(CATCH_UP)

    def _judge_persons(self, moves):
        """Up to ``moves`` of the person's moves not yet judged, against the
        AI, with the AI's evaluation lent."""
        saved = self.session.saved
        from lostcities import ai
        colors = saved.match.colors
        review = self.review(1 - saved.ai_seat)
        for _ in range(moves):
            if not review.judge(ai.position_for(colors)):
                return

    def passed(self):
        """The device was passed: the evaluation made for it goes before the
        table is built (lostcities/memory.py forgets its module there)."""
        self.weighing = None

    def forget(self):
        """The round or the match is left: its reviews go."""
        self.reviews = [None, None]
        self.weighing = None
