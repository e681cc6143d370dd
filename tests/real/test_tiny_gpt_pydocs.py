"""The bundled GPT trained here, tiny-gpt-pydocs, read for real (marked `real`).

Checks the issue's contract: an untied GPT-2 with a learned position table that
training has shaped (mean adjacent-position cosine at least 0.5), shipped
under 20 MB, and the same weights exported once as a nanoGPT ``ckpt.pt``.
"""

from pathlib import Path

import numpy as np
import pytest
import torch

from dashboard.checkpoints import load_tables
from dashboard.checkpoints.bundled import find_bundled
from scripts.default_gpt.nanogpt import COMPILED_PREFIX, TRANSPOSED
from scripts.default_gpt.quality import adjacent_position_cosine

pytestmark = pytest.mark.real

NAME = "tiny-gpt-pydocs"
FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / NAME / "ckpt.pt"


@pytest.fixture(scope="module")
def tables():
    return load_tables(NAME)


def test_registered_with_card():
    bundled = find_bundled(NAME)
    assert bundled is not None and bundled.format == "hf-safetensors"
    assert bundled.path.is_dir() and bundled.card.is_file()
    assert "untied" in bundled.description and "learned positions" in bundled.description


def test_shipped_folder_stays_under_20_mb():
    folder = find_bundled(NAME).path
    weights = sum(p.stat().st_size for p in folder.iterdir() if p.is_file())
    assert weights < 20 * 2**20, f"{folder} holds {weights:,} bytes"
    assert {"model.safetensors", "config.json", "tokenizer.json"} <= {p.name for p in folder.iterdir()}


def test_loads_as_untied_gpt2_with_the_evidence(tables):
    assert tables.architecture == "gpt2" and tables.hyperparameters["causal"] is True
    assert tables.position_kind == "learned" and tables.n_positions == 256
    assert tables.vocabulary.scheme == "byte-level-bpe" and len(tables.vocabulary) == tables.vocab_size
    assert tables.tying.verdict == "untied" and tables.tying.config_note is None
    assert tables.output_head is not None and tables.output_head.shape == tables.token.shape
    largest = float(np.max(np.abs(tables.output_head - tables.token)))
    assert largest > 0 and tables.tying.max_abs_diff == pytest.approx(largest)
    assert f"{largest:.4g}" in tables.tying.evidence


def test_parity_with_transformers(tables):
    from transformers import GPT2LMHeadModel

    model = GPT2LMHeadModel.from_pretrained(find_bundled(NAME).path, local_files_only=True)
    assert model.config.tie_word_embeddings is False
    np.testing.assert_array_equal(tables.token, model.transformer.wte.weight.detach().numpy())
    np.testing.assert_array_equal(tables.position, model.transformer.wpe.weight.detach().numpy())
    np.testing.assert_array_equal(tables.output_head, model.lm_head.weight.detach().numpy())
    assert tables.total_parameters == sum(p.numel() for p in model.parameters())


def test_position_table_is_shaped_by_training(tables):
    cosine = adjacent_position_cosine(tables.position)
    assert cosine >= 0.5
    card = find_bundled(NAME).card.read_text(encoding="utf-8")
    assert f"**{cosine:.3f}**" in card  # the card reports what the weights hold


def test_no_position_looks_untrained(tables):
    # The table starts at zero and every row gets a gradient on every step (model card), so every row was
    # written by training. Position 0 and the low-norm rows where the main direction changes sign (about
    # 100-126) are unlike their neighbours but strongly like other rows; they were flagged "untrained".
    from dashboard.analysis.untrained_rows import untrained_positions

    assert untrained_positions(np.asarray(tables.position, dtype=np.float64)) == []


def test_overview_page_shows_untied_with_the_evidence(tables):
    from streamlit.testing.v1 import AppTest

    from dashboard.ui import state

    at = AppTest.from_file(str(Path(__file__).resolve().parents[2] / "app.py"), default_timeout=120)
    at.query_params[state.MODEL_PARAM] = NAME
    at.run()
    assert not at.exception
    assert at.metric[0].value == "4,096" and at.metric[2].value == "256"
    info = " ".join(s.value for s in at.info)
    assert "untied" in info and f"{tables.tying.max_abs_diff:.4g}" in info


def test_fixture_checkpoint_holds_the_shipped_weights(tables):
    checkpoint = torch.load(FIXTURE, weights_only=True)
    args = checkpoint["model_args"]
    assert (args["vocab_size"], args["n_embd"], args["block_size"]) == (tables.vocab_size, tables.d_model, 256)
    state = checkpoint["model"]
    assert all(key.startswith(COMPILED_PREFIX) for key in state)
    np.testing.assert_array_equal(state[COMPILED_PREFIX + "transformer.wte.weight"].numpy(), tables.token)
    np.testing.assert_array_equal(state[COMPILED_PREFIX + "transformer.wpe.weight"].numpy(), tables.position)
    np.testing.assert_array_equal(state[COMPILED_PREFIX + "lm_head.weight"].numpy(), tables.output_head)
    assert any(key.endswith(TRANSPOSED) for key in state)
    assert FIXTURE.stat().st_size < 10 * 2**20


def test_hf_folder_and_nanogpt_ckpt_give_the_same_tables(tables):
    exported = load_tables(FIXTURE)
    np.testing.assert_array_equal(exported.token, tables.token)
    np.testing.assert_array_equal(exported.position, tables.position)
    np.testing.assert_array_equal(exported.output_head, tables.output_head)
    assert exported.tying.verdict == "untied"
