"""A round in plain words for people: each expedition's line (replay's account,
the terminal game's round summary)."""

from lostcities.rules import COLOR_NAMES, card_text


def expedition_line(state, player, color):
    """``    Yellow  Yx Y3 Y7   sum 10  wagers 1  bonus  0  score  -20``."""
    score, number_sum, wagers, count, bonus = state.expedition_score(
        player, color)
    name = COLOR_NAMES[color]
    if not count:
        return "    %-7s -" % name
    cards = " ".join([card_text(card) for card in state.expedition(
        player, color)])
    return "    %-7s %-32s sum %2d  wagers %d  bonus %2d  score %4d" % (
        name, cards, number_sum, wagers, bonus, score)
