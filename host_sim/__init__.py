"""The laptop side: the simulator and the command-line tools."""
