"""The table's tile grids and how each part is drawn, the lesson coach's
words too (the turns: table.py).

Layout (160x128)::

    y   0 status line (text)
    y  12 the opponent's expeditions: per colour the score (+12, -60), then
          the cards in order in a 3x4 grid of mini tiles, three px apart
    y  46 the discard piles' top cards (an empty pile shows its colour's
          letter), the draw pile at the right
    y  60 the draw cursor
    y  63 your expeditions, the same way
    y  97 your hand, sorted, the card just drawn in a light frame;
          y 125 the hand cursor
    x 135 the side panel: players, round scores, cards in the deck, round

Each colour sits in its own column, so the opponent's expedition, the pile and
yours line up under the same letter. Every part is its own TileGrid, so a
cursor move redraws a small bar's old and new place and nothing else.
"""

import displayio

from lostcities import sprites as S
from lostcities.rules.cards import (
    HAND_SIZE, HIDDEN, NO_CARD, SOURCE_DECK, card_color, move_card, move_discards, score_cards)
from lostcities.screens import Popup, Screen, Seats, label, signed
from lostcities.screens.words import short_name

from micropython import const

_TOP_Y = const(12)
PILE_Y = const(46)
DRAW_BAR_Y = const(60)
_MINE_Y = const(63)
HAND_Y = const(97)
_HAND_BAR_Y = const(125)
LIFT = const(3)  # the picked card stands this much higher
PANEL_X = const(135)
_DECK_X = const(137)
_CARDS_DOWN = const(4)  # mini tile rows of an expedition: 3 across, 12 cards
_SCORE_CHARS = const(4)  # "+124"
_PANEL_CHARS = const(6)
_PANEL_LINES = const(5)  # a name, a score, a blank, then DECK and its count (or ROUND)
_WIDE_PITCH = const(26)  # px from a colour's column to the next, with 5 colours
_NARROW_PITCH = const(22)  # with 6
_PANEL_LINE = const(2 * _PANEL_CHARS)  # a panel line's tiles: two a character
_POPUP_CHARS = const(20)  # messages keep clear of the side panel
INFO_Y = const(8)  # SELECT's pages cover the table, a margin all round
INFO_PAGES = const(3)  # the match, the piles, the cards not seen (screens/info.py)
INFO_CHARS = const(25)
ROUND_OVER = "Round over. A: scores"  # the round's end, with the coach's words or alone
# The coach's words: over your side in a turn (the piles, the AI's last discard
# and the draw stay in view), five lines down to the screen's edge; at the
# round's end over the opponent's side, your expeditions in view
_COACH_Y = const(66)
_COACH_END_Y = const(15)
_COACH_CHARS = const(25)  # the widest popup, as SELECT's pages (INFO_CHARS)

PICK = const(0)  # choosing a card from the hand
ACTION = const(1)  # play it or discard it
DRAW = const(2)  # where to draw from
WAIT = const(3)  # the AI's turn, or nothing to do
SHOWN = const(4)  # the round's last move on show; A goes on to the scores


class TableLayout(Screen):
    """The grids of the table and the drawing of each part from the state,
    the coach's words over it; the turn's phase and choices live in the
    subclass, TableScreen."""

    def __init__(self, app):
        super().__init__(app)
        # The turn's state and the lists of grids first: an object's attributes
        # live in a table that grows in steps, and its last step then takes
        # its piece of the board's heap before the grids do.
        self.viewer = 0
        self.page = -1  # SELECT's page on show, or -1
        self.coaching = False  # the coach's words on show, until A
        self.spoken = 0  # and which lesson they are
        self.hand = b""
        self.new_slot = -1  # the hand slot of the card the viewer drew last
        seats = app.seats or app.keep_seats(Seats())
        self.hands = seats.hands
        self.cursor = seats.cursors
        self.step = WAIT
        self.chosen = NO_CARD
        self.discard = False
        self.sources = []
        self.source_at = 0
        self.marked = None  # the opponent's last move, highlighted
        self.scores = []  # [side]: one text grid, side 0 the opponent (top), 1 the viewer
        self.cells = []
        self.piles = []
        self.hand_grids = []
        self.sheets = app.sheets
        self.colors = app.match.colors
        self.pitch = _NARROW_PITCH if self.colors == 6 else _WIDE_PITCH
        self.status = label(" ", 1, 0)
        self.group.append(self.status)
        self.make_expeditions()
        self.make_piles()
        self.make_hand()
        self.popup = Popup(self.group, width=_POPUP_CHARS, columns=INFO_CHARS)

    def make_expeditions(self):
        """Each side's scores, one text grid over the columns (``pitch``, an
        even number of px, apart), and each colour's cards under its score."""
        sheets = self.sheets
        score_chars = ((self.colors - 1) * self.pitch + S.TEXT_W - 1) // S.TEXT_W + _SCORE_CHARS
        for y in (_TOP_Y, _MINE_Y):
            grid = sheets.text_grid(score_chars, 1, self.column_x(0) + 2, y)
            self.group.append(grid)
            self.scores.append(grid)
            cells = []
            for color in range(self.colors):
                grid = sheets.mini_grid(3, _CARDS_DOWN, self.column_x(color) + 1,
                                        y + S.TEXT_H, sheets.palettes[color])
                self.group.append(grid)
                cells.append(grid)
            self.cells.append(cells)

    def make_piles(self):
        """The discard piles, the deck and the side panel."""
        sheets = self.sheets
        group = self.group
        for color in range(self.colors):
            grid = sheets.pile_grid(self.column_x(color), PILE_Y)
            grid.pixel_shader = sheets.palettes[color]
            group.append(grid)
            self.piles.append(grid)
        self.deck = sheets.pile_grid(_DECK_X, PILE_Y)
        group.append(self.deck)
        self.panels = (sheets.text_grid(_PANEL_CHARS, _PANEL_LINES, PANEL_X, _TOP_Y),
                       sheets.text_grid(_PANEL_CHARS, _PANEL_LINES, PANEL_X, _MINE_Y))
        group.append(self.panels[0])
        group.append(self.panels[1])

    def make_hand(self):
        """The hand in a group of its own (the table's group then stays within
        the step of its list of layers that would double it), and its cursor."""
        hand = displayio.Group()
        self.group.append(hand)
        for slot in range(HAND_SIZE):
            grid = self.sheets.hand_grid(slot * S.CARD_W, HAND_Y)
            hand.append(grid)
            self.hand_grids.append(grid)
        self.bar = self.sheets.bar_grid(1, _HAND_BAR_Y)  # the cursor: one bar, moved
        self.group.append(self.bar)

    def coach(self, moment, card=NO_CARD, discard=False):
        """The lesson coach's words at this moment, if any: until A, or a B
        that steps back."""
        said = self.app.coach(self.viewer, moment, card, discard)
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

    def column_x(self, color):
        return 1 + color * self.pitch

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

    def short_name(self, player):
        """``YOU``, ``AI`` or ``P1`` (lostcities/screens/words.py)."""
        return short_name(self.app.session.playing(), player)

    def drawn_slot(self):
        """The slot of the card the viewer drew on their last turn (the hand
        is sorted again after a draw), or -1."""
        kept = bytes(self.hands[self.viewer])  # "in" takes bytes on the board
        if kept[0] == HIDDEN:
            return -1
        new = [slot for slot in range(HAND_SIZE) if self.hand[slot] not in kept]
        return new[0] if len(new) == 1 else -1  # a new round: a new hand

    def draw_all(self):
        for color in range(self.colors):
            self.show_cell(0, color)
            self.show_cell(1, color)
            self.show_pile(color)
        self.show_hand()
        self.show_cursor()
        self.show_panel()

    def show_cell(self, player, color):
        """One expedition: its score, then its cards in order (the card about
        to be played counted in, light)."""
        state = self.app.match.state
        side = 0 if player != self.viewer else 1
        cards = state.expedition(player, color)
        pending = self.pending_play(player) == color
        if pending:
            cards += bytes((self.chosen,))
        count = len(cards)
        marked = count if pending else 0
        move = self.marked
        if (move is not None and player != self.viewer
                and not move_discards(move) and card_color(move_card(move)) == color):
            marked = count
        S.write_text(self.scores[side], color * self.pitch // S.TEXT_TILE_W,
                     signed(score_cards(cards)[0]) if count else "", _SCORE_CHARS)
        grid = self.cells[side][color]
        for i in range(3 * _CARDS_DOWN):
            if i < count:
                tile = S.mini_card(cards[i], i + 1 == marked)
            else:
                tile = S.MINI_BLANK
            S.set_tile(grid, i, tile)

    def pending_play(self, player):
        """The colour of the card ``player`` is about to play (chosen, the draw
        not yet made), or -1: the table counts it in already."""
        if self.step == DRAW and player == self.viewer and not self.discard:
            return card_color(self.chosen)
        return -1

    def show_pile(self, color):
        state = self.app.match.state
        top = state.pile_top(color)
        marked = False
        if self.step == DRAW and self.discard and card_color(self.chosen) == color:
            top = self.chosen
            marked = True
        move = self.marked
        if (move is not None and move_discards(move) and top == move_card(move)
                and card_color(top) == color):
            marked = True
        grid = self.piles[color]
        if top == NO_CARD:
            S.set_tile(grid, 0, S.EMPTY_PILE + color)
        else:
            S.set_palette(grid, self.sheets.card_palette(top, marked))
            S.set_tile(grid, 0, S.pile_card(top))

    def show_hand(self):
        sheets = self.sheets
        hidden_slot = (self.cursor[self.viewer] if self.step == DRAW else -1)
        for slot in range(HAND_SIZE):
            grid = self.hand_grids[slot]
            card = self.hand[slot]
            if slot == hidden_slot or self.step == SHOWN:
                S.set_tile(grid, 0, S.BLANK)
                S.set_tile(grid, 1, S.BLANK)
                continue
            top, bottom = S.hand_tiles(card)
            S.set_palette(grid, sheets.card_palette(card, slot == self.new_slot))
            S.set_tile(grid, 0, top)
            S.set_tile(grid, 1, bottom)
            S.move_to(grid, grid.x, HAND_Y - LIFT if (
                self.step == ACTION and slot == self.cursor[self.viewer])
                else HAND_Y)

    def show_cursor(self):
        """The bar: under the hand card, or under the draw source; none at the end."""
        bar = self.bar
        if self.step == DRAW:
            source = self.sources[self.source_at]
            x = _DECK_X if source == SOURCE_DECK else self.column_x(source - 1)
            S.move_to(bar, x + 1, DRAW_BAR_Y)
        else:
            S.move_to(bar, self.cursor[self.viewer] * S.CARD_W + 1, _HAND_BAR_Y)
        if bar.hidden != (self.step == SHOWN):
            bar.hidden = self.step == SHOWN

    def show_panel(self):
        """Names (> marks whose turn), round scores, the deck and the round."""
        app = self.app
        match = app.match
        state = match.state
        for side in (0, 1):
            player = 1 - self.viewer if side == 0 else self.viewer
            grid = self.panels[side]
            turn = ">" if state.to_move == player and not state.is_over() else ""
            S.write_text(grid, 0, turn + self.short_name(player), _PANEL_CHARS)
            score = state.score(player)
            color = self.pending_play(player)
            if color >= 0:  # as the expedition shows it, the card counted in
                cards = state.expedition(player, color)
                score += score_cards(cards + bytes((self.chosen,)))[0] - score_cards(cards)[0]
            S.write_text(grid, _PANEL_LINE, signed(score), _PANEL_CHARS)
        S.set_tile(self.deck, 0, S.BACK if state.deck_len else S.EMPTY_DECK)
        top, bottom = self.panels
        S.write_text(top, 3 * _PANEL_LINE, "DECK", _PANEL_CHARS)
        S.write_text(top, 4 * _PANEL_LINE, "%d" % state.deck_len, _PANEL_CHARS)
        S.write_text(bottom, 3 * _PANEL_LINE, "ROUND", _PANEL_CHARS)
        S.write_text(bottom, 4 * _PANEL_LINE, "%d/%d" % (
            match.round_number(), match.rounds), _PANEL_CHARS)
