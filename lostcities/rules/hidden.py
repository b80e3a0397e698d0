"""What each player may see of a round, and plausible deals of the rest.

The AI decides from :func:`view` alone; a searching AI fills the view's hidden
cards with :func:`determinize`. These are :class:`~lostcities.rules.state.State`
methods (``state.view(player)``); they live here so that the board compiles
the state's two halves one at a time.
"""

from lostcities.rules.cards import CARDS_PER_COLOR, HAND_SIZE, HIDDEN, MAX_COLORS
from lostcities.rules.offsets import (
    DECK_AT, EXP_AT, EXP_LEN_AT, HAND_AT, KNOWN_AT, PILE_AT, PILE_LEN_AT)


def view(state, player, into=None):
    """What ``player`` may see, as a State with the rest set to HIDDEN.

    The deck's order and the opponent's cards not taken from a discard pile
    are hidden. Hands are sorted so that no slot order leaks anything: two
    states that differ only in hidden cards give byte-identical views.
    ``into``: a State to write the view in (its colours too), allocating
    nothing (the AI's decisions on the board).
    """
    if into is None:
        seen = state.copy()
    else:
        state.copy_into(into)
        seen = into
    buf = seen.buf
    for i in range(state.deck_len):
        buf[DECK_AT + i] = HIDDEN
    opponent = 1 - player
    base = opponent * HAND_SIZE
    for slot in range(HAND_SIZE):
        if not buf[KNOWN_AT + base + slot]:
            buf[HAND_AT + base + slot] = HIDDEN
    _sort_hand(buf, player * HAND_SIZE)
    _sort_hand(buf, base)
    return seen


def unseen(state, player):
    """Cards ``player`` cannot see anywhere: in the deck or the other hand."""
    present = bytearray(state.full_deck_size())
    buf = state.buf
    for slot in range(HAND_SIZE):
        present[buf[HAND_AT + player * HAND_SIZE + slot]] = 1
        opponent_slot = (1 - player) * HAND_SIZE + slot
        if buf[KNOWN_AT + opponent_slot]:
            present[buf[HAND_AT + opponent_slot]] = 1
    for at in range(2 * MAX_COLORS):
        start = EXP_AT + at * CARDS_PER_COLOR
        for i in range(buf[EXP_LEN_AT + at]):
            present[buf[start + i]] = 1
    for color in range(state.colors):
        start = PILE_AT + color * CARDS_PER_COLOR
        for i in range(buf[PILE_LEN_AT + color]):
            present[buf[start + i]] = 1
    count = 0  # the unseen cards written over the marks already read: one copy made
    for card in range(len(present)):
        if not present[card]:
            present[count] = card
            count += 1
    return present[:count]


def determinize(state, player, rng, unseen=None, odds=None):
    """Fill this view's HIDDEN cards with a random arrangement of the unseen.

    Used by a searching AI on its own view: one plausible full state. The
    cards dealt are the deck and the opponent's not known (not HIDDEN again:
    a view dealt once is dealt anew over its last deal, so that a search
    deals into the view itself, and ``view`` hides them again).
    ``unseen``, if given, is a copy of ``state.unseen(player)`` to shuffle in
    place, so that a search sampling many deals allocates nothing. ``odds``,
    if given, weighs where each card goes: the opponent's hand takes
    ``card`` with a chance of ``odds[card]`` in 16 (at least 1) each time it
    comes up, the deck the rest.
    """
    if unseen is None:
        unseen = state.unseen(player)
    rng.shuffle(unseen)
    buf = state.buf
    base = HAND_AT + (1 - player) * HAND_SIZE
    known = KNOWN_AT - HAND_AT + base
    if odds:  # the shuffled cards reordered: the first ``hidden`` a sample weighed by ``odds``
        hidden = 0
        for slot in range(HAND_SIZE):
            if not buf[known + slot]:
                hidden += 1
        taken = at = 0
        while taken < hidden:
            if at == len(unseen):
                at = taken
            card = unseen[at]
            if rng.randbelow(16) < odds[card]:
                unseen[at] = unseen[taken]
                unseen[taken] = card
                taken += 1
            at += 1
    at = 0
    for slot in range(HAND_SIZE):
        if not buf[known + slot]:
            buf[base + slot] = unseen[at]
            at += 1
    for i in range(state.deck_len):
        buf[DECK_AT + i] = unseen[at]
        at += 1


def _sort_hand(buf, base):
    """Insertion sort of one hand's 8 slots with their known flags."""
    for i in range(HAND_AT + base + 1, HAND_AT + base + HAND_SIZE):
        card = buf[i]
        known = buf[i + KNOWN_AT]
        j = i - 1
        while j >= HAND_AT + base and buf[j] > card:
            buf[j + 1] = buf[j]
            buf[j + 1 + KNOWN_AT] = buf[j + KNOWN_AT]
            j -= 1
        buf[j + 1] = card
        buf[j + 1 + KNOWN_AT] = known
