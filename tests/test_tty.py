"""The terminal game, driven through its input text like a player at the keyboard."""

import io
import re

import pytest

from host_sim import tty
from host_sim.nvm_file import FileNvm
from lostcities import save
from lostcities.bots import heuristic_move, random_move
from lostcities.record import parse_record
from lostcities.rng import Rng
from lostcities.rules import (
    COLOR_LETTERS, COLOR_NAMES, card_text, is_wager, move_text, parse_move, taken_card)
from lostcities.save import Storage


class Keyboard:
    """Answers the game's prompts: menu commands from a list, moves from a bot.

    ``moves`` limits how many moves it types before the input ends (EOF);
    ``first`` is typed at the first move prompts, before any bot move.
    """

    def __init__(self, commands, moves=None, first=()):
        self.commands = list(commands)
        self.moves = moves
        self.first = list(first)
        self.typed = 0
        self.game = None

    def __call__(self, prompt):
        answer = self.answer(prompt)
        self.game.out.write(prompt + answer + "\n")  # as a terminal echoes it
        return answer

    def answer(self, prompt):
        if prompt == "menu> ":
            if not self.commands:
                raise EOFError
            return self.commands.pop(0)
        if not prompt.endswith("> "):
            return ""  # "press Enter" prompts
        if self.first:
            return self.first.pop(0)
        if self.moves is not None and self.typed >= self.moves:
            raise EOFError
        self.typed += 1
        state = self.game.saved.match.state
        return move_text(heuristic_move(state.view(state.to_move), None))


def session(nvm, keyboard, seed=7, record=None):
    out = io.StringIO()
    game = tty.TtyGame(Storage(nvm), keyboard, out, seed, record)
    keyboard.game = game
    assert game.run() == 0
    return out.getvalue(), game


def erased():
    return bytearray(b"\xff" * 8192)


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_whole_match_against_the_ai(level):
    nvm = erased()
    text, _ = session(nvm, Keyboard(["level " + level, "new", "quit"]))
    assert text.count("is over.") == 3  # three round summaries
    assert "sum " in text and "wagers " in text and "bonus " in text
    assert "The AI: " in text
    results = ("You win the match!", "The AI wins the match.", "The match is a draw.")
    assert sum(text.count(result) for result in results) == 1
    assert "AI %s: 1 played" % level in text
    storage = Storage(nvm)
    assert storage.load_match() == (None, None)  # finished: nothing to continue
    assert storage.load_profile().stats[level][0] == 1


def test_a_two_player_match_hides_the_hands_between_turns():
    nvm = erased()
    text, _ = session(nvm, Keyboard(["mode duel", "rounds 1", "new", "stats"]))
    turns = text.count("Player 1> ") + text.count("Player 2> ")
    chunks = text.split("Pass to player ")
    assert len(chunks) == turns + 1 and "Hand:" not in chunks[0]
    for chunk in chunks[1:]:  # each turn: the prompt, then the last move and one hand
        before, after = chunk.split("and press Enter.", 1)
        assert "Hand:" not in before and after.count("Hand:") == 1
    assert "\nPlayer 1: play " in text or "\nPlayer 1: discard " in text
    assert "Two players: 1 played" in text


def test_unreadable_and_illegal_moves_get_the_reason_and_the_prompt_again():
    nvm = erased()
    text, _ = session(nvm, Keyboard(["new"], moves=1, first=["fly me to the moon"]))
    assert "Cannot read that move: expected a card and a draw source" in text
    hand = Storage(nvm).load_match()[0].match.state.hand(0)  # the player is player 1
    missing = card_text(next(card for card in range(60)
                             if card not in hand and not is_wager(card)))
    keyboard = Keyboard(["continue"], moves=0, first=["play %s deck" % missing, "play Q5 deck"])
    text, _ = session(nvm, keyboard)
    assert "Not allowed: %s is not in player 1's hand." % missing in text
    assert "Cannot read that move: unknown card 'Q5'" in text


def test_end_of_input_saves_and_continue_resumes_the_same_match(tmp_path):
    path = str(tmp_path / "nvm.bin")
    record = str(tmp_path / "game.txt")
    straight_record = str(tmp_path / "straight.txt")
    session(erased(), Keyboard(["rounds 1", "new"]), record=straight_record)
    text, _ = session(FileNvm(path), Keyboard(["rounds 1", "new"], moves=9), record=record)
    assert "The match is saved; 'continue' resumes it." in text
    assert "continue (round 1 of 1" in session(FileNvm(path), Keyboard([]))[0]
    session(FileNvm(path), Keyboard(["continue"]), record=record)
    with open(record) as one, open(straight_record) as two:
        assert one.read() == two.read()  # as if never interrupted
    assert parse_record(open(record).read()).is_over()


def test_main_reads_stdin_and_exits_cleanly_at_its_end(tmp_path):
    path = str(tmp_path / "nvm.bin")
    out = io.StringIO()
    status = tty.main(["--tty", "--seed", "3", "--save", path],
                      stdin=io.StringIO("colors 6\nnew\nhelp\nhint\n"), stdout=out)
    assert status == 0
    text = out.getvalue()
    assert "Hint: " in text and "Moves: play R7 deck" in text
    assert "The match is saved" in text
    saved, message = Storage(FileNvm(path)).load_match()
    assert message is None and saved.match.colors == 6


def test_main_refuses_an_unusable_save_file(tmp_path, capsys):
    assert tty.main(["--save", str(tmp_path)], stdin=io.StringIO(""),
                    stdout=io.StringIO()) == 2
    assert "cannot use" in capsys.readouterr().err


def test_a_damaged_save_is_reported_and_the_menu_still_works():
    nvm = erased()
    session(nvm, Keyboard(["new"], moves=3))
    for start in (256, 256 + 3968):
        nvm[start + 12] ^= 0xFF
    text, _ = session(nvm, Keyboard(["continue"]))
    assert save.DAMAGED in text and "There is no saved match." in text


@pytest.mark.parametrize("typed, notation", [
    ("play R7 deck", "play R7 deck"),
    ("discard B3 G", "discard B3 G"),
    ("r7", "play R7 deck"),
    ("R10 y", "play R10 Y"),
    ("d bx", "discard Bx deck"),
    ("D B3 g", "discard B3 G"),
    ("p WX Deck", "play Wx deck"),
])
def test_short_move_forms(typed, notation):
    assert tty.parse_typed_move(typed.split(), 5) == parse_move(notation)


@pytest.mark.parametrize("typed", ["play", "R7 deck now", "P7", "R1", "d R7 P"])
def test_unreadable_move_forms(typed):
    with pytest.raises(ValueError):
        tty.parse_typed_move(typed.split(), 5)


def test_without_a_save_file_the_player_is_told_nothing_is_kept():
    out = io.StringIO()
    assert tty.main(["--seed", "2"], stdin=io.StringIO("new\n"), stdout=out) == 0
    assert "Without --save FILE the match is not kept" in out.getvalue()


def test_the_last_card_of_the_deck_is_one_card():
    text, _ = session(erased(), Keyboard(["mode duel", "rounds 1", "new", "quit"]))
    assert "Round 1 of 1, 1 card in the deck;" in text
    assert "Round 1 of 1, 2 cards in the deck;" in text


class RandomKeyboard(Keyboard):
    """Types random legal moves (they often draw from a discard pile)."""

    def __init__(self, commands, rng):
        super().__init__(commands)
        self.rng = rng

    def answer(self, prompt):
        if prompt == "menu> " or not prompt.endswith("> "):
            return super().answer(prompt)
        state = self.game.saved.match.state
        return move_text(random_move(state.view(state.to_move), self.rng))


def test_a_card_taken_from_a_pile_is_named(tmp_path):
    record = str(tmp_path / "game.txt")
    keyboard = RandomKeyboard(["mode duel", "rounds 1", "new"], Rng(3))
    text, _ = session(erased(), keyboard, seed=3, record=record)
    taken = re.findall(r"took (\S+) from the (\w+) pile", text)
    assert len(taken) > 5
    for card, color in taken:  # a pile holds its own colour only
        assert card[0] == COLOR_LETTERS[COLOR_NAMES.index(color)]
    with open(record, encoding="utf-8") as stream:
        match = parse_record(stream.read())
    moves = match.moves[0]
    # each move is shown to the next player (the last one before the scores)
    assert [card for card, _ in taken] == [
        card_text(taken_card(moves, i)) for i in range(len(moves)) if moves[i] & 7]
    last = "Player %d: %s, drew from the deck\n\nRound 1 is over." % (
        1 + (match.deals[0][3] + len(moves) - 1) % 2,  # turns alternate
        " ".join(move_text(moves[-1]).split()[:2]))
    assert last in text
