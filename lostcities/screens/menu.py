"""A list of choices with a cursor: the title, settings and pause screens."""

from lostcities import buttons as btn
from lostcities.screens import ACCENT, DIM, LINE_H, Popup, Screen, label, set_text

GIVE_UP = "Press A again to give up this match."
_SCREEN_H = 128


class MenuScreen(Screen):
    """Subclasses give ``items`` (keys), ``item_text(key)`` and ``choose(key, action)``.

    UP/DOWN move the cursor (only the cursor moves), A or LEFT/RIGHT act on
    the item (only its own text changes), B or START go ``back()``. More
    items than ``rows`` scroll: the list moves to keep the cursor's in sight.
    """

    heading = ""
    top = 28
    rows = 9

    def __init__(self, app, items, notice=None, heading_scale=1, at=0):
        super().__init__(app)
        self.items = items
        self.at = at
        self.first = max(0, at - self.rows + 1)  # the first item in sight
        group = self.group
        group.append(label(self.heading, 4, 2, ACCENT, scale=heading_scale))
        # one label for all the items: a change still sets only the tiles
        # that differ, and the board keeps one set of objects, not one a line
        self.body = label(self.body_text(), 14, self.top)
        group.append(self.body)
        self.cursor = label(">", 4, self.item_y(at), ACCENT)
        group.append(self.cursor)
        self.footer = label(self.footer_text(), 4, 116, DIM)
        group.append(self.footer)
        self.popup = Popup(group, 60)
        if notice:
            self.popup.show(notice)
        self.armed = None  # the item whose question was just asked
        self.was_armed = None

    def footer_text(self):
        return "A: choose  B: back"

    def item_text(self, key):
        return key

    def body_text(self):
        return "\n".join(self.item_text(key)
                         for key in self.items[self.first:self.first + self.rows])

    def item_y(self, at):
        """The y of item ``at`` on the screen."""
        return self.top + (at - self.first) * LINE_H

    def refresh_item(self, key):
        set_text(self.body, self.body_text())

    def press(self, action):
        self.was_armed, self.armed = self.armed, None
        self.popup.hide()  # and the press that closed it counts as well
        if action == btn.UP or action == btn.DOWN:
            step = 1 if action == btn.DOWN else len(self.items) - 1
            self.at = at = (self.at + step) % len(self.items)
            first = min(self.first, at) if at >= self.first else at
            first = max(first, at - self.rows + 1)
            if first != self.first:
                self.first = first
                set_text(self.body, self.body_text())
            self.cursor.y = self.item_y(self.at)
        elif action == btn.B or action == btn.START:
            self.back()
        elif action in (btn.A, btn.LEFT, btn.RIGHT):
            self.choose(self.items[self.at], action)

    def choose(self, key, action):
        """Act on an item."""

    def confirmed(self, key, question):
        """True at a second A on ``key``; the first shows ``question``."""
        if self.was_armed == key:
            return True
        self.armed = key
        y = self.item_y(self.at) + LINE_H
        self.popup.show(question, y)
        height = self.popup.item.size()[1]
        if y + height + 3 > _SCREEN_H:  # the last items': above the item, not off the screen
            self.popup.show(question, self.item_y(self.at) - height - 3)
        return False

    def back(self):
        """B: leave the menu."""
