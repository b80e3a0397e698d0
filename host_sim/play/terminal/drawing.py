"""What the terminal game prints: the table as one player sees it, a round's
scores, the rules; cards coloured where the output is a terminal."""

import textwrap

from host_sim.records.account import expedition_line
from lostcities.assets import rules_page
from lostcities.rules import COLOR_LETTERS, card_text
from lostcities import sides

_ANSI_COLORS = ("33", "34", "37;1", "32", "31", "35")  # Y B W G R P
_EXPEDITION_WIDTH = 40  # the cards of an expedition line, then its score
WIDTH = 78  # the longest line printed


def capital(text):
    return text[:1].upper() + text[1:]


def rules_text():
    """The rules in short, as the board's Rules screen has them (assets/rules.txt)."""
    lines = ["Lost Cities in short (Reiner Knizia):"]
    for page in range(rules_page(0)[0]):
        _, title, text = rules_page(page)
        lines.append(textwrap.fill("%s: %s" % (title, text), WIDTH, subsequent_indent="  "))
    return "\n".join(lines)


def mode_text(mode, level, learn=False):
    if learn:
        return "the lesson, with the coach"
    return "against the AI (%s)" % level if mode == "ai" else "two players"


def saved_text(saved):
    match = saved.match
    return "round %d of %d, %s" % (match.round_number(), match.rounds,
                                   mode_text(saved.mode, saved.level, saved.learn))


class Drawing:
    """The session's match in lines of text; ``ansi`` colours the cards."""

    def __init__(self, session, ansi=False):
        self.session = session
        self.ansi = ansi

    def card(self, text):
        """A card's text, coloured on a terminal."""
        if not self.ansi or text in ("??", "--"):
            return text
        return "\x1b[%sm%s\x1b[0m" % (
            _ANSI_COLORS[COLOR_LETTERS.index(text[0])], text)

    def cards(self, cards):
        return " ".join([self.card(card_text(card)) for card in cards])

    def name(self, player):
        return sides.name(self.session.playing(), player)

    def table(self, player):
        """The table as ``player`` sees it (their view only)."""
        match = self.session.match
        view = match.state.view(player)
        totals = match.totals()
        lines = ["", "Round %d of %d, %d card%s in the deck; totals so far: %s %d, %s %d" % (
            match.round_number(), match.rounds, view.deck_len,
            "" if view.deck_len == 1 else "s",
            self.name(0), totals[0], self.name(1), totals[1])]
        for who in (1 - player, player):
            lines.append("%s (round score %d):" % (capital(self.name(who)), view.score(who)))
            shown = False
            for color in range(view.colors):
                if view.expedition_len(who, color):
                    shown = True
                    cards = view.expedition(who, color)
                    width = len(" ".join([card_text(card) for card in cards]))
                    lines.append("  %s  %s%s %4d" % (  # padded by what shows, not
                        COLOR_LETTERS[color], self.cards(cards),  # colour codes
                        " " * (_EXPEDITION_WIDTH - width),
                        view.expedition_score(who, color)[0]))
            if not shown:
                lines.append("  (no expeditions yet)")
            if who != player:
                piles = []
                for color in range(view.colors):
                    count = view.pile_len(color)
                    piles.append("%s:%s" % (COLOR_LETTERS[color], self.card(
                        card_text(view.pile_top(color))) + (
                            "+%d" % (count - 1) if count > 1 else "")
                        if count else "--"))
                lines.append("Discard piles  " + "  ".join(piles))
        known = [card_text(card) for card in view.hand(1 - player)
                 if card_text(card) != "??"]
        if known:
            lines.append("%s holds (taken from piles): %s" % (
                capital(self.name(1 - player)), " ".join(known)))
        lines.append("Hand: %s" % self.cards(view.hand(player)))
        return lines

    def scores(self):
        """Each expedition's breakdown, the round's scores and the totals."""
        match = self.session.match
        state = match.state
        lines = ["", "Round %d is over." % match.round_number()]
        for player in (0, 1):
            lines.append("%s: %d" % (capital(self.name(player)), state.score(player)))
            for color in range(match.colors):
                if state.expedition_len(player, color):
                    lines.append(expedition_line(state, player, color))
        totals = match.totals()
        lines.append("Totals: %s %d, %s %d" % (
            self.name(0), totals[0], self.name(1), totals[1]))
        return lines
