"""Perturb and watch against an independent transformers computation, on tiny GPT-2 and Llama folders."""

import contextlib
import io
import re
import shutil

import numpy as np
import pytest
import torch

from dashboard.checkpoints import load_tables
from dashboard.checkpoints.tokenizer import load_tokenizer
from dashboard.errors import NoOutputHeadError, QueryError
from dashboard.forward.loading import load_forward_model
from dashboard.forward.notebook import notebook_snippet
from dashboard.forward.perturbation import RowChange, run_perturbation
from tests import reorder_factories

PROMPT = "the cat sat on a"
CAT = reorder_factories.WORDS.index("cat")


MAKERS = {"gpt2": reorder_factories.gpt2_with_words, "llama": reorder_factories.llama_with_words}


@pytest.fixture(scope="module")
def folder_of(tmp_path_factory):
    """``folder_of("gpt2_tied")``: a tiny model folder with a word tokenizer, made once per module."""
    made = {}

    def make(name):
        if name not in made:
            family, tying = name.split("_")
            made[name] = MAKERS[family](tmp_path_factory.mktemp(name) / name, tied=tying == "tied")
        return made[name]

    return make


#: Source -> [tables, tokenizer, whole model or None], read once per module: each read and each model build starts
#: a child behind the wall (seconds), and a page shares one model between its runs just the same.
_LOADED: dict[str, list] = {}


@pytest.fixture(scope="module", autouse=True)
def _forget_loaded():
    yield
    _LOADED.clear()


def _run(folder, table, change, token="cat", model=True):
    if str(folder) not in _LOADED:
        tables = load_tables(folder)
        _LOADED[str(folder)] = [tables, load_tokenizer(tables), None]
    loaded = _LOADED[str(folder)]
    tables, tokenizer = loaded[0], loaded[1]
    if model and loaded[2] is None:
        loaded[2] = load_forward_model(tables)
    forward = loaded[2] if model else None
    result = run_perturbation(tables, tokenizer, token, table, change, PROMPT, forward,
                              None if model else "test: no model")
    return tables, forward, result


def _reference(folder, table, change, token_id):
    """The same change made by hand on a model transformers builds on its own: rows and top-5 ids/probabilities."""
    from transformers import AutoModelForCausalLM, PreTrainedTokenizerFast

    model = AutoModelForCausalLM.from_pretrained(folder, dtype=torch.float32).eval()
    tokenizer = PreTrainedTokenizerFast(tokenizer_file=str(folder / "tokenizer.json"))
    ids = torch.tensor([tokenizer(PROMPT)["input_ids"]])
    wte, head = model.get_input_embeddings().weight, model.get_output_embeddings().weight
    token_before, head_before = wte[token_id].clone(), head[token_id].clone()

    def top5():
        with torch.no_grad():
            probs = torch.softmax(model(input_ids=ids).logits[0, -1].double(), -1)
        values, found = torch.topk(probs, 5)
        return [int(i) for i in found], [float(v) for v in values]

    before = top5()
    generator = torch.Generator().manual_seed(change.seed)
    with torch.no_grad():
        target = wte if table == "token" else head
        if change.kind == "noise":
            target[token_id] = target[token_id] + change.amount * torch.randn(wte.shape[1], generator=generator)
        elif change.kind == "zero":
            target[token_id] = 0.0
        else:
            target[token_id] = target[token_id] * change.amount
    return {"shared": wte.data_ptr() == head.data_ptr(),
            "token": float((wte[token_id] - token_before).abs().max().detach()),
            "head": float((head[token_id] - head_before).abs().max().detach()),
            "before": before, "after": top5()}


def _assert_matches_reference(result, reference):
    assert result.shared_storage is reference["shared"]
    assert result.token_row_max_abs_change == reference["token"]
    assert result.head_row_max_abs_change == reference["head"]
    for ours, theirs in ((result.top5_before, reference["before"]), (result.top5_after, reference["after"])):
        assert [c.id for c in ours] == theirs[0]
        np.testing.assert_allclose([c.probability for c in ours], theirs[1], rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("fixture, tied", [("gpt2_tied", True), ("gpt2_untied", False),
                                           ("llama_tied", True), ("llama_untied", False)])
@pytest.mark.parametrize("table", ["token", "head"])
def test_noise_matches_transformers_and_moves_the_other_row_only_when_tied(folder_of, fixture, tied, table):
    folder = folder_of(fixture)
    change = RowChange("noise", 3.0, seed=7)
    tables, _, result = _run(folder, table, change)
    token_id = result.token_id
    assert tables.vocabulary.display[token_id] == "cat"
    _assert_matches_reference(result, _reference(folder, table, change, token_id))
    assert result.other_table_changed is tied and result.shared_storage is tied
    assert result.tying == ("tied-implied" if tied else "untied")
    changed, other = ((result.token_row_max_abs_change, result.head_row_max_abs_change) if table == "token"
                      else (result.head_row_max_abs_change, result.token_row_max_abs_change))
    assert changed > 0 and other == (changed if tied else 0.0)
    assert result.route == "model" and result.restored


@pytest.mark.parametrize("change", [RowChange("zero"), RowChange("scale", -2.5)])
def test_zero_and_scale_match_transformers(folder_of, change):
    gpt2_untied = folder_of("gpt2_untied")
    _, _, result = _run(gpt2_untied, "head", change)
    _assert_matches_reference(result, _reference(gpt2_untied, "head", change, result.token_id))
    assert result.top5_after != result.top5_before  # the head row of "cat" decides its logit


def test_the_shared_model_is_put_back_exactly(folder_of):
    tables, model, _ = _run(folder_of("gpt2_tied"), "token", RowChange("zero"))  # the model the other tests share
    saved = {name: tensor.clone() for name, tensor in model.module.state_dict().items()}
    result = run_perturbation(tables, load_tokenizer(tables), "cat", "token", RowChange("scale", 100.0), PROMPT, model)
    assert result.token_row_max_abs_change > 0 and result.restored
    for name, tensor in model.module.state_dict().items():
        assert torch.equal(tensor, saved[name]), name
    assert model.lock.acquire(blocking=False)  # released
    model.lock.release()


def test_noise_is_seeded_so_a_result_repeats(folder_of):
    gpt2_untied = folder_of("gpt2_untied")
    first = _run(gpt2_untied, "token", RowChange("noise", 0.5, seed=3))[2]
    again = _run(gpt2_untied, "token", RowChange("noise", 0.5, seed=3))[2]
    other = _run(gpt2_untied, "token", RowChange("noise", 0.5, seed=4))[2]
    assert first == again
    assert other.token_row_max_abs_change != first.token_row_max_abs_change


def test_an_equal_copy_that_the_config_unties_is_two_matrices(tmp_path):
    """Item 2's proof: lm_head.weight equal to the token table, tie_word_embeddings=false -> only one row moves."""
    from transformers import GPT2LMHeadModel

    folder = reorder_factories.gpt2_with_words(tmp_path / "copy", tied=False)
    model = GPT2LMHeadModel.from_pretrained(folder)
    with torch.no_grad():
        model.lm_head.weight.copy_(model.transformer.wte.weight)
    model.save_pretrained(folder)
    tables, _, result = _run(folder, "token", RowChange("noise", 1.0))
    assert tables.tying.verdict == "untied" and tables.tying.max_abs_diff == 0.0
    assert not result.shared_storage and not result.other_table_changed and result.head_row_max_abs_change == 0.0


@pytest.mark.parametrize("fixture, tied", [("gpt2_tied", True), ("gpt2_untied", False)])
def test_without_a_model_the_stored_tensors_are_changed(folder_of, fixture, tied):
    folder = folder_of(fixture)
    tables, _, result = _run(folder, "token", RowChange("scale", 3.0), model=False)
    before = tables.token.copy()
    expected = float(np.abs(tables.token[result.token_id] * np.float32(3.0) - tables.token[result.token_id]).max())
    assert result.route == "stored" and result.note == "test: no model"
    assert result.shared_storage is tied and result.other_table_changed is tied
    assert result.token_row_max_abs_change == expected
    assert result.head_row_max_abs_change == (expected if tied else 0.0)
    assert result.top5_before == () and result.top5_after == ()
    np.testing.assert_array_equal(tables.token, before)  # copies changed, the read tables untouched


def test_encoder_without_head_is_refused_with_a_clear_message(tmp_path):
    folder = reorder_factories.bert_with_words(tmp_path / "bert")
    tables = load_tables(folder)
    with pytest.raises(NoOutputHeadError, match="has no output head.*tiny-gpt-pydocs"):
        run_perturbation(tables, load_tokenizer(tables), "cat", "token", RowChange("zero"), PROMPT,
                         load_forward_model(tables))


def test_bad_inputs_are_query_errors(folder_of):
    gpt2_untied = folder_of("gpt2_untied")
    tables = load_tables(gpt2_untied)
    tokenizer = load_tokenizer(tables)
    with pytest.raises(QueryError, match="unknown table"):
        run_perturbation(tables, tokenizer, "cat", "wte", RowChange("zero"), PROMPT)
    with pytest.raises(QueryError, match="past the last row"):
        run_perturbation(tables, tokenizer, "#100000", "token", RowChange("zero"), PROMPT)
    with pytest.raises(QueryError, match="above 0"):
        RowChange("noise", 0.0)


@pytest.mark.parametrize("table, amount, what", [("head", 1e39, "the changed row"),
                                                ("head", 1e37, "the next-token scores")])
def test_a_change_that_overflows_float32_is_refused_and_the_model_put_back(folder_of, table, amount, what):
    """A scale of 1e39 made the row inf and the top-5 after the change NaN, exit 0 (found by a helper trying to
    break the command line); a finite row can still make the scores overflow."""
    tables, model, _ = _run(folder_of("gpt2_tied"), "token", RowChange("zero"))  # the model the other tests share
    saved = {name: tensor.clone() for name, tensor in model.module.state_dict().items()}
    with pytest.raises(QueryError, match=re.escape(f"scale x {amount:g} makes {what} overflow float32")):
        run_perturbation(tables, load_tokenizer(tables), "cat", table, RowChange("scale", amount), PROMPT, model)
    for name, tensor in model.module.state_dict().items():
        assert torch.equal(tensor, saved[name]), name
    with pytest.raises(QueryError, match="makes the changed row overflow"):  # the stored tensors' route too
        run_perturbation(tables, load_tokenizer(tables), "cat", table, RowChange("scale", 1e39), PROMPT, None)


def _exec_snippet(source: str) -> dict:
    namespace: dict = {}
    with contextlib.redirect_stdout(io.StringIO()):
        exec(compile(source, "<notebook snippet>", "exec"), namespace)  # noqa: S102 - the code we show users
    return namespace


@pytest.mark.parametrize("fixture", ["gpt2_tied", "gpt2_untied", "llama_tied"])
@pytest.mark.parametrize("table, change", [("token", RowChange("noise", 2.0, seed=5)), ("head", RowChange("zero")),
                                           ("token", RowChange("scale", 0.5))])
def test_notebook_snippet_runs_and_gives_the_same_numbers(folder_of, fixture, table, change):
    folder = folder_of(fixture)
    tables, _, result = _run(folder, table, change)
    ran = _exec_snippet(notebook_snippet(result, tables))
    assert ran["shared"] is result.shared_storage
    assert ran["token_change"] == result.token_row_max_abs_change
    assert ran["head_change"] == result.head_row_max_abs_change
    for theirs, ours in ((ran["before"], result.top5_before), (ran["after"], result.top5_after)):
        assert [i for i, _ in theirs] == [c.id for c in ours]
        np.testing.assert_allclose([p for _, p in theirs], [c.probability for c in ours], rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("tied", [True, False], ids=["tied", "untied"])
def test_notebook_snippet_of_a_gguf_file_runs_and_gives_the_same_numbers(tmp_path, tied):
    """The GGUF loader of the snippet (SmolLM2's kind of file), on a whole tiny Llama written as llama.cpp does."""
    from tests.tokenizer_factories import llama_gguf

    path, _ = llama_gguf(tmp_path / "tiny-llama.gguf", tied=tied)
    tables, _, result = _run(path, "token", RowChange("noise", 0.5, seed=1), token="Ġcat")
    assert result.route == "model" and result.shared_storage is tied
    source = notebook_snippet(result, tables)
    assert "gguf_file=path.name" in source
    ran = _exec_snippet(source)
    assert ran["shared"] is result.shared_storage
    assert ran["token_change"] == result.token_row_max_abs_change
    assert ran["head_change"] == result.head_row_max_abs_change
    for theirs, ours in ((ran["before"], result.top5_before), (ran["after"], result.top5_after)):
        assert [i for i, _ in theirs] == [c.id for c in ours]


def test_an_uploads_snippet_names_it_as_uploaded_and_runs_beside_it(folder_of, tmp_path, monkeypatch):
    """The server's temporary path means nothing to the reader: the snippet opens the upload where they keep it."""
    tables, _, result = _run(folder_of("gpt2_untied"), "token", RowChange("noise", 1.0, seed=3))
    source = notebook_snippet(result, tables, uploaded_as="my-gpt2")
    assert "Path('my-gpt2')" in source and str(tables.model_path) not in source
    shutil.copytree(tables.model_path, tmp_path / "my-gpt2")  # where the reader unzipped it
    monkeypatch.chdir(tmp_path)
    ran = _exec_snippet(source)
    assert ran["token_change"] == result.token_row_max_abs_change
    assert [i for i, _ in ran["after"]] == [c.id for c in result.top5_after]
    stored_tables, _, stored = _run(folder_of("gpt2_untied"), "head", RowChange("zero"), model=False)
    stored_source = notebook_snippet(stored, stored_tables, uploaded_as="my-gpt2")
    assert "load_tables('my-gpt2')" in stored_source and _exec_snippet(stored_source)["head_change"] > 0


def test_notebook_snippet_on_stored_tensors_runs_too(folder_of):
    gpt2_tied = folder_of("gpt2_tied")
    tables, _, result = _run(gpt2_tied, "head", RowChange("noise", 1.0, seed=2), model=False)
    ran = _exec_snippet(notebook_snippet(result, tables))
    assert ran["shared"] is True and ran["after"] == []
    assert ran["token_change"] == result.token_row_max_abs_change == ran["head_change"]


def test_nanogpt_checkpoint_is_tied_and_its_snippet_runs(tmp_path):
    """nanoGPT ties by assignment: torch.save keeps one storage, and the GPT-2 it is mapped onto ties too."""
    from tests import format_factories as ff

    checkpoint = ff.nanogpt_checkpoint(tmp_path / "out", meta_chars=" abcdefghijklmnopqrstuvwxyz")
    tables, _, result = _run(checkpoint, "token", RowChange("zero"), token="#3")
    assert tables.tying.verdict == "tied-shared" and result.route == "model"
    assert result.shared_storage and result.other_table_changed
    assert result.token_row_max_abs_change == result.head_row_max_abs_change > 0
    ran = _exec_snippet(notebook_snippet(result, tables))
    assert ran["shared"] is True and ran["head_change"] == result.head_row_max_abs_change
    assert [i for i, _ in ran["before"]] == [c.id for c in result.top5_before]


@pytest.fixture
def bundled_gpt(folder_of, monkeypatch):
    """The untied tiny GPT-2 folder, listed as the bundled model ``tiny-test-gpt`` for the test."""
    from dashboard.checkpoints import bundled

    folder = folder_of("gpt2_untied")
    entry = bundled.BundledModel(name="tiny-test-gpt", description="a test model", format="hf-safetensors",
                                 locate=lambda: folder, card=folder / "README.md")
    monkeypatch.setattr(bundled, "BUNDLED", (*bundled.BUNDLED, entry))
    return folder


def test_the_snippet_of_a_bundled_model_names_it_instead_of_printing_the_servers_install_path(bundled_gpt):
    """A bundled model is found by its name on the reader's machine; the server's path is neither shown nor needed."""
    tables, _, result = _run("tiny-test-gpt", "token", RowChange("noise", 1.5, seed=4))
    assert tables.model_path == str(bundled_gpt)
    source = notebook_snippet(result, tables)
    assert "resolve_source('tiny-test-gpt')" in source
    assert str(bundled_gpt) not in source and str(bundled_gpt.parent) not in source
    ran = _exec_snippet(source)
    assert ran["token_change"] == result.token_row_max_abs_change and ran["head_change"] == 0.0
    assert [i for i, _ in ran["after"]] == [c.id for c in result.top5_after]


def test_a_bundled_models_folder_given_as_a_path_stays_a_path(bundled_gpt):
    tables, _, result = _run(bundled_gpt, "head", RowChange("zero"))
    source = notebook_snippet(result, tables)
    assert f"path = Path({str(bundled_gpt)!r})" in source and "resolve_source" not in source
    assert _exec_snippet(source)["head_change"] == result.head_row_max_abs_change


@pytest.mark.parametrize("model", [True, False], ids=["model", "stored"])
def test_the_result_says_how_big_the_change_was_beside_the_row_it_changed(folder_of, model):
    """SmolLM2's default noise (std 0.5, about 12 in norm) was 4x its rows' median norm, and nothing said so."""
    folder = folder_of("gpt2_untied")
    tables, _, zeroed = _run(folder, "token", RowChange("zero", 0.0), model=model)
    row = tables.token[zeroed.token_id].astype(np.float64)
    assert zeroed.row_norm_before == pytest.approx(np.linalg.norm(row)) and zeroed.change_norm == pytest.approx(
        zeroed.row_norm_before)  # zeroing a row removes exactly its length
    _, _, tripled = _run(folder, "head", RowChange("scale", 3.0), model=model)
    head = tables.output_head[tripled.token_id].astype(np.float64)
    assert tripled.change_norm == pytest.approx(2 * np.linalg.norm(head), rel=1e-6)  # 3x adds 2x
