"""What the Session tells a player of their play (lostcities/session.py's
``advice``): the coach's words in the lesson, a hint, and the round's
review, judged while the round is played. A module of its own: the board
compiles the Session from .py sources in two halves of its heap
(docs/memory.md).
"""

class Advice:
    """The help ``session`` gives a player, from its saved match and the
    player's view."""

    def __init__(self, session):
        self.session = session
        self.last_review = None  # the last round's review, judged while it is played

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
        judged while they thought, if it is theirs, else a new one."""
        from lostcities.review import for_round
        self.last_review = for_round(self.last_review, self.session.match, player)
        return self.last_review

    def judge_while_idle(self):
        """A person has been still THINKING_MS (lostcities/saving.py: Session.tick
        asks): against the AI, the round's review judges their last move, lent
        the AI's evaluation and its search's list of sums (one move a tick: a
        press waits for one at most). SELECT then finds it judged, and only its
        costliest moves left to word."""
        saved = self.session.saved
        if saved is not None and saved.mode == "ai":
            from lostcities import ai
            colors = saved.match.colors
            self.review(1 - saved.ai_seat).judge(ai.position_for(colors), ai.search_sums(colors))

    def forget(self):
        """The round or the match is left: its review goes."""
        self.last_review = None
