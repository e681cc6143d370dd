"""The Positions page through AppTest: learned tables, rotary models, widget state."""

import json

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.lessons.positions import view_frames as position_frames
from tests import factories
from tests.pages.app_test import open_app_page

PAGE = "pages/positions.py"


def _open(model: str | None = None, **session) -> AppTest:
    at = open_app_page(PAGE, model=model, session=session)
    assert not at.exception, [e.value for e in at.exception]
    return at


def _metrics(at):
    return {m.label: m.value for m in at.metric}


def _chart_count(at):
    return len(at.get("vega_lite_chart"))


def test_rotary_model_explains_itself_and_shows_its_frequencies(tmp_path):
    folder = factories.llama_folder(tmp_path / "llama")
    at = _open(str(folder))
    assert any("no position table" in i.value and "rotary" in i.value for i in at.info)
    assert any("rotates each pair of query and key" in m.value for m in at.markdown)
    metrics = _metrics(at)
    head_dim = factories.D_MODEL // 2  # the factory's Llama has 2 heads
    assert metrics["head dimension"] == str(head_dim) and metrics["rotated dimension pairs"] == str(head_dim // 2)
    assert not any("rotates only" in i.value for i in at.info)  # every dimension rotates
    assert metrics["rope_theta"] == "10,000"
    assert _chart_count(at) == 2 + 3  # frequencies and decay; the shift experiment's rotary, learned, sinusoidal
    assert any("section 3.4.3" in c.value for c in at.caption)


def test_random_gpt2_table_is_flagged_untrained_everywhere(tmp_path):
    # A freshly initialised model: every position row is still its random init.
    folder = factories.gpt2_folder(tmp_path / "gpt2")
    at = _open(str(folder))
    metrics = _metrics(at)
    assert metrics["n_positions"] == str(factories.N_POSITIONS)
    assert metrics["untrained-looking rows"] == str(factories.N_POSITIONS)
    assert abs(float(metrics["adjacent cosine mean"])) < 0.15
    warnings = [w.value for w in at.warning]
    assert any(w.startswith(f"All {factories.N_POSITIONS} positions look untrained") for w in warnings)
    assert not any("context of" in w for w in warnings)  # no run starts after position 0: no context to suggest
    # Heatmaps, offsets, shift experiment (learned, sinusoidal), 2D + 3D + variance twice, dims + spectrum twice,
    # norms twice, subspaces.
    assert _chart_count(at) == 2 + 1 + 2 + 6 + 4 + 2 + 1
    assert any("Full resolution" in c.value for c in at.caption)  # 48 positions need no averaging


def _untrained_gpt2_with_two_rows_alike(folder, *, tied: bool):
    """A freshly initialised GPT-2 (transformers) whose position rows 20 and 21 happen to be alike.

    So they pass the untrained test, and positions 22 to the end are a flagged run ending at the last row.
    """
    import torch

    from tests.format_factories import gpt2_model, save_hf

    model = gpt2_model(tied=tied)
    with torch.no_grad():
        wpe = model.transformer.wpe.weight
        wpe[21] = wpe[20] + 0.1 * wpe[21]
    return save_hf(model, folder)


@pytest.mark.parametrize("tied", [True, False])
@pytest.mark.parametrize("lang, most, nothing, context", [
    ("en", "46 of 48 positions look untrained, more than half of the table",
     "The 2 rows that pass the test (20-21) say nothing about the context used in training", "context of"),
    ("ko", "위치 48개 가운데 46개가 학습되지 않은 것처럼 보입니다. 테이블의 절반이 넘으므로",
     "검사를 통과한 행 2개(20-21)로는 학습 때 쓴 컨텍스트 길이를 알 수 없습니다", "였던 것 같습니다")], ids=["en", "ko"])
def test_an_untrained_table_whose_two_rows_pass_by_chance_suggests_no_context_length(tmp_path, tied, lang, most,
                                                                                   nothing, context):
    folder = _untrained_gpt2_with_two_rows_alike(tmp_path / "gpt2", tied=tied)
    at = open_app_page(PAGE, model=str(folder), query={"lang": lang})
    assert not at.exception, [e.value for e in at.exception]
    [verdict] = [w.value for w in at.warning if most in w.value]
    assert nothing in verdict and context not in verdict and "22" not in verdict
    intro = next(m.value for m in at.markdown if "PE[t, 2i]" in m.value)
    assert "were learned in training" not in intro and "학습으로 만들어진 값" not in intro  # it was never trained


def _chart_specs(at):
    return [json.loads(chart.proto.spec) for chart in at.get("vega_lite_chart")]


def test_widget_state_drives_the_views(tmp_path):
    folder = factories.bert_folder(tmp_path / "bert")
    at = _open(str(folder), **{position_frames.MEASURE_KEY: "dot", position_frames.CELLS_KEY: 64,
                              position_frames.DIMENSIONS_KEY: [0, 1]})
    titles = [spec.get("title") for spec in _chart_specs(at)]
    assert "dot similarity, learned" in titles and "dot similarity, sinusoidal reference" in titles
    assert any("Full resolution" in c.value for c in at.caption)  # 48 positions fit in 64 cells
    assert at.multiselect(key=position_frames.DIMENSIONS_KEY).value == [0, 1]
    assert any("Token-type table" in h.value for h in at.subheader)


@pytest.mark.real
def test_default_page_numbers():
    at = _open()
    metrics = _metrics(at)
    assert metrics["n_positions"] == "512" and metrics["d_model"] == "384"
    assert metrics["adjacent cosine mean"] == "0.851" and metrics["closeness to sinusoidal"] == "0.427"
    assert metrics["untrained-looking rows"] == "0"
    assert any("Block-averaged to 256 × 256 cells" in c.value and "2 × 2 block" in c.value for c in at.caption)
    assert any("Token-type table" in h.value for h in at.subheader)


def test_one_row_table_says_so_in_the_singular(tmp_path):
    import numpy as np
    from safetensors.numpy import save_file

    rng = np.random.default_rng(0)
    save_file({"transformer.wte.weight": rng.standard_normal((10, 8)).astype(np.float32),
               "transformer.wpe.weight": rng.standard_normal((1, 8)).astype(np.float32)}, tmp_path / "one.safetensors")
    at = _open(str(tmp_path / "one.safetensors"))
    assert [i.value for i in at.info] == ["The position table has only 1 row; the views below need at least 3."]


def _dataset_rows(chart) -> list[int]:
    import pyarrow as pa

    rows = [pa.ipc.open_stream(d.data.data).read_all().num_rows for d in chart.proto.datasets]
    spec = json.loads(chart.proto.spec)
    return rows + [len(v) for v in spec.get("datasets", {}).values()]


def test_long_table_is_drawn_thinned_and_says_so(tmp_path):
    # 6,000 positions: every line chart would carry 6,000 points a line;
    # statistics are computed on every row, the browser gets at most about 1,024 points a line.
    import numpy as np
    from safetensors.numpy import save_file

    from dashboard.lessons.positions.thinning import MAX_POINTS_PER_LINE

    rng = np.random.default_rng(0)
    n = 6_000
    steps = rng.standard_normal((n, 64)).astype(np.float32)  # a random walk: neighbours similar, so trained-looking
    save_file({"transformer.wte.weight": rng.standard_normal((50, 64)).astype(np.float32),
               "transformer.wpe.weight": np.cumsum(steps, axis=0) * 0.01}, tmp_path / "long.safetensors")
    at = _open(str(tmp_path / "long.safetensors"), **{position_frames.DIMENSIONS_KEY: [0, 1]})
    assert _metrics(at)["n_positions"] == "6,000"
    notes = [c.value for c in at.caption if "Thinned for drawing" in c.value]
    assert len(notes) == 4  # offsets, trajectories, dimensions + spectra, row norms
    assert any("offset curves (11,998 points drawn as" in note for note in notes)  # two curves of 5,999 offsets
    assert _metrics(at)["untrained-looking rows"] == "0"
    for chart in at.get("vega_lite_chart"):
        assert max(_dataset_rows(chart), default=0) <= 2 * 2 * MAX_POINTS_PER_LINE + 2
    trajectories = [spec for spec in _chart_specs(at) if "PCA trajectory" in json.dumps(spec.get("layer"))]
    assert len(trajectories) == 4
    assert all('"domain": [0, 5999]' in json.dumps(spec) for spec in trajectories)  # colours span every position


@pytest.mark.real
def test_smollm2_decay_covers_its_whole_context():
    at = _open("smollm2-135m")
    assert _metrics(at)["context length (config)"] == "8,192"
    decay = [c for c in at.get("vega_lite_chart") if "distance" in c.proto.spec and "curve" in c.proto.spec]
    assert len(decay) == 1
    assert max(_dataset_rows(decay[0])) <= 2 * 2 * 1024 + 2  # two curves, thinned
    captions = [c.value for c in at.caption if c.value.startswith("Distances 0 to")]
    assert captions and captions[0].startswith("Distances 0 to 8,192, the whole context.")
    assert "decay curves (16,386 points drawn as" in captions[0]
    # The page's own curve falls to its lowest near distance 7,700 and rises again: the caption says so.
    assert "does not fall steadily: it is lowest at distance 7,6" in captions[0]
    assert any("an upper bound on the score's size" in m.value and "not the score itself" in m.value
               for m in at.markdown)


def test_thinning_caption_counts_the_points_of_each_norm_chart(tmp_path):
    # Flagged rows are always drawn, so a learned table with an untrained tail draws far more norm points than
    # its sinusoidal reference; the caption gave the reference's count for both charts.
    import re

    import numpy as np
    from safetensors.numpy import save_file

    rng = np.random.default_rng(0)
    n, trained = 3_000, 1_000
    position = rng.standard_normal((n, 64)).astype(np.float32) * 0.02  # untrained tail: random rows
    position[:trained] = np.cumsum(rng.standard_normal((trained, 64)), axis=0) * 0.01
    save_file({"transformer.wte.weight": rng.standard_normal((50, 64)).astype(np.float32),
               "transformer.wpe.weight": position}, tmp_path / "tail.safetensors")
    at = _open(str(tmp_path / "tail.safetensors"), **{position_frames.DIMENSIONS_KEY: [0]})
    assert _metrics(at)["untrained-looking rows"] == str(n - trained)
    drawn = {}
    for chart in at.get("vega_lite_chart"):
        title = re.search(r'"Row norm by position, ([a-z ]+)"', chart.proto.spec)
        if title:
            drawn[title.group(1)] = max(_dataset_rows(chart))
    assert drawn["learned"] > n - trained > drawn["sinusoidal reference"]
    note = next(c.value for c in at.caption if "row norms" in c.value)
    said = {label: int(count.replace(",", "")) for label, count in
            re.findall(r"row norms, (learned|sinusoidal reference) \(3,000 points drawn as ([\d,]+)\)", note)}
    assert said == drawn, note


def test_a_link_reopens_the_same_settings_and_the_url_follows_the_widgets(tmp_path):
    folder = factories.bert_folder(tmp_path / "bert")
    at = open_app_page(PAGE, model=folder, query={"measure": "dot", "cells": "64", "dimensions": "3,1"})
    assert not at.exception and not any("Ignored from the link" in w.value for w in at.warning)
    assert at.radio(key=position_frames.MEASURE_KEY).value == "dot"
    assert at.select_slider(key=position_frames.CELLS_KEY).value == 64
    assert at.multiselect(key=position_frames.DIMENSIONS_KEY).value == [3, 1]
    at.radio(key=position_frames.MEASURE_KEY).set_value("cosine").run()
    assert at.query_params["measure"] == "cosine" and at.query_params["dimensions"] == "3,1"
    assert at.query_params["cells"] == "64"


@pytest.mark.parametrize("query", [{"dimensions": "0,999"}, {"cells": "100"}, {"measure": "l2"}])
def test_a_link_value_the_page_cannot_use_is_ignored_with_a_warning(tmp_path, query):
    folder = factories.bert_folder(tmp_path / "bert")
    at = open_app_page(PAGE, model=folder, query=query)
    assert not at.exception and "Ignored from the link" in at.warning[0].value


def test_bert_and_gpt2_say_what_their_first_block_receives(tmp_path):
    bert = _open(str(factories.bert_folder(tmp_path / "bert")))
    assert any("receives x_t = LayerNorm(token_embedding[id_t] + position_embedding[t] + token_type_embedding"
               in c.value for c in bert.caption)
    gpt2 = _open(str(factories.gpt2_folder(tmp_path / "gpt2")))
    assert any("receives x_t = token_embedding[id_t] + position_embedding[t]." in c.value for c in gpt2.caption)
    assert not any("LayerNorm(" in c.value for c in gpt2.caption)


@pytest.mark.parametrize("lang, no_table", [("en", "no position table"), ("ko", "테이블이 없습니다")])
def test_a_relative_position_model_says_it_has_no_table_once(tmp_path, lang, no_table):
    from tests import format_factories as ff

    folder = ff.save_hf(ff.t5_model(), tmp_path / "t5")
    at = open_app_page(PAGE, model=folder, query={"lang": lang})
    assert not at.exception and not at.error
    [message] = [i.value for i in at.info if "bias" in i.value or "편향" in i.value]
    assert message.count(no_table) == 1 and message.count("bias" if lang == "en" else "편향") == 1, message


def test_a_model_rotating_part_of_each_head_says_so_and_charts_only_those_pairs(tmp_path, capsys):
    from tests.cli.test_positions_cli import _neox_folder

    folder, _ = _neox_folder(tmp_path / "neox", rope_parameters={"rope_type": "default", "rope_theta": 10000.0,
                                                                 "partial_rotary_factor": 0.25})
    at = _open(str(folder))
    assert not at.exception
    assert _metrics(at)["rotated dimension pairs"] == "2"
    assert any("rotates only 4 of each head's 16 dimensions (0.25 × 16): 2 pairs" in i.value for i in at.info)
