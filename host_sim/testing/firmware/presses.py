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


def table_waits_for(app):
    """What the table shown waits for: ``"pick"`` (a player's card), ``"end"``
    (A after the round's last move) or None (nothing, or not on the table)."""
    from lostcities.screens.table import END, PICK
    table = app.table
    if app.screen is not table:
        return None
    return "pick" if table.phase == PICK else "end" if table.phase == END else None
