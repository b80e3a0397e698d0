"""Work that runs unchanged under CPython and under MicroPython.

The MicroPython tests and ``python -m host_sim bench`` run these same
functions in both interpreters (under MicroPython this file is copied in as
the top-level module ``workloads``), so both sides do exactly the same work.
"""

from host_sim.players import bots
from lostcities import rules
from lostcities.rng import Rng


def play(match, choose, rngs, each_turn=None):
    """Play ``match`` to its end; the match.

    Player p moves ``choose(view, p, rngs[p])`` from its own view (both rngs
    may be one Rng); ``each_turn(state)`` runs after every turn when given.
    """
    while not match.is_over():
        state = match.start_round()
        while not state.is_over():
            player = state.to_move
            match.play(choose(state.view(player), player, rngs[player]))
            if each_turn:
                each_turn(state)
    return match


def play_random(match, rngs, each_turn=None):
    """Play ``match`` to its end with random legal moves (see :func:`play`)."""
    return play(match, lambda view, player, rng: bots.random_move(view, rng), rngs, each_turn)


def random_match(colors, seed, rounds=3):
    """Play a whole match of random legal moves; return its digest, one line.

    Each player draws from its own Rng and decides from its own view. The
    digest has every round's scores, turn counts, deals and moves: equal
    digests mean the two interpreters played exactly the same match.
    """
    match = play_random(rules.Match(colors, rounds, Rng(seed)),
                        (Rng(seed + 1000), Rng(seed + 2000)))
    deals = [list(hand1) + list(hand2) + list(deck) + [start]
             for hand1, hand2, deck, start in match.deals]
    return "colors %d seed %d scores %r totals %r winner %r turns %r deals %r moves %r" % (
        colors, seed, match.scores, match.totals(), match.winner(),
        [len(moves) for moves in match.moves], deals, match.moves)


def ai_match(ai, colors, seed, levels, rounds=3):
    """A whole match between two AI levels (``levels[0]`` is player 1); its digest.

    Each side decides from its own view with its own Rng, no clock: equal
    digests mean both interpreters made exactly the same decisions."""
    match = play(rules.Match(colors, rounds, Rng(seed)),
                 lambda view, player, rng: ai.choose_move(view, levels[player], rng),
                 (Rng(seed + 1000), Rng(seed + 2000)))
    return "colors %d seed %d levels %r scores %r moves %r" % (
        colors, seed, levels, match.scores, [list(moves) for moves in match.moves])


# The rounds whose review the bench times against its goal for a whole round on the
# board: (colours, seed) of a typical round of five colours (69 moves) and a long
# one of six (162 moves, past the turn limit), each normal against itself
REVIEW_ROUNDS = ((5, 7), (6, 3))


def ai_round(ai, colors, seed, levels=("normal", "normal")):
    """One round of ``levels`` dealt from ``seed``: its deal (as ``Match.deals``
    keeps it) and its moves."""
    match = rules.Match(colors, 1, Rng(seed))
    state = match.start_round()
    rngs = (Rng(seed + 1000), Rng(seed + 2000))
    while not state.is_over():
        player = state.to_move
        match.play(ai.choose_move(state.view(player), levels[player], rngs[player]))
    return match.deals[0], list(match.moves[0])


def playouts(state, count, rng):
    """Play ``count`` rounds of random legal moves to the end from ``state``.

    Each playout starts from a copy made with ``copy_into`` (as a searching AI
    does); returns the total number of turns played.
    """
    scratch = state.copy()
    turns = 0
    for _ in range(count):
        state.copy_into(scratch)
        while scratch.deck_len:
            moves = scratch.legal_moves()
            scratch.apply(moves[rng.randbelow(len(moves))])
        turns += scratch.turns
    return turns


def copies(state, count):
    """Copy ``state`` ``count`` times with ``State.copy``."""
    for _ in range(count):
        state.copy()


def positions(count, colors=5):
    """``count`` positions from random rounds, as the view of the player to move.

    Position ``i`` is a fresh deal played on by random moves until the draw pile
    holds ``1 + (i * 7) % 43`` cards (at most 300 turns): openings, middle
    games and round ends alike, so that ``hard``'s endgame search (deck of 10
    cards or fewer) is measured too.
    """
    views = []
    for i in range(count):
        rng = Rng(i)
        state = rules.deal(rng, colors, i % 2)
        target = 1 + (i * 7) % 43
        turns = 0
        while state.deck_len > target and turns < 300:
            moves = state.legal_moves()
            state.apply(moves[rng.randbelow(len(moves))])
            turns += 1
        views.append(state.view(state.to_move))
    return views


def decisions(ai, level, views):
    """The moves ``ai.choose_move`` picks on ``views`` (its Rng seeded by index)."""
    return [ai.choose_move(views[i], level, Rng(i)) for i in range(len(views))]


def decision_times(ai, level, views, now):
    """Milliseconds each ``ai.choose_move`` takes on ``views`` (Rng seeded by index).

    ``now`` returns milliseconds as a number. No clock is passed to the AI, so
    every decision does its full, iteration-capped work.
    """
    times = []
    for i in range(len(views)):
        rng = Rng(i)
        start = now()
        ai.choose_move(views[i], level, rng)
        times.append(now() - start)
    return times


def worst_endgame(colors=5, deck=5):
    """The view of a round with ``deck`` cards left where a search does the most
    work (``hard`` with 5).

    Every discard so far was a player's highest card, drawn for from the deck:
    no expedition is started, so every hand card can be played or discarded,
    and every discard pile has a top to draw, so each evaluation weighs every
    move there is; with 5 cards left every playout of hard runs its full plies.
    """
    state = rules.deal(Rng(1), colors, 0)
    while state.deck_len > deck:
        hand = state.hand(state.to_move)
        highest = hand[0]
        for card in hand:
            if card % rules.CARDS_PER_COLOR > highest % rules.CARDS_PER_COLOR:
                highest = card
        state.apply(rules.make_move(highest, True, rules.SOURCE_DECK))
    return state.view(state.to_move)
