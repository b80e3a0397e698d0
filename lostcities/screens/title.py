"""The title (new match, continue) over its picture, and the settings."""

import displayio

from lostcities import RESUME_COSTS, RESUME_WORDS, RESUMES, asset_path
from lostcities import buttons as btn
from lostcities.screens.menu import GIVE_UP, MenuScreen

_SUB_SCREENS = {"Settings": "settings", "Statistics": "stats", "Rules": "rules"}  # item: screen
# The title's picture (host_sim/dev/make_assets.py draws it): its pixels stay in
# the file, read by displayio.OnDiskBitmap as the display draws, not in the heap
TITLE_PICTURE = "title.bmp"
ERASE = "A again erases the saved match, the settings and the statistics."


def continued(app):
    """The match the title offers to continue, or None: found at power-on (its
    record's head alone, its moves not yet replayed), or the one left;
    ``head()`` of either says what the title says of it. (Here, not in the
    app: the table's heap does not hold it.)"""
    return app.session.found or app.saved


class TitleScreen(MenuScreen):
    """Lost Cities: continue a saved match, start one, settings, statistics, rules,
    and Learn: the lesson, a round with the coach."""

    name = "title"
    heading = "LOST CITIES"
    top = 34

    def __init__(self, app, notice=None):
        items = ["Continue"] if continued(app) else []
        items += ["New match", "Settings", "Statistics", "Rules", "Learn"]
        back_from = app.title_item  # the cursor stays where a sub-screen was opened
        super().__init__(app, items, notice, heading_scale=2,
                         at=items.index(back_from) if back_from in items else 0)
        try:
            bitmap = displayio.OnDiskBitmap(asset_path(TITLE_PICTURE))
        except (OSError, ValueError):  # a drive without it (or not of the board's kind)
            return
        self.group.insert(0, displayio.TileGrid(bitmap, pixel_shader=bitmap.pixel_shader))

    def tick(self):
        """The match found at power-on, replayed once the title showed
        (App.ready_the_table), and refused by the rules: the title again,
        saying why, without Continue."""
        app = self.app
        if self.items[0] == "Continue" and app.session.found is None and app.saved is None:
            app.open("refused")
            return True
        return False

    def item_text(self, key):
        if key == "New match":
            profile = self.app.profile
            mode = ("vs AI " + profile.level) if profile.mode == "ai" else "2 players"
            return "New match: %s" % mode
        if key == "Continue":
            learn, number, rounds = continued(self.app).head()
            if learn:
                return "Continue the lesson"
            return "Continue (round %d/%d)" % (number, rounds)
        if key == "Learn":
            return "Learn: a round, coached"
        return key

    def footer_text(self):
        profile = self.app.profile
        return "%d colours, %d round%s" % (profile.colors, profile.rounds,
                                          "s" if profile.rounds > 1 else "")

    def choose(self, key, action):
        if action != btn.A:
            return
        app = self.app
        if key == "Continue":
            app.open_from_title("continue_match")
        elif key == "New match" or key == "Learn":
            if not continued(app) or self.confirmed(key, GIVE_UP):
                app.open_from_title("learn" if key == "Learn" else "new_match")
        else:  # back from a sub-screen, the title's cursor stays where it was opened
            app.open_from_title(_SUB_SCREENS[key], key)


class SettingsScreen(MenuScreen):
    """The match settings and the device's: LEFT/RIGHT or A change a value."""

    name = "settings"
    heading = "Settings  </>: change"  # the footer's line holds the ninth item
    top = 16

    def __init__(self, app, at=0, notice=None):
        items = ["Mode", "AI level", "Colours", "Rounds", "Resume", "Sound", "Lights",
                 "Brightness", "Debug", "Erase all"]
        if app.profile.mode != "ai":
            items.remove("AI level")  # two players: no AI to set
        super().__init__(app, items, notice, at=at)
        self.replaced = False

    def footer_text(self):
        return ""

    def item_text(self, key):
        profile = self.app.profile
        if key == "Erase all":
            return "Erase the saves, stats"
        if key == "Mode":
            value = "vs AI" if profile.mode == "ai" else "2 players"
        elif key == "AI level":
            value = profile.level
        elif key == "Colours":
            value = "%d" % profile.colors
        elif key == "Rounds":
            value = "%d" % profile.rounds
        elif key == "Brightness":
            value = "%d" % profile.brightness
        elif key == "Resume":  # when a match is saved: what a power cut can cost
            value = RESUME_WORDS[RESUMES.index(profile.resume)]
        else:
            value = "on" if getattr(profile, key.lower()) else "off"
        return "%-11s%s" % (key, value)

    def choose(self, key, action):
        profile = self.app.profile
        step = -1 if action == btn.LEFT else 1
        if key == "Erase all":
            if action == btn.A and self.confirmed(key, ERASE):
                app = self.app
                app.erase()
                self.replaced = True  # by itself, its settings as they come
                app.show(SettingsScreen(app, self.at, "Erased: the match, settings, stats."))
            return
        if key == "Mode":
            profile.change("mode", step=step)
            self.replaced = True  # by itself, with or without the AI's level
            self.app.show(SettingsScreen(self.app))
            return
        if key == "AI level":
            profile.change("level", step=step)
        elif key == "Colours":
            profile.change("colors", step=step)
        elif key == "Rounds":
            profile.change("rounds", step=step)
        elif key == "Brightness":
            profile.change("brightness", step=step)
        elif key == "Resume":  # and what it costs the board's flash
            profile.change("resume", step=step)
            at = RESUMES.index(profile.resume)
            self.popup.show("Saves %s: %s" % (RESUME_WORDS[at], RESUME_COSTS[at]),
                            self.item_y(self.at + 1))
        else:
            profile.change(key.lower())  # a switch: on or off
        self.refresh_item(key)
        self.app.apply_settings()

    def back(self):
        self.app.open("title")

    def leave(self):
        """Kept however the screen is left (B, START, START held), but for
        itself: a changed mode is saved once the settings are left."""
        if not self.replaced:
            self.app.settings_left()
