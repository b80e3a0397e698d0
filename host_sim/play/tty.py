"""The terminal game: ``python -m host_sim --tty [--seed S] [--save FILE] [--record FILE]``.

The same modes as the screens: two players passing the keyboard (a privacy
prompt hides the hands between turns) or one player against the AI at a
level; 5 or 6 colours, 1 or 3 rounds. Every turn is saved (``--save FILE``
keeps the NVM stand-in in a file, so ``continue`` resumes the match after an
exit) and, with ``--record FILE``, the game record is rewritten after every
turn. Moves are typed in record notation (``play R7 deck``, ``discard B3 G``)
or short (``R7``, ``d B3 G``); ``help`` lists the rest.
"""

import argparse
import os
import shutil
import sys
import textwrap

from host_sim.play.nvm_file import SaveFileError, make_nvm
from host_sim.play.nvm_file import NVM_SIZE
from host_sim.play.record_file import RecordFileError, check_record_file
from host_sim.tools.replay import expedition_line
from lostcities import ai, coach, rules_page
from host_sim.play.record_file import RecordFile
from lostcities.rng import Rng
from lostcities.rules import (
    COLOR_LETTERS, NO_CARD, SOURCE_DECK, card_text, make_move, move_card, move_discards,
    move_source)
from host_sim.records.notation import move_text, parse_card, parse_source
from lostcities.save import Storage
from lostcities.save_format import MODES, UNSAVED
from lostcities.session import Session, played_words

_ANSI_COLORS = ("33", "34", "37;1", "32", "31", "35")  # Y B W G R P
# Home, clear the screen, then the scrollback (where 2J pushes the screen in
# some terminals, and tmux keeps what scrolled off): no hand stays behind.
_CLEAR = "\x1b[H\x1b[2J\x1b[3J"
_EXPEDITION_WIDTH = 40  # the cards of an expedition line, then its score
QUIT_WORDS = ("q", "quit", "exit")

MENU_HELP = """\
  new              start a new match with these settings
  learn            a first round with a coach (5 colours, against easy)
  continue         resume the saved match
  mode duel|ai     two players passing the keyboard, or you against the AI
  level LEVEL      the AI's level: %s
  colors 5|6       with or without purple
  rounds 1|3       match length
  stats            statistics        rules   the rules in short
  quit             leave (a match in progress is always saved)""" % "|".join(ai.LEVELS)

MOVE_HELP = """\
Moves: play R7 deck   discard B3 G   (record notation: the card, then where to
       draw from: deck or a colour letter for that discard pile's top card)
Short: R7  = play R7, draw from the deck     R7 G  = play R7, draw the G pile
       d B3 = discard B3, draw from the deck  d B3 G = discard B3, draw G
       A wager is x (Bx). Lower case works too.
Piles: Y:Y7+3 is the yellow discard pile, Y7 on top of 3 more cards; Y:-- is empty.
Also:  hint  table  rules  help  quit (the match stays saved)"""

def rules_text():
    """The rules in short, as the board's Rules screen has them (assets/rules.txt)."""
    lines = ["Lost Cities in short (Reiner Knizia):"]
    for page in range(rules_page(0)[0]):
        _, title, text = rules_page(page)
        lines.append(textwrap.fill("%s: %s" % (title, text), 78, subsequent_indent="  "))
    return "\n".join(lines)


class Quit(Exception):
    """The player asked to leave (or the input ended): the match is saved."""


class TtyGame:
    """A terminal session: menu, matches, saving after every turn.

    ``read_line(prompt)`` returns one line of input (EOFError at the end);
    ``out`` is a text stream. Tests drive it with their own ``read_line``.
    """

    def __init__(self, storage, read_line, out, seed, record_path=None,
                 ansi=False, kept=True, notice=None):
        self.read_line = read_line
        self.out = out
        seeds = Rng(seed)  # the seeds of each new match
        self.session = Session(storage, lambda: seeds.randbelow(30000))
        self.record = RecordFile(record_path, self.say) if record_path else None
        self.ansi = ansi
        self.kept = kept  # False: the NVM lives in memory only (no --save)
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

    def ask(self, prompt):
        try:
            return self.read_line(prompt).strip()
        except (EOFError, KeyboardInterrupt):
            raise Quit()

    # Menu ------------------------------------------------------------------

    def run(self):
        """The menu loop until quit or the end of input."""
        for notice in (self.notice, self.session.notice):
            if notice:
                self.say(notice)
        self.say("Lost Cities - terminal game ('help' for commands)")
        try:
            while True:
                saved = self.saved
                self.show_menu(saved)
                words = self.ask("menu> ").lower().split()
                if not words:
                    continue
                command = words[0]
                if command in QUIT_WORDS:
                    break
                if command in ("n", "new", "l", "learn"):
                    if saved is not None and not self.confirm(
                            "A match is saved (%s). Replace it with a new one? [y/N] "
                            % _saved_text(saved)):
                        self.say("The saved match is kept; 'continue' resumes it.")
                        continue
                    self.session.new_match(learn=command in ("l", "learn"))
                    self.saving()
                    self.play()
                elif command in ("c", "continue"):
                    if saved is None:
                        self.say("There is no saved match.")
                    else:
                        self.play()
                elif command in ("s", "stats"):
                    self.say("\n".join(self.profile.summary()))
                elif command in ("r", "rules"):
                    self.say(rules_text())
                elif command in ("h", "help", "?"):
                    self.say(MENU_HELP)
                else:
                    self.change_setting(words)
        except (Quit, KeyboardInterrupt):
            self.say("")
        if self.played and self.saved is not None:
            if not self.kept:
                self.say("Without --save FILE the match is not kept after this exit.")
            elif self.session.save_problem == UNSAVED:
                self.say("The match could not be saved.")
            else:
                self.say("The match is saved; 'continue' resumes it.")
        return 0

    def confirm(self, question):
        return self.ask(question).lower() in ("y", "yes")

    def saving(self):
        """Say what kept a save from being written, once, not after every turn."""
        news = self.session.news()
        if news:
            self.say(news)

    def show_menu(self, saved):
        profile = self.profile
        self.say("")
        self.say("Settings: %s, %d colours, %d round%s" % (
            _mode_text(profile.mode, profile.level), profile.colors,
            profile.rounds, "s" if profile.rounds > 1 else ""))
        self.say("new | learn | %scolors | rounds | mode | level | stats | rules | help | quit" % (
            "continue (%s) | " % _saved_text(saved) if saved else ""))

    def change_setting(self, words):
        """``mode ai``, ``level hard``, ``colors 6``, ``rounds 1``: kept in the profile."""
        profile = self.profile
        choices = {"mode": MODES, "level": ai.LEVELS, "colors": ("5", "6"),
                   "colours": ("5", "6"), "rounds": ("1", "3")}
        name = words[0]
        if name not in choices:
            self.say("Unknown command %r; 'help' lists them." % name)
            return
        if len(words) != 2 or words[1] not in choices[name]:
            self.say("%s takes one of: %s" % (name, ", ".join(choices[name])))
            return
        value = words[1]
        if name == "mode":
            profile.mode = value
        elif name == "level":
            profile.level = value
        elif name == "rounds":
            profile.rounds = int(value)
        else:
            profile.colors = int(value)
        self.session.save_profile()
        self.saving()

    # A match ---------------------------------------------------------------

    def play(self):
        """Play the session's match to its end (or until Quit), saved after every
        turn (the AI's moves as the session's save policy says)."""
        session = self.session
        saved = session.saved
        match = saved.match
        self.played = True
        self.say("")
        self.say("%s: %d colours, %d round%s" % (
            _capital(_mode_text(saved.mode, saved.level, saved.learn)), match.colors,
            match.rounds, "s" if match.rounds > 1 else ""))
        if match.state is not None and not match.state.turns and not match.state.is_over():
            self.say_round_start()
        while not match.is_over():
            if match.state is None or match.state.is_over():
                self.drawn = {}
                session.next_round()
                self.saving()
                self.kept_record()
                self.say_round_start()
            state = match.state
            player = state.to_move
            by_ai = session.is_ai(player)
            drawn = None
            if by_ai:
                session.ai_move()
            else:
                if saved.mode == "duel":
                    self.pass_device(player)
                move = self.ask_move(player)
                if move_source(move) == SOURCE_DECK:
                    drawn = state.deck()[0]
                session.play(move)
            self.saving()
            self.kept_record()
            if drawn is not None and not match.state.is_over():
                if saved.mode == "duel":  # the screen is cleared for the next player now
                    self.drawn[player] = drawn
                else:
                    self.say("You drew %s." % self.card(card_text(drawn)))
            if by_ai or (saved.mode == "duel" and match.state.is_over()):
                # the other player sees it (the round's last move: before the scores)
                self.say("%s: %s" % (_capital(self.name(player)),
                                     played_words(match.moves[-1])))
            if match.state.is_over():
                self.coach("end", 1 - saved.ai_seat)
                self.round_summary(match)
                if not match.is_over():
                    self.ask("Press Enter for round %d. " % (match.round_number() + 1))
        self.match_summary(session.finish())

    def say_round_start(self):
        match = self.saved.match
        self.say("")
        starter = self.name(match.state.to_move)
        self.say("Round %d of %d: %s %s." % (
            match.round_number(), match.rounds, _capital(starter),
            "start" if starter == "you" else "starts"))

    def kept_record(self):
        """Rewrite the game record file (--record), if there is one."""
        if self.record:
            self.record.keep(self.saved.match)

    def name(self, player):
        return self.session.name(player)

    def pass_device(self, player):
        """Hide the table until ``player`` holds the keyboard; then the last move
        and the card they drew from the deck last turn.

        Only Enter alone shows the table (a word typed by the one passing the
        keyboard must not show the next hand); ``quit`` leaves."""
        self.clear()
        while True:
            answer = self.ask("Pass to %s and press Enter. " % self.name(player))
            if not answer:
                break
            if answer.lower() in QUIT_WORDS:
                raise Quit()
            self.say("Press Enter alone to show the table ('quit' leaves).")
        self.clear()
        moves = self.saved.match.moves[-1]
        if moves:
            self.say("%s: %s" % (_capital(self.name(1 - player)), played_words(moves)))
        if player in self.drawn:
            self.say("You drew %s last turn." % self.card(card_text(self.drawn.pop(player))))

    def clear(self):
        """Push the screen out and clear it and the scrollback (on a terminal)."""
        if self.ansi:
            self.out.write("\n" * shutil.get_terminal_size().lines + _CLEAR)

    def coach(self, moment, player, card=NO_CARD, discard=False):
        """In the lesson, the coach's words for this moment (as the table
        shows them: lostcities/coach.py); True if it said something."""
        saved = self.saved
        if not saved.learn:
            return False
        said = coach.speak(saved.coached, saved.match.state, player, moment, card, discard)
        if said:
            saved.coached |= 1 << said[0]
            self.say(textwrap.fill("Coach: " + said[1], 78, subsequent_indent="  "))
        return bool(said)

    def ask_move(self, player):
        """Show the table to ``player`` and read a legal move (or a command);
        in the lesson the coach speaks first, and of the move typed before it
        is made (then it is asked again, or confirmed)."""
        match = self.saved.match
        self.show_table(player)
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
            elif command in ("t", "table"):
                self.show_table(player)
            elif command == "hint":
                move = self.session.hint(player)
                why = coach.reason(match.state, player, move) if self.saved.learn else ""
                self.say("Hint: %s%s" % (move_text(move), ": " + why if why else ""))
            else:
                try:
                    move = parse_typed_move(words, match.colors)
                except ValueError as err:
                    self.say("Cannot read that move: %s ('help' shows how)" % err)
                    continue
                reason = match.state.check_move(move)
                if reason is None:
                    said = self.coach("move", player, move_card(move), move_discards(move))
                    if said and self.ask("Make that move (%s)? [Y/n] " % move_text(
                            move)).lower() in ("n", "no"):
                        continue
                    return move
                self.say("Not allowed: %s." % reason.replace(
                    "player %d's hand" % (player + 1), "your hand"))

    # Showing ------------------------------------------------------------

    def card(self, text):
        """A card's text, coloured on a terminal."""
        if not self.ansi or text in ("??", "--"):
            return text
        return "\x1b[%sm%s\x1b[0m" % (
            _ANSI_COLORS[COLOR_LETTERS.index(text[0])], text)

    def cards(self, cards):
        return " ".join([self.card(card_text(card)) for card in cards])

    def show_table(self, player):
        """The table as ``player`` sees it (their view only)."""
        match = self.saved.match
        view = match.state.view(player)
        totals = match.totals()
        self.say("")
        self.say("Round %d of %d, %d card%s in the deck; totals so far: %s %d, %s %d" % (
            match.round_number(), match.rounds, view.deck_len,
            "" if view.deck_len == 1 else "s",
            self.name(0), totals[0], self.name(1), totals[1]))
        for who in (1 - player, player):
            self.say("%s (round score %d):" % (
                _capital(self.name(who)), view.score(who)))
            shown = False
            for color in range(view.colors):
                if view.expedition_len(who, color):
                    shown = True
                    cards = view.expedition(who, color)
                    width = len(" ".join([card_text(card) for card in cards]))
                    self.say("  %s  %s%s %4d" % (  # padded by what shows, not
                        COLOR_LETTERS[color], self.cards(cards),  # colour codes
                        " " * (_EXPEDITION_WIDTH - width),
                        view.expedition_score(who, color)[0]))
            if not shown:
                self.say("  (no expeditions yet)")
            if who != player:
                piles = []
                for color in range(view.colors):
                    count = view.pile_len(color)
                    piles.append("%s:%s" % (COLOR_LETTERS[color], self.card(
                        card_text(view.pile_top(color))) + (
                            "+%d" % (count - 1) if count > 1 else "")
                        if count else "--"))
                self.say("Discard piles  " + "  ".join(piles))
        known = [card_text(card) for card in view.hand(1 - player)
                 if card_text(card) != "??"]
        if known:
            self.say("%s holds (taken from piles): %s" % (
                _capital(self.name(1 - player)), " ".join(known)))
        self.say("Hand: %s" % self.cards(view.hand(player)))

    def round_summary(self, match):
        """Each expedition's breakdown, the round's scores and the totals."""
        state = match.state
        number = match.round_number()
        self.say("")
        self.say("Round %d is over." % number)
        for player in (0, 1):
            self.say("%s: %d" % (_capital(self.name(player)), state.score(player)))
            for color in range(match.colors):
                if state.expedition_len(player, color):
                    self.say(expedition_line(state, player, color))
        totals = match.totals()
        self.say("Totals: %s %d, %s %d" % (
            self.name(0), totals[0], self.name(1), totals[1]))

    def match_summary(self, saved):
        """The result of the finished match, and the statistics that count it."""
        match = saved.match
        winner = match.winner()
        self.say("")
        if winner == 0:
            self.say("The match is a draw.")
        elif saved.mode == "ai":
            self.say("You win the match!" if winner - 1 != saved.ai_seat
                     else "The AI wins the match.")
        else:
            self.say("Player %d wins the match!" % winner)
        self.saving()
        self.say("\n".join(self.profile.summary()))


def parse_typed_move(words, colors):
    """A move from typed words: record notation, or ``[p|d] CARD [SOURCE]``.

    Case does not matter; a missing source means the deck.
    """
    verb = words[0].lower()
    discard = verb in ("d", "discard")
    if verb in ("p", "play", "d", "discard"):
        words = words[1:]
    if not 1 <= len(words) <= 2:
        raise ValueError("expected a card and a draw source, like 'play R7 deck'")
    try:
        card = parse_card(words[0][:1].upper() + words[0][1:].lower(), colors)
    except ValueError:
        raise ValueError("unknown card %r" % words[0][:20])  # as typed, not re-cased
    source = words[1] if len(words) == 2 else "deck"
    source = "deck" if source.lower() == "deck" else source.upper()
    return make_move(card, discard, parse_source(source, colors))


def _mode_text(mode, level, learn=False):
    if learn:
        return "the lesson, with the coach"
    return "against the AI (%s)" % level if mode == "ai" else "two players"


def _saved_text(saved):
    match = saved.match
    return "round %d of %d, %s" % (match.round_number(), match.rounds,
                                   _mode_text(saved.mode, saved.level, saved.learn))


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
            check_record_file(args.record)
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
                   kept=args.save is not None, notice=getattr(nvm, "problem", None))
    return game.run()


def _capital(text):
    return text[:1].upper() + text[1:]
