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


# The profile's module: let go at the table (room), read again at the match's end
PROFILE = ((SAVES, "profile"),)


def room(name):
    """What goes before screen ``name`` is built (for "hint": once the pause
    menu's hint is worked out; "info": once the table's text is, the table
    kept), besides the screen shown (which always does but for "info"):
    (the groups of modules forgotten, whether the table's sprite sheets go
    too, whether the profile goes with its module).

    The sheets go from .py sources only, where the next modules are compiled in
    their place; the profile goes when the NVM holds it as it is (a match reads
    it again only at its end). App.make_room applies it, and is the only place
    that does; a screen not named here needs only the screen before it let go.
    Before the session counts a finished match in the statistics, the room of
    its result is made. The groups are made when asked: held from import on,
    they would take every screen's heap for good (docs/memory.md)."""
    review = ((GAME, "review", "reasons"), (SCREENS, "review"))  # after a round
    coach = (GAME, "coach")  # the lesson's: loaded with its table, let go at its round's end
    table = (SCREENS, "table", "layout", "words")
    # the saves' reading, and the checks of the saved match's deals (the rules'
    # prefix written out: from .py sources a name of its own would be one more
    # name for good, at the name tables' doubling)
    read_at_start = ((SAVES, "restore", "resume", "version1"), ("lostcities.rules.", "legal"))
    if name == "table":  # made as soon as a match starts or continues, before it is shown
        return ((SCREENS, "title", "help", "pause", "menu", "summary"),
                (GAME, "menus", "assets")) + read_at_start + review, False, True
    if name == "info":  # SELECT's page or the hint's words made: the module goes while they
        return ((SCREENS, "info"),), False, False  # show (the next loads it again)
    if name == "hint":  # given by the pause menu: the AI's modules it loaded go with the menu
        # (two players' hint loads them again, a match against the AI before its table)
        return ((GAME, "ai", "evaluation", "knowledge"),), False, False
    if name == "round":  # the coach has said its last, a review is read
        return (coach,) + review, False, False
    if name == "review":
        # a review holds the evaluation and its own two modules: the table's and the
        # scores' go (the next round's table, or the scores seen again, load them again)
        return (table, (SCREENS, "summary"), coach), True, False
    of_the_match = (table, (SCREENS, "pause", "passing"),
                    (GAME, "ai", "evaluation", "knowledge"), coach) + review
    if name == "match":  # the profile is read next, for the statistics
        return of_the_match, True, False
    if name == "title":
        return of_the_match + ((SCREENS, "summary"), (GAME, "assets")) + read_at_start, True, False
    return (), False, False
