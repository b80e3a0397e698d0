"""The saves on players' boards read as they always have: records written by the
game before each save record was described by a table (literal bytes, made by
that game's encoder), and version 1's; and the same objects saved again today
write the very same bytes."""

import pytest

from host_sim.players.bots import random_move
from lostcities.rng import Rng
from lostcities.rules import Match
from lostcities.saves import layout
from lostcities.saves import match as match_record
from lostcities.saves import profile as profile_record
from lostcities.saves.layout import (
    HEADER, NVM_SIZE, head)
from lostcities.saves.match import HEAD_MOST, SavedMatch
from lostcities.saves.profile import Profile
from lostcities.saves.restore import OTHER_VERSION, Reader
from lostcities.saves.resume import LOST_MOVE, load_match
from lostcities.saves.storage import HEAD_ROOM, Storage

# Written by the game as it was (whole NVM images up to their last written byte):
# a played profile and a match against the AI mid-round, 6 colours
AI_MATCH = bytes.fromhex(
    "4c430204000000050000000103e921ff4c43020300000025060136040261690468617264fff4020468617264"
    "000700030001046475656c0002000100003b9affffffffffffffffffffffffffffffffffffffffffffffffff"
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
    "ffffffffffffffffffffffff4c430201000000750601410e51e62dfe45b67198490901026169046861726401"
    "003539180c3d47461631211f1d20040d193a22131c414436050b2c2f2e07451738100a2b231a080125402632"
    "292734300342063e1e3b00243c2a0943120f3f02332d28111437150e1b00090180019803ab01dd047b021e00"
    "c003a301d0848b"
)
# the lesson, three of its coach's messages shown; the profile's Resume each round
LESSON = bytes.fromhex(
    "4c430204000000050000000103e921ff4c4302030000001105030b03026169066e6f726d616c8000004fbcff"
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
    "ffffffffffffffffffffffff4c43020100000064050118b84e4429ec5ee87198490901056c6561726e046561"
    "7379000b01002c3b1105082a070b18360f0c1f331a34032206202117011c1e250e302e291324312b1b092f2d"
    "10043a02371435230a16382619000d151d282739321200040080034803b500f0add4"
)
# two players, in the second of 3 rounds; a profile with no best round yet
DUEL = bytes.fromhex(
    "4c430204000000050000000103e921ff4c4302030000001e05030303046475656c066e6f726d616c80000104"
    "6475656c0001000000011827ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
    "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
    "ffffffffffffffffffffffff4c4302010000018e0503518254f1689400000000000001046475656c00020121"
    "3001252a280c372c330e001735320a341a312f031d09042e08382d2229201905362b0b073b1f101816141b1e"
    "0d131c11273a1539120223060f2624007b00e00218032b01a8035500cb032a025d0004032002c8037c003803"
    "0503490010017802aa01d001a0004002f802e8008c00c502c9038c0374033c017002a802e800ad008c020402"
    "98025d028902a902d40388019c03680058003b008502c102e9019d036b034802a800a8019502bd03b9003c02"
    "f8021d00580363028802190169005400bc0288018c0388009c01ba02f3007500ac02b802eb0161010b01ea02"
    "89022301b003b1021400a800900388034c01fc031900b300a0011c02e801f8027d02bb00d8014d018d033c03"
    "a8034a003a02b90384013b00dc0188028d003c0398015d02b9028b01ca025b02ad018c015801f8003801c800"
    "390e161c0920150a2e1a29082311131d1f2f3b05253a33300114001931210d2a0f3503262407363706020434"
    "1828121e100b1b22172d272c0c2b3832000200e001381fdf"
)
# version 1's records (at 128 and 4224), naming the retired level expert
V1_PROFILE = bytes.fromhex(
    "4c43010300070029050303030261690665787065727400370206657870657274000300020000046861726400"
    "01000100002694"
)
V1_MATCH = bytes.fromhex(
    "4c430101000c005f0501650c4e4429ec6097719849090102616906657870657274010120382413301f1e150f"
    "2d1728182e270a16062b2c020836070e3335372f29250d00320339123a01222a040c1911091d0b3b10341c31"
    "2623211a141b050003017001e800fbd884"
)


def board(*records):
    """An NVM holding ``records``: (offset, bytes) each, the rest erased."""
    nvm = bytearray(b"\xff" * NVM_SIZE)
    for at, data in records:
        nvm[at:at + len(data)] = data
    return nvm


def read(nvm):
    storage = Storage(nvm)
    profile = storage.load_profile()
    saved, message = load_match(storage)
    assert (storage.profile_message, message) == (None, None)
    return storage, profile, saved


def settings(profile):
    return (profile.colors, profile.rounds, profile.mode, profile.level, profile.sound,
            profile.lights, profile.debug, profile.brightness, profile.resume, profile.worn)


def written_again(profile, saved):
    """The NVM's bytes once ``profile`` and ``saved`` are saved on a new board."""
    nvm = board()
    assert Storage(nvm).save_match(saved, profile) is None
    return bytes(nvm[:len(nvm.rstrip(b"\xff"))])


def test_a_played_profile_and_a_match_against_the_ai_read_as_they_were_saved():
    storage, profile, saved = read(board((0, AI_MATCH)))
    assert storage.writes == 1
    assert settings(profile) == (6, 1, "ai", "hard", False, True, True, 4, "move", True)
    assert profile.stats == {"hard": [7, 3, 1], "duel": [2, 1, 0]}
    assert profile.best_round == -12
    assert (saved.mode, saved.level, saved.ai_seat, saved.learn, saved.coached) == (
        "ai", "hard", 1, False, 0)
    match = saved.match
    assert (match.colors, match.rounds, [len(moves) for moves in match.moves]) == (6, 1, [9])
    assert match.rng.getstate() == (16654, 20966, 11774)
    assert saved.ai_rng.getstate() == (17846, 29080, 18697)
    assert written_again(profile, saved) == AI_MATCH


def test_a_lesson_and_the_default_profile_read_as_they_were_saved():
    _, profile, saved = read(board((0, LESSON)))
    assert settings(profile) == (5, 3, "ai", "normal", True, True, False, 3, "round", False)
    assert profile.stats == {} and profile.best_round is None
    assert (saved.mode, saved.level, saved.learn, saved.coached) == ("ai", "easy", True, 0b1011)
    assert [len(moves) for moves in saved.match.moves] == [4]
    assert written_again(profile, saved) == LESSON


def test_two_players_between_rounds_read_as_they_were_saved():
    _, profile, saved = read(board((0, DUEL)))
    assert settings(profile) == (5, 3, "duel", "normal", True, True, False, 3, "pause", False)
    assert profile.stats == {"duel": [1, 0, 1]} and profile.best_round is None
    assert (saved.mode, saved.level, saved.ai_rng) == ("duel", None, None)
    assert [len(moves) for moves in saved.match.moves] == [123, 2]
    assert written_again(profile, saved) == DUEL


def test_version_1s_saves_read_with_the_retired_level_as_its_successor():
    _, profile, saved = read(board((0, b"LC\x01\x03"), (128, V1_PROFILE), (4224, V1_MATCH)))
    assert profile.level == "hard" and profile.best_round == 55
    assert profile.stats == {"hard": [4, 3, 0]}  # expert's and hard's lines, added
    assert (saved.mode, saved.level, [len(moves) for moves in saved.match.moves]) == (
        "ai", "hard", [3])


# A new field: one row at the end of its record's table -----------------------

@pytest.fixture
def volume(monkeypatch):
    """The profile's table with one field more, as a newer game's would have it."""
    monkeypatch.setattr(profile_record, "FIELDS", profile_record.FIELDS + (
        ("volume", "byte", 7, range(11)),  # the one line
    ))
    return monkeypatch


@pytest.fixture
def handicap(monkeypatch):
    """The saved match's table with one field more (in layout.py, where
    power-on reads it, and so in the match's module, which writes it)."""
    fields = layout.MATCH_FIELDS + (
        ("handicap", "u16", 0, None),  # the one line
    )
    monkeypatch.setattr(layout, "MATCH_FIELDS", fields)
    monkeypatch.setattr(match_record, "MATCH_FIELDS", fields)
    return monkeypatch


def test_a_new_profile_field_round_trips_and_an_older_profile_reads_its_default(volume):
    nvm = board()
    profile = Profile()
    assert profile.volume == 7
    profile.volume = 3
    profile.stats = {"easy": [1, 1, 0]}
    assert Storage(nvm).save_profile(profile) is None
    back = Storage(nvm).load_profile()
    assert (back.volume, back.stats, settings(back)) == (3, profile.stats, settings(profile))
    _, older, saved = read(board((0, AI_MATCH)))
    assert older.volume == 7 and older.stats == {"hard": [7, 3, 1], "duel": [2, 1, 0]}
    assert settings(older) == (6, 1, "ai", "hard", False, True, True, 4, "move", True)
    # at its default, the field is not written: the profile is as before
    assert written_again(older, saved) == AI_MATCH
    volume.undo()  # the game before the field: refuses the newer profile, keeps the match
    storage = Storage(nvm)
    assert (settings(storage.load_profile()), storage.profile_message) == (
        settings(Profile()), OTHER_VERSION)


def test_a_new_field_s_bounds_are_its_values(volume):
    nvm = board()
    profile = Profile()
    profile.volume = 11  # not one of range(11)
    Storage(nvm).save_profile(profile)
    storage = Storage(nvm)
    assert storage.load_profile().volume == 7 and storage.profile_message is not None


@pytest.mark.parametrize("image", [AI_MATCH, LESSON, DUEL], ids=["ai", "lesson", "duel"])
def test_a_new_match_field_round_trips_and_an_older_match_reads_its_default(handicap, image):
    storage, profile, saved = read(board((0, image)))
    assert saved.handicap == 0 and saved.learn == (image == LESSON)
    assert written_again(profile, saved) == image  # at its default: as before
    saved.handicap = 300
    nvm = board()
    assert Storage(nvm).save_match(saved, profile) is None
    _, _, back = read(nvm)
    assert (back.handicap, back.learn, back.coached, back.mode, back.level) == (
        300, saved.learn, saved.coached, saved.mode, saved.level)
    assert back.match.moves == saved.match.moves
    handicap.undo()  # the game before the field: refuses the newer match, keeps the profile
    storage = Storage(nvm)
    assert load_match(storage) == (None, OTHER_VERSION)
    assert settings(storage.load_profile()) == settings(profile)


def test_a_new_match_field_is_read_up_to_the_last_move_a_power_cut_left(handicap):
    match = Match(5, 1, Rng(3))
    match.start_round()
    saved = SavedMatch(match, "ai", "easy", 1, Rng(4))
    saved.handicap = 9
    for _ in range(6):
        match.play(random_move(match.state.view(match.state.to_move), saved.ai_rng))
    nvm = board()
    storage = Storage(nvm)
    storage.save_match(saved)
    end = len(nvm.rstrip(b"\xff"))
    nvm[end - 3:] = b"\xff" * (NVM_SIZE - end + 3)  # the CRC and a byte of the deal's moves cut
    back, message = load_match(Storage(nvm))
    assert (back.handicap, len(back.match.moves[0]), message) == (9, 5, LOST_MOVE)


def test_a_record_s_size_and_longest_head_come_from_its_table():
    values = [Profile().__dict__[row[0]] for row in profile_record.FIELDS]
    assert head(profile_record.FIELDS, values, 11) == (11, 1 + 1 + 1 + 1 + 3 + 7 + 2)
    assert HEAD_MOST == HEADER + 8 + 6 + 1 + 6 + 7 + 2 + 1 + 2  # the lesson's, level "medium"
    assert HEAD_MOST <= HEAD_ROOM  # the buffer made at power-on holds the longest head


def test_a_body_with_more_fields_than_its_table_is_refused():
    with pytest.raises(ValueError):
        Reader(bytes(20)).head(profile_record.FIELDS, len(profile_record.FIELDS) + 1)
