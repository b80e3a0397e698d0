"""Saving: the match resumes exactly, and no NVM content can crash a load."""

import contextlib
import io
import time

import pytest

from conftest import micropython_unavailable
from host_sim.testing.micropython import MicroPython, MicroPythonUnavailable
from host_sim.play.nvm_file import FileNvm, NotASaveFile
from lostcities import restore, save
from lostcities.bots import random_move
from lostcities.rng import Rng
from lostcities.profile import Profile
from lostcities.rules import SOURCE_DECK, Match, move_source
from lostcities.save import MATCH_AT, MATCH_SLOT, NVM_SIZE, Storage
from lostcities.saved_match import SavedMatch, encode_match, match_size


def erased(size=NVM_SIZE):
    return bytearray(b"\xff" * size)


def new_game(colors=5, rounds=3, seed=1):
    match = Match(colors, rounds, Rng(seed))
    match.start_round()
    return SavedMatch(match, "ai", "hard", 1, Rng(seed + 100))


def turn(saved):
    """One turn by a random bot (its Rng is the saved AI Rng); next round if due."""
    match = saved.match
    if match.state.is_over():
        match.start_round()
    else:
        match.play(random_move(match.state.view(match.state.to_move), saved.ai_rng))


def play_turns(saved, count):
    for _ in range(count):
        turn(saved)
    return saved


def until_round_over(saved):
    while not saved.match.state.is_over():
        turn(saved)
    return saved


def assert_same(loaded, saved):
    one, two = loaded.match, saved.match
    assert (loaded.mode, loaded.level, loaded.ai_seat) == (saved.mode, saved.level, saved.ai_seat)
    assert loaded.ai_rng.getstate() == saved.ai_rng.getstate()
    assert one.rng.getstate() == two.rng.getstate()
    assert (one.colors, one.rounds, one.deals, one.moves, one.scores) == (
        two.colors, two.rounds, two.deals, two.moves, two.scores)
    assert one.state.buf == two.state.buf
    assert (one.state.to_move, one.state.turns, one.state.deck_len) == (
        two.state.to_move, two.state.turns, two.state.deck_len)


def reload(nvm):
    saved, message = Storage(nvm).load_match()  # a fresh Storage: as after a reset
    assert message is None
    return saved


# Round trips -------------------------------------------------------------

@pytest.mark.parametrize("colors", [5, 6])
def test_mid_round_round_trip(colors):
    nvm = erased()
    saved = play_turns(new_game(colors), 37)
    assert Storage(nvm).save_match(saved) is None
    assert_same(reload(nvm), saved)


@pytest.mark.parametrize("colors", [5, 6])
def test_between_rounds_round_trip(colors):
    nvm = erased()
    saved = until_round_over(new_game(colors, seed=4))
    Storage(nvm).save_match(saved)
    loaded = reload(nvm)
    assert_same(loaded, saved)
    assert loaded.match.state.is_over() and len(loaded.match.scores) == 1


def test_duel_without_ai_rng_round_trips():
    nvm = erased()
    match = Match(5, 1, Rng(3))
    match.start_round()
    Storage(nvm).save_match(SavedMatch(match, "duel"))
    loaded = reload(nvm)
    assert (loaded.mode, loaded.level, loaded.ai_rng) == ("duel", None, None)
    assert loaded.match.deals == match.deals


def test_resumed_match_continues_exactly_like_the_uninterrupted_one():
    straight = new_game(6, seed=9)
    while not straight.match.is_over():
        turn(straight)
    nvm = erased()
    resumed = new_game(6, seed=9)
    while not resumed.match.is_over():
        turn(resumed)
        Storage(nvm).save_match(resumed)
        resumed = reload(nvm)  # every turn: save, power off, load
    assert resumed.match.moves == straight.match.moves
    assert resumed.match.scores == straight.match.scores


def test_the_newest_save_wins_and_clear_forgets_it():
    nvm = erased()
    storage = Storage(nvm)
    saved = new_game()
    for _ in range(5):
        turn(saved)
        storage.save_match(saved)
        assert reload(nvm).match.moves == saved.match.moves
    storage.clear_match()
    assert Storage(nvm).load_match() == (None, None)


def test_sequence_numbers_wrap():
    assert restore.newer(0, 0xFFFF)
    assert restore.newer(5, 4)
    assert not restore.newer(4, 5)


# Damage ---------------------------------------------------------------------

def two_saves():
    """An NVM holding two saves, one turn apart: (nvm, older, newer start offset)."""
    nvm = erased()
    storage = Storage(nvm)
    saved = play_turns(new_game(), 10)
    storage.save_match(saved)
    older = [list(moves) for moves in saved.match.moves]
    turn(saved)
    storage.save_match(saved)
    newer_at = storage.slots[save.KIND_MATCH][storage.newest[save.KIND_MATCH] & 1]
    return nvm, older, newer_at


@pytest.mark.parametrize("offset, message", [
    (0, None),  # no magic: not our record, so nothing to report
    (5, save.FELL_BACK), (7, save.FELL_BACK), (20, save.FELL_BACK), (60, save.FELL_BACK)])
def test_a_corrupt_newest_slot_falls_back_to_the_other(offset, message):
    nvm, older, newer_at = two_saves()
    nvm[newer_at + offset] ^= 0x10
    saved, said = Storage(nvm).load_match()
    assert said == message
    assert [list(moves) for moves in saved.match.moves] == older


def test_both_slots_corrupt_means_starting_fresh():
    nvm, _, _ = two_saves()
    for start in (MATCH_AT, MATCH_AT + MATCH_SLOT):
        nvm[start + 30] ^= 0xFF
    assert Storage(nvm).load_match() == (None, save.DAMAGED)


class PowerCut:
    """An NVM whose next slice assignment stops after ``keep`` bytes."""

    def __init__(self, nvm, keep):
        self.nvm = nvm
        self.keep = keep

    def __len__(self):
        return len(self.nvm)

    def __getitem__(self, index):
        return self.nvm[index]

    def __setitem__(self, index, value):
        self.nvm[index.start:index.start + self.keep] = value[:self.keep]


@pytest.mark.parametrize("keep, message", [
    (1, None),  # one byte of the magic: looks like no record of ours
    (4, save.FELL_BACK), (8, save.FELL_BACK), (9, save.FELL_BACK),
    (100, save.FELL_BACK), (-2, save.FELL_BACK), (-1, save.FELL_BACK)])
def test_a_torn_write_keeps_the_previous_save(keep, message):
    nvm = erased()
    saved = play_turns(new_game(), 20)
    Storage(nvm).save_match(saved)
    before = [list(moves) for moves in saved.match.moves]
    for _ in range(3):
        turn(saved)
    record_size = match_size(saved)
    cut = PowerCut(nvm, keep % record_size)
    Storage(cut).save_match(saved)  # the power fails during this write
    loaded, said = Storage(nvm).load_match()
    assert said == message
    assert [list(moves) for moves in loaded.match.moves] == before


@pytest.mark.parametrize("keep, message", [
    (4, None),  # the bytes written so far equal the old record's: it is still whole
    (6, save.FELL_BACK), (100, save.FELL_BACK), (-1, save.FELL_BACK)])
def test_a_torn_write_over_an_older_save_keeps_the_newer_one(keep, message):
    nvm = erased()
    storage = Storage(nvm)
    saved = play_turns(new_game(6), 20)
    storage.save_match(saved)
    turn(saved)
    storage.save_match(saved)
    before = [list(moves) for moves in saved.match.moves]
    turn(saved)
    record_size = match_size(saved)
    Storage(PowerCut(nvm, keep % record_size)).save_match(saved)
    loaded, said = Storage(nvm).load_match()
    assert said == message
    assert [list(moves) for moves in loaded.match.moves] == before


def test_a_torn_first_save_is_damaged_not_a_crash():
    nvm = erased()
    Storage(PowerCut(nvm, 50)).save_match(play_turns(new_game(), 5))
    assert Storage(nvm).load_match() == (None, save.DAMAGED)


@pytest.mark.parametrize("content", [
    b"\x00" * NVM_SIZE,
    b"\xff" * NVM_SIZE,
])
def test_an_empty_nvm_has_no_save(content):
    storage = Storage(bytearray(content))
    assert storage.load_match() == (None, save.NO_SAVE)
    profile = storage.load_profile()
    assert storage.profile_message is None
    assert vars(profile) == vars(Profile())
    assert profile.summary() == ["No matches finished yet."]


@pytest.mark.parametrize("content", [
    (b"CIRCUITPY settings: " * 500)[:NVM_SIZE],
    "random bytes",
])
def test_foreign_content_is_ignored_and_then_overwritten(content):
    if content == "random bytes":
        rng = Rng(5)
        content = bytes(rng.randbelow(256) for _ in range(NVM_SIZE))
    nvm = bytearray(content)
    storage = Storage(nvm)
    assert storage.load_match() == (None, save.FOREIGN)
    assert vars(storage.load_profile()) == vars(Profile())
    assert storage.profile_message == save.PROFILE_RESET
    saved = play_turns(new_game(), 3)
    storage.save_match(saved)
    assert_same(reload(nvm), saved)


def test_another_version_is_ignored():
    nvm = erased()
    Storage(nvm).save_match(new_game())
    for start in (MATCH_AT, MATCH_AT + MATCH_SLOT):
        nvm[start + 2] = 99
    assert Storage(nvm).load_match() == (None, save.OTHER_VERSION)


def test_a_valid_checksum_over_an_impossible_match_is_damaged():
    nvm = erased()
    saved = play_turns(new_game(), 6)
    record = bytearray(match_size(saved))
    encode_match(saved, record)
    record[-4] = 0x7F  # the last move's card becomes one no game has
    storage = Storage(nvm)
    storage._write(save.KIND_MATCH, record)
    assert Storage(nvm).load_match() == (None, save.DAMAGED)


def test_an_unknown_ai_level_is_not_resumed():
    nvm = erased()
    saved = new_game()
    saved.level = "godlike"  # written by some other version
    Storage(nvm).save_match(saved)
    assert Storage(nvm).load_match() == (None, save.DAMAGED)


def test_a_profile_with_an_unknown_level_falls_back_to_defaults():
    nvm = erased()
    profile = Profile()
    profile.level = "godlike"
    storage = Storage(nvm)
    storage.save_profile(profile)
    assert storage.load_profile().level == "normal"
    assert storage.profile_message == save.PROFILE_RESET


# Size bound -------------------------------------------------------------------

def stall(saved, turns):
    """Stretch the round: draw from discard piles whenever the rules allow."""
    match = saved.match
    for _ in range(turns):
        moves = match.state.legal_moves()
        piles = [move for move in moves if move_source(move) != SOURCE_DECK]
        choices = piles or moves
        match.play(choices[saved.ai_rng.randbelow(len(choices))])


def test_a_long_stalled_round_still_fits_a_slot():
    saved = new_game(6, seed=2)
    stall(saved, 1500)
    assert not saved.match.state.is_over()
    nvm = erased()
    assert Storage(nvm).save_match(saved) is None
    assert_same(reload(nvm), saved)


def test_a_match_too_long_for_its_slot_keeps_the_last_save_that_fitted():
    nvm = erased(1024)  # small slots: an ordinary match outgrows them
    storage = Storage(nvm)
    saved = new_game(6, seed=3)
    fitted = None
    while True:
        turn(saved)
        problem = storage.save_match(saved)
        if problem:
            break
        fitted = [list(moves) for moves in saved.match.moves]
    assert problem == save.TOO_LONG
    loaded, message = Storage(nvm).load_match()
    assert message is None and [list(moves) for moves in loaded.match.moves] == fitted



def test_a_record_the_heap_has_no_room_for_is_not_saved_and_play_goes_on(monkeypatch):
    """The record is built in a buffer made at start-up; a record longer than it
    grows it. When the board's heap cannot give that room, the last save stays
    (TOO_LONG), and the next save that fits the buffer is written again."""
    storage = Storage(erased())
    saved = new_game(6, seed=2)
    stall(saved, 800)  # a stalled round: the record outgrows the start-up buffer
    assert match_size(saved) > save._MATCH_BUFFER
    short = new_game(6, seed=4)
    assert storage.save_match(short) is None

    def no_room(size):
        raise MemoryError("memory allocation failed, allocating %d bytes" % size)
    monkeypatch.setattr(save, "bytearray", no_room, raising=False)
    assert storage.save_match(saved) == save.TOO_LONG
    assert_same(storage.load_match()[0], short)  # the last save is kept
    turn(short)
    assert storage.save_match(short) is None  # the buffer is still there
    monkeypatch.undo()
    assert storage.save_match(saved) is None  # room again: it grows
    assert_same(storage.load_match()[0], saved)


# Profile -------------------------------------------------------------------

class RefusingNvm(bytearray):
    """An NVM whose writes fail, as a laptop's save file on a full disk."""

    def __setitem__(self, index, value):
        raise OSError("no space left on device")


def test_a_match_lets_the_profile_go_only_when_the_nvm_holds_it():
    """While a match is on the board's heap does without the profile; it is
    read again for the match's end, the same, unless a save of it failed."""
    from lostcities.session import Session
    nvm = erased()
    session = Session(Storage(nvm), lambda: 7)
    session.profile.colors = 6
    assert session.save_profile() is None
    assert session.let_go_of_profile()
    assert session.profile.colors == 6  # read again from the NVM
    refusing = RefusingNvm(nvm)
    session = Session(Storage(refusing), lambda: 7)
    session.profile.rounds = 1
    assert session.save_profile() == save.UNSAVED
    assert not session.let_go_of_profile()  # the change lives only here: kept
    assert session.profile.rounds == 1

def finished(mode, seed):
    """A finished 1-round match (random play) as a SavedMatch."""
    saved = new_game(5, 1, seed)
    saved.mode = mode
    while not saved.match.is_over():
        turn(saved)
    return saved


def test_profile_round_trip_with_statistics():
    nvm = erased()
    storage = Storage(nvm)
    profile = Profile()
    profile.colors, profile.rounds, profile.mode, profile.level = 6, 1, "duel", "easy"
    profile.sound, profile.lights, profile.brightness, profile.debug = False, True, 5, True
    for seed in range(1, 6):
        profile.record_match(finished("ai", seed))
    profile.record_match(finished("duel", 7))
    storage.save_profile(profile)
    storage.save_profile(profile)  # both slots used
    loaded = Storage(nvm).load_profile()
    assert vars(loaded) == vars(profile)
    assert profile.stats["hard"][0] == 5 and profile.stats["duel"][0] == 1
    assert profile.best_round is not None


def test_a_drawn_match_counts_as_drawn():
    profile = Profile()
    match = Match(5, 1, Rng(1))
    match.scores.append((12, 12))
    profile.record_match(SavedMatch(match, "ai", "easy", 1, Rng(1)))
    profile.record_match(SavedMatch(match, "duel"))
    assert profile.stats == {"easy": [1, 0, 1], "duel": [1, 0, 1]}


def test_memory_blank_only_at_a_slots_start_is_not_a_save():
    """A laptop's file that merely starts like erased flash is still not ours."""
    nvm = erased()
    assert not Storage(nvm).foreign()
    nvm[MATCH_AT + 100:MATCH_AT + 200] = b"\x00" * 100  # 0xFF and 0x00 only
    assert Storage(nvm).foreign()


def test_statistics_count_wins_losses_and_best_round():
    profile = Profile()
    match = Match(5, 1, Rng(1))
    match.scores.append((-30, 12))  # the AI (player 2) won the only round
    profile.record_match(SavedMatch(match, "ai", "easy", 1, Rng(1)))
    assert profile.stats == {"easy": [1, 0, 0]}
    assert profile.best_round == -30  # only the human's rounds count against the AI
    lines = profile.summary()
    assert lines == ["vs AI  Play  Won Lost Drw", "easy      1    0    1   0", "Best round: -30"]
    profile.record_match(SavedMatch(match, "duel"))
    profile.record_match(SavedMatch(match, "ai", "hard", 0, Rng(1)))  # the AI lost as player 1
    assert profile.summary() == [
        "vs AI  Play  Won Lost Drw",
        "easy      1    0    1   0",
        "hard      1    1    0   0",
        "2 playersPlay  P1  P2 Drw",
        "            1   0   1   0",
        "Best round: 12"]
    assert profile.summary(("hard", "easy"))[1:3] == [  # the levels in the order given
        "hard      1    1    0   0",
        "easy      1    0    1   0"]


def test_negative_best_round_round_trips():
    nvm = erased()
    profile = Profile()
    profile.best_round = -57
    Storage(nvm).save_profile(profile)
    assert Storage(nvm).load_profile().best_round == -57


def test_profile_and_match_do_not_disturb_each_other():
    nvm = erased()
    storage = Storage(nvm)
    profile = Profile()
    profile.level = "easy"
    storage.save_profile(profile)
    saved = play_turns(new_game(), 4)
    storage.save_match(saved)
    storage.clear_match()
    assert Storage(nvm).load_profile().level == "easy"


# The laptop's NVM file -----------------------------------------------------------

def test_file_nvm_reads_erased_then_keeps_writes(tmp_path):
    path = str(tmp_path / "nvm.bin")
    nvm = FileNvm(path)
    assert len(nvm) == NVM_SIZE and nvm[0] == 0xFF and nvm[8000:8004] == b"\xff" * 4
    saved = play_turns(new_game(), 12)
    Storage(nvm).save_match(saved)
    assert_same(reload(FileNvm(path)), saved)  # a new run reads the file
    with open(path, "rb") as stream:
        assert len(stream.read()) == NVM_SIZE


def test_file_nvm_refuses_a_resizing_assignment(tmp_path):
    nvm = FileNvm(str(tmp_path / "nvm.bin"))
    with pytest.raises(ValueError):
        nvm[0:4] = b"ab"


@pytest.mark.parametrize("content", [
    b"notes\n", b"\x89PNG\r\n\x1a\n" + bytes(300), bytes(16) + b"\x7fELF",
    b"\xff" * 200 + b"# README\n", b"\xff" * 8193])  # the last: larger than any save
def test_file_nvm_refuses_a_file_that_is_not_a_save_and_leaves_it_alone(tmp_path, content):
    path = tmp_path / "notes.txt"
    path.write_bytes(content)
    with pytest.raises(NotASaveFile):
        FileNvm(str(path))
    assert path.read_bytes() == content


def test_file_nvm_takes_an_empty_file_and_its_own_even_damaged(tmp_path):
    path = tmp_path / "nvm.bin"
    path.write_bytes(b"")
    nvm = FileNvm(str(path))
    assert nvm.problem is None
    Storage(nvm).save_match(play_turns(new_game(), 12))
    data = bytearray(path.read_bytes())
    data[300] ^= 0xFF  # a damaged save is still ours: Storage says so
    path.write_bytes(bytes(data))
    assert Storage(FileNvm(str(path))).load_match() == (None, save.DAMAGED)


def test_file_nvm_says_a_file_was_cut_short(tmp_path):
    path = tmp_path / "nvm.bin"
    Storage(FileNvm(str(path))).save_match(play_turns(new_game(), 12))
    path.write_bytes(path.read_bytes()[:100])
    assert FileNvm(str(path)).problem.startswith(
        "Save file was cut short (100 of %d" % NVM_SIZE)


# On the board's Python ---------------------------------------------------------

SCENARIO = """
from lostcities.bots import random_move
from lostcities.rng import Rng
from lostcities.rules import Match
from lostcities.save import NVM_SIZE, Storage, crc16
from lostcities.saved_match import SavedMatch
nvm = bytearray(b"\\xff" * NVM_SIZE)
storage = Storage(nvm)
for colors in (5, 6):
    saved = SavedMatch(Match(colors, 3, Rng(colors)), "ai", "normal", 0, Rng(7))
    saved.match.start_round()
    for _ in range(150):
        if saved.match.state.is_over():
            saved.match.start_round()
        state = saved.match.state
        saved.match.play(random_move(state.view(state.to_move), saved.ai_rng))
        storage.save_match(saved)
    loaded, message = Storage(nvm).load_match()
    print(crc16(nvm), message, loaded.match.scores, loaded.match.moves == saved.match.moves)
"""


def test_saves_are_byte_identical_under_micropython(capsys):
    try:
        interpreter = MicroPython()
    except MicroPythonUnavailable as err:
        micropython_unavailable(str(err))
    with interpreter:
        started = time.perf_counter()
        under_micropython = interpreter.run(SCENARIO)
        seconds = time.perf_counter() - started
    under_cpython = io.StringIO()
    with contextlib.redirect_stdout(under_cpython):
        exec(SCENARIO, {})
    assert under_micropython == under_cpython.getvalue()
    assert under_micropython.count("None") == 2 and under_micropython.count("True") == 2
    with capsys.disabled():
        print("\nMicroPython (WebAssembly): 300 turns played and saved in %.2f s" % seconds)
