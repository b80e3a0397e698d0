"""Players outside the game's AI, for the laptop's tools and tests: a random
and a heuristic bot (bots.py), the reference pool the AI is measured against
(reference.py) and the frozen copy of a former ``normal`` (frozen_normal.py).
Like the engine they run on CircuitPython's and MicroPython's interpreters too
(the tests' workloads), so they use only what those have."""
