"""Lazy, read-only access to the tensors of a checkpoint, one tensor at a time.

A :class:`TensorStore` lists names, shapes and dtypes from headers alone and
reads only the tensors asked for, so reading two embedding tables from a
multi-gigabyte checkpoint costs the bytes of those two tables.

Source of the formats: safetensors (https://huggingface.co/docs/safetensors,
read with the ``safetensors`` package's ``safe_open``) and the sharded index
``model.safetensors.index.json`` written by ``transformers`` ``save_pretrained``
(``{"metadata": ..., "weight_map": {tensor name: shard file}}``).
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Protocol

import numpy as np

from dashboard.checkpoints.keymaps import is_buffer
from dashboard.errors import CheckpointReadError, MissingTensorError

#: safetensors dtype tags -> names shown to users.
_DTYPE_NAMES = {"F64": "float64", "F32": "float32", "F16": "float16", "BF16": "bfloat16",
                "F8_E4M3": "float8_e4m3", "F8_E5M2": "float8_e5m2",
                "I64": "int64", "I32": "int32", "I16": "int16", "I8": "int8", "U8": "uint8", "BOOL": "bool"}
_FLOAT_DTYPES = {"float64", "float32", "float16", "bfloat16", "float8_e4m3", "float8_e5m2"}


class TensorStore(Protocol):
    """What readers need from a container of named tensors."""

    def keys(self) -> list[str]: ...

    def shape(self, key: str) -> tuple[int, ...]: ...

    def dtype(self, key: str) -> str: ...

    def read(self, key: str) -> np.ndarray: ...

    def shares_storage(self, a: str, b: str) -> bool: ...


def count_parameters(store: TensorStore) -> int:
    """Number of parameters: floating-point tensors that are not buffers, each stored tensor once."""
    return sum(math.prod(store.shape(k)) for k in store.keys()
               if store.dtype(k) in _FLOAT_DTYPES and not is_buffer(k))


def require(store: TensorStore, key: str | None, what: str) -> str:
    """Return ``key`` if the store has it, else raise :class:`MissingTensorError`."""
    if key is None or key not in store.keys():
        raise MissingTensorError(f"the checkpoint has no {what} tensor (looked for {key!r}); "
                                 "it may be a different architecture than its config says")
    return key


class SafetensorsStore:
    """Tensors spread over one or more ``.safetensors`` files.

    Args:
        files: tensor name -> file holding it. Only files that hold a tensor
            that is read are ever opened past their header.

    Raises:
        CheckpointReadError: a file is missing, truncated or has a corrupt header.
    """

    def __init__(self, files: dict[str, Path]):
        self._files = files
        self._headers: dict[str, tuple[tuple[int, ...], str]] = {}
        for path in sorted(set(files.values())):
            with _open(path) as handle:
                for key in handle.keys():
                    if files.get(key) == path:
                        sl = handle.get_slice(key)
                        self._headers[key] = (tuple(sl.get_shape()), _DTYPE_NAMES.get(sl.get_dtype(), sl.get_dtype()))
        absent = sorted(set(files) - set(self._headers))
        if absent:
            raise CheckpointReadError(
                f"the index lists {len(absent)} tensors that their shard does not hold "
                f"(first: {absent[0]!r} in {files[absent[0]].name}); the download is incomplete: fetch the shards again"
            )

    @classmethod
    def from_file(cls, path: Path) -> "SafetensorsStore":
        with _open(path) as handle:
            return cls({key: path for key in handle.keys()})

    @classmethod
    def from_index(cls, index_path: Path) -> "SafetensorsStore":
        """Open a sharded checkpoint from its ``*.safetensors.index.json``.

        Raises:
            CheckpointReadError: the index is not valid JSON, or names a shard
                file that is not in the folder (the message names the shard and
                how many tensors it should hold).
        """
        try:
            weight_map = json.loads(index_path.read_text())["weight_map"]
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise CheckpointReadError(f"{index_path.name} is not a valid shard index ({error}); "
                                      "re-download it with the shards") from error
        folder = index_path.parent
        files = {key: folder / shard for key, shard in weight_map.items()}
        for shard in sorted(set(weight_map.values())):
            if not (folder / shard).is_file():
                count = sum(1 for s in weight_map.values() if s == shard)
                raise CheckpointReadError(f"shard {shard} listed in {index_path.name} is missing from {folder} "
                                          f"(it should hold {count} tensors); download that file too")
        return cls(files)

    def keys(self) -> list[str]:
        return list(self._headers)

    def shape(self, key: str) -> tuple[int, ...]:
        return self._headers[key][0]

    def dtype(self, key: str) -> str:
        return self._headers[key][1]

    def shares_storage(self, a: str, b: str) -> bool:
        # safetensors refuses to store aliased tensors; shared weights are saved once.
        return False

    def shard_of(self, key: str) -> Path:
        return self._files[key]

    def read(self, key: str) -> np.ndarray:
        """Read one tensor as float32 numpy (bf16/f16 widened exactly)."""
        import torch  # torch reads every safetensors dtype, numpy lacks bfloat16

        with _open(self._files[key]) as handle:
            try:
                tensor = handle.get_tensor(key)
            except Exception as error:  # safetensors raises its own error types on truncation
                raise CheckpointReadError(f"could not read tensor {key!r} from {self._files[key].name}: {error}; "
                                          "the file is truncated or corrupt: download it again") from error
        return tensor.to(torch.float32).numpy()


def _open(path: Path):
    from safetensors import safe_open

    try:
        return safe_open(str(path), framework="pt", device="cpu")
    except FileNotFoundError as error:
        raise CheckpointReadError(f"{path} does not exist; the checkpoint is incomplete") from error
    except Exception as error:  # SafetensorError, OSError on a truncated header
        raise CheckpointReadError(f"{path.name} is not a readable safetensors file ({error}); "
                                  "it is truncated or corrupt: download or save it again") from error
