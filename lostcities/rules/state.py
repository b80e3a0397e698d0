"""One round's state: both hands, the expeditions, the discard piles and the deck.

The whole state is one ``bytearray`` plus four ints, so :meth:`State.copy` is
a single buffer copy and an AI can copy it thousands of times.
Players are 0 and 1 here (records and screens say 1 and 2). Moves are read
through cards.py's ``move_card``, ``move_source`` and ``move_discards``: the
encoding is cards.py's alone.
"""

from micropython import const

from lostcities.rules.cards import (
    CARDS_PER_COLOR, COLOR_NAMES, HAND_SIZE, IllegalMove,
    MAX_COLORS, NO_CARD, SOURCE_DECK, WAGERS_PER_COLOR, card_text,
    card_value, expedition_points, is_wager, make_move, move_card, move_discards, move_source,
    score_cards)

from lostcities.rules import hidden
from lostcities.rules.offsets import (
    BUF_SIZE, DECK_AT, EXP_AT, EXP_LEN_AT, HAND_AT, KNOWN_AT, PILE_AT, PILE_LEN_AT)


class State:
    """One round: both hands, expeditions, discard piles and the draw pile.

    Make one with :func:`deal` (shuffled) or :meth:`from_deal` (a record).
    ``to_move`` is the player whose turn it is, ``turns`` the turns played.
    """

    def __init__(self, colors=5, buf=None):
        self.colors = colors
        self.buf = bytearray(BUF_SIZE) if buf is None else buf
        self.to_move = 0
        self.turns = 0
        self.deck_len = 0

    @classmethod
    def from_deal(cls, hand1, hand2, deck, start, colors=5):
        """A round from its deal: 8 cards each, the deck listed top card first."""
        state = cls(colors)
        buf = state.buf
        for slot in range(HAND_SIZE):
            buf[HAND_AT + slot] = hand1[slot]
            buf[HAND_AT + HAND_SIZE + slot] = hand2[slot]
        count = len(deck)
        for i in range(count):
            buf[DECK_AT + count - 1 - i] = deck[i]
        state.deck_len = count
        state.to_move = start
        return state

    def copy(self):
        """An independent copy (one buffer copy): for search and undo."""
        other = State(self.colors, bytearray(self.buf))
        other.to_move = self.to_move
        other.turns = self.turns
        other.deck_len = self.deck_len
        return other

    def copy_into(self, other):
        """Overwrite ``other`` with this state without allocating."""
        other.buf[:] = self.buf
        other.colors = self.colors
        other.to_move = self.to_move
        other.turns = self.turns
        other.deck_len = self.deck_len

    # What is where ---------------------------------------------------------

    def full_deck_size(self):
        """Cards in the whole deck of this game, 60 or 72 (``deck_len`` counts
        the cards left to draw, ``deck()`` lists them)."""
        return self.colors * CARDS_PER_COLOR

    def hand(self, player):
        """The player's 8 cards in slot order (HIDDEN where not visible)."""
        start = HAND_AT + player * HAND_SIZE
        return bytes(self.buf[start:start + HAND_SIZE])

    def hand_card(self, player, slot):
        return self.buf[HAND_AT + player * HAND_SIZE + slot]

    def known_to_opponent(self, player, slot):
        """True if the card in this slot was taken from a discard pile."""
        return bool(self.buf[KNOWN_AT + player * HAND_SIZE + slot])

    def expedition(self, player, color):
        """The cards of an expedition, in the order played."""
        start = EXP_AT + (player * MAX_COLORS + color) * CARDS_PER_COLOR
        return bytes(self.buf[start:start + self.buf[
            EXP_LEN_AT + player * MAX_COLORS + color]])

    def expedition_card(self, player, color, i):
        """The ``i``-th card played to an expedition (allocates nothing)."""
        return self.buf[EXP_AT + (player * MAX_COLORS + color) * CARDS_PER_COLOR + i]

    def expedition_len(self, player, color):
        return self.buf[EXP_LEN_AT + player * MAX_COLORS + color]

    def expedition_top(self, player, color):
        """The last card played to an expedition, or NO_CARD."""
        at = player * MAX_COLORS + color
        count = self.buf[EXP_LEN_AT + at]
        if not count:
            return NO_CARD
        return self.buf[EXP_AT + at * CARDS_PER_COLOR + count - 1]

    def pile(self, color):
        """A discard pile, bottom card first: every card is public."""
        start = PILE_AT + color * CARDS_PER_COLOR
        return bytes(self.buf[start:start + self.buf[PILE_LEN_AT + color]])

    def pile_card(self, color, i):
        """The ``i``-th card of a discard pile from the bottom (allocates nothing)."""
        return self.buf[PILE_AT + color * CARDS_PER_COLOR + i]

    def pile_len(self, color):
        return self.buf[PILE_LEN_AT + color]

    def pile_top(self, color):
        """The top card of a discard pile, or NO_CARD."""
        count = self.buf[PILE_LEN_AT + color]
        if not count:
            return NO_CARD
        return self.buf[PILE_AT + color * CARDS_PER_COLOR + count - 1]

    def deck(self):
        """The draw pile, top card first (HIDDEN cards in a view)."""
        return bytes(reversed(self.buf[DECK_AT:DECK_AT + self.deck_len]))

    def is_over(self):
        """The round ends the moment the last card of the draw pile is drawn."""
        return self.deck_len == 0

    # Rules -------------------------------------------------------------

    def can_play(self, player, card):
        """True if ``card`` may go onto the player's expedition of its colour."""
        top = self.expedition_top(player, card // CARDS_PER_COLOR)
        if top == NO_CARD:
            return True
        top_index = top % CARDS_PER_COLOR
        index = card % CARDS_PER_COLOR
        if index < WAGERS_PER_COLOR:
            return top_index < WAGERS_PER_COLOR
        return top_index < index

    def _slot(self, player, card):
        """The hand slot holding ``card`` (or a wager like it), or -1: the
        quick lookup of moves already naming the copy that leaves."""
        base = HAND_AT + player * HAND_SIZE
        buf = self.buf
        for slot in range(HAND_SIZE):
            if buf[base + slot] == card:
                return slot
        if card % CARDS_PER_COLOR < WAGERS_PER_COLOR:
            color = card // CARDS_PER_COLOR
            for slot in range(HAND_SIZE):
                held = buf[base + slot]
                if held // CARDS_PER_COLOR == color and held % CARDS_PER_COLOR < WAGERS_PER_COLOR:
                    return slot
        return -1

    def slot_of(self, player, card):
        """The hand slot a move of ``card`` takes its card from, or -1.

        Identical wagers are one card to the rules, so a wager move names its
        colour only: the copy the opponent saw taken from a pile leaves first,
        else the lowest. The choice depends on nothing hidden (not the order
        of the slots), so which copy a player meant never shows in a view.
        """
        base = HAND_AT + player * HAND_SIZE
        buf = self.buf
        if card % CARDS_PER_COLOR >= WAGERS_PER_COLOR:
            for slot in range(HAND_SIZE):
                if buf[base + slot] == card:
                    return slot
            return -1
        color = card // CARDS_PER_COLOR
        best = -1
        best_rank = 0
        for slot in range(HAND_SIZE):
            held = buf[base + slot]
            if held // CARDS_PER_COLOR == color and held % CARDS_PER_COLOR < WAGERS_PER_COLOR:
                rank = held - CARDS_PER_COLOR if buf[KNOWN_AT + base + slot] else held
                if best < 0 or rank < best_rank:
                    best = slot
                    best_rank = rank
        return best

    def legal_moves(self):
        """Every legal move of the player to move (identical wagers once, by
        any copy: :meth:`play` makes it the copy the rules choose)."""
        from lostcities.rules.legal import legal_moves  # the board never lists them
        return legal_moves(self)

    def check_move(self, move):
        """None if ``move`` is legal now, else the reason in words."""
        if self.deck_len == 0:
            return "the round is over"
        player = self.to_move
        card = move_card(move)
        source = move_source(move)
        if card >= self.full_deck_size():
            return "there is no such card in this game"
        if self._slot(player, card) < 0:
            return "%s is not in player %d's hand" % (
                card_text(card), player + 1)
        color = card // CARDS_PER_COLOR
        name = COLOR_NAMES[color]
        if not move_discards(move) and not self.can_play(player, card):
            top = self.expedition_top(player, color)
            if is_wager(card):
                return "%s expedition has numbers: wagers only go first" % name
            return "%s expedition is already at %d" % (name, card_value(top))
        if source > self.colors:
            return "there is no such discard pile"
        if source != SOURCE_DECK:
            pile = source - 1
            if move_discards(move) and pile == color:
                return "cannot take back the card just discarded"
            if not self.buf[PILE_LEN_AT + pile]:
                return "the %s discard pile is empty" % COLOR_NAMES[pile]
        return None

    def play(self, move):
        """Apply ``move`` after checking it; raise IllegalMove with the reason.

        Returns the move as made: with a wager, the copy that left the hand.
        """
        reason = self.check_move(move)
        if reason:
            raise IllegalMove(reason)
        card = self.hand_card(self.to_move, self.slot_of(self.to_move, move_card(move)))
        move = make_move(card, move_discards(move), move_source(move))
        self.apply(move)
        return move

    def apply(self, move):
        """Apply a legal move: the card played or discarded, then the draw.

        A wager leaves as the copy the move names (:meth:`play` names the
        copy the rules choose: searches skip that, for their playouts only)."""
        buf = self.buf
        player = self.to_move
        card = move_card(move)
        color = card // CARDS_PER_COLOR
        slot = HAND_AT + player * HAND_SIZE + self._slot(player, card)
        card = buf[slot]  # the very wager that leaves, if it was one
        if move_discards(move):
            count = buf[PILE_LEN_AT + color]
            buf[PILE_AT + color * CARDS_PER_COLOR + count] = card
            buf[PILE_LEN_AT + color] = count + 1
        else:
            at = player * MAX_COLORS + color
            count = buf[EXP_LEN_AT + at]
            buf[EXP_AT + at * CARDS_PER_COLOR + count] = card
            buf[EXP_LEN_AT + at] = count + 1
        source = move_source(move)
        if source == SOURCE_DECK:
            self.deck_len -= 1
            buf[slot] = buf[DECK_AT + self.deck_len]
            buf[DECK_AT + self.deck_len] = 0
            buf[slot + KNOWN_AT] = 0
        else:
            pile = source - 1
            count = buf[PILE_LEN_AT + pile] - 1
            buf[slot] = buf[PILE_AT + pile * CARDS_PER_COLOR + count]
            buf[PILE_AT + pile * CARDS_PER_COLOR + count] = 0
            buf[PILE_LEN_AT + pile] = count
            buf[slot + KNOWN_AT] = 1
        self.to_move = 1 - player
        self.turns += 1

    # Scores ------------------------------------------------------------

    def expedition_score(self, player, color):
        """``(score, number_sum, wagers, card_count, bonus)`` of one expedition."""
        return score_cards(self.expedition(player, color))

    def score(self, player):
        """The player's round score: the sum over their expeditions.

        Read in place (it allocates nothing): searches score finished playouts.
        """
        buf = self.buf
        total = 0
        for color in range(self.colors):
            at = player * MAX_COLORS + color
            count = buf[EXP_LEN_AT + at]
            if not count:
                continue
            numbers = 0
            wagers = 0
            start = EXP_AT + at * CARDS_PER_COLOR
            for i in range(start, start + count):
                index = buf[i] % CARDS_PER_COLOR
                if index < WAGERS_PER_COLOR:
                    wagers += 1
                else:
                    numbers += index - 1
            total += expedition_points(numbers, wagers, count)
        return total

    def returns(self):
        """Both players' round scores, ``(player 1, player 2)``."""
        return (self.score(0), self.score(1))

    # Hidden information: lostcities.rules.hidden --------------------------

    def view(self, player, into=None):
        """What ``player`` may see: a copy with every other card HIDDEN
        (written in the State ``into`` if given)."""
        return hidden.view(self, player, into)

    def unseen(self, player):
        """Cards ``player`` cannot see anywhere: in the deck or the other hand."""
        return hidden.unseen(self, player)

    def determinize(self, player, rng, unseen=None, odds=None):
        """Fill this view's HIDDEN cards with a random arrangement of the unseen."""
        hidden.determinize(self, player, rng, unseen, odds)

