"""A player's round review (lostcities/review.py): their costliest moves, a
page each, or that the round was well played. The page shows the player's
hand at that moment, so it is private like the table."""

from micropython import const

from lostcities import buttons as btn
from lostcities.reasons import why, why_better
from lostcities.review import WELL_PLAYED
from lostcities.rules.cards import card_text
from lostcities.screens import ACCENT, DIM, Screen, label, set_text, wrap
from lostcities import sides
from lostcities.rules.cards import move_words

BODY_Y = const(16)
HAND_Y = const(92)


class ReviewScreen(Screen):
    """``review``, a :class:`~lostcities.review.Review` finished or not, page
    by page. While unfinished it is stepped a move each tick, and
    ``progress(done, total)`` is told after each (the lights, if given); a
    press stops it and shows what is done so far. ``them`` names the opponent
    in the reasons ("the AI", "player 2"). ``done()`` is called when the
    player leaves (A on the last page, B, START): the screen chooses nothing.
    ``title`` heads it while it works; ``owner`` ("Player 1"), where two
    players share the device, hides it until that player presses A."""

    name = "review"

    def __init__(self, app, review, them, done, progress=None,
                 title="Your round, reviewed", owner=None):
        super().__init__(app)
        self.review = review
        self.them = them
        self.done = done
        self.progress = progress
        self.title = title
        self.owner = owner  # shown to its owner only once they press A
        self.reviewing = not review.done()
        if not self.reviewing:  # judged while the round was played: only the words are left
            review.explain()
        self.page = 0
        self.heading = label(" ", 2, 2, ACCENT)
        self.body = label(" ", 2, BODY_Y)
        self.hand = label(" ", 2, HAND_Y, DIM)
        self.footer = label(" ", 2, 116, DIM)
        for item in (self.heading, self.body, self.hand, self.footer):
            self.group.append(item)
        if owner:
            set_text(self.heading, "%s's review" % owner)
            set_text(self.body, wrap("It shows %s's hand: pass the device to them." % owner))
            set_text(self.footer, "A: show it  B: back")
        elif self.reviewing:
            self.show_progress()
        else:
            self.show_page()

    def busy(self):
        return self.reviewing

    def tick(self):
        if not self.reviewing:
            return False
        review = self.review
        judged = review.judge()
        if judged and self.progress:
            self.progress(review.reviewed, review.total)
        self.reviewing = judged and not review.done()
        if not self.reviewing:  # the costliest moves put in words
            review.explain()
        if self.owner:
            return False
        if self.reviewing:
            self.show_progress()
        else:
            self.show_page()
        return True

    def press(self, action):
        if self.owner:  # its owner holds the device now
            if action == btn.A:
                self.owner = None
                if self.reviewing:
                    self.show_progress()
                else:
                    self.show_page()
            elif action == btn.B or action == btn.START:
                self.done()
            return
        if self.reviewing:  # stop: what is done so far
            self.reviewing = False
            self.review.explain()
            self.show_page()
            return
        pages = max(1, len(self.review.mistakes))
        if action == btn.RIGHT or action == btn.A:
            if self.page == pages - 1:
                if action == btn.A:
                    self.done()
                return
            self.page += 1
            self.show_page()
        elif action == btn.LEFT and self.page:
            self.page -= 1
            self.show_page()
        elif action == btn.B or action == btn.START:
            self.done()

    def show_progress(self):
        review = self.review
        set_text(self.heading, self.title)
        set_text(self.body, "Move %d of %d..." % (review.reviewed, review.total))
        set_text(self.footer, "A: stop and show")

    def show_page(self):
        review = self.review
        mistakes = review.mistakes
        if not mistakes:
            set_text(self.heading, "Well played!")
            if review.done():
                text = "None of your %d moves cost more than %d points." % (
                    review.total, WELL_PLAYED // 1000)
            else:
                text = "Stopped at %d of %d moves: none cost more than %d points." % (
                    review.reviewed, review.total, WELL_PLAYED // 1000)
            set_text(self.body, wrap(text))
            set_text(self.hand, " ")
            set_text(self.footer, "A: go on")
            return
        mistake = mistakes[self.page]
        set_text(self.heading, "Costly move %d/%d: turn %d" % (
            self.page + 1, len(mistakes), mistake.turn + 1))
        set_text(self.body, mistake_text(mistake, self.them))
        cards = [card_text(card) for card in mistake.hand]
        set_text(self.hand, "Hand %s\n     %s" % (" ".join(cards[:4]), " ".join(cards[4:])))
        set_text(self.footer, "</>: move A: %s B: back" % (
            "go on" if self.page == len(mistakes) - 1 else "next"))


def mistake_text(mistake, them):
    """A costly move's page: the move played, its cost and what was wrong
    with it; the better move and what it does (``them`` names the opponent),
    each wrapped to the screen: together the 6 lines above the hand."""
    fault = why(mistake, them)
    merit = why_better(mistake, them)
    return wrap("%s: cost about %d%s" % (
        move_words(mistake.move, mistake.taken, True, mistake.last), mistake.points(),
        ": " + fault if fault else ".")) + "\n" + wrap("Better: %s%s" % (
            move_words(mistake.better, mistake.better_taken, False),
            ": " + merit if merit else "."))


def last_round(app, review):
    """The screen of ``review``, a player's of the app's last round: the coach's
    in the lesson, hidden until its owner holds the device between two players."""
    session = app.session
    player = review.player
    owner = "Player %d" % (player + 1) if session.playing().mode == "duel" else None
    title = "The coach looks back" if session.playing().learn else "Your round, reviewed"
    return ReviewScreen(app, review, sides.name(session.playing(), 1 - player), app.reviewed_all,
                        app.thought, title, owner)
