"""The "Where training starts" page through AppTest, on tables whose spread the test sets."""

import json

import numpy as np
import pytest
import torch
from safetensors.torch import save_file
from streamlit.testing.v1 import AppTest

from tests import factories
from tests.pages.app_test import open_app_page

PAGE = "pages/initialisation.py"


def _open(model, **session) -> AppTest:
    at = open_app_page(PAGE, model=str(model), session=session)
    assert not at.exception, [e.value for e in at.exception]
    return at


def _text(at) -> str:
    return "\n".join(e.value for kind in (at.subheader, at.markdown, at.caption) for e in kind)


def _metrics(at):
    return {m.label: m.value for m in at.metric}


@pytest.mark.parametrize("std, closest", [(1.0, "N(0, 1)"), (0.02, "N(0, 0.02)"), (0.125, "N(0, 1/√d_model)")])
def test_a_table_drawn_from_an_initialisation_is_found_closest_to_it(tmp_path, std, closest):
    rng = np.random.default_rng(0)
    d_model = 64  # 1/sqrt(64) = 0.125
    path = tmp_path / f"table-{std}.safetensors"
    save_file({name: torch.from_numpy(rng.normal(0, std, (rows, d_model)).astype(np.float32))
               for name, rows in (("transformer.wte.weight", 500), ("transformer.wpe.weight", 32))}, str(path))
    at = _open(path)
    metrics = _metrics(at)
    assert metrics["nearest initialisation scale"] == closest and metrics["d_model"] == "64"
    assert float(metrics["std of the entries"]) == pytest.approx(std, rel=0.02)
    assert f"{closest} is the closest in standard deviation" in _text(at)
    assert "it does not say which initialisation the model started from" in _text(at)  # not read as the one used


def test_gpt2_says_it_does_not_scale_by_sqrt_d_model(tmp_path):
    at = _open(factories.gpt2_folder(tmp_path / "gpt2", tied=False))
    text = _text(at)
    d = factories.D_MODEL
    assert f"d_model of {d} that factor would be {np.sqrt(d):.4g}" in text
    assert "`gpt2` does not: its first block receives the stored rows unscaled" in text
    assert [r.label for r in at.radio] == ["Table"] and at.radio[0].options == ["token table", "output head",
                                                                                "position table"]


def test_the_bundled_step_zero_tables_stand_beside_the_loaded_one(tmp_path):
    at = _open(factories.gpt2_folder(tmp_path / "gpt2"))
    spec = json.loads(at.get("vega_lite_chart")[1].proto.spec)
    assert "Row norms" in json.dumps(spec.get("title"))
    assert "bundled GPT at step 0: token table" in at.dataframe[0].value["name"].tolist()
    assert any("position table at step 0 is all zeros" in c.value for c in at.caption)


def test_a_zero_table_is_said_to_start_at_zero(tmp_path):
    path = tmp_path / "zero.safetensors"
    save_file({"transformer.wte.weight": torch.randn(50, 8), "transformer.wpe.weight": torch.zeros(16, 8)}, str(path))
    at = _open(path, init_table="position table")
    assert "Every entry of the position table is zero: it starts at zero, not at random." in _text(at)
