"""The rules (assets/rules.txt), a page at a time, and the statistics."""

from lostcities import buttons as btn
from lostcities.saves.layout import wear_line
from lostcities.screens import ACCENT, DIM, LINE_H, Screen, label, set_text, wrap

from micropython import const

# After the rules of assets/rules.txt: the handheld's own pages.
HANDHELD_PAGES = const((
    ("Buttons",
     "</> pick a card, A choose it. A or ^ plays it, v discards it. </> "
     "pick where to draw, A take. B steps back. SELECT: totals, known "
     "cards. START: menu, hint. Hold START: title."),
    ("The table",
     "Top: the other player's expeditions, middle: the piles and deck, "
     "bottom: yours and your hand. Scores are signed: +12. A light card is "
     "the last move, a light frame the card you drew."),
))


class RulesScreen(Screen):
    """Paged rules: LEFT/RIGHT turn pages, B goes back."""

    name = "rules"

    def __init__(self, app, in_match):
        super().__init__(app)
        self.in_match = in_match  # B goes back to the match, else to the title
        self.pages = 0  # the rules' and the handheld's, counted as a page is read
        self.page = 0
        self.heading = label(" ", 4, 2, ACCENT)
        self.body = label(" ", 4, 20)
        self.footer = label(" ", 4, 116, DIM)
        for item in (self.heading, self.body, self.footer):
            self.group.append(item)
        self.show_page()

    def show_page(self):
        from lostcities.assets import rules_page  # forgotten at the title: not held here
        rules, title, text = rules_page(self.page)
        self.pages = rules + len(HANDHELD_PAGES)
        if self.page >= rules:
            title, text = HANDHELD_PAGES[self.page - rules]
        set_text(self.heading, title)
        set_text(self.body, wrap(text))
        set_text(self.footer, "%d/%d  </>: page  B: back" % (self.page + 1, self.pages))

    def back(self):
        if self.in_match:
            self.app.resume()
        else:
            self.app.open("title")

    def press(self, action):
        if action == btn.RIGHT or action == btn.A:
            if action == btn.A and self.page == self.pages - 1:
                self.back()
                return
            self.page = (self.page + 1) % self.pages
            self.show_page()
        elif action == btn.LEFT:
            self.page = (self.page - 1) % self.pages
            self.show_page()
        elif action == btn.B or action == btn.START:
            self.back()


_TABLE_X = const(2)  # the statistics' table: 26 characters from here fill the screen


class StatsScreen(Screen):
    """Matches played and won per mode and AI level, and the best round."""

    name = "stats"

    def __init__(self, app):
        super().__init__(app)
        lines = app.profile.summary()
        self.group.append(label("Statistics", 4, 2, ACCENT))
        self.group.append(label("B: back", 114, 2, DIM))
        self.group.append(label("\n".join(lines), _TABLE_X, 18))  # 26 characters wide
        self.group.append(label(wear_line(app.session.storage.writes), _TABLE_X,
                                18 + LINE_H * len(lines) + 2, DIM))

    def press(self, action):
        if action in (btn.A, btn.B, btn.START):
            self.app.open("title")
