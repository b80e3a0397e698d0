"""The worked scoring examples of docs/rules.md."""

from lostcities.rules import make_card, score_cards

Y = 0


def expedition(wagers, *numbers):
    return [make_card(Y, 0)] * wagers + [make_card(Y, n) for n in numbers]


def test_numbers_only():
    assert score_cards(expedition(0, 2, 3, 7, 8, 10))[0] == 10


def test_two_wagers_six_numbers_gets_bonus_unmultiplied():
    assert score_cards(expedition(2, 4, 5, 6, 7, 8, 10)) == (80, 40, 2, 8, 20)


def test_one_wager_negative_is_multiplied():
    assert score_cards(expedition(1, 4, 6, 7))[0] == -6


def test_lone_wager():
    assert score_cards(expedition(1))[0] == -40


def test_empty_expedition_scores_nothing():
    assert score_cards([]) == (0, 0, 0, 0, 0)


def test_eight_card_bonus_counts_wagers():
    assert score_cards(expedition(3, 2, 3, 4, 5, 6)) == (20, 20, 3, 8, 20)
    assert score_cards(expedition(2, 2, 3, 4, 5, 6))[4] == 0  # 7 cards: no bonus


def test_eight_card_bonus_is_not_multiplied():
    assert score_cards(expedition(3, 2, 3, 4, 5, 6, 7, 8, 9))[0] == (44 - 20) * 4 + 20


def test_a_negative_expedition_is_multiplied_by_every_wager():
    assert score_cards(expedition(3, 10))[0] == (10 - 20) * 4
