"""Tensors of ``torch.save`` files (``pytorch_model.bin``, ``.pt``, ``.pth``) as a tensor store.

Sources: ``torch.save``'s zip (``data.pkl``, one record per storage) and ``transformers`` 4's
``pytorch_model.bin.index.json`` (``{"weight_map": {tensor: shard}}``). Quirk handled: ``torch.save`` keeps shared
tensors shared, so a tied head is a second name over the token table's storage.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

import numpy as np

from dashboard.checkpoints.tensor_store import read_weight_map, widen_in_blocks
from dashboard.checkpoints.torch_pickle import load_torch_file
from dashboard.errors import CheckpointReadError, InvalidTableError
from dashboard.i18n import msg


def tensor_mapping(obj: Any, origin: str) -> dict[str, Any]:
    """The name -> tensor entries of an unpickled state dict; non-tensor entries (``_metadata``, counters) are skipped.

    Raises:
        CheckpointReadError: ``obj`` is not a mapping or holds no tensor, or a tensor's shape asks for more values
            than its stored bytes hold (a broadcast view such as ``torch.zeros(1).expand(n, d)``).
    """
    import torch

    if not isinstance(obj, Mapping):
        raise CheckpointReadError(msg("err.ckpt.not_state_dict", origin=origin, kind=type(obj).__name__))
    tensors = {str(k): v for k, v in obj.items() if isinstance(v, torch.Tensor)}
    if not tensors:
        raise CheckpointReadError(msg("err.ckpt.no_tensors_in", origin=origin,
                                      keys=", ".join(map(str, list(obj)[:8]))))
    for name, tensor in tensors.items():
        stored = tensor.untyped_storage().nbytes()
        if tensor.numel() * tensor.element_size() > stored:  # only overlapping (stride 0) views ask for more
            raise CheckpointReadError(msg("err.ckpt.broadcast_tensor", origin=origin, tensor=name,
                                          shape=" x ".join(map(str, tensor.shape)), stored=stored,
                                          needed=tensor.numel() * tensor.element_size()))
    return tensors


class TorchStore:
    """Named torch tensors (name -> ``torch.Tensor``), possibly memory-mapped, read one at a time."""

    def __init__(self, tensors: Mapping[str, Any]):
        self._tensors = dict(tensors)

    @classmethod
    def from_file(cls, path: Path) -> "TorchStore":
        """Open one ``torch.save`` file holding a state dict.

        Raises:
            UnsafeCheckpointError: the file asks for objects safe loading refuses.
            CheckpointReadError: damaged, or not a dict of tensors.
        """
        return cls(tensor_mapping(load_torch_file(path), path.name))

    @classmethod
    def from_index(cls, index_path: Path) -> "TorchStore":
        """Open a sharded ``pytorch_model.bin.index.json`` and its shards' pickles (tensor bytes stay on disk).

        Raises:
            CheckpointReadError: bad index, missing shard, or a shard without a tensor the index says it holds.
        """
        files = read_weight_map(index_path)
        tensors: dict[str, Any] = {}
        for shard in sorted(set(files.values())):
            held = tensor_mapping(load_torch_file(shard), shard.name)
            tensors.update({k: v for k, v in held.items() if files.get(k) == shard})
        absent = sorted(set(files) - set(tensors))
        if absent:
            raise CheckpointReadError(msg("err.ckpt.index_absent_tensors", count=len(absent), first=absent[0],
                                          shard=files[absent[0]].name))
        return cls(tensors)

    def keys(self) -> list[str]:
        return list(self._tensors)

    def shape(self, key: str) -> tuple[int, ...]:
        return tuple(self._tensors[key].shape)

    def dtype(self, key: str) -> str:
        return str(self._tensors[key].dtype).removeprefix("torch.")

    def storage_id(self, key: str) -> object:
        tensor = self._tensors[key]
        return (tensor.untyped_storage().data_ptr(), tensor.storage_offset(), tuple(tensor.shape), tensor.stride())

    def shares_storage(self, a: str, b: str) -> bool:
        return a != b and self.storage_id(a) == self.storage_id(b)

    def read(self, key: str) -> np.ndarray:
        """One tensor as a float32 copy (bf16/f16 widened exactly), in blocks of rows; never a view of the mapped file.

        Raises:
            CheckpointReadError: the tensor's bytes cannot be read (truncated file).
            InvalidTableError: the tensor is complex.
        """
        tensor = self._tensors[key]
        try:
            return widen_in_blocks(tuple(tensor.shape), lambda start, stop: tensor[start:stop])
        except InvalidTableError:
            raise
        except Exception as error:  # an mmap past the end of a truncated file, a bad storage record
            raise CheckpointReadError(msg("err.ckpt.torch_tensor", tensor=key, error=error)) from error
