"""Lost Cities for CircuitPython handhelds: engine, AI, screens and saving."""

__version__ = "0.1.0"
# The boards it runs on, by ``board.board_id``: code.py checks, the bundle is
# built against each one's firmware modules.
BOARDS = ("pybadge", "edgebadge", "pygamer")
# The AI's levels, easiest first, by the names the settings and the save use
# (lostcities/ai.py plays them; the board loads it only for a match against it).
# Each beats the one below by 10 to 45 points a round; at most 6 letters each,
# the Statistics screen's column.
LEVELS = ("easy", "medium", "normal", "hard", "expert")
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
def asset_path(name):
    """The path of ``assets/name`` next to the ``lostcities`` package."""
    here = __file__
    cut = max(here.rfind("/"), here.rfind("\\"))
    root = here[:cut]
    cut = max(root.rfind("/"), root.rfind("\\"))
    return root[:cut + 1] + "assets/" + name if cut >= 0 else "assets/" + name
