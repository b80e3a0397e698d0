"""The match's one owner: every front end walks the Session's phases.

A match goes through the same phases whoever shows it: the session alone
(the reference), the board's App driven by button presses, and the terminal
game driven by typed lines, for the same seeds and the same person's moves.
A save taken at any phase resumes, in both front ends, to the phase the
saved match alone says (the device is passed again, and a finished match is
gone, as after a power cut).
"""

import io

import pytest

from host_sim.play.terminal.game import TtyGame
from host_sim.players.bots import heuristic_move
from host_sim.records.notation import move_text
from host_sim.testing.firmware.microcontroller import ByteArray
from host_sim.testing.firmware.presses import presses_from
from host_sim.testing.firmware.scripted import save_settings
from host_sim.testing.harness import Driver
from lostcities import buttons as btn
from lostcities.saves.layout import NVM_SIZE
from lostcities.saves.storage import Storage
from lostcities.session import AI, END, LAST, MOVE, NO_MATCH, PASS, REVIEW, SCORES, Session

SEED = 40  # the first of the seeds each front end's session is handed
# Session.phase() in words, by its value
PHASES = ("none", "move", "ai", "pass", "last", "scores", "end", "review")

# (name, settings, learn): against the AI at each level, two players, the lesson;
# 5 and 6 colours, 1 and 3 rounds
MATCHES = [
    ("easy, 3 rounds", {"mode": "ai", "level": "easy", "colors": 5, "rounds": 3}, False),
    ("medium, 6 colours", {"mode": "ai", "level": "medium", "colors": 6, "rounds": 1}, False),
    ("normal", {"mode": "ai", "level": "normal", "colors": 5, "rounds": 1}, False),
    ("hard, 6 colours", {"mode": "ai", "level": "hard", "colors": 6, "rounds": 1}, False),
    ("two players, 3 rounds", {"mode": "duel", "colors": 5, "rounds": 3}, False),
    ("two players, 6 colours", {"mode": "duel", "colors": 6, "rounds": 1}, False),
    ("the lesson", {"mode": "duel", "colors": 6, "rounds": 3}, True),
]
# What a save at a phase resumes to, besides that phase: the device passed
# again, the last move shown again, the AI's move and the next deal made
# again (neither is saved: each follows from the save), a finished match gone.
RESUMED = {MOVE: {PASS, AI, LAST, SCORES}, PASS: {AI, LAST, SCORES}, AI: {LAST, SCORES},
           LAST: {AI}, SCORES: {LAST, AI}, REVIEW: {LAST, AI}, END: {NO_MATCH}}


def seeds():
    state = [SEED]

    def new_seed():
        state[0] += 1
        return state[0] - 1
    return new_seed


def person(session):
    """The person's move: the same in every front end (a fixed player's choice)."""
    state = session.match.state
    return heuristic_move(state.view(state.to_move), None)


def logged(session):
    """The phases ``session`` goes past, in order, as its front end reports them."""
    log = []
    advance, play = session.advance, session.play

    def logged_advance(*args, **kwargs):
        log.append(session.phase())
        return advance(*args, **kwargs)

    def logged_play(move):
        if session.phase() == MOVE:  # (the AI's moves are played by its advance)
            log.append(MOVE)
        return play(move)
    session.advance = logged_advance
    session.play = logged_play
    return log


def settings_nvm(settings):
    return save_settings(ByteArray(NVM_SIZE), settings)


def copied(image):
    """A board's NVM holding ``image``, as a power cut left it."""
    nvm = ByteArray(len(image))
    nvm._bytes[:] = image
    return nvm


def walk_session(settings, learn):
    """The reference: the session alone. Returns the phases and, for each, the
    NVM as it stood then."""
    nvm = settings_nvm(settings)
    session = Session(Storage(nvm), seeds())
    session.new_match(learn)
    session.tick()  # its first phase shown: the new match saved
    phases, saves = [], []
    while session.phase() != NO_MATCH:
        phases.append(session.phase())
        saves.append(bytes(nvm))
        if session.phase() == MOVE:
            session.play(person(session))
        else:
            session.advance()
        session.tick()  # as a front end reports, once it has shown the phase
    return phases, saves


def board_app(nvm):
    driver = Driver(seed=SEED, nvm=nvm, render=False)
    return driver


def walk_board(settings, learn):
    driver = board_app(settings_nvm(settings))
    session = driver.app.session
    log = logged(session)
    items = driver.app.screen.items
    driver.press_all(["DOWN"] * items.index("Learn" if learn else "New match") + ["A"])
    for _ in range(5000):
        phase = session.phase()
        if phase == NO_MATCH:
            break
        if phase == MOVE:  # a press at a time: the lesson's coach may speak in between
            driver.press(presses_from(driver.app.table, person(session))[0])
        else:  # the pass, the last move, the scores, the review, the result: A goes on
            driver.press(btn.A)
    assert driver.screen == "title"
    return log


class Typist:
    """Types the menu's commands, the person's moves, and Enter at every other prompt."""

    def __init__(self, commands):
        self.commands = list(commands)
        self.game = None

    def __call__(self, prompt):
        if prompt == "menu> ":
            if not self.commands:
                raise EOFError
            return self.commands.pop(0)
        if prompt.endswith("> "):
            return move_text(person(self.game.session))
        return ""


def terminal(nvm, commands):
    typist = Typist(commands)
    game = TtyGame(Storage(nvm), typist, io.StringIO(), 0)
    game.session.new_seed = seeds()
    typist.game = game
    return game


def walk_terminal(settings, learn):
    game = terminal(settings_nvm(settings), ["learn" if learn else "new"])
    log = logged(game.session)
    game.run()
    return log


@pytest.mark.parametrize("name,settings,learn", MATCHES, ids=[m[0] for m in MATCHES])
def test_both_front_ends_walk_the_sessions_phases(name, settings, learn):
    phases, _ = walk_session(settings, learn)
    assert phases[-1] == END and phases.count(SCORES) == (1 if learn else settings["rounds"])
    assert (REVIEW in phases) == learn and (PASS in phases) == (settings["mode"] == "duel"
                                                                   and not learn)
    words = [PHASES[phase] for phase in phases]
    assert [PHASES[phase] for phase in walk_board(settings, learn)] == words
    assert [PHASES[phase] for phase in walk_terminal(settings, learn)] == words


def resumed_on_board(nvm):
    driver = board_app(copied(nvm))
    session = driver.app.session
    if session.saved is None:
        return NO_MATCH
    assert driver.app.screen.items[0] == "Continue"
    log = logged(session)
    driver.press(btn.A)  # the AI's move, if it is the AI's, is made at once
    phase = log[0] if log else session.phase()
    shown = {PASS: "pass", MOVE: "table", AI: "table", LAST: "table", SCORES: "round"}
    assert driver.screen == shown[session.phase()]
    return phase


def resumed_in_terminal(nvm):
    game = terminal(copied(nvm), ["continue"])
    log = logged(game.session)
    game.run()
    if game.session.saved is None and not log:
        return NO_MATCH
    return log[0]


@pytest.mark.parametrize("name,settings,learn", [MATCHES[0], MATCHES[4], MATCHES[6]],
                         ids=[MATCHES[i][0] for i in (0, 4, 6)])
def test_a_save_at_every_phase_resumes_there_in_both_front_ends(name, settings, learn):
    """With Resume "every move", a save at every phase (test_ui_saving.py cuts
    the power at every point of a match saved at pauses)."""
    phases, saves = walk_session(dict(settings, resume="move"), learn)
    seen = set()
    for phase, nvm in zip(phases, saves):
        if phase in seen and phase not in (LAST, SCORES):
            continue  # one of each, and every round's end
        seen.add(phase)
        alone = Session(Storage(copied(nvm)), seeds()).phase()  # the save alone
        assert alone == phase or alone in RESUMED[phase], (PHASES[phase], PHASES[alone])
        assert resumed_on_board(nvm) == alone, PHASES[phase]
        assert resumed_in_terminal(nvm) == alone, PHASES[phase]
