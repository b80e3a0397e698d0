"""The match: dealing, rounds, who starts each, totals and the winner."""

from array import array

from lostcities.rules.cards import CARDS_PER_COLOR, HAND_SIZE, IllegalMove, turn_limit
from lostcities.rules.state import State


def new_deck(colors):
    """All cards of a game with ``colors`` colours, in order."""
    return bytearray(range(colors * CARDS_PER_COLOR))


def deal(rng, colors, start):
    """A shuffled round: player 1 gets the first 8 cards, player 2 the next 8."""
    deck = new_deck(colors)
    rng.shuffle(deck)
    return State.from_deal(deck[:HAND_SIZE], deck[HAND_SIZE:2 * HAND_SIZE],
                           deck[2 * HAND_SIZE:], start, colors)


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
        self.moves = []  # the moves of each round, an array('H') each
        self.state = None

    def start_round(self, hand1=None, hand2=None, deck=None, start=None):
        """Begin the next round, shuffled by ``rng`` unless a deal is given."""
        reason = self.check_new_round()
        if reason:
            raise IllegalMove(reason)
        expected = self.expected_starter()
        if self.rng is None and (hand1 is None or start is None and expected is None):
            raise ValueError("a shuffled round needs the match's rng: "
                             "Match(colors, rounds, Rng(seed)), or a deal and its starter")
        if start is None:
            start = expected if expected is not None else self.rng.randbelow(2)
        elif expected is not None and start != expected:
            from lostcities.rules.legal import starter_reason
            raise IllegalMove(starter_reason(expected, self.scores))
        if hand1 is None:
            state = deal(self.rng, self.colors, start)
        else:
            from lostcities.rules.legal import check_deal
            problem = check_deal(hand1, hand2, deck, self.colors)
            if problem:
                raise IllegalMove(problem[1])
            state = State.from_deal(hand1, hand2, deck, start, self.colors)
        self.state = state
        self.deals.append((state.hand(0), state.hand(1), state.deck(), start))
        if self.moves:  # the last round's moves kept at their size; their room serves this round
            room = self.moves[-1]
            self.moves[-1] = array("H", room)
            room[:] = array("H")
        else:
            # An empty array('H') for a round's moves, 2 bytes each, with room for
            # the longest round a program plays in: ``turn_limit`` turns, then the
            # deck drawn every other turn. A growing array moves to a bigger block
            # every 8 moves on the board, and the blocks it leaves break the heap
            # into pieces too small for the next screen (a list would also double
            # its block). Made once a match: each next round reuses it, where late
            # in a match the heap may have no piece of its size left.
            room = array("H", bytes(4 * turn_limit(self.colors)))
            room[:] = array("H")  # empty, and the room stays
        self.moves.append(room)
        return state

    def check_new_round(self):
        """None if the next round may begin now, else the reason in words."""
        if self.is_over():
            return "the match is over"
        if self.state is not None and not self.state.is_over():
            return "round %d is not finished" % len(self.deals)
        return None

    def starter(self, index=-1):
        """Who started round ``index`` (0 or 1; by default the current round)."""
        return self.deals[index][3]

    def expected_starter(self):
        """Who must start the next round (None for round 1: chosen at random)."""
        if not self.scores:
            return None
        return next_starter(self.scores[-1], self.starter())

    def play(self, move):
        """Check and apply a move in the current round; score it when it ends."""
        if self.is_over():
            raise IllegalMove("the match is over")
        if self.state is None:
            raise IllegalMove("no round has begun")
        if self.state.is_over():
            raise IllegalMove("round %d is over; the next one has not begun"
                              % len(self.deals))
        self.moves[-1].append(self.state.play(move))  # a wager: the very copy played
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
        """The winner, 0 or 1 as the engine counts players; None for a draw or
        while the match goes on."""
        if not self.is_over():
            return None
        one, two = self.totals()
        return 0 if one > two else 1 if two > one else None
