"""When a match is saved: the Resume setting's rule (docs/formats.md, "When the
game saves"). The Session follows it (lostcities/session.py): it reports each
move and each tick here, and saves when told to.

With Resume "at pauses", the default, a match is saved at its start and its
end (the Session's), at each round's end but the last, at the pause menu and
the title, and at the quiet moments below once enough of the people's moves
wait unsaved. "every move" saves each move of a person; "each round" the
rounds' ends alone. Each save wears the board's flash: a player's pauses, not
the moves, say when."""

from micropython import const

PASS_MOVES = const(30)  # people's moves unsaved that the device passed saves
QUIET_MOVES = const(40)  # and that another quiet moment saves
THINK_MS = const(20000)  # a person still this long is at a quiet moment
THINKING_MS = const(400)  # a person still this long is thinking: their move may be weighed
IDLE_MS = const(60000)  # left alone this long, the screen dims: a quiet moment that
IDLE_MOVES = const(20)  # saves this many people's moves unsaved


class SavePolicy:
    """``resume`` (lostcities.RESUMES); ``unsaved`` the people's moves made since
    the match was last saved; ``due`` a save decided on, made at the next tick."""

    def __init__(self, resume):
        self.resume = resume
        self.unsaved = 0
        self.due = False

    def follow(self, resume):
        """The Resume setting changed: it applies at once."""
        self.resume = resume

    def started(self):
        """A match was started: it is saved at the next tick, whatever the setting."""
        self.unsaved = 0
        self.due = True

    def saved(self):
        """The match was saved (or the save failed: it is not tried again at
        every tick, but at the next save point)."""
        self.unsaved = 0
        self.due = False

    def moved(self, saved, by_person, late=False):
        """A move was played in ``saved`` (a SavedMatch). With "every move",
        every person's move is saved, and an AI's move that a resumed match
        would not make again (``late``). Else a round's end, but the match's
        last (its end is saved with the statistics, once its scores are seen);
        and between two players "at pauses", PASS_MOVES unsaved, as the device
        is passed."""
        if by_person:
            self.unsaved += 1
        match = saved.match
        if self.resume == "move":
            self.due = self.due or by_person or late
        elif match.state.is_over():
            self.due = not match.is_over()
        elif self.resume == "pause" and saved.mode == "duel" and self.unsaved >= PASS_MOVES:
            self.due = True

    def wants(self, idle_ms):
        """Whether to save now, at a tick ``idle_ms`` after the last press: a
        save decided on; with "at pauses", a player still THINK_MS with
        QUIET_MOVES unsaved, or left alone IDLE_MS (the screen dims) with
        IDLE_MOVES."""
        unsaved = self.unsaved
        return self.due or self.resume == "pause" and (
            idle_ms >= IDLE_MS and unsaved >= IDLE_MOVES
            or idle_ms >= THINK_MS and unsaved >= QUIET_MOVES)

    def paused(self):
        """The player stopped (the pause menu, the title, a quit): what waits
        is saved at the next tick, but with "each round"."""
        if self.resume != "round" and self.unsaved:
            self.due = True
