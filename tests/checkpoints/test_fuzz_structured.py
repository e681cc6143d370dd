"""Structured fuzzing of every reader: valid files with their headers, shapes, dtypes, offsets and metadata redrawn.

:mod:`tests.checkpoints.test_fuzz` mutates bytes; most such files die at the
first parser. Here hypothesis draws the *fields* of each format and a real
writer (or the format's own layout, for headers no writer would produce)
puts them in a file, so the readers' later checks are reached: a
safetensors header with any shape, dtype and offsets; an ``.npy`` header
with any shape, dtype and order over any amount of data; GGUF key-values of
any type and token tables of any rank; nanoGPT ``model_args``/``meta.pkl``
and config.json/vocab.json/special_tokens_map.json fields of any JSON type;
state dicts with any key names, shapes and dtypes; Projector rows of any
width; each file optionally truncated. The contract: tables, or an
:class:`~dashboard.errors.ExplorerError`; anything else is a bug.

Bounded for CI by ``FUZZ_EXAMPLES`` (default 25 per target); results of
longer runs are in docs/fuzzing.md.
"""

from __future__ import annotations

import json
import os
import pickle
import shutil
import struct
import tempfile
from pathlib import Path

import numpy as np
import pytest
import torch
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dashboard.checkpoints import load_tables
from dashboard.errors import ExplorerError
from dashboard.tables import EmbeddingTables
from tests import factories
from tests import format_factories as ff

FUZZ = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "25")), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

#: Sizes that matter to readers: empty, one, the seed's own, and the huge ones an attacker declares.
SIZES = st.one_of(st.integers(0, 4), st.sampled_from([factories.VOCAB, factories.D_MODEL, 2**31, 2**40, 10**12]),
                  st.integers(-3, -1))
#: Any JSON value, nested a little, plus numbers at the edges of what JSON and Python hold.
JSON_VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-2**63, 2**64), st.floats(allow_nan=False),
              st.text(max_size=12), st.sampled_from(["gpt2", "llama", "bert", "", "64", "1e9"])),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12,
)


def _expect_contract(source: Path) -> None:
    try:
        assert isinstance(load_tables(source), EmbeddingTables)
    except ExplorerError:
        pass  # typed, with a message for the user


@pytest.fixture(scope="module")
def workdir():
    path = Path(tempfile.mkdtemp(prefix="fuzz-structured-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def _fresh(workdir: Path, name: str) -> Path:
    return Path(tempfile.mkdtemp(prefix=name, dir=workdir))


def _truncated(draw, data: bytes) -> bytes:
    if draw(st.booleans()):
        return data
    return data[: draw(st.integers(0, max(len(data) - 1, 0)))]


# --- safetensors: the JSON header's shapes, dtypes, offsets and metadata ------------------------------------

SAFETENSORS_DTYPES = st.sampled_from(["F32", "F16", "BF16", "F64", "I64", "U8", "BOOL", "F8_E4M3", "X9", ""])


@st.composite
def safetensors_files(draw) -> bytes:
    rows, width = draw(SIZES), draw(SIZES)
    header = {}
    for key in draw(st.lists(st.sampled_from(["wte.weight", "wpe.weight", "transformer.wte.weight", "lm_head.weight",
                                              "h.0.attn.c_attn.weight", "x"]), min_size=1, max_size=3, unique=True)):
        shape = draw(st.one_of(st.just([rows, width]), st.lists(SIZES, max_size=3)))
        start = draw(st.one_of(st.just(0), SIZES))
        end = draw(st.one_of(st.just(start + 4 * max(rows * width, 0)), SIZES))
        header[key] = {"dtype": draw(SAFETENSORS_DTYPES), "shape": shape, "data_offsets": [start, end]}
    if draw(st.booleans()):
        header["__metadata__"] = draw(st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=3))
    text = json.dumps(header).encode()
    body = bytes(draw(st.integers(0, 4096)))
    return _truncated(draw, struct.pack("<Q", len(text)) + text + body)


@FUZZ
@given(data=safetensors_files())
def test_safetensors_headers(workdir, data):
    path = _fresh(workdir, "st") / "model.safetensors"
    path.write_bytes(data)
    _expect_contract(path)


# --- .npy / .npz: header shape, dtype and order over any amount of data ------------------------------------

NPY_DTYPES = st.sampled_from(["<f4", "<f8", "<f2", ">f4", "|b1", "<i8", "<c8", "|V8", "|u1", "<M8[s]"])


@st.composite
def npy_files(draw) -> bytes:
    import io

    shape = tuple(draw(st.lists(SIZES.filter(lambda n: n >= 0), max_size=3)))
    header = io.BytesIO()
    np.lib.format.write_array_header_1_0(header, {"descr": draw(NPY_DTYPES), "fortran_order": draw(st.booleans()),
                                                  "shape": shape})
    body = np.random.default_rng(0).standard_normal(draw(st.integers(0, 600))).astype(np.float32).tobytes()
    return _truncated(draw, header.getvalue() + body)


@FUZZ
@given(data=npy_files(), archive=st.booleans(), compressed=st.booleans())
def test_npy_and_npz_headers(workdir, data, archive, compressed):
    import zipfile

    folder = _fresh(workdir, "np")
    if archive:
        path = folder / "tables.npz"
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED if compressed else zipfile.ZIP_STORED) as handle:
            handle.writestr("token_embedding.npy", data)
    else:
        path = folder / "token_embedding.npy"
        path.write_bytes(data)
    _expect_contract(path)


# --- GGUF: key-value types and the token table's rank, shape and type -------------------------------------

def _add_value(writer, key: str, value) -> None:
    if isinstance(value, bool):
        writer.add_bool(key, value)
    elif isinstance(value, int):
        writer.add_uint32(key, value % 2**32)
    elif isinstance(value, float):
        writer.add_float32(key, value)
    elif isinstance(value, str):
        writer.add_string(key, value)
    else:
        writer.add_array(key, value)


GGUF_VALUES = st.one_of(st.booleans(), st.integers(0, 2**32 - 1), st.floats(-1e6, 1e6), st.text(max_size=8),
                        st.lists(st.integers(0, 5), max_size=200), st.lists(st.text(max_size=4), max_size=200))


@st.composite
def gguf_specs(draw):
    keys = ["llama.embedding_length", "llama.context_length", "llama.block_count", "tokenizer.ggml.model",
            "tokenizer.ggml.tokens", "tokenizer.ggml.token_type", "llama.vocab_size"]
    values = {key: draw(GGUF_VALUES) for key in draw(st.lists(st.sampled_from(keys), unique=True, max_size=5))}
    shape = tuple(draw(st.lists(st.integers(1, 70), min_size=1, max_size=3)))
    return values, shape, draw(st.sampled_from(["F32", "F16", "Q8_0"])), draw(st.booleans())


@FUZZ
@given(spec=gguf_specs())
def test_gguf_metadata_and_tensors(workdir, spec):
    import gguf
    from gguf import GGMLQuantizationType as Q

    values, shape, kind, truncate = spec
    path = _fresh(workdir, "gguf") / "model.gguf"
    writer = gguf.GGUFWriter(str(path), "llama")
    for key, value in values.items():
        _add_value(writer, key, value)
    table = np.random.default_rng(0).standard_normal(shape).astype(np.float32)
    if kind == "Q8_0" and shape[-1] % 32:
        kind = "F32"  # the writer itself refuses Q8_0 rows that are not whole blocks
    stored = gguf.quants.quantize(table, Q[kind]) if kind == "Q8_0" else table.astype(np.float16 if kind == "F16"
                                                                                      else np.float32)
    writer.add_tensor("token_embd.weight", stored, raw_shape=stored.shape, raw_dtype=Q[kind])
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_tensors_to_file()
    writer.close()
    if truncate:
        path.write_bytes(path.read_bytes()[: len(path.read_bytes()) * 3 // 4])
    _expect_contract(path)


# --- Hugging Face folders: config.json fields and the tokenizer files beside the weights ------------------

@pytest.fixture(scope="module")
def hf_seed(tmp_path_factory) -> Path:
    return factories.gpt2_folder(tmp_path_factory.mktemp("hf") / "gpt2")


CONFIG_FIELDS = ["model_type", "vocab_size", "n_embd", "n_positions", "n_layer", "tie_word_embeddings",
                 "architectures", "rope_theta", "rope_parameters", "hidden_size", "max_position_embeddings"]
COMPANIONS = ["vocab.json", "special_tokens_map.json", "tokenizer.json", "tokenizer_config.json"]


@settings(FUZZ, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(changes=st.dictionaries(st.sampled_from(CONFIG_FIELDS), JSON_VALUES, min_size=1, max_size=3),
       companion=st.one_of(st.none(), st.tuples(st.sampled_from(COMPANIONS), JSON_VALUES)))
def test_config_and_tokenizer_file_fields(workdir, hf_seed, changes, companion):
    folder = _fresh(workdir, "hf") / "gpt2"
    shutil.copytree(hf_seed, folder)
    config = json.loads((folder / "config.json").read_text())
    config.update(changes)
    (folder / "config.json").write_text(json.dumps(config))
    if companion is not None:
        name, value = companion
        (folder / name).write_text(json.dumps(value))
    _expect_contract(folder)


# --- torch state dicts and nanoGPT checkpoints: key names, shapes, dtypes, model_args, meta.pkl -----------

TORCH_DTYPES = st.sampled_from([torch.float32, torch.float16, torch.bfloat16, torch.int64, torch.bool,
                                torch.complex64])
TORCH_KEYS = st.sampled_from(["transformer.wte.weight", "transformer.wpe.weight", "lm_head.weight", "wte.weight",
                              "model.embed_tokens.weight", "transformer.h.0.attn.c_attn.weight",
                              "_orig_mod.transformer.wte.weight", "module.wte.weight", "bert.embeddings.x"])


@st.composite
def state_dicts(draw) -> dict:
    out = {}
    for key in draw(st.lists(TORCH_KEYS, min_size=1, max_size=4, unique=True)):
        shape = draw(st.lists(st.integers(0, 12), max_size=3))
        out[key] = torch.zeros(shape, dtype=draw(TORCH_DTYPES))
    return out


@FUZZ
@given(state=state_dicts(), truncate=st.booleans())
def test_torch_state_dicts(workdir, state, truncate):
    path = _fresh(workdir, "pt") / "model.pt"
    torch.save(state, path)
    if truncate:
        path.write_bytes(path.read_bytes()[:-64])
    _expect_contract(path)


MODEL_ARGS = ["n_layer", "n_head", "n_embd", "block_size", "vocab_size", "bias", "dropout"]


@FUZZ
@given(args=st.dictionaries(st.sampled_from(MODEL_ARGS), st.one_of(JSON_VALUES, SIZES), max_size=3),
       meta=st.one_of(st.none(), JSON_VALUES, st.dictionaries(
           st.sampled_from(["itos", "stoi", "vocab_size"]),
           st.one_of(JSON_VALUES, st.dictionaries(st.integers(-2, 100), st.text(max_size=2), max_size=5)),
           max_size=3)))
def test_nanogpt_model_args_and_meta_pkl(workdir, args, meta):
    folder = _fresh(workdir, "nano")
    path = ff.nanogpt_checkpoint(folder, meta_chars="ab")
    checkpoint = torch.load(path, weights_only=True)
    checkpoint["model_args"].update(args)
    torch.save(checkpoint, path)
    if meta is not None:
        with open(folder / "meta.pkl", "wb") as handle:
            pickle.dump(meta, handle)
    _expect_contract(path)


# --- Embedding Projector exports: rows of any width and cells of any text ---------------------------------

@FUZZ
@given(rows=st.lists(st.lists(st.one_of(st.floats(width=32).map(str), st.sampled_from(["", "nan", "inf", "x", "1e999"])),
                              min_size=0, max_size=5), max_size=6),
       labels=st.one_of(st.none(), st.lists(st.text(max_size=6), max_size=8)))
def test_projector_rows(workdir, rows, labels):
    folder = _fresh(workdir, "tsv")
    (folder / "vectors.tsv").write_text("\n".join("\t".join(row) for row in rows))
    if labels is not None:
        (folder / "metadata.tsv").write_text("\n".join(label.replace("\n", " ") for label in labels))
    _expect_contract(folder / "vectors.tsv")
