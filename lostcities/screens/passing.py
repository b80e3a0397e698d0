"""Passing the device: nothing of either hand shows until the next player is ready."""

from lostcities import buttons as btn
from lostcities.screens import ACCENT, DIM, Screen, label


class PassScreen(Screen):
    """"Pass to player N, press A" between the turns of a two-player game."""

    name = "pass"

    def __init__(self, app, player):
        super().__init__(app)
        match = app.match
        state = match.state
        if state.turns == 0:
            top = "Round %d of %d: P%d starts" % (
                match.round_number(), match.rounds, player + 1)
        else:
            top = "Turn over. Pass it on."
        group = self.group
        group.append(label(top, 4, 14, DIM))
        group.append(label("Pass to", 4, 40))
        group.append(label("PLAYER %d" % (player + 1), 4, 56, ACCENT, scale=2))
        group.append(label("and press A", 4, 86))
        group.append(label("START: menu", 4, 112, DIM))

    def press(self, action):
        if action == btn.A:
            self.app.advance()
        elif action == btn.START:
            self.app.pause()
