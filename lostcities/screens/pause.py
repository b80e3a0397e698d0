"""The pause menu: START during a match."""

from lostcities import buttons as btn
from lostcities.screens.menu import GIVE_UP, MenuScreen
from lostcities.screens.table import END, WAIT


class PauseScreen(MenuScreen):
    """START during a match: resume, a hint, the rules, a new match, the title."""

    name = "pause"
    heading = "Paused"

    def __init__(self, app):
        items = ["Resume"]
        table = app.table
        if (table is not None and app.screen is table
                and table.phase != WAIT and table.phase != END):
            items.append("Hint")  # the human's turn, a card picked or not
        items += ["Rules", "New match", "Title screen"]
        self.back_to = app.screen
        super().__init__(app, items)

    def choose(self, key, action):
        if action != btn.A:
            return
        app = self.app
        if key == "Resume":
            self.back()
        elif key == "Hint":
            move = app.hint_move()
            app.resume()
            app.table.show_hint(move)
        elif key == "Rules":
            app.later(app.rules_in_match)
        elif key == "New match":
            if self.confirmed(key, GIVE_UP):
                app.later(app.new_match)
        elif key == "Title screen":
            app.later(app.title)

    def back(self):
        self.app.show(self.back_to)
