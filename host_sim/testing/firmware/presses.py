"""The button presses a player makes on the table: shared by the host's harness and
the board rig (which runs inside CircuitPython's interpreter and must import no
game module before the game itself has: the imports below are inside functions)."""


def presses_for(table, move):
    """The button presses that make ``move`` on the table, from the PICK phase."""
    from lostcities import buttons as btn
    from lostcities.rules import move_card, move_discards, move_source, same_kind
    card = move_card(move)
    hand = table.hand
    slot = 0
    while not same_kind(hand[slot], card):
        slot += 1
    here = table.cursor[table.viewer]
    steps = (slot - here) % len(hand)
    if steps <= len(hand) // 2:
        presses = [btn.RIGHT] * steps
    else:
        presses = [btn.LEFT] * (len(hand) - steps)
    presses.append(btn.A)
    presses.append(btn.DOWN if move_discards(move) else btn.A)
    sources = table.draw_sources(card, move_discards(move))
    at = sources.index(move_source(move))
    presses += [btn.LEFT] * (len(sources) - 1 - at)
    presses.append(btn.A)
    return presses


def presses_from(table, move):
    """The presses that make ``move`` from the table's phase as it is (a card
    picked, or the draw begun, when the lesson's coach spoke in between);
    just A while the coach's words are on show (lostcities/coach.py)."""
    from lostcities import buttons as btn
    from lostcities.rules import move_card, move_discards, move_source, same_kind
    from lostcities.screens.table import ACTION, DRAW
    if table.coaching:
        return [btn.A]
    if table.step == ACTION:
        if not same_kind(table.chosen, move_card(move)):
            return [btn.B]
        return [btn.DOWN if move_discards(move) else btn.A]
    if table.step == DRAW:
        if not same_kind(table.chosen, move_card(move)) or table.discard != move_discards(move):
            return [btn.B]
        sources = table.sources
        at = sources.index(move_source(move))
        step = btn.LEFT if at < table.source_at else btn.RIGHT
        return [step] * abs(table.source_at - at) + [btn.A]
    return presses_for(table, move)


def table_waits_for(app):
    """What the table shown waits for: ``"pick"`` (a player's card), ``"end"``
    (A after the round's last move) or None (nothing, or not on the table)."""
    from lostcities.screens.table import SHOWN, PICK
    table = app.table
    if app.screen is not table:
        return None
    return "pick" if table.step == PICK else "end" if table.step == SHOWN else None


def think_ms(below):
    """How long a person thinks before a move, in ms (``below(n)``: a random
    number under n): the rigs' model of a person's pace, so that the saves
    made at pauses are counted as a person pauses. Most moves take 2-10 s, one
    in six 10-30 s, one in forty 1-3 minutes (a call, a drink)."""
    kind = below(40)
    if kind == 0:
        return 60000 + below(120000)
    if kind < 7:
        return 10000 + below(20000)
    return 2000 + below(8000)
