"""Bare state dicts: no config, architecture from key names, wrapper prefixes, tying from storage."""

import json

import numpy as np
import pytest
import torch

from dashboard.checkpoints import load_tables
from dashboard.errors import CheckpointReadError, MissingTensorError, UnsupportedFormatError
from tests import factories
from tests import format_factories as ff
from tests.factories import VOCAB


def _gpt2_state(tied=True):
    model = ff.gpt2_model(tied=tied)
    return model, model.state_dict()


def test_torch_saved_gpt2_state_dict_is_tied_shared(tmp_path):
    model, state = _gpt2_state()
    torch.save(state, tmp_path / "gpt2.pt")
    tables = load_tables(tmp_path / "gpt2.pt")
    assert tables.architecture == "gpt2" and tables.format == "torch-state-dict"
    assert tables.tying.verdict == "tied-shared" and tables.tying.max_abs_diff == 0.0
    np.testing.assert_array_equal(tables.token, state["transformer.wte.weight"].numpy())
    assert tables.total_parameters == sum(p.numel() for p in model.parameters())
    assert any("recognised from the key names" in note for note in tables.notes)


def test_untied_state_dict_reports_the_difference(tmp_path):
    model, state = _gpt2_state(tied=False)
    torch.save(state, tmp_path / "gpt2.pth")
    tables = load_tables(tmp_path / "gpt2.pth")
    head, token = state["lm_head.weight"].numpy(), state["transformer.wte.weight"].numpy()
    assert tables.tying.verdict == "untied"
    assert tables.tying.max_abs_diff == pytest.approx(float(np.abs(head - token).max()))


@pytest.mark.parametrize("prefix, wrappers", [
    ("module.", ["module."]),
    ("_orig_mod.", ["_orig_mod."]),
    ("module._orig_mod.", ["module.", "_orig_mod."]),  # DDP around a compiled model: stacked
    ("_orig_mod.module.", ["_orig_mod.", "module."]),
])
def test_wrapper_prefixes_are_stripped_and_reported(tmp_path, prefix, wrappers):
    _, state = _gpt2_state()
    torch.save({prefix + k: v for k, v in state.items()}, tmp_path / "wrapped.pt")
    tables = load_tables(tmp_path / "wrapped.pt")
    np.testing.assert_array_equal(tables.token, state["transformer.wte.weight"].numpy())
    stripped = [note for note in tables.notes if note.startswith("removed the prefix")]
    assert [note.split("'")[1] for note in stripped] == wrappers
    assert tables.tying.verdict == "tied-shared"


def test_state_dict_nested_in_a_training_checkpoint_under_a_module_attribute(tmp_path):
    _, state = _gpt2_state()
    torch.save({"state_dict": {"model." + k: v for k, v in state.items()}, "epoch": 3, "global_step": 10},
               tmp_path / "lightning.ckpt")
    tables = load_tables(tmp_path / "lightning.ckpt")
    assert any("'state_dict'" in note for note in tables.notes)
    assert any("under 'model.'" in note for note in tables.notes)
    assert tables.tying.verdict == "tied-shared"


def test_safetensors_save_model_alias_is_tied_shared(tmp_path):
    # save_model keeps one name of a shared pair (here lm_head.weight) and records the
    # dropped one in the metadata; the token table must still be found and tied.
    from safetensors.torch import save_model

    model, state = _gpt2_state()
    save_model(model, str(tmp_path / "gpt2.safetensors"))
    tables = load_tables(tmp_path / "gpt2.safetensors")
    assert tables.format == "safetensors-state-dict"
    np.testing.assert_array_equal(tables.token, state["transformer.wte.weight"].numpy())
    assert tables.tying.verdict == "tied-shared"
    assert tables.total_parameters == sum(p.numel() for p in model.parameters())


def test_base_model_safetensors_without_head_is_tied_implied_when_prefixed(tmp_path):
    from safetensors.torch import save_file

    _, state = _gpt2_state()
    save_file({k: v.contiguous() for k, v in state.items() if k != "lm_head.weight"}, tmp_path / "lm.safetensors")
    assert load_tables(tmp_path / "lm.safetensors").tying.verdict == "tied-implied"  # transformer. => LM class
    save_file({k.removeprefix("transformer."): v.contiguous() for k, v in state.items() if k != "lm_head.weight"},
              tmp_path / "base.safetensors")
    assert load_tables(tmp_path / "base.safetensors").tying.verdict == "no-head"  # GPT2Model: no head


def test_classification_model_is_not_given_an_lm_head(tmp_path):
    from transformers import GPT2Config, GPT2ForSequenceClassification

    config = GPT2Config(vocab_size=VOCAB, n_embd=32, n_layer=1, n_head=2, n_positions=16, num_labels=3,
                        pad_token_id=0)
    torch.save(GPT2ForSequenceClassification(config).state_dict(), tmp_path / "cls.bin")
    assert load_tables(tmp_path / "cls.bin").tying.verdict == "no-head"


@pytest.mark.parametrize("build, architecture", [
    (lambda p: factories.bert_folder(p), "bert"),
    (lambda p: factories.llama_folder(p), "llama"),
    (lambda p: factories.opt_folder(p), "opt"),
    (lambda p: ff.save_hf(ff.qwen2_model(), p), "qwen2"),
    (lambda p: ff.save_hf(ff.gpt_neo_model(), p), "gpt_neo"),
    (lambda p: ff.save_hf(ff.gptj_model(), p), "gptj"),
    (lambda p: ff.save_hf(ff.t5_model(), p), "t5"),
])
def test_architecture_recognised_without_config(tmp_path, build, architecture):
    folder = build(tmp_path / "model")
    with_config = load_tables(folder)
    (folder / "model.safetensors").rename(tmp_path / "bare.safetensors")
    bare = load_tables(tmp_path / "bare.safetensors")
    assert bare.architecture == architecture
    np.testing.assert_array_equal(bare.token, with_config.token)
    assert (bare.position is None) == (with_config.position is None)
    if bare.position is not None:
        np.testing.assert_array_equal(bare.position, with_config.position)  # OPT's offset rows dropped too
    assert bare.position_kind == with_config.position_kind
    assert bare.tying.verdict == with_config.tying.verdict


def test_nanogpt_state_dict_told_from_gpt2_by_layout(tmp_path):
    state = ff.nanogpt_state_dict()
    torch.save(state, tmp_path / "model.pt")
    tables = load_tables(tmp_path / "model.pt")
    assert tables.architecture == "nanogpt" and tables.tying.verdict == "tied-shared"
    assert tables.total_parameters == ff.nanogpt_parameters(state)


def test_unknown_key_names_list_the_keys(tmp_path):
    torch.save({"encoder.layer1.weight": torch.zeros(4, 4), "decoder.out.weight": torch.zeros(4, 4)},
               tmp_path / "mystery.pt")
    with pytest.raises(UnsupportedFormatError, match="encoder.layer1.weight"):
        load_tables(tmp_path / "mystery.pt")


def test_state_dict_missing_the_position_table(tmp_path):
    _, state = _gpt2_state()
    state.pop("transformer.wpe.weight")
    state["transformer.h.0.extra.wpe.weight"] = torch.zeros(2, 2)  # fingerprint still matches, table is wrong
    torch.save(state, tmp_path / "broken.pt")
    with pytest.raises(MissingTensorError, match="position"):
        load_tables(tmp_path / "broken.pt")


def test_not_a_dict_of_tensors(tmp_path):
    torch.save([torch.zeros(3)], tmp_path / "list.pt")
    with pytest.raises(CheckpointReadError, match="not a dict of tensors"):
        load_tables(tmp_path / "list.pt")


def test_wrong_extension_content_decides(tmp_path):
    # a safetensors file saved as .pt, and a GGUF file saved as .bin, reach the right reader
    folder = factories.gpt2_folder(tmp_path / "gpt2")
    (folder / "model.safetensors").rename(tmp_path / "really_safetensors.pt")
    assert load_tables(tmp_path / "really_safetensors.pt").format == "safetensors-state-dict"
    path, _ = ff.gguf_file(tmp_path / "model.gguf")
    path.rename(tmp_path / "really_gguf.bin")
    assert load_tables(tmp_path / "really_gguf.bin").format == "gguf"


def test_json_saved_as_pt_is_a_read_error(tmp_path):
    (tmp_path / "config.pt").write_text(json.dumps({"vocab_size": 3}))
    with pytest.raises(CheckpointReadError, match="not a readable torch checkpoint"):
        load_tables(tmp_path / "config.pt")


@pytest.mark.parametrize("text", ["hello, not a checkpoint\n", "tok\t1\n"])
def test_text_saved_as_pt_names_the_python_error_not_its_bare_text(tmp_path, text):
    # The unpickler meets bytes that are no pickle and fails with Python's own error, whose text alone is "101" or
    # "pop from empty list": the message names its class, so the reason means something.
    (tmp_path / "ckpt.pt").write_text(text)
    with pytest.raises(CheckpointReadError, match=r"not a readable torch checkpoint \([A-Za-z]+(Error|Exception)\b"):
        load_tables(tmp_path / "ckpt.pt")


def test_unknown_extension_lists_supported_formats(tmp_path):
    (tmp_path / "weights.h5").write_bytes(b"\x89HDF\r\n\x1a\n" + bytes(64))
    with pytest.raises(UnsupportedFormatError, match="GGUF"):
        load_tables(tmp_path / "weights.h5")


def test_folder_holding_one_checkpoint_file_reads_it(tmp_path):
    _, state = _gpt2_state()
    (tmp_path / "out").mkdir()
    torch.save(state, tmp_path / "out" / "model.pt")
    assert load_tables(tmp_path / "out").architecture == "gpt2"


@pytest.mark.parametrize("lines, taken", [(VOCAB, True), (int(VOCAB * 0.96), True), (VOCAB // 5, False),
                                          (VOCAB + 7, False)])
def test_a_vocab_txt_beside_a_bare_state_dict_is_its_vocabulary_only_when_its_length_fits_the_table(
        tmp_path, lines, taken):
    """A stray vocab.txt of 200 lines for 1,000 rows once relabelled the rows and marked the other 800 unused."""
    _, state = _gpt2_state()
    torch.save(state, tmp_path / "gpt2.pt")
    (tmp_path / "vocab.txt").write_text("".join(f"tok{i}\n" for i in range(lines)))
    tables = load_tables(tmp_path / "gpt2.pt")
    notes = " ".join(tables.notes)
    if taken:  # padding past the tokenizer, as models have it: the rows past it are unused
        assert tables.vocabulary.raw[:2] == ("tok0", "tok1") and list(tables.unused_rows) == list(range(lines, VOCAB))
        assert "token strings from vocab.txt, beside gpt2.pt" in notes
    else:
        assert "tok0" not in tables.vocabulary.raw and len(tables.unused_rows) == 0
        assert f"vocab.txt beside gpt2.pt names {lines:,} tokens for the {VOCAB:,} rows of its token table" in notes
        assert "set aside and rows are labelled by id" in notes


def test_a_training_checkpoint_whose_own_tensors_are_scalars_is_unwrapped_to_its_model(tmp_path):
    """nanoGPT saves best_val_loss as a 0-d tensor; without model_args the file was taken as the state dict itself."""
    _, state = _gpt2_state()
    torch.save({"model": state, "iter_num": 250, "best_val_loss": torch.tensor(1.47)}, tmp_path / "ckpt.pt")
    tables = load_tables(tmp_path / "ckpt.pt")
    np.testing.assert_array_equal(tables.token, state["transformer.wte.weight"].numpy())
    assert any("'model'" in note for note in tables.notes)


@pytest.mark.parametrize("table, dtype", [("transformer.wte.weight", np.int32), ("transformer.wpe.weight", np.uint8),
                                          ("lm_head.weight", np.bool_)])
def test_a_table_stored_as_integers_is_refused_by_name_and_dtype(tmp_path, table, dtype):
    """An int32 token table was read as numbers and the reader then failed on a parameter count that leaves integer
    tensors out ('total_parameters=32 is smaller than the embedding tables alone'); in the app the upload replaced
    the model shown (found by a helper trying to break uploads)."""
    from safetensors.numpy import save_file

    from dashboard.errors import InvalidTableError

    tensors = {"transformer.wte.weight": np.ones((20, 8), np.float32),
               "transformer.wpe.weight": np.ones((4, 8), np.float32), "lm_head.weight": np.ones((20, 8), np.float32)}
    tensors[table] = tensors[table].astype(dtype)
    save_file(tensors, str(tmp_path / "model.safetensors"))
    with pytest.raises(InvalidTableError, match=rf"'{table}' is stored as \w+, but an embedding table holds floating"):
        load_tables(str(tmp_path / "model.safetensors"))


def test_a_head_of_another_shape_than_the_token_table_is_refused(tmp_path):
    """A [99, 8] head beside a [100, 8] token table was called untied and accounted as 100 x 8, the rest of the
    model made smaller to fit (found by a helper trying to break the command line)."""
    from safetensors.numpy import save_file

    from dashboard.errors import ShapeMismatchError

    save_file({"transformer.wte.weight": np.ones((100, 8), np.float32),
               "transformer.wpe.weight": np.ones((4, 8), np.float32),
               "lm_head.weight": np.full((99, 8), 2.0, np.float32)}, str(tmp_path / "model.safetensors"))
    with pytest.raises(ShapeMismatchError, match=r"the output head 'lm_head.weight' has shape 99 x 8 but the token "
                                                 r"table 'transformer.wte.weight' has 100 x 8"):
        load_tables(str(tmp_path / "model.safetensors"))
