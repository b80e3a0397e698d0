"""The layout of :class:`~lostcities.rules.state.State`'s buffer: where each
part of a round lies in its one ``bytearray``. Shared by the state and its
hidden-information half (hidden.py), which import it and not each other."""

from micropython import const

HAND_AT = const(0)  # 2 x 8 card slots
KNOWN_AT = const(16)  # 2 x 8 flags: slot holds a card taken from a pile (public)
EXP_AT = const(32)  # 2 x 6 expeditions x 12 cards
EXP_LEN_AT = const(176)  # 2 x 6 lengths
PILE_AT = const(188)  # 6 discard piles x 12 cards, bottom first
PILE_LEN_AT = const(260)  # 6 lengths
DECK_AT = const(266)  # up to 72 cards, top card last
BUF_SIZE = const(338)
