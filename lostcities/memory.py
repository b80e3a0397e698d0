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
"""

# True when the board runs this package from .py sources, which it compiles as
# it imports them (the bundle's .mpy files come compiled).
FROM_SOURCES = __file__.endswith(".py")


# From .py sources the board compiles a module as it imports it, which needs
# about three times its text at once: compiled at the first table, these
# needed more heap than anything else (docs/memory.md). There lostcities/app.py
# compiles them before anything else, while the heap is nearly empty, and they stay.
COMPILED_FIRST = ("lostcities.screens.words", "lostcities.screens.layout",
                  "lostcities.screens.table", "lostcities.knowledge", "lostcities.evaluation",
                  "lostcities.ai")


def forget(*names):
    """Drop modules ``names`` and their submodules as if never imported, so
    that their code leaves the board's heap; the next import loads them afresh.

    The app forgets the screens of the menus while a match is on and those of
    the match once it is over; from .py sources, those compiled first stay. On
    CPython (the laptop) it does nothing: memory is plentiful there, and a
    module loaded twice would give tools and tests two copies of its classes."""
    import sys
    if sys.implementation.name == "cpython":
        return
    for name in names:
        if FROM_SOURCES and name in COMPILED_FIRST:
            continue
        for loaded in list(sys.modules):
            if loaded == name or loaded.startswith(name + "."):
                del sys.modules[loaded]
        package, _, leaf = name.rpartition(".")
        parent = sys.modules.get(package)
        if parent is not None and leaf in parent.__dict__:
            delattr(parent, leaf)


# The saves' reading: at start-up, and the profile's again at a match's end.
READ_AT_START = ("lostcities.saves.restore", "lostcities.saves.resume", "lostcities.saves.version1")
PROFILE = ("lostcities.saves.profile",)  # let go at the table (ROOM), read again at the match's end
REVIEW = ("lostcities.review", "lostcities.reasons", "lostcities.screens.review")  # after a round
NOT_AT_THE_TABLE = ("lostcities.screens.title", "lostcities.screens.help",
                    "lostcities.screens.pause", "lostcities.screens.menu",
                    "lostcities.screens.summary",
                    "lostcities.menus") + READ_AT_START + REVIEW
# The lesson's coach: loaded with the lesson's table, let go at its round's end
COACH = ("lostcities.coach",)
TABLE = ("lostcities.screens.table", "lostcities.screens.layout", "lostcities.screens.words")
OF_THE_MATCH = TABLE + ("lostcities.screens.pause", "lostcities.screens.passing", "lostcities.ai",
                        "lostcities.evaluation", "lostcities.knowledge") + COACH + REVIEW
NOT_AT_THE_TITLE = OF_THE_MATCH + ("lostcities.screens.summary",) + READ_AT_START

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
    "review": (TABLE + ("lostcities.screens.summary",) + COACH, True, False),
    "match": (OF_THE_MATCH, True, False),  # the profile is read next, for the statistics
}
