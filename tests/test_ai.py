"""The AI levels: legal, honest (the view alone decides), deterministic, bounded."""

import conftest
import pytest

from lostcities import ai, search
from lostcities.evaluation import Position
from lostcities.rng import Rng
from lostcities.rules import SOURCE_DECK, deal, move_source, score_cards, turn_limit
from host_sim.records.notation import move_text, parse_card, parse_move

from host_sim.testing import workloads
from tests.test_bots import position, random_positions


@pytest.mark.parametrize("level", ai.LEVELS)
def test_every_move_is_legal(level):
    rng = Rng(5)
    for state in random_positions(60 if level == "hard" else 150, seed=level == "hard" and 9 or 4):
        move = ai.choose_move(state.view(state.to_move), level, rng)
        assert state.check_move(move) is None, move_text(move)


def other_hidden_cards(state, rng):
    """The same position with the hidden cards (their hand, the deck order) dealt anew."""
    player = state.to_move
    other = state.view(player)
    other.determinize(player, rng)
    return other


def test_other_hidden_cards_really_differ():
    state = random_positions(1).__next__()
    player = state.to_move
    other = other_hidden_cards(state, Rng(8))
    assert sorted(other.hand(1 - player)) != sorted(state.hand(1 - player)) or \
        other.deck() != state.deck()
    assert other.view(player).buf == state.view(player).buf


@pytest.mark.parametrize("level", ai.LEVELS)
def test_hidden_cards_do_not_change_the_decision(level):
    rng = Rng(11)
    for state in random_positions(25, seed=6):
        player = state.to_move
        other = other_hidden_cards(state, rng)
        assert other.hand(1 - player) != state.hand(1 - player) or other.deck() != state.deck()
        first = ai.choose_move(state.view(player), level, Rng(3))
        second = ai.choose_move(other.view(player), level, Rng(3))
        assert first == second


@pytest.mark.parametrize("level", ai.LEVELS)
def test_same_seed_same_move(level):
    for state in random_positions(20, seed=7):
        view = state.view(state.to_move)
        rng = Rng(42)
        first = ai.choose_move(view, level, rng)
        state_after = rng.getstate()
        rng = Rng(42)
        assert ai.choose_move(view, level, rng) == first
        assert rng.getstate() == state_after


def test_the_decision_leaves_the_view_unchanged():
    state = random_positions(1, seed=2).__next__()
    view = state.view(state.to_move)
    before = bytes(view.buf)
    for level in ai.LEVELS:
        ai.choose_move(view, level, Rng(1))
    assert bytes(view.buf) == before


@pytest.mark.parametrize("level", ["hard"])
def test_a_search_playing_out_in_the_view_written_anew_plays_the_same_moves(level):
    """The board's search plays its deals out in the view itself, written anew
    from the round for each deal (Session.view): the same moves as in a State
    of its own, and the view left as it was given."""
    played_out = 0
    for state in late_positions(8, seed=9):  # the last deck cards: where a search plays out
        player = state.to_move
        view = state.view(player)
        given = bytes(view.buf)
        rewrites = []

        def view_again(seat):
            rewrites.append(seat)
            return state.view(seat, view)
        alone = ai.choose_move(state.view(player), level, Rng(5))
        assert ai.choose_move(view, level, Rng(5), view_again=view_again) == alone
        assert bytes(view.buf) == given
        assert set(rewrites) <= {player}
        played_out += len(rewrites)
    assert played_out


def test_a_clock_past_its_budget_stops_the_search_with_a_legal_move():
    ticks = iter(range(0, 100000, 1000))
    for state in random_positions(10, seed=12):
        move = ai.choose_move(state.view(state.to_move), "hard", Rng(1), lambda: next(ticks))
        assert state.check_move(move) is None


def test_with_3_deck_cards_left_normal_takes_a_pile_card_to_play_all_it_holds():
    # red is at Rx R2, R7 R8 R9 wait in hand: after a deck draw (2 cards left) one more
    # turn plays R8 and R9 is lost; after a pile draw the opponent draws, and with 2 left
    # a pile draw again buys the turn for R9
    state = position("Rx R2 R7 R8 R9 G2 G3 B2", "W2 W3 Y3 Y4 Y5 B3 B4 B5",
                     ["play Rx deck", "discard W2 deck", "play R2 deck", "discard W3 deck"],
                     deck_tail="G10 W10 B10 Y10", deck_len=7)
    assert state.deck_len == 3
    assert move_text(ai.hint(state.view(0), Rng(1))) == "play R7 W"


def test_hint_is_the_evaluations_best_move_without_noise():
    for state in random_positions(10, seed=13):
        view = state.view(state.to_move)
        position = Position(view.colors)
        position.load(view, view.to_move)
        rng = Rng(2)
        assert ai.hint(view, rng) == position.best(None, 0)
        assert rng.getstate() == Rng(2).getstate()  # no noise drawn


def test_the_levels_are_a_ladder_of_less_and_less_noise():
    # each level's blur of the evaluation is smaller than the one below's; the searching
    # level, hard, above them, has none
    noises = [ai.SETTINGS[level][0] for level in ai.LEVELS]
    assert noises == sorted(noises, reverse=True) and len(set(noises)) == len(noises)
    assert [ai.SETTINGS[level][1] for level in ai.LEVELS] == [None] * 3 + ["hard"]
    assert noises[-1] == 0


def test_every_level_is_a_distinct_player():
    # on the same positions with the same seeds, no two levels play alike throughout
    views = [state.view(state.to_move) for state in random_positions(40, seed=23)]
    views += [state.view(state.to_move) for state in late_positions(20, seed=23)]
    played = {}
    for level in ai.LEVELS:
        played[level] = [ai.choose_move(view, level, Rng(i)) for i, view in enumerate(views)]
    for first in ai.LEVELS:
        for second in ai.LEVELS:
            if first < second:
                assert played[first] != played[second], (first, second)


def test_a_level_with_noise_varies_with_its_seed():
    views = [state.view(state.to_move) for state in random_positions(40, seed=24)]
    for level in ai.LEVELS[:-1]:
        moves = [[ai.choose_move(view, level, Rng(seed)) for view in views]
                 for seed in (1, 2)]
        assert moves[0] != moves[1], level


def test_unknown_level_is_refused():
    state = deal(Rng(0), 5, 0)
    with pytest.raises(ValueError):
        ai.choose_move(state.view(0), "grandmaster", Rng(0))


def test_plays_the_next_card_of_its_expedition_when_turns_run_short():
    # yellow at 5 with Y6 and Y8 in hand, three turns left
    state = position("Y4 Y5 Y6 Y8 B2 W3 G4 R2", "Y2 B10 W10 G10 R10 Y3 B9 W9",
                     ("play Y4 deck", "play B9 deck", "play Y5 deck", "play W9 deck"),
                     deck_len=10)
    assert move_text(ai.hint(state.view(0), Rng(0))).startswith("play Y6")
    assert move_text(ai.choose_move(state.view(0), "hard", Rng(0))).startswith("play Y6")


def test_opens_an_expedition_now_while_its_cards_fit_the_turns_left():
    # 12 deck cards, six turns: red R3 R6 R7 R9 makes 25 points in four of them, and a
    # turn spent discarding now is one a red card may lack at the end
    state = position("G2 R3 R6 R7 R9 W5 W9 Yx", "B7 B6 R10 Yx Y9 Bx R4 B3", deck_len=12)
    assert move_text(ai.hint(state.view(0), Rng(0))) == "play R3 deck"
    assert move_text(ai.choose_move(state.view(0), "hard", Rng(0))) == "play R3 deck"


def test_plays_a_card_that_nothing_can_come_before_now_rather_than_discard():
    # green at 8, the 9 gone to the opponent: the G10 scores the same now or later,
    # but a turn spent discarding now is one the hand may lack (the tempo table)
    for deck_len in (10, 14, 19):
        state = position("G8 G10 Rx R3 R4 Yx Y3 B5", "G9 B8 R6 B3 R8 Y9 R9 Y5",
                         ("play G8 deck", "play G9 deck"), deck_len=deck_len)
        move = ai.hint(state.view(0), Rng(0))
        assert move_text(move) == "play G10 deck", deck_len


def test_does_not_open_an_expedition_it_cannot_finish():
    # two turns left and only a red 2 for red: opening it would lose 18 points
    state = position("R2 Y3 B3 W3 G3 Y4 B4 W4", "R10 B10 W10 G10 Y10 R9 B9 W9", deck_len=4)
    for level in ai.LEVELS:
        move = ai.choose_move(state.view(0), level, Rng(0))
        assert move_text(move).startswith("discard"), level


def test_every_pair_of_levels_finishes_a_round_in_bounded_turns():
    for first in ai.LEVELS:
        for second in ai.LEVELS:
            state = deal(Rng(len(first) * 7 + len(second)), 5, 0)
            levels = (first, second)
            rngs = (Rng(1), Rng(2))
            while not state.is_over():
                player = state.to_move
                state.play(ai.choose_move(state.view(player), levels[player], rngs[player]))
                assert state.turns <= 2 * state.full_deck_size() + 44


def test_a_reused_unseen_buffer_deals_as_a_fresh_one():
    # hard's samples reuse one buffer; the same Rng state must give the same deal
    state = random_positions(1, seed=14).__next__()
    player = state.to_move
    view = state.view(player)
    fresh, reused = view.copy(), view.copy()
    fresh.determinize(player, Rng(5))
    reused.determinize(player, Rng(5), bytearray(view.unseen(player)))
    assert fresh.buf == reused.buf


def late_positions(count, seed):
    """Rounds played by ``normal`` until the deck holds 1-10 cards."""
    rng = Rng(seed)
    for index in range(count):
        state = deal(rng, 5 + index % 2, index % 2)
        end = 1 + index % 10
        while state.deck_len > end:
            state.apply(ai.choose_move(state.view(state.to_move), "normal", rng))
        yield state


def test_hard_near_the_end_is_legal_honest_and_deterministic():
    rng = Rng(15)
    for state in late_positions(20, seed=16):
        player = state.to_move
        view = state.view(player)
        seeded = Rng(4)
        move = ai.choose_move(view, "hard", seeded)
        assert state.check_move(move) is None, move_text(move)
        after = seeded.getstate()
        again = Rng(4)
        assert ai.choose_move(view, "hard", again) == move
        assert again.getstate() == after
        other = other_hidden_cards(state, rng)
        assert ai.choose_move(other.view(player), "hard", Rng(4)) == move


def test_hard_stops_sampling_on_the_clock_after_one_sample(monkeypatch):
    samples = []
    load = Position.load

    def counted(self, state, player, sees_all=False):
        samples.append(sees_all)
        return load(self, state, player, sees_all)

    monkeypatch.setattr(Position, "load", counted)
    ticks = iter(range(0, 10000000, 4000))  # every reading is past the budget
    for state in random_positions(10, seed=17):
        ai.choose_move(state.view(state.to_move), "hard", Rng(1))
        assert samples == [True] * 20  # the iteration cap: 20 sampled hands
        del samples[:]
        move = ai.choose_move(state.view(state.to_move), "hard", Rng(1), lambda: next(ticks))
        assert state.check_move(move) is None
        assert samples == [True]
        del samples[:]


def test_hard_near_the_end_evaluates_at_most_its_samples_and_its_ply_cap(monkeypatch):
    # the worst case is bounded by counting: every evaluation of all moves is counted here
    evaluations = []
    best = Position.best

    def counted(self, rng, noise):
        evaluations.append(1)
        return best(self, rng, noise)

    (endgame, end_plan), (_, middle_plan) = search.SEARCH["hard"]
    cap = end_plan[0] + end_plan[4]
    positions = list(late_positions(20, seed=21))  # made by normal: its evaluations not counted
    monkeypatch.setattr(Position, "best", counted)
    for state in positions:
        ai.choose_move(state.view(state.to_move), "hard", Rng(2))
        if state.deck_len <= endgame:
            assert len(evaluations) <= cap
        else:
            assert len(evaluations) == middle_plan[0]
        del evaluations[:]
    for colors in (5, 6):  # the bench's worst case does all of it
        ai.choose_move(workloads.worst_endgame(colors), "hard", Rng(2))
        assert len(evaluations) == cap
        del evaluations[:]


def test_hard_reads_the_opponents_hand_from_their_expeditions():
    state = conftest.deal("Yx Y4 Y9 R7 R5 B3 W2 G10", "Bx B4 B9 W3 W5 G2 G6 R10")
    state.play(parse_move("discard B3 deck"))
    state.play(parse_move("play B4 B"))  # their blue is at 4, and they hold B3
    odds = bytearray(60)
    search.hand_odds(state.view(0), 1, odds)
    # they would have played B5 already, they keep B10 for later; red they have not started
    assert odds[parse_card("B5")] < odds[parse_card("R5")] < odds[parse_card("B10")]
    assert odds[parse_card("B2")] < odds[parse_card("R2")]  # B2 no longer fits their blue


def test_a_sampled_hand_is_seen_whole():
    # with sees_all the opponent's whole hand counts as known, none of it unseen
    state = random_positions(1, seed=19).__next__()
    player = state.to_move
    seen = Position(state.colors)
    seen.load(state, player, True)
    assert seen.hidden == 0
    for slot in range(8):
        card = state.hand_card(1 - player, slot)
        assert seen.hand[state.colors + card // 12] & 1 << card % 12  # the opponent's
        assert not seen.unseen[card // 12] & 1 << card % 12


def test_state_score_agrees_with_the_rules_breakdown():
    """State.score reads expeditions in place; it agrees with score_cards."""
    for state in late_positions(10, seed=18):
        for player in (0, 1):
            assert state.score(player) == sum(
                score_cards(state.expedition(player, color))[0]
                for color in range(state.colors))


@pytest.mark.parametrize("level", ai.LEVELS)
def test_from_the_turn_limit_on_every_level_draws_from_the_deck(level):
    for state in random_positions(30, seed=14):
        state.turns = turn_limit(state.colors)
        move = ai.choose_move(state.view(state.to_move), level, Rng(2))
        assert move_source(move) == SOURCE_DECK, move_text(move)


def test_preparing_a_match_lets_go_of_what_other_colours_and_levels_made():
    """From .py sources the board keeps the AI's module from match to match."""
    ai.prepare(5, "hard")
    assert ai.held() == ([5], [5])
    ai.prepare(6, "hard")
    assert ai.held() == ([6], [6])
    ai.prepare(6, "normal")
    assert ai.held() == ([6], [])


def late_views(count, seed):
    """Views of the player to move with 1 to 10 deck cards left (hard plays out there)."""
    for state in late_positions(count, seed=seed):
        yield state, state.view(state.to_move)


def middle_views(count, seed):
    """Views of the player to move earlier, where hard only samples."""
    for state in random_positions(count, seed=seed):
        if state.deck_len > search.SEARCH["hard"][0][0]:
            yield state, state.view(state.to_move)


def searched_views(count, seed):
    """Views where hard plays out, then views where it samples: its clock, its
    progress and its seed must work in both."""
    yield from late_views(count, seed)
    yield from middle_views(count, seed)


def test_hard_past_its_budget_plays_its_best_move_so_far():
    for state, view in searched_views(12, seed=31):
        asked = []

        def clock():
            asked.append(1)
            return 0 if len(asked) < 4 else ai.BUDGET_MS + 1  # the budget spent at once

        move = ai.choose_move(view, "hard", Rng(6), clock)
        assert state.check_move(move) is None, move_text(move)
        assert len(asked) == 4  # it stopped at once


def out_of_time():
    """A clock whose first reading sets the deadline and whose next are past it."""
    readings = []

    def clock():
        readings.append(1)
        return 0 if len(readings) == 1 else ai.BUDGET_MS + 1
    return clock


def test_hard_out_of_time_at_once_plays_the_first_samples_best():
    for state, view in searched_views(8, seed=32):
        move = ai.choose_move(view, "hard", Rng(6), out_of_time())
        assert state.check_move(move) is None
        assert move == ai.choose_move(view, "hard", Rng(6), out_of_time())


def test_hard_tells_its_progress_up_to_its_total():
    for state, view in searched_views(10, seed=33):
        reports = []
        ai.choose_move(view, "hard", Rng(2), progress=lambda done, total: reports.append(
            (done, total)))
        totals = {total for _, total in reports}
        assert len(totals) == 1 and reports  # one total, known from the start
        done = [done for done, _ in reports]
        assert done == sorted(done) and 0 < done[0] and done[-1] <= totals.pop()


def test_hard_in_time_is_deterministic_and_ignores_its_progress():
    for state, view in searched_views(10, seed=34):
        plain = ai.choose_move(view, "hard", Rng(9))
        watched = ai.choose_move(view, "hard", Rng(9), lambda: 0,
                                 progress=lambda done, total: None)
        assert plain == watched


def test_hard_evaluates_at_most_its_samples_and_its_ply_cap(monkeypatch):
    evaluations = []
    best = Position.best

    def counted(self, rng, noise):
        evaluations.append(1)
        return best(self, rng, noise)

    views = [view for _, view in searched_views(15, seed=35)]
    views += [workloads.worst_endgame(colors, 5) for colors in (5, 6)]
    monkeypatch.setattr(Position, "best", counted)
    for view in views:
        ai.choose_move(view, "hard", Rng(2))
        for deck_cards, plan in search.SEARCH["hard"]:
            if view.deck_len <= deck_cards:
                break
        assert len(evaluations) <= plan[0] + plan[4]
        del evaluations[:]


def test_a_save_naming_the_retired_expert_reads_as_hard():
    """expert left the levels (docs/ai.md): a match saved against it resumes
    against hard, and its statistics count with hard's."""
    from lostcities import level_named
    from lostcities.rules.match import Match
    from lostcities.saves.layout import CRC, HEADER
    from lostcities.saves.match import SavedMatch, encode_match, match_size
    from lostcities.saves.profile import Profile, decode_profile, encode_profile
    from lostcities.saves.restore import Reader
    from lostcities.saves.resume import decode_match
    assert "expert" not in ai.LEVELS and level_named("expert") == "hard"
    profile = Profile()
    profile.mode = "ai"
    profile.level = "expert"
    profile.stats = {"hard": [3, 2, 0], "expert": [5, 1, 1], "duel": [1, 1, 0]}
    back = decode_profile(Reader(bytes(encode_profile(profile)[HEADER:-CRC])))
    assert back.level == "hard"
    assert back.stats == {"hard": [8, 3, 1], "duel": [1, 1, 0]}
    match = Match(5, 1, Rng(4))
    match.start_round()
    saved = SavedMatch(match, "ai", "expert", 1, Rng(5))
    record = encode_match(saved, bytearray(match_size(saved)))
    resumed, lost = decode_match(bytes(record[HEADER:-CRC]))
    assert resumed.level == "hard" and lost == 0


def test_hards_clock_stops_its_search_within_the_wait_the_bench_holds_it_to():
    """The board's clock is what keeps hard's worst decision within its goal:
    the budget, with one more evaluation under way, inside the bench's 1 s."""
    from host_sim.tools import bench
    assert ai.BUDGET_MS + 100 <= bench.BUDGETS_S["hard"] * 1000
