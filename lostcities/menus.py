"""The title's menus on the screen: Settings, Statistics and the Rules (from
the title, or from the pause menu). App.open reaches them here, never from
the table, and the board forgets this module there (lostcities/memory.py):
the table's heap holds none of it. Each menu screen is made anew to go back
to, so two never share the heap.
"""


def settings(app):
    app.make_room("settings")
    from lostcities.screens.title import SettingsScreen
    app.show(SettingsScreen(app))


def rules(app):
    """The rules: back to the match from the pause menu, else to the title."""
    in_match = app.screen is not None and app.screen.name == "pause"
    app.make_room("rules")
    from lostcities.screens.help import RulesScreen
    app.show(RulesScreen(app, in_match))


def stats(app):
    app.make_room("stats")
    from lostcities.screens.help import StatsScreen
    app.show(StatsScreen(app))
