"""The round's review (lostcities/review.py): a player's costliest moves, the
better move and why, judged from what the player could see then.

Each planted mistake is played in a round where both players otherwise play
the hint, whose moves cost nothing by the hint's own evaluation: the review
must find the planted move alone, with the hint's move there and the reason.
"""

import json

import pytest
from conftest import deal
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from host_sim.play.review_text import review_json, review_text
from host_sim.records.notation import parse_move
from host_sim.records.record import parse_record, write_record
from host_sim.testing import circuitpython as cp
from host_sim.testing import workloads
from host_sim.tools import replay
from lostcities import ai, mistakes, reasons, review
from lostcities.evaluation import MOVE_KEYS, Position, key_move
from lostcities import buttons as btn
from lostcities.rng import Rng
from lostcities.rules import (
    CARDS_PER_COLOR, COLOR_NAMES, NO_CARD, Match, State, card_color, card_value, is_wager,
    make_move, move_card, move_discards, move_source)

ME = 0  # the reviewed player: player 1
THEM = 1
NEVER = 10 ** 6  # the turn a card never played is needed by


def hint(view):
    return ai.hint(view, Rng(0))


def round_with(seed, plant):
    """A round of 5 colours where both players play the hint, except that at
    the first turn of ME where ``plant(view)`` gives a move, ME plays that:
    the match and the planted turn."""
    match = Match(5, 1, Rng(seed))
    state = match.start_round()
    planted = None
    while not state.is_over():
        view = state.view(state.to_move)
        move = plant(view) if state.to_move == ME and planted is None else None
        if move is not None:
            planted = len(match.moves[0])
        match.play(move if move is not None else hint(view))
    assert planted is not None, "the mistake was never planted"
    return match, planted


def state_before(match, turn):
    """Round 1 of ``match`` before move ``turn``."""
    hand1, hand2, deck, start = match.deals[0]
    state = State.from_deal(hand1, hand2, deck, start, match.colors)
    for move in match.moves[0][:turn]:
        state.apply(move)
    return state


def only_mistake(match, turn, reason):
    """The review's one mistake: ``turn``'s, with the hint's move there and ``reason``."""
    mistakes = review.Review(5, match.deals[0], match.moves[0], ME).run()
    assert [mistake.turn for mistake in mistakes] == [turn]
    mistake = mistakes[0]
    assert mistake.move == match.moves[0][turn]
    assert mistake.better == hint(state_before(match, turn).view(ME))
    assert mistake.reason == reason
    assert mistake.cost > review.WELL_PLAYED
    return mistake


# Planted mistakes ------------------------------------------------------------

def feeding_discard(view):
    """Discard a card two or more above the top of the opponent's expedition."""
    for card in view.hand(ME):
        top = view.expedition_top(THEM, card_color(card))
        if top != NO_CARD and not is_wager(card) and card - top >= 2:
            return make_move(card, True, 0)
    return None


@pytest.mark.parametrize("seed", [0, 2, 3])
def test_a_discard_the_opponent_then_plays_on_is_named_with_the_hints_move(seed):
    match, turn = round_with(seed, feeding_discard)
    card = move_card(match.moves[0][turn])
    assert any(move_card(move) == card and not move_discards(move)
               for move in match.moves[0][turn + 1:])  # they took it and played it
    mistake = only_mistake(match, turn, reasons.FEEDS)
    assert reasons.why(mistake, "the AI") == "it feeds the AI's %s" % COLOR_NAMES[card_color(card)]


def lone_opening(view):
    """Open a colour with its only card in the hand."""
    hand = view.hand(ME)
    for card in hand:
        color = card_color(card)
        if not is_wager(card) and not view.expedition_len(ME, color) and [
                card_color(held) for held in hand].count(color) == 1:
            return make_move(card, False, 0)
    return None


@pytest.mark.parametrize("seed", [0, 16, 28])
def test_an_expedition_opened_with_nothing_to_follow_is_named(seed):
    match, turn = round_with(seed, lone_opening)
    mistake = only_mistake(match, turn, reasons.ALONE)
    assert reasons.why(mistake, "the AI") == "nothing in hand follows it"


def numbers_left(view, color):
    """The numbers of ``color`` in ME's hand or not yet seen anywhere."""
    shown = set(view.pile(color))
    for player in (ME, THEM):
        shown.update(view.expedition(player, color))
        shown.update(card for card in view.hand(player) if player == THEM)
    first = color * CARDS_PER_COLOR
    return sum(card_value(card) for card in range(first + 3, first + CARDS_PER_COLOR)
               if card not in shown)


def uncarried_wager(view):
    """Play a wager whose colour's numbers left add up to less than the 20 it costs."""
    for card in view.hand(ME):
        if is_wager(card) and view.can_play(ME, card) and numbers_left(
                view, card_color(card)) < 20:
            return make_move(card, False, 0)
    return None


@pytest.mark.parametrize("seed", [23, 34])
def test_a_wager_where_the_numbers_to_carry_it_are_gone_is_named(seed):
    match, turn = round_with(seed, uncarried_wager)
    mistake = only_mistake(match, turn, reasons.UNCARRIED)
    assert mistake.number < 20
    assert "too few" in reasons.why(mistake, "the AI")


def last_turn_away(view):
    """With one deck card left, the hint's card but a pile's card drawn."""
    if view.deck_len != 1:
        return None
    move = hint(view)
    for pile in range(view.colors):
        if view.pile_len(pile) and not (move_discards(move) and pile == card_color(
                move_card(move))):
            return (move & ~7) | (pile + 1)
    return None


@pytest.mark.parametrize("seed", [15, 24])
def test_a_pile_draw_that_hands_the_opponent_the_last_turn_is_named(seed):
    match, turn = round_with(seed, last_turn_away)
    assert len(match.moves[0]) == turn + 2  # the opponent drew the last card
    mistake = only_mistake(match, turn, reasons.LAST_TURN)
    assert move_source(mistake.better) == 0 and mistake.number == 1
    assert "the last turn" in reasons.why(mistake, "the AI")


# Each reason beside its move ---------------------------------------------------
# What the move played did wrong is said with it, what the better move does with
# that: never the one's reason beside the other.

def reasons_of(state, played, better, them="player 2"):
    """The words of why ``played`` cost and of what ``better`` does, from the
    view of the player to move in ``state``."""
    view = state.view(state.to_move)
    mistake = mistakes.Mistake(view, 0, parse_move(played), NO_CARD, 10000, parse_move(better),
                             NO_CARD, reasons.reason(view, state.to_move, parse_move(played),
                                                     parse_move(better)))
    return reasons.why(mistake, them), reasons.why_better(mistake, them)


def test_a_discard_that_feeds_the_opponent_is_said_of_the_discard_not_of_the_better_play():
    state = deal("Y4 Y5 Y7 Bx Gx G5 R5 R10", "R7 B3 B4 W2 W5 G2 G3 Y2", start=2)
    state.play(parse_move("play R7 deck"))
    assert reasons_of(state, "discard R10 deck", "play Y4 deck") == (
        "it feeds player 2's red", "it opens yellow, with 16 in hand")


def test_a_play_that_leaves_a_lower_card_behind_is_said_of_that_play():
    state = deal("Y9 B2 B8 B10 W10 Gx R9 R10", "R7 B3 B4 W2 W5 G2 G3 Y2")
    assert reasons_of(state, "play B10 deck", "play B2 deck", "the AI") == (
        "your B2 can't follow it", "it opens blue, with 20 in hand")


def test_when_only_the_draw_differs_each_draw_is_weighed_where_it_was_made():
    def after(discard):
        state = deal("Y4 Y5 Y7 Bx Gx G5 R5 R10", "R7 B3 B4 W2 W5 G2 G3 " + discard)
        state.play(parse_move("play Y4 deck"))
        state.play(parse_move("discard %s deck" % discard))
        return state
    assert reasons_of(after("Y6"), "play Y5 deck", "play Y5 Y") == (None, "Y6 fits your yellow")
    nobodys = after("W3")  # nobody's expedition takes it
    assert reasons_of(nobodys, "play Y5 W", "play Y5 deck") == ("a deck card is worth more", None)
    assert reasons_of(nobodys, "play Y5 deck", "play Y5 W") == (None, "it leaves the deck at 42")


def test_the_laptops_review_says_why_under_the_move_played_and_beside_the_better_one(tmp_path):
    match, turn = round_with(0, feeding_discard)
    lines = review_text(match, 0, ME, "the AI").split("\n")
    played = next(at for at, line in enumerate(lines)
                  if line.startswith("  1. turn %d: discard" % (turn + 1)))
    assert lines[played].endswith(" points:")
    assert lines[played + 1].startswith("     it feeds the AI's ")
    assert lines[played + 2].startswith("     better: ") and "feeds" not in lines[played + 2]
    mistake = review.Review(5, match.deals[0], match.moves[0], ME).run()[0]
    assert lines[played + 2].endswith(": " + reasons.why_better(mistake, "the AI"))


def every_reason_worded():
    """A mistake for each pair of reasons :func:`reasons.reason` can give
    together, with the longest words each can take: purple's P10, a cost of
    three digits, "player 2", every draw."""
    from lostcities.rules import SOURCE_DECK, make_card
    longest = make_card(5, 10)
    cards_faults = (reasons.FEEDS, reasons.STILL_FITS, reasons.UNCARRIED, reasons.SKIPS,
                    reasons.ALONE, reasons.SHORT, reasons.UNSAID)
    pairs = [(fault, merit) for fault in cards_faults for merit in (
        reasons.CLIMBS, reasons.OPENS, reasons.SPARE, reasons.WEIGHED)]
    pairs += [(reasons.LAST_TURN, reasons.UNSAID), (reasons.DECK, reasons.UNSAID)]
    pairs += [(reasons.UNSAID, merit) for merit in (
        reasons.TAKES, reasons.DENIES, reasons.SLOWS, reasons.WEIGHED)]
    for fault, merit in pairs:
        for source in (SOURCE_DECK, 1):
            for better_source in (SOURCE_DECK, 1):
                for last in (False, True):
                    mistake = mistakes.Mistake.__new__(mistakes.Mistake)
                    mistake.move = make_move(longest, True, source)
                    mistake.taken = longest
                    mistake.last = last
                    mistake.cost = 143000
                    mistake.better = make_move(longest, True, better_source)
                    mistake.better_taken = longest
                    mistake.reason, mistake.card, mistake.number = fault, longest, 54
                    mistake.better_reason, mistake.better_card, mistake.better_number = (
                        merit, longest, 54)
                    yield mistake


def test_every_reason_fits_the_boards_page_with_both_moves():
    from lostcities.screens import LINE_H
    from lostcities.screens.review import BODY_Y, HAND_Y, mistake_text
    room = (HAND_Y - BODY_Y) // LINE_H
    for mistake in every_reason_worded():
        text = mistake_text(mistake, "player 2")
        assert len(text.split("\n")) <= room, text
        assert text.startswith("discard P10, ") and "\nBetter: " in text


# Well played -------------------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_round_of_hard_against_itself_reviews_as_well_played(seed):
    """(Not every one: hard's sampled hands and the hint's evaluation differ on
    some pile draws: docs/ai.md, "The review".)"""
    match = workloads.play(Match(5, 1, Rng(seed)),
                           lambda view, player, rng: ai.choose_move(view, "hard", rng),
                           (Rng(seed + 1000), Rng(seed + 2000)))
    for player in (0, 1):
        assert review.Review(5, match.deals[0], match.moves[0], player).run() == []
        assert "well played" in review_text(match, 0, player, "the AI")


def test_the_costliest_come_worst_first_at_most_three_and_none_cheap():
    match = workloads.play(Match(5, 1, Rng(4)),
                           lambda view, player, rng: ai.choose_move(view, "easy", rng),
                           (Rng(1), Rng(2)))
    for player in (0, 1):
        costs = [mistake.cost for mistake in review.Review(
            5, match.deals[0], match.moves[0], player).run()]
        assert len(costs) == review.KEPT  # easy errs more than three times a round
        assert costs == sorted(costs, reverse=True) and costs[-1] > review.WELL_PLAYED


# Step by step ------------------------------------------------------------------

def test_a_review_stopped_partway_is_the_review_of_the_moves_so_far():
    match = workloads.play(Match(5, 1, Rng(7)),
                           lambda view, player, rng: ai.choose_move(view, "medium", rng),
                           (Rng(1), Rng(2)))
    deal, moves = match.deals[0], match.moves[0]
    stepped = review.Review(5, deal, moves, ME)
    for steps in range(1, stepped.total + 1):
        assert stepped.step()
        assert stepped.reviewed == steps
        shorter = review.Review(5, deal, moves[:stepped.next], ME).run()
        assert [(m.turn, m.cost, m.better) for m in stepped.explain()] == [
            (m.turn, m.cost, m.better) for m in shorter]
    assert stepped.done() and not stepped.step()


# Honesty -------------------------------------------------------------------------

def hidden_places(match, player):
    """The places of the round's cards ``player`` never saw where they were:
    the opponent's first hand and the deck cards the opponent drew, each with
    the turn its card is first needed by (the opponent's play or discard of
    it, or never) and the turn it is dealt by (0, or its draw's)."""
    hand1, hand2, deck, start = match.deals[0]
    other = 1 - player
    places = [("hand", slot, 0) for slot in range(8)]
    state = state_before(match, 0)
    drawn = 0
    for turn, move in enumerate(match.moves[0]):
        if move_source(move) == 0:
            if state.to_move == other:
                places.append(("deck", drawn, turn + 1))
            drawn += 1
        state.apply(move)
    cards = [(hand1, hand2)[other][at] if part == "hand" else deck[at]
             for part, at, _ in places]
    needed = [next((turn for turn, move in enumerate(match.moves[0])
                    if move_card(move) == card and (start + turn) % 2 == other), NEVER)
              for card in cards]
    return places, cards, needed


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 40), st.lists(st.tuples(st.integers(0, 60), st.integers(0, 60)),
                                    max_size=40))
def test_the_review_is_the_same_for_any_deal_consistent_with_the_players_view(seed, swaps):
    """The opponent's hand and the deck's order changed in any way the player
    could not have seen (each card still with the opponent before they play
    it): the review is the same."""
    match = workloads.play(Match(5, 1, Rng(seed)),
                           lambda view, player, rng: ai.choose_move(view, "normal", rng),
                           (Rng(seed + 1), Rng(seed + 2)))
    places, cards, needed = hidden_places(match, ME)
    dealt_by = [turn for _, _, turn in places]
    for a, b in swaps:
        a %= len(cards)
        b %= len(cards)
        if dealt_by[b] <= needed[a] and dealt_by[a] <= needed[b]:
            cards[a], cards[b] = cards[b], cards[a]
            needed[a], needed[b] = needed[b], needed[a]
    hand1, hand2, deck, start = match.deals[0]
    hands = [bytearray(hand1), bytearray(hand2)]
    deck = bytearray(deck)
    for (part, at, _), card in zip(places, cards):
        if part == "hand":
            hands[THEM][at] = card
        else:
            deck[at] = card
    other = Match(5, 1)
    other.start_round(bytes(hands[0]), bytes(hands[1]), bytes(deck), start)
    for move in match.moves[0]:
        other.play(move)  # still legal: each card with the opponent in time

    def seen(deal):
        return [(m.turn, m.move, m.cost, m.better, m.hand, m.reason, m.card, m.number,
                 m.better_reason, m.better_card, m.better_number)
                for m in review.Review(5, deal, match.moves[0], ME).run()]
    assert seen(other.deals[0]) == seen(match.deals[0])


@pytest.mark.parametrize("colors, seed", workloads.REVIEW_ROUNDS)
def test_the_evaluation_reads_the_rounds_state_as_the_players_view(colors, seed):
    """The review loads the round's state itself, not the player's view: every
    move there is worth what it is worth in the view, at every turn."""
    deal, moves = workloads.ai_round(ai, colors, seed)
    state = State.from_deal(*deal, colors)

    def values(seen, player):
        position = Position(colors)
        sums = [None] * MOVE_KEYS
        position.load(seen, player)
        position.best_summed(sums)
        return position.best_value, {key_move(seen, player, key): value for key, value in
                                     enumerate(sums) if value is not None}

    for move in moves:
        player = state.to_move
        assert values(state, player) == values(state.view(player), player)
        state.apply(move)


# The laptop's words ----------------------------------------------------------------

def planted_record(tmp_path):
    match, turn = round_with(0, feeding_discard)
    path = tmp_path / "round.txt"
    path.write_text(write_record(match))
    return match, turn, str(path)


def test_replay_review_tells_both_players_their_costliest_moves(tmp_path, capsys):
    match, turn, path = planted_record(tmp_path)
    assert replay.main([path, "--review"]) == 0
    out = capsys.readouterr().out
    assert "Round 1, player 1's review" in out and "Round 1, player 2's review" in out
    assert "  1. turn %d: discard" % (turn + 1) in out
    assert "it feeds player 2's" in out
    assert "well played" in out  # player 2 played the hint throughout


def test_replay_review_json_gives_each_rounds_review(tmp_path, capsys):
    match, turn, path = planted_record(tmp_path)
    assert replay.main([path, "--review", "--json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["rounds"] == [list(match.scores[0])]
    assert [(r["round"], r["player"]) for r in found["reviews"]] == [(1, 1), (1, 2)]
    mine, theirs = found["reviews"]
    assert theirs == {"round": 1, "player": 2, "moves": theirs["moves"], "well_played": True,
                      "mistakes": []}
    assert not mine["well_played"] and mine["mistakes"][0]["turn"] == turn + 1
    first = mine["mistakes"][0]
    assert set(first) == {"turn", "played", "cost", "better", "reason", "better_reason", "hand"}
    assert first["reason"].startswith("it feeds player 2's ")  # the discard's, not the better's
    assert first["better_reason"] and "feeds" not in first["better_reason"]
    assert mine == review_json(parse_record(write_record(match)), 0, ME)


def test_a_review_of_an_unfinished_round_says_so(tmp_path):
    match, turn = round_with(0, feeding_discard)
    text = write_record(match).rsplit("\n", 12)[0] + "\n"  # the last moves cut
    assert "(unfinished)" in review_text(parse_record(text), 0, ME, "the AI")


# The board's screen --------------------------------------------------------------

def test_the_screen_steps_the_review_shows_each_move_and_leaves_by_the_callback():
    from lostcities.screens.review import ReviewScreen
    match, turn = round_with(0, feeding_discard)
    told = []
    left = []
    screen = ReviewScreen(None, review.Review(5, match.deals[0], match.moves[0], ME),
                          "the AI", lambda: left.append(True),
                          lambda done, total: told.append((done, total)))
    while screen.tick():
        pass
    total = screen.review.total
    assert told == [(done, total) for done in range(1, total + 1)]
    assert screen.heading.text == "Costly move 1/1: turn %d" % (turn + 1)
    body = " ".join(screen.body.text.split("\n"))
    # the discard's fault is said with it, before the better move
    assert body.index(": it feeds the AI's") < body.index("Better: ")
    assert body.startswith("discard ")
    screen.press(btn.A)
    assert left == [True]


def test_a_press_while_reviewing_shows_what_is_done_so_far():
    from lostcities.screens.review import ReviewScreen
    match, turn = round_with(0, feeding_discard)
    screen = ReviewScreen(None, review.Review(5, match.deals[0], match.moves[0], ME),
                          "the AI", lambda: None)
    screen.tick()
    screen.press(btn.DOWN)
    assert not screen.tick()  # stopped
    assert screen.review.reviewed == 1
    assert screen.heading.text == "Well played!"
    assert "Stopped at 1 of" in screen.body.text.replace("\n", " ")


# Judged while the round is played ---------------------------------------------------

def new_match(mode, rounds=1, level="normal"):
    """A Session at a new 6-colour match against ``level`` (or between two players)."""
    from host_sim.testing.firmware.microcontroller import ByteArray
    from host_sim.testing.firmware.scripted import save_settings
    from lostcities.saves.layout import NVM_SIZE
    from lostcities.saves.storage import Storage
    from lostcities.session import Session
    nvm = save_settings(ByteArray(NVM_SIZE), {"mode": mode, "level": level, "colors": 6,
                                              "rounds": rounds})
    session = Session(Storage(nvm), iter(range(50, 99)).__next__)
    session.new_match()
    session.prepare()  # as the table does once its picture shows
    return session


def played_to(session, moves, seed, phases):
    """``session`` played at random, with no tick (nothing judged while
    idle), until its round holds ``moves`` moves and its phase is one of
    ``phases``."""
    from lostcities.session import MOVE
    rng = Rng(seed)
    while len(session.match.moves[-1]) < moves or session.phase() not in phases:
        if session.phase() == MOVE:
            legal = session.match.state.legal_moves()
            session.play(legal[rng.randbelow(len(legal))])
        else:
            session.advance()


def played_round(mode, think_ms, rounds=1, level="normal", pass_ms=0):
    """A 6-colour match against ``level`` (or between two players) played
    through a Session up to its first round's scores, each person moving at
    random after ``think_ms`` without a press (the front end's ticks), the
    device passed in ``pass_ms`` (a tick each 100 ms), and the Session."""
    from lostcities.session import MOVE, PASS, SCORES
    session = new_match(mode, rounds, level)
    rng = Rng(9)
    while session.phase() != SCORES:
        if session.phase() == MOVE:
            session.tick(think_ms)
            moves = session.match.state.legal_moves()
            session.play(moves[rng.randbelow(len(moves))])
        else:
            if session.phase() == PASS:
                for idle_ms in range(100, pass_ms + 1, 100):
                    session.tick(idle_ms)
            session.advance()
        session.tick()
    return session


def words(mistakes):
    return [(m.turn, m.move, m.cost, m.better, m.reason, m.card, m.number, m.better_reason,
             m.better_card, m.better_number) for m in mistakes]


@pytest.mark.parametrize("level", ["normal", "hard"])  # hard lends its search's sums too
def test_against_the_ai_each_move_is_judged_before_the_ai_thinks(level):
    """Even a person who never pauses: the AI's turn, which they wait for
    anyway, judges the move they just played."""
    from lostcities.saving import THINKING_MS
    session = played_round("ai", 0, level=level)
    person = 1 - session.saved.ai_seat
    judged = session.advice.review(person)
    match = session.match
    last = (match.deals[-1][3] + len(match.moves[-1]) - 1) % 2  # who played the last move
    assert judged.reviewed == judged.total - (last == person)
    session.tick(THINKING_MS)  # the scores read: the last move judged too
    assert judged.done() and session.advice.review(person) is judged
    fresh = review.Review(6, match.deals[-1], match.moves[-1], person).run()
    assert words(judged.run()) == words(fresh) and fresh  # the same review, its words made last


def test_a_round_resumed_half_played_catches_up_while_the_person_thinks():
    """After Continue the round's review starts anew: each AI turn judges
    CATCH_UP of the person's moves at most (its wait stays the AI's), and a
    person still at the table judges the rest."""
    from lostcities.advice import CATCH_UP
    from lostcities.saving import THINKING_MS
    from lostcities.session import AI, MOVE
    session = new_match("ai")
    person = 1 - session.saved.ai_seat
    played_to(session, 40, 4, (MOVE,))
    session.leave()
    session.resume()
    session.prepare()
    moves = session.match.state.legal_moves()
    session.play(moves[0])
    assert session.phase() == AI
    session.advance()  # the AI's turn
    judged = session.advice.review(person)
    assert judged.reviewed == CATCH_UP < judged.total
    for _ in range(judged.total):
        session.tick(THINKING_MS)
    assert judged.done()


def test_two_players_are_not_judged_at_the_table():
    from lostcities.saving import THINKING_MS
    from lostcities.session import MOVE
    session = new_match("duel")
    played_to(session, 6, 5, (MOVE,))  # no tick: nothing judged at the passes
    for idle_ms in range(100, 3001, 100):
        session.tick(idle_ms)
    assert session.advice.reviews == [None, None] and session.advice.weighing is None


def test_two_players_are_judged_while_the_device_is_passed():
    session = played_round("duel", 0, pass_ms=2000)
    match = session.match
    last = 1 - match.state.to_move  # the round's last move was never passed on
    for player in (0, 1):
        judged = session.advice.review(player)
        assert judged.reviewed == judged.total - (player == last)
        fresh = review.Review(6, match.deals[-1], match.moves[-1], player).run()
        assert words(judged.run()) == words(fresh) and fresh
    assert session.advice.weighing is None  # the last pass's evaluation went with it


def test_each_pass_judges_a_move_however_short():
    """The pass's first tick makes the evaluation and judges a move, before the
    press taking the device: the round keeps pace but for the passes whose
    first tick saved (lostcities/saving.py: PASS_MOVES) and the last move."""
    from lostcities.saving import PASS_MOVES
    session = played_round("duel", 0, pass_ms=0)
    played = len(session.match.moves[-1])
    left = sum(session.advice.review(p).total - session.advice.review(p).reviewed
               for p in (0, 1))
    assert 1 <= left <= 1 + played // PASS_MOVES


@pytest.mark.parametrize("mode", ["ai", "duel"])
def test_nothing_is_judged_at_the_title_while_a_match_is_saved(mode):
    """The title lets the AI's and the evaluation's modules go: a review judged
    there would load them again, in a heap the title has in pieces."""
    from lostcities.session import MOVE, PASS
    session = new_match(mode)
    played_to(session, 4, 3, (MOVE, PASS))
    session.leave()  # the player goes to the title, the match saved
    for idle_ms in range(100, 3001, 100):
        session.tick(idle_ms)
    assert session.advice.reviews == [None, None] and session.advice.weighing is None
    session.resume()  # Continue: judged again, once the table is made
    session.prepare()
    for idle_ms in range(100, 3001, 100):
        session.tick(idle_ms)
    assert session.advice.reviews != [None, None]


def test_the_next_round_is_reviewed_afresh():
    from lostcities.saving import THINKING_MS
    session = played_round("ai", THINKING_MS, rounds=2)
    person = 1 - session.saved.ai_seat
    first = session.advice.review(person)
    session.advance()  # the next round dealt
    assert session.advice.review(person) is not first
    assert session.advice.review(person).moves is session.match.moves[-1]


# The board's interpreter -----------------------------------------------------------

REVIEW_ON_THE_BOARD = """
from lostcities.review import Review
for colors, deal, moves, player in %r:
    found = Review(colors, deal, moves, player).run()
    print([(m.turn, m.move, m.cost, m.better, m.reason, m.card, m.number,
            m.better_reason, m.better_card, m.better_number) for m in found])
"""


def test_the_boards_interpreter_reviews_a_record_as_the_laptop_does():
    try:
        cp.find_interpreter()
    except cp.CircuitPythonUnavailable as err:
        pytest.skip("CircuitPython tests skipped: %s" % err)
    cases = []
    for seed, level in ((5, "easy"), (6, "medium")):
        match = workloads.play(Match(6 if seed % 2 else 5, 1, Rng(seed)),
                               lambda view, player, rng: ai.choose_move(view, level, rng),
                               (Rng(1), Rng(2)))
        record = parse_record(write_record(match))  # a record replayed on the laptop
        for player in (0, 1):
            deal = tuple(bytes(part) if isinstance(part, (bytes, bytearray)) else part
                         for part in record.deals[0])
            cases.append((record.colors, deal, list(record.moves[0]), player))
    printed = cp.run_source(REVIEW_ON_THE_BOARD % (cases,), heap_kb=256).splitlines()
    assert printed == [repr([(m.turn, m.move, m.cost, m.better, m.reason, m.card, m.number,
                              m.better_reason, m.better_card, m.better_number)
                             for m in review.Review(*case).run()]) for case in cases]
    assert any(line != "[]" for line in printed)
