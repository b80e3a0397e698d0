"""Lost Cities for CircuitPython handhelds: engine, AI, screens and saving."""

__version__ = "0.1.0"
# The boards it runs on, by ``board.board_id``: code.py checks, the bundle is
# built against each one's firmware modules.
BOARDS = ("pybadge", "edgebadge", "pygamer")


def forget(name):
    """Drop module ``name`` and its submodules as if never imported, so that
    their code leaves the board's heap; the next import loads them afresh.

    The app forgets the screens of the menus while a match is on and those of
    the match at the title. On CPython (the laptop) it does nothing: memory
    is plentiful there, and a module loaded twice would give tools and tests
    two copies of its classes."""
    import sys
    if sys.implementation.name == "cpython":
        return
    for loaded in list(sys.modules):
        if loaded == name or loaded.startswith(name + "."):
            del sys.modules[loaded]
    package, _, leaf = name.rpartition(".")
    parent = sys.modules.get(package)
    if parent is not None and leaf in parent.__dict__:
        delattr(parent, leaf)
