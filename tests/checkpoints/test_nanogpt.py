"""nanoGPT ckpt.pt: model_args, padded vocabulary, meta.pkl, compile prefixes, tying by assignment."""

import pickle

import numpy as np
import pytest
import torch

from dashboard.checkpoints import load_tables
from dashboard.checkpoints.tokenizer import VocabularyTokenizer
from dashboard.errors import CheckpointReadError, ShapeMismatchError
from tests import format_factories as ff
from tests.factories import D_MODEL, N_POSITIONS

SHAKESPEARE_CHARS = "\n !$&',-.3:;?ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"  # 65, as prepare.py finds


def test_character_model_with_meta_pkl(tmp_path):
    path = ff.nanogpt_checkpoint(tmp_path, vocab_size=len(SHAKESPEARE_CHARS), meta_chars=SHAKESPEARE_CHARS)
    tables = load_tables(path)
    saved = torch.load(path, weights_only=True)["model"]
    np.testing.assert_array_equal(tables.token, saved["transformer.wte.weight"].numpy())
    np.testing.assert_array_equal(tables.position, saved["transformer.wpe.weight"].numpy())
    assert (tables.format, tables.architecture) == ("nanogpt", "nanogpt")
    assert tables.vocab_size == 65 and tables.n_positions == N_POSITIONS and tables.d_model == D_MODEL
    assert tables.vocabulary.scheme == "characters" and len(tables.unused_rows) == 0
    assert tables.vocabulary.display[:3] == ("↵", "␣", "!")
    assert tables.vocabulary.raw[0] == "\n"
    assert tables.tying.verdict == "tied-shared"
    assert tables.total_parameters == ff.nanogpt_parameters(ff.nanogpt_state_dict(vocab_size=65))
    assert tables.hyperparameters["iter_num"] == 250 and tables.hyperparameters["dataset"] == "shakespeare_char"
    assert tables.hyperparameters["best_val_loss"] == pytest.approx(1.4697, abs=1e-4)


def test_a_word_level_meta_pkl_is_read_as_words_not_split_into_characters(tmp_path):
    # A word-level dataset's meta.pkl (itos: id -> word): typed text must be split at spaces, not into
    # characters, which none of its tokens are ("'m', 'o' are not among the characters" was the old answer).
    words = ["<unk>", ",", ".", "the", "model", "reads", "table", "a", "of", "row"]
    path = ff.nanogpt_checkpoint(tmp_path, vocab_size=len(words), meta_chars=words)
    tables = load_tables(path)
    assert tables.vocabulary.scheme == "plain" and tables.vocabulary.display[:5] == tuple(words[:5])
    assert any("words from meta.pkl beside ckpt.pt" in note for note in tables.notes)
    assert not any("characters from meta.pkl" in note for note in tables.notes)
    tokenizer = VocabularyTokenizer(tables.vocabulary)
    assert tokenizer.encode("the model reads the table").ids == (3, 4, 5, 3, 6)


def test_a_character_meta_pkl_with_a_few_longer_tokens_stays_characters(tmp_path):
    chars = list(SHAKESPEARE_CHARS) + ["<eos>"]
    tables = load_tables(ff.nanogpt_checkpoint(tmp_path, vocab_size=len(chars), meta_chars=chars))
    assert tables.vocabulary.scheme == "characters"


def test_padded_gpt2_vocabulary_marks_extra_rows_unused(tmp_path):
    tables = load_tables(ff.nanogpt_checkpoint(tmp_path, vocab_size=50304))
    assert tables.vocab_size == 50304 and len(tables.vocabulary) == 50257
    assert tables.unused_rows == range(50257, 50304)
    assert tables.token_label(50300) == "<unused #50300>"
    assert any("50,257" in note and "padded" in note for note in tables.notes)


def test_compiled_model_prefix_is_stripped(tmp_path):
    tables = load_tables(ff.nanogpt_checkpoint(tmp_path, prefix="_orig_mod."))
    assert any("'_orig_mod.'" in note and "torch.compile" in note for note in tables.notes)
    assert tables.tying.verdict == "tied-shared"


@pytest.mark.parametrize("arg, value, fragment", [
    ("vocab_size", 97, "vocab_size=97"),
    ("n_embd", 64, "d_model=64"),
    ("block_size", 64, "block_size=64"),
])
def test_model_args_contradicting_tensors(tmp_path, arg, value, fragment):
    path = ff.nanogpt_checkpoint(tmp_path, model_args={arg: value})
    with pytest.raises(ShapeMismatchError, match=fragment):
        load_tables(path)


def test_meta_longer_than_table(tmp_path):
    path = ff.nanogpt_checkpoint(tmp_path, vocab_size=3, meta_chars="abcd")
    with pytest.raises(ShapeMismatchError, match="4 tokens.*3 rows"):
        load_tables(path)


def test_meta_without_itos(tmp_path):
    path = ff.nanogpt_checkpoint(tmp_path)
    (tmp_path / "meta.pkl").write_bytes(pickle.dumps({"vocab_size": 3}))
    with pytest.raises(CheckpointReadError, match="itos"):
        load_tables(path)


def test_nan_rows_are_refused(tmp_path):
    path = ff.nanogpt_checkpoint(tmp_path)
    checkpoint = torch.load(path, weights_only=True)
    checkpoint["model"]["transformer.wte.weight"][7, 3] = float("nan")
    torch.save(checkpoint, path)
    from dashboard.errors import InvalidTableError

    with pytest.raises(InvalidTableError, match="rows 7"):
        load_tables(path)


def test_a_gpt2_sized_checkpoint_without_a_tokenizer_says_to_put_gpt2s_tokenizer_json_beside_it(tmp_path):
    for rows in (50304, 50257):
        tables = load_tables(ff.nanogpt_checkpoint(tmp_path / str(rows), vocab_size=rows))
        assert tables.token_label(5) == "#5"
        assert any("GPT-2's tokenizer.json" in note and "in the folder of ckpt.pt" in note for note in tables.notes)


def test_a_small_checkpoint_without_meta_pkl_says_to_put_it_beside(tmp_path):
    tables = load_tables(ff.nanogpt_checkpoint(tmp_path, vocab_size=65))
    assert any("no meta.pkl or tokenizer beside ckpt.pt" in note and "data/<dataset>/meta.pkl" in note
               for note in tables.notes)
    assert not any("GPT-2" in note for note in tables.notes)


def test_a_tokenizer_json_beside_the_checkpoint_labels_its_rows_and_silences_the_advice(tmp_path):
    from tests.tokenizer_factories import byte_level_tokenizer

    tokenizer = byte_level_tokenizer()
    path = ff.nanogpt_checkpoint(tmp_path, vocab_size=tokenizer.get_vocab_size())
    tokenizer.save(str(tmp_path / "tokenizer.json"))
    tables = load_tables(path)
    assert tables.token_label(tokenizer.token_to_id("Ġking")) == "␣king"
    assert not any("#id" in note for note in tables.notes)


def test_the_training_config_is_kept_whole(tmp_path):
    tables = load_tables(ff.nanogpt_checkpoint(tmp_path, vocab_size=65))
    assert tables.hyperparameters["training_config"] == {"dataset": "shakespeare_char", "batch_size": 12}


def test_a_vocab_txt_beside_ckpt_pt_that_names_far_fewer_tokens_than_rows_is_set_aside_with_a_note(tmp_path):
    path = ff.nanogpt_checkpoint(tmp_path, vocab_size=96)
    (tmp_path / "vocab.txt").write_text("".join(f"w{i}\n" for i in range(19)))
    tables = load_tables(path)
    assert "w0" not in tables.vocabulary.raw and len(tables.unused_rows) == 0
    notes = " ".join(tables.notes)
    assert "vocab.txt beside ckpt.pt names 19 tokens for the 96 rows of its token table" in notes
    (tmp_path / "vocab.txt").write_text("".join(f"w{i}\n" for i in range(96)))
    tables = load_tables(path)
    assert tables.vocabulary.raw[5] == "w5" and "token strings from vocab.txt, beside ckpt.pt" in " ".join(tables.notes)
