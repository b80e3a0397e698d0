"""``python -m host_sim bot --level L [--seed S]``: one AI level over stdin/stdout.

Speaks the bot protocol (see host_sim/tools/protocol.py) so that any program can
play our AI. The bot remembers only what its player saw: its deal, the
opponent's moves, its own moves and draws. Before each move it rebuilds a
round consistent with that knowledge (cards it never saw placed anywhere
they could be) and asks the AI about ``state.view(seat)``, which hides
those placeholder cards again.
"""

import argparse
import sys

from host_sim.records import notation
from lostcities import ai, rules
from lostcities.rng import Rng


class ProtocolError(ValueError):
    """A line the bot cannot accept (unknown command, impossible move)."""


class Knowledge:
    """One round as the bot's player knows it."""

    def __init__(self, colors, seat, hand, start):
        self.colors = colors
        self.seat = seat
        self.hand = hand
        self.start = start
        self.moves = []  # every move of the round, both players
        self.draws = {}  # index in moves of my deck draws -> the card drawn

    def state(self):
        """A full round consistent with what the bot saw, replayed to now.

        Cards the opponent played from unseen cards go into the unseen slots
        they held longest; cards never seen fill the rest in any order.
        """
        pool = _Pool(self.colors)
        hand = [pool.take(card) for card in self.hand]
        dealt = [None] * rules.HAND_SIZE  # the opponent's dealt hand
        deck = []  # the deck's cards drawn so far, top first (None: unseen)
        opponent = [(dealt, slot) for slot in range(rules.HAND_SIZE)]
        piles = [[] for _ in range(self.colors)]
        to_move = self.start
        for index, move in enumerate(self.moves):
            card = rules.move_card(move)
            mine = to_move == self.seat
            if not mine:
                card = self._opponent_card(opponent, pool, card)
            if rules.move_discards(move):
                piles[rules.card_color(card)].append(card)
            source = rules.move_source(move)
            if source == rules.SOURCE_DECK:
                if mine:
                    if index not in self.draws:
                        raise ProtocolError("no 'drew' line after my deck draw")
                    deck.append(pool.take(self.draws[index]))
                else:
                    opponent.append((deck, len(deck)))
                    deck.append(None)
            else:
                if not piles[source - 1]:
                    raise ProtocolError("'%s' draws from an empty pile" % notation.move_text(move))
                taken = piles[source - 1].pop()
                if not mine:
                    opponent.append(taken)
            to_move = 1 - to_move
        rest = pool.rest()
        for cards in (dealt, deck):
            for at, card in enumerate(cards):
                if card is None:
                    cards[at] = rest.pop()
        deck += rest
        hands = (hand, dealt) if self.seat == 0 else (dealt, hand)
        state = rules.State.from_deal(hands[0], hands[1], deck, self.start, self.colors)
        for move in self.moves:
            reason = state.check_move(move)
            if reason:
                raise ProtocolError("move '%s' is impossible: %s" % (
                    notation.move_text(move), reason))
            state.apply(move)
        return state

    @staticmethod
    def _opponent_card(opponent, pool, card):
        """Take ``card`` out of the opponent's hand: a known card, else an unseen slot."""
        for at, held in enumerate(opponent):
            if isinstance(held, int) and rules.same_kind(held, card):
                del opponent[at]
                return held
        for at, held in enumerate(opponent):
            if not isinstance(held, int):
                del opponent[at]
                cards, at = held
                cards[at] = pool.take(card)
                return cards[at]
        raise ProtocolError("the opponent cannot hold %s" % rules.card_text(card))


class _Pool:
    """The cards of a game not yet placed in the rebuilt round."""

    def __init__(self, colors):
        self.used = bytearray(colors * rules.CARDS_PER_COLOR)

    def take(self, card):
        """Place ``card`` (or an unused wager like it); the card placed."""
        for other in range(len(self.used)):
            if not self.used[other] and rules.same_kind(other, card):
                self.used[other] = 1
                return other
        raise ProtocolError("%s appears too often" % rules.card_text(card))

    def rest(self):
        return [card for card in range(len(self.used)) if not self.used[card]]


class Bot:
    """Answers the referee's lines; ``handle`` returns the reply or None."""

    def __init__(self, level, seed):
        self.level = level
        self.rng = Rng(seed)
        self.colors = 5
        self.seat = 0
        self.round = None

    def handle(self, line):
        words = line.split()
        if not words:
            return None
        command = words[0]
        if command == "match" and len(words) == 7 and words[1::2] == ["colors", "rounds", "seat"]:
            self.colors = _number(words[2], (5, 6))
            _number(words[4], (1, 3))
            self.seat = _number(words[6], (1, 2)) - 1
            self.round = None
        elif command == "round" and len(words) == 12 and words[1] == "hand" and words[10] == "start":
            hand = [self._card(text) for text in words[2:10]]
            self.round = Knowledge(self.colors, self.seat, hand, _number(words[11], (1, 2)) - 1)
        elif command == "opp" and len(words) == 4:
            self._round().moves.append(self._move(" ".join(words[1:])))
        elif command == "go" and len(words) == 1:
            state = self._round().state()
            if state.to_move != self.seat:
                raise ProtocolError("'go' but it is the opponent's turn")
            move = ai.choose_move(state.view(self.seat), self.level, self.rng)
            self.round.moves.append(move)
            return notation.move_text(move)
        elif command == "drew" and len(words) == 2:
            self._round().draws[len(self.round.moves) - 1] = self._card(words[1])
        elif command == "end" and len(words) == 3:
            self.round = None
        else:
            raise ProtocolError("unexpected line %s (docs/formats.md lists the protocol's"
                                " lines)" % quoted(line.strip()))
        return None

    def _round(self):
        if self.round is None:
            raise ProtocolError("no round in progress")
        return self.round

    def _card(self, text):
        try:
            return notation.parse_card(text, self.colors)
        except ValueError as error:
            raise ProtocolError(str(error))

    def _move(self, text):
        try:
            return notation.parse_move(text, self.colors)
        except ValueError as error:
            raise ProtocolError(str(error))


def _number(text, allowed):
    if text.isdigit() and int(text) in allowed:
        return int(text)
    raise ProtocolError("expected one of %s, got %s" % (
        " or ".join(str(number) for number in allowed), quoted(text)))


def quoted(text):
    """``text`` in quotes as it was typed; Python's escapes only for what cannot be shown."""
    return "'%s'" % text if text.isprintable() else repr(text)


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m host_sim bot",
                                     description="Play one AI level over the bot protocol.")
    parser.add_argument("--level", choices=ai.LEVELS, default="normal")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    bot = Bot(args.level, args.seed)
    for number, line in enumerate(sys.stdin, 1):
        if line.strip() == "quit":
            return 0
        try:
            reply = bot.handle(line)
        except ProtocolError as error:
            print("bot: line %d: %s" % (number, error), file=sys.stderr)
            return 2
        if reply is not None:
            sys.stdout.write(reply + "\n")
            sys.stdout.flush()
    return 0
