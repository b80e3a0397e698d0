"""The pause menu: START during a match."""

from lostcities import buttons as btn
from lostcities.screens.menu import GIVE_UP, MenuScreen


class PauseScreen(MenuScreen):
    """START during a match: resume, a hint, the rules, a new match, the title.

    ``hint``: whether to offer one (a human player's turn on the table)."""

    name = "pause"
    heading = "Paused"

    def __init__(self, app, hint):
        items = ["Resume"]
        if hint:
            items.append("Hint")  # the human's turn, a card picked or not
        items += ["Rules", "New match", "Title screen"]
        super().__init__(app, items)

    def choose(self, key, action):
        if action != btn.A:
            return
        app = self.app
        if key == "Resume":
            self.back()
        elif key == "Hint":
            app.resume_with_hint()
        elif key == "Rules":
            app.open("rules")
        elif key == "New match":
            if self.confirmed(key, GIVE_UP):
                app.open("new_match")
        elif key == "Title screen":
            app.open("title")

    def back(self):
        self.app.resume()
