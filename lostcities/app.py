"""The game on the screen: navigation between the screens, and drawing.

``App(display, buttons, nvm, clock_ms, feedback=None, seed=None)`` builds
everything from what it is handed: the board's code.py, the simulator and the
tests each hand in their own display, buttons, NVM and clock (``seed`` fixes
the deals, for the simulator and the tests). ``step()`` handles pending input
once; ``run()`` loops forever (the loop is lostcities/shell.py's). The match
itself lives in a :class:`~lostcities.session.Session`, as in the terminal
game.
"""

from lostcities.memory import (
    COACH, COMPILED_FIRST, FROM_SOURCES, NOT_AT_THE_TABLE, NOT_AT_THE_TITLE, OF_THE_MATCH,
    PROFILE, forget)

if FROM_SOURCES:  # before anything else: see COMPILED_FIRST
    for _name in COMPILED_FIRST:
        __import__(_name)

from lostcities.buttons import START_HELD
from lostcities.rules.cards import HAND_SIZE, HIDDEN, IllegalMove
from lostcities.save import Storage
from lostcities.save_format import TOO_LONG, UNSAVED
from lostcities.session import Session
from lostcities.shell import Shell
from lostcities.sprites import Sheets

class App(Shell):
    """Owns the session (the match and the profile) and the screens' order."""

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
        self.kept = [bytearray([HIDDEN] * HAND_SIZE), bytearray([HIDDEN] * HAND_SIZE)]
        self.paused_at_pass = False
        self.hint_offered = False
        self.apply_settings()
        self.title(self.session.notice)

    # The loop (lostcities/shell.py) ----------------------------------------

    def handle(self, action):
        """START held goes to the title from anywhere, the rest to the screen."""
        if action == START_HELD and self.screen.name != "title":
            self.later(self.title)
        else:
            super().handle(action)

    def busy(self):
        """True while the app has work to do without a press (the AI's move)."""
        screen = self.screen
        return screen is self.table and screen is not None and screen.thinking > 0

    def let_go(self):
        """Forget the table as well (see Shell.let_go)."""
        self.table = None
        super().let_go()

    # Feedback ----------------------------------------------------------------

    def apply_settings(self):
        profile = self.profile
        if self.feedback:
            self.feedback.settings(profile.sound, profile.lights,
                                   profile.brightness, profile.debug)

    # The match -------------------------------------------------------------

    # What the screens read of the session
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

    def new_match(self, learn=False):
        """A new match with the settings (``learn``: the lesson, issue 25)."""
        self.let_go()
        self.session.new_match(learn)
        self.noted()
        self.start_turn()

    def learn(self):
        """The lesson: one round against the lowest level, with the coach."""
        self.new_match(True)

    def continue_match(self):
        """Resume the saved match exactly where it stopped."""
        self.session.last_match = self.match
        self.let_go()
        if self.match.state is None:
            self.round_over()
        elif self.match.state.is_over():
            self.round_end()
        else:
            self.start_turn()

    def noted(self):
        """A save's news waits for the next player's turn, to be shown once: a
        problem only while it lasts (a later save that worked makes it old)."""
        news = self.session.news()
        if news:
            self.save_notice = news
        elif self.session.save_problem is None and self.save_notice in (TOO_LONG, UNSAVED):
            self.save_notice = None

    def begin_turn(self):
        """The table for the next turn; a save's problem shows to a player."""
        self.table.begin_turn()
        if self.save_notice and not self.session.ai_to_move():
            self.table.popup.show(self.save_notice)
            self.save_notice = None
        self.show(self.table)

    def start_turn(self):
        """The next turn: a pass screen first when two players share the device."""
        if self.saved.mode == "duel":
            self.later(self.pass_device)
        else:
            self.make_table()
            self.begin_turn()

    def pass_device(self):
        """The pass screen, the table let go meanwhile: it shows nothing of either
        hand, and the board's heap then never holds the two together."""
        self.let_go()
        from lostcities.screens.passing import PassScreen
        self.show(PassScreen(self, self.match.state.to_move))

    def make_table(self):
        """The table screen, built when a match or round starts or resumes, once
        the screen before it and the modules of others are let go."""
        if self.table is None:
            self.let_go()
            forget(*NOT_AT_THE_TABLE)
            if self.sheets is None:
                self.sheets = Sheets()
            if self.session.let_go_of_profile():
                forget(*PROFILE)  # read again at the match's end
            self.session.prepare()
            from lostcities.screens.table import TableScreen
            self.table = TableScreen(self)

    def passed(self):
        """The next player holds the device: show them the table."""
        self.later(self.table_for_turn)

    def table_for_turn(self):
        self.make_table()
        self.begin_turn()

    def pause(self):
        """The pause menu, the table let go meanwhile (as under the pass screen)."""
        table = self.table
        self.paused_at_pass = self.screen is not table
        self.hint_offered = not self.paused_at_pass and table.offers_hint()
        self.later(self.paused)

    def paused(self):
        self.let_go()  # no local here may hold the table: see handle()
        from lostcities.screens.pause import PauseScreen
        self.show(PauseScreen(self, self.hint_offered))

    def resume(self, hint=None):
        """Back from the pause menu to the turn as it was, the table made again;
        ``hint``, a move, shows on it."""
        self.later(lambda: self.back_to_turn(hint))

    def back_to_turn(self, hint):
        if self.paused_at_pass:
            self.pass_device()
        elif self.match.state.is_over():
            self.round_end()
        else:
            self.table_for_turn()
            if hint is not None:
                self.table.show_hint(hint)

    def ai_turn(self):
        self.session.ai_move(self.clock_ms)
        if self.feedback:
            self.feedback.thinking(False)
        self.buttons.clear()  # presses made while it thought were not meant for this
        self.after_move()

    def play(self, move):
        """Play the player's move from the table (which offers legal ones only)."""
        try:
            self.session.play(move)
        except IllegalMove as err:
            self.sound("illegal")
            self.table.popup.show(str(err))
            return
        self.after_move()

    def after_move(self):
        self.noted()
        if self.match.state.is_over():
            self.sound("match_end" if self.match.is_over() else "round_end")
            self.round_end()
        else:
            self.start_turn()

    def round_end(self):
        """The round's last move on the table until A when the AI or the other
        player made it; the human's own against the AI goes straight to the scores."""
        state = self.match.state
        if (self.saved.mode == "ai" and not self.session.is_ai(1 - state.to_move)
                and not self.saved.learn):  # the lesson's coach has a word on it
            self.later(self.round_over)
            return
        self.make_table()  # made anew when resumed at this point
        self.table.end_round()
        self.show(self.table)

    def round_over(self):
        if self.feedback:
            self.feedback.turn(None)
        self.let_go()  # before the scores' module loads: the table is big
        forget(*COACH)  # the lesson's coach has said its last
        from lostcities.screens.summary import RoundScreen
        self.show(RoundScreen(self))

    def next_round(self):
        self.let_go()  # the scores go before the table is built again
        self.session.next_round()
        self.noted()
        self.start_turn()

    def match_over(self):
        """Count the finished match in the statistics and forget the save."""
        if FROM_SOURCES:  # the summary and the profile are compiled next (see title)
            self.sheets = None
        self.let_go()
        forget(*OF_THE_MATCH)  # before the profile is read again for the statistics
        from lostcities.screens.summary import MatchScreen
        screen = MatchScreen(self)  # made from the match before it is forgotten
        self.session.finish()
        self.show(screen)

    def hint_move(self):
        """What the AI would play for the player to move (the pause menu
        offers it in a human player's turn)."""
        return self.session.hint(self.match.state.to_move)

    # Other screens ---------------------------------------------------------

    def title(self, notice=None):
        if self.feedback:
            self.feedback.thinking(False)
            self.feedback.turn(None)
        self.session.last_match = None  # its record is written; from .py sources the
        # title's module is compiled next, and a whole match's moves are in the way
        if FROM_SOURCES:
            self.sheets = None  # 4.7 KB, drawn with only by the table
        self.let_go()
        forget(*NOT_AT_THE_TITLE)
        from lostcities.screens.title import TitleScreen
        self.show(TitleScreen(self, notice))

    # The title's sub-screens and the rules are each shown with the screen before
    # them let go (the title, or the pause menu with the table let go under it):
    # each is made again to go back, so two never share the board's heap.

    def settings(self):
        self.let_go()
        from lostcities.screens.title import SettingsScreen
        self.show(SettingsScreen(self))

    def rules(self, back=None):
        """The rules; B calls ``back`` (the title when None)."""
        self.let_go()
        from lostcities.screens.help import RulesScreen
        self.show(RulesScreen(self, back or self.title))

    def rules_in_match(self):
        """The rules from the pause menu: the match goes on after them."""
        self.rules(self.back_to_match)

    def back_to_match(self):
        self.later(self.continue_match)

    def stats(self):
        self.let_go()
        from lostcities.screens.help import StatsScreen
        self.show(StatsScreen(self))
