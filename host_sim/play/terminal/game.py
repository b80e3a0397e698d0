"""The terminal game's loop: the menu, and a match walked phase by phase.

The same modes as the screens: two players passing the keyboard (a privacy
prompt hides the hands between turns) or one player against the AI at a
level; 5 or 6 colours, 1 or 3 rounds; the lesson. What comes next is the
session's to say (:meth:`Session.phase`): the loop shows it, reads a move
or an Enter, and reports it, and each step and a quit to the session, which
saves as the Resume setting says (``--save FILE`` keeps the NVM stand-in in a
file, so ``continue`` resumes the match after an exit); with ``--record FILE``
the game record is rewritten after every turn.
"""

import argparse
import os
import shutil
import sys
import textwrap

from host_sim.play.nvm_file import NVM_SIZE, SaveFileError, make_nvm
from host_sim.play.record_file import RecordFile, RecordFileError, check_record_file
from host_sim.play.review_text import review_text
from host_sim.play.terminal.drawing import (
    WIDTH, Drawing, capital, mode_text, rules_text, saved_text)
from host_sim.play.terminal.typing import (
    MENU_HELP, MOVE_HELP, QUIT_WORDS, parse_setting, parse_typed_move)
from lostcities import RESUME_WORDS, RESUMES, coach
from lostcities.rng import Rng
from lostcities.rules import (
    NO_CARD, SOURCE_DECK, card_text, move_card, move_discards, move_source, move_words,
    played_words)
from lostcities.saves.layout import UNSAVED, wear_line
from lostcities.saves.storage import Storage
from lostcities.sides import result_words
from lostcities.session import (
    AI, END, LAST, MOVE, NO_MATCH, PASS, REVIEW, SCORES, Session)

# Home, clear the screen, then the scrollback (where 2J pushes the screen in
# some terminals, and tmux keeps what scrolled off): no hand stays behind.
_CLEAR = "\x1b[H\x1b[2J\x1b[3J"


class Quit(Exception):
    """The player typed quit (back to the menu, the match saved), or the input
    ended (``leave``: the program ends too)."""

    def __init__(self, leave=False):
        super().__init__()
        self.leave = leave


class TtyGame:
    """A terminal session: menu, matches, saved as the session decides.

    ``read_line(prompt)`` returns one line of input (EOFError at the end);
    ``out`` is a text stream. Tests drive it with their own ``read_line``.
    """

    def __init__(self, storage, read_line, out, seed, record_path=None,
                 ansi=False, persistent=True, notice=None):
        self.read_line = read_line
        self.out = out
        seeds = Rng(seed)  # the seeds of each new match
        self.session = Session(storage, lambda: seeds.randbelow(30000))
        self.drawing = Drawing(self.session, ansi)
        self.record = RecordFile(record_path, self.say) if record_path else None
        self.ansi = ansi
        self.persistent = persistent  # False: the NVM lives in memory only (no --save)
        self.notice = notice  # what the save file's reader found wrong with it
        self.played = False  # a match was played in this run
        self.drawn = {}  # duel: player -> the card they drew, said when they hold the keyboard

    @property
    def profile(self):
        return self.session.profile

    @property
    def saved(self):
        return self.session.saved

    def say(self, text=""):
        self.out.write(text + "\n")

    def say_lines(self, lines):
        self.say("\n".join(lines))

    def ask(self, prompt):
        try:
            return self.read_line(prompt).strip()
        except (EOFError, KeyboardInterrupt):
            raise Quit(leave=True)

    def confirm(self, question):
        return self.ask(question).lower() in ("y", "yes")

    def saving(self):
        """Say what kept a save from being written, once, not after every turn."""
        news = self.session.news()
        if news:
            self.say(news)

    # Menu ------------------------------------------------------------------

    def run(self):
        """The menu loop until quit or the end of input."""
        # no title to show first: the match found at power-on is replayed now
        # (Session.saved), and a record the rules refuse said with the notices
        self.session.saved
        for notice in (self.notice, self.session.notice):
            if notice:
                self.say(notice)
        self.say("Lost Cities - terminal game ('help' for commands)")
        try:
            while self.menu():
                pass
        except (Quit, KeyboardInterrupt):
            self.say("")
        if self.played and self.saved is not None:
            self.say_kept()
        return 0

    def say_kept(self):
        if not self.persistent:
            self.say("Without --save FILE the match is not kept after this exit.")
        elif self.session.save_problem == UNSAVED:
            self.say("The match could not be saved.")
        else:
            self.say("The match is saved; 'continue' resumes it.")

    def menu(self):
        """One command of the menu; False to leave."""
        saved = self.saved
        self.show_menu(saved)
        words = self.ask("menu> ").lower().split()
        if not words:
            return True
        command = words[0]
        if command in QUIT_WORDS:
            return False
        if command in ("n", "new", "l", "learn"):
            if saved is not None and not self.confirm(
                    "A match is saved (%s). Replace it with a new one? [y/N] "
                    % saved_text(saved)):
                self.say("The saved match is kept; 'continue' resumes it.")
                return True
            self.session.new_match(learn=command in ("l", "learn"))
            self.saving()
            self.play()
        elif command in ("c", "continue"):
            if saved is None:
                self.say("There is no saved match.")
            else:
                self.session.resume()
                self.saving()  # where it resumed, read from the save file
                self.play()
        elif command in ("s", "stats"):
            self.stats()
        elif command in ("r", "rules"):
            self.say(rules_text())
        elif command in ("h", "help", "?"):
            self.say(MENU_HELP)
        elif command == "erase":
            if self.confirm("Erase the saved match, the settings and the statistics? [y/N] "):
                self.session.erase()
                self.say("Erased: a new start, the settings as they come.")
                self.saving()
            else:
                self.say("Nothing was erased.")
        else:
            problem = parse_setting(words, self.profile)
            if problem:
                self.say(problem)
            else:
                self.session.save_profile()
                self.saving()
        return True

    def show_menu(self, saved):
        profile = self.profile
        self.say("")
        self.say("Settings: %s, %d colours, %d round%s, saved %s" % (
            mode_text(profile.mode, profile.level), profile.colors,
            profile.rounds, "s" if profile.rounds > 1 else "",
            RESUME_WORDS[RESUMES.index(profile.resume)]))
        self.say(textwrap.fill(
            "new | learn | %scolors | rounds | mode | level | stats | rules | erase | help"
            " | quit" % ("continue (%s) | " % saved_text(saved) if saved else ""),
            WIDTH, break_on_hyphens=False))

    def stats(self):
        self.say_lines(self.profile.summary())
        self.say(wear_line(self.session.storage.writes))

    # A match ---------------------------------------------------------------

    def play(self):
        """Walk the session's match phase by phase to its end; ``quit`` goes back
        to the menu with the match saved."""
        saved = self.saved
        match = saved.match
        self.played = True
        self.say("")
        self.say("%s: %d colours, %d round%s" % (
            capital(mode_text(saved.mode, saved.level, saved.learn)), match.colors,
            match.rounds, "s" if match.rounds > 1 else ""))
        if not match.state.turns and not match.state.is_over():
            self.say_round_start()
        self.session.tick()  # a new match is saved once it shows
        try:
            while self.step():
                self.session.tick()  # a save the session decided on
                self.saving()
        except Quit as quit:
            self.session.paused()  # the match left is saved
            self.session.tick()
            if quit.leave:
                raise
            if self.persistent:
                self.say_kept()
            else:
                self.say("Back to the menu: 'continue' resumes the match until you leave.")

    def step(self):
        """Show the phase and report what the player did; False once over."""
        session = self.session
        phase = session.phase()
        if phase == NO_MATCH:
            return False
        player = session.player()
        if phase == MOVE:
            self.move(player)
        elif phase == AI:
            session.advance()
            self.moved()
            self.say("%s: %s" % (capital(self.drawing.name(player)),
                                 played_words(session.match.moves[-1])))
        elif phase == PASS:
            self.pass_device(player)
            session.advance()
        elif phase == LAST:
            if session.playing().mode == "duel":  # the other player sees it
                self.say("%s: %s" % (capital(self.drawing.name(player)),
                                     played_words(session.match.moves[-1], last=True)))
            self.coach("end", 1 - session.saved.ai_seat)
            session.advance()
        elif phase == SCORES:
            self.say_lines(self.drawing.scores())
            match = session.match
            if session.saved.learn:
                self.ask("Press Enter for the coach's look back. ")
            else:
                next_step = ("the result" if match.is_over()
                             else "round %d" % (match.round_number() + 1))
                while self.ask("Press Enter for %s ('review': the costliest moves). "
                               % next_step).lower() == "review":
                    self.review()
            self.drawn = {}
            rounds = len(match.deals)
            session.advance()
            self.saving()
            if len(match.deals) > rounds:  # the next round dealt (not the review, not the end)
                self.write_record()
                self.say_round_start()
        elif phase == REVIEW:
            self.say("The coach looks back. " + review_text(session.match, len(session.match.deals) - 1,
                                             1 - session.saved.ai_seat, "the AI"))
            session.advance()
            self.saving()
        elif phase == END:
            self.match_over()
            session.advance()
        return True

    def review(self):
        """The round's costliest moves: the person's against the AI; between two
        players each one's, to them alone (it shows their hand then)."""
        session = self.session
        match = session.match
        index = len(match.deals) - 1
        if session.saved.mode == "ai":
            self.say(review_text(match, index, 1 - session.saved.ai_seat, "the AI"))
            return
        for player in (0, 1):
            self.clear()
            self.ask("Pass to %s for their review and press Enter. " % self.drawing.name(player))
            self.say(review_text(match, index, player, self.drawing.name(1 - player)))
            self.ask("Press Enter when read. ")
        self.clear()

    def move(self, player):
        """A person's move: read, played, saved, and what they drew said."""
        session = self.session
        move = self.ask_move(player)
        state = session.match.state
        drawn = state.deck()[0] if move_source(move) == SOURCE_DECK else None
        session.play(move)
        self.moved()
        if drawn is not None and not session.match.state.is_over():
            if session.saved.mode == "duel":  # the screen is cleared for the next player now
                self.drawn[player] = drawn
            else:
                self.say("You drew %s." % self.drawing.card(card_text(drawn)))

    def moved(self):
        self.saving()
        self.write_record()

    def say_round_start(self):
        match = self.session.match
        self.say("")
        starter = self.drawing.name(match.state.to_move)
        self.say("Round %d of %d: %s %s." % (
            match.round_number(), match.rounds, capital(starter),
            "start" if starter == "you" else "starts"))

    def write_record(self):
        """Rewrite the game record file (--record), if there is one."""
        if self.record:
            self.record.keep(self.session.match)

    def pass_device(self, player):
        """Hide the table until ``player`` holds the keyboard; then the last move
        and the card they drew from the deck last turn.

        Only Enter alone shows the table (a word typed by the one passing the
        keyboard must not show the next hand); ``quit`` goes back to the menu."""
        self.clear()
        name = self.drawing.name(player)
        while True:
            answer = self.ask("Pass to %s and press Enter. " % name)
            if not answer:
                break
            if answer.lower() in QUIT_WORDS:
                raise Quit()
            self.say("Press Enter alone to show the table ('quit' leaves).")
        self.clear()
        moves = self.session.match.moves[-1]
        if moves:
            self.say("%s: %s" % (capital(self.drawing.name(1 - player)), played_words(moves)))
        if player in self.drawn:
            self.say("You drew %s last turn." % self.drawing.card(
                card_text(self.drawn.pop(player))))

    def clear(self):
        """Push the screen out and clear it and the scrollback (on a terminal)."""
        if self.ansi:
            self.out.write("\n" * shutil.get_terminal_size().lines + _CLEAR)

    def coach(self, moment, player, card=NO_CARD, discard=False):
        """In the lesson, the coach's words for this moment (as the table
        shows them: lostcities/coach.py); True if it said something."""
        said = self.session.advice.coach(player, moment, card, discard)
        if said:
            self.say(textwrap.fill("Coach: " + said[1], WIDTH, subsequent_indent="  "))
        return bool(said)

    def hint(self, player):
        """What the hint would play, in words as the screen says it (and why, in
        the lesson)."""
        move = self.session.advice.hint(player)
        why = coach.reason(self.session.match.state, player, move) if self.saved.learn else ""
        self.say("Hint: %s%s" % (self.move_words(move), ": " + why if why else ""))

    def move_words(self, move):
        """A move about to be made, as the game words it: ``play R7, take G7``."""
        source = move_source(move)
        state = self.session.match.state
        top = NO_CARD if source == SOURCE_DECK else state.pile_top(source - 1)
        return move_words(move, top, done=False)

    def ask_move(self, player):
        """Show the table to ``player`` and read a legal move (or a command);
        in the lesson the coach speaks first, and of the move typed before it
        is made (then it is asked again, or confirmed)."""
        match = self.saved.match
        self.say_lines(self.drawing.table(player))
        self.coach("pick", player)
        while True:
            text = self.ask("%s> " % ("Your move" if self.saved.mode == "ai"
                                      else "Player %d" % (player + 1)))
            words = text.split()
            if not words:
                continue
            command = words[0].lower()
            if command in QUIT_WORDS:
                raise Quit()
            if command in ("h", "help", "?"):
                self.say(MOVE_HELP)
            elif command == "rules":
                self.say(rules_text())
            elif command in ("s", "stats"):
                self.stats()
            elif command in ("t", "table"):
                self.say_lines(self.drawing.table(player))
            elif command == "hint":
                self.hint(player)
            else:
                try:
                    move = parse_typed_move(words, match.colors)
                except ValueError as err:
                    self.say("Cannot read that move: %s ('help' shows how)" % err)
                    continue
                reason = match.state.check_move(move)
                if reason is None:
                    said = self.coach("move", player, move_card(move), move_discards(move))
                    if said and self.ask("Make that move (%s)? [Y/n] " % self.move_words(
                            move)).lower() in ("n", "no"):
                        continue
                    return move
                self.say("Not allowed: %s." % reason.replace(
                    "player %d's hand" % (player + 1), "your hand"))

    def match_over(self):
        """The finished match's result, and the statistics that count it."""
        session = self.session
        self.say("")
        self.say(result_words(session.playing(), short=False))
        self.saving()
        if session.playing().learn:
            self.say("Lessons are not counted in the statistics.")
        else:
            self.stats()


def main(argv=None, stdin=None, stdout=None):
    """Run the terminal game; the exit status (0, or 2 for an unusable save or record file)."""
    parser = argparse.ArgumentParser(
        prog="python -m host_sim --tty",
        description="Lost Cities in the terminal.")
    parser.add_argument("--tty", action="store_true", help="(the terminal game)")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed of the deals and the AI (default: random)")
    parser.add_argument("--save", metavar="FILE", default=None,
                        help="NVM stand-in file: keeps the match and statistics "
                        "(default: nothing is kept after exit)")
    parser.add_argument("--record", metavar="FILE", default=None,
                        help="write the game record here after every turn (a new or empty"
                        " file, or a record: nothing else is overwritten)")
    args = parser.parse_args(argv)
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    try:
        if args.record:
            check_record_file(args.record, args.save)
        nvm = make_nvm(args.save, NVM_SIZE)
    except (RecordFileError, SaveFileError) as err:
        print(err, file=sys.stderr)
        return 2
    seed = args.seed if args.seed is not None else int.from_bytes(os.urandom(4), "big")

    def read_line(prompt):
        stdout.write(prompt)
        stdout.flush()
        line = stdin.readline()
        if not line:
            raise EOFError
        if not stdin.isatty():
            stdout.write(line if line.endswith("\n") else line + "\n")
        return line

    game = TtyGame(Storage(nvm), read_line, stdout, seed, args.record,
                   ansi=stdout.isatty() and os.environ.get("TERM") != "dumb",
                   persistent=args.save is not None, notice=getattr(nvm, "problem", None))
    return game.run()
