"""The Overview's row-norm histogram: computed once per table, over token rows only."""

import json
from pathlib import Path

import numpy as np
import pytest
import streamlit as st
from streamlit import dataframe_util
from streamlit.testing.v1 import AppTest

from dashboard import tables as contract
from dashboard.ui import state
from tests import factories
from tests import format_factories as ff

ROOT = Path(__file__).resolve().parents[2]


def _histogram_rows(at: AppTest) -> int:
    """Rows counted by the histogram, from the bins Streamlit sends (as Arrow)."""
    (dataset,) = at.get("vega_lite_chart")[0].proto.datasets
    return int(dataframe_util.convert_arrow_bytes_to_pandas_df(dataset.data.data)["rows"].sum())


def test_histogram_leaves_out_padding_rows_and_says_so(tmp_path):
    ff.nanogpt_checkpoint(tmp_path / "out", vocab_size=50304)  # GPT-2's 50,257 tokens padded to 50,304 rows
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params[state.MODEL_PARAM] = str(tmp_path / "out")
    at.run()
    assert not at.exception
    assert _histogram_rows(at) == 50257
    assert any("47 padding rows past the vocabulary" in c.value and "not counted" in c.value for c in at.caption)


def test_norms_are_computed_once_per_table_not_on_every_rerun(tmp_path, monkeypatch):
    calls = []
    real = contract.row_norms
    monkeypatch.setattr(contract, "row_norms", lambda table: calls.append(table.shape) or real(table))
    st.cache_data.clear()
    ff.nanogpt_checkpoint(tmp_path / "out")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params[state.MODEL_PARAM] = str(tmp_path / "out")
    at.run()
    at.run()
    assert not at.exception and len(calls) == 1


def test_row_norm_caption_gives_this_tables_median_and_spread(tmp_path):
    ff.nanogpt_checkpoint(tmp_path / "out", vocab_size=300)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params[state.MODEL_PARAM] = str(tmp_path / "out")
    at.run()
    assert not at.exception
    from dashboard.checkpoints import load_tables

    table = load_tables(tmp_path / "out").token.astype(np.float64)
    low, median, high = np.percentile(np.linalg.norm(table, axis=1), [5, 50, 95])
    caption = next(c.value for c in at.caption if c.value.startswith("How long each token's vector is"))
    assert f"median {median:.3g}" in caption and f"between {low:.3g} and {high:.3g}" in caption
    assert "cannot tell which rows those are here" in caption  # the general pattern is not claimed for this model


def _equal_copy_gpt2(folder: Path, tie_flag: bool | None) -> Path:
    """An untied GPT-2 whose stored head holds the token table's values; ``tie_flag`` None drops the key."""
    import json

    import torch
    from transformers import GPT2LMHeadModel

    from tests import factories

    factories.gpt2_folder(folder, tied=False)
    model = GPT2LMHeadModel.from_pretrained(folder)
    with torch.no_grad():
        model.lm_head.weight.copy_(model.transformer.wte.weight)
    model.save_pretrained(folder)
    config = json.loads((folder / "config.json").read_text())
    config.pop("tie_word_embeddings")
    if tie_flag is not None:
        config["tie_word_embeddings"] = tie_flag
    (folder / "config.json").write_text(json.dumps(config))
    return folder


def _overview(folder: Path) -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params[state.MODEL_PARAM] = str(folder)
    at.run()
    assert not at.exception
    return at


def test_equal_copy_that_the_config_unties_is_shown_untied_not_green(tmp_path):
    at = _overview(_equal_copy_gpt2(tmp_path / "copy", tie_flag=False))
    assert not at.success and not at.warning
    (info,) = [i.value for i in at.info if "untied" in i.value]
    assert info.startswith("**untied**") and "exactly today" in info and "two independent matrices" in info
    head = at.dataframe[0].value.set_index("component").loc["output head"]
    assert "currently equal to the token table" in head["note"]


def test_equal_copy_with_no_config_is_a_warning_that_values_cannot_tell(tmp_path):
    """A config.json without the flag is decided by its config class's default; a bare state dict has none."""
    from safetensors.torch import load_file, save_file

    folder = _equal_copy_gpt2(tmp_path / "copy", tie_flag=None)
    save_file(load_file(str(folder / "model.safetensors")), str(tmp_path / "bare.safetensors"))
    at = _overview(tmp_path / "bare.safetensors")
    assert not at.success
    (warning,) = [w.value for w in at.warning]
    assert warning.startswith("**tied (equal copy)**") and "equal values alone cannot tell" in warning


@pytest.mark.parametrize("make, kinds", [
    (factories.llama_folder,
     [("en", "rotary", "queries and keys are rotated"), ("ko", "회전 위치 임베딩(RoPE)", "어텐션 안에서 쿼리와 키를")]),
    (lambda path: ff.save_hf(ff.t5_model(), path),
     [("en", "relative", "a learned bias added to attention scores"), ("ko", "상대 위치 편향", "위치 사이의 거리에 따라")]),
], ids=["rotary", "relative"])
def test_the_position_line_of_a_model_without_a_table_names_its_kind_once(tmp_path, make, kinds):
    folder = make(tmp_path / "model")
    for lang, kind, note in kinds:
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
        at.query_params[state.MODEL_PARAM] = str(folder)
        at.query_params["lang"] = lang
        at.run()
        assert not at.exception
        line = next(md.value for md in at.markdown if md.value.startswith(f"**{kind}**"))
        assert line.startswith(f"**{kind}** — {note}") and line.count(kind) == 1 and line.count("RoPE") <= 1


def test_n_positions_of_a_rotary_model_is_none_with_the_context_its_config_gives(tmp_path):
    folder = factories.llama_folder(tmp_path / "model")
    context = json.loads((folder / "config.json").read_text())["max_position_embeddings"]
    for lang, expected in (("en", f"none (context {context:,})"), ("ko", f"없음(컨텍스트 {context:,})")):
        at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
        at.query_params[state.MODEL_PARAM] = str(folder)
        at.query_params["lang"] = lang
        at.run()
        assert not at.exception
        assert next(m.value for m in at.metric if m.label == "n_positions") == expected
    learned = factories.gpt2_folder(tmp_path / "gpt2")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params[state.MODEL_PARAM] = str(learned)
    at.run()
    rows = json.loads((learned / "config.json").read_text())["n_positions"]
    assert next(m.value for m in at.metric if m.label == "n_positions") == f"{rows:,}"


def test_a_head_the_checkpoint_lacks_is_a_warning_naming_it_missing(tmp_path):
    from safetensors.torch import load_file, save_file

    folder = factories.gpt2_folder(tmp_path / "nohead", tied=False)  # tie_word_embeddings=false
    weights = load_file(folder / "model.safetensors")
    save_file({k: v for k, v in weights.items() if not k.startswith("lm_head")}, folder / "model.safetensors",
              metadata={"format": "pt"})
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params[state.MODEL_PARAM] = str(folder)
    at.run()
    assert not at.exception
    (warning,) = [w.value for w in at.warning if "head missing" in w.value]
    assert r"tie\_word\_embeddings=false" in warning and "random values" in warning  # escaped markdown
    assert not any("head missing" in s.value for s in at.success)
