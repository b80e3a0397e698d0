"""The terminal game, driven through its input text like a player at the keyboard."""

import io
import os
import re

import pytest

from host_sim.play import terminal as tty
from host_sim.play.terminal.typing import parse_typed_move
from host_sim.play.nvm_file import FileNvm
from lostcities.saves import restore
from lostcities.saves import layout as save
from host_sim.players.bots import heuristic_move, random_move
from host_sim.records.record import parse_record
from lostcities.rng import Rng
from lostcities.rules import SOURCE_DECK, card_text, is_wager, move_source, taken_card
from host_sim.records.notation import move_text, parse_move
from lostcities.saves.storage import Storage
from lostcities.saves.layout import MATCH_AT, NVM_SIZE
from lostcities.saves.resume import load_match


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
    return bytearray(b"\xff" * NVM_SIZE)


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_whole_match_against_the_ai(level):
    nvm = erased()
    text, _ = session(nvm, Keyboard(["level " + level, "new", "quit"]))
    assert text.count("is over.") == 3  # three round summaries
    assert "sum " in text and "wagers " in text and "bonus " in text
    assert "The AI: " in text
    results = ("You win!", "The AI wins!", "A draw!")
    assert sum(text.count(result) for result in results) == 1
    assert re.search(r"\n%s +1 " % level, text)
    storage = Storage(nvm)
    assert load_match(storage) == (None, save.NO_SAVE)  # finished: nothing to continue
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
    assert "vs      Play  Won Lost Drw\nP2         1" in text


def test_unreadable_and_illegal_moves_get_the_reason_and_the_prompt_again():
    nvm = erased()
    text, _ = session(nvm, Keyboard(["new"], moves=1, first=["fly me to the moon"]))
    assert "Cannot read that move: expected a card and a draw source" in text
    hand = load_match(Storage(nvm))[0].match.state.hand(0)  # the player is player 1
    missing = card_text(next(card for card in range(60)
                             if card not in hand and not is_wager(card)))
    keyboard = Keyboard(["continue"], moves=0,
                        first=["play %s deck" % missing, "play Q5 deck", "foo"])
    text, _ = session(nvm, keyboard)
    assert "Not allowed: %s is not in your hand." % missing in text  # "you", not player 1
    assert "Cannot read that move: unknown card 'Q5'" in text
    assert "Cannot read that move: unknown card 'foo'" in text  # as typed


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
    saved, message = load_match(Storage(FileNvm(path)))
    assert message is None and saved.match.colors == 6


def test_main_refuses_an_unusable_save_file(tmp_path, capsys):
    assert tty.main(["--save", str(tmp_path)], stdin=io.StringIO(""),
                    stdout=io.StringIO()) == 2
    assert "cannot use" in capsys.readouterr().err


def test_a_damaged_save_is_reported_and_the_menu_still_works():
    nvm = erased()
    session(nvm, Keyboard(["new"], moves=3))
    nvm[MATCH_AT + 12] ^= 0xFF
    text, _ = session(nvm, Keyboard(["continue"]))
    assert restore.MATCH_DAMAGED in text and "There is no saved match." in text


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
    assert parse_typed_move(typed.split(), 5) == parse_move(notation)


@pytest.mark.parametrize("typed", ["play", "R7 deck now", "P7", "R1", "d R7 P"])
def test_unreadable_move_forms(typed):
    with pytest.raises(ValueError):
        parse_typed_move(typed.split(), 5)


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
    taken = re.findall(r"took (\S+)", text)
    assert len(taken) > 5
    with open(record, encoding="utf-8") as stream:
        match = parse_record(stream.read())
    moves = match.moves[0]
    # each move is shown to the next player (the last one, as the board says it, before the scores)
    assert taken == [
        card_text(taken_card(moves, i)) for i in range(len(moves))
        if move_source(moves[i]) != SOURCE_DECK]
    last = "Player %d: %s, last card\n\nRound 1 is over." % (
        1 + (match.starter(0) + len(moves) - 1) % 2,  # turns alternate
        " ".join(move_text(moves[-1]).split()[:2]))
    assert last in text


# The save file ----------------------------------------------------------------

def test_new_asks_before_replacing_a_saved_match():
    nvm = erased()
    session(nvm, Keyboard(["new"], moves=3))
    before = load_match(Storage(nvm))[0].match.moves

    class Answers(Keyboard):
        def answer(self, prompt):
            if prompt.endswith("[y/N] "):
                return self.replies.pop(0)
            return super().answer(prompt)
    keyboard = Answers(["new", "quit"])
    keyboard.replies = ["", "n"]
    text, _ = session(nvm, keyboard)
    assert "A match is saved (round 1 of 3" in text and "Replace it with a new one?" in text
    assert "The saved match is kept" in text
    assert load_match(Storage(nvm))[0].match.moves == before  # not one card changed
    keyboard = Answers(["new"], moves=1)
    keyboard.replies = ["y"]
    session(nvm, keyboard)
    assert load_match(Storage(nvm))[0].match.moves != before


def test_a_save_that_cannot_be_written_is_said_once_and_play_goes_on(tmp_path):
    path = tmp_path / "nvm.bin"

    class Vanishing(Keyboard):  # the save file turns into a folder mid-match
        def answer(self, prompt):
            if self.typed == 4 and path.is_file():
                path.unlink()
                path.mkdir()
            return super().answer(prompt)
    text, game = session(FileNvm(str(path)), Vanishing(["rounds 1", "new", "quit"]))
    assert text.count(save.UNSAVED) == 1
    assert "Round 1 is over." in text and game.saved is None  # played to the end


def test_a_full_disk_is_said_once_and_the_exit_does_not_claim_a_save():
    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")
    out = io.StringIO()
    assert tty.main(["--seed", "3", "--save", "/dev/full"],
                    stdin=io.StringIO("new\nhint\n"), stdout=out) == 0
    text = out.getvalue()
    assert text.count(save.UNSAVED) == 1 and "The match could not be saved." in text
    assert "The match is saved" not in text


def test_a_file_that_is_not_a_save_is_refused_and_left_as_it_is(tmp_path, capsys):
    notes = tmp_path / "notes.txt"
    notes.write_bytes(b"notes\n")
    assert tty.main(["--save", str(notes)], stdin=io.StringIO("quit\n"),
                    stdout=io.StringIO()) == 2
    assert "is not a save of this game" in capsys.readouterr().err
    assert notes.read_bytes() == b"notes\n"


@pytest.mark.parametrize("content, used", [
    (None, True), (b"", True), (b"lostcities 1\ncolors 5\n", True),
    (b"# player 1: easy, player 2: hard\nlostcities 1\n", True),
    (b"# Lost Cities Handheld\n\nReiner Knizia's game\n", False),
    (b"\x89PNG\r\n\x1a\n" + bytes(100), False), (b"# only a comment\n", False)])
def test_a_record_file_is_written_only_when_it_is_one_of_ours(tmp_path, capsys, content, used):
    path = tmp_path / "record.txt"
    if content is not None:
        path.write_bytes(content)
    status = tty.main(["--seed", "2", "--record", str(path)], stdin=io.StringIO("new\n"),
                      stdout=io.StringIO())
    err = capsys.readouterr().err
    if used:
        assert status == 0 and parse_record(path.read_text()).colors == 5
    else:  # refused in one line, before any move, and left as it was
        assert status == 2 and err == "cannot use %s as the record: it is not a game record" \
            " (left as it is)\n" % path
        assert path.read_bytes() == content


def test_a_save_file_cut_short_is_said(tmp_path):
    path = str(tmp_path / "nvm.bin")
    session(FileNvm(path), Keyboard(["colors 6", "new"], moves=3))
    with open(path, "r+b") as stream:
        stream.truncate(100)
    out = io.StringIO()
    assert tty.main(["--save", path], stdin=io.StringIO("quit\n"), stdout=out) == 0
    assert "Save file was cut short (100 of %d bytes)" % NVM_SIZE in out.getvalue()


# What a player is told --------------------------------------------------------

def test_the_card_drawn_from_the_deck_is_named():
    text, _ = session(erased(), Keyboard(["rounds 1", "new"]))
    drawn = re.findall(r"You drew (\S+)\.", text)
    assert len(drawn) > 10
    hands = re.findall(r"Hand: (.*)", text)
    for card, hand in zip(drawn, hands[1:]):  # the next hand holds it
        assert card in hand.split()


def test_in_a_duel_each_player_learns_the_card_they_drew_once_they_hold_the_keyboard():
    text, _ = session(erased(), Keyboard(["mode duel", "rounds 1", "new"]))
    told = 0
    for chunk in text.split("Pass to player ")[1:]:
        hidden, shown = chunk.split("and press Enter.", 1)
        assert "You drew" not in hidden  # not for the one passing the keyboard
        drawn = re.findall(r"You drew (\S+) last turn\.", shown)
        if drawn:
            told += 1
            hand = re.search(r"Hand: (.*)", shown).group(1)
            assert drawn[0] in hand.split()  # the hand shown holds it
    assert told > 10


def test_help_explains_the_pile_notation():
    out = io.StringIO()
    tty.main(["--seed", "3"], stdin=io.StringIO("mode duel\nnew\n\nhelp\n"), stdout=out)
    text = out.getvalue()
    assert "Discard piles  Y:" in text  # the table uses it
    assert "Y:Y7+3 is the yellow discard pile, Y7 on top of 3 more cards; Y:-- is empty." \
        in text


def test_colour_codes_do_not_push_the_scores_out_of_their_column():
    out = io.StringIO()
    keyboard = Keyboard(["mode duel", "rounds 1", "new"], moves=30)
    game = tty.TtyGame(Storage(erased()), keyboard, out, 4, ansi=True)
    keyboard.game = game
    game.run()
    plain = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", out.getvalue())
    lines = [line for line in plain.splitlines() if re.match(r"  [YBWGRP]  \S", line)]
    assert len(lines) > 20 and len({len(line) for line in lines}) == 1


# A real terminal ------------------------------------------------------------------

def run_in_terminal(argv, answers):
    """Run the game under a pseudo-terminal, as a player would; every byte it wrote.

    ``answers``: (text, count, keys): once ``text`` was written ``count``
    times, type ``keys`` (a function of what was written so far, or a str).
    """
    import pty
    import select
    import subprocess
    import sys
    import time
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    leader, follower = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "host_sim"] + argv, cwd=root,
                               stdin=follower, stdout=follower, stderr=follower,
                               env=dict(os.environ, TERM="xterm"))
    os.close(follower)
    written = b""
    answers = list(answers)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if answers and written.count(answers[0][0].encode()) >= answers[0][1]:
            keys = answers.pop(0)[2]
            os.write(leader, (keys if isinstance(keys, str) else keys(written)).encode())
        if select.select([leader], [], [], 0.1)[0]:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the game ended
                break
            if not chunk:
                break
            written += chunk
    process.kill() if process.poll() is None else None
    process.wait(timeout=10)
    os.close(leader)
    return written, process.returncode


def plain(data):
    return re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", data.decode())


def discard_first_card(written):
    return "d %s\r" % plain(written).rsplit("Hand: ", 1)[1].split()[0]


def test_a_terminal_duel_clears_the_scrollback_and_shows_a_hand_on_enter_alone(tmp_path):
    written, status = run_in_terminal(
        ["--tty", "--seed", "5", "--save", str(tmp_path / "nvm.bin")], [
            ("menu> ", 1, "mode duel\r"), ("menu> ", 2, "new\r"),
            ("press Enter. ", 1, "quit now\r"), ("press Enter. ", 2, "\r"),
            ("Player 1> ", 1, discard_first_card), ("press Enter. ", 3, "quit\r"),
            ("menu> ", 3, "quit\r")])  # 'quit' in a match goes back to the menu
    assert status == 0
    first, second, third = written.split(b"press Enter. ")[1:4]
    assert b"Hand:" not in first  # anything but Enter alone shows no hand
    assert b"Hand:" in second and b"Player 2: discard" not in second
    # before the next pass prompt: the old screen pushed out, then the screen
    # and the scrollback cleared, so no hand stays behind
    cleared = second.rindex(b"\x1b[3J")
    assert b"\r\n" * 20 + b"\x1b[H\x1b[2J\x1b[3J" in second
    assert b"Hand:" not in second[cleared:]
    assert b"Hand:" not in third and b"The match is saved" in third  # 'quit' shows nothing


def test_erase_asks_first_then_forgets_the_match_settings_and_statistics():
    nvm = erased()
    session(nvm, Keyboard(["rounds 1", "colors 6", "new"], moves=3))
    assert load_match(Storage(nvm))[0] is not None
    answers = iter(["erase", "n", "erase", "y", "quit"])  # the menu's, then the question's
    out = io.StringIO()
    tty.TtyGame(Storage(nvm), lambda prompt: next(answers), out, 7).run()
    text = out.getvalue()
    assert "Nothing was erased." in text and "Erased: a new start" in text
    storage = Storage(nvm)
    assert load_match(storage)[0] is None
    assert storage.load_profile().colors == 5 and storage.load_profile().rounds == 3


def test_the_same_file_as_the_save_and_the_record_is_refused(tmp_path, capsys):
    path = str(tmp_path / "both")
    assert tty.main(["--save", path, "--record", path], stdin=io.StringIO(""),
                    stdout=io.StringIO()) == 2
    assert "it is the --save file too" in capsys.readouterr().err
    assert not os.path.exists(path)


def test_the_lesson_asks_in_the_games_words_and_its_look_back_says_why_beside_each_move():
    """Seed 2 deals the lesson whose hand holds B2 and B10 (LESSON_SEEDS[3]):
    B10 played first, the coach warns and asks, in the words the game shows
    moves in; the look back names what B10 cost under it and what B2 does
    beside it; no new round is announced after the last."""
    text, _ = session(erased(), Keyboard(["learn", "quit"], first=["play B10 deck"]), seed=2)
    assert "Hand: Y9 B2 B8 B10 W10 Gx R9 R10\n" in text
    asked = re.findall(r"Make that move \((.*)\)\? ", text)
    assert asked[0] == "play B10, draw deck"
    for move in asked:
        assert re.fullmatch(r"(play|discard) [YBWGR](x|\d+), (draw deck|take [YBWGR](x|\d+))",
                            move), move
    after = text.split("Press Enter for the coach's look back.", 1)[1]
    assert "Round 1 of 1" not in after and "start" not in after.split("The coach looks back.")[0]
    lines = after.split("\n")
    played = next(at for at, line in enumerate(lines)
                  if line.startswith("  1. turn 1: play B10, drew deck: cost about "))
    assert lines[played + 1:played + 3] == [
        "     your B2 can't follow it",
        "     better: play B2, draw deck: it opens blue, with 20 in hand"]


def test_two_players_read_the_result_as_every_other_line_names_them():
    text, _ = session(erased(), Keyboard(["mode duel", "rounds 1", "new"]))
    assert re.search(r"\n(Player [12] wins!|A draw!)\n", text)
    assert not re.search(r"\bP[12] wins", text)


def test_the_statistics_best_round_is_from_the_side_the_wins_are_counted_from():
    """Between two players the wins are player 1's (``vs P2``), and so is the best round."""
    from lostcities.rules import Match
    from lostcities.saves.match import SavedMatch
    from lostcities.saves.profile import Profile
    profile = Profile()
    match = Match(5, 1, Rng(1))
    match.scores.append((-30, 66))  # player 2 won the only round, with 66
    profile.record_match(SavedMatch(match, "duel"))
    assert profile.summary() == ["vs      Play  Won Lost Drw",
                                 "P2         1    0    1   0",
                                 "Best round: -30"]


def test_resume_is_a_setting_and_a_match_left_is_saved_where_it_stood(tmp_path):
    """The terminal reports its steps and its quits to the session, which
    saves as Resume says: at pauses, the match left by the end of input is
    saved as it stood, and continue says where it resumed."""
    path = str(tmp_path / "nvm.bin")
    text, game = session(FileNvm(path), Keyboard(["rounds 1", "new"], moves=5))
    assert "saved at pauses" in text and game.session.saving.unsaved == 0
    moves = [list(m) for m in game.session.match.moves]
    text, game = session(FileNvm(path), Keyboard(["continue"], moves=0))
    assert [list(m) for m in game.session.match.moves] == moves
    assert "Resumed from the last save: round 1, your move 6." in text
    text, game = session(FileNvm(path), Keyboard(["resume move", "resume sometimes"]))
    assert "saved every move" in text and "resume takes one of: pause, move, round" in text
    assert Storage(FileNvm(path)).load_profile().resume == "move"
