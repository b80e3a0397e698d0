"""A turn at the table with the buttons: a card picked, played or
discarded, then the draw chosen; and the lesson's coach at each moment of it.
The table's screen (table.py) shows the turns and the words over them.
"""

from lostcities import buttons as btn
from lostcities import sprites as S
from lostcities.rules.cards import (
    HAND_SIZE, NO_CARD, SOURCE_DECK, card_color, card_text, make_move)
from lostcities.screens import set_text
from lostcities.screens.layout import ACTION, DRAW, HAND_Y, LIFT, PICK, TableLayout
from lostcities.screens.words import action_words, discard_words

from micropython import const

ROUND_OVER = "Round over. A: scores"  # also what the table says at the end
# The coach's words: over your side in a turn (the piles, the AI's last discard
# and the draw stay in view), five lines down to the screen's edge; at the
# round's end over the opponent's side, your expeditions in view
_COACH_Y = const(66)
_COACH_END_Y = const(15)
_COACH_CHARS = const(25)  # the widest popup, as SELECT's pages (layout.INFO_CHARS)


class TableTurns(TableLayout):
    """The presses of a person's turn, from the pick to the draw."""

    def coach(self, moment, card=NO_CARD, discard=False):
        """In the lesson, the coach's words for this moment of the viewer's
        turn, if it has any (lostcities/coach.py): over the table until A, or
        B where B steps back."""
        said = self.app.session.coach(self.viewer, moment, card, discard)
        if said is None:
            return
        self.spoken, text = said
        self.coaching = True
        self.page = -1
        if moment == "end":
            self.popup.show(text + "\n" + ROUND_OVER, _COACH_END_Y, _COACH_CHARS)
        else:
            self.popup.show(text + ("\nA: OK  B: back" if self.step == DRAW else "\nA: OK"),
                            _COACH_Y, _COACH_CHARS)

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
