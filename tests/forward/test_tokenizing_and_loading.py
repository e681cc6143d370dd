"""Sentences to ids with the checkpoint's tokenizer; which checkpoints can run a forward pass."""

import json

import numpy as np
import pytest
from safetensors.numpy import load_file, save_file

from dashboard.checkpoints import load_tables
from dashboard.errors import ForwardUnavailableError, QueryError
from dashboard.lessons.reorder.experiment import run_reorder_experiment
from dashboard.forward.loading import forward_unavailable_reason, load_forward_model
from dashboard.checkpoints.tokenizer import TokenizerJsonTokenizer, VocabularyTokenizer, load_tokenizer
from dashboard.forward.tokenizing import tokenize_sentence
from dashboard.tables import EmbeddingTables, Tying, Vocabulary
from tests import factories, reorder_factories


def test_tokenizer_json_adds_specials_and_ignores_its_padding(tmp_path):
    folder = reorder_factories.bert_with_words(tmp_path / "bert")
    spec = json.loads((folder / "tokenizer.json").read_text())
    spec["padding"] = {"strategy": {"Fixed": 16}, "direction": "Right", "pad_to_multiple_of": None, "pad_id": 0,
                       "pad_type_id": 0, "pad_token": "[PAD]"}  # as all-MiniLM-L6-v2's file does (to 128)
    (folder / "tokenizer.json").write_text(json.dumps(spec))
    tables = load_tables(folder)
    tokenizer = load_tokenizer(tables)
    assert isinstance(tokenizer, TokenizerJsonTokenizer)
    tokens = tokenize_sentence(tokenizer, "the cat sat", tables.vocabulary, tables.n_positions)
    assert [tables.token_label(i) for i in tokens.ids] == ["[CLS]", "the", "cat", "sat", "[SEP]"]
    assert tokens.special == (True, False, False, False, True)


def test_folder_without_tokenizer_falls_back_to_the_vocabulary(tmp_path):
    tables = load_tables(factories.gpt2_folder(tmp_path / "gpt2"))
    tokenizer = load_tokenizer(tables)
    assert isinstance(tokenizer, VocabularyTokenizer)
    assert tokenize_sentence(tokenizer, "#5 #17 #3", tables.vocabulary, tables.n_positions).ids == (5, 17, 3)
    with pytest.raises(QueryError, match="'the', 'cat' are not in its vocabulary.*#id"):
        tokenize_sentence(tokenizer, "the cat", tables.vocabulary, tables.n_positions)


def test_character_vocabulary_splits_characters_and_marks_specials():
    vocabulary = Vocabulary(raw=("<s>", "a", "b", " "), display=("<s>", "a", "b", "␣"), special_ids=frozenset({0}),
                            scheme="characters")
    tokenizer = VocabularyTokenizer(vocabulary)
    assert tokenizer.encode("ab a").ids == (1, 2, 3, 1)
    assert tokenize_sentence(VocabularyTokenizer(Vocabulary(("<s>", "x"), ("<s>", "x"), frozenset({0}))),
                             "<s> x", vocabulary, None).special == (True, False)


@pytest.mark.parametrize("sentence, fragment", [("   ", "empty"), ("the " * 40, "at most 24")])
def test_empty_or_too_long_sentence(tmp_path, sentence, fragment):
    tables = load_tables(reorder_factories.gpt2_with_words(tmp_path / "gpt2"))
    tokenizer = load_tokenizer(tables)
    with pytest.raises(QueryError, match=fragment):
        tokenize_sentence(tokenizer, sentence, tables.vocabulary, 24)


def _bare_tables(with_position=True) -> EmbeddingTables:
    rng = np.random.default_rng(0)
    words = ("the", "cat", "sat", "on", "a", "mat")
    return EmbeddingTables(token=rng.normal(size=(6, 8)), vocabulary=Vocabulary(words, words), tying=Tying(
        "no-head", "test"), source="/data/vectors.npy", format="npy", architecture="unknown", source_dtype="float32",
        position=rng.normal(size=(10, 8)) if with_position else None,
        position_kind="learned" if with_position else "none")


def test_bare_table_runs_the_lookup_level_only_and_says_why():
    tables = _bare_tables()
    reason = forward_unavailable_reason(tables)
    assert "bare table" in reason and "only the lookup level" in reason
    with pytest.raises(ForwardUnavailableError, match="bare table"):
        load_forward_model(tables)
    tokenizer = load_tokenizer(tables)
    experiment = run_reorder_experiment(tables, tokenizer, "the cat sat on a mat", "reverse", None, reason)
    assert not experiment.has_forward and experiment.forward_note == reason
    assert experiment.numbers("without_positions")["lookup_max_abs_diff"] == 0.0
    assert experiment.numbers("with_positions")["lookup_max_abs_diff"] > 0.1
    assert experiment.numbers("with_positions")["model_max_abs_diff"] is None
    assert experiment.mean_input_difference < 1e-6


def test_folder_with_only_embedding_weights_is_refused_not_run_on_random_weights(tmp_path):
    folder = factories.gpt2_folder(tmp_path / "gpt2")
    tensors = load_file(folder / "model.safetensors")
    save_file({k: v for k, v in tensors.items() if "wte" in k or "wpe" in k}, folder / "model.safetensors")
    tables = load_tables(folder)
    assert forward_unavailable_reason(tables) is None  # cannot tell before trying ...
    with pytest.raises(ForwardUnavailableError, match="random weights"):  # ... but loading refuses
        load_forward_model(tables)


def test_each_supported_family_builds_with_what_removing_positions_means(tmp_path):
    bert = load_forward_model(load_tables(factories.bert_folder(tmp_path / "bert")))
    llama = load_forward_model(load_tables(factories.llama_folder(tmp_path / "llama")))
    opt = load_forward_model(load_tables(factories.opt_folder(tmp_path / "opt")))
    assert (bert.architecture, bert.position_kind, bert.causal, bert.has_lm_head) == ("bert", "learned", False, False)
    assert (llama.architecture, llama.position_kind, llama.causal, llama.has_lm_head) == ("llama", "rotary", True, True)
    assert (opt.architecture, opt.position_kind, opt.causal) == ("opt", "learned", True)
    for model in (bert, llama, opt):
        assert not model.module.training and next(model.module.parameters()).dtype.is_floating_point


@pytest.mark.parametrize("tied", [True, False], ids=["tied", "untied"])
def test_a_gguf_llama_builds_into_the_model_it_was_written_from(tmp_path, tied):
    """llama.cpp permutes q/k rows when it writes a GGUF; transformers must undo it, or attention is wrong."""
    import torch

    from tests.tokenizer_factories import llama_gguf

    path, written = llama_gguf(tmp_path / "tiny-llama.gguf", tied=tied)
    model = load_forward_model(load_tables(path))
    assert (model.architecture, model.position_kind, model.causal, model.has_lm_head) == ("llama", "rotary", True, True)
    ids = torch.tensor([[5, 70, 9, 200, 31, 8]])
    with torch.no_grad():
        np.testing.assert_allclose(model.module(input_ids=ids).logits.numpy(), written(input_ids=ids).logits.numpy(),
                                   atol=1e-5, rtol=0)
    head, token = model.module.get_output_embeddings().weight, model.module.get_input_embeddings().weight
    assert (head.data_ptr() == token.data_ptr()) is tied
    # The negative control: a file whose q/k rows were not permuted builds a model that answers otherwise.
    broken, _ = llama_gguf(tmp_path / "unpermuted.gguf", tied=tied, permute_qk=False)
    with torch.no_grad():
        wrong = load_forward_model(load_tables(broken)).module(input_ids=ids).logits.numpy()
        right = written(input_ids=ids).logits.numpy()
    assert np.abs(wrong - right).max() > 1e-3


def test_unknown_words_move_and_are_named_while_cls_and_sep_stay(tmp_path):
    from dashboard.lessons.reorder.analysis import max_abs_difference

    tables = load_tables(reorder_factories.bert_with_words(tmp_path / "bert"))
    tokenizer = load_tokenizer(tables)
    tokens = tokenize_sentence(tokenizer, "the ☃ cat ☂", tables.vocabulary, tables.n_positions)
    assert [tables.token_label(i) for i in tokens.ids] == ["[CLS]", "the", "[UNK]", "cat", "[UNK]", "[SEP]"]
    assert tokens.special == (True, False, False, False, False, True)
    experiment = run_reorder_experiment(tables, tokenizer, "the ☃ cat ☂", "reverse", load_forward_model(tables))
    assert experiment.unknown_words == ("☃", "☂") and experiment.unknown_token == "[UNK]"
    assert experiment.permuted_tokens == ("[CLS]", "[UNK]", "cat", "[UNK]", "the", "[SEP]")
    assert experiment.numbers("without_positions")["model_max_abs_diff"] < 1e-5  # still equivariant
    record = experiment.runs["with_positions"]
    assert max_abs_difference(record.original.final, record.permuted.final, experiment.perm) > 1e-3


@pytest.mark.parametrize("tied", [True, False], ids=["tied", "untied"])
def test_a_bundled_gguf_is_dequantised_once_and_its_kept_copy_builds_the_same_model(tmp_path, monkeypatch, tied):
    """A class server dequantised all of SmolLM2's tensors at every first visit to Perturb (minutes under load):
    a bundled GGUF's model is kept on disk as safetensors at its first build, and built from that copy after."""
    import torch

    from dashboard.forward import loading
    from tests.tokenizer_factories import llama_gguf

    monkeypatch.setenv("EXPLORER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(loading, "is_trusted", lambda path: True)  # as if it shipped with the app
    path, written = llama_gguf(tmp_path / "tiny-llama.gguf", tied=tied)
    tables = load_tables(path)
    first = load_forward_model(tables)
    kept = loading.kept_model_folder(path)
    assert (kept / "config.json").is_file() and (kept / "model.safetensors").is_file()

    def refuse(*_):
        raise AssertionError("the GGUF was dequantised again")

    monkeypatch.setattr(loading, "_build_gguf", refuse)
    monkeypatch.setitem(loading.BUILDERS, "gguf", loading.BUILDERS["gguf"]._replace(build=refuse))
    again = load_forward_model(tables)
    ids = torch.tensor([[5, 70, 9, 200, 31, 8]])
    with torch.no_grad():
        np.testing.assert_array_equal(again.module(input_ids=ids).logits.numpy(),
                                      first.module(input_ids=ids).logits.numpy())
        np.testing.assert_allclose(again.module(input_ids=ids).logits.numpy(),
                                   written(input_ids=ids).logits.numpy(), atol=1e-5, rtol=0)
    head, token = again.module.get_output_embeddings().weight, again.module.get_input_embeddings().weight
    assert (head.data_ptr() == token.data_ptr()) is tied


def test_a_strangers_model_is_exported_once_and_again_when_a_file_of_its_folder_changes(tmp_path, monkeypatch):
    """Each `perturb` or `reorder` command on one's own folder spent seconds exporting the same model behind the
    wall: the export is kept in the cache, keyed by the folder's files, and pruned with the maps."""
    import os

    import torch

    from dashboard import disk_cache
    from dashboard.forward import loading

    monkeypatch.setenv("EXPLORER_CACHE_DIR", str(tmp_path / "cache"))  # its own: pruned below, not the shared one
    calls = []
    export = loading.export_model
    monkeypatch.setattr(loading, "export_model", lambda *args: calls.append(args) or export(*args))
    folder = factories.gpt2_folder(tmp_path / "gpt2")
    first = load_forward_model(load_tables(folder))
    again = load_forward_model(load_tables(folder))
    ids = torch.tensor([[1, 2, 3]])
    with torch.no_grad():
        np.testing.assert_array_equal(again.module(input_ids=ids).logits, first.module(input_ids=ids).logits)
    assert len(calls) == 1
    tensors = load_file(folder / "model.safetensors")
    tensors["transformer.wte.weight"] = tensors["transformer.wte.weight"] * 2
    save_file(tensors, folder / "model.safetensors")  # the folder's own time need not change: a file's does
    os.utime(folder, ns=(os.stat(folder).st_atime_ns, os.stat(folder).st_mtime_ns))
    changed = load_forward_model(load_tables(folder))
    assert len(calls) == 2
    assert torch.equal(changed.module.get_input_embeddings().weight, 2 * first.module.get_input_embeddings().weight)
    kept = disk_cache.kept_path("exports", folder)
    assert disk_cache.prune(disk_cache.cache_dir()) == []  # within the budget
    monkeypatch.setattr(disk_cache, "budget_bytes", lambda: 0)
    assert disk_cache.prune(disk_cache.cache_dir(), keep=kept) != [] and kept.is_dir()
    assert disk_cache.prune(disk_cache.cache_dir()) == [kept] and not kept.exists()
