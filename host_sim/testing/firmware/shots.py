"""Every screen and overlay the game shows, reached by presses from power-on.

Shared by the pixel test and the README's pictures: on the laptop through
Blinka's displayio, on CircuitPython's interpreter through the board's own
display code (``render_rig.py``). The same presses on the same seeds reach
the same states on both, for the engine and the AI decide exactly alike there
(tests/test_circuitpython.py). Like presses.py it imports no game module at
its top.

``take(start, shoot)``: ``start(seed, settings)`` gives a scripted Driver at
the title screen (firmware/scripted.py), ``shoot(name, driver)`` takes the
screen as it is.
"""

AI_MATCH = {"mode": "ai", "level": "normal", "colors": 5, "rounds": 3}
DUEL = {"mode": "duel", "colors": 6, "rounds": 1}
# The README's pictures (docs/img/NAME.png): shots of the list below.
README = ("title", "table", "action", "draw", "select1", "select2", "select3", "illegal",
          "round", "review", "pass", "table6", "settings")


def turns(driver, count, seed):
    """Whole turns of the player at the table, played as ``normal`` would;
    stops off the table or at the round's last move on show."""
    from lostcities import ai
    from lostcities.rng import Rng
    from lostcities.screens.table import SHOWN
    try:
        from presses import presses_for  # the board's rig: this folder is on its path
    except ImportError:
        from host_sim.testing.firmware.presses import presses_for
    rng = Rng(seed)
    for _ in range(count):
        while driver.screen == "pass":
            driver.press_all("A")
        if driver.screen != "table":
            return
        table = driver.app.table
        if table.step == SHOWN:
            return
        move = ai.choose_move(driver.app.match.state.view(table.viewer), "normal", rng)
        for action in presses_for(table, move):
            driver.press(action)


def press(driver, names):
    driver.press_all(names.split())


def take(start, shoot):
    """Play every scripted visit, shooting each screen on the way."""
    menus(start, shoot)
    match_5(start, shoot)
    duel_6(start, shoot)
    notices(start, shoot)
    lesson(start, shoot)


def menus(start, shoot):
    """The title, settings, statistics and every page of the rules."""
    driver = start(4, AI_MATCH)
    shoot("title", driver)
    press(driver, "DOWN A")
    shoot("settings", driver)
    press(driver, "RIGHT")  # two players: the AI's level goes
    shoot("settings-duel", driver)
    press(driver, "B DOWN A")  # back at Settings: Statistics is next
    shoot("statistics", driver)
    press(driver, "B DOWN A")  # back at Statistics: Rules is next
    page = 1
    while driver.screen == "rules" and page <= driver.app.screen.pages:
        shoot("rules%d" % page, driver)
        press(driver, "RIGHT")
        page += 1


def match_5(start, shoot):
    """A match against the AI with 5 colours: the table in each phase, its
    overlays, the pause menu and the round's scores."""
    driver = start(4, AI_MATCH)
    press(driver, "A")
    shoot("first-turn", driver)
    turns(driver, 9, 4)
    shoot("table", driver)  # the AI's last move marked, the card drawn framed
    press(driver, "RIGHT RIGHT A")
    shoot("action", driver)
    press(driver, "DOWN")
    shoot("draw", driver)
    press(driver, "B A")
    shoot("draw-play", driver)
    press(driver, "B B")
    for page in (1, 2, 3):
        press(driver, "SELECT")
        shoot("select%d" % page, driver)
    press(driver, "SELECT")
    for _ in range(8):  # a card the rules forbid to play
        table = driver.app.table
        if not driver.app.match.state.can_play(table.viewer, table.hand[table.cursor[table.viewer]]):
            press(driver, "A A")
            shoot("illegal", driver)
            press(driver, "B B")
            break
        press(driver, "RIGHT")
    press(driver, "START")
    shoot("pause", driver)
    press(driver, "DOWN A")
    shoot("hint", driver)
    press(driver, "START DOWN DOWN DOWN A")
    shoot("give-up", driver)
    press(driver, "B")
    from lostcities import buttons as btn
    driver.press(btn.START, 2100)  # held: back to the title, the match saved
    shoot("title-continue", driver)
    press(driver, "A")
    turns(driver, 200, 5)
    if driver.screen == "table":
        press(driver, "A")  # the AI's last move: on to the scores
    shoot("round", driver)
    press(driver, "SELECT")  # the round's review, worked out a move a tick
    shoot("review", driver)


def duel_6(start, shoot):
    """Two players, 6 colours, one round: the pass screen, the table in each
    phase, the round's last move and the match's end."""
    driver = start(5, DUEL)
    press(driver, "A A")
    turns(driver, 1, 5)
    shoot("pass", driver)
    turns(driver, 24, 6)
    press(driver, "A")
    shoot("table6", driver)
    press(driver, "A")
    shoot("action6", driver)
    press(driver, "DOWN")
    shoot("draw6", driver)
    press(driver, "B B")
    press(driver, "SELECT")
    shoot("select6", driver)
    press(driver, "SELECT SELECT SELECT")
    turns(driver, 200, 7)
    shoot("round-over", driver)  # the other player's last move, until A
    press(driver, "A")
    shoot("round-last", driver)  # the scores of a match's last round
    press(driver, "SELECT")
    shoot("review-owner", driver)  # hidden until its owner holds the device
    press(driver, "B A")
    shoot("match", driver)
    press(driver, "A DOWN DOWN A")
    shoot("statistics-played", driver)


def notices(start, shoot):
    """Each message about the saves (their layout's, restore's and resume's),
    as the title shows it at power-on."""
    from lostcities import menus
    from lostcities.saves import layout as save_format, restore, resume
    messages = []
    for module in (save_format, restore, resume):
        for name in sorted(dir(module)):
            text = getattr(module, name)
            if name.isupper() and isinstance(text, str) and text[-1:] == "." and (
                    text not in messages):
                messages.append(text)
    driver = start(4, AI_MATCH)
    for number, message in enumerate(messages):
        menus.title(driver.app, message)
        driver.settle()
        shoot("notice%d" % (number + 1), driver)


def lesson(start, shoot):
    """The lesson (Learn): each of the coach's messages over the table as it
    comes up (``coach-NAME``), the player playing the hint's moves (or, while
    a warning is unsaid, a move it warns of), and the hint with its reason."""
    from lostcities import buttons as btn
    from lostcities import coach
    from lostcities.screens.table import SHOWN, PICK
    try:
        from presses import presses_from  # the board's rig: this folder is on its path
    except ImportError:
        from host_sim.testing.firmware.presses import presses_from
    driver = start(5, AI_MATCH)  # the lesson deal where every warning comes up
    title = driver.app.screen
    while title.items[title.at] != "Learn":
        driver.press(btn.DOWN)
    shoot("title-learn", driver)
    driver.press(btn.A)
    shot = 0  # the lessons shot, a bit each
    turn = move = None
    hinted = False
    for _ in range(3000):
        if driver.screen != "table":
            break
        app = driver.app
        table = app.table
        new = app.saved.coached & ~shot
        if new:
            lesson = 0
            while not new >> lesson & 1:
                lesson += 1
            shot |= 1 << lesson
            shoot("coach-" + coach.LESSONS[lesson], driver)
        if table.step == SHOWN:
            driver.press(btn.A)
            continue
        state = app.match.state
        if not hinted and table.step == PICK and not table.coaching and state.turns >= 4:
            hinted = True
            press(driver, "START DOWN A")
            shoot("hint-lesson", driver)
            press(driver, "B")
            continue
        if turn != state.turns:
            turn = state.turns
            move = warned_of(app.saved.coached, state) or app.session.advice.hint(table.viewer)
        driver.press(presses_from(table, move)[0])


def warned_of(coached, state):
    """A move of the player to move that a coach's warning not yet said is about, or None."""
    from lostcities import coach
    from lostcities.rules.cards import move_card, move_discards
    for move in state.legal_moves():
        said = coach.speak(coached, state, state.to_move, "move", move_card(move),
                           move_discards(move))
        if said and coach.LESSONS[said[0]] in coach.WARNINGS:
            return move
    return None
