"""The table: a turn is picked, played or discarded, then drawn, with the buttons.

What is drawn where (and the lesson coach's words): layout.py; a card's
play in words: words.py; SELECT's pages: info.py.
"""

from lostcities import buttons as btn
from lostcities import sprites as S
from lostcities.rules.cards import (
    HAND_SIZE, NO_CARD, SOURCE_DECK, card_color, card_text, make_move, move_card, same_kind)
from lostcities.screens import set_text
from lostcities.screens.layout import (  # noqa: F401 (the phases, for the app)
    ACTION, DRAW, SHOWN, HAND_Y, INFO_CHARS, INFO_PAGES, INFO_Y, LIFT, PICK, ROUND_OVER, WAIT,
    TableLayout)
from lostcities.screens.words import action_words, discard_words
from lostcities.rules.cards import played_words
from lostcities.session import AI, LAST

from micropython import const

_END_POPUP_Y = const(104)  # where the hand was, at the round's end


class TableScreen(TableLayout):
    """The match in progress, seen by one player at a time."""

    name = "table"

    def __init__(self, app):
        super().__init__(app)
        self.thinking = 0

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

    def press_pick(self, action):
        viewer = self.viewer
        if action == btn.LEFT or action == btn.RIGHT:
            step = 1 if action == btn.RIGHT else HAND_SIZE - 1
            self.cursor[viewer] = (self.cursor[viewer] + step) % HAND_SIZE
            self.show_cursor()
        elif action == btn.A or action == btn.UP:
            self.chosen = self.hand[self.cursor[viewer]]
            self.step = ACTION
            self.show_action()

    def play_reason(self):
        """Why the chosen card cannot go on its expedition, or None."""
        state = self.app.match.state
        return state.check_move(make_move(self.chosen, False, SOURCE_DECK))

    def show_action(self):
        """The card stands up; the status says what playing it would do."""
        set_text(self.status, action_words(
            self.app.match.state, self.viewer, self.chosen, self.play_reason()))
        grid = self.hand_grids[self.cursor[self.viewer]]
        S.move_to(grid, grid.x, HAND_Y - LIFT)

    def press_action(self, action):
        if action == btn.B:
            self.back_to_pick()
        elif action == btn.A or action == btn.UP:
            reason = self.play_reason()
            if reason:
                self.app.sound("illegal")
                self.popup.show("Can't play %s: %s." % (
                    card_text(self.chosen), reason))
            else:
                self.start_draw(False)
        elif action == btn.DOWN:
            self.start_draw(True)
        elif action == btn.LEFT or action == btn.RIGHT:
            self.back_to_pick()
            self.press_pick(action)

    def back_to_pick(self):
        grid = self.hand_grids[self.cursor[self.viewer]]
        S.move_to(grid, grid.x, HAND_Y)
        self.chosen = NO_CARD
        self.step = PICK
        set_text(self.status, "%s: pick a card, A" % self.short_name(
            self.viewer))

    def start_draw(self, discard):
        """Put the card where it goes (for now) and choose where to draw from."""
        self.discard = discard
        self.step = DRAW
        color = card_color(self.chosen)
        self.sources = self.draw_sources(self.chosen, discard)
        self.source_at = len(self.sources) - 1
        self.show_hand()
        self.show_cell(self.viewer, color)
        self.show_pile(color)
        self.show_cursor()
        self.show_panel()
        if discard:
            opponent = 1 - self.viewer
            set_text(self.status, discard_words(
                self.app.match.state, opponent, self.short_name(opponent),
                self.chosen))
        else:
            set_text(self.status, "Draw: </> choose, A take")
        self.coach("move", self.chosen, discard)

    def press_draw(self, action):
        if action == btn.B:
            color = card_color(self.chosen)
            self.step = ACTION
            self.show_hand()
            self.show_cell(self.viewer, color)
            self.show_pile(color)
            self.show_cursor()
            self.show_panel()
            self.show_action()
        elif action == btn.LEFT or action == btn.RIGHT:
            count = len(self.sources)
            step = 1 if action == btn.RIGHT else count - 1
            self.source_at = (self.source_at + step) % count
            self.show_cursor()
        elif action == btn.A:
            move = make_move(self.chosen, self.discard,
                             self.sources[self.source_at])
            reason = self.app.match.state.check_move(move)
            if reason:  # the screen offers only legal draws; kept as a guard
                self.app.sound("illegal")
                self.popup.show(reason)
                return
            left = self.hands[self.viewer]
            state = self.app.match.state
            leaving = state.hand_card(self.viewer, state.slot_of(self.viewer, self.chosen))
            at = 0
            for card in self.hand:  # in place: no new object outlives the table
                if card != leaving:  # of two wagers, the one the rules take
                    left[at] = card
                    at += 1
            self.app.play(move)

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
            self.app.coach_cut_short(self.spoken)
        from lostcities.screens.info import hint_words
        words = hint_words(self.app, self.viewer, move)
        self.app.make_room("info")  # the words made, their module goes
        self.popup.show(words)

    def show_info(self, page):
        """SELECT: its next page over the table, none after the last."""
        self.page = page if page < INFO_PAGES else -1
        if self.page < 0:
            self.popup.hide()
            return
        self.popup.empty()  # the page before let go while this one is made
        from lostcities.screens.info import info_page
        lines = info_page(self.app, self.viewer, self.page)
        self.app.make_room("info")  # the page made, its module goes
        self.popup.show("\n".join(lines), INFO_Y, INFO_CHARS)
