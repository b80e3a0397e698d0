"""The laptop side: the simulator and the command-line tools.

The game's modules import ``micropython.const`` as on the board. In ``.venv``
Blinka provides that module; on a bare Python (a bot started with the system's
``python``) this package stands in the one function the game uses.
"""

import sys as _sys

try:
    __import__("micropython")  # Blinka's, on the host (no name bound here:
    # host_sim.micropython is this package's own MicroPython runner)
except ImportError:
    import types as _types

    _shim = _types.ModuleType("micropython")
    _shim.const = lambda value: value
    _sys.modules["micropython"] = _shim
