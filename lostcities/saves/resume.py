"""Rebuilding the saved match (lostcities/saves/restore.py finds it at
start-up): the match as its last save left it, or up to its last move written
whole when a power cut stopped that save, and what was lost. The match is
rebuilt by replaying its moves through the rules, so a save the rules would
refuse is refused. Loaded only to rebuild one: a whole record once the title
shows (restore.Found.replay), a torn one at power-on."""

from lostcities.saves.restore import Reader, read_head, read_record
from lostcities.saves.layout import HAS_PROFILE, HEADER, KIND_MATCH, MATCH_AT, PROFILE_AT, SIGNATURE

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
    match_rng = rng_of(read.rng_state())
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
