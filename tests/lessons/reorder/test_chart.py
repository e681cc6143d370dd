"""Reorder charts, checked through their Vega-Lite spec."""

import numpy as np
import pandas as pd
import pytest

from dashboard.lessons.reorder.chart import (
    attention_heatmap_chart,
    next_token_chart,
    token_difference_chart,
    order_text_layout,
    token_order_chart,
)
from dashboard.checkpoints import load_tables
from dashboard.lessons.reorder.experiment import run_reorder_experiment
from dashboard.forward.loading import load_forward_model
from dashboard.checkpoints.tokenizer import load_tokenizer
from dashboard.lessons.reorder.view_frames import (
    attention_frame,
    next_token_frame,
    token_difference_frame,
    token_order_frame,
)
from tests import reorder_factories


@pytest.fixture(scope="module")
def gpt2(tmp_path_factory):
    tables = load_tables(reorder_factories.gpt2_with_words(tmp_path_factory.mktemp("gpt2") / "gpt2"))
    tokenizer = load_tokenizer(tables)
    experiment = run_reorder_experiment(tables, tokenizer, "the cat sat on the mat", "swap:1,5",
                                        load_forward_model(tables))
    return tables, experiment


def test_order_frame_joins_each_token_to_its_new_place(gpt2):
    _, experiment = gpt2
    frame = token_order_frame(experiment)
    moved = frame[frame.sentence == "permuted"].set_index("position")
    assert moved.loc[1, "token"] == "mat" and moved.loc[1, "token_index"] == 5
    spec = token_order_chart(frame).to_dict()
    assert {layer["mark"]["type"] for layer in spec["layer"]} == {"line", "text"}
    assert spec["layer"][0]["encoding"]["detail"]["field"] == "token_index"


def test_difference_frame_keeps_repeated_words_apart_and_chart_groups_by_setting(gpt2):
    _, experiment = gpt2
    frame = token_difference_frame(experiment, "model")
    assert len(frame) == 2 * 6 and {"0 the", "4 the"} <= set(frame.token)
    assert (frame.max_abs_diff >= 0).all()
    encoding = token_difference_chart(frame, title="final").to_dict()["encoding"]
    assert encoding["xOffset"]["field"] == "setting" and encoding["y"]["field"] == "max_abs_diff"
    assert encoding["x"]["sort"] == {"field": "position", "op": "min"}


def test_difference_chart_of_all_zeros_keeps_a_readable_axis():
    # Rotary models add nothing at lookup: every bar is zero, and Vega's own domain was [0, 0].
    frame = pd.DataFrame({"position": [0, 0, 1, 1], "token": ["a", "a", "b", "b"],
                          "setting": ["with positions", "without positions"] * 2, "max_abs_diff": 0.0})
    assert token_difference_chart(frame, title="lookup").to_dict()["encoding"]["y"]["scale"] == {"domain": [0, 1]}
    frame["max_abs_diff"] = [0.0, 0.0, 0.5, 0.0]
    assert token_difference_chart(frame, title="lookup").to_dict()["encoding"]["y"]["scale"] == {"zero": True}


@pytest.mark.parametrize("original_order", [False, True])
def test_attention_frame_rows_sum_to_one_and_heatmaps_share_a_fixed_scale(gpt2, original_order):
    _, experiment = gpt2
    frame = attention_frame(experiment, head=1, original_order=original_order)
    sums = frame.groupby(["setting", "sentence", "query"])["weight"].sum()
    np.testing.assert_allclose(sums, 1.0, atol=1e-5)
    permuted_keys = frame[frame.sentence == "permuted"].sort_values("key_position")["key"].unique()
    expected = experiment.tokens if original_order else experiment.permuted_tokens
    assert [k.split(" ", 1)[1] for k in permuted_keys] == list(expected)
    spec = attention_heatmap_chart(frame).to_dict()
    assert spec["spec"]["encoding"]["color"]["scale"]["domain"] == [0, 1]
    assert spec["facet"]["column"]["field"] == "sentence" and spec["facet"]["row"]["field"] == "setting"
    assert spec["resolve"]["scale"] == {"x": "independent", "y": "independent"}


def test_next_token_frame_and_chart(gpt2):
    tables, experiment = gpt2
    frame = next_token_frame(experiment, tables)
    assert len(frame) == 2 * 2 * 5 and frame.probability.between(0, 1).all()
    groups = frame.groupby(["setting", "sentence"])
    top = frame[frame["rank"] == 1].set_index(["setting", "sentence"])["probability"]
    assert top.sort_index().tolist() == groups["probability"].max().sort_index().tolist()
    spec = next_token_chart(frame).to_dict()
    assert spec["spec"]["encoding"]["x"]["field"] == "probability"
    assert spec["resolve"]["scale"] == {"y": "independent"}  # x shared: bars compare across panels


def _order_frame(tokens: list[str]) -> pd.DataFrame:
    n = len(tokens)
    return pd.DataFrame({"sentence": ["original"] * n + ["permuted"] * n, "position": list(range(n)) * 2,
                         "token": tokens + tokens[::-1], "token_index": list(range(n)) + list(range(n))[::-1],
                         "special": False})


def test_order_labels_stay_upright_and_large_for_a_short_sentence():
    assert order_text_layout(_order_frame("the cat sat on a mat".split())) == (14, 0, 170)


def test_order_labels_of_a_long_sentence_in_byte_pieces_are_turned_and_the_chart_grows():
    tokens = ["<0x20 0xEB>", "<0xA7>", "<0xA4>"] * 10  # a Korean sentence in a byte-level vocabulary: 30 pieces
    size, angle, height = order_text_layout(_order_frame(tokens))
    assert angle == 270 and height > 170
    assert height - 110 >= 2 * len("<0x20 0xEB>") * 0.6 * size  # room for the longest label in both rows
    spec = token_order_chart(_order_frame(tokens)).to_dict()
    text = next(layer for layer in spec["layer"] if layer["mark"]["type"] == "text")
    assert text["mark"]["angle"] == 270 and spec["height"] == height


def test_order_labels_shrink_before_they_turn():
    size, angle, _ = order_text_layout(_order_frame([f"tok{i}" for i in range(20)]))
    assert angle == 0 and size < 14
