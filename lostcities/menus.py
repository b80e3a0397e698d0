"""What the title's menu and the pause menu choose, carried out: the title,
Settings, Statistics, the Rules, a new match, the lesson, the saved match
continued. App.open reaches them here, and the board forgets this module at
the table (lostcities/memory.py): the table's heap holds none of it. Each menu
screen is made anew to go back to, so two never share the heap.
"""

from lostcities.session import NO_MATCH


def title(app, notice=None):
    """The title, with ``notice`` (what was wrong with the saves) over it."""
    app.session.leave()  # a result shown was seen; a match left is saved
    app.lights(NO_MATCH)
    app.make_room("title")
    from lostcities.screens.title import TitleScreen
    app.show(TitleScreen(app, notice))
    app.after_picture(app.ready_the_table)


def refused(app):
    """The title again, saying why the rules refused the match found at
    power-on, once its moves were replayed (Session.saved)."""
    title(app, app.session.notice)


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


# Both leave the table, and its room, for later (App.later): this module's
# frames, and so its code, are then gone while the table is built, and nothing
# the session's work held (the profile) is within their reach.
def new_match(app, learn=False):
    """A new match with the settings (``learn``: the lesson, with the coach)."""
    app.let_go()
    app.session.new_match(learn)
    app.later(app.show_phase)


def learn(app):
    new_match(app, True)


def continue_match(app):
    """The saved match, exactly where it stopped; the title again, saying
    why, if the rules refuse the one found at power-on (replayed once the
    title showed, or by this press if it came first: Session.saved)."""
    if app.saved is None:
        refused(app)
        return
    app.session.resume()
    app.later(app.show_phase)  # which makes the room of the phase's screen
