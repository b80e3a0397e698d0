"""The loop the screens run in: presses and ticks to the screen shown.

A :class:`Shell` is handed the display, the buttons, a clock and the
feedback (lights and sound, or None), as in deshipu's ``stage``: the screens
know nothing of the hardware. It shows one screen at a time, refreshes the
display once per change, takes steps left for after the press being handled
(:meth:`Shell.later`) and for after the picture is sent (:meth:`Shell.after_picture`),
and lets a screen go before a big one is built.
:class:`lostcities.app.App` is the game's.
"""

import gc

# a minute without a press: the backlight dims, the lights go out (and the match is
# saved then if it is worth a write: the save policy's rule, on the same minute)
from lostcities.saving import IDLE_MS


class Shell:
    """The screen shown and the loop around it."""

    def __init__(self, display, buttons, clock_ms, feedback=None):
        self.display = display
        self.buttons = buttons
        self.clock_ms = clock_ms
        self.feedback = feedback
        self.screen = None
        self.then = None  # what to do once the press being handled has returned
        self.then_unseen = None  # what to do once the screen it changed is sent
        self.dirty = True
        self.pressed_at = clock_ms()  # the last press, for the doze
        self.dozing = False
        # the rows of the rooms made while the table lasts, kept by the table's
        # room (memory.table_rooms), or None
        self.kept_rooms = None
        # the table's sprite sheets (the app's to make: rooms let them go from
        # .py sources, whose next modules compile in their place)
        self.sheets = None

    def run(self):
        while True:
            self.step()

    def step(self):
        """Handle the pending presses and one tick; refresh if anything changed."""
        changed = False
        if self.dirty:  # a screen made before this step (the first): its picture before any press
            self.refresh()
        action = self.buttons.get()
        if action is not None:
            self.pressed_at = self.clock_ms()
            if self.dozing:  # the press wakes the board, and does nothing else
                self.doze(False)
                action = None
        elif self.feedback and not self.dozing and not self.busy() and (
                self.clock_ms() - self.pressed_at >= IDLE_MS):
            self.doze(True)
        while action is not None:
            changed = True
            self.handle(action)
            self.follow()
            action = self.buttons.get()
        if self.screen.tick():
            changed = True
            self.follow()
        if self.feedback:
            self.feedback.tick()  # a tune's next note
        if changed or self.dirty:
            self.refresh()
        self.waiting(self.clock_ms() - self.pressed_at)
        return changed

    def refresh(self):
        """Send the picture, then take the step left for after it: a press
        waiting since before it (the title's, made at power-on) comes after
        that step, not in its place (Shell.after_picture keeps one)."""
        self.dirty = False
        self.display.refresh()
        then = self.then_unseen
        if then is not None:
            self.then_unseen = None
            then()

    def waiting(self, idle_ms):
        """Each step, once the picture is shown: the loop waits for a press,
        ``idle_ms`` after the last one (the game's saves are made here)."""

    def busy(self):
        """True while the screen works without a press (the AI's move, a review)."""
        return self.screen is not None and self.screen.busy()

    def doze(self, on):
        """Left alone a minute, a handheld spares its battery: the backlight
        dims and the lights go out (lostcities/hardware.py), until a press."""
        self.dozing = on
        self.feedback.doze(on)

    def handle(self, action):
        """One pressed action, to the screen shown.

        A method of its own, so that no reference to the screen outlives the
        press in this frame (the collector scans the frames' stacks)."""
        self.screen.press(action)

    def later(self, step):
        """Call ``step`` once the press or tick being handled has returned: a
        screen that leads to a big one (the table to the scores) is then no
        longer held by its own method, and the two never share the heap."""
        self.then = step

    def after_picture(self, step):
        """Call ``step`` once this step's picture is on the screen: work the
        player need not wait for to see what a press did."""
        self.then_unseen = step

    def follow(self):
        """Take the steps left for later, one after the other (a step may
        leave another: the pass screen after a move, the table after it)."""
        then = self.then
        while then is not None:
            self.then = None
            then()
            then = self.then

    def let_go(self):
        """Forget the screen shown before a big screen is built: the two would
        not fit in the board's heap side by side."""
        self.leave_screen()  # in a call of its own: see handle()
        self.screen = None
        self.display.root_group = None  # shows nothing until the next refresh
        gc.collect()  # the next screen is then laid out from the heap's first free block

    def make_room(self, name):
        """Before screen ``name`` is built: what memory.room says goes, applied
        here only: the policy read here, or the row the table's room kept
        (memory.table_rooms), for beside the table the policy's module does
        not fit with SELECT's page or hard's search (docs/memory.md)."""
        row = self.kept_rooms.get(name) if self.kept_rooms else None
        if row is None:
            from lostcities.memory import PROFILE, forgotten, room, table_rooms
            modules, screen, sheets, profile = room(name)
            if sheets:
                self.sheets = None
            if profile and self.let_go_of_profile():
                modules += PROFILE
            row = forgotten(modules), screen
            self.kept_rooms = table_rooms(name)
        self.forget(row[0])
        if row[1]:
            self.let_go()  # after forget: its collection frees their code too

    def let_go_of_profile(self):
        """Whether a room may let the profile go with its module (the app's say)."""
        return False

    def forget(self, groups):
        """Drop the modules of ``groups`` (lostcities/memory.py's: a package's
        prefix, then the last parts of its modules' names) as if never
        imported, so that their code leaves the heap once collected; the next
        import loads them afresh. On CPython (the laptop) nothing: memory is
        plentiful there, and a module loaded twice would give tools and tests
        two copies of its classes."""
        import sys
        if sys.implementation.name == "cpython":
            return
        for group in groups:
            prefix = group[0]
            package = sys.modules.get(prefix[:-1])
            for at in range(1, len(group)):
                leaf = group[at]
                name = prefix + leaf  # a passing string: only the short parts are held for good
                if name in sys.modules:
                    del sys.modules[name]
                if package is not None and leaf in package.__dict__:
                    delattr(package, leaf)

    def collect(self):
        """Collect the heap here, a shallow frame: what a deep call left (the
        AI's search) goes now; collected deeper, at the next allocation that
        found no room, stale pointers its frames left on the stack kept some."""
        gc.collect()

    def leave_screen(self):
        if self.screen is not None:
            self.screen.leave()

    def show(self, screen):
        if screen is self.screen:
            return
        self.leave_screen()
        # a new root group is one full refresh, not the old screen's areas and the new's
        self.display.root_group = screen.group
        self.screen = screen
        self.dirty = True
        if self.feedback:
            self.feedback.mem(screen.name)

    def sound(self, name):
        if self.feedback:
            self.feedback.sound(name)

    def thought(self, done, total):
        """The AI's or the review's progress on the lights."""
        if self.feedback:
            self.feedback.progress(done, total)
            if done >= total:
                self.feedback.thinking(False)
