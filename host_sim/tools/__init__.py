"""The command-line tools: ``python -m host_sim TOOL`` (replay, tournament, bot,
bench, bundle, screenshot)."""
