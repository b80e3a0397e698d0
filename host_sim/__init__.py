"""The laptop side, in rooms: ``play`` (the simulator, the terminal game, the save
file), ``tools`` (replay, tournament, bot, bench, bundle, screenshot), ``dev``
(assets, the README's pictures, the UI bench, tuning, samples) and ``testing``
(the harness, the interpreters' runners, workloads, firmware stand-ins).

The game's modules import ``micropython.const`` as on the board. In ``.venv``
Blinka provides that module; on a bare Python (a bot started with the system's
``python``) this package stands in the one function the game uses.

Blinka's "GENERIC_X86 is not fully supported" warning (harmless: the host
needs no pins) and pygame's banner are kept off the tools' output. Where the
host packages are missing, a tool says which command runs it instead of a
traceback.
"""

import sys as _sys

# The boards' interpreters import host_sim.players only (the tests' workloads
# play its bots there): what follows is the laptop's.
if _sys.implementation.name == "cpython":
    import os as _os

    # The repository's root: lostcities/, assets/, code.py beside host_sim/.
    ROOT = _os.path.dirname(_os.path.dirname(_os.path.abspath(__file__)))
    # The exit status of a tool stopped by Ctrl-C: 128 + SIGINT, as a shell reports it
    INTERRUPTED = 130

    _os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

    def counted(number, noun, plural=None):
        """``1 turn``, ``2 turns``: a count and its noun, for the tools' messages."""
        return "%d %s" % (number, noun if number == 1 else plural or noun + "s")

    def number_in(low, high, kind=int):
        """An argparse ``type``: a number from ``low`` to ``high`` (a float ``kind``:
        more than ``low``), else a usage error that says so in one line."""
        import argparse
        import math

        def check(text):
            try:
                value = kind(text)
            except ValueError:
                value = None
            if kind is float:
                fits = value is not None and math.isfinite(value) and low < value <= high
                wanted = "a number of seconds above %g and at most %g" % (low, high)
            else:
                fits = value is not None and low <= value <= high
                wanted = "a whole number from %d to %d" % (low, high)
            if not fits:
                raise argparse.ArgumentTypeError("%r is not %s" % (text, wanted))
            return value
        return check

    try:
        __import__("micropython")  # Blinka's, on the host (no name bound here:
        # host_sim.testing.micropython is this package's own MicroPython runner)
    except ImportError:
        import types as _types

        _shim = _types.ModuleType("micropython")
        _shim.const = lambda value: value
        _sys.modules["micropython"] = _shim
    else:
        import contextlib as _contextlib
        import io as _io

        with _contextlib.redirect_stdout(_io.StringIO()):  # its warning, printed twice
            __import__("microcontroller")

    def _missing_package_hook(kind, error, trace, _default=_sys.excepthook):
        """A package the host needs is missing: the command to run, not a traceback."""
        missing = (getattr(error, "name", None) or "").split(".")[0]
        if not issubclass(kind, ModuleNotFoundError) or missing in ("", "host_sim", "lostcities"):
            _default(kind, error, trace)
            return
        spec = getattr(_sys.modules.get("__main__"), "__spec__", None)
        module = spec.name if spec else "host_sim"
        if module.endswith(".__main__"):
            module = module[:-len(".__main__")]
        import shlex
        tool = _sys.argv[1] if len(_sys.argv) > 1 and not _sys.argv[1].startswith("-") else None
        installs = ("make play" if module == "host_sim" and tool is None else
                    "make bundle" if module == "host_sim" and tool == "bundle" else "make test")
        print("No module named %r: this needs the host packages. '%s' installs them in"
              " .venv once; then run: .venv/bin/python -m %s" % (
                  missing, installs, shlex.join([module] + _sys.argv[1:])), file=_sys.stderr)

    _sys.excepthook = _missing_package_hook
