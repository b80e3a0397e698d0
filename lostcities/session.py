"""A match's life on a device: the one state machine every front end walks
(docs/development.md, "A match's flow").

:meth:`Session.phase` says what the match waits for, as OpenSpiel's
``current_player()`` does; only :meth:`Session.play` (a person's move) and
:meth:`Session.advance` (past any other phase) change it. A front end asks,
shows and reports (ticks and pauses too: lostcities/saving.py says when they
save); it never decides what comes next, nor when to save.
"""

from micropython import const

from lostcities.saves.layout import NO_SAVE, WEAR_SWITCH
from lostcities.saving import THINKING_MS, SavePolicy

# What the match waits for: Session.phase()
NO_MATCH = const(0)  # none is saved: the title
MOVE = const(1)  # a person's move (the player to move: the state's to_move)
AI = const(2)  # the AI's move
PASS = const(3)  # two players: the device handed to the player to move
LAST = const(4)  # the round's last move, made by the AI or the other player, shown
SCORES = const(5)  # the round's scores
END = const(6)  # the match's result (already counted in the statistics)
REVIEW = const(7)  # the lesson's round reviewed by the coach, after its scores


class Session:
    """The saved match and the profile of one device, and what happens to them.

    ``storage`` is the device's :class:`~lostcities.saves.storage.Storage`;
    ``new_seed()`` returns a fresh seed for each deal's and AI's Rng.
    ``notice`` says what was wrong with the saves found, if anything.
    """

    def __init__(self, storage, new_seed):
        self.storage = storage
        self.new_seed = new_seed
        self._profile = storage.load_profile()
        self._profile_stored = True  # load_profile() would give it again
        self.saving = SavePolicy(self._profile.resume)  # when the match is saved
        # a whole match record is found by its head (``found``), replayed when asked for
        self._saved, self.found, message = storage.find_match()
        # the match was read from the NVM: its Continue says where it resumed
        self._loaded = (self._saved or self.found) is not None
        self.notice = (None if message == NO_SAVE else message) or storage.profile_message
        self.over = None  # the match just finished, while its result shows (END)
        self._ended = None  # that match, until its end is written (see _finish)
        # the last phase gone past that the saved match does not show: PASS (the
        # player to move holds the device), LAST (the last move was seen) or
        # SCORES (the lesson's scores were seen); NO_MATCH for none
        self.seen = NO_MATCH
        # the save's buffer, made for the match saved or the settings' next one
        storage.prepare((self.found or self._saved and self._saved.match or self._profile).rounds)
        self.save_problem = None  # why the last save was not written, or None
        self._news = None  # that problem, when it is new and not yet told
        self._view = None  # see view()
        self._advice = None  # see advice

    @property
    def advice(self):
        """The coach's words, a hint, the round's review (lostcities/advice.py):
        loaded when first asked, not before power-on's picture."""
        if self._advice is None:
            from lostcities.advice import Advice
            self._advice = Advice(self)
        return self._advice

    @property
    def saved(self):
        """The saved match, or None (one found at power-on replayed when first
        asked for, a refusal of the rules becoming the notice)."""
        found = self.found
        if found is not None:
            self.found = None
            self._saved, refused = found.load_match()
            self.notice = refused or self.notice
        return self._saved

    @property
    def profile(self):
        """The settings and statistics (read again from the NVM if let go)."""
        if self._profile is None:
            self._profile = self.storage.load_profile()
            self._profile_stored = True
        return self._profile

    def let_go_of_profile(self):
        """Drop the profile if the NVM holds it as it is: a match needs it only at
        its start and end. True if dropped (its module may then leave the heap)."""
        if self._profile_stored:
            self._profile = None
        return self._profile is None

    @property
    def match(self):
        """The match saved, or the one whose result shows (END), or None."""
        saved = self.playing()
        return saved.match if saved else None

    # What the match waits for ---------------------------------------------

    def phase(self):
        """What the match waits for: NO_MATCH, MOVE, AI, PASS, LAST, SCORES,
        REVIEW or END."""
        if self.over is not None:
            return END
        saved = self.saved
        if saved is None:
            return NO_MATCH
        state = saved.match.state
        seen = self.seen
        if state.is_over():
            if seen < LAST and self.shows_last():
                return LAST
            return REVIEW if seen == SCORES else SCORES
        if self.is_ai(state.to_move):
            return AI
        if saved.mode == "duel" and seen != PASS:
            return PASS
        return MOVE

    def shows_last(self):
        """Whether the round's last move waits to be seen before the scores: made
        by the AI or the other player (a person's own move against the AI goes
        straight to the scores), and always in the lesson, whose coach has a word."""
        saved = self.saved
        if saved.mode != "ai" or saved.learn:
            return True
        return self.is_ai(1 - saved.match.state.to_move)

    def player(self):
        """The player the phase is about: who is to move, or who made the last move."""
        state = self.match.state
        return 1 - state.to_move if state.is_over() else state.to_move

    def advance(self, clock_ms=None, progress=None):
        """Go past a phase that needs no move of a person: the AI's move (with
        ``clock_ms`` and ``progress``: see :meth:`_ai_move`), the device
        passed, the last move seen, the scores seen (the next round dealt, the
        lesson's review, or the match counted in the statistics), the review
        seen, the result seen. Returns the phase left."""
        phase = self.phase()
        if phase == AI:
            self._ai_move(clock_ms, progress)
        elif phase == PASS or phase == LAST:
            self.seen = phase
            if phase == PASS and self._advice is not None:
                self._advice.passed()
        elif phase == SCORES and self.saved.learn:
            self.seen = SCORES
        elif phase == SCORES and not self.match.is_over():
            self._next_round()
        elif phase == SCORES or phase == REVIEW:
            self.over = self._finish()
        elif phase == END:
            self._write_end()
            self.over = None
        return phase

    def resume(self):
        """Back to the saved match as a power cut would leave it: the device is
        passed again, the round's last move shown again; a finished match's
        result is gone. The first time after it was read from the NVM, the
        news says where it resumed."""
        self.seen = NO_MATCH
        self.over = None
        if self._loaded:
            self._loaded = False
            from lostcities.sides import where_words
            self._news = "Resumed from the last save: %s." % where_words(self.saved)

    # Whose turn ------------------------------------------------------------

    def playing(self):
        """The match's saved form: the saved one, or the one whose result shows."""
        return self.saved or self.over

    def is_ai(self, player):
        return self.playing().is_ai(player)

    def last_move_of(self, player):
        """The last move of ``player`` in this round, if it was the latest move."""
        match = self.match
        moves = match.moves[-1] if match.moves else ()
        if not moves:
            return None
        # turns alternate from the round's starter
        return moves[-1] if (match.starter() + len(moves) - 1) % 2 == player else None

    # The match's life ------------------------------------------------------

    def prepare(self):
        """Make what the match's views and the AI's decisions are worked out in,
        before the table takes the board's heap: made late, they would find
        the heap in pieces."""
        if self._view is None:  # any State takes any round's view
            from lostcities.rules.state import State
            self._view = State()
        if self.saved.mode == "ai":
            from lostcities import ai  # loaded for a match against it, or a hint
            ai.prepare(self.match.colors, self.saved.level)
            from lostcities import review  # noqa: F401  (see tick)
        if self.saved.learn:  # the coach, loaded (and compiled, from .py sources) here too
            from lostcities import coach  # noqa: F401
        self.advice  # made here: the round's review is judged at the match only (tick)

    def view(self, player):
        """``player``'s view of the round (``State.view``), written over the
        last one: nothing may keep it past the next call."""
        if self._view is None:
            self.prepare()
        return self.match.state.view(player, self._view)

    def new_match(self, learn=False):
        """A new match with the profile's settings (``learn``: the lesson:
        see lostcities/sides.py), its first round dealt, saved at the next tick
        (after the table's picture); from the flash's WEAR_SWITCH-th write,
        Profile.spare_the_flash, saved with it at once and told once."""
        self._write_end()
        profile = self.profile
        from lostcities.sides import new_match  # with the rules: not before the title
        self.found = None  # given up
        self._saved = new_match(profile, self.new_seed, learn)
        self._saved.match.start_round()
        self._loaded = False
        self.resume()
        self.storage.prepare(self.match.rounds)
        if self.storage.writes >= WEAR_SWITCH and profile.spare_the_flash():
            self.saving.follow(profile.resume)  # once in the flash's life: the
            self.saving.saved()  # profile saved with the match at once, and told
            if self._noted(self.storage.save_match(self.saved, profile)) is None:
                self._profile_stored = True
                from lostcities.saves.restore import WORN  # once, from the title
                self._news = WORN
        else:
            self.saving.started()  # saved at the next tick, once the table shows
        return self.saved

    def play(self, move):
        """Play a person's ``move`` (IllegalMove if the rules forbid it)."""
        self.match.play(move)
        self.seen = NO_MATCH
        self.saving.moved(self.saved, True)

    def tick(self, idle_ms=0):
        """The front end waits for a press, ``idle_ms`` after the last, its
        picture shown: a save the policy wants is made now, and a match's end
        once its result shows; else, at the match (its advice made by
        prepare, let go by leave), the round's review may judge
        (lostcities/advice.py): not at the title, which let its modules go."""
        if self._ended is not None:
            self._write_end()
        elif self._saved is not None and self.saving.wants(idle_ms):
            self.save()
        elif self._advice is not None:
            passing = self.phase() == PASS
            if passing or idle_ms >= THINKING_MS:
                self._advice.judge(passing)

    def leave(self):
        """The player went to the title: a result shown was seen, a match is saved."""
        self._write_end()
        self.over = None
        self._advice = None  # made again at the match (prepare)
        self.paused()

    def ends_match(self):
        """Whether advance() now ends the match (its last scores or the
        lesson's review show), rather than dealing the next round."""
        phase = self.phase()
        return phase == REVIEW or phase == SCORES and self.match.is_over()

    def paused(self):
        """The player stopped (the pause menu, a quit): saved at the next tick."""
        if self._saved is not None:
            self.saving.paused()

    def _ai_move(self, clock_ms=None, progress=None):
        """The AI decides from its view alone and plays (``progress``: see
        ai.choose_move). Within its budget the move follows from the save: it
        is not saved for itself; one cut short by the clock is, with Resume
        "every move" (saving.py)."""
        saved = self.saved
        if self.saving.due:
            self.save()
        self.advice.ai_turn()
        view = self.view(saved.ai_seat)
        start = clock_ms() if clock_ms else 0
        from lostcities import ai
        move = ai.choose_move(view, saved.level, saved.ai_rng, clock_ms, progress, self.view)
        late = clock_ms is not None and clock_ms() - start >= ai.BUDGET_MS  # cut short
        self.match.play(move)
        self.seen = NO_MATCH
        self.saving.moved(saved, False, late)
        return move

    def _next_round(self):
        """The next round dealt, not saved: the saved match's Rng deals it again."""
        if self.saving.due:
            self.save()
        self.match.start_round()
        self.seen = NO_MATCH
        self._forget_advice()

    def _finish(self):
        """The match is over: returns its saved form, whose result shows.
        Counted in the statistics (a lesson is not) and its save forgotten
        once the result shows, in one write (_write_end): a power cut before
        it resumes the match's last save."""
        saved = self._ended = self._saved
        self._saved = None
        self._forget_advice()
        return saved

    def _forget_advice(self):
        """The round or the match is left: the advice forgets its review (if it
        was loaded: the title does not load it)."""
        if self._advice is not None:
            self._advice.forget()

    def _write_end(self):
        """The match that ended counted and its save forgotten, if they wait
        (the profile is read again for them, after the result's picture)."""
        ended, self._ended = self._ended, None
        if ended is not None:
            profile = self.profile
            if not ended.learn:
                profile.record_match(ended)
            self.saving.saved()
            self._profile_written(self.storage.finish_match(profile))

    def erase(self):
        """Forget the saved match, the settings and the statistics, in one write
        (the count of the flash's writes stays: it is the board's, not a
        player's); None, or why it was not written."""
        from lostcities.saves.profile import Profile
        self._saved = self.over = self.found = None
        self._ended = None
        self._profile = profile = Profile()
        self.saving = SavePolicy(profile.resume)
        self._loaded = False
        return self._profile_written(self.storage.finish_match(profile))

    def save(self):
        """Save the match (None, or why it was not written: see :meth:`news`)."""
        self.saving.saved()
        return self._noted(self.storage.save_match(self.saved))

    def save_profile(self):
        """Save the settings (None, or why they were not written); a changed
        Resume setting applies at once."""
        profile = self.profile
        self.saving.follow(profile.resume)
        return self._profile_written(self.storage.save_profile(profile))

    def _profile_written(self, problem):
        """A write with the profile: the NVM holds it as it is unless ``problem``."""
        self._profile_stored = problem is None
        return self._noted(problem)

    def _noted(self, problem):
        if problem != self.save_problem:
            self._news = problem
        self.save_problem = problem
        return problem

    def news(self):
        """A save's problem the player has not been told (a full NVM, a laptop's
        save file gone), once: a front end says it once, not after every turn."""
        news, self._news = self._news, None
        return news
