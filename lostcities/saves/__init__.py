"""The saves in the board's NVM: each module is loaded alone, when needed
(lostcities/memory.py says when), so this package imports nothing."""
