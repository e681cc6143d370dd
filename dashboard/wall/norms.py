"""Read a stranger's embedding LayerNorm behind the wall (a folder's ``.bin`` weights are a pickle)."""

from __future__ import annotations

import shutil
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np

from dashboard import checkpoints  # its embedding_norm reader (a Hugging Face folder's) loads on first use
from dashboard.tables import EmbeddingNorm, EmbeddingTables
from dashboard.wall.runner import ask_once
from dashboard.wall.tables import BASE_MEMORY, BASE_SECONDS, BYTES_FACTOR, SECONDS_PER_GB, is_trusted, source_bytes


def read_embedding_norm_safely(tables: EmbeddingTables) -> EmbeddingNorm | None:
    """The embedding LayerNorm of ``tables``: read here for a bundled checkpoint, in a capped child for any other.

    Raises:
        MissingTensorError: as :func:`~dashboard.checkpoints.embedding_norm.read_embedding_norm`.
        ChildLimitError: the files crashed the child or exceeded its memory or processor-time cap.
        BusyError: the machine was too busy to finish in time.
    """
    if (tables.architecture not in checkpoints.EMBEDDING_NORM_NAMES or not tables.model_path
            or is_trusted(tables.model_path)):
        return checkpoints.read_embedding_norm(tables)
    size = source_bytes(Path(tables.model_path))
    answer, folder = ask_once(tables.name, "norm.read",
                              {"architecture": tables.architecture, "model_path": str(tables.model_path),
                               "name": tables.name, "format": tables.format},
                              seconds=BASE_SECONDS + SECONDS_PER_GB * size / 1e9,
                              memory_bytes=BASE_MEMORY + BYTES_FACTOR * size)
    shutil.rmtree(folder, ignore_errors=True)
    return EmbeddingNorm(np.asarray(answer["weight"], np.float32), np.asarray(answer["bias"], np.float32),
                         float(answer["eps"]), str(answer["source"]))


def read_norm_in_child(**fields: Any) -> dict[str, Any]:
    """The child's job: the norm of the folder ``fields`` (:class:`EmbeddingTables` fields) describe, as lists."""
    norm = checkpoints.read_embedding_norm(SimpleNamespace(**fields))
    return {"weight": norm.weight.tolist(), "bias": norm.bias.tolist(), "eps": norm.eps, "source": norm.source}
