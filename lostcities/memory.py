"""The board's memory policy, in one place: which modules the app holds when,
and forgetting the others (the figures: docs/memory.md, ``bench --board``).

A PyBadge leaves Python about 120-150 KB. The app holds the code of one part
at a time: each screen module is loaded when first shown and forgotten while
the table is built (the menus' screens, and the reading of the saves), or
once the match is over (the match's, and the AI's). The pass screen and the
pause menu are shown with the table let go; the pause menu's modules load
each time (the pass screen's, small and shown every turn, stay). Elsewhere,
by the same policy: a screen is let go before a big one is built
(lostcities/shell.py), the rules load their parts when first used
(lostcities/rules/__init__.py), the AI makes its tables before the table
(``ai.prepare``), and a match is saved from a buffer made at start-up
(lostcities/saves/storage.py). tests/test_house.py checks every name here.

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
# compiles them before anything else, while the heap is nearly empty, and they stay.
COMPILED_FIRST = ((SCREENS, "words", "layout", "table"),
                  (GAME, "knowledge", "evaluation", "ai", "assets"))


def names(groups):
    """The whole names of the modules in ``groups``, in order."""
    return [group[0] + group[at] for group in groups for at in range(1, len(group))]


def forget(*groups):
    """Drop the modules of ``groups`` as if never imported, so that their code
    leaves the board's heap once collected; the next import loads them afresh.

    The app forgets the screens of the menus while a match is on and those of
    the match once it is over; from .py sources, those compiled first stay. On
    CPython (the laptop) it does nothing: memory is plentiful there, and a
    module loaded twice would give tools and tests two copies of its classes."""
    import sys
    if sys.implementation.name == "cpython":
        return
    kept = names(COMPILED_FIRST) if FROM_SOURCES else ()
    for group in groups:
        prefix = group[0]
        package = sys.modules.get(prefix[:-1])
        for at in range(1, len(group)):
            leaf = group[at]
            name = prefix + leaf  # a passing string: only the short parts are held for good
            if name in kept:
                continue
            if name in sys.modules:
                del sys.modules[name]
            if package is not None and leaf in package.__dict__:
                delattr(package, leaf)


# The saves' reading: at start-up, and the profile's again at a match's end.
READ_AT_START = ((SAVES, "restore", "resume", "version1"),)
PROFILE = ((SAVES, "profile"),)  # let go at the table (ROOM), read again at the match's end
REVIEW = ((GAME, "review", "reasons"), (SCREENS, "review"))  # after a round
NOT_AT_THE_TABLE = ((SCREENS, "title", "help", "pause", "menu", "summary"),
                    (GAME, "menus", "assets")) + READ_AT_START + REVIEW
# The lesson's coach: loaded with the lesson's table, let go at its round's end
COACH = ((GAME, "coach"),)
TABLE = ((SCREENS, "table", "layout", "words", "info"),)
OF_THE_MATCH = TABLE + ((SCREENS, "pause", "passing"),
                        (GAME, "ai", "evaluation", "knowledge")) + COACH + REVIEW
NOT_AT_THE_TITLE = OF_THE_MATCH + ((SCREENS, "summary"), (GAME, "assets")) + READ_AT_START

# What goes before each screen is built, besides the screen shown (which
# always does): the modules forgotten, whether the table's sprite sheets go
# too (from .py sources only, where the next modules are compiled in their place),
# and whether the profile goes with its module (when the NVM holds it as it is:
# a match reads it again only at its end). App.make_room applies it, and is the
# only place that does; a screen not named here needs only the screen before it
# let go. Before the session counts a finished match in the statistics, the room
# of its result is made.
ROOM = {
    "title": (NOT_AT_THE_TITLE, True, False),
    # made as soon as a match starts or continues, before anything of it is shown
    "table": (NOT_AT_THE_TABLE, False, True),
    "round": (COACH + REVIEW, False, False),  # the coach has said its last, a review is read
    # a review holds the evaluation and its own two modules: the table's and the
    # scores' go (the next round's table, or the scores seen again, load them again)
    "review": (TABLE + ((SCREENS, "summary"),) + COACH, True, False),
    "match": (OF_THE_MATCH, True, False),  # the profile is read next, for the statistics
}
