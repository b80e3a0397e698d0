"""The table: the match in progress, a turn at a time (its presses:
turn.py), and the words over it: the round's end, the hint, SELECT's pages.

What is drawn where: layout.py; a card's play in words: words.py; SELECT's
pages: info.py.
"""

from lostcities import buttons as btn
from lostcities.rules.cards import HAND_SIZE, NO_CARD, move_card, played_words, same_kind
from lostcities.screens import set_text
from lostcities.screens.layout import (  # noqa: F401 (the phases, for the app)
    ACTION, DRAW, SHOWN, INFO_CHARS, INFO_Y, PICK, WAIT)
from lostcities.screens.turn import ROUND_OVER, TableTurns
from lostcities.session import AI, LAST

from micropython import const

_END_POPUP_Y = const(104)  # where the hand was, at the round's end


class TableScreen(TableTurns):
    """The match in progress, seen by one player at a time."""

    name = "table"

    def __init__(self, app):
        super().__init__(app)
        self.thinking = 0
        self.page = -1  # SELECT's page on show, or -1
        self.coaching = False  # the coach's words on show, until A
        self.spoken = 0  # and which lesson they are

    # Turns -----------------------------------------------------------------

    def show(self, notice=None, hint=None):
        """The table for the session's phase: a person's move (with a save's
        ``notice``, or a ``hint``, over it), the AI's, or the round's last move."""
        phase = self.app.session.phase()
        if phase == LAST:
            self.show_last()
            return
        self.show_turn(phase == AI)
        if notice:
            self.popup.show(notice)
        if hint is not None and phase != AI:
            self.show_hint(hint)

    def show_turn(self, ai_turn):
        """Show the table to the player to move (or to the human, the AI's turn)."""
        app = self.app
        state = app.match.state
        player = state.to_move
        self.viewer = 1 - player if ai_turn else player
        self.chosen = NO_CARD
        self.step = WAIT  # nothing pending while the table is redrawn
        self.marked = app.session.last_move_of(1 - self.viewer)
        self.hand = bytes(sorted(state.hand(self.viewer)))
        self.new_slot = self.drawn_slot()
        self.page = -1
        self.popup.hide()
        self.draw_all()
        self.thinking = 1 if ai_turn else 0
        if ai_turn:
            set_text(self.status, "%s is thinking..." % self.short_name(player))
        else:
            self.step = PICK
            if self.marked is None:
                message = "%s: pick a card, A" % self.short_name(player)
            else:
                message = self.marked_words()
            set_text(self.status, message)
            self.coach("pick")

    def marked_words(self, last=False):
        """``AI: discard B3, took G7``: the opponent's move on show."""
        return "%s: %s" % (self.short_name(1 - self.viewer),
                           played_words(self.app.match.moves[-1], last=last))

    def show_last(self):
        """The round's last move, made by the AI or the other player, on show
        (highlighted and in words) until A; no hand shows, the round is over."""
        app = self.app
        state = app.match.state
        last = 1 - state.to_move  # the player who made that move
        self.viewer = 1 - last
        if app.saved.learn:  # the lesson's end, whoever made it: the player's side
            self.viewer = 1 - app.saved.ai_seat
        self.step = SHOWN
        self.thinking = 0
        self.chosen = NO_CARD
        self.marked = app.session.last_move_of(1 - self.viewer)
        self.hand = bytes(sorted(state.hand(self.viewer)))
        self.new_slot = -1
        self.page = -1
        self.draw_all()
        set_text(self.status, "%s: %s" % (self.short_name(last),
                                          played_words(app.match.moves[-1], last=True)))
        self.popup.show(ROUND_OVER, _END_POPUP_Y, INFO_CHARS)
        self.coach("end")

    def busy(self):
        return self.thinking > 0

    def offers_hint(self):
        """A human player's turn is on: the pause menu may offer a hint."""
        return self.step != WAIT and self.step != SHOWN

    def tick(self):
        """The AI's turn goes on once its thinking sign is on the screen; the
        table is busy until its move shows (no press then is for the table)."""
        if self.step != WAIT or not 0 < self.thinking < 3:
            return False
        self.thinking += 1
        if self.thinking == 3:
            self.app.advance()
        return self.thinking == 3

    def press(self, action):
        if self.coaching and self.step != SHOWN:  # the coach's words stay until A,
            if action == btn.START:  # or B at the draw, which steps back as well
                self.app.pause()
            if action != btn.A and not (action == btn.B and self.step == DRAW):
                return
            self.coaching = False
            self.popup.hide()
            if action == btn.A:
                return
        if self.step == SHOWN:  # the message stays until A
            if action == btn.A:
                self.app.advance()
            elif action == btn.START:
                self.app.pause()
            return
        if action == btn.SELECT:
            self.show_info(self.page + 1)
            return
        self.page = -1
        self.popup.hide()  # and the press that closed it counts as well
        if action == btn.START:
            self.app.pause()
            return
        step = self.step
        if step == PICK:
            self.press_pick(action)
        elif step == ACTION:
            self.press_action(action)
        elif step == DRAW:
            self.press_draw(action)

    def show_hint(self, move):
        """Back to the pick, the cursor on the hinted card; say the whole move."""
        if self.step == DRAW:
            self.press_draw(btn.B)
        if self.step == ACTION:
            self.back_to_pick()
        card = move_card(move)
        for slot in range(HAND_SIZE):
            if same_kind(self.hand[slot], card):
                self.cursor[self.viewer] = slot
                break
        self.show_cursor()
        self.page = -1
        if self.coaching:  # the coach's words wait for the next moment
            self.coaching = False
            self.app.session.unsaid(self.spoken)
        from lostcities.screens.info import hint_words
        self.popup.show(hint_words(self.app, self.viewer, move))

    def show_info(self, page):
        """SELECT: its next page over the table, none after the last."""
        from lostcities.screens.info import PAGES, info_page
        self.page = page if page < PAGES else -1
        if self.page < 0:
            self.popup.hide()
            return
        self.popup.show("\n".join(info_page(self.app, self.viewer, self.page)),
                        INFO_Y, INFO_CHARS)
