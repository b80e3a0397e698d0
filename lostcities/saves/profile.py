"""The player's profile: settings and statistics that outlive a match.

Saved by :class:`lostcities.saves.storage.Storage` after the wear record, read back
by :func:`load_profile`. Its record's body: colors, rounds, flags (1 sound, 2
lights, 4 debug, 8 Resume each round, 32 Resume every move (neither: at pauses, which an
older save's "every turn" reads as), 16 the player was told the NVM's wear switched it), brightness,
mode and level text, the best round score (i16, -32768: none yet), the number
of statistics lines, then each: name text ("duel" or an AI level), played,
won, drawn (u16 each).
"""

from lostcities import BRIGHTNESSES, COLORS, LEVELS, MODES, RESUMES, ROUNDS, level_named
from lostcities.saves.layout import (
    CRC, HAS_MATCH, HAS_PROFILE, HEADER, KIND_PROFILE, MATCH_AT, NO_SAVE, PROFILE_AT,
    put_text, put_u16, text_size)

from micropython import const

_NO_BEST = const(-32768)
_ROW = "%-6s%6s%5s%5s%4s"  # a statistics row: 26 characters, the screen's width
# The lesson's deals: the seeds of its match's Rng (the AI's is the
# next one), each tested to let the player start, to bring the coach's lessons
# up early, and to give hints the coach never has to contradict (tests/test_coach.py)
LESSON_SEEDS = (1868, 2101, 582, 104)
# The settings a player chooses and their values, in the order the menus cycle
# them: the one check of the title's settings, the terminal's and the save's
SWITCH = (False, True)
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

    def __init__(self):
        self.colors = 5
        self.rounds = 3
        self.mode = "ai"
        self.level = "normal"
        self.sound = True
        self.lights = True
        self.brightness = 3
        self.debug = False
        self.stats = {}
        self.best_round = None
        self.resume = "pause"
        self.worn = False

    def new_match(self, new_seed, learn=False):
        """A new match with these settings, as it is saved, not yet dealt
        (``new_seed()`` gives its deal's and its AI's seeds). Kept here, out of
        the table's heap with this module. ``learn``: the lesson instead, one
        round of 5 colours against the lowest level with the coach, dealt from
        LESSON_SEEDS."""
        from lostcities.rng import Rng
        from lostcities.rules.match import Match
        from lostcities.saves.match import AI_SEAT, SavedMatch
        if learn:
            seed = LESSON_SEEDS[new_seed() % len(LESSON_SEEDS)]
            return SavedMatch(Match(5, 1, Rng(seed)), "ai", LEVELS[0], AI_SEAT, Rng(seed + 1),
                              True)
        match = Match(self.colors, self.rounds, Rng(new_seed()))
        if self.mode == "ai":
            return SavedMatch(match, "ai", self.level, AI_SEAT, Rng(new_seed()))
        return SavedMatch(match, "duel")

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
    """A Profile's record (header and CRC left blank)."""
    names = list(profile.stats)
    size = HEADER + 6 + text_size(profile.mode) + text_size(profile.level) + 1
    for name in names:
        size += text_size(name) + 6
    record = bytearray(size + CRC)
    record[HEADER] = profile.colors
    record[HEADER + 1] = profile.rounds
    record[HEADER + 2] = ((1 if profile.sound else 0) | (2 if profile.lights else 0)
                           | (4 if profile.debug else 0) | (8 if profile.resume == "round" else 0)
                           | (16 if profile.worn else 0) | (32 if profile.resume == "move" else 0))
    record[HEADER + 3] = profile.brightness
    at = put_text(record, HEADER + 4, profile.mode)
    at = put_text(record, at, profile.level)
    best = _NO_BEST if profile.best_round is None else profile.best_round
    at = put_u16(record, at, best & 0xFFFF)
    record[at] = len(names)
    at += 1
    for name in names:
        at = put_text(record, at, name)
        for count in profile.stats[name]:
            at = put_u16(record, at, min(count, 0xFFFF))
    return record


def load_profile(storage):
    """``(Profile, message)``: the saved Profile, or defaults and why.

    The reading of the NVM (lostcities/saves/restore.py) is imported here only, so
    that the title and the settings, which hold this module, do not hold it."""
    from lostcities.saves.restore import (
        COUNT_RESET, DAMAGED, LOST_BOTH, LOST_PROFILE, PROFILE_RESET, TORN, VERSION_1, Reader,
        read_record, written_end)
    flags, message = storage.read_wear()
    found = NO_SAVE
    if message == VERSION_1:
        from lostcities.saves.version1 import legacy
        found = legacy(storage.nvm, 0)
    elif (message is None or message == COUNT_RESET) and flags & HAS_PROFILE:
        found = read_record(storage.nvm, PROFILE_AT, MATCH_AT - PROFILE_AT,
                            written_end(storage.nvm))
    if not isinstance(found, str):
        try:
            if found[1] != KIND_PROFILE:
                raise ValueError("not a profile")
            # kept; a damaged count is said
            return decode_profile(Reader(found[0])), (
                message if message == COUNT_RESET else None)
        except (ValueError, IndexError, TypeError):
            found = DAMAGED
    if message == COUNT_RESET:
        return Profile(), PROFILE_RESET if found != NO_SAVE else message
    if found == TORN or (found == NO_SAVE and flags & HAS_PROFILE):
        return Profile(), LOST_BOTH if flags & HAS_MATCH else LOST_PROFILE
    if message is not None and message != VERSION_1:
        return Profile(), message
    return Profile(), None if found == NO_SAVE else PROFILE_RESET


def decode_profile(read):
    """The Profile of the record's body ``read`` (a restore.Reader); ValueError
    (or IndexError) if it is not one."""
    profile = Profile()
    profile.colors = read.byte()
    profile.rounds = read.byte()
    flags = read.byte()
    profile.sound = bool(flags & 1)
    profile.lights = bool(flags & 2)
    profile.debug = bool(flags & 4)
    profile.resume = "round" if flags & 8 else "move" if flags & 32 else "pause"
    profile.worn = bool(flags & 16)
    profile.brightness = read.byte()
    profile.mode = read.text()
    profile.level = level_named(read.text())
    best = read.u16()
    best = best - 0x10000 if best & 0x8000 else best
    profile.best_round = None if best == _NO_BEST else best
    for _ in range(read.byte()):
        name = level_named(read.text())
        counts = [read.u16(), read.u16(), read.u16()]
        if name in profile.stats:  # a retired level's, with its successor's
            counts = [min(0xFFFF, a + b) for a, b in zip(counts, profile.stats[name])]
        profile.stats[name] = counts
    for name in CHOICES:
        profile.change(name, getattr(profile, name))  # ValueError if not one of them
    if read.left():
        raise ValueError("bad profile")
    return profile
