"""Malformed metadata is a typed one-line error naming the file and the field, never a traceback.

Every file kind the readers take metadata from is covered: config.json,
tokenizer.json, vocab.json, special_tokens_map.json, tokenizer_config.json,
meta.pkl, nanoGPT's model_args, shard indexes, GGUF metadata and tensors,
and encrypted or corrupt zips. The same errors reach the command line (exit
2, one line on stderr) and the page (an error box, no exception).
"""

import json
import pickle
import zipfile

import numpy as np
import pytest
import torch
from streamlit.testing.v1 import AppTest

from dashboard.checkpoints import load_tables
from dashboard.checkpoints.metadata import SCHEMAS, Metadata
from dashboard.checkpoints.tokenizer import load_tokenizer
from dashboard.cli import main
from dashboard.errors import CheckpointReadError, ExplorerError, MetadataError
from dashboard.ui import state
from tests import factories
from tests import format_factories as ff
from tests.pages.app_test import ROOT, shown

DEEP = 5000


def _config_folder(tmp_path, **changes):
    folder = factories.gpt2_folder(tmp_path / "gpt2")
    config = json.loads((folder / "config.json").read_text())
    config.update(changes)
    (folder / "config.json").write_text(json.dumps(config))
    return folder


@pytest.mark.parametrize(("field", "value", "expected"), [
    ("model_type", ["gpt2"], "a string"),
    ("vocab_size", "64", "a whole number"),
    ("n_embd", 32.5, "a whole number"),
    ("n_layer", -2, "a whole number"),
    ("tie_word_embeddings", "yes", "true or false"),
    ("architectures", "GPT2LMHeadModel", "a list of strings"),
    ("rope_theta", [10000], "a finite number"),
    ("rope_theta", 10**400, "a finite number"),  # past float's range: math.isfinite raised OverflowError
    ("rope_parameters", {"rope_theta": "big"}, "rope_theta and partial_rotary_factor are numbers"),
    ("rope_parameters", {"partial_rotary_factor": "a quarter"}, "partial_rotary_factor are numbers"),
    ("rotary_pct", 25, "a number above 0, at most 1"),
])
def test_a_config_field_of_the_wrong_type_is_named(tmp_path, field, value, expected):
    folder = _config_folder(tmp_path, **{field: value})
    with pytest.raises(MetadataError) as caught:
        load_tables(folder)
    message = str(caught.value)
    assert f"config.json in gpt2: field {field!r} must be {expected}" in message or (
        f"field {field!r}" in message and expected in message), message
    assert "\n" not in message


@pytest.mark.parametrize("file_name", ["config.json", "tokenizer.json", "vocab.json", "special_tokens_map.json"])
def test_nesting_thousands_deep_is_refused(tmp_path, file_name):
    folder = factories.gpt2_folder(tmp_path / "gpt2")
    deep = "[" * DEEP + "]" * DEEP
    if file_name == "config.json":
        (folder / file_name).write_text(json.dumps({"model_type": "gpt2"})[:-1] + ', "x": ' + deep + "}")
    else:
        (folder / "vocab.json").write_text(json.dumps({f"t{i}": i for i in range(factories.VOCAB)}))
        (folder / file_name).write_text('{"a": ' + deep + "}")
    with pytest.raises(MetadataError, match=rf"{file_name}( in gpt2)? nests lists or objects"):
        load_tables(folder)


def test_nesting_just_under_the_limit_is_read(tmp_path):
    folder = _config_folder(tmp_path, extra=json.loads("[" * 60 + "]" * 60))
    assert load_tables(folder).vocab_size == factories.VOCAB


def _vocab_folder(tmp_path, vocab, special=None):
    folder = factories.gpt2_folder(tmp_path / "gpt2")
    (folder / "vocab.json").write_text(json.dumps(vocab))
    if special is not None:
        (folder / "special_tokens_map.json").write_text(json.dumps(special))
    return folder


def test_vocab_json_id_of_the_wrong_type_is_named(tmp_path):
    folder = _vocab_folder(tmp_path, {"a": 0, "b": "1"})
    with pytest.raises(MetadataError, match=r"vocab.json: field 'b' must be a whole number, not a string \('1'\)"):
        load_tables(folder)


def test_vocab_json_that_is_a_list_is_named(tmp_path):
    folder = _vocab_folder(tmp_path, ["a", "b"])
    with pytest.raises(MetadataError, match=r"vocab.json must hold an object of named fields, not a list"):
        load_tables(folder)


def test_special_tokens_map_of_the_wrong_type_is_named(tmp_path):
    vocab = {f"t{i}": i for i in range(factories.VOCAB)}
    folder = _vocab_folder(tmp_path, vocab, special={"bos_token": {"content": 5}})
    with pytest.raises(MetadataError, match=r"special_tokens_map.json: field 'bos_token' must be a token string"):
        load_tables(folder)
    folder = _vocab_folder(tmp_path / "ok", vocab, special={"bos_token": {"content": "t0"}, "eos_token": "t1"})
    assert load_tables(folder).vocabulary.special_ids == frozenset({0, 1})


def test_tokenizer_config_of_the_wrong_type_is_named_where_the_tokenizer_is_described(tmp_path):
    folder = _vocab_folder(tmp_path, {f"t{i}": i for i in range(factories.VOCAB)})
    (folder / "merges.txt").write_text("#version: 0.2\n")
    (folder / "tokenizer_config.json").write_text(json.dumps({"model_max_length": "long"}))
    tokenizer = load_tokenizer(load_tables(folder))
    assert "tokenizer_config.json: field 'model_max_length' must be a finite number" in tokenizer.describe


def test_meta_pkl_of_the_wrong_type_is_named(tmp_path):
    path = ff.nanogpt_checkpoint(tmp_path, meta_chars="abc")
    with open(tmp_path / "meta.pkl", "wb") as handle:
        pickle.dump({"vocab_size": 3, "itos": {0: "a", 1: 2, 2: "c"}}, handle)
    with pytest.raises(MetadataError, match=r"meta.pkl: field 'itos' must be a mapping of ids"):
        load_tables(path)
    with open(tmp_path / "meta.pkl", "wb") as handle:
        pickle.dump(["a", "b"], handle)
    with pytest.raises(MetadataError, match=r"meta.pkl must hold an object of named fields, not a list"):
        load_tables(path)


@pytest.mark.parametrize(("changes", "field"), [({"n_layer": "2"}, "n_layer"), ({"bias": "no"}, "bias")])
def test_model_args_of_the_wrong_type_are_named(tmp_path, changes, field):
    path = ff.nanogpt_checkpoint(tmp_path, model_args=changes)
    with pytest.raises(MetadataError, match=rf"model_args of ckpt.pt: field {field!r}"):
        load_tables(path)


def test_a_shard_index_whose_weight_map_is_a_list_is_named(tmp_path):
    folder = ff.pytorch_bin_folder(tmp_path / "sharded", ff.gpt2_model(), max_shard_size=20_000)
    (folder / "pytorch_model.bin.index.json").write_text(json.dumps({"weight_map": ["a", "b"]}))
    with pytest.raises(MetadataError, match=r"pytorch_model.bin.index.json: field 'weight_map' must be an object"):
        load_tables(folder)


def _gguf(path, add):
    import gguf

    writer = gguf.GGUFWriter(str(path), "llama")
    add(writer)
    table = np.random.default_rng(0).standard_normal((factories.VOCAB, 64)).astype(np.float32)
    writer.add_tensor("token_embd.weight", table)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    return path


@pytest.mark.parametrize(("add", "field", "expected"), [
    (lambda w: w.add_string("llama.embedding_length", "64"), "llama.embedding_length", "a whole number"),
    (lambda w: w.add_array("tokenizer.ggml.tokens", list(range(factories.VOCAB))), "tokenizer.ggml.tokens",
     "a list of strings"),
    (lambda w: w.add_float32("tokenizer.ggml.model", 1.0), "tokenizer.ggml.model", "a string"),
    (lambda w: w.add_array("tokenizer.ggml.token_type", ["normal"] * factories.VOCAB), "tokenizer.ggml.token_type",
     "a list of whole numbers"),
])
def test_gguf_metadata_of_the_wrong_type_is_named(tmp_path, add, field, expected):
    path = _gguf(tmp_path / "model.gguf", add)
    with pytest.raises(MetadataError, match=rf"GGUF metadata of model.gguf: field {field!r} must be {expected}"):
        load_tables(path)


def test_a_one_dimensional_gguf_token_table_is_a_typed_error(tmp_path):
    import gguf

    writer = gguf.GGUFWriter(str(tmp_path / "flat.gguf"), "llama")
    writer.add_tensor("token_embd.weight", np.ones(64, np.float32))
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    with pytest.raises(ExplorerError, match=r"token.*2 axes"):
        load_tables(tmp_path / "flat.gguf")


def _mark_encrypted(path):
    # Set bit 0 (encrypted) of every entry's flags, in the local headers and the central directory.
    data = bytearray(path.read_bytes())
    for signature, offset in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        start = data.find(signature)
        while start >= 0:
            data[start + offset] |= 1
            start = data.find(signature, start + 4)
    path.write_bytes(bytes(data))


@pytest.mark.parametrize("kind", ["npz", "torch"])
def test_an_encrypted_zip_is_a_typed_error(tmp_path, kind):
    if kind == "npz":
        path = tmp_path / "tables.npz"
        np.savez(path, token_embedding=np.ones((8, 4), np.float32))
    else:
        path = tmp_path / "model.pt"
        torch.save(ff.gpt2_model().state_dict(), path)
    _mark_encrypted(path)
    assert any(info.flag_bits & 1 for info in zipfile.ZipFile(path).infolist())
    with pytest.raises(CheckpointReadError):
        load_tables(path)


def test_a_corrupt_npz_member_is_a_typed_error(tmp_path):
    path = tmp_path / "tables.npz"
    np.savez_compressed(path, token_embedding=np.random.default_rng(0).standard_normal((64, 16)).astype(np.float32))
    data = bytearray(path.read_bytes())
    middle = len(data) // 2
    data[middle:middle + 32] = bytes(32)  # inside the deflated stream
    path.write_bytes(bytes(data))
    with pytest.raises(CheckpointReadError):
        load_tables(path)


def test_a_field_outside_the_schema_cannot_be_read():
    # A new field must be declared in SCHEMAS before code can read it.
    config = Metadata({"model_type": "gpt2", "new_field": 3}, "config.json", "config.json")
    assert config.get("model_type") == "gpt2" and "new_field" not in config
    with pytest.raises(LookupError, match="not in the schema"):
        config.get("new_field")


def test_every_schema_names_its_fields_with_a_kind():
    assert set(SCHEMAS) >= {"config.json", "model_args", "meta.pkl", "vocab.json", "special_tokens_map.json",
                            "tokenizer_config.json", "index.json", "gguf"}
    assert all(kind.expected and callable(kind.accepts) for schema in SCHEMAS.values() for kind in schema.values())


def test_the_cli_exits_2_with_one_line_naming_the_field(tmp_path, capsys):
    folder = _config_folder(tmp_path, vocab_size=[64])
    capsys.readouterr()  # the factory's progress output
    assert main(["info", str(folder)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "config.json" in err and "'vocab_size'" in err


def test_the_page_shows_the_field_and_no_traceback(tmp_path):
    folder = _config_folder(tmp_path, model_type=["gpt2"])
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params[state.MODEL_PARAM] = str(folder)
    at.run()
    assert not at.exception
    assert any("config.json in gpt2: field 'model_type' must be a string" in shown(e.value) for e in at.error)


def test_a_complex_token_table_is_refused_not_cast_to_its_real_part(tmp_path):
    # Found by the structured fuzzer (test_torch_state_dicts): the cast warned and dropped the imaginary part.
    torch.save({"transformer.wte.weight": torch.ones(8, 4, dtype=torch.complex64) * 1j,
                "transformer.wpe.weight": torch.ones(4, 4)}, tmp_path / "model.pt")
    with pytest.raises(ExplorerError, match="complex"):
        load_tables(tmp_path / "model.pt")


def test_an_encrypted_or_corrupt_upload_zip_is_a_typed_error(tmp_path):
    from dashboard.checkpoints.uploads import extract_zip

    folder = factories.gpt2_folder(tmp_path / "gpt2")
    archive = tmp_path / "gpt2.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as handle:
        for path in folder.iterdir():
            handle.write(path, f"gpt2/{path.name}")
    data = archive.read_bytes()
    _mark_encrypted(archive)
    (tmp_path / "out1").mkdir()
    with pytest.raises(CheckpointReadError, match="is encrypted"):
        extract_zip(archive, tmp_path / "out1")
    broken = bytearray(data)
    first = broken.find(b"PK\x03\x04")
    start = first + 30 + int.from_bytes(broken[first + 26:first + 28], "little")  # the first entry's data
    broken[start:start + 64] = bytes(64)
    archive.write_bytes(bytes(broken))
    (tmp_path / "out2").mkdir()
    with pytest.raises(CheckpointReadError):
        extract_zip(archive, tmp_path / "out2")


@pytest.mark.parametrize("descr", ["|V0", "|S0", "<U0", "<c8", "<M8[s]"])
def test_an_npy_of_no_numbers_is_refused_before_any_allocation(tmp_path, descr):
    # A zero-byte dtype lets a 40-byte header declare (10**6, 10**6) over no data.
    import io

    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(header, {"descr": descr, "fortran_order": False,
                                                  "shape": (10**6, 10**6) if "0" in descr else (2, 2)})
    (tmp_path / "emb.npy").write_bytes(header.getvalue() + bytes(64 if "0" not in descr else 0))
    with pytest.raises(ExplorerError, match="no 2-D float array|not numbers"):
        load_tables(tmp_path / "emb.npy")


@pytest.mark.parametrize("kind", ["npy", "safetensors"])
def test_an_empty_table_with_a_huge_row_count_is_refused_before_labels_are_made(tmp_path, kind):
    # Shape (2**40, 0) holds no bytes; a placeholder vocabulary for it would ask for 2**40 labels.
    if kind == "npy":
        import io

        header = io.BytesIO()
        np.lib.format.write_array_header_1_0(header, {"descr": "<f4", "fortran_order": False, "shape": (2**40, 0)})
        path = tmp_path / "emb.npy"
        path.write_bytes(header.getvalue())
    else:
        import struct

        header = json.dumps({"transformer.wte.weight": {"dtype": "F32", "shape": [2**40, 0], "data_offsets": [0, 0]},
                             "transformer.wpe.weight": {"dtype": "F32", "shape": [4, 0], "data_offsets": [0, 0]}})
        path = tmp_path / "model.safetensors"
        path.write_bytes(struct.pack("<Q", len(header)) + header.encode())
    with pytest.raises(ExplorerError, match=r"empty \(shape \(1099511627776, 0\)\)|no 2-D float array"):
        load_tables(path)


def test_a_value_of_shared_references_is_described_from_its_first_items_not_walked_whole():
    """repr() of 2**60 shared values never returns, and it holds the interpreter lock: every session froze."""
    from dashboard.checkpoints.metadata import describe_value
    from tests.hostile_factories import _shared_lists

    assert str(describe_value(_shared_lists())) == "a list ([[[...], [...]], [[...], [...]]])"
