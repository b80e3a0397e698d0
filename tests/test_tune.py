"""The tuner reads, sets and prints the evaluation's weights as the evaluation holds them."""

from host_sim.dev import tune
from lostcities import evaluation


def test_the_tempo_table_prints_as_the_source_it_came_from():
    printed = {}
    exec(tune.tempo_source(tune.start_weights()), printed)
    assert printed["_TEMPO"] == evaluation._TEMPO


def test_set_weights_moves_a_tempo_entry_and_gives_it_back():
    today = tune.start_weights()
    moved = dict(today)
    moved["_TEMPO[12]"] = today["_TEMPO[12]"] + 1000
    try:
        tune.set_weights(moved)
        assert ((evaluation._TEMPO[12] - evaluation._TEMPO_ZERO) * evaluation._TEMPO_UNIT
                == moved["_TEMPO[12]"])
        assert tune.start_weights() == moved
    finally:
        tune.set_weights(today)
    assert tune.start_weights() == today


def test_set_weights_sets_a_weight_where_the_evaluation_reads_it():
    from lostcities import knowledge
    today = tune.start_weights()
    moved = dict(today)
    moved["_THEIR_PILE"] = today["_THEIR_PILE"] + 150
    try:
        tune.set_weights(moved)
        assert knowledge._THEIR_PILE == moved["_THEIR_PILE"]
    finally:
        tune.set_weights(today)
    assert knowledge._THEIR_PILE == today["_THEIR_PILE"]
