"""Reading the saved match back at start-up (lostcities/saves/restore.py reads the
rest of the saves): the match as its last save left it, or up to its last
move written whole when a power cut stopped that save, and what was lost.
The match is rebuilt by replaying its moves through the rules, so a save the
rules would refuse is refused."""

from lostcities import LEVELS, level_named
from lostcities.saves.restore import (
    COUNT_RESET, DAMAGED, MATCH_DAMAGED, OTHER_VERSION, TORN, VERSION_1, Reader, read_record, written_end)
from lostcities.saves.layout import (
    HAS_MATCH, HAS_PROFILE, HEADER, KIND_MATCH, KIND_NO_MATCH, MATCH_AT, NO_SAVE,
    PROFILE_AT, SIGNATURE)

LOST_MOVE = "The last move was lost in a power cut."
LOST_MOVES = "The last moves were lost in a power cut."
LOST_MATCH = "The match was lost in a power cut."


def load_match(storage):
    """``(SavedMatch or None, message or None)``: the message says what was
    ignored, or what a power cut cost."""
    flags, message = storage.read_wear()
    nvm = storage.nvm
    if message == VERSION_1:
        from lostcities.saves.version1 import legacy
        found = legacy(nvm, 1)
    elif message is not None and message != COUNT_RESET:
        return None, message
    elif not flags & HAS_MATCH:
        return None, NO_SAVE
    else:
        end = written_end(nvm)
        found = read_record(nvm, MATCH_AT, len(nvm) - MATCH_AT, end)
        if message == COUNT_RESET and isinstance(found, str):
            return None, message  # whether a match was there, the count said
        if found == TORN or found == NO_SAVE:  # a match was there: a cut erased it
            return torn_match(nvm, end, flags)
    if isinstance(found, str):
        return None, MATCH_DAMAGED if found == DAMAGED else found
    body, kind, count = found
    kept = COUNT_RESET if message == COUNT_RESET else None  # what else was lost
    if kind == KIND_NO_MATCH:
        return None, kept or NO_SAVE
    try:
        if kind != KIND_MATCH:
            raise ValueError("not a match")
        saved = decode_match(body, count=count)[0]
    except (ValueError, IndexError, TypeError):  # a newer game's match: said so, not as damage
        from lostcities.saves.match import FIELDS  # (the module's: a test adds a field to it)
        return None, OTHER_VERSION if count > len(FIELDS) else MATCH_DAMAGED
    return saved, kept


def torn_match(nvm, end, flags):
    """The match a power cut stopped in its record: up to its last move
    written whole, and the message saying what was lost."""
    if flags & HAS_PROFILE and isinstance(read_record(
            nvm, PROFILE_AT, MATCH_AT - PROFILE_AT, end), str):
        return None, None  # lost with the profile: the profile's message says so
    header = bytes(nvm[MATCH_AT:MATCH_AT + HEADER])
    try:
        if header[:3] != SIGNATURE or header[3] != KIND_MATCH:
            raise ValueError("not a match")
        saved, lost = decode_match(bytes(nvm[MATCH_AT + HEADER:end]), True, header[4])
    except (ValueError, IndexError, TypeError):
        return None, LOST_MATCH
    return saved, (None if lost == 0 else LOST_MOVE if lost == 1 else LOST_MOVES)


def decode_match(body, torn=False, count=0):
    """``(SavedMatch, moves lost)``: the match rebuilt by replaying every move;
    ValueError if it is not one. ``count``: the fields its head holds (0: the
    first ones). ``torn``: ``body`` is what a power cut left
    of it, read up to its last move written whole (a round whose deal was cut
    is dealt again: its first move is the one lost; the first round's cut,
    the match is lost)."""
    # the rules and the match's form, loaded only when a match is saved: the
    # title without one loads neither
    from lostcities.rules.cards import CARDS_PER_COLOR, HAND_SIZE
    from lostcities.rules.match import Match
    from lostcities.saves.match import FIELDS, FIRST, SavedMatch  # (FIELDS: a test adds one)
    read = Reader(body)
    colors = read.byte()
    rounds = read.byte()
    match_rng = read.rng()
    values = read.head(FIELDS, count or FIRST)
    learn = values[2] == "learn"  # a lesson: against the AI, and the coach's messages shown
    if learn and not count:  # saved before fields were counted: the coach's were there
        values[4] = read.u16()
    mode = values[2] = "ai" if learn else values[2]
    level = values[3] = level_named(values[3])
    if mode == "ai" and level not in LEVELS:
        raise ValueError("bad AI level")
    match = Match(colors, rounds, match_rng)
    saved = SavedMatch(match, learn=learn, values=values)
    dealt = read.byte()
    if dealt > rounds:
        raise ValueError("too many rounds")
    deal_size = colors * CARDS_PER_COLOR  # a deal is the whole deck
    for number in range(dealt):
        if torn and read.left() < 3 + deal_size and number:
            return saved, 1
        start = read.byte()
        cards = read.take(deal_size)
        if start > 1:
            raise ValueError("bad starting player")
        match.start_round(cards[:HAND_SIZE], cards[HAND_SIZE:2 * HAND_SIZE],
                          cards[2 * HAND_SIZE:], start)  # checks the deal
        moves = read.u16()
        for played in range(moves):
            if torn and read.left() < 2:
                return saved, moves - played
            match.play(read.u16())  # IllegalMove is a ValueError
    if read.at != len(body) and not torn:
        raise ValueError("trailing bytes")
    return saved, 0

