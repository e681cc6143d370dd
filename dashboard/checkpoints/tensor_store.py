"""Lazy, read-only access to a checkpoint's tensors: names, shapes and dtypes from headers, one tensor read at a time.

Sources: safetensors (https://huggingface.co/docs/safetensors, ``safe_open``) and ``save_pretrained``'s sharded
``*.index.json`` (``{"metadata": ..., "weight_map": {tensor name: shard file}}``). Quirk handled:
``safetensors.torch.save_model`` keeps one name of tensors sharing memory (a tied head) and records each dropped one
in the metadata as ``{dropped: kept}``; those are aliases here.
"""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any, Callable, Protocol

import numpy as np

from dashboard.checkpoints.keymaps import find_key, is_buffer
from dashboard.checkpoints.metadata import read_metadata_file
from dashboard.errors import CheckpointReadError, InvalidTableError, MetadataError, MissingTensorError
from dashboard.i18n import msg

#: safetensors dtype tags -> names shown to users.
_DTYPE_NAMES = {"F64": "float64", "F32": "float32", "F16": "float16", "BF16": "bfloat16",
                "F8_E4M3": "float8_e4m3", "F8_E5M2": "float8_e5m2",
                "I64": "int64", "I32": "int32", "I16": "int16", "I8": "int8", "U8": "uint8", "BOOL": "bool"}
#: Dtype names (safetensors, torch, GGML) of non-parameters: integer and boolean tensors are indices, masks, counters.
_NON_PARAMETER_DTYPES = {"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64", "bool",
                         "I8", "I16", "I32", "I64", "U8", "BOOL"}


class TensorStore(Protocol):
    """What readers need from a container of named tensors; keys not in :meth:`keys` raise ``KeyError``.

    Implemented by :class:`SafetensorsStore`, ``TorchStore``, ``GGUFStore`` and ``RenamedStore``.
    """

    def keys(self) -> list[str]:
        """Every tensor name, aliases of tensors stored once included."""
        ...

    def shape(self, key: str) -> tuple[int, ...]:
        """The tensor's shape in numpy axis order, from the header alone."""
        ...

    def dtype(self, key: str) -> str:
        """The stored dtype's name (``float32``, ``bfloat16``, ``Q8_0`` ...), from the header alone."""
        ...

    def read(self, key: str) -> np.ndarray:
        """The tensor as a float32 copy of :meth:`shape` (never a view of the file).

        Raises:
            CheckpointReadError: the bytes cannot be read or decoded (truncated or corrupt file).
        """
        ...

    def shares_storage(self, a: str, b: str) -> bool:
        """True when two different names are one stored tensor (a tied head saved once)."""
        ...

    def storage_id(self, key: str) -> object:
        """Equal for names that are one stored tensor."""
        ...


def count_parameters(store: TensorStore) -> int:
    """Number of parameters: floating-point tensors that are not buffers, each stored tensor once."""
    seen: set[object] = set()
    total = 0
    for key in store.keys():
        if store.dtype(key) in _NON_PARAMETER_DTYPES or is_buffer(key):
            continue
        storage = store.storage_id(key)
        if storage not in seen:
            seen.add(storage)
            total += math.prod(store.shape(key))
    return total


def read_table(store: TensorStore, key: str) -> np.ndarray:
    """``store.read(key)`` for an embedding table or a head, refusing a tensor stored as integers or booleans.

    Raises:
        InvalidTableError: the tensor's dtype is an integer or boolean one (an index, mask or counter, never a table
            of vectors): the message names the tensor and its dtype.
        CheckpointReadError: as :meth:`TensorStore.read`.
    """
    dtype = store.dtype(key)
    if dtype in _NON_PARAMETER_DTYPES:
        raise InvalidTableError(msg("err.ckpt.integer_table", tensor=key, dtype=dtype))
    return store.read(key)


def read_weight_map(index_path: Path) -> dict[str, Path]:
    """Tensor name -> shard file, from a ``*.index.json`` written by ``save_pretrained``.

    Shards must be plain file names beside the index, so a crafted index cannot open other files.

    Raises:
        MetadataError: invalid JSON, or ``weight_map`` is not an object of name -> file name.
        CheckpointReadError: a shard name holds a folder, or a shard file is missing (named, with its tensor count).
    """
    weight_map = read_metadata_file(index_path, "index.json").get("weight_map")
    if not weight_map:
        raise MetadataError(msg("err.ckpt.index_no_weight_map", name=index_path.name))
    for shard in sorted(set(weight_map.values())):
        if shard in ("", ".", "..") or "/" in shard or "\\" in shard or "\x00" in shard:
            raise CheckpointReadError(msg("err.ckpt.index_bad_shard", name=index_path.name, shard=shard[:80]))
    files = {key: index_path.parent / shard for key, shard in weight_map.items()}
    for shard in sorted(set(files.values())):
        if not shard.is_file():
            count = sum(1 for s in files.values() if s == shard)
            raise CheckpointReadError(msg("err.ckpt.index_missing_shard", shard=shard.name, name=index_path.name,
                                          folder=index_path.parent, count=count))
    return files


#: Keys listed when a tensor is missing (the file's names help spot the model it came from).
SHOWN_KEYS = 5
_EMBEDDING_LIKE = re.compile(r"emb|wte|wpe|tok", re.IGNORECASE)


_DEFAULT_HINT = msg("err.ckpt.missing_tensor_hint")


def require(store: TensorStore, name: str, prefixes: tuple[str, ...], what: str, *,
            hint: str = _DEFAULT_HINT) -> str:
    """The key ``prefix + name`` the store has, trying ``prefixes`` in order.

    Args:
        name: the tensor's name relative to the base model (``wte.weight``).
        what: what the tensor is, for the message (``token embedding``).
        hint: the likely cause and what to do, ending the message.

    Raises:
        MissingTensorError: no ``prefix + name`` is in the store; the message lists a few keys, embedding-like first.
    """
    keys = store.keys()
    found = find_key(keys, name, prefixes)
    if found is not None:
        return found
    tried = " or ".join(repr(prefix + name) for prefix in prefixes)
    shown = sorted(keys, key=lambda key: (_EMBEDDING_LIKE.search(key) is None, key))[:SHOWN_KEYS]
    holds = ", ".join(repr(key) for key in shown)
    if len(keys) > len(shown):
        holds = msg("err.ckpt.keys_and_more", keys=holds, count=len(keys))
    raise MissingTensorError(msg("err.ckpt.missing_tensor", what=what, tried=tried,
                                 holds=holds or msg("err.ckpt.no_tensors"), hint=hint))


class SafetensorsStore:
    """Tensors spread over one or more ``.safetensors`` files.

    Args:
        files: tensor name -> file holding it; a file is read past its header only for a tensor read from it.

    Raises:
        CheckpointReadError: a file is missing, truncated or has a corrupt header.
    """

    def __init__(self, files: dict[str, Path]):
        self._files = files
        self._headers: dict[str, tuple[tuple[int, ...], str]] = {}
        self._stored_dtypes: dict[str, str] = {}
        self._aliases: dict[str, str] = {}
        for path in sorted(set(files.values())):
            with _open(path) as handle:
                for key in handle.keys():
                    if files.get(key) == path:
                        sl = handle.get_slice(key)
                        self._headers[key] = (tuple(sl.get_shape()), _DTYPE_NAMES.get(sl.get_dtype(), sl.get_dtype()))
                        self._stored_dtypes[key] = sl.get_dtype()
                metadata = handle.metadata() or {}
            for dropped, kept in metadata.items():
                if kept in self._headers and dropped not in files and files.get(kept) == path:
                    self._aliases[dropped] = kept
        absent = sorted(set(files) - set(self._headers))
        if absent:
            raise CheckpointReadError(msg("err.ckpt.index_absent_tensors", count=len(absent), first=absent[0],
                                          shard=files[absent[0]].name))

    @classmethod
    def from_file(cls, path: Path) -> "SafetensorsStore":
        """Open one ``.safetensors`` file; only its header is read.

        Raises:
            CheckpointReadError: missing, truncated or a corrupt header.
        """
        with _open(path) as handle:
            return cls({key: path for key in handle.keys()})

    @classmethod
    def from_index(cls, index_path: Path) -> "SafetensorsStore":
        """Open a sharded checkpoint from its ``*.safetensors.index.json``.

        Raises:
            CheckpointReadError: see :func:`read_weight_map`.
        """
        return cls(read_weight_map(index_path))

    def keys(self) -> list[str]:
        return list(self._headers) + list(self._aliases)

    def _stored(self, key: str) -> str:
        return self._aliases.get(key, key)

    def shape(self, key: str) -> tuple[int, ...]:
        return self._headers[self._stored(key)][0]

    def dtype(self, key: str) -> str:
        return self._headers[self._stored(key)][1]

    def shares_storage(self, a: str, b: str) -> bool:
        # safetensors stores each tensor once; only save_model's recorded aliases share.
        return a != b and self._stored(a) == self._stored(b)

    def storage_id(self, key: str) -> object:
        return self._stored(key)

    def read(self, key: str) -> np.ndarray:
        """One tensor (an alias: the one it names) as a float32 copy, bf16/f16 widened exactly, in blocks of rows.

        Raises:
            CheckpointReadError: truncated, or the bytes do not decode to the declared shape and dtype.
        """
        key = self._stored(key)
        # NumPy reads most dtypes without importing torch; bf16 and the float8 types need torch.
        framework = "numpy" if self._stored_dtypes[key] in _NUMPY_DTYPES else "pt"
        path = self._files[key]

        def read_rows(start: int, stop: int):
            # A handle per block: pages a slice touches stay resident until the map closes, so one map for the
            # whole read would hold the stored table beside its float32 copy.
            with _open(path, framework) as handle:
                block = handle.get_slice(key)[start:stop]
                return block.copy() if isinstance(block, np.ndarray) else block.clone()

        with _open(path, framework):  # a missing or corrupt file fails here, with its own message
            pass
        try:
            return widen_in_blocks(self.shape(key), read_rows)
        except InvalidTableError:
            raise
        except Exception as error:  # safetensors raises its own error types on truncation
            raise CheckpointReadError(msg("err.ckpt.safetensors_tensor", tensor=key, name=self._files[key].name,
                                          error=error)) from error


#: Rows widened to float32 per step: the temporary copy in the stored dtype stays at most this many rows.
BLOCK_ROWS = 1024


#: safetensors dtypes that NumPy holds natively (``safe_open(framework="numpy")``); the others need torch.
_NUMPY_DTYPES = frozenset({"F64", "F32", "F16", "I64", "I32", "I16", "I8", "U64", "U32", "U16", "U8", "BOOL"})


def widen_in_blocks(shape: tuple[int, ...], read_rows: Callable[[int, int], Any]) -> np.ndarray:
    """A float32 copy of a tensor read by row blocks: peak memory is the result plus one block.

    Args:
        read_rows: ``(start, stop) -> torch.Tensor | np.ndarray``, rows ``start:stop`` (0-based) in the stored dtype.

    Raises:
        InvalidTableError: the tensor is complex (its imaginary part would be lost).
    """
    if isinstance(read_rows(0, 0 if shape else 1), np.ndarray):
        return _widen_numpy_blocks(shape, read_rows)
    import torch  # torch reads every stored dtype; numpy lacks bfloat16

    if read_rows(0, 0 if shape else 1).is_complex():
        raise InvalidTableError(msg("err.ckpt.complex_tensor", dtype=read_rows(0, 0).dtype))
    if not shape:
        return read_rows(0, 1).to(torch.float32).numpy().copy()
    out = np.empty(shape, dtype=np.float32)
    if out.size == 0:
        return out  # (2**40, 0) holds nothing, and the loop below would run 2**30 empty blocks
    for start in range(0, shape[0], BLOCK_ROWS):
        stop = min(start + BLOCK_ROWS, shape[0])
        out[start:stop] = read_rows(start, stop).to(torch.float32).numpy()
    return out


def _widen_numpy_blocks(shape: tuple[int, ...], read_rows: Callable[[int, int], np.ndarray]) -> np.ndarray:
    """:func:`widen_in_blocks` for a reader that returns NumPy arrays."""
    if np.iscomplexobj(read_rows(0, 0 if shape else 1)):
        raise InvalidTableError(msg("err.ckpt.complex_tensor", dtype=read_rows(0, 0).dtype))
    if not shape:
        return np.asarray(read_rows(0, 1), dtype=np.float32).copy()
    out = np.empty(shape, dtype=np.float32)
    for start in range(0, shape[0] if out.size else 0, BLOCK_ROWS):
        stop = min(start + BLOCK_ROWS, shape[0])
        out[start:stop] = read_rows(start, stop)
    return out


def _open(path: Path, framework: str = "numpy"):
    from safetensors import safe_open

    try:
        return safe_open(str(path), framework=framework, device="cpu")
    except FileNotFoundError as error:
        raise CheckpointReadError(msg("err.ckpt.safetensors_missing", path=path)) from error
    except Exception as error:  # SafetensorError, OSError on a truncated header
        raise CheckpointReadError(msg("err.ckpt.safetensors_unreadable", name=path.name, error=error)) from error
