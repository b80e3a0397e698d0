"""Lost Cities for CircuitPython handhelds: engine, AI, screens and saving."""

__version__ = "0.1.0"
