"""A match's life on a device, the same for every front end.

The screens (lostcities/app.py) and the terminal game (host_sim/play/tty.py) both
play through a :class:`Session`: starting a match (over a saved one), whose
turn it is and whether it is the AI's, the AI's move and whether it must be
saved, a move played and saved, the next round, the match's end (statistics
counted, the save cleared), the players' names, the hint and a move in words.
A front end only shows the session and reads the player's moves.
"""

from lostcities import LEVELS
from lostcities.rng import Rng
from lostcities.rules.cards import (
    NO_CARD, SOURCE_DECK, card_text, move_card, move_discards, move_source, taken_card)
from lostcities.rules.match import Match
from lostcities.rules.state import State
from lostcities.save_format import NO_SAVE, WEAR_SWITCH
from lostcities.saved_match import SavedMatch

AI_SEAT = 1  # against the AI the human is player 1 (who is player 0 here)
# The lesson's deals (issue 25): the seeds of its match's Rng (the AI's is the
# next one), each tested to let the player start, to bring the coach's lessons
# up early, and to give hints the coach never has to contradict (tests/test_coach.py)
LESSON_SEEDS = (1868, 2101, 582, 104)


class Session:
    """The saved match and the profile of one device, and what happens to them.

    ``storage`` is the device's :class:`~lostcities.save.Storage`;
    ``new_seed()`` returns a fresh seed for each deal's and AI's Rng.
    ``notice`` says what was wrong with the saves found, if anything.
    """

    def __init__(self, storage, new_seed):
        self.storage = storage
        self.new_seed = new_seed
        self._profile = storage.load_profile()
        self._profile_stored = True  # load_profile() would give it again
        self.each_round = self._profile.resume == "round"  # when a match is saved
        self.saved, message = storage.load_match()
        self.notice = (None if message == NO_SAVE else message) or storage.profile_message
        # the match of the game record, even once over (until the title)
        self.last_match = self.match
        self.save_problem = None  # why the last save was not written, or None
        self._news = None  # that problem, when it is new and not yet told
        self._view = None  # see view()

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
        return self.saved.match if self.saved else None

    # Whose turn ------------------------------------------------------------

    def is_ai(self, player):
        saved = self.saved
        return saved.mode == "ai" and player == saved.ai_seat

    def ai_to_move(self):
        return self.is_ai(self.match.state.to_move)

    def name(self, player):
        """``you``, ``the AI`` or ``player 1``, for sentences."""
        if self.saved.mode == "ai":
            return "the AI" if player == self.saved.ai_seat else "you"
        return "player %d" % (player + 1)

    def short_name(self, player):
        """``YOU``, ``AI`` or ``P1``, for the table's narrow columns."""
        if self.saved.mode == "ai":
            return "AI" if player == self.saved.ai_seat else "YOU"
        return "P%d" % (player + 1)

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
            self._view = State()
        if self.saved.mode == "ai":
            from lostcities import ai  # loaded for a match against it, or a hint
            ai.prepare(self.match.colors, self.saved.level)
        if self.saved.learn:  # the coach, loaded (and compiled, from .py sources) here too
            from lostcities import coach  # noqa: F401

    def view(self, player):
        """``player``'s view of the round (``State.view``), written over the
        last one: nothing may keep it past the next call."""
        if self._view is None:
            self.prepare()
        return self.match.state.view(player, self._view)

    def new_match(self, learn=False):
        """A new match with the profile's settings, its first round dealt and
        saved. Once the board's flash has been written WEAR_SWITCH times, its
        Resume setting switches to each round, saved with it, and the player
        is told once. ``learn``: the lesson instead, one round of 5 colours
        against the lowest level with the coach, dealt from LESSON_SEEDS."""
        profile = self.profile
        if learn:
            seed = LESSON_SEEDS[self.new_seed() % len(LESSON_SEEDS)]
            match = Match(5, 1, Rng(seed))
            self.saved = SavedMatch(match, "ai", LEVELS[0], AI_SEAT, Rng(seed + 1), True)
        elif profile.mode == "ai":
            match = Match(profile.colors, profile.rounds, Rng(self.new_seed()))
            self.saved = SavedMatch(match, "ai", profile.level, AI_SEAT, Rng(self.new_seed()))
        else:
            match = Match(profile.colors, profile.rounds, Rng(self.new_seed()))
            self.saved = SavedMatch(match, "duel")
        match.start_round()
        self.last_match = match
        worn = self.storage.writes >= WEAR_SWITCH and not profile.worn
        if worn:
            profile.worn = True
            profile.resume = "round"
        if self._saved(self.storage.save_match(self.saved, profile if worn else None)) is None:
            self._profile_stored = True
            if worn:
                from lostcities.restore import WORN  # once, from the title
                self._news = WORN
        return self.saved

    def play(self, move, save=True):
        """Play ``move`` (IllegalMove if the rules forbid it) and save the match
        as the profile's Resume says: after every turn of a player, or at a
        round's end only. ``save=False`` (the AI's move, which a resumed match
        makes again: see :meth:`ai_move`) saves only at a round's end, and only
        when saving each round: each save wears the board's flash."""
        self.match.play(move)
        if self.each_round:
            save = self.match.state.is_over()
        if save:
            self.save()

    def ai_move(self, clock_ms=None):
        """The AI decides from its view alone and plays; returns its move.

        Within its time budget the AI's move follows from the last save (the
        view and its Rng), so a resumed match makes it again: it is not saved,
        which halves the flash writes against the AI."""
        saved = self.saved
        view = self.view(saved.ai_seat)
        start = clock_ms() if clock_ms else 0
        from lostcities import ai
        move = ai.choose_move(view, saved.level, saved.ai_rng, clock_ms)
        late = clock_ms is not None and clock_ms() - start >= ai.BUDGET_MS
        self.play(move, save=late)
        return move

    def next_round(self):
        """The next round dealt, not saved: the saved match's Rng deals it again."""
        self.match.start_round()

    def finish(self):
        """The match is over: count it in the statistics and forget the save,
        both in one write (a lesson is not counted)."""
        saved = self.saved
        profile = self.profile
        if not saved.learn:
            profile.record_match(saved)
        problem = self.storage.finish_match(profile)
        self._profile_stored = problem is None
        self._saved(problem)
        self.saved = None
        return saved

    def save(self):
        """Save the match (None, or why it was not written: see :meth:`news`)."""
        return self._saved(self.storage.save_match(self.saved))

    def save_profile(self):
        """Save the settings (None, or why they were not written); a changed
        Resume setting applies at once."""
        profile = self.profile
        self.each_round = profile.resume == "round"
        problem = self.storage.save_profile(profile)
        self._profile_stored = problem is None
        return self._saved(problem)

    def _saved(self, problem):
        if problem != self.save_problem:
            self._news = problem
        self.save_problem = problem
        return problem

    def news(self):
        """A save's problem the player has not been told (a full NVM, a laptop's
        save file gone), once: a front end says it once, not after every turn."""
        news, self._news = self._news, None
        return news

    # Help --------------------------------------------------------------------

    def hint(self, player):
        """What ``normal`` would play in ``player``'s place (from their view)."""
        match = self.match
        view = self.view(player)
        from lostcities import ai
        return ai.hint(view, Rng(match.round_number() * 1000 + view.turns))


def move_words(move, taken=NO_CARD, done=True, last=False):
    """A move in at most 22 characters: ``play R7, drew deck``, ``discard B3,
    took G7`` (``taken``: the card drawn from a pile, public), ``play R7, last
    card`` (``last``: the round's end); ``done=False`` words a hint
    (``draw deck``, ``take G7``)."""
    if last:
        drawn = "last card"
    elif move_source(move) == SOURCE_DECK:
        drawn = "drew deck" if done else "draw deck"
    else:
        drawn = ("took " if done else "take ") + card_text(taken)
    return "%s %s, %s" % ("discard" if move_discards(move) else "play",
                          card_text(move_card(move)), drawn)


def played_words(moves, index=-1, last=False):
    """Move ``index`` of a round's ``moves`` (the latest by default) in words,
    naming the card it took from a pile."""
    if index < 0:
        index += len(moves)
    return move_words(moves[index], taken_card(moves, index), True, last)
