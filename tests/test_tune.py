"""The tuner reads, sets and prints the evaluation's weights as the evaluation holds them."""

from host_sim.dev import tune
from lostcities import evaluation


def test_the_tempo_table_prints_as_the_source_it_came_from():
    printed = {}
    exec(tune.tempo_source(tune.start_weights()), printed)
    assert printed["TEMPO"] == evaluation.TEMPO


def test_set_weights_moves_a_tempo_entry_and_gives_it_back():
    today = tune.start_weights()
    moved = dict(today)
    moved["TEMPO[12]"] = today["TEMPO[12]"] + 1000
    try:
        tune.set_weights(moved)
        assert ((evaluation.TEMPO[12] - evaluation.TEMPO_ZERO) * evaluation.TEMPO_UNIT
                == moved["TEMPO[12]"])
        assert tune.start_weights() == moved
    finally:
        tune.set_weights(today)
    assert tune.start_weights() == today


def test_set_weights_sets_a_weight_where_the_evaluation_reads_it():
    from lostcities import knowledge
    today = tune.start_weights()
    moved = dict(today)
    moved["THEIR_PILE"] = today["THEIR_PILE"] + 150
    try:
        tune.set_weights(moved)
        assert knowledge.THEIR_PILE == moved["THEIR_PILE"]
    finally:
        tune.set_weights(today)
    assert knowledge.THEIR_PILE == today["THEIR_PILE"]
