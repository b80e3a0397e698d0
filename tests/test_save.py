"""Saving: the match resumes exactly, and no NVM content can crash a load."""

import contextlib
import io
import time

import pytest

from conftest import micropython_unavailable
from host_sim.testing.micropython import HOST_SIM, LOSTCITIES, MicroPython, MicroPythonUnavailable
from host_sim.play.nvm_file import FileNvm, NotASaveFile, foreign
from host_sim.testing.firmware.microcontroller import ByteArray, PowerCut
from lostcities.saves import restore, resume
from lostcities.saves import storage as save
from lostcities.saves import layout as fmt
from host_sim.players.bots import random_move
from lostcities.rng import Rng
from lostcities.saves.profile import Profile, encode_profile
from lostcities.rules import SOURCE_DECK, Match, move_source, turn_limit
from lostcities.saves.storage import Storage
from lostcities.saves.layout import CRC, HEADER, MATCH_AT, NVM_SIZE, PROFILE_AT, crc16, stamp
from lostcities.saves.match import SavedMatch, encode_match, match_size
from lostcities.saves.resume import load_match


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
    saved, message = load_match(Storage(nvm))  # a fresh Storage: as after a reset
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


def test_the_newest_save_wins_and_the_matchs_end_forgets_it():
    nvm = erased()
    storage = Storage(nvm)
    saved = new_game()
    for _ in range(5):
        turn(saved)
        storage.save_match(saved)
        assert reload(nvm).match.moves == saved.match.moves
    storage.finish_match(Profile())
    assert load_match(Storage(nvm)) == (None, fmt.NO_SAVE)


# The board's flash: one erase block -------------------------------------------

def test_every_save_is_one_write_and_one_that_changes_nothing_is_none():
    nvm = ByteArray()
    storage = Storage(nvm)
    profile = Profile()
    assert storage.save_profile(profile) is None and nvm.writes == 1
    assert storage.save_profile(profile) is None and nvm.writes == 1  # unchanged
    profile.sound = False
    storage.save_profile(profile)
    saved = play_turns(new_game(), 5)
    storage.save_match(saved)
    storage.save_match(saved)  # the same match: nothing to write
    assert nvm.writes == 3
    profile.record_match(finished("ai", 3))
    storage.finish_match(profile)  # the statistics and "no match": one write
    assert nvm.writes == 4
    assert load_match(Storage(nvm)) == (None, fmt.NO_SAVE)
    assert Storage(nvm).load_profile().stats == profile.stats


def test_the_count_of_writes_is_kept_in_the_nvm_and_survives_a_new_profile():
    nvm = ByteArray()
    storage = Storage(nvm)
    saved = new_game()
    for _ in range(7):
        turn(saved)
        storage.save_match(saved)
    assert storage.writes == nvm.writes == 7
    again = Storage(nvm)
    again.load_profile()
    again.save_profile(Profile())  # defaults: written, as the first profile
    assert load_match(Storage(nvm))[0] is not None
    fresh = Storage(nvm)
    load_match(fresh)
    assert fresh.writes == 8


def cut_at(nvm, before, write, cut):
    """The NVM after ``write(storage)`` over ``before``, cut at byte ``cut``."""
    nvm._bytes[:] = before
    storage = Storage(nvm)
    storage.load_profile()
    nvm.tear_next = cut
    try:
        write(storage)
    except PowerCut:
        return True
    return False


def lost_or_kept(nvm):
    """What a boot finds: (message, SavedMatch or None, Profile, writes)."""
    from lostcities.session import Session
    session = Session(Storage(nvm), lambda: 7)
    return session.notice, session.saved, session.profile, session.storage.writes


def a_board_mid_match(colors=5, turns=30):
    """An NVM with statistics and a match saved; the match; the next move."""
    nvm = ByteArray()
    storage = Storage(nvm)
    profile = Profile()
    profile.record_match(finished("ai", 5))
    storage.save_profile(profile)
    saved = play_turns(new_game(colors), turns)
    storage.save_match(saved)
    state = saved.match.state
    return nvm, profile, saved, random_move(state.view(state.to_move), Rng(turns))


@pytest.mark.parametrize("colors", [5, 6])
def test_a_power_cut_at_any_byte_of_a_save_loses_only_what_lies_after_it(colors):
    """The SAMD51 erases the whole block and programs it again from byte 0:
    the wear record (15 bytes), the profile, then the match. A cut keeps the
    records that end before it, the match up to its last move written whole,
    and says what was lost."""
    nvm, profile, saved, move = a_board_mid_match(colors)
    before = bytes(nvm._bytes)
    writes = nvm.writes
    older = [list(moves) for moves in saved.match.moves]
    saved.match.play(move)
    newer = [list(moves) for moves in saved.match.moves]
    profile_end = PROFILE_AT + len(encode_profile(profile))
    end = MATCH_AT + match_size(saved)
    seen = set()
    for cut in range(end + 3):
        assert cut_at(nvm, before, lambda storage: storage.save_match(saved), cut) == (
            cut < NVM_SIZE)
        message, loaded, profile_found, count = lost_or_kept(nvm)
        if cut == 0:  # everything erased: a blank board, nothing can tell
            assert (message, loaded, count) == (None, None, 0)
        elif cut < HEADER + fmt.WEAR_BODY + CRC:  # in the wear record
            assert (message, loaded, count) == (restore.LOST_ALL, None, 0), cut
        elif cut < profile_end:
            assert (message, loaded, count) == (restore.LOST_BOTH, None, writes + 1), cut
        else:
            assert profile_found.stats == profile.stats and count == writes + 1, cut
            if loaded is None:
                # cut before its first round's moves: the settings (24 bytes
                # with "ai" and "hard"), the starter, the deal, the moves' count
                assert message == resume.LOST_MATCH, cut
                assert cut < MATCH_AT + HEADER + 24 + 3 + colors * 12, cut
            else:
                moves = [list(round_moves) for round_moves in loaded.match.moves]
                assert moves == newer or (moves[:-1] == newer[:-1]
                                          and newer[-1][:len(moves[-1])] == moves[-1]), cut
                lost = sum(map(len, newer)) - sum(map(len, moves))
                assert message == (None, resume.LOST_MOVE)[lost] if lost < 2 else \
                    message == resume.LOST_MOVES, cut
                assert moves == newer or moves == older or cut < end - 2
        if cut >= profile_end:
            assert vars(profile_found) == vars(profile), cut
        seen.add(message)
    assert seen == {None, restore.LOST_ALL, restore.LOST_BOTH, resume.LOST_MATCH, resume.LOST_MOVE,
                    resume.LOST_MOVES}


def test_a_cut_in_a_profile_save_loses_the_match_behind_it_and_says_so():
    """A profile's save writes the whole block again too: the match after the
    profile is as much at risk as in the match's own save."""
    nvm, profile, saved, _ = a_board_mid_match()
    before = bytes(nvm._bytes)
    profile.sound = False
    profile_end = PROFILE_AT + len(encode_profile(profile))
    end = MATCH_AT + match_size(saved)
    for cut in range(PROFILE_AT, end + 1):
        cut_at(nvm, before, lambda storage: storage.save_profile(profile), cut)
        message, loaded, found, _ = lost_or_kept(nvm)
        if cut < profile_end:
            assert (message, loaded, found.stats) == (restore.LOST_BOTH, None, {}), cut
            continue
        assert found.sound is False and found.stats == profile.stats, cut
        if cut >= end - CRC:  # the whole match before the cut
            assert message is None and loaded.match.moves == saved.match.moves, cut
        elif loaded is None:
            assert message == resume.LOST_MATCH, cut
        else:
            assert message in (resume.LOST_MOVE, resume.LOST_MOVES), cut


def test_a_cut_in_the_matchs_last_write_keeps_the_match_or_its_statistics():
    nvm, profile, saved, _ = a_board_mid_match()
    before = bytes(nvm._bytes)
    finished_profile = Profile()
    finished_profile.stats = {"hard": [2, 1, 0]}
    profile_end = PROFILE_AT + len(encode_profile(finished_profile))
    for cut in range(PROFILE_AT, MATCH_AT + HEADER + CRC + 1):
        cut_at(nvm, before, lambda storage: storage.finish_match(finished_profile), cut)
        message, loaded, found, _ = lost_or_kept(nvm)
        if cut < profile_end:  # the match had ended: only the statistics are lost
            assert message == restore.LOST_PROFILE and loaded is None, cut
        else:
            assert found.stats == {"hard": [2, 1, 0]} and loaded is None, cut
            assert message is None, cut  # the match had ended: nothing was lost


# Damage ---------------------------------------------------------------------

def test_a_corrupt_byte_inside_the_match_is_damage_not_a_power_cut():
    nvm, profile, saved, _ = a_board_mid_match()
    nvm._bytes[MATCH_AT + 30] ^= 0x10
    message, loaded, found, _ = lost_or_kept(nvm)
    assert (message, loaded) == (restore.MATCH_DAMAGED, None)
    assert found.stats == profile.stats


@pytest.mark.parametrize("at", range(fmt.HEADER + fmt.WEAR_BODY + CRC))
def test_a_changed_byte_in_the_count_of_writes_costs_the_count_alone(at):
    """Each record has its own CRC: a damaged wear record (the header, the
    count, the flags or its CRC) loses the count, said, and keeps the match and
    the settings; the next save writes the count again."""
    nvm, profile, saved, move = a_board_mid_match()
    nvm._bytes[at] ^= 0x04
    message, loaded, found, count = lost_or_kept(nvm)
    assert message == restore.COUNT_RESET and count == 0, at
    assert loaded.match.moves == saved.match.moves and found.stats == profile.stats, at
    storage = Storage(nvm)
    storage.load_profile()
    assert storage.save_match(reload_allowing(nvm)) is None  # unchanged, but written
    assert lost_or_kept(nvm)[0] is None and lost_or_kept(nvm)[3] == 1


def reload_allowing(nvm):
    return load_match(Storage(nvm))[0]


def test_a_changed_byte_in_the_profile_costs_the_settings_alone():
    nvm, profile, saved, _ = a_board_mid_match()
    for at in range(PROFILE_AT, PROFILE_AT + len(encode_profile(profile))):
        image = bytearray(nvm._bytes)
        image[at] ^= 0x04
        message, loaded, found, _ = lost_or_kept(copied_nvm(image))
        assert message == restore.PROFILE_RESET and found.stats == {}, at
        assert loaded.match.moves == saved.match.moves, at


def copied_nvm(image):
    nvm = ByteArray()
    nvm._bytes[:] = image
    return nvm


def test_a_corrupt_profile_is_reset_and_the_match_kept():
    nvm, profile, saved, _ = a_board_mid_match()
    nvm._bytes[PROFILE_AT + 12] ^= 0x01
    message, loaded, found, _ = lost_or_kept(nvm)
    assert message == restore.PROFILE_RESET and vars(found) == vars(Profile())
    assert loaded.match.moves == saved.match.moves


def version_1(profile, saved):
    """An NVM as version 1 left it: two slots of each kind, the newest record
    of each in its second slot."""
    nvm = erased()
    for start, kind, body, sequence in ((128, 3, encode_profile(profile)[HEADER:-CRC], 7),
                                        (4224, 1, None, 12)):
        if body is None:
            record = bytearray(match_size(saved))
            encode_match(saved, record)
            body = record[HEADER:-CRC]
        header = b"LC\x01" + bytes((kind, 0, sequence, len(body) >> 8, len(body) & 0xFF))
        crc = crc16(body, crc16(header))
        nvm[start:start + HEADER + len(body) + CRC] = header + body + bytes((crc >> 8, crc & 255))
    nvm[0:4] = b"LC\x01\x03"  # an older profile record's start in the first slot
    return nvm


def test_the_saves_of_version_1_are_kept_over_an_update():
    profile = Profile()
    profile.record_match(finished("ai", 2))
    saved = play_turns(new_game(), 12)
    nvm = version_1(profile, saved)
    assert not foreign(nvm)
    message, loaded, found, _ = lost_or_kept(nvm)
    assert message is None and found.stats == profile.stats
    assert_same(loaded, saved)
    storage = Storage(nvm)
    storage.load_profile()
    turn(saved)
    storage.save_match(saved, found)  # written in this version's layout
    assert nvm[2] == fmt.VERSION and reload(nvm).match.moves == saved.match.moves
    assert Storage(nvm).load_profile().stats == profile.stats


@pytest.mark.parametrize("content", [
    b"\x00" * NVM_SIZE,
    b"\xff" * NVM_SIZE,
])
def test_an_empty_nvm_has_no_save(content):
    storage = Storage(bytearray(content))
    assert load_match(storage) == (None, fmt.NO_SAVE)
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
    assert foreign(nvm)
    assert load_match(storage) == (None, restore.FOREIGN)
    assert vars(storage.load_profile()) == vars(Profile())
    assert storage.profile_message == restore.FOREIGN
    saved = play_turns(new_game(), 3)
    storage.save_match(saved)
    assert_same(reload(nvm), saved)


def test_another_version_is_ignored():
    nvm = erased()
    Storage(nvm).save_match(new_game())
    nvm[2] = 99
    assert load_match(Storage(nvm)) == (None, restore.OTHER_VERSION)


def test_a_valid_checksum_over_an_impossible_match_is_damaged():
    nvm = erased()
    saved = play_turns(new_game(), 6)
    Storage(nvm).save_match(saved)
    record = memoryview(nvm)[MATCH_AT:MATCH_AT + match_size(saved)]
    record[-4] = 0x7F  # the last move's card becomes one no game has
    stamp(record, fmt.KIND_MATCH)  # and its checksum says it is whole
    assert load_match(Storage(nvm)) == (None, restore.MATCH_DAMAGED)


def test_an_unknown_ai_level_is_not_resumed():
    nvm = erased()
    saved = new_game()
    saved.level = "godlike"  # written by some other version
    Storage(nvm).save_match(saved)
    assert load_match(Storage(nvm)) == (None, restore.MATCH_DAMAGED)


def test_a_profile_with_an_unknown_level_falls_back_to_defaults():
    nvm = erased()
    profile = Profile()
    profile.level = "godlike"
    storage = Storage(nvm)
    storage.save_profile(profile)
    assert storage.load_profile().level == "normal"
    assert storage.profile_message == restore.PROFILE_RESET


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
    nvm = erased(1024)  # a small memory: an ordinary match outgrows it
    storage = Storage(nvm)
    saved = new_game(6, seed=3)
    fitted = None
    while True:
        turn(saved)
        problem = storage.save_match(saved)
        if problem:
            break
        fitted = [list(moves) for moves in saved.match.moves]
    assert problem == fmt.TOO_LONG
    loaded, message = load_match(Storage(nvm))
    assert message is None and [list(moves) for moves in loaded.match.moves] == fitted



def no_room(size):
    """The storage's bytearray where the board's heap has no piece of ``size`` bytes."""
    raise MemoryError("memory allocation failed, allocating %d bytes" % size)


def recorded_buffers(monkeypatch):
    """The sizes of the buffers the storage makes from now on, in order."""
    made = []
    monkeypatch.setattr(save, "bytearray", lambda size: made.append(size) or bytearray(size),
                        raising=False)
    return made


def played_as_programs_play(saved):
    """The match to its end, every round as long as a program plays it: a
    pile draw whenever the rules allow until the turn limit, then the deck
    drawn out (every AI level and reference bot draws from the deck only from
    the turn limit on)."""
    match = saved.match
    while not match.is_over():
        if match.state.is_over():
            match.start_round()
            continue
        moves = match.state.legal_moves()
        if match.state.turns < turn_limit(match.colors):
            moves = [move for move in moves if move_source(move) != SOURCE_DECK] or moves
        else:
            moves = [move for move in moves if move_source(move) == SOURCE_DECK]
        match.play(moves[saved.ai_rng.randbelow(len(moves))])
        yield


@pytest.mark.parametrize("colors,rounds", [(5, 1), (6, 1), (5, 3), (6, 3)])
def test_a_match_programs_play_is_saved_in_the_buffer_made_at_its_start(
        monkeypatch, colors, rounds):
    """Late in a match the board's heap has no piece for a bigger buffer: the
    one made as the match starts holds the longest record a program plays."""
    made = recorded_buffers(monkeypatch)
    storage = Storage(erased())
    saved = new_game(colors, rounds, seed=colors + rounds)
    storage.prepare(rounds)
    assert len(made) == (1 if rounds == 3 else 2)  # at start-up for 3 rounds, then for 1
    monkeypatch.setattr(save, "bytearray", no_room, raising=False)
    longest = 0
    for _ in played_as_programs_play(saved):
        assert storage.save_match(saved) is None
        longest = max(longest, len(saved.match.moves[-1]))
    assert longest > turn_limit(colors)  # rounds past the turn limit were saved
    assert [list(moves) for moves in load_match(storage)[0].match.moves] == [
        list(moves) for moves in saved.match.moves]


def test_a_match_started_where_the_heap_has_no_room_for_its_buffer_keeps_the_one_made(
        monkeypatch):
    storage = Storage(erased())  # made for 3 rounds
    monkeypatch.setattr(save, "bytearray", no_room, raising=False)
    storage.prepare(1)  # a 1-round match's would be smaller: no room, no matter
    saved = new_game(6, rounds=1, seed=5)
    play_turns(saved, 60)
    assert storage.save_match(saved) is None
    assert_same(load_match(storage)[0], saved)


def test_a_1_round_match_s_buffer_is_less_than_half_a_3_round_one_s(monkeypatch):
    made = recorded_buffers(monkeypatch)
    storage = Storage(erased())  # made for the most rounds
    storage.prepare(3)
    storage.prepare(1)
    storage.prepare(1)  # the same rounds: the buffer stays
    assert len(made) == 2 and made[1] < made[0] / 2


def test_a_record_the_heap_has_no_room_for_is_not_saved_and_play_goes_on(monkeypatch):
    """The record is built in a buffer made for its match; a record longer than
    it grows it. When the board's heap cannot give that room, the last save stays
    (TOO_LONG), and the next save that fits the buffer is written again."""
    storage = Storage(erased())
    saved = new_game(6, seed=2)
    storage.prepare(saved.match.rounds)
    stall(saved, 800)  # a stalled round: the record outgrows the buffer made for its match
    short = new_game(6, seed=4)
    assert storage.save_match(short) is None
    monkeypatch.setattr(save, "bytearray", no_room, raising=False)
    assert storage.save_match(saved) == fmt.TOO_LONG
    assert_same(load_match(storage)[0], short)  # the last save is kept
    turn(short)
    assert storage.save_match(short) is None  # the buffer is still there
    monkeypatch.undo()
    assert storage.save_match(saved) is None  # room again: it grows
    assert_same(load_match(storage)[0], saved)


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
    assert session.save_profile() == fmt.UNSAVED
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
    profile.resume, profile.worn = "round", True
    storage.save_profile(profile)
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
    assert not foreign(nvm)
    nvm[MATCH_AT + 100:MATCH_AT + 200] = b"\x00" * 100  # 0xFF and 0x00 only
    assert foreign(nvm)


def test_statistics_count_wins_losses_and_best_round():
    profile = Profile()
    match = Match(5, 1, Rng(1))
    match.scores.append((-30, 12))  # the AI (player 2) won the only round
    profile.record_match(SavedMatch(match, "ai", "easy", 1, Rng(1)))
    assert profile.stats == {"easy": [1, 0, 0]}
    assert profile.best_round == -30  # only the human's rounds count against the AI
    lines = profile.summary()
    assert lines == ["vs      Play  Won Lost Drw", "easy       1    0    1   0", "Best round: -30"]
    profile.record_match(SavedMatch(match, "duel"))
    profile.record_match(SavedMatch(match, "ai", "hard", 0, Rng(1)))  # the AI lost as player 1
    assert profile.summary() == [
        "vs      Play  Won Lost Drw",  # every column apart
        "easy       1    0    1   0",
        "hard       1    1    0   0",
        "P2         1    0    1   0",  # two players, from player 1's side: P2 won
        "Best round: 12"]
    assert profile.summary(("hard", "easy"))[1:3] == [  # the levels in the order given
        "hard       1    1    0   0",
        "easy       1    0    1   0"]


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
    storage.save_profile(profile)
    assert load_match(Storage(nvm))[0].match.moves == saved.match.moves
    storage.finish_match(profile)
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
    data[MATCH_AT + 60] ^= 0xFF  # a damaged save is still ours: Storage says so
    path.write_bytes(bytes(data))
    assert load_match(Storage(FileNvm(str(path)))) == (None, restore.MATCH_DAMAGED)


def test_file_nvm_says_a_file_was_cut_short(tmp_path):
    path = tmp_path / "nvm.bin"
    Storage(FileNvm(str(path))).save_match(play_turns(new_game(), 12))
    path.write_bytes(path.read_bytes()[:100])
    assert FileNvm(str(path)).problem.startswith(
        "Save file was cut short (100 of %d" % NVM_SIZE)


# On the board's Python ---------------------------------------------------------

SCENARIO = """
from host_sim.players.bots import random_move
from lostcities.rng import Rng
from lostcities.rules import Match
from lostcities.saves.storage import Storage
from lostcities.saves.layout import NVM_SIZE, crc16
from lostcities.saves.match import SavedMatch
from lostcities.saves.resume import load_match
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
    loaded, message = load_match(Storage(nvm))
    print(crc16(nvm), message, loaded.match.scores, loaded.match.moves == saved.match.moves)
"""


def test_saves_are_byte_identical_under_micropython(capsys):
    try:
        interpreter = MicroPython(copy=(LOSTCITIES, HOST_SIM))
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


def test_a_setting_changes_through_the_profile_which_refuses_a_value_it_does_not_take():
    """One check for the title's settings, the terminal's and the save's."""
    from lostcities.saves.profile import CHOICES
    profile = Profile()
    for name, values in CHOICES.items():
        start = getattr(profile, name)
        seen = []
        for _ in values:
            profile.change(name)
            seen.append(getattr(profile, name))
        assert sorted(map(str, seen)) == sorted(map(str, values)) and getattr(profile, name) == start
        profile.change(name, step=-1)
        assert getattr(profile, name) == values[values.index(start) - 1]
        with pytest.raises(ValueError, match="%s takes one of" % name):
            profile.change(name, "nonsense")
