"""Reading the saved match back at start-up (lostcities/saves/restore.py reads the
rest of the saves): the match as its last save left it, or up to its last
move written whole when a power cut stopped that save, and what was lost.
The match is rebuilt by replaying its moves through the rules, so a save the
rules would refuse is refused. Power-on reads a whole record's head alone
(:class:`Found`: what the title says of it), and the Session replays its
moves once the title shows: power-on loads neither the rules, the match's
module nor its Rng."""

from lostcities import LEVELS, level_named
from lostcities.saves.restore import (
    COUNT_RESET, DAMAGED, MATCH_DAMAGED, OTHER_VERSION, TORN, VERSION_1, Reader, read_record)
from lostcities.saves.layout import (
    HAS_PROFILE, HEADER, KIND_MATCH, KIND_NO_MATCH, MATCH_AT, MATCH_FIRST, NO_SAVE,
    PROFILE_AT, SIGNATURE)

LOST_MOVE = "The last move was lost in a power cut."
LOST_MOVES = "The last moves were lost in a power cut."
LOST_MATCH = "The match was lost in a power cut."


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


def rng_of(state):
    """An Rng in ``state`` (None for None)."""
    if state is None:
        return None
    from lostcities.rng import Rng
    rng = Rng()
    rng.setstate(state)
    return rng


def decode_match(body, torn=False, count=0):
    """``(SavedMatch, moves lost)``: the match rebuilt by replaying every move;
    ValueError if it is not one. ``count``: the fields its head holds (0: the
    first ones). ``torn``: ``body`` is what a power cut left
    of it, read up to its last move written whole (a round whose deal was cut
    is dealt again: its first move is the one lost; the first round's cut,
    the match is lost)."""
    # the rules, loaded only to replay a match: the title loads none
    from lostcities.rules.cards import CARDS_PER_COLOR, HAND_SIZE
    from lostcities.rules.match import Match
    from lostcities.saves.match import SavedMatch
    read = Reader(body)
    colors = read.byte()
    rounds = read.byte()
    match_rng = rng_of(read.rng())
    values, learn = read_head(read, count)
    values[0] = rng_of(values[0])  # the AI's Rng
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


def load_match(storage):
    """``(SavedMatch or None, message or None)``: the match in ``storage``'s
    NVM, its moves replayed at once, as the tools and tests read it (the board
    finds it at power-on and replays it once the title shows:
    Session.saved); the message says what was ignored or lost, or why the
    rules refuse the match."""
    saved, found, message = storage.find_match()
    if found is not None:
        saved, refused = found.load_match()
        message = refused or message
    return saved, message


def find_match(storage):
    """``(SavedMatch or None, Found or None, message or None)``: a match a
    power cut stopped in its record, read at once (torn_match: what it
    kept), or a whole record of one found (its head read, its moves replayed
    later: Found.load_match), or neither; the message says what was ignored or
    lost. Asked only when the wear record says a match follows, or cannot
    say (Storage.find_match)."""
    flags, message = storage.read_wear()
    nvm = storage.nvm
    end = storage.end
    if message == VERSION_1:
        from lostcities.saves.version1 import legacy
        found = legacy(nvm, 1)
    elif message is not None and message != COUNT_RESET:
        return None, None, message
    else:
        found = read_record(nvm, MATCH_AT, len(nvm) - MATCH_AT, end)
        if message == COUNT_RESET and isinstance(found, str):
            return None, None, message  # whether a match was there, the count said
        if found == TORN or found == NO_SAVE:  # a match was there: a cut erased it
            saved, message = torn_match(nvm, end, flags)
            return dealt(saved), None, message
    if isinstance(found, str):
        return None, None, MATCH_DAMAGED if found == DAMAGED else found
    body, kind, count = found
    kept = COUNT_RESET if message == COUNT_RESET else None  # what else was lost
    if kind == KIND_NO_MATCH:
        return None, None, kept or NO_SAVE
    try:
        if kind != KIND_MATCH:
            raise ValueError("not a match")
        return None, Found(body, count), kept
    except (ValueError, IndexError, TypeError):
        return None, None, refused(count)


def dealt(saved):
    """``saved`` (or None), dealt its first round if it was saved before it."""
    if saved is not None and saved.match.state is None:
        saved.match.start_round()
    return saved


def refused(count):
    """The message for a match record that is not one: from a newer game
    (more fields than this one knows), said so, not as damage."""
    from lostcities.saves.layout import MATCH_FIELDS  # (the module's: a test adds a field)
    return OTHER_VERSION if count > len(MATCH_FIELDS) else MATCH_DAMAGED


class Found:
    """A whole record of a match, found at power-on: what its head says (the
    title's words: :meth:`head`), its moves not yet replayed (:meth:`load_match`).
    ValueError (IndexError) if its head is not a match's."""

    def __init__(self, body, count):
        self.body = body
        self.count = count
        read = Reader(body)
        read.take(8)  # the Match's colours, rounds and Rng
        self.rounds = body[1]
        self.learn = read_head(read, count)[1]
        self.dealt = read.byte()

    def head(self):
        """``(learn, round number, rounds)``, as SavedMatch.head (a match saved
        before its first deal is dealt it when resumed)."""
        return self.learn, max(self.dealt, 1), self.rounds

    def load_match(self):
        """``(SavedMatch, None)``: the match rebuilt by replaying its moves
        through the rules (dealt its first round if saved before it); or
        ``(None, why not)`` (a record the rules refuse is damaged). (A
        method: this module may be forgotten at the title, and its Found
        keeps what the replay needs.)"""
        try:
            return dealt(decode_match(self.body, count=self.count)[0]), None
        except (ValueError, IndexError, TypeError):
            return None, refused(self.count)


def read_head(read, count):
    """``(values, learn)``: the SavedMatch's MATCH_FIELDS read from ``read`` (a
    lesson's mode read back as "ai"), and whether it is the lesson; ValueError
    for values outside their fields'. ``count``: the fields the record's
    header says it holds (0: the first ones)."""
    from lostcities.saves.layout import MATCH_FIELDS  # (the module's: a test adds a field)
    values = read.head(MATCH_FIELDS, count or MATCH_FIRST)
    learn = values[2] == "learn"  # a lesson: against the AI, and the coach's messages shown
    if learn and not count:  # saved before fields were counted: the coach's were there
        values[4] = read.u16()
    mode = values[2] = "ai" if learn else values[2]
    level = values[3] = level_named(values[3])
    if mode == "ai" and level not in LEVELS:
        raise ValueError("bad AI level")
    return values, learn
