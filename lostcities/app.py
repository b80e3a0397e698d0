"""The game on the screen: the session's phase shown, and the menus around it.

``App(display, buttons, nvm, clock_ms, feedback=None, seed=None)`` builds
everything from what it is handed: the board's code.py, the simulator and the
tests each hand in their own display, buttons, NVM and clock (``seed`` fixes
the deals, for the simulator and the tests). ``step()`` handles pending input
once; ``run()`` loops forever (the loop is lostcities/shell.py's).

What comes next in a match is the :class:`~lostcities.session.Session`'s
to decide: :meth:`App.show_phase` is the one place that maps its phase to a
screen. The screens report (a move, "go on", pause, a menu's choice) through
the app's public methods, each of which takes effect once the press that made
it has returned (:meth:`Shell.later`), never at once.
"""

from lostcities.memory import COMPILED_FIRST, FROM_SOURCES, PROFILE, ROOM, forget

if FROM_SOURCES:  # before anything else: see COMPILED_FIRST
    for _name in COMPILED_FIRST:
        __import__(_name)

from lostcities.buttons import START_HELD
from lostcities.rules.cards import HAND_SIZE, HIDDEN, IllegalMove
from lostcities.saves.layout import TOO_LONG, UNSAVED
from lostcities.saves.storage import Storage
from lostcities.session import AI, END, LAST, MOVE, NO_MATCH, PASS, SCORES, Session
from lostcities.shell import Shell
from lostcities.sprites import Sheets


class App(Shell):
    """Owns the session (the match and the profile) and shows its phase."""

    def __init__(self, display, buttons, nvm, clock_ms, feedback=None,
                 seed=None):
        super().__init__(display, buttons, clock_ms, feedback)
        self.seed = seed
        self.session = Session(Storage(nvm), self.new_seed)
        # The table's sprite sheets, made at start-up while the heap is whole;
        # from .py sources the title holds the match's modules (COMPILED_FIRST),
        # so there it lets the sheets go instead, and each match makes them again.
        self.sheets = None if FROM_SOURCES else Sheets()
        self.table = None
        self.title_item = None  # the title's item whose sub-screen is open
        self.save_notice = None  # a save's news (a failure, the flash's wear), until seen once
        # What the table shows each player again when it is made anew (it is
        # let go under the pass screen and the pause menu): the hand cursors,
        # and each hand as the player's last move left it, less the draw.
        self.cursors = [0, 0]
        self.hands = [bytearray([HIDDEN] * HAND_SIZE), bytearray([HIDDEN] * HAND_SIZE)]
        self.hint_offered = False  # the pause menu offers a hint (a person's turn)
        # what a report takes with it to its later step
        self.move = None
        self.hint = None
        self.notice = None
        self.learning = False
        self.apply_settings()
        self._title(self.session.notice)

    # The loop (lostcities/shell.py) ----------------------------------------

    def handle(self, action):
        """START held goes to the title from anywhere, the rest to the screen."""
        if action == START_HELD and self.screen.name != "title":
            self.title()
        else:
            super().handle(action)

    def busy(self):
        """True while the app has work to do without a press (the AI's move)."""
        return self.screen is self.table and self.session.phase() == AI

    def let_go(self):
        """Forget the table as well (see Shell.let_go)."""
        self.table = None
        super().let_go()

    def make_room(self, name):
        """Before screen ``name`` is built: the screen shown let go, and what
        lostcities/memory.py's ROOM says goes for it (the one place its
        actions are applied)."""
        modules, sheets = ROOM.get(name, ((), False))
        if sheets and FROM_SOURCES:
            self.sheets = None
        self.let_go()
        forget(*modules)

    # Feedback ----------------------------------------------------------------

    def apply_settings(self):
        profile = self.profile
        if self.feedback:
            self.feedback.settings(profile.sound, profile.lights,
                                   profile.brightness, profile.debug)

    def lights(self, phase):
        """The lights for the phase: whose turn it is, the AI thinking, or none."""
        if self.feedback:
            self.feedback.thinking(phase == AI)
            on = phase == MOVE or phase == PASS or phase == AI
            self.feedback.turn(self.match.state.to_move if on else None)

    # What the screens read -------------------------------------------------

    @property
    def match(self):
        return self.session.match

    @property
    def saved(self):
        return self.session.saved

    @property
    def profile(self):
        return self.session.profile

    @property
    def storage(self):
        return self.session.storage

    def new_seed(self):
        if self.seed is None:
            return self.clock_ms() & 0x3FFFFFFF
        self.seed += 1
        return self.seed - 1

    # What the screens report: each is taken later (Shell.later) -------------

    def play(self, move):
        """A person's move, from the table (which offers legal ones only)."""
        self.move = move
        self.later(self._play)

    def advance(self):
        """Go on past the phase shown: the device passed, the last move or the
        scores or the result seen, the AI's thinking sign drawn."""
        self.later(self._advance)

    def pause(self):
        """START during a match: the pause menu, with a hint on a person's turn."""
        table = self.table
        self.hint_offered = self.screen is table and table is not None and table.offers_hint()
        self.later(self._pause)

    def resume(self, hint=None):
        """Back from the pause menu (or the rules in it) to the phase as it was;
        ``hint``, a move, shows on the table."""
        self.hint = hint
        self.later(self._resume)

    def new_match(self, learn=False):
        """A new match with the settings (``learn``: the lesson, with the coach)."""
        self.learning = learn
        self.later(self._new_match)

    def continue_match(self):
        """The saved match, exactly where it stopped."""
        self.later(self._continue)

    def title(self, notice=None):
        self.notice = notice
        self.later(self._title_noted)

    def settings(self):
        self.later(self._settings)

    def stats(self):
        self.later(self._stats)

    def rules(self):
        """The rules; back to the match from the pause menu, else to the title."""
        self.later(self._rules)

    # The phase on the screen -----------------------------------------------

    def show_phase(self):
        """The screen for what the match waits for: the one place that does."""
        self.noted()
        phase = self.session.phase()
        if phase == NO_MATCH:
            self._title(None)
            return
        self.lights(phase)
        if phase == PASS:
            self.make_room("pass")
            from lostcities.screens.passing import PassScreen
            self.show(PassScreen(self, self.match.state.to_move))
        elif phase == SCORES:
            self.make_room("round")
            from lostcities.screens.summary import RoundScreen
            self.show(RoundScreen(self))
        elif phase == END:
            self.make_room("match")
            from lostcities.screens.summary import MatchScreen
            self.show(MatchScreen(self))
        else:  # MOVE, AI, LAST: the table
            self.make_table()
            notice = None
            if phase == MOVE:
                notice, self.save_notice = self.save_notice, None
            self.table.show(notice)
            self.show(self.table)

    def make_table(self):
        """The table screen, built when a match or round starts or resumes, once
        the screen before it and the modules of others are let go."""
        if self.table is None:
            self.make_room("table")
            if self.sheets is None:
                self.sheets = Sheets()
            if self.session.let_go_of_profile():
                forget(*PROFILE)  # read again at the match's end
            self.session.prepare()
            from lostcities.screens.table import TableScreen
            self.table = TableScreen(self)

    def noted(self):
        """A save's news waits for a person's turn, to be shown once: a problem
        only while it lasts (a later save that worked makes it old)."""
        news = self.session.news()
        if news:
            self.save_notice = news
        elif self.session.save_problem is None and self.save_notice in (TOO_LONG, UNSAVED):
            self.save_notice = None

    def _play(self):
        try:
            self.session.play(self.move)
        except IllegalMove as err:
            self.sound("illegal")
            self.table.popup.show(str(err))
            return
        self.moved()

    def _advance(self):
        session = self.session
        phase = session.phase()
        if phase == SCORES and self.match.is_over():
            # the statistics are counted with the match's modules let go
            self.make_room("match")
        elif phase == SCORES:
            self.let_go()  # the scores go before the next deal's table
        if phase == AI:
            session.advance(self.clock_ms, self.stopped, self.thought)
            self.buttons.clear()  # presses made while it thought were not meant for this
            self.moved()
            return
        session.advance()
        self.show_phase()

    def stopped(self):
        """A press while the AI thinks: it plays its best move so far."""
        return self.buttons.get() is not None

    def thought(self, done, total):
        """The AI's progress on the lights."""
        if self.feedback:
            self.feedback.progress(done, total)

    def moved(self):
        """After any move: the round's end sounds, then the next phase shows."""
        if self.match.state.is_over():
            self.sound("match_end" if self.match.is_over() else "round_end")
        self.show_phase()

    def _pause(self):
        self.make_room("pause")
        from lostcities.screens.pause import PauseScreen
        self.show(PauseScreen(self, self.hint_offered))

    def _resume(self):
        hint, self.hint = self.hint, None
        self.show_phase()
        if hint is not None and self.session.phase() == MOVE:
            self.table.show_hint(hint)

    def _new_match(self):
        self.let_go()
        self.session.new_match(self.learning)
        self.show_phase()

    def _continue(self):
        self.session.resume()
        self.let_go()
        self.show_phase()

    def hint_move(self):
        """What the AI would play for the player to move (the pause menu
        offers it in a person's turn)."""
        return self.session.hint(self.match.state.to_move)

    # The menus ---------------------------------------------------------------

    def _title_noted(self):
        notice, self.notice = self.notice, None
        self._title(notice)

    def _title(self, notice):
        if self.session.phase() == END:
            self.session.advance()  # the result was seen
        self.lights(NO_MATCH)
        self.make_room("title")
        from lostcities.screens.title import TitleScreen
        self.show(TitleScreen(self, notice))

    # The title's sub-screens and the rules are each shown with the screen before
    # them let go (the title, or the pause menu with the table let go under it):
    # each is made again to go back, so two never share the board's heap.

    def _settings(self):
        self.make_room("settings")
        from lostcities.screens.title import SettingsScreen
        self.show(SettingsScreen(self))

    def _rules(self):
        in_match = self.screen is not None and self.screen.name == "pause"
        self.make_room("rules")
        from lostcities.screens.help import RulesScreen
        self.show(RulesScreen(self, in_match))

    def _stats(self):
        self.make_room("stats")
        from lostcities.screens.help import StatsScreen
        self.show(StatsScreen(self))
