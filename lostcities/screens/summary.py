"""Round end and match end: the scores, expedition by expedition."""

from lostcities import buttons as btn
from lostcities.rules.cards import COLOR_LETTERS, score_cards
from lostcities.screens import ACCENT, DIM, Screen, label, signed
from lostcities.screens.words import short_name
from lostcities.sides import result_words


def expedition_text(cards):
    """``sum xM pts`` of one expedition in 11 characters, each apart: the
    numbers' sum (54 at most), the multiplier (one more than the wagers), the
    points (``*``: the 8-card bonus is in them)."""
    if not cards:
        return "   no cards"
    score, total, wagers, _, bonus = score_cards(cards)
    return "%2d %2s %4s%s" % (total, "x%d" % (wagers + 1) if wagers else "",
                              signed(score), "*" if bonus else " ")


def breakdown(match, names):
    """The lines of the round summary: title, names, column heads, one line
    per colour, the round's and the match's totals."""
    state = match.state
    scores = match.scores[-1]
    lines = ["Round %d of %d over" % (match.round_number(), match.rounds),
             "  %10s  %10s" % (names[0], names[1]),
             "  sum x  pts" * 2]
    for color in range(match.colors):
        lines.append("%s %s %s" % (
            COLOR_LETTERS[color], expedition_text(state.expedition(0, color)),
            expedition_text(state.expedition(1, color))))
    totals = match.totals()
    lines.append("Round %6s  %10s" % (signed(scores[0]), signed(scores[1])))
    lines.append("Total %6s  %10s" % (signed(totals[0]), signed(totals[1])))
    return lines


class RoundScreen(Screen):
    """Both players' expeditions scored, the totals, and who starts next."""

    name = "round"

    def __init__(self, app):
        super().__init__(app)
        match = app.match
        names = (short_name(app.session.playing(), 0), short_name(app.session.playing(), 1))
        lines = breakdown(match, names)
        group = self.group
        group.append(label(lines[0], 1, 0, ACCENT))
        group.append(label("\n".join(lines[1:3]), 1, 12, DIM, spacing=0.84))
        group.append(label("\n".join(lines[3:]), 1, 32, spacing=0.84))
        if match.is_over():
            last = "* +20 bonus. A: result"
        else:
            last = "%s next. A: go on" % _capital(starts_words(
                app.session.playing(), match.expected_starter()))
        if not app.saved.learn:  # the lesson's coach reviews it next
            group.append(label(review_words(app.session), 1, 104, DIM))
        group.append(label(last, 1, 116, DIM))

    def press(self, action):
        if action == btn.A:
            self.app.advance()
        elif action == btn.SELECT and not self.app.saved.learn:
            self.app.review()
        elif action == btn.START:
            self.app.open("title")


class MatchScreen(Screen):
    """The winner or a draw, and the totals of every round."""

    name = "match"

    def __init__(self, app):
        super().__init__(app)
        match = app.match
        names = (short_name(app.session.playing(), 0), short_name(app.session.playing(), 1))
        one, two = match.totals()
        lines = ["%-6s %5s %5s" % ("", names[0], names[1])]
        for number, scores in enumerate(match.scores):
            lines.append("Round %d %5d %5d" % (number + 1, scores[0], scores[1]))
        lines.append("Total   %5d %5d" % (one, two))
        group = self.group
        group.append(label(result_words(app.session.playing()), 4, 6, ACCENT, scale=2))
        group.append(label("\n".join(lines), 4, 40))
        group.append(label(review_words(app.session), 4, 100, DIM))
        group.append(label("A: title screen", 4, 112, DIM))

    def press(self, action):
        if action == btn.SELECT:
            self.app.review()
        elif action == btn.A or action == btn.B or action == btn.START:
            self.app.advance()


def review_words(session):
    """What SELECT shows: the person's review, or each player's in turn."""
    if session.playing().mode == "ai":
        return "SELECT: review your moves"
    return "SELECT: your own reviews"


def starts_words(saved, player):
    """``you start``, ``the AI starts``, ``P2 starts``: who starts the next round."""
    if saved.mode == "ai":
        return "the AI starts" if saved.is_ai(player) else "you start"
    return "%s starts" % short_name(saved, player)


def _capital(text):
    return text[:1].upper() + text[1:]
