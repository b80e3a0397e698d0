"""The player's profile: settings and statistics that outlive a match.

Saved by :class:`lostcities.saves.storage.Storage` after the wear record, read back
by :func:`load_profile`. Its record's body: its head, described by FIELDS (in
their order; layout.py says how a table of fields is written), then the number
of statistics lines, then each: name text ("duel" or an AI level), played,
won, drawn (u16 each).
"""

from micropython import const

from lostcities import (
    BRIGHTNESSES, COLORS, LEVELS, MODES, RESUMES, RETIRED_LEVELS, ROUNDS, level_named)
from lostcities.saves.layout import (
    CRC, HAS_MATCH, HAS_PROFILE, HEADER, KIND_PROFILE, MATCH_AT, NO_SAVE, PROFILE_AT, encode,
    head, put_text, put_u16, stamp, text_size)

_ROW = "%-6s%6s%5s%5s%4s"  # a statistics row: 26 characters, the screen's width
SWITCH = (False, True)  # a switch's values (a setting's, a flag's)
# The profile's head: (name, size, default, values), a Profile's fields. A new
# field is one row at the end: a profile saved before it reads its default.
FIELDS = (
    ("colors", "byte", 5, COLORS),
    ("rounds", "byte", 3, ROUNDS),
    ("sound", (0, 1), True, SWITCH),  # flags: sound 1, lights 2, debug 4,
    ("lights", (0, 2), True, SWITCH),
    ("debug", (0, 4), False, SWITCH),
    ("resume", (0, 32, 8), "pause", RESUMES),  # Resume every move 32, each round 8,
    ("worn", (0, 16), False, SWITCH),  # the wear switched Resume 16
    ("brightness", "byte", 3, BRIGHTNESSES),
    ("mode", "text", "ai", MODES),
    ("level", "text", "normal", LEVELS + tuple(RETIRED_LEVELS)),  # retired: read as its successor
    ("best_round", "i16", None, None),  # the best round score (None until one)
)
FIRST = const(11)  # the fields of every profile saved before fields were counted
# The settings a player chooses and their values, in the order the menus cycle
# them: the one check of the title's settings and the terminal's (the save's
# are FIELDS' values)
CHOICES = {"mode": MODES, "level": LEVELS, "colors": COLORS, "rounds": ROUNDS,
           "resume": RESUMES, "brightness": BRIGHTNESSES,
           "sound": SWITCH, "lights": SWITCH, "debug": SWITCH}


class Profile:
    """Settings and statistics that outlive a match.

    ``stats`` maps "duel" or an AI level name to ``[played, won, drawn]``:
    ``won`` counts player 1's wins in a duel, the player's wins against the AI;
    ``best_round`` is the best round score on the same side, player 1's in a
    duel (None until one): the statistics are one player's.
    ``resume`` says when a match is saved (lostcities.RESUMES): "pause" (at
    pauses: the default), "move" (after every move of a person) or "round"
    (at rounds' ends only); ``worn`` is True once the game has switched
    "move" to "pause" for the flash's wear.
    """

    def __init__(self, values=None):
        """The defaults, or the ``values`` of FIELDS, in their order."""
        for at in range(len(FIELDS)):
            setattr(self, FIELDS[at][0], FIELDS[at][2] if values is None else values[at])
        self.level = level_named(self.level)  # a retired level's successor
        self.stats = {}

    def change(self, name, value=None, step=1):
        """Set the setting ``name`` (a key of CHOICES) to ``value``, or else to
        its next value (``step`` 1) or its previous (-1); ValueError, saying
        the values it takes, for one it does not."""
        values = CHOICES[name]
        if value is None:
            now = getattr(self, name)
            value = values[((values.index(now) if now in values else 0) + step) % len(values)]
        elif value not in values:
            raise ValueError("%s takes one of: %s" % (name, ", ".join(map(str, values))))
        setattr(self, name, value)

    def spare_the_flash(self):
        """The board's flash has been written WEAR_SWITCH times: Resume every
        move switches to at pauses, once (``worn``). True if it switched."""
        if self.worn or self.resume != "move":
            return False
        self.worn = True
        self.resume = "pause"
        return True

    def record_match(self, saved):
        """Count a finished match (a SavedMatch) in the statistics."""
        match = saved.match
        against_ai = saved.mode == "ai"
        name = saved.level if against_ai else "duel"
        line = self.stats.get(name)
        if line is None:
            line = self.stats[name] = [0, 0, 0]
        line[0] += 1
        winner = match.winner()  # the match is over: None is a draw
        mine = 1 - saved.ai_seat if against_ai else 0  # whose side the statistics take
        if winner is None:
            line[2] += 1
        elif winner == mine:
            line[1] += 1
        for scores in match.scores:
            if self.best_round is None or scores[mine] > self.best_round:
                self.best_round = scores[mine]

    def summary(self, levels=LEVELS):
        """The statistics as a table of at most 26 characters a line (the
        screen's width; the terminal prints the same): a row for each
        opponent played, the AI levels in ``levels``' order then ``P2`` (two
        players, seen from player 1), each with matches played, won, lost and
        drawn; then the best round. One row an opponent keeps every mode and
        the flash's wear line on the board's 128 pixels."""
        lines = []
        for name in tuple(levels) + ("duel",):
            line = self.stats.get(name)
            if line:
                if not lines:
                    lines.append(_ROW % ("vs", "Play", "Won", "Lost", "Drw"))
                lines.append(_ROW % ("P2" if name == "duel" else name, line[0], line[1],
                                     line[0] - line[1] - line[2], line[2]))
        if self.best_round is not None:
            lines.append("Best round: %d" % self.best_round)
        return lines or ["No matches finished yet."]


def encode_profile(profile):
    """A Profile's record, stamped."""
    names = list(profile.stats)
    values = [getattr(profile, row[0]) for row in FIELDS]
    count, size = head(FIELDS, values, FIRST)
    size += HEADER + 1
    for name in names:
        size += text_size(name) + 6
    record = bytearray(size + CRC)
    at = encode(record, HEADER, FIELDS, values, count)
    record[at] = len(names)
    at += 1
    for name in names:
        at = put_text(record, at, name)
        for number in profile.stats[name]:
            at = put_u16(record, at, min(number, 0xFFFF))
    stamp(record, KIND_PROFILE, 0 if count == FIRST else count)
    return record


def load_profile(storage):
    """``(Profile, message)``: the saved Profile, or defaults and why.

    The reading of the NVM (lostcities/saves/restore.py) is imported here only, so
    that the title and the settings, which hold this module, do not hold it."""
    from lostcities.saves.restore import (
        COUNT_RESET, DAMAGED, LOST_BOTH, LOST_PROFILE, OTHER_VERSION, PROFILE_RESET, TORN,
        VERSION_1, Reader, read_record)
    flags, message = storage.read_wear()
    found = NO_SAVE
    if message == VERSION_1:
        from lostcities.saves.version1 import legacy
        found = legacy(storage.nvm, 0)
    elif (message is None or message == COUNT_RESET) and flags & HAS_PROFILE:
        found = read_record(storage.nvm, PROFILE_AT, MATCH_AT - PROFILE_AT, storage.end)
    if not isinstance(found, str):
        try:
            if found[1] != KIND_PROFILE:
                raise ValueError("not a profile")
            # kept; a damaged count is said
            return decode_profile(Reader(found[0]), found[2]), (
                message if message == COUNT_RESET else None)
        except (ValueError, IndexError, TypeError):
            if found[2] > len(FIELDS):  # a newer game's profile: said so, not as damage
                return Profile(), OTHER_VERSION
            found = DAMAGED
    if message == COUNT_RESET:
        return Profile(), PROFILE_RESET if found != NO_SAVE else message
    if found == TORN or (found == NO_SAVE and flags & HAS_PROFILE):
        return Profile(), LOST_BOTH if flags & HAS_MATCH else LOST_PROFILE
    if message is not None and message != VERSION_1:
        return Profile(), message
    return Profile(), None if found == NO_SAVE else PROFILE_RESET


def decode_profile(read, count=0):
    """The Profile of the record's body ``read`` (a restore.Reader) whose head
    holds ``count`` fields (0: the first ones); ValueError (or IndexError) if
    it is not one."""
    profile = Profile(read.head(FIELDS, count or FIRST))
    for _ in range(read.byte()):
        name = level_named(read.text())
        counts = [read.u16(), read.u16(), read.u16()]
        if name in profile.stats:  # a retired level's, with its successor's
            counts = [min(0xFFFF, a + b) for a, b in zip(counts, profile.stats[name])]
        profile.stats[name] = counts
    if read.left():
        raise ValueError("bad profile")
    return profile
