"""Dask tasks of ``precompute``: prepare a checkpoint before a class (``--prepare``), align a run's token maps."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from distributed import get_worker


@dataclass(frozen=True)
class Prepared:
    """What :func:`prepare_checkpoint` did.

    Attributes:
        source: the checkpoint's display name.
        tokenizer: the tokenizer's own description (English).
        model: the folder its whole model is kept in (a bundled GGUF), or ``None``.
        model_note: why no model was built (a bare table), or ``None``.
        worker: address of the Dask worker that did it.
        seconds: wall-clock seconds it took there.
    """

    source: str
    tokenizer: str
    model: str | None
    model_note: str | None
    worker: str
    seconds: float


def prepare_checkpoint(source: str) -> Prepared:
    """Read ``source``, convert its tokenizer and build its whole model (kept on disk for a bundled GGUF).

    Raises:
        ExplorerError: the source cannot be read, or its model cannot be built (its reason).
    """
    from dashboard.checkpoints.tokenizer import load_tokenizer
    from dashboard.forward.loading import forward_unavailable_reason, kept_model_folder, load_forward_model
    from dashboard.wall.tables import read_checkpoint

    started = time.perf_counter()
    tables = read_checkpoint(source)
    tokenizer = load_tokenizer(tables)
    described = str(tokenizer.describe)
    if hasattr(tokenizer, "close"):
        tokenizer.close()
    reason = forward_unavailable_reason(tables)
    kept = None
    if reason is None:
        load_forward_model(tables)
        folder = kept_model_folder(Path(tables.model_path))
        kept = str(folder) if folder is not None and folder.is_dir() else None
    try:
        worker = get_worker().address
    except ValueError:
        worker = "this process"
    return Prepared(tables.name, described, kept, None if reason is None else str(reason), worker,
                    round(time.perf_counter() - started, 3))


def align_run_task(folder: str) -> dict:
    """Find or compute a run's token maps on its last step's axes; return a ``precompute`` record (``aligned-pca``).

    Raises:
        ExplorerError: the run or a checkpoint cannot be read, or the steps' tables differ in shape.
    """
    from dashboard.checkpoints.runs import run_stamp
    from dashboard.maps.aligned import cached_aligned_maps
    from dashboard.wall.runs import discover_run_safely
    from dashboard.wall.tables import read_checkpoint

    started = time.perf_counter()
    run = discover_run_safely(Path(folder))
    maps, path, found = cached_aligned_maps(run.folder, run_stamp(run.folder), run.steps,
                                            lambda step: read_checkpoint(run.path_at(step)).token)
    try:
        worker = get_worker().address
    except ValueError:
        worker = "this process"
    return {"source": run.folder.name, "table": "token", "method": "aligned-pca", "dims": 2, "backend": "cpu",
            "rows": int(maps.coords.shape[1]), "status": "cached" if found else "computed",
            "seconds": round(time.perf_counter() - started, 3), "file": str(path), "worker": worker}
