"""Developer scripts: the assets, the README's pictures, the UI bench, the AI's
tuning and the sample record (each listed by ``python -m host_sim``)."""
