"""What the terminal game reads: moves, settings, and the help that says how."""

from host_sim.records.notation import parse_card, parse_source
from lostcities import COLORS, LEVELS, MODES, RESUME_COSTS, RESUMES, ROUNDS
from lostcities.rules import make_move
from lostcities.saves.profile import CHOICES

QUIT_WORDS = ("q", "quit", "exit")
# The settings the menu changes, by the word typed, each with its values as typed
SETTINGS = {name: CHOICES[name] for name in ("mode", "level", "colors", "rounds", "resume")}

MENU_HELP = """\
  new              start a new match with these settings
  learn            a first round with a coach (5 colours, against easy)
  continue         resume the saved match
  mode %s    two players passing the keyboard, or you against the AI
  level LEVEL      the AI's level: %s
  colors %s       with or without purple
  rounds %s       match length
  resume WHEN      when a match is saved, and matches in the flash's life:
                   %s
  stats            statistics        rules   the rules in short
  erase            erase the saved match, the settings and the statistics
  quit             leave (a match in progress is always saved)""" % (
    "|".join(MODES), "|".join(LEVELS), "|".join(map(str, COLORS)),
    "|".join(map(str, ROUNDS)), ", ".join(
        "%s %s" % (name, cost.split()[0]) for name, cost in zip(RESUMES, RESUME_COSTS)))

MOVE_HELP = """\
Moves: play R7 deck   discard B3 G   (record notation: the card, then where to
       draw from: deck or a colour letter for that discard pile's top card)
Short: R7  = play R7, draw from the deck     R7 G  = play R7, draw the G pile
       d B3 = discard B3, draw from the deck  d B3 G = discard B3, draw G
       A wager is x (Bx). Lower case works too.
Piles: Y:Y7+3 is the yellow discard pile, Y7 on top of 3 more cards; Y:-- is empty.
Also:  hint  table  stats  rules  help  quit (back to the menu: the match stays saved)"""


def parse_setting(words, profile):
    """Apply ``mode ai``, ``level hard``, ``colors 6``, ``rounds 1`` or ``resume
    move`` to ``profile`` (Profile.change checks it): None, or what was wrong in words."""
    name = "colors" if words[0] == "colours" else words[0]
    if name not in SETTINGS:
        return "Unknown command %r; 'help' lists them." % words[0][:20]
    if len(words) != 2:
        return "%s takes one of: %s" % (words[0], ", ".join(map(str, SETTINGS[name])))
    try:
        profile.change(name, int(words[1]) if words[1].isdigit() else words[1])
    except ValueError as err:
        return str(err).replace(name, words[0], 1)
    return None


def parse_typed_move(words, colors):
    """A move from typed words: record notation, or ``[p|d] CARD [SOURCE]``.

    Case does not matter; a missing source means the deck.
    """
    verb = words[0].lower()
    discard = verb in ("d", "discard")
    if verb in ("p", "play", "d", "discard"):
        words = words[1:]
    if not 1 <= len(words) <= 2:
        raise ValueError("expected a card and a draw source, like 'play R7 deck'")
    try:
        card = parse_card(words[0][:1].upper() + words[0][1:].lower(), colors)
    except ValueError:
        raise ValueError("unknown card %r" % words[0][:20])  # as typed, not re-cased
    source = words[1] if len(words) == 2 else "deck"
    source = "deck" if source.lower() == "deck" else source.upper()
    return make_move(card, discard, parse_source(source, colors))

