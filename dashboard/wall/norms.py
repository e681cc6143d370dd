"""The embedding LayerNorm of a stranger's folder, read behind the wall.

:func:`~dashboard.checkpoints.embedding_norm.read_embedding_norm` opens the folder's weights (a ``.bin`` is a
pickle); for any folder that did not ship with the app it runs in a capped child, which answers the two vectors.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np

from dashboard.checkpoints.embedding_norm import EMBEDDING_NORM_NAMES, read_embedding_norm
from dashboard.tables import EmbeddingNorm, EmbeddingTables
from dashboard.wall.runner import ask_once
from dashboard.wall.tables import BASE_MEMORY, BASE_SECONDS, BYTES_FACTOR, SECONDS_PER_GB, is_trusted, source_bytes


def read_embedding_norm_safely(tables: EmbeddingTables) -> EmbeddingNorm | None:
    """:func:`~dashboard.checkpoints.embedding_norm.read_embedding_norm` of ``tables``: here for a bundled
    checkpoint (or when there is nothing to open), in a capped child for any other.

    Raises:
        MissingTensorError: as :func:`~dashboard.checkpoints.embedding_norm.read_embedding_norm`.
        ChildLimitError: the files made the child crash, or use more memory or processor time than they can need.
        BusyError: the machine was too busy to finish in time.
    """
    if tables.architecture not in EMBEDDING_NORM_NAMES or not tables.model_path or is_trusted(tables.model_path):
        return read_embedding_norm(tables)
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
    """The child's job: the norm of the folder ``fields`` describe (``architecture``, ``model_path``, ``name``,
    ``format``: the fields of :class:`EmbeddingTables` the reader uses), as JSON-able lists."""
    norm = read_embedding_norm(SimpleNamespace(**fields))
    return {"weight": norm.weight.tolist(), "bias": norm.bias.tolist(), "eps": norm.eps, "source": norm.source}
