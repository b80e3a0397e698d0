"""The laptop side: the simulator and the command-line tools.

The game's modules import ``micropython.const`` as on the board. In ``.venv``
Blinka provides that module; on a bare Python (a bot started with the system's
``python``) this package stands in the one function the game uses.
"""

try:
    import micropython  # noqa: F401  (Blinka's, on the host)
except ImportError:
    import sys
    import types

    _shim = types.ModuleType("micropython")
    _shim.const = lambda value: value
    sys.modules["micropython"] = _shim
