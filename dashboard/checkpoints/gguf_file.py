"""Reader for GGUF files (llama.cpp), with the ``gguf`` package.

Source: ggml ``docs/gguf.md`` and ``gguf-py`` (``GGUFReader`` memory-maps; ``gguf.quants.dequantize``). Quirks handled:

- ggml lists dimensions fastest-first (``token_embd.weight`` is ``[d_model, vocab_size]``); the result is
  cross-checked against ``{arch}.embedding_length`` and the token list;
- quantized and bf16 tables are dequantized to float32, the stored type (``Q8_0``) kept in ``source_dtype``;
- tokens from ``tokenizer.ggml.tokens``, their scheme from ``tokenizer.ggml.model``, special tokens from
  ``tokenizer.ggml.token_type``;
- no ``output.weight`` in a language model -> ``tied-implied``; encoders (``{arch}.pooling_type``) -> ``no-head``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from dashboard.checkpoints.hf_folder import tables_from_store
from dashboard.checkpoints.keymaps import GGUF_KEY_MAPS, GGUF_SETTING_NAMES, KeyMap
from dashboard.checkpoints.metadata import SCHEMAS, Metadata
from dashboard.checkpoints.tensor_store import BLOCK_ROWS
from dashboard.checkpoints.token_text import readable_tokens
from dashboard.errors import ArchiveLimitError, CheckpointReadError, ShapeMismatchError
from dashboard.i18n import msg
from dashboard.tables import EmbeddingTables, Vocabulary

#: ``tokenizer.ggml.model`` -> token scheme (see token_text.SCHEMES).
TOKENIZER_SCHEMES = {
    "gpt2": "byte-level-bpe",  # GPT-2, Llama 3, Qwen, SmolLM2: bytes mapped to printable characters
    "llama": "sentencepiece",  # Llama 1/2, Mistral: ▁ for spaces, <0x0A> byte pieces
    "t5": "sentencepiece",
    "bert": "wordpiece",
    "no_vocab": "none",
}
#: Characters of the library's error text quoted at the end of a message (its ValueErrors can quote whole arrays).
DETAIL_CHARS = 100
#: ``tokenizer.ggml.token_type`` values of special tokens (gguf.TokenType UNKNOWN, CONTROL).
SPECIAL_TOKEN_TYPES = {2, 3}
#: Metadata values (tokens, scores, merges, settings) a GGUF file may hold: one per MIN_BYTES_PER_METADATA_VALUE
#: bytes of file, within [MIN_METADATA_VALUES, MAX_METADATA_VALUES] (a real model's tensors outweigh its metadata).
MIN_METADATA_VALUES = 200_000
MAX_METADATA_VALUES = 1_000_000
MIN_BYTES_PER_METADATA_VALUE = 256
#: Tensors a GGUF file may declare (the largest real models declare about a thousand; experts are stacked).
MAX_TENSOR_RECORDS = 32_768


class GGUFStore:
    """The tensors of a GGUF file, in numpy axis order, dequantized on read."""

    def __init__(self, reader: Any, path: Path):
        self._path = path
        self._tensors = {tensor.name: tensor for tensor in reader.tensors}

    def keys(self) -> list[str]:
        return list(self._tensors)

    def ggml_shape(self, key: str) -> tuple[int, ...]:
        """Dimensions as ggml lists them, fastest-varying first."""
        return tuple(int(n) for n in self._tensors[key].shape)

    def shape(self, key: str) -> tuple[int, ...]:
        return self.ggml_shape(key)[::-1]

    def dtype(self, key: str) -> str:
        return self._tensors[key].tensor_type.name

    def shares_storage(self, a: str, b: str) -> bool:
        return False  # GGUF stores every tensor once, at its own offset

    def storage_id(self, key: str) -> object:
        return key

    def read(self, key: str) -> np.ndarray:
        """One tensor dequantized to a float32 array in numpy order (a copy, not a view of the file).

        Raises:
            CheckpointReadError: the data does not decode to the declared shape.
        """
        tensor = self._tensors[key]
        shape = self.shape(key)
        try:
            if len(shape) == 2 and tensor.data.shape[0] == shape[0]:
                # Row blocks: dequantize's float32 temporaries stay one block large.
                values = np.empty(shape, dtype=np.float32)
                for start in range(0, shape[0], BLOCK_ROWS):
                    block = tensor.data[start:start + BLOCK_ROWS]
                    values[start:start + len(block)] = _dequantize(block, tensor.tensor_type)
            else:
                values = np.array(_dequantize(tensor.data, tensor.tensor_type), dtype=np.float32).reshape(shape)
        except Exception as error:  # NotImplementedError for unknown types, ValueError on short data
            raise CheckpointReadError(msg("err.ckpt.gguf_decode", tensor=key, kind=tensor.tensor_type.name,
                                          name=self._path.name, detail=_detail(error))) from error
        return values


def _dequantize(data: np.ndarray, kind: Any) -> np.ndarray:
    from gguf.quants import dequantize

    with np.errstate(invalid="ignore", over="ignore"):  # damaged scales give NaN/Inf, reported as bad rows
        return dequantize(data, kind)


def metadata_value_limit(file_bytes: int) -> int:
    """Most metadata values :func:`open_gguf` reads from a GGUF file of ``file_bytes`` bytes (see the constants)."""
    return min(MAX_METADATA_VALUES, max(MIN_METADATA_VALUES, file_bytes // MIN_BYTES_PER_METADATA_VALUE))


class _TooManyValues(Exception):
    """Raised inside the reader when the metadata holds more values than the file's limit."""


class _TooManyTensors(Exception):
    """Raised inside the reader when the file declares more than :data:`MAX_TENSOR_RECORDS` tensors."""


def _bounded_reader(path: Path, limit: int) -> Any:
    """``gguf.GGUFReader(path)`` stopped after ``limit`` metadata values or :data:`MAX_TENSOR_RECORDS` tensor records.

    The reader builds NumPy views of every value and record up front (gigabytes from a small file); counting calls of
    its per-item parsers stops it early without parsing the format here.
    """
    from gguf import GGUFReader

    tensors = MAX_TENSOR_RECORDS

    class BoundedReader(GGUFReader):
        def _get_field_parts(self, orig_offs: int, raw_type: int) -> Any:  # one call per metadata value
            nonlocal limit
            limit -= 1
            if limit < 0:
                raise _TooManyValues
            return super()._get_field_parts(orig_offs, raw_type)

        def _get_tensor_info_field(self, orig_offs: int) -> Any:  # one call per tensor record
            nonlocal tensors
            tensors -= 1
            if tensors < 0:
                raise _TooManyTensors
            return super()._get_tensor_info_field(orig_offs)

    return BoundedReader(path)


def open_gguf(path: Path) -> Any:
    """A memory-mapped ``gguf.GGUFReader`` over the file (tensors are read when used).

    Raises:
        CheckpointReadError: not a GGUF file, or a truncated or corrupt header.
        ArchiveLimitError: more metadata values than :func:`metadata_value_limit` allows for the file's size, or more
            tensors than :data:`MAX_TENSOR_RECORDS`.
    """
    size = path.stat().st_size
    limit = metadata_value_limit(size)
    try:
        return _bounded_reader(path, limit)
    except _TooManyTensors:
        raise ArchiveLimitError(msg("err.ckpt.gguf_tensor_records", name=path.name,
                                    limit=MAX_TENSOR_RECORDS)) from None
    except _TooManyValues:
        raise ArchiveLimitError(msg("err.ckpt.gguf_metadata_values", name=path.name, limit=limit,
                                    size_mb=size / 1e6, ratio=MIN_BYTES_PER_METADATA_VALUE,
                                    most=MAX_METADATA_VALUES)) from None
    except Exception as error:  # the reader raises ValueError, IndexError, struct errors ... on bad bytes
        raise CheckpointReadError(msg("err.ckpt.gguf_unreadable", name=path.name, detail=_detail(error))) from error


def _field(reader: Any, name: str, path: Path) -> Any:
    field = reader.fields.get(name)
    if field is None:
        return None
    try:
        return field.contents()
    except Exception as error:  # undecodable UTF-8, short data
        raise CheckpointReadError(msg("err.ckpt.gguf_field", field=name, name=path.name,
                                      detail=_detail(error))) from error


def _detail(error: Exception) -> str:
    """The ``gguf`` library's words for ``error``, cut to ``DETAIL_CHARS``: the end of a message, never its gist."""
    text = f"{type(error).__name__}: {error}"
    return text if len(text) <= DETAIL_CHARS else text[:DETAIL_CHARS - 1] + "…"


def read_gguf_metadata(reader: Any, path: Path) -> Metadata:
    """The key-value pairs this reader uses, each checked against the ``gguf`` schema of :mod:`.metadata`.

    Raises:
        CheckpointReadError: a value cannot be decoded (bad UTF-8, short data).
        MetadataError: a key holds the wrong type (a string where a count belongs ...).
    """
    architecture = _field(reader, "general.architecture", path)
    fill = {"arch": architecture if isinstance(architecture, str) else ""}
    names = {name.format(**fill) for name in SCHEMAS["gguf"]}
    values = {name: _field(reader, name, path) for name in names if name in reader.fields}
    return Metadata(values, "gguf", msg("err.ckpt.origin.gguf_metadata_of", name=path.name), fill=fill)


def _settings(metadata: Metadata, architecture: str) -> dict[str, Any]:
    settings = {}
    for canonical, suffix in GGUF_SETTING_NAMES.items():
        value = metadata.get(f"{architecture}.{suffix}")
        if value is not None:
            settings[canonical] = value
    return settings


def _vocabulary(metadata: Metadata) -> Vocabulary | None:
    tokens = metadata.get("tokenizer.ggml.tokens")
    if tokens is None:
        return None
    raw = tuple(tokens)
    model = metadata.get("tokenizer.ggml.model")
    scheme = TOKENIZER_SCHEMES.get(model, "plain") if model is not None else "plain"
    types = metadata.get("tokenizer.ggml.token_type")
    special = frozenset()
    if types is not None and len(types) == len(raw):
        special = frozenset(i for i, kind in enumerate(types) if kind in SPECIAL_TOKEN_TYPES)
    return Vocabulary(raw, readable_tokens(raw, scheme, special), special, scheme)


def _key_map(reader: Any, architecture: str, store: GGUFStore) -> tuple[KeyMap, tuple[str, ...]]:
    if architecture in GGUF_KEY_MAPS:
        return GGUF_KEY_MAPS[architecture], ()
    learned = "position_embd.weight" in store.keys()
    key_map = KeyMap(architecture, token="token_embd.weight", head="output.weight",
                     position="position_embd.weight" if learned else None,
                     position_kind="learned" if learned else "none")
    return key_map, (msg("note.ckpt.gguf_unknown_architecture", architecture=architecture),)


def _check_orientation(store: GGUFStore, settings: dict[str, Any], vocabulary: Vocabulary | None, path: Path) -> None:
    """Cross-check ggml's reversed dimensions against the metadata and the token list."""
    if "token_embd.weight" not in store.keys() or len(store.ggml_shape("token_embd.weight")) != 2:
        return  # the missing or malformed table is reported by tables_from_store / EmbeddingTables
    width, rows = store.ggml_shape("token_embd.weight")
    d_model = settings.get("d_model")
    n_tokens = len(vocabulary) if vocabulary is not None else None
    if d_model is not None and d_model != width and d_model == rows:
        raise ShapeMismatchError(msg("err.ckpt.gguf_transposed", name=path.name, width=width, rows=rows,
                                     d_model=d_model))
    if n_tokens is not None and n_tokens > rows:
        raise ShapeMismatchError(msg("err.ckpt.gguf_few_rows", name=path.name, n_tokens=n_tokens, rows=rows,
                                     width=width))


def read_gguf(path: Path, source: str | None = None) -> EmbeddingTables:
    """Read a GGUF file's embedding tables (``token_embd``, ``position_embd``, ``token_types``, ``output``) as float32.

    Raises:
        CheckpointReadError: corrupt header or metadata, or an undecodable tensor.
        MetadataError: a metadata key of the wrong type.
        ShapeMismatchError: the metadata or token list disagree with the table.
        MissingTensorError: no ``token_embd.weight``.
    """
    reader = open_gguf(path)
    metadata = read_gguf_metadata(reader, path)
    architecture = metadata.get("general.architecture")
    if not architecture:
        raise CheckpointReadError(msg("err.ckpt.gguf_no_architecture", name=path.name))
    store = GGUFStore(reader, path)
    settings = _settings(metadata, architecture)
    vocabulary = _vocabulary(metadata)
    _check_orientation(store, settings, vocabulary, path)
    key_map, notes = _key_map(reader, architecture, store)
    encoder = f"{architecture}.pooling_type" in reader.fields
    return tables_from_store(
        store, key_map,
        source=source or str(path),
        format="gguf",
        settings=settings,
        expects_head=key_map.head is not None and not encoder,
        vocabulary=vocabulary,
        model_path=str(path),
        notes=notes,
        settings_source=msg("err.ckpt.origin.gguf_metadata"),
    )
