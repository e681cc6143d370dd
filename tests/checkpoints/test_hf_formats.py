"""Hugging Face folders beyond single safetensors: pytorch_model.bin (single, sharded) and more architectures."""

import json

import numpy as np
import pytest

from dashboard.checkpoints import load_tables
from dashboard.errors import CheckpointReadError, ShapeMismatchError
from tests import format_factories as ff
from tests.factories import D_MODEL, VOCAB


def _n_parameters(model) -> int:
    return sum(p.numel() for p in model.parameters())


def test_pytorch_bin_tied_head_is_shared_storage_and_matches_transformers(tmp_path):
    from transformers import GPT2LMHeadModel

    model = ff.gpt2_model(tied=True)
    folder = ff.pytorch_bin_folder(tmp_path / "gpt2", model)
    tables = load_tables(folder)
    reference = GPT2LMHeadModel.from_pretrained(folder)
    np.testing.assert_array_equal(tables.token, reference.transformer.wte.weight.detach().numpy())
    np.testing.assert_array_equal(tables.position, reference.transformer.wpe.weight.detach().numpy())
    assert tables.format == "hf-pytorch"
    assert tables.tying.verdict == "tied-shared" and tables.output_head is None
    assert tables.total_parameters == _n_parameters(reference)  # the shared head is counted once


def test_sharded_pytorch_bin_reads_across_shards(tmp_path):
    model = ff.gpt2_model(tied=False)
    folder = ff.pytorch_bin_folder(tmp_path / "sharded", model, max_shard_size=20_000)
    index = json.loads((folder / "pytorch_model.bin.index.json").read_text())
    assert len(set(index["weight_map"].values())) > 2
    tables = load_tables(folder)
    np.testing.assert_array_equal(tables.token, model.transformer.wte.weight.detach().numpy())
    np.testing.assert_array_equal(tables.output_head, model.lm_head.weight.detach().numpy())
    assert tables.tying.verdict == "untied" and tables.total_parameters == _n_parameters(model)


def test_sharded_pytorch_bin_missing_shard_is_named(tmp_path):
    folder = ff.pytorch_bin_folder(tmp_path / "sharded", ff.gpt2_model(tied=False), max_shard_size=20_000)
    index = json.loads((folder / "pytorch_model.bin.index.json").read_text())
    missing = sorted(set(index["weight_map"].values()))[-1]
    (folder / missing).unlink()
    with pytest.raises(CheckpointReadError, match=missing):
        load_tables(folder)


def test_truncated_pytorch_bin_is_a_read_error(tmp_path):
    folder = ff.pytorch_bin_folder(tmp_path / "gpt2", ff.gpt2_model())
    data = (folder / "pytorch_model.bin").read_bytes()
    (folder / "pytorch_model.bin").write_bytes(data[: len(data) // 2])
    with pytest.raises(CheckpointReadError, match="truncated"):
        load_tables(folder)


def test_gpt_neo_learned_positions(tmp_path):
    model = ff.gpt_neo_model()
    tables = load_tables(ff.save_hf(model, tmp_path / "neo"))
    np.testing.assert_array_equal(tables.position, model.transformer.wpe.weight.detach().numpy())
    assert tables.architecture == "gpt_neo" and tables.tying.verdict == "tied-implied"
    assert tables.total_parameters == _n_parameters(model)


def test_gptj_is_rotary_and_untied(tmp_path):
    model = ff.gptj_model()
    tables = load_tables(ff.save_hf(model, tmp_path / "gptj"))
    assert tables.position is None and tables.position_kind == "rotary"
    assert tables.tying.verdict == "untied" and tables.total_parameters == _n_parameters(model)


@pytest.mark.parametrize("build, architecture, verdict", [
    (ff.mistral_model, "mistral", "untied"),
    (ff.qwen2_model, "qwen2", "tied-implied"),
])
def test_llama_family_rotary(tmp_path, build, architecture, verdict):
    model = build()
    tables = load_tables(ff.save_hf(model, tmp_path / architecture))
    np.testing.assert_array_equal(tables.token, model.model.embed_tokens.weight.detach().numpy())
    assert (tables.architecture, tables.position_kind, tables.tying.verdict) == (architecture, "rotary", verdict)
    assert tables.total_parameters == _n_parameters(model)


def test_t5_shared_table_safetensors_and_bin(tmp_path):
    model = ff.t5_model()
    safetensors = load_tables(ff.save_hf(model, tmp_path / "st"))
    pytorch = load_tables(ff.pytorch_bin_folder(tmp_path / "bin", model))
    for tables in (safetensors, pytorch):
        np.testing.assert_array_equal(tables.token, model.shared.weight.detach().numpy())
        assert tables.position_kind == "relative" and tables.hyperparameters["causal"] is False
        assert tables.total_parameters == _n_parameters(model)
    assert safetensors.tying.verdict == "tied-implied"  # safetensors keeps shared.weight once
    assert pytorch.tying.verdict == "tied-shared"  # torch.save keeps lm_head.weight over the same storage


def test_t5_with_its_tied_table_stored_once_as_the_encoders_embed_tokens(tmp_path):
    """Some T5 checkpoints keep the tied table under ``encoder.embed_tokens.weight`` and no ``shared.weight``."""
    from safetensors.numpy import load_file, save_file

    model = ff.t5_model()
    folder = ff.save_hf(model, tmp_path / "t5")
    tensors = load_file(folder / "model.safetensors")
    tensors["encoder.embed_tokens.weight"] = tensors.pop("shared.weight")
    save_file(tensors, folder / "model.safetensors", metadata={"format": "pt"})
    tables = load_tables(folder)
    np.testing.assert_array_equal(tables.token, model.shared.weight.detach().numpy())
    assert tables.architecture == "t5" and tables.tying.is_tied
    assert any("encoder.embed_tokens.weight" in note and "no shared.weight" in note for note in tables.notes)
    bare = tmp_path / "t5.safetensors"  # the same tensors with no config: recognised from the key names
    save_file(tensors, bare)
    np.testing.assert_array_equal(load_tables(bare).token, model.shared.weight.detach().numpy())


def test_t5_v1_1_style_untied_head(tmp_path):
    # transformers 5 always ties T5; T5 v1.1 folders on the hub store their own
    # lm_head.weight with tie_word_embeddings=false, rebuilt here from the tensors.
    from safetensors.numpy import load_file, save_file

    folder = ff.save_hf(ff.t5_model(), tmp_path / "t5")
    tensors = load_file(folder / "model.safetensors")
    head = np.random.default_rng(1).standard_normal((VOCAB, D_MODEL)).astype(np.float32)
    save_file({**tensors, "lm_head.weight": head}, folder / "model.safetensors", metadata={"format": "pt"})
    config = json.loads((folder / "config.json").read_text())
    (folder / "config.json").write_text(json.dumps({**config, "tie_word_embeddings": False}))
    tables = load_tables(folder)
    assert tables.tying.verdict == "untied" and tables.tying.config_note is None
    np.testing.assert_array_equal(tables.output_head, head)
    assert tables.tying.max_abs_diff == pytest.approx(float(np.abs(head - tensors["shared.weight"]).max()))


def test_config_contradicting_bin_tensors(tmp_path):
    folder = ff.pytorch_bin_folder(tmp_path / "gpt2", ff.gpt2_model())
    config = json.loads((folder / "config.json").read_text())
    config["n_embd"] = D_MODEL * 2
    (folder / "config.json").write_text(json.dumps(config))
    with pytest.raises(ShapeMismatchError, match=f"d_model={D_MODEL * 2}.*d_model={D_MODEL}"):
        load_tables(folder)


def test_tokenizer_longer_than_table_is_refused(tmp_path):
    folder = ff.save_hf(ff.gpt2_model(), tmp_path / "gpt2")
    vocab = {f"t{i}": i for i in range(VOCAB + 5)}
    (folder / "vocab.json").write_text(json.dumps(vocab))
    with pytest.raises(ShapeMismatchError, match=f"{VOCAB + 5} tokens.*{VOCAB} rows"):
        load_tables(folder)

