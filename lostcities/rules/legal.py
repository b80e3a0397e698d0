"""Every legal move of a round's state (:meth:`State.legal_moves`).

The laptop's players, tools and tests list the moves; the board never does
(its table checks one move at a time, its AI weighs moves as it makes them),
so it never loads this module, and the state compiles in less of its heap.
"""

from lostcities.rules.cards import CARDS_PER_COLOR, DISCARD, HAND_SIZE, HIDDEN, WAGERS_PER_COLOR
from lostcities.rules.offsets import HAND_AT, PILE_LEN_AT


def legal_moves(state):
    """Every legal move of the player to move (identical wagers once, by
    any copy: :meth:`State.play` makes it the copy the rules choose)."""
    moves = []
    if state.deck_len == 0:
        return moves
    player = state.to_move
    buf = state.buf
    base = HAND_AT + player * HAND_SIZE
    seen_wagers = 0
    for slot in range(HAND_SIZE):
        card = buf[base + slot]
        if card == HIDDEN:
            continue
        color = card // CARDS_PER_COLOR
        if card % CARDS_PER_COLOR < WAGERS_PER_COLOR:
            if seen_wagers & (1 << color):
                continue
            seen_wagers |= 1 << color
        playable = state.can_play(player, card)
        for discard in (0, DISCARD):
            if discard == 0 and not playable:
                continue
            moves.append(card << 4 | discard)
            for pile in range(state.colors):
                if buf[PILE_LEN_AT + pile] and not (
                        discard and pile == color):
                    moves.append(card << 4 | discard | (pile + 1))
    return moves
