"""The screens' text: terminalio.FONT's glyphs as tiles, text changed in place, words wrapped."""

import terminalio

from lostcities.screens import CHARS, Text, font_sheet, label, set_text, wrap


def shown(item):
    """The characters the tile grids show, line by line, trailing blanks dropped
    (and the blank rows after the text)."""
    _, tiles, _, _ = font_sheet()
    char = {tile: chr(32 + index) for index, tile in enumerate(tiles)}
    lines = [''.join(char[grid[row * grid.width + column]]
                     for column in range(grid.width)).rstrip()
             for grid in item if not grid.hidden for row in range(grid.height)]
    while lines and not lines[-1]:
        lines.pop()
    return lines


def test_each_character_is_its_glyph_from_the_font():
    bitmap, tiles, width, height = font_sheet()
    assert (width, height) == terminalio.FONT.get_bounding_box()[:2]
    for char in "A g~ ":
        glyph = terminalio.FONT.get_glyph(ord(char))
        tile = tiles[ord(char) - 32]
        assert [[bitmap[tile * width + x, y] for x in range(width)] for y in range(height)] == [
            [glyph.bitmap[glyph.tile_index * width + x, y] for x in range(width)]
            for y in range(height)]


def test_a_label_shows_its_lines_from_its_top_left_corner():
    item = label("Pass to\nPLAYER 2", 4, 56, scale=2)
    assert isinstance(item, Text)
    assert (item.x, item.y, item.scale) == (4, 56, 2)
    assert shown(item) == ["Pass to", "PLAYER 2"]
    assert [(grid.y, grid.height) for grid in item] == [(0, 2)]  # one grid of two rows
    assert item.size() == (8 * 6, 24)


def test_more_lines_than_before_are_one_grid_more_and_fewer_are_blank_or_hidden():
    item = label("one\ntwo", 1, 24)
    first = item[0]
    set_text(item, "1\n2\n3\n4")
    assert item[0] is first and [(grid.y, grid.height) for grid in item] == [(0, 2), (24, 2)]
    assert shown(item) == ["1", "2", "3", "4"]
    set_text(item, "x")
    assert shown(item) == ["x"] and item[1].hidden and len(item) == 2
    set_text(item, "a\nb\nc")
    assert shown(item) == ["a", "b", "c"] and len(item) == 2


def test_changing_the_text_reuses_the_tile_grids():
    item = label("one\ntwo\nthree", 1, 24, spacing=0.84)
    grids = list(item)
    assert [grid.y for grid in grids] == [0, 10, 20]
    set_text(item, "a longer first line\nx")
    assert list(item) == grids and shown(item) == ["a longer first line", "x"]
    assert grids[2].hidden
    set_text(item, "1\n2\n3")
    assert list(item) == grids and shown(item) == ["1", "2", "3"]


def test_a_line_shows_what_fits_the_screen_and_unknown_characters_as_question_marks():
    item = label("x" * 40 + "\n\u00e9t\u00e9", 4, 0)
    assert item[0].width == 26  # 4 + 26 * 6 = 160
    assert shown(item) == ["x" * 26, "?t?"]
    assert item.text == "x" * 40 + "\n\u00e9t\u00e9"
    assert item.size()[0] == 40 * 6  # the whole text: the tests see what was cut


def test_words_wrap_between_them_and_a_box_is_padded():
    assert wrap("Build expeditions in up to 5 colours", 26) == (
        "Build expeditions in up to\n5 colours")
    assert wrap("a  b\nc", 10) == "a b c"
    assert wrap("abcdefghijkl mn", 5) == "abcde\nfghij\nkl mn"
    assert max(len(line) for line in wrap("word " * 40).split("\n")) <= CHARS
