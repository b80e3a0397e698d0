"""Lost Cities for CircuitPython handhelds: engine, AI, screens and saving."""

__version__ = "0.1.0"
# The boards it runs on, by ``board.board_id``: code.py checks, the bundle is
# built against each one's firmware modules.
BOARDS = ("pybadge", "edgebadge", "pygamer")
# The AI's levels, easiest first, by the names the settings and the save use
# (lostcities/ai.py plays them; the board loads it only for a match against it).
# Each beats the one below by 10 to 45 points a round; at most 6 letters each,
# the Statistics screen's column. ``expert`` was one, no stronger than ``hard``
# (docs/ai.md): a save or a statistics line naming it reads as ``hard``.
LEVELS = ("easy", "medium", "normal", "hard")
RETIRED_LEVELS = {"expert": "hard"}


def level_named(name):
    """The level a save's ``name`` stands for now (a retired level's successor)."""
    return RETIRED_LEVELS.get(name, name)

# The other settings' values, in the order the menus cycle them: the title's
# settings, the terminal game's and the save's checks all take them from here.
MODES = ("ai", "duel")  # against the AI, or two players passing the device
COLORS = (5, 6)
ROUNDS = (1, 3)
# When a match is saved (lostcities/session.py): at pauses (the default), after every
# move of a person, or at rounds' ends only; in words, with what each costs the board's
# flash, measured at a person's pace (docs/formats.md, "When the game saves")
RESUMES = ("pause", "move", "round")
RESUME_WORDS = ("at pauses", "every move", "each round")
RESUME_COSTS = ("~1500 matches a flash", "~75 matches a flash", "~2500 matches a flash")
BRIGHTNESSES = (1, 2, 3, 4, 5)
# The screens' ink and light (the card sheets' roles, lostcities/sprites.py;
# the popups' frames): here, so that the title's text loads no sheet's code
INK = 0x101010
LIGHT = 0xFFFFFF


def asset_path(name):
    """The whole path of ``assets/name`` next to the ``lostcities`` package.
    On the board the package's path is the drive's, relative to the current
    folder (the drive's root): the path is made whole from there, as the
    file system resolves it (the rigs mount a FAT volume over the drive's
    ``assets/``, which only a whole path reaches)."""
    here = __file__
    cut = max(here.rfind("/"), here.rfind("\\"))
    root = here[:cut]
    cut = max(root.rfind("/"), root.rfind("\\"))
    folder = root[:cut + 1] if cut >= 0 else ""
    if not folder.startswith("/") and ":" not in folder:
        import os
        here = os.getcwd()
        folder = here + ("" if here.endswith("/") else "/") + folder
    return folder + "assets/" + name
