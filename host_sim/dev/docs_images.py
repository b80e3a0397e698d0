"""Make the README's screenshots in docs/img with the screenshot tool.

``python -m host_sim docs-images``: each picture is a seed and a list of
buttons pressed from the title screen; the buttons of whole turns are worked
out here by playing the AI's moves for the human, then handed to
``python -m host_sim screenshot``.
"""

import os
import sys

from host_sim import ROOT
from host_sim.tools import screenshot
from host_sim.testing.harness import Driver, presses_for
from lostcities import ai
from lostcities import buttons as btn
from lostcities.rng import Rng
from lostcities.screens.table import END

OUT = os.path.join(ROOT,
                   "docs", "img")


class Script:
    """Presses made on a driver, remembered by name for the screenshot tool."""

    def __init__(self, seed, profile):
        self.seed = seed
        self.profile = profile
        self.driver = Driver(seed=seed, profile=dict(profile), render=False)
        self.names = []
        self.rng = Rng(seed)

    def press(self, *names):
        for name in names:
            self.driver.press(btn.action_named(name))
            self.names.append(name)

    def turns(self, count):
        """Whole turns of the human, played as the AI would."""
        for _ in range(count):
            driver = self.driver
            while driver.screen == "pass":
                self.press("A")
            if driver.screen != "table":
                return
            table = driver.app.table
            if table.phase == END:  # the round's last move on show: on to the scores
                self.press("A")
                return
            move = ai.choose_move(driver.app.match.state.view(table.viewer),
                                  "normal", self.rng)
            for action in presses_for(table, move):
                self.press(btn.NAMES[action])

    def shoot(self, name):
        args = ["--seed", str(self.seed), "--keys", ",".join(self.names),
                "--out", os.path.join(OUT, name), "--scale", "2"]
        for key, value in self.profile.items():
            args += ["--%s" % key, str(value)]
        return screenshot.main(args)


def main(argv=None):
    os.makedirs(OUT, exist_ok=True)
    ai_game = {"mode": "ai", "level": "normal", "colors": 5, "rounds": 3}
    Script(4, ai_game).shoot("title.png")
    script = Script(4, ai_game)
    script.press("A")
    script.turns(9)
    script.shoot("table.png")
    script.press("RIGHT", "RIGHT", "A")
    script.shoot("action.png")
    script.press("DOWN")
    script.shoot("draw.png")
    script.press("B", "B")
    for page in (1, 2, 3):
        script.press("SELECT")
        script.shoot("select%d.png" % page)
    script.press("SELECT")
    for _ in range(8):  # find a card the rules forbid to play
        table = script.driver.app.table
        state = script.driver.app.match.state
        if not state.can_play(table.viewer, table.hand[table.cursor[table.viewer]]):
            script.press("A", "A")
            script.shoot("illegal.png")
            script.press("B", "B")
            break
        script.press("RIGHT")
    script.turns(200)
    script.shoot("round.png")
    duel = Script(5, {"mode": "duel", "colors": 6, "rounds": 1})
    duel.press("A", "A")
    duel.turns(1)
    duel.shoot("pass.png")
    duel.turns(24)
    duel.press("A")
    duel.shoot("table6.png")
    settings = Script(5, {"mode": "duel", "colors": 6, "rounds": 1})
    settings.press("DOWN", "A")
    settings.shoot("settings.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
