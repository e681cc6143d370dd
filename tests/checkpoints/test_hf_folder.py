"""The Hugging Face folder reader against tiny models written by transformers itself."""

import json

import numpy as np
import pytest
import torch

from dashboard.analysis.accounting import parameter_rows, spec_from_tables
from dashboard.checkpoints import load_tables
from dashboard.cli.info import info_document
from dashboard.errors import (
    CheckpointReadError,
    MetadataError,
    MissingTensorError,
    ShapeMismatchError,
    SourceNotFoundError,
    UnsupportedFormatError,
)
from tests import factories
from tests.factories import D_MODEL, N_POSITIONS, VOCAB


def _reference(folder, cls):
    return cls.from_pretrained(folder).eval()


def test_gpt2_tied_matches_transformers(tmp_path):
    from transformers import GPT2LMHeadModel

    folder = factories.gpt2_folder(tmp_path / "gpt2", tied=True)
    tables = load_tables(folder)
    model = _reference(folder, GPT2LMHeadModel)
    np.testing.assert_array_equal(tables.token, model.transformer.wte.weight.detach().numpy())
    np.testing.assert_array_equal(tables.position, model.transformer.wpe.weight.detach().numpy())
    assert (tables.vocab_size, tables.d_model, tables.n_positions) == (VOCAB, D_MODEL, N_POSITIONS)
    assert tables.tying.verdict == "tied-implied"
    assert tables.output_head is None
    assert tables.total_parameters == sum(p.numel() for p in model.parameters())
    assert tables.position_kind == "learned" and tables.architecture == "gpt2"


def test_gpt2_untied_reports_largest_difference(tmp_path):
    from transformers import GPT2LMHeadModel

    folder = factories.gpt2_folder(tmp_path / "gpt2", tied=False)
    tables = load_tables(folder)
    model = _reference(folder, GPT2LMHeadModel)
    head = model.lm_head.weight.detach().numpy()
    assert tables.tying.verdict == "untied"
    assert tables.tying.max_abs_diff == pytest.approx(float(np.abs(head - tables.token).max()))
    np.testing.assert_array_equal(tables.output_head, head)
    assert tables.total_parameters == sum(p.numel() for p in model.parameters())


def _equal_copy_folder(folder):
    """An untied GPT-2 whose stored lm_head.weight was set to the token table's values, and its model."""
    from transformers import GPT2LMHeadModel

    factories.gpt2_folder(folder, tied=False)
    model = GPT2LMHeadModel.from_pretrained(folder)
    with torch.no_grad():
        model.lm_head.weight.copy_(model.transformer.wte.weight)
    model.save_pretrained(folder)
    return model


def _set_config(folder, **changes):
    config = json.loads((folder / "config.json").read_text())
    config.update(changes)
    (folder / "config.json").write_text(json.dumps({k: v for k, v in config.items() if v is not None}))


def test_equal_copy_with_config_untied_is_untied_and_both_are_counted(tmp_path):
    folder = tmp_path / "copy"
    model = _equal_copy_folder(folder)
    assert model.lm_head.weight.data_ptr() != model.transformer.wte.weight.data_ptr()  # transformers: two matrices
    tables = load_tables(folder)
    assert tables.tying.verdict == "untied" and not tables.tying.is_tied
    assert tables.tying.max_abs_diff == 0.0 and tables.tying.config_note is None and not tables.tying.ambiguous
    assert "equals 'transformer.wte.weight' exactly today" in tables.tying.evidence
    assert "tie_word_embeddings=false" in tables.tying.evidence
    assert tables.total_parameters == sum(p.numel() for p in model.parameters())  # head counted too
    np.testing.assert_array_equal(tables.output_head, tables.token)
    rows = {r.name: r for r in parameter_rows(spec_from_tables(tables))}
    assert rows["output_head"].parameters == VOCAB * D_MODEL
    assert "currently equal to the token table" in rows["output_head"].note


def test_equal_copy_without_a_flag_takes_the_config_class_default_as_transformers_does(tmp_path):
    """GPT2Config's default ties: the equal copy is one matrix counted once; no ambiguity left to report."""
    folder = tmp_path / "copy"
    model = _equal_copy_folder(folder)
    _set_config(folder, tie_word_embeddings=None)  # the key removed: the config class's default decides
    tables = load_tables(folder)
    assert tables.tying.verdict == "tied-equal-copy" and not tables.tying.ambiguous
    assert "transformers' GPT2Config, by default (config.json does not set tie_word_embeddings)" in \
        tables.tying.evidence
    assert tables.total_parameters == sum(p.numel() for p in model.parameters()) - VOCAB * D_MODEL
    rows = {r.name: r for r in parameter_rows(spec_from_tables(tables))}
    assert rows["output_head"].parameters == 0 and "counted once" in rows["output_head"].note


def test_a_llama_equal_copy_without_a_flag_is_two_matrices_as_transformers_builds_it(tmp_path):
    """LlamaConfig's default is untied: transformers counts both; 'tied' contradicted the perturb test (audit)."""
    from transformers import LlamaForCausalLM

    folder = factories.llama_folder(tmp_path / "llama", tied=False)
    model = LlamaForCausalLM.from_pretrained(folder)
    with torch.no_grad():
        model.lm_head.weight.copy_(model.model.embed_tokens.weight)
    model.save_pretrained(folder)
    _set_config(folder, tie_word_embeddings=None)
    tables = load_tables(folder)
    assert tables.tying.verdict == "untied" and "LlamaConfig, by default" in tables.tying.evidence
    assert tables.total_parameters == LlamaForCausalLM.from_pretrained(folder).num_parameters()


def test_an_equal_copy_with_no_config_at_all_says_values_cannot_tell(tmp_path):
    """A bare state dict has no config class to ask: equal values alone cannot tell."""
    from safetensors.torch import save_file

    model = _equal_copy_folder(tmp_path / "copy")
    state = {k: v.clone() for k, v in model.state_dict().items()}  # separate storages: no shared tensor
    save_file(state, str(tmp_path / "bare.safetensors"))
    tables = load_tables(tmp_path / "bare.safetensors")
    assert tables.tying.verdict == "tied-equal-copy" and tables.tying.ambiguous
    assert "equal values alone cannot tell" in tables.tying.evidence
    assert info_document(tables)["tying"]["ambiguous"] is True  # info --json says so too


def test_equal_copy_with_config_tied_is_a_tie(tmp_path):
    folder = tmp_path / "copy"
    _equal_copy_folder(folder)
    _set_config(folder, tie_word_embeddings=True)
    tables = load_tables(folder)
    assert tables.tying.verdict == "tied-equal-copy" and not tables.tying.ambiguous
    assert tables.tying.config_note is None and "tie_word_embeddings=true" in tables.tying.evidence


def test_bert_has_token_type_table_and_no_head(tmp_path):
    from transformers import BertModel

    folder = factories.bert_folder(tmp_path / "bert")
    tables = load_tables(folder)
    model = _reference(folder, BertModel)
    np.testing.assert_array_equal(tables.token_type, model.embeddings.token_type_embeddings.weight.detach().numpy())
    assert tables.tying.verdict == "no-head"
    assert tables.hyperparameters["causal"] is False
    assert tables.total_parameters == sum(p.numel() for p in model.parameters())


def test_llama_is_rotary_with_no_position_table(tmp_path):
    tables = load_tables(factories.llama_folder(tmp_path / "llama"))
    assert tables.position is None and tables.n_positions is None
    assert tables.position_kind == "rotary" and "rotat" in tables.position_note
    assert tables.tying.verdict == "untied"
    assert tables.hyperparameters["rope_theta"] == 10000.0


def test_opt_position_offset_is_dropped(tmp_path):
    from transformers import OPTForCausalLM

    folder = factories.opt_folder(tmp_path / "opt")
    tables = load_tables(folder)
    stored = _reference(folder, OPTForCausalLM).model.decoder.embed_positions.weight.detach().numpy()
    assert stored.shape[0] == N_POSITIONS + 2
    np.testing.assert_array_equal(tables.position, stored[2:])
    assert any("first 2 rows" in note for note in tables.notes)
    rows = {row.name: row for row in parameter_rows(spec_from_tables(tables))}
    assert rows["position"].shape == stored.shape and rows["position"].parameters == stored.size  # the 2 rows too
    assert "2 rows stored before position 0" in str(rows["position"].note)
    model = _reference(folder, OPTForCausalLM)
    assert rows["total"].parameters == sum(p.numel() for p in model.parameters())


def test_opt_with_a_narrower_token_table_says_why_it_cannot_be_shown(tmp_path):
    folder = factories.opt_folder(tmp_path / "opt", word_embed_proj_dim=D_MODEL // 2)  # OPT-350m's shape
    with pytest.raises(ShapeMismatchError, match="project_in") as caught:
        load_tables(folder)
    assert "belongs to another checkpoint" not in str(caught.value)  # the config is right
    assert f"word_embed_proj_dim {D_MODEL // 2}" in str(caught.value)


def test_sharded_safetensors_read_and_missing_shard_named(tmp_path):
    folder = factories.gpt2_folder(tmp_path / "sharded", tied=False, max_shard_size="20KB")
    index = json.loads((folder / "model.safetensors.index.json").read_text())
    shards = sorted(set(index["weight_map"].values()))
    assert len(shards) > 2
    single = load_tables(factories.gpt2_folder(tmp_path / "single", tied=False))
    np.testing.assert_array_equal(load_tables(folder).token, single.token)
    missing = shards[-1]
    (folder / missing).unlink()
    with pytest.raises(CheckpointReadError, match=missing):
        load_tables(folder)


def test_config_contradicting_tensors_is_refused(tmp_path):
    folder = factories.gpt2_folder(tmp_path / "gpt2")
    config = json.loads((folder / "config.json").read_text())
    config["vocab_size"] = VOCAB + 1
    (folder / "config.json").write_text(json.dumps(config))
    with pytest.raises(ShapeMismatchError, match=f"vocab_size={VOCAB + 1}.*vocab_size={VOCAB}"):
        load_tables(folder)


def test_unknown_model_type_lists_supported(tmp_path):
    folder = factories.gpt2_folder(tmp_path / "gpt2")
    (folder / "config.json").write_text(json.dumps({"model_type": "mamba"}))
    with pytest.raises(UnsupportedFormatError, match="gpt2"):
        load_tables(folder)


def test_corrupt_safetensors_header(tmp_path):
    folder = factories.gpt2_folder(tmp_path / "gpt2")
    (folder / "model.safetensors").write_bytes(b"\x10\x00\x00\x00\x00\x00\x00\x00{not json")
    with pytest.raises(CheckpointReadError, match="safetensors"):
        load_tables(folder)


def test_missing_path():
    with pytest.raises(SourceNotFoundError, match="default"):
        load_tables("/no/such/checkpoint")


def test_bf16_is_widened_and_dtype_reported(tmp_path):
    from transformers import GPT2LMHeadModel

    folder = factories.gpt2_folder(tmp_path / "fp32")
    model = GPT2LMHeadModel.from_pretrained(folder).to(torch.bfloat16)
    model.save_pretrained(tmp_path / "bf16")
    tables = load_tables(tmp_path / "bf16")
    assert tables.source_dtype == "bfloat16" and tables.token.dtype == np.float32
    np.testing.assert_array_equal(tables.token, model.transformer.wte.weight.float().detach().numpy())


def test_vocab_txt_that_is_not_utf8_is_typed(tmp_path):
    folder = factories.bert_folder(tmp_path / "bert")
    (folder / "vocab.txt").write_bytes(b"[PAD]\n\xff\xfecat\n")  # a UTF-16 mark: saved in the wrong encoding
    with pytest.raises(CheckpointReadError, match="vocab.txt .*UTF-8"):
        load_tables(folder)


def test_gpt2_config_beside_llama_weights_names_what_was_looked_for(tmp_path):
    llama = factories.llama_folder(tmp_path / "llama")
    gpt2 = factories.gpt2_folder(tmp_path / "gpt2")
    (llama / "config.json").write_text((gpt2 / "config.json").read_text())
    with pytest.raises(MissingTensorError) as caught:
        load_tables(llama)
    message = str(caught.value)
    assert "None" not in message
    assert "'wte.weight'" in message and "'transformer.wte.weight'" in message  # every prefix tried
    assert "'model.embed_tokens.weight'" in message  # what the file holds, embedding-like keys first
    assert "config.json may belong to another model" in message


def test_a_shard_of_a_model_folder_is_read_as_the_folder(tmp_path):
    folder = factories.llama_folder(tmp_path / "llama", tied=False, max_shard_size="20KB")
    shards = sorted(set(json.loads((folder / "model.safetensors.index.json").read_text())["weight_map"].values()))
    assert len(shards) > 2  # the token table and the head lie in different shards
    whole = load_tables(folder)
    for shard in (shards[0], shards[-1]):
        tables = load_tables(folder / shard)
        assert (tables.architecture, tables.tying.verdict, tables.format) == ("llama", "untied", "hf-safetensors")
        np.testing.assert_array_equal(tables.token, whole.token)
        np.testing.assert_array_equal(tables.output_head, whole.output_head)
        assert tables.total_parameters == whole.total_parameters
        assert tables.source == str(folder / shard) and tables.model_path == str(folder)
        assert any(f"read as the model folder {folder}" in note and shard in note for note in tables.notes)


def test_a_shard_whose_sibling_is_missing_names_the_missing_one(tmp_path):
    folder = factories.gpt2_folder(tmp_path / "sharded", tied=False, max_shard_size="20KB")
    shards = sorted(set(json.loads((folder / "model.safetensors.index.json").read_text())["weight_map"].values()))
    (folder / shards[-1]).unlink()
    with pytest.raises(CheckpointReadError, match=shards[-1]):
        load_tables(folder / shards[0])


def test_a_shard_without_its_index_is_refused_not_read_as_the_whole_model(tmp_path):
    # Read alone, shard 1 of a tied GPT-2 (token table, no head) looked like a complete tied model with a
    # fraction of its parameters.
    folder = factories.gpt2_folder(tmp_path / "sharded", tied=True, max_shard_size="20KB")
    shards = sorted(set(json.loads((folder / "model.safetensors.index.json").read_text())["weight_map"].values()))
    (folder / "model.safetensors.index.json").unlink()
    n = len(shards)
    for shard in (shards[0], shards[-1]):
        with pytest.raises(UnsupportedFormatError, match=rf"{shard} is shard \d+ of {n} .*"
                           rf"model\.safetensors\.index\.json.*{shards[0]}.*{shards[-1]}"):
            load_tables(folder / shard)
    with pytest.raises(UnsupportedFormatError, match=rf"holds shards .*{shards[-1]}.* not model\.safetensors\.index"):
        load_tables(folder)
    alone = tmp_path / "alone"  # no config.json either: the shard is the only file of its folder
    alone.mkdir()
    (folder / shards[0]).rename(alone / shards[0])
    with pytest.raises(UnsupportedFormatError, match=f"shard 1 of {n}"):
        load_tables(alone)


def test_a_shard_beside_its_index_but_no_config_says_config_json_is_missing(tmp_path):
    folder = factories.gpt2_folder(tmp_path / "sharded", tied=True, max_shard_size="20KB")
    shard = sorted(folder.glob("model-*.safetensors"))[0].name
    (folder / "config.json").unlink()
    with pytest.raises(UnsupportedFormatError, match=rf"{shard} is shard 1 of \d+, and model\.safetensors\.index"
                                                     r"\.json beside it names it.*config\.json"):
        load_tables(folder / shard)


def test_a_shard_beside_a_broken_index_reports_the_index(tmp_path):
    folder = factories.gpt2_folder(tmp_path / "sharded", tied=True, max_shard_size="20KB")
    shard = sorted(folder.glob("model-*.safetensors"))[0].name
    (folder / "model.safetensors.index.json").write_text('{"weight_map": ')
    with pytest.raises(MetadataError, match="index.json"):
        load_tables(folder / shard)


def test_a_link_to_a_shard_in_restricted_mode_is_refused_by_the_links_name(tmp_path):
    # A hub cache: snapshots/<rev>/model-00001-of-0000n.safetensors links to blobs/<sha256>, and restricted
    # mode reads the link's target, whose name says nothing of shards.
    from dashboard.checkpoints.path_policy import PathPolicy

    models = tmp_path / "models"
    folder = factories.gpt2_folder(models / "snapshot", tied=True, max_shard_size="20KB")
    shard = sorted(folder.glob("model-*.safetensors"))[0]
    (models / "blobs").mkdir()
    blob = shard.rename(models / "blobs" / "3f2a9c")
    shard.symlink_to(blob)
    policy = PathPolicy.from_settings(mode="models", models_dir=models)
    with pytest.raises(UnsupportedFormatError, match=rf"{shard.name} is shard 1 of \d+ .*a link.*load the folder"):
        load_tables(str(shard), policy=policy)
    assert load_tables(str(folder), policy=policy).architecture == "gpt2"  # its folder reads whole




def test_pytorch_shards_without_their_index_are_refused(tmp_path):
    from tests import format_factories as ff

    folder = ff.pytorch_bin_folder(tmp_path / "bin", ff.gpt2_model(tied=False), max_shard_size=20_000)
    (folder / "pytorch_model.bin.index.json").unlink()
    shard = sorted(folder.glob("pytorch_model-*.bin"))[0].name
    with pytest.raises(UnsupportedFormatError, match=f"{shard} is shard 1 of .*pytorch_model\\.bin\\.index\\.json"):
        load_tables(folder / shard)
    with pytest.raises(UnsupportedFormatError, match="not pytorch_model\\.bin\\.index\\.json"):
        load_tables(folder)


def test_shard_position_reads_save_pretrained_names_only():
    from dashboard.checkpoints.hf_folder import shard_position

    assert shard_position("model-00002-of-00004.safetensors") == (2, 4, "model.safetensors.index.json")
    assert shard_position("pytorch_model-00001-of-00002.bin") == (1, 2, "pytorch_model.bin.index.json")
    for name in ("model-00001-of-00001.safetensors", "model.safetensors", "model-1-of-4.safetensors",
                 "model-00001-of-00004.npz"):
        assert shard_position(name) is None


def test_model_safetensors_beside_its_config_is_read_with_the_config(tmp_path):
    folder = factories.gpt2_folder(tmp_path / "gpt2", tied=False)
    tables = load_tables(folder / "model.safetensors")
    assert tables.format == "hf-safetensors" and tables.hyperparameters["n_positions"] == N_POSITIONS
    assert not any("recognised from the key names" in note for note in tables.notes)
    assert f"read as the model folder {folder}: config.json beside model.safetensors" in tables.notes
    assert info_document(tables).keys() == info_document(load_tables(folder)).keys()


def test_the_named_weights_file_is_read_when_a_folder_holds_two(tmp_path):
    from tests import format_factories as ff

    folder = factories.gpt2_folder(tmp_path / "both", seed=1)  # its model.safetensors: seed 1
    model = ff.gpt2_model(seed=2)
    (ff.pytorch_bin_folder(tmp_path / "bin", model) / "pytorch_model.bin").rename(folder / "pytorch_model.bin")
    tables = load_tables(folder / "pytorch_model.bin")  # the folder alone would read model.safetensors
    assert tables.format == "hf-pytorch"
    np.testing.assert_array_equal(tables.token, model.transformer.wte.weight.detach().numpy())
    assert load_tables(folder / "model.safetensors").format == "hf-safetensors"


def test_a_weights_file_without_config_beside_it_is_a_bare_state_dict(tmp_path):
    folder = factories.gpt2_folder(tmp_path / "gpt2")
    (folder / "config.json").unlink()
    tables = load_tables(folder / "model.safetensors")
    assert tables.format != "hf-safetensors"
    assert any("recognised from the key names" in note for note in tables.notes)
    assert not any("read as the model folder" in note for note in tables.notes)


def test_a_file_the_index_does_not_name_is_read_alone(tmp_path):
    folder = factories.gpt2_folder(tmp_path / "sharded", tied=False, max_shard_size="20KB")
    single = factories.gpt2_folder(tmp_path / "single", tied=False)
    (single / "model.safetensors").rename(folder / "extra.safetensors")
    tables = load_tables(folder / "extra.safetensors")
    assert not any("read as the model folder" in note for note in tables.notes)


def _untied_folder_without_head(folder):
    """An untied GPT-2 (``tie_word_embeddings=false``) saved with its lm_head.weight left out."""
    from safetensors.torch import load_file, save_file

    factories.gpt2_folder(folder, tied=False)
    weights = load_file(folder / "model.safetensors")
    save_file({k: v for k, v in weights.items() if not k.startswith("lm_head")}, folder / "model.safetensors",
              metadata={"format": "pt"})
    return folder


def test_config_untied_with_no_head_stored_is_a_missing_head_not_a_tie(tmp_path):
    from transformers import GPT2LMHeadModel

    folder = _untied_folder_without_head(tmp_path / "nohead")
    model = _reference(folder, GPT2LMHeadModel)  # transformers: a head of its own, started at random values
    assert model.lm_head.weight.data_ptr() != model.transformer.wte.weight.data_ptr()
    assert not torch.equal(model.lm_head.weight, model.transformer.wte.weight)
    tables = load_tables(folder)
    assert tables.tying.verdict == "no-head" and tables.tying.head_missing and not tables.tying.is_tied
    assert str(tables.tying.label) == "head missing" and tables.tying.config_note is None
    assert "tie_word_embeddings=false" in tables.tying.evidence and "'lm_head.weight'" in tables.tying.evidence
    assert "reuses" not in tables.tying.evidence
    assert tables.output_head is None
    assert info_document(tables)["tying"]["head_missing"] is True


def test_config_untied_with_no_head_refuses_perturb_saying_the_head_is_missing(tmp_path):
    from dashboard.errors import NoOutputHeadError
    from dashboard.forward.perturbation import require_output_head

    tables = load_tables(_untied_folder_without_head(tmp_path / "nohead"))
    with pytest.raises(NoOutputHeadError, match="output head is missing.*random head"):
        require_output_head(tables)


@pytest.mark.parametrize("with_index", [True, False])
def test_a_folder_of_shards_without_config_says_what_is_missing_not_which_file_to_pick(tmp_path, with_index):
    """Giving one of the shards instead, as the generic "give the path of one file" message said, is refused too."""
    from safetensors.numpy import save_file

    names = [f"model-0000{k}-of-00002.safetensors" for k in (1, 2)]
    save_file({"model.embed_tokens.weight": np.ones((10, 4), np.float32)}, str(tmp_path / names[0]))
    save_file({"lm_head.weight": np.ones((10, 4), np.float32)}, str(tmp_path / names[1]))
    if with_index:
        (tmp_path / "model.safetensors.index.json").write_text(json.dumps({"metadata": {}, "weight_map": {
            "model.embed_tokens.weight": names[0], "lm_head.weight": names[1]}}))
    with pytest.raises(UnsupportedFormatError) as raised:
        load_tables(str(tmp_path))
    message = str(raised.value)
    assert "no config.json" in message or "neither config.json" in message
    assert all(name in message for name in names) and "give the path of one" not in message
    assert ("nor model.safetensors.index.json" in message) is not with_index


def test_a_folder_of_two_unrelated_checkpoints_still_asks_for_one(tmp_path):
    from safetensors.numpy import save_file

    save_file({"wte.weight": np.ones((10, 4), np.float32)}, str(tmp_path / "a.safetensors"))
    save_file({"model-00001-of-00002.weight": np.ones((10, 4), np.float32)}, str(tmp_path / "model-00001-of-00002.safetensors"))
    with pytest.raises(UnsupportedFormatError, match="give the path of one checkpoint"):
        load_tables(str(tmp_path))
