"""The rules of Lost Cities (see RULES.md): cards, a round's state, moves, scoring.

Everything is small integers so that the board can hold it and an AI can copy
it thousands of times:

* A card is ``colour * 12 + index``: index 0-2 are the three wagers, 3-11 the
  numbers 2-10. Identical wagers are interchangeable in play.
* A move is ``card << 4 | DISCARD? | source``: bit 3 set for a discard,
  source 0 for the draw pile and ``1 + colour`` for a discard pile.
* A round's whole state is one ``bytearray`` plus four ints; :meth:`State.copy`
  is a single buffer copy.

Players are 0 and 1 here (records and screens say 1 and 2).
"""

from micropython import const

COLOR_LETTERS = "YBWGRP"
COLOR_NAMES = ("yellow", "blue", "white", "green", "red", "purple")
MAX_COLORS = const(6)
CARDS_PER_COLOR = const(12)
WAGERS_PER_COLOR = const(3)
HAND_SIZE = const(8)
HIDDEN = const(255)  # a card the viewing player cannot see
NO_CARD = const(-1)

DISCARD = const(8)
SOURCE_DECK = const(0)

# Layout of State.buf.
_HAND = const(0)  # 2 x 8 card slots
_KNOWN = const(16)  # 2 x 8 flags: slot holds a card taken from a pile (public)
_EXP = const(32)  # 2 x 6 expeditions x 12 cards
_EXP_LEN = const(176)  # 2 x 6 lengths
_PILE = const(188)  # 6 discard piles x 12 cards, bottom first
_PILE_LEN = const(260)  # 6 lengths
_DECK = const(266)  # up to 72 cards, top card last
_BUF_SIZE = const(338)


# Cards -------------------------------------------------------------------

def card_color(card):
    return card // CARDS_PER_COLOR


def card_index(card):
    """0-2 for a wager, 3-11 for the numbers 2-10: play order within a colour."""
    return card % CARDS_PER_COLOR


def is_wager(card):
    return card % CARDS_PER_COLOR < WAGERS_PER_COLOR


def card_value(card):
    """The number on a card, 0 for a wager."""
    index = card % CARDS_PER_COLOR
    return index - 1 if index >= WAGERS_PER_COLOR else 0


def make_card(color, value):
    """The card of ``color`` with number ``value`` (2-10), or its first wager if 0."""
    return color * CARDS_PER_COLOR + (value + 1 if value else 0)


def card_text(card):
    """Record notation: ``Y2``, ``R10``, ``Bx``; ``??`` for a hidden card."""
    if card == HIDDEN:
        return "??"
    value = card_value(card)
    return COLOR_LETTERS[card_color(card)] + (str(value) if value else "x")


def same_kind(a, b):
    """True for the same card, or two wagers of one colour."""
    return a == b or (
        is_wager(a) and is_wager(b) and card_color(a) == card_color(b))


# Moves -------------------------------------------------------------------

def make_move(card, discard, source):
    """``source`` is ``SOURCE_DECK`` or ``1 + colour`` of a discard pile."""
    return card << 4 | (DISCARD if discard else 0) | source


def move_card(move):
    return move >> 4


def move_discards(move):
    return bool(move & DISCARD)


def move_source(move):
    return move & 7


def source_text(source):
    return "deck" if source == SOURCE_DECK else COLOR_LETTERS[source - 1]


def move_text(move):
    """Record notation: ``play R7 deck``, ``discard B3 G``."""
    return "%s %s %s" % (
        "discard" if move & DISCARD else "play",
        card_text(move >> 4), source_text(move & 7))


def taken_card(moves, index):
    """The card ``moves[index]`` of a round took from a discard pile, or NO_CARD
    when it drew from the deck. The card lay face up, so it is public.

    Replays that one pile from the round's start (every pile starts empty);
    allocates 12 bytes. A wager comes back as the one its discard named.
    """
    source = moves[index] & 7
    if source == SOURCE_DECK:
        return NO_CARD
    pile = bytearray(CARDS_PER_COLOR)
    count = 0
    for at in range(index):
        move = moves[at]
        if move & DISCARD and (move >> 4) // CARDS_PER_COLOR == source - 1:
            pile[count] = move >> 4
            count += 1
        if (move & 7) == source:
            count -= 1
    return pile[count - 1]


_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10")


def parse_card(text, colors=MAX_COLORS):
    """Read ``Y2``, ``R10`` or ``Bx``; a wager reads as its colour's first wager.

    Raises ValueError naming the text when it is not a card of this game.
    """
    color = COLOR_LETTERS.find(text[:1]) if text else -1
    rank = text[1:]
    if color < 0 or color >= colors:
        raise ValueError("unknown card %r" % text)
    if rank == "x":
        return make_card(color, 0)
    if rank in _RANKS:
        return make_card(color, int(rank))
    raise ValueError("unknown card %r" % text)


def parse_source(text, colors=MAX_COLORS):
    """Read ``deck`` or a colour letter as a draw source."""
    if text == "deck":
        return SOURCE_DECK
    color = COLOR_LETTERS.find(text) if len(text) == 1 else -1
    if color < 0 or color >= colors:
        raise ValueError("unknown draw source %r (deck or a colour letter)" % text)
    return color + 1


def parse_move(text, colors=MAX_COLORS):
    """Read ``play R7 deck`` or ``discard B3 G`` (not yet checked for legality)."""
    words = text.split()
    if len(words) != 3 or words[0] not in ("play", "discard"):
        raise ValueError("expected 'play|discard CARD SOURCE', got %r" % text)
    return make_move(parse_card(words[1], colors), words[0] == "discard",
                     parse_source(words[2], colors))


def turn_limit(colors):
    """The turn from which a program draws from the deck only: a round's safety bound.

    Nothing in the rules limits pile draws, so players could pass cards back
    and forth forever (RULES.md, end of a round). Every AI level and reference
    bot draws from the deck from this turn on, and the bot protocol calls a
    pile draw from then on stalling. Twice the deck's size (120 or 144 turns):
    rounds between sound players end long before.
    """
    return 2 * colors * CARDS_PER_COLOR


class IllegalMove(ValueError):
    """A move the rules forbid; the message says why in words."""


# Scoring -----------------------------------------------------------------

def score_cards(cards):
    """Score one expedition: ``(score, number_sum, wagers, card_count, bonus)``.

    RULES.md: ``(sum - 20) * (1 + wagers)``, plus 20 (not multiplied) for 8 or
    more cards, wagers included; an empty expedition scores 0.
    """
    count = len(cards)
    if not count:
        return (0, 0, 0, 0, 0)
    total = 0
    wagers = 0
    for card in cards:
        value = card_value(card)
        if value:
            total += value
        else:
            wagers += 1
    bonus = 20 if count >= 8 else 0
    return (expedition_points(total, wagers, count), total, wagers, count,
            bonus)


def expedition_points(number_sum, wagers, count):
    """RULES.md's score of a started expedition from its sum, wagers and size."""
    return (number_sum - 20) * (1 + wagers) + (20 if count >= 8 else 0)


# State -------------------------------------------------------------------

class State:
    """One round: both hands, expeditions, discard piles and the draw pile.

    Make one with :func:`new_round` (shuffled) or :meth:`from_deal` (a record).
    ``to_move`` is the player whose turn it is, ``turns`` the turns played.
    """

    def __init__(self, colors=5, buf=None):
        self.colors = colors
        self.buf = bytearray(_BUF_SIZE) if buf is None else buf
        self.to_move = 0
        self.turns = 0
        self.deck_len = 0

    @classmethod
    def from_deal(cls, hand1, hand2, deck, start, colors=5):
        """A round from its deal: 8 cards each, the deck listed top card first."""
        state = cls(colors)
        buf = state.buf
        for slot in range(HAND_SIZE):
            buf[_HAND + slot] = hand1[slot]
            buf[_HAND + HAND_SIZE + slot] = hand2[slot]
        count = len(deck)
        for i in range(count):
            buf[_DECK + count - 1 - i] = deck[i]
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

    def deck_size(self):
        """Cards in the full deck of this game: 60 or 72."""
        return self.colors * CARDS_PER_COLOR

    def hand(self, player):
        """The player's 8 cards in slot order (HIDDEN where not visible)."""
        start = _HAND + player * HAND_SIZE
        return bytes(self.buf[start:start + HAND_SIZE])

    def hand_card(self, player, slot):
        return self.buf[_HAND + player * HAND_SIZE + slot]

    def known_to_opponent(self, player, slot):
        """True if the card in this slot was taken from a discard pile."""
        return bool(self.buf[_KNOWN + player * HAND_SIZE + slot])

    def expedition(self, player, color):
        """The cards of an expedition, in the order played."""
        start = _EXP + (player * MAX_COLORS + color) * CARDS_PER_COLOR
        return bytes(self.buf[start:start + self.buf[
            _EXP_LEN + player * MAX_COLORS + color]])

    def expedition_card(self, player, color, i):
        """The ``i``-th card played to an expedition (allocates nothing)."""
        return self.buf[_EXP + (player * MAX_COLORS + color) * CARDS_PER_COLOR + i]

    def expedition_len(self, player, color):
        return self.buf[_EXP_LEN + player * MAX_COLORS + color]

    def expedition_top(self, player, color):
        """The last card played to an expedition, or NO_CARD."""
        at = player * MAX_COLORS + color
        count = self.buf[_EXP_LEN + at]
        if not count:
            return NO_CARD
        return self.buf[_EXP + at * CARDS_PER_COLOR + count - 1]

    def pile(self, color):
        """A discard pile, bottom card first: every card is public."""
        start = _PILE + color * CARDS_PER_COLOR
        return bytes(self.buf[start:start + self.buf[_PILE_LEN + color]])

    def pile_card(self, color, i):
        """The ``i``-th card of a discard pile from the bottom (allocates nothing)."""
        return self.buf[_PILE + color * CARDS_PER_COLOR + i]

    def pile_len(self, color):
        return self.buf[_PILE_LEN + color]

    def pile_top(self, color):
        """The top card of a discard pile, or NO_CARD."""
        count = self.buf[_PILE_LEN + color]
        if not count:
            return NO_CARD
        return self.buf[_PILE + color * CARDS_PER_COLOR + count - 1]

    def deck(self):
        """The draw pile, top card first (HIDDEN cards in a view)."""
        return bytes(reversed(self.buf[_DECK:_DECK + self.deck_len]))

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
        """The hand slot holding ``card`` (or a wager like it), or -1."""
        base = _HAND + player * HAND_SIZE
        buf = self.buf
        for slot in range(HAND_SIZE):
            if buf[base + slot] == card:
                return slot
        if is_wager(card):
            for slot in range(HAND_SIZE):
                held = buf[base + slot]
                if held != HIDDEN and same_kind(held, card):
                    return slot
        return -1

    def legal_moves(self):
        """Every legal move of the player to move (identical wagers once)."""
        moves = []
        if self.deck_len == 0:
            return moves
        player = self.to_move
        buf = self.buf
        base = _HAND + player * HAND_SIZE
        seen_wagers = 0
        for slot in range(HAND_SIZE):
            card = buf[base + slot]
            if card == HIDDEN:
                continue
            color = card // CARDS_PER_COLOR
            if card % CARDS_PER_COLOR < WAGERS_PER_COLOR:
                if seen_wagers & (1 << color):
                    continue
                seen_wagers |= 1 << color
            playable = self.can_play(player, card)
            for discard in (0, DISCARD):
                if discard == 0 and not playable:
                    continue
                moves.append(card << 4 | discard)
                for pile in range(self.colors):
                    if buf[_PILE_LEN + pile] and not (
                            discard and pile == color):
                        moves.append(card << 4 | discard | (pile + 1))
        return moves

    def check_move(self, move):
        """None if ``move`` is legal now, else the reason in words."""
        if self.deck_len == 0:
            return "the round is over"
        player = self.to_move
        card = move >> 4
        source = move & 7
        if card >= self.deck_size():
            return "there is no such card in this game"
        if self._slot(player, card) < 0:
            return "%s is not in player %d's hand" % (
                card_text(card), player + 1)
        color = card // CARDS_PER_COLOR
        name = COLOR_NAMES[color]
        if not move & DISCARD and not self.can_play(player, card):
            top = self.expedition_top(player, color)
            if is_wager(card):
                return "%s expedition has numbers: wagers only go first" % name
            return "%s expedition is already at %d" % (name, card_value(top))
        if source > self.colors:
            return "there is no such discard pile"
        if source != SOURCE_DECK:
            pile = source - 1
            if move & DISCARD and pile == color:
                return "cannot take back the card just discarded"
            if not self.buf[_PILE_LEN + pile]:
                return "the %s discard pile is empty" % COLOR_NAMES[pile]
        return None

    def play(self, move):
        """Apply ``move`` after checking it; raise IllegalMove with the reason."""
        reason = self.check_move(move)
        if reason:
            raise IllegalMove(reason)
        self.apply(move)

    def apply(self, move):
        """Apply a legal move: the card played or discarded, then the draw."""
        buf = self.buf
        player = self.to_move
        card = move >> 4
        color = card // CARDS_PER_COLOR
        slot = _HAND + player * HAND_SIZE + self._slot(player, card)
        card = buf[slot]  # the very wager held, if it was one
        if move & DISCARD:
            count = buf[_PILE_LEN + color]
            buf[_PILE + color * CARDS_PER_COLOR + count] = card
            buf[_PILE_LEN + color] = count + 1
        else:
            at = player * MAX_COLORS + color
            count = buf[_EXP_LEN + at]
            buf[_EXP + at * CARDS_PER_COLOR + count] = card
            buf[_EXP_LEN + at] = count + 1
        source = move & 7
        if source == SOURCE_DECK:
            self.deck_len -= 1
            buf[slot] = buf[_DECK + self.deck_len]
            buf[_DECK + self.deck_len] = 0
            buf[slot + _KNOWN] = 0
        else:
            pile = source - 1
            count = buf[_PILE_LEN + pile] - 1
            buf[slot] = buf[_PILE + pile * CARDS_PER_COLOR + count]
            buf[_PILE + pile * CARDS_PER_COLOR + count] = 0
            buf[_PILE_LEN + pile] = count
            buf[slot + _KNOWN] = 1
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
            count = buf[_EXP_LEN + at]
            if not count:
                continue
            numbers = 0
            wagers = 0
            start = _EXP + at * CARDS_PER_COLOR
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

    # Hidden information ----------------------------------------------------

    def view(self, player):
        """What ``player`` may see, as a State with the rest set to HIDDEN.

        The deck's order and the opponent's cards not taken from a discard pile
        are hidden. Hands are sorted so that no slot order leaks anything: two
        states that differ only in hidden cards give byte-identical views.
        """
        view = self.copy()
        buf = view.buf
        for i in range(self.deck_len):
            buf[_DECK + i] = HIDDEN
        opponent = 1 - player
        base = opponent * HAND_SIZE
        for slot in range(HAND_SIZE):
            if not buf[_KNOWN + base + slot]:
                buf[_HAND + base + slot] = HIDDEN
        _sort_hand(buf, player * HAND_SIZE)
        _sort_hand(buf, base)
        return view

    def unseen(self, player):
        """Cards ``player`` cannot see anywhere: in the deck or the other hand."""
        present = bytearray(self.deck_size())
        buf = self.buf
        for slot in range(HAND_SIZE):
            present[buf[_HAND + player * HAND_SIZE + slot]] = 1
            opponent_slot = (1 - player) * HAND_SIZE + slot
            if buf[_KNOWN + opponent_slot]:
                present[buf[_HAND + opponent_slot]] = 1
        for at in range(2 * MAX_COLORS):
            start = _EXP + at * CARDS_PER_COLOR
            for i in range(buf[_EXP_LEN + at]):
                present[buf[start + i]] = 1
        for color in range(self.colors):
            start = _PILE + color * CARDS_PER_COLOR
            for i in range(buf[_PILE_LEN + color]):
                present[buf[start + i]] = 1
        return bytearray(card for card in range(len(present))
                         if not present[card])

    def determinize(self, player, rng, unseen=None):
        """Fill this view's HIDDEN cards with a random arrangement of the unseen.

        Used by a searching AI on its own view: one plausible full state.
        ``unseen``, if given, is a copy of ``self.unseen(player)`` to shuffle in
        place, so that a search sampling many deals allocates nothing.
        """
        if unseen is None:
            unseen = self.unseen(player)
        rng.shuffle(unseen)
        buf = self.buf
        at = 0
        base = _HAND + (1 - player) * HAND_SIZE
        for slot in range(HAND_SIZE):
            if buf[base + slot] == HIDDEN:
                buf[base + slot] = unseen[at]
                at += 1
        for i in range(self.deck_len):
            buf[_DECK + i] = unseen[at]
            at += 1


def _sort_hand(buf, base):
    """Insertion sort of one hand's 8 slots with their known flags."""
    for i in range(_HAND + base + 1, _HAND + base + HAND_SIZE):
        card = buf[i]
        known = buf[i + _KNOWN]
        j = i - 1
        while j >= _HAND + base and buf[j] > card:
            buf[j + 1] = buf[j]
            buf[j + 1 + _KNOWN] = buf[j + _KNOWN]
            j -= 1
        buf[j + 1] = card
        buf[j + 1 + _KNOWN] = known


def new_deck(colors):
    """All cards of a game with ``colors`` colours, in order."""
    return bytearray(range(colors * CARDS_PER_COLOR))


def check_deal(hand1, hand2, deck, colors):
    """None if the deal is exactly one deck with 8 cards a hand, else why not.

    The answer is ``(part, reason)``, ``part`` naming where the fault shows:
    0 for hand1, 1 for hand2, 2 for the deck (so a record can point at a line).
    """
    seen = bytearray(colors * CARDS_PER_COLOR)
    part = 0
    for cards in (hand1, hand2, deck):
        if part < 2 and len(cards) != HAND_SIZE:
            return (part, "hand%d has %d cards, not %d" % (
                part + 1, len(cards), HAND_SIZE))
        for card in cards:
            if card >= len(seen):
                return (part, "there is no such card in this game")
            if seen[card]:
                if is_wager(card):
                    return (part, "more than %d %s wagers in the deal" % (
                        WAGERS_PER_COLOR, COLOR_NAMES[card_color(card)]))
                return (part, "%s is dealt twice" % card_text(card))
            seen[card] = 1
        part += 1
    missing = [card_text(card) for card in range(len(seen)) if not seen[card]]
    if missing:
        return (2, "the deal lacks %d of the %d cards: %s%s" % (
            len(missing), len(seen), " ".join(missing[:6]),
            " ..." if len(missing) > 6 else ""))
    return None


def deal(rng, colors, start):
    """A shuffled round: player 1 gets the first 8 cards, player 2 the next 8."""
    deck = new_deck(colors)
    rng.shuffle(deck)
    return State.from_deal(deck[:HAND_SIZE], deck[HAND_SIZE:2 * HAND_SIZE],
                           deck[2 * HAND_SIZE:], start, colors)


# The match ---------------------------------------------------------------

def next_starter(scores, starter):
    """Who starts the next round: the lower scorer; after a tie, the other one."""
    if scores[0] < scores[1]:
        return 0
    if scores[1] < scores[0]:
        return 1
    return 1 - starter


class Match:
    """Rounds, totals and the winner; remembers each deal and move for records.

    ``rng`` shuffles the deals and picks round 1's starting player.
    """

    def __init__(self, colors=5, rounds=3, rng=None):
        if colors not in (5, 6):
            raise ValueError("colors must be 5 or 6")
        if rounds not in (1, 3):
            raise ValueError("rounds must be 1 or 3")
        self.colors = colors
        self.rounds = rounds
        self.rng = rng
        self.scores = []  # (p1, p2) of each finished round
        self.deals = []  # (hand1, hand2, deck top first, start) of each round
        self.moves = []  # the moves of each round
        self.state = None

    def start_round(self, hand1=None, hand2=None, deck=None, start=None):
        """Begin the next round, shuffled by ``rng`` unless a deal is given."""
        reason = self.check_new_round()
        if reason:
            raise IllegalMove(reason)
        expected = self.expected_starter()
        if start is None:
            start = expected if expected is not None else self.rng.randbelow(2)
        elif expected is not None and start != expected:
            raise IllegalMove(self._starter_reason(expected))
        if hand1 is None:
            state = deal(self.rng, self.colors, start)
        else:
            problem = check_deal(hand1, hand2, deck, self.colors)
            if problem:
                raise IllegalMove(problem[1])
            state = State.from_deal(hand1, hand2, deck, start, self.colors)
        self.state = state
        self.deals.append((state.hand(0), state.hand(1), state.deck(), start))
        self.moves.append([])
        return state

    def check_new_round(self):
        """None if the next round may begin now, else the reason in words."""
        if self.is_over():
            return "the match is over"
        if self.state is not None and not self.state.is_over():
            return "round %d is not finished" % len(self.deals)
        return None

    def _starter_reason(self, expected):
        """Why ``expected`` (0/1) must start the next round, in words."""
        last = len(self.deals)
        if self.scores[-1][0] == self.scores[-1][1]:
            why = "round %d was a tie and player %d started it" % (
                last, 2 - expected)
        else:
            why = "player %d scored fewer points in round %d" % (
                expected + 1, last)
        return "player %d must start round %d: %s" % (
            expected + 1, last + 1, why)

    def expected_starter(self):
        """Who must start the next round (None for round 1: chosen at random)."""
        if not self.scores:
            return None
        return next_starter(self.scores[-1], self.deals[-1][3])

    def play(self, move):
        """Check and apply a move in the current round; score it when it ends."""
        if self.is_over():
            raise IllegalMove("the match is over")
        if self.state is None:
            raise IllegalMove("no round has begun")
        if self.state.is_over():
            raise IllegalMove("round %d is over; the next one has not begun"
                              % len(self.deals))
        self.state.play(move)
        self.moves[-1].append(move)
        if self.state.is_over():
            self.scores.append(self.state.returns())

    def round_state(self, index):
        """Round ``index`` (0-based) as it stands after its recorded moves.

        Rebuilt from the deal and the moves, so the match keeps one state only.
        """
        hand1, hand2, deck, start = self.deals[index]
        state = State.from_deal(hand1, hand2, deck, start, self.colors)
        for move in self.moves[index]:
            state.apply(move)
        return state

    def round_number(self):
        """1-based number of the current (or last) round."""
        return len(self.deals)

    def totals(self):
        total = [0, 0]
        for score in self.scores:
            total[0] += score[0]
            total[1] += score[1]
        return (total[0], total[1])

    def is_over(self):
        return len(self.scores) >= self.rounds

    def winner(self):
        """1 or 2, 0 for a draw, None while the match goes on."""
        if not self.is_over():
            return None
        one, two = self.totals()
        return 1 if one > two else 2 if two > one else 0
