"""The game on the screen: the session's phase shown, and the menus around it.

``App(display, buttons, nvm, clock_ms, feedback=None, seed=None)`` is handed
the hardware (code.py's, the simulator's, the tests'); ``seed`` fixes the deals.
The :class:`~lostcities.session.Session` decides what comes next;
:meth:`App.show_phase` alone maps its phase to a screen. Screens report
through the public methods, each taken once the press has returned
(:meth:`Shell.later`).
"""

# The memory policy (lostcities/memory.py) is read where it is applied, and let
# go there: imported with the app, it stayed in the heap for good, kept by a
# stale pointer the app's import leaves on the stack (docs/memory.md).
if __file__.endswith(".py"):  # from .py sources (memory.FROM_SOURCES): see COMPILED_FIRST
    from lostcities.memory import COMPILED_FIRST, names
    for _name in names(COMPILED_FIRST):  # before anything else
        __import__(_name)

from lostcities.buttons import START_HELD
from lostcities.rules.cards import IllegalMove
from lostcities.saves.layout import TOO_LONG, UNSAVED
from lostcities.saves.storage import Storage
from lostcities.session import AI, END, MOVE, NO_MATCH, PASS, REVIEW, SCORES, Session
from lostcities.shell import Shell


class App(Shell):
    """Owns the session (the match and the profile) and shows its phase."""

    def __init__(self, display, buttons, nvm, clock_ms, feedback=None,
                 seed=None):
        super().__init__(display, buttons, clock_ms, feedback)
        self.seed = seed
        self.session = Session(Storage(nvm), self.new_seed)
        self.table = None
        self.title_item = None  # the title's item whose sub-screen is open
        self.save_notice = None  # a save's news (a failure, the flash's wear), until seen once
        self.seats = None  # what a table leaves the next (screens/layout.py)
        self.hint_offered = False  # the pause menu offers a hint (a person's turn)
        # what a report takes with it to its later step
        self.move = None
        self.opening = "title"  # the menus' choice to carry out: see open()
        self.reviewed = 1  # the player whose review was shown last
        self.apply_settings()
        from lostcities import menus
        menus.title(self, self.session.notice)

    # The loop (lostcities/shell.py) ----------------------------------------

    def handle(self, action):
        """START held goes to the title from anywhere, the rest to the screen."""
        if action == START_HELD and self.screen.name != "title":
            self.open("title")
        else:
            super().handle(action)

    def let_go(self):
        """Forget the table as well (see Shell.let_go)."""
        self.table = None
        super().let_go()

    def let_go_of_profile(self):
        """Whether a room may let the profile go (Session.let_go_of_profile)."""
        return self.session.let_go_of_profile()

    def waiting(self, idle_ms):
        """Tell the session the picture is shown and how long no one pressed:
        it saves then, if it has decided to (lostcities/session.py)."""
        self.session.tick(idle_ms)

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

    def review(self):
        """SELECT on a round's scores or the match's result: the last round's
        review, of the person against the AI, or of each player in turn."""
        saved = self.session.playing()
        self.reviewed = 1 - saved.ai_seat if saved.mode == "ai" else 1 - self.reviewed
        self.later(self._review)

    def reviewed_all(self):
        """The review is left: back to the phase it was opened from (the
        lesson's review is a phase of its own, gone past)."""
        if self.session.phase() == REVIEW:
            self.advance()
        else:
            self.later(self.show_phase)

    def pause(self):
        """START during a match: the pause menu, with a hint on a person's turn."""
        table = self.table
        self.hint_offered = self.screen is table and table is not None and table.offers_hint()
        self.later(self._pause)

    def resume(self):
        """Back from the pause menu (or the rules in it) to the phase as it was."""
        self.later(self.show_phase)

    def resume_with_hint(self):
        """The pause menu's Hint: back to the table, showing what ``normal``
        would play in the person's place."""
        self.later(self._hint)

    def erase(self):
        """The settings' Erase all: the saved match, the settings and the
        statistics forgotten, in one write."""
        self.session.erase()
        self.apply_settings()

    def settings_left(self):
        """The settings screen is left: its changes are saved (a changed Resume
        setting applies at once)."""
        self.session.save_profile()

    def coach(self, player, moment, card, discard):
        """The lesson's coach's words to ``player`` at ``moment``, marked as
        said (Session.coach), or None."""
        return self.session.advice.coach(player, moment, card, discard)

    def coach_cut_short(self, lesson):
        """The coach's words ``lesson`` were cut short (by a hint): they wait
        for their next moment."""
        self.session.advice.unsaid(lesson)

    def keep_seats(self, seats):
        """The table's :class:`~lostcities.screens.layout.Seats`, kept for the
        tables made after it; returns them."""
        self.seats = seats
        return seats

    def open(self, name):
        """A menu's choice, carried out by lostcities/menus.py: "title",
        "settings", "stats", "rules" (back to the match from the pause menu, else
        to the title), "new_match", "learn", "continue_match" or "refused"."""
        self.opening = name
        self.later(self._open)

    def open_from_title(self, name, item=None):
        """``open(name)`` chosen on the title at its ``item``, where the title's
        cursor comes back to (None: a match starts, the cursor at the top)."""
        self.title_item = item
        self.open(name)

    # The phase on the screen -----------------------------------------------

    def show_phase(self, hint=None):
        """The screen for what the match waits for: the one place that does
        (``hint``, a move, over a person's turn)."""
        self.noted()
        phase = self.session.phase()
        if phase == NO_MATCH:
            from lostcities import menus
            menus.title(self)
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
            self.after_picture(self.ready_the_title)
        elif phase == REVIEW:
            self.reviewed = 1 - self.saved.ai_seat
            self._review()
        else:  # MOVE, AI, LAST: the table
            self.make_table()
            notice = None
            if phase == MOVE:
                notice, self.save_notice = self.save_notice, None
            self.table.show(notice, hint)
            self.show(self.table)

    def make_table(self):
        """The table screen, built when a match or round starts or resumes, once
        the screen before it and the modules of others are let go; what the
        AI's decisions work in is made once the table is on the screen."""
        if self.table is None:
            if self.saved.mode == "ai":
                self.make_room("table")
            else:
                self.make_room("two players' table")
            self.load_sheets()
            from lostcities.screens.table import TableScreen
            self.table = TableScreen(self)
            self.after_picture(self.session.prepare)

    def ready_the_table(self):
        """Once the title is on the screen: the match found at power-on
        replayed (Session.saved; one the rules refuse, the title's tick
        tells: screens/title.py), what a match needs and the title does not
        loaded (memory.READIED: the rules, the table's modules), and the
        table's sprite sheets made (but from .py sources: see Shell.sheets),
        which a new match or Continue then need not wait for."""
        self.session.saved  # replayed now, if found at power-on
        from lostcities.memory import FROM_SOURCES, READIED, load
        if not FROM_SOURCES:
            self.load_sheets()
        load(READIED)

    def ready_the_title(self):
        """Once the match's result is on the screen: the title's modules
        (memory.TITLE), which the next press but SELECT opens; but from .py
        sources, which would compile them beside the result."""
        from lostcities.memory import FROM_SOURCES, TITLE, load
        if not FROM_SOURCES:
            load(TITLE)

    def load_sheets(self):
        """The table's sprite sheets, unless made already."""
        if self.sheets is None:
            from lostcities.assets import load_sheets  # forgotten at the title
            self.sheets = load_sheets()

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
        if phase == AI:
            session.advance(self.clock_ms, self.thought)
            self.buttons.clear()  # presses made while it thought were not meant for this
            self.collect()  # the search's leftovers go before the policy is read
            self.make_room("ai moved")  # what its decision alone needed goes
            self.moved()
            return
        session.advance()
        self.show_phase()

    def _review(self):
        self.make_room("review")
        if self.feedback:
            self.feedback.thinking(True)
        from lostcities.screens.review import last_round
        self.show(last_round(self, self.session.advice.review(self.reviewed)))

    def moved(self):
        """After any move: the round's end sounds, then the next phase shows."""
        if self.match.state.is_over():
            self.sound("match_end" if self.match.is_over() else "round_end")
        self.show_phase()

    def _pause(self):
        self.session.paused()
        self.make_room("pause")
        from lostcities.screens.pause import PauseScreen
        self.show(PauseScreen(self, self.hint_offered))

    def _hint(self):
        hint = self.session.advice.hint(self.match.state.to_move)
        self.make_room("hint")  # the pause menu and what the hint loaded go
        self.show_phase(hint)

    # The menus ---------------------------------------------------------------

    def _open(self):
        from lostcities import menus  # forgotten at the table
        getattr(menus, self.opening)(self)
