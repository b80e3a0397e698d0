"""The tuner reads, sets and prints the evaluation's weights as the evaluation holds them."""

import pytest

from host_sim.dev import tune
from lostcities import evaluation


@pytest.mark.parametrize("name", sorted(tune.TABLES))
def test_a_table_prints_as_the_source_it_came_from(name):
    printed = {}
    exec(tune.table_source(tune.start_weights(), name), printed)
    assert printed[name] == getattr(evaluation, name)


@pytest.mark.parametrize("entry", ["_TEMPO[12]", "_PHASE[5]"])
def test_set_weights_moves_a_table_entry_and_gives_it_back(entry):
    today = tune.start_weights()
    moved = dict(today)
    moved[entry] = today[entry] + 500
    try:
        tune.set_weights(moved)
        assert tune.start_weights() == moved
    finally:
        tune.set_weights(today)
    assert tune.start_weights() == today
