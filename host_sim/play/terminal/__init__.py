"""The terminal game: ``python -m host_sim --tty [--seed S] [--save FILE] [--record FILE]``.

The same matches as the screens, walked through the same
:class:`~lostcities.session.Session` phases: ``game.py`` is the loop (the
menu, and a match phase by phase), ``drawing.py`` what it prints, ``typing.py``
what it reads (moves, settings, the help texts).
"""

from host_sim.play.terminal.game import TtyGame, main  # noqa: F401
