"""Perturb and watch on the real bundled checkpoints (marked `real`): tied SmolLM2, untied tiny-gpt-pydocs."""

import contextlib
import io

import numpy as np
import pytest
import torch

from dashboard.cli import main
from dashboard.forward.notebook import notebook_snippet
from dashboard.forward.perturbation import DEFAULT_PROMPT, RowChange, run_perturbation
from tests.shared_models import shared_forward_model, shared_tables, shared_tokenizer

pytestmark = pytest.mark.real


def _setup(name):
    return shared_tables(name), shared_tokenizer(name), shared_forward_model(name)


@pytest.fixture(scope="module")
def pydocs():
    return _setup("tiny-gpt-pydocs")


@pytest.fixture(scope="module")
def smollm2():
    return _setup("smollm2-135m")


@pytest.mark.parametrize("table", ["token", "head"])
def test_untied_bundled_gpt_moves_only_the_row_changed(pydocs, table):
    tables, tokenizer, model = pydocs
    result = run_perturbation(tables, tokenizer, "the", table, RowChange("noise", 0.5), DEFAULT_PROMPT, model)
    assert result.token == "␣the" and result.tying == "untied"
    assert not result.shared_storage and not result.other_table_changed
    changed = result.token_row_max_abs_change if table == "token" else result.head_row_max_abs_change
    untouched = result.head_row_max_abs_change if table == "token" else result.token_row_max_abs_change
    assert changed > 0 and untouched == 0.0
    assert result.token_shape == result.head_shape == (4096, 128)
    assert result.restored


def test_untied_bundled_gpt_top5_before_is_a_fresh_transformers_model(pydocs):
    from transformers import AutoModelForCausalLM

    tables, tokenizer, model = pydocs
    result = run_perturbation(tables, tokenizer, "the", "token", RowChange("zero"), DEFAULT_PROMPT, model)
    fresh = AutoModelForCausalLM.from_pretrained(tables.model_path, dtype=torch.float32).eval()
    with torch.no_grad():
        logits = fresh(input_ids=torch.tensor([list(result.prompt_ids)])).logits[0, -1]
    values, ids = torch.topk(torch.softmax(logits.double(), -1), 5)
    assert [c.id for c in result.top5_before] == ids.tolist()
    np.testing.assert_allclose([c.probability for c in result.top5_before], values.numpy(), rtol=1e-5)
    assert result.top5_after != result.top5_before  # the prompt ends in "the", whose row was zeroed


def test_notebook_snippet_on_a_bundled_model_gives_the_same_numbers(pydocs):
    """A folder (tiny-gpt-pydocs); the GGUF loader of the snippet runs on a tiny Llama GGUF in tests/forward
    (SmolLM2's own would build the 135M model a second time, half a minute more)."""
    tables, tokenizer, model = pydocs
    result = run_perturbation(tables, tokenizer, "the", "head", RowChange("noise", 0.5, seed=1), DEFAULT_PROMPT,
                              model)
    source = notebook_snippet(result, tables)
    # The bundled model by the name the CLI lists, not by where this server installed it.
    assert f"resolve_source({tables.name!r})" in source and tables.model_path not in source
    namespace: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(source, "<snippet>", "exec"), namespace)  # noqa: S102
    assert namespace["shared"] is result.shared_storage is False  # untied
    assert namespace["token_change"] == result.token_row_max_abs_change
    assert namespace["head_change"] == result.head_row_max_abs_change
    assert [i for i, _ in namespace["before"]] == [c.id for c in result.top5_before]
    assert namespace["after"][0][0] == result.top5_after[0].id


@pytest.mark.parametrize("table", ["token", "head"])
def test_tied_smollm2_moves_both_rows(smollm2, table):
    tables, tokenizer, model = smollm2
    result = run_perturbation(tables, tokenizer, "the", table, RowChange("noise", 0.5), DEFAULT_PROMPT, model)
    assert result.token == "␣the" and result.tying == "tied-implied"
    assert result.shared_storage and result.other_table_changed
    assert result.token_row_max_abs_change == result.head_row_max_abs_change > 0
    assert result.token_shape == result.head_shape == (49152, 576)
    assert result.restored
    token_table = model.module.get_input_embeddings().weight
    np.testing.assert_array_equal(token_table[result.token_id].detach().numpy(), tables.token[result.token_id])


def test_all_minilm_has_no_head_to_perturb(capsys):
    assert main(["perturb", "all-minilm-l6-v2", "--token", "cat", "--table", "token", "--json"]) == 2
    captured = capsys.readouterr()
    assert "has no output head" in captured.err and captured.out == ""
