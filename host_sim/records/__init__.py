"""Text for the laptop's tools: moves and cards in notation (notation.py,
``play R7 deck``) and whole game records (record.py, docs/formats.md)."""
