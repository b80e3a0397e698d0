"""The rules, a page at a time, and the statistics."""

from lostcities import buttons as btn
from lostcities.ai import LEVELS
from lostcities.screens import ACCENT, DIM, MARGIN, Screen, label, set_text, wrap

PAGES = (
    ("The game",
     "Build expeditions in up to 5 colours (Y B W G R, P optional) with "
     "rising cards. Each started expedition costs 20 points. 3 rounds "
     "(or 1); the higher total wins."),
    ("A turn",
     "1. Play a card on your expedition of its colour, or discard it to "
     "the pile of its colour. 2. Draw from the deck or a pile top, but "
     "not the card you just discarded."),
    ("Expeditions",
     "Numbers must go up (gaps are fine). Wagers (x) go first, before any "
     "number. An expedition scores (sum - 20) times (1 + wagers); 8 or "
     "more cards add 20."),
    ("Round end",
     "The round ends when the last deck card is drawn. Cards left in hand "
     "score nothing. The lower scorer starts the next round."),
    ("Buttons",
     "</> pick a card, A choose it. A or ^ plays it, v discards it. </> "
     "pick where to draw, A take. B steps back. SELECT: totals, known "
     "cards. START: menu, hint. Hold START: title."),
    ("The table",
     "Top: the other player's expeditions, middle: the piles and deck, "
     "bottom: yours and your hand. Scores are signed: +12. A light card "
     "is the last move, a light frame the card you drew."),
)


class RulesScreen(Screen):
    """Paged rules: LEFT/RIGHT turn pages, B goes back."""

    name = "rules"

    def __init__(self, app, back):
        super().__init__(app)
        self.back = back
        self.page = 0
        self.heading = label(" ", 4, 2, ACCENT)
        self.body = label(" ", 4, 20)
        self.footer = label(" ", 4, 116, DIM)
        for item in (self.heading, self.body, self.footer):
            self.group.append(item)
        self.show_page()

    def show_page(self):
        title, text = PAGES[self.page]
        set_text(self.heading, title)
        set_text(self.body, wrap(text))
        set_text(self.footer, "%d/%d  </>: page  B: back" % (
            self.page + 1, len(PAGES)))

    def press(self, action):
        if action == btn.RIGHT or action == btn.A:
            if action == btn.A and self.page == len(PAGES) - 1:
                self.back()
                return
            self.page = (self.page + 1) % len(PAGES)
            self.show_page()
        elif action == btn.LEFT:
            self.page = (self.page - 1) % len(PAGES)
            self.show_page()
        elif action == btn.B or action == btn.START:
            self.back()


def stats_lines(profile):
    """The statistics as a table that fits the screen inside its margins (25
    characters, 8 lines): the profile's sentences wrapped ran over the footer."""
    lines = []
    row = "%-6s%5s%5s%5s%4s"
    for level in LEVELS:
        line = profile.stats.get(level)
        if line:
            if not lines:
                lines.append(row % ("vs AI", "Play", "Won", "Lost", "Drw"))
            lines.append(row % (level, line[0], line[1],
                                line[0] - line[1] - line[2], line[2]))
    line = profile.stats.get("duel")
    if line:
        row = "%-9s%4s%4s%4s%4s"
        lines.append(row % ("2 players", "Play", "P1", "P2", "Drw"))
        lines.append(row % ("", line[0], line[1], line[0] - line[1] - line[2],
                            line[2]))
    if profile.best_round is not None:
        lines.append("Best round: %d" % profile.best_round)
    return lines or ["No matches finished yet."]


class StatsScreen(Screen):
    """Matches played and won per mode and AI level, and the best round."""

    name = "stats"

    def __init__(self, app):
        super().__init__(app)
        self.group.append(label("Statistics", 4, 2, ACCENT))
        self.group.append(label("\n".join(stats_lines(app.profile)), MARGIN, 18))
        self.group.append(label("B: back", 4, 116, DIM))

    def press(self, action):
        if action in (btn.A, btn.B, btn.START):
            self.app.title()
