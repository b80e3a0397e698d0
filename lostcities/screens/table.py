"""The table: a turn is picked, played or discarded, then drawn, with the buttons.

Layout (160x128)::

    y   0 status line (text)
    y  12 the opponent's expeditions: per colour a 4x4 grid of mini tiles,
          the colour's letter and score on top, then the cards in order
    y  45 the discard piles' top cards, the draw pile at the right
    y  59 the draw cursor
    y  62 your expeditions, the same way
    y  96 your hand, sorted; y 125 the hand cursor
    x 135 the side panel: players, round scores, cards in the deck, round

Each colour sits in its own column, so the opponent's expedition, the pile and
yours line up under the same letter. Every part is its own TileGrid, so a
cursor move redraws two small bars and nothing else.
"""

from lostcities import buttons as btn
from lostcities import sprites as S
from lostcities.rules import (
    HAND_SIZE, HIDDEN, NO_CARD, SOURCE_DECK, card_color, card_text, make_move,
    move_card, move_discards, move_source, same_kind, score_cards, taken_card)
from lostcities.screens import Popup, Screen, label, set_text

from micropython import const

_TOP_Y = const(12)
_PILE_Y = const(45)
_DRAW_BAR_Y = const(59)
_MINE_Y = const(62)
_HAND_Y = const(96)
_HAND_BAR_Y = const(125)
_PANEL_X = const(135)
_DECK_X = const(137)
_CELL_W = const(4)  # tiles across an expedition
_CELL_SLOTS = const(12)  # card tiles in an expedition grid
_POPUP_CHARS = const(22)  # messages keep clear of the side panel
_END_POPUP_Y = const(104)  # where the hand was, at the round's end

PICK = const(0)  # choosing a card from the hand
ACTION = const(1)  # play it or discard it
DRAW = const(2)  # where to draw from
WAIT = const(3)  # the AI's turn, or nothing to do
END = const(4)  # the round's last move on show; A goes on to the scores


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


class TableScreen(Screen):
    """The match in progress, seen by one player at a time."""

    name = "table"

    def __init__(self, app):
        super().__init__(app)
        sheets = app.sheets
        self.sheets = sheets
        group = self.group
        colors = app.match.colors
        self.colors = colors
        self.pitch = 22 if colors == 6 else 26
        self.status = label(" ", 1, 0)
        group.append(self.status)
        self.cells = []  # [side][colour]: side 0 the opponent (top), 1 the viewer
        for y in (_TOP_Y, _MINE_Y):
            row = []
            for color in range(colors):
                grid = sheets.mini_grid(_CELL_W, 4, self.column_x(color), y,
                                        sheets.palettes[color])
                grid[0] = S.MINI_LETTER + color
                group.append(grid)
                row.append(grid)
            self.cells.append(row)
        self.piles = []
        for color in range(colors):
            grid = sheets.card_grid(1, 1, self.column_x(color), _PILE_Y)
            grid.pixel_shader = sheets.palettes[color]
            group.append(grid)
            self.piles.append(grid)
        self.deck = sheets.card_grid(1, 1, _DECK_X, _PILE_Y)
        group.append(self.deck)
        self.panels = (sheets.mini_grid(5, 4, _PANEL_X, _TOP_Y),
                       sheets.mini_grid(5, 4, _PANEL_X, _MINE_Y))
        group.append(self.panels[0])
        group.append(self.panels[1])
        self.hand_grids = []
        for slot in range(HAND_SIZE):
            grid = sheets.card_grid(1, 2, slot * S.CARD_W, _HAND_Y)
            group.append(grid)
            self.hand_grids.append(grid)
        self.hand_bar = sheets.bar_grid(1, _HAND_BAR_Y)
        self.draw_bar = sheets.bar_grid(_DECK_X + 1, _DRAW_BAR_Y)
        self.draw_bar.hidden = True
        group.append(self.hand_bar)
        group.append(self.draw_bar)
        self.popup = Popup(group, width=_POPUP_CHARS)
        self.viewer = 0
        self.hand = b""
        self.cursor = [0, 0]  # each player's hand cursor
        self.phase = WAIT
        self.chosen = NO_CARD
        self.discard = False
        self.sources = []
        self.source_at = 0
        self.marked = None  # the opponent's last move, highlighted
        self.thinking = 0

    def column_x(self, color):
        return 1 + color * self.pitch

    # Turns -----------------------------------------------------------------

    def begin_turn(self):
        """Show the table to the player to move (or to the human, the AI's turn)."""
        app = self.app
        state = app.match.state
        player = state.to_move
        ai_turn = app.is_ai(player)
        self.viewer = 1 - player if ai_turn else player
        self.chosen = NO_CARD
        self.phase = WAIT  # nothing pending while the table is redrawn
        self.marked = app.last_move_of(1 - self.viewer)
        self.hand = bytes(sorted(state.hand(self.viewer)))
        self.popup.hide()
        self.draw_all()
        if ai_turn:
            self.thinking = 1
            set_text(self.status, "%s is thinking..." % app.player_name(player))
            if app.feedback:
                app.feedback.thinking(True)
        else:
            self.phase = PICK
            if self.marked is None:
                message = "%s: pick a card, A" % app.player_name(player)
            else:
                message = self.marked_words()
            set_text(self.status, message)
        if app.feedback:
            app.feedback.turn(player)

    def marked_words(self, last=False):
        """``AI: discard B3, took G7``: the opponent's move on show."""
        moves = self.app.match.moves[-1]
        return "%s: %s" % (self.app.player_name(1 - self.viewer), move_words(
            self.marked, taken_card(moves, len(moves) - 1), last=last))

    def end_round(self):
        """The round's last move, made by the AI or the other player, on show
        (highlighted and in words) until A; no hand shows, the round is over."""
        app = self.app
        state = app.match.state
        self.viewer = state.to_move  # the player who did not make that move
        self.phase = END
        self.thinking = 0
        self.chosen = NO_CARD
        self.marked = app.last_move_of(1 - self.viewer)
        self.hand = bytes(sorted(state.hand(self.viewer)))
        self.draw_all()
        set_text(self.status, self.marked_words(last=True))
        self.popup.show("Round over. A: scores", _END_POPUP_Y)
        if app.feedback:
            app.feedback.turn(None)

    def tick(self):
        """The AI moves on the tick after its thinking sign was drawn."""
        if self.phase != WAIT or not self.thinking:
            return False
        self.thinking += 1
        if self.thinking < 3:
            return False
        self.thinking = 0
        self.app.ai_turn()
        return True

    def press(self, action):
        if self.phase == END:  # the message stays until A
            if action == btn.A:
                self.app.later(self.app.round_over)
            elif action == btn.START:
                self.app.pause()
            return
        if self.popup.hide() and action != btn.A and action != btn.B:
            return
        if action == btn.START:
            self.app.pause()
            return
        if action == btn.SELECT:
            self.popup.show(self.info_text())
            return
        phase = self.phase
        if phase == PICK:
            self.press_pick(action)
        elif phase == ACTION:
            self.press_action(action)
        elif phase == DRAW:
            self.press_draw(action)

    def press_pick(self, action):
        viewer = self.viewer
        if action == btn.LEFT or action == btn.RIGHT:
            step = 1 if action == btn.RIGHT else HAND_SIZE - 1
            self.cursor[viewer] = (self.cursor[viewer] + step) % HAND_SIZE
            self.show_cursor()
        elif action == btn.A or action == btn.UP:
            self.chosen = self.hand[self.cursor[viewer]]
            self.phase = ACTION
            self.show_action()

    def play_reason(self):
        """Why the chosen card cannot go on its expedition, or None."""
        state = self.app.match.state
        return state.check_move(make_move(self.chosen, False, SOURCE_DECK))

    def show_action(self):
        text = card_text(self.chosen)
        if self.play_reason():
            set_text(self.status, "%s: can't play; v discard" % text)
        else:
            set_text(self.status, "%s: A/^ play, v discard" % text)
        grid = self.hand_grids[self.cursor[self.viewer]]
        S.move_to(grid, grid.x, _HAND_Y - 3)

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
        S.move_to(grid, grid.x, _HAND_Y)
        self.chosen = NO_CARD
        self.phase = PICK
        set_text(self.status, "%s: pick a card, A" % self.app.player_name(
            self.viewer))

    def start_draw(self, discard):
        """Put the card where it goes (for now) and choose where to draw from."""
        self.discard = discard
        self.phase = DRAW
        color = card_color(self.chosen)
        self.sources = self.draw_sources(self.chosen, discard)
        self.source_at = len(self.sources) - 1
        self.show_hand()
        self.show_cell(self.viewer, color)
        self.show_pile(color)
        self.show_cursor()
        set_text(self.status, "Draw: </> choose, A take")

    def draw_sources(self, card, discard):
        """Where a turn may draw from, left to right: the piles with a card
        (not the one ``card`` was just discarded to), then the deck."""
        state = self.app.match.state
        color = card_color(card)
        sources = []
        for pile in range(self.colors):
            if state.pile_len(pile) and not (discard and pile == color):
                sources.append(pile + 1)
        sources.append(SOURCE_DECK)
        return sources

    def press_draw(self, action):
        if action == btn.B:
            color = card_color(self.chosen)
            self.phase = ACTION
            self.show_hand()
            self.show_cell(self.viewer, color)
            self.show_pile(color)
            self.show_cursor()
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
            self.app.play(move)

    def show_hint(self, move):
        """Back to the pick, the cursor on the hinted card; say the whole move."""
        if self.phase == DRAW:
            self.press_draw(btn.B)
        if self.phase == ACTION:
            self.back_to_pick()
        card = move_card(move)
        for slot in range(HAND_SIZE):
            if same_kind(self.hand[slot], card):
                self.cursor[self.viewer] = slot
                break
        self.show_cursor()
        source = move_source(move)
        top = NO_CARD if source == SOURCE_DECK else \
            self.app.match.state.pile_top(source - 1)
        self.popup.show("Hint: " + move_words(move, top, done=False))

    def info_text(self):
        """SELECT: the match totals and the cards the opponent took from the
        piles and still holds (public, read from the viewer's view)."""
        opponent = 1 - self.viewer
        view = self.app.match.state.view(self.viewer)
        known = [card_text(card) for card in view.hand(opponent) if card != HIDDEN]
        return "%s %s holds from the piles: %s." % (
            self.app.totals_text(), self.app.player_name(opponent),
            " ".join(known) if known else "none")

    # Drawing ---------------------------------------------------------------

    def draw_all(self):
        for color in range(self.colors):
            self.show_cell(0, color)
            self.show_cell(1, color)
            self.show_pile(color)
        self.show_hand()
        self.show_cursor()
        self.show_panel()

    def show_cell(self, player, color):
        """One expedition: its letter and score, then its cards in order."""
        state = self.app.match.state
        grid = self.cells[0 if player != self.viewer else 1][color]
        cards = state.expedition(player, color)
        pending = (self.phase == DRAW and player == self.viewer
                   and not self.discard and card_color(self.chosen) == color)
        if pending:
            cards += bytes((self.chosen,))
        count = len(cards)
        marked = count if pending else 0
        move = self.marked
        if (move is not None and player != self.viewer
                and not move_discards(move) and card_color(move_card(move)) == color):
            marked = count
        # the score next to its own letter, not against the next column's
        S.write_text(grid, 1, "%-3d" % score_cards(cards)[0] if count else "", 3)
        for i in range(_CELL_SLOTS):
            if i < count:
                tile = S.mini_card(cards[i], i + 1 == marked)
            else:
                tile = S.MINI_BLANK
            S.set_tile(grid, _CELL_W + i, tile)

    def show_pile(self, color):
        state = self.app.match.state
        top = state.pile_top(color)
        marked = False
        if self.phase == DRAW and self.discard and card_color(self.chosen) == color:
            top = self.chosen
            marked = True
        move = self.marked
        if (move is not None and move_discards(move) and top == move_card(move)
                and card_color(top) == color):
            marked = True
        S.set_tile(self.piles[color], 0, S.EMPTY_PILE if top == NO_CARD
                   else S.pile_card(top, marked))

    def show_hand(self):
        sheets = self.sheets
        hidden_slot = (self.cursor[self.viewer] if self.phase == DRAW else -1)
        for slot in range(HAND_SIZE):
            grid = self.hand_grids[slot]
            card = self.hand[slot]
            if slot == hidden_slot or self.phase == END:
                S.set_tile(grid, 0, S.BLANK)
                S.set_tile(grid, 1, S.BLANK)
                continue
            top, bottom = S.hand_tiles(card)
            S.set_palette(grid, sheets.palette_of(card))
            S.set_tile(grid, 0, top)
            S.set_tile(grid, 1, bottom)
            S.move_to(grid, grid.x, _HAND_Y - 3 if (
                self.phase == ACTION and slot == self.cursor[self.viewer])
                else _HAND_Y)

    def show_cursor(self):
        """The bars: under the hand card, or under the draw source."""
        if self.phase == DRAW:
            source = self.sources[self.source_at]
            x = _DECK_X if source == SOURCE_DECK else self.column_x(source - 1)
            S.move_to(self.draw_bar, x + 1, _DRAW_BAR_Y)
            if self.draw_bar.hidden:
                self.draw_bar.hidden = False
            if not self.hand_bar.hidden:
                self.hand_bar.hidden = True
            return
        if not self.draw_bar.hidden:
            self.draw_bar.hidden = True
        if self.hand_bar.hidden != (self.phase == END):
            self.hand_bar.hidden = self.phase == END
        S.move_to(self.hand_bar, self.cursor[self.viewer] * S.CARD_W + 1,
                  _HAND_BAR_Y)

    def show_panel(self):
        """Names (> marks whose turn), round scores, the deck and the round."""
        app = self.app
        match = app.match
        state = match.state
        for side in (0, 1):
            player = 1 - self.viewer if side == 0 else self.viewer
            grid = self.panels[side]
            turn = ">" if state.to_move == player and not state.is_over() else " "
            S.write_text(grid, 0, turn + app.player_name(player), 5)
            S.write_text(grid, 5, "%d" % state.score(player), 5)
        S.set_tile(self.deck, 0, S.BACK if state.deck_len else S.EMPTY_PILE)
        S.write_text(self.panels[0], 10, "DECK", 5)
        S.write_text(self.panels[0], 15, "%d" % state.deck_len, 5)
        S.write_text(self.panels[1], 15, "R%d/%d" % (
            match.round_number(), match.rounds), 5)


