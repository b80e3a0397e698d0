"""terminalio for CircuitPython's unix port: FONT, a 6x12 font of 95 blank-ish tiles.

On the board the font's bitmap is in flash; here it is a 1-bit Bitmap on the heap,
counted with the other stand-ins."""

import displayio
import fontio

_W = 6
_H = 12

_bitmap = displayio.Bitmap(_W * 95, _H, 2)
for _tile in range(95):  # a mark per glyph, so that tiles differ
    _bitmap[_tile * _W + _tile % _W, _tile % _H] = 1
FONT = fontio.BuiltinFont(_bitmap, _W, _H)
