"""The board's memory policy, in one place: which modules the app holds when,
and forgetting the others (the figures: docs/memory.md, ``bench --board``).

A PyBadge leaves Python about 120-150 KB. The app holds the code of one part
at a time: each screen module is loaded when first shown and forgotten while
the table is built (the menus' screens, and the reading of the saves), or
once the match is over (the match's, and the AI's). The pass screen and the
pause menu are shown with the table let go; the pause menu's modules load
each time (the pass screen's, small and shown every turn, stay). The table's
and the scores' rooms let this module go too (POLICY), and the rooms made
while the table lasts are the app's copy of their rows (TABLE_ROOMS). Elsewhere,
by the same policy: a screen is let go before a big one is built
(lostcities/shell.py), the rules load their parts when first used
(lostcities/rules/__init__.py), the AI makes its tables before the table
(``ai.prepare``), and a match is saved from a buffer made at start-up for
its rounds (lostcities/saves/storage.py). tests/test_house.py checks every name here.

Modules are named in groups: a package's prefix (its name and a dot), then
the last parts of its modules' names. The board holds those short parts as
names (qstrs) that it has anyway, where each module's whole name would be a
string of its own in the heap for good, and each prefix once.
"""

# True when the board runs this package from .py sources, which it compiles as
# it imports them (the bundle's .mpy files come compiled).
FROM_SOURCES = __file__.endswith(".py")

# The packages' prefixes of the groups below
GAME = "lostcities."
SCREENS = "lostcities.screens."
SAVES = "lostcities.saves."


# From .py sources the board compiles a module as it imports it, which needs
# about three times its text at once: compiled at the first table, these
# needed more heap than anything else (docs/memory.md). There lostcities/app.py
# compiles them before anything else, while the heap is nearly empty, and they stay;
# so do the rest of READIED's, which the bundle loads once the title shows.
COMPILED_FIRST = ((SCREENS, "words", "layout", "table"),
                  (GAME, "memory", "knowledge", "evaluation", "ai", "search", "assets", "rng",
                   "sides"),
                  ("lostcities.rules.", "match"), (SAVES, "match"))

# What a match needs and the title does not: the rules (the saves load them
# only for a saved match), its deals' Rng, its saved form, the table's
# modules and the advice's (the table asks it whether the coach speaks).
# App.ready_the_table loads them once the title is on the screen: power-on
# does not wait for them, and a new match or Continue need not either.
READIED = ((GAME, "rng", "sides", "advice"), ("lostcities.rules.", "match"), (SAVES, "match"),
           (SCREENS, "table"))

# What the title needs and the match's result does not: loaded once the result
# shows (App.ready_the_title), so that the title does not wait for them.
TITLE = ((GAME, "menus"), (SCREENS, "menu", "title"))


def names(groups):
    """The whole names of the modules in ``groups``, in order."""
    return [group[0] + group[at] for group in groups for at in range(1, len(group))]


def load(groups):
    """Import the modules of ``groups`` (READIED, TITLE): done once a picture
    shows, so that the press after it need not wait for them."""
    for name in names(groups):
        __import__(name)


def forgotten(groups):
    """``groups`` as a room forgets them (Shell.forget): from .py sources
    without the modules compiled first, which stay (COMPILED_FIRST)."""
    if not FROM_SOURCES:
        return groups
    kept = names(COMPILED_FIRST)
    return tuple((group[0],) + tuple(leaf for leaf in group[1:] if group[0] + leaf not in kept)
                 for group in groups)


# The profile's module: let go at the table (room), read again at the match's end
PROFILE = ((SAVES, "profile"),)
# This module: the rooms of the match's busiest screens (the table and the
# scores) let it go, so that they do not hold the policy's code, and the next
# room but TABLE_ROOMS reads it again (one reading a screen change at most: the
# menus keep it); from .py sources it is compiled first and stays (COMPILED_FIRST)
POLICY = ((GAME, "memory"),)

# What goes with the modules of a room (rooms()), besides them: flags
SCREEN = 1  # the screen shown (let go before the next is built)
SHEETS = 2  # the table's sprite sheets (from .py sources only: the next modules compile in their place)
PROFILE_TOO = 4  # the profile, with its module, when the NVM holds it as it is


def groups():
    """The modules the rooms forget, in named groups of a package's prefix
    and the last parts of its modules' names."""
    return {
        # the menus' screens and their choices
        "menus": ((SCREENS, "title", "help", "pause", "menu", "summary"), (GAME, "menus")),
        "assets": ((GAME, "assets"),),
        # a match made and said in sentences (a new match, Continue's news, the
        # result, the review's): the table names its players in its own words
        "sides": ((GAME, "sides"),),
        # the saves' reading, and the checks of the saved match's deals (the rules'
        # prefix written out: from .py sources a name of its own would be one more
        # name for good, at the name tables' doubling)
        "read at start": ((SAVES, "restore", "resume", "version1"), ("lostcities.rules.", "legal")),
        "table": ((SCREENS, "table", "layout"),),
        # the table's words, in which the scores and the result name the players too
        "words": ((SCREENS, "words"),),
        "info": ((SCREENS, "info"),),  # SELECT's pages and the hint's words
        "turns": ((SCREENS, "pause", "passing"),),  # the match's other screens
        "summary": ((SCREENS, "summary"),),
        "ai": ((GAME, "ai", "search", "evaluation", "knowledge"),),
        "search": ((GAME, "search"),),  # a searching level's, needed for its decisions only
        "policy": POLICY,  # this module: read again at the next room
        "coach": ((GAME, "coach"),),  # the lesson's: loaded with its table
        # the round's review: judged while the match is played (lostcities/advice.py)
        "review": ((GAME, "review"),),
        "reviewed": ((GAME, "reasons", "mistakes"), (SCREENS, "review")),  # its words, after a round
    }


def rooms():
    """The memory policy, one row a room: before screen NAME is built,
    ``NAME: (the groups() forgotten, what else goes: SCREEN | SHEETS | PROFILE_TOO)``.

    A room named nowhere here is a mistake (room() says so): a new screen
    is one row more. Made when asked: held from import on, the table would
    take every screen's heap for good (docs/memory.md)."""
    of_the_match = ("info", "turns", "ai", "coach", "review", "reviewed")  # but the table's
    return {
        # the table's modules stay (loaded once the title is shown: App.ready_the_table)
        "title": (of_the_match + ("summary", "assets", "read at start"), SCREEN | SHEETS),
        "settings": ((), SCREEN),
        "stats": ((), SCREEN),
        "rules": ((), SCREEN),
        # made as soon as a match starts or continues, before it is shown
        "table": (("menus", "sides", "assets", "read at start", "reviewed", "policy"),
                  SCREEN | PROFILE_TOO),
        # between two players the evaluation the round's review was judged in while
        # the device was passed goes too (lostcities/advice.py): no AI plays there
        "two players' table": (("menus", "sides", "assets", "read at start", "reviewed",
                                "ai", "policy"), SCREEN | PROFILE_TOO),
        "pass": ((), SCREEN),
        "pause": ((), SCREEN),
        # the hint given by the pause menu: the AI's modules it loaded go with the menu
        # (two players' hint loads them again, a match against the AI before its table)
        "hint": (("ai", "policy"), SCREEN),
        # SELECT's page or the hint's words made: their module goes while they
        # show (the next loads it again), the table stays
        "info": (("info",), 0),
        # the AI's move made, before it shows: a searching level's search goes until
        # its next decision loads it again (the person's turn, the scores)
        "ai moved": (("search",), 0),
        "round": (("coach", "reviewed", "policy"), SCREEN),  # the coach has said its last
        # a review holds the evaluation and its own two modules: the table's and the
        # scores' go (the next round's table, or the scores seen again, load them again)
        "review": (("menus", "table", "words", "info", "coach"), SCREEN | SHEETS),
        # the profile is read next, for the statistics; the result names the
        # players in the table's words
        "match": (("table",) + of_the_match, SCREEN | SHEETS),
    }


# The rooms made while the table is in the heap: the app keeps their rows from
# the table's room on (table_rooms), so that this module is not read again
# beside the table, where it does not fit with SELECT's page or hard's search
# (docs/memory.md); they do not forget it, as it is not loaded then
TABLE_ROOMS = ("pass", "pause", "info", "ai moved")


def table_rooms(name):
    """What room ``name`` keeps for the rooms after it: for a table's room,
    ``{room: (the groups forgotten, whether the screen goes)}`` of
    TABLE_ROOMS, which the app applies while the table lasts
    (Shell.make_room); None for any other room."""
    if name != "table" and name != "two players' table":
        return None
    rows, by_name = rooms(), groups()  # made once for all of them
    kept = {}
    for kept_name in TABLE_ROOMS:
        modules, screen = _row(kept_name, rows, by_name)[:2]
        kept[kept_name] = (forgotten(modules), screen)
    return kept


def room(name):
    """What goes before screen ``name`` is built (see rooms()): ``(the groups
    of modules forgotten, whether the screen shown goes, whether the table's
    sprite sheets go (from .py sources only), whether the profile goes with
    its module)``. Shell.make_room applies it, and is the only place that does
    (beside the table, from the rows TABLE_ROOMS kept). A name not in rooms() raises
    KeyError: a screen that forgot its row would hold the heap of the screens
    before it."""
    return _row(name, rooms(), groups())


def _row(name, rows, by_name):
    found = rows.get(name)
    if found is None:
        raise KeyError("memory.rooms() has no room %r" % name)
    named, goes = found
    modules = ()
    for group in named:
        modules += by_name[group]
    sheets = FROM_SOURCES and bool(goes & SHEETS)
    return modules, bool(goes & SCREEN), sheets, bool(goes & PROFILE_TOO)
