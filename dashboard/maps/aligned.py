"""A training run's token maps on one pair of axes: PCA fitted on the last step, every step projected on it.

A map fitted per step has its own axes, so a token seeming to move may only have moved with them. Every step's
table must have the last's shape (scikit-learn ``PCA`` ``fit`` on the last, ``transform`` on each). A run's maps
are kept in ``cache_dir()/aligned/`` (:func:`aligned_path`).
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from dashboard.disk_cache import cache_dir, write_atomically
from dashboard.errors import QueryError
from dashboard.i18n import msg

DIMS = 2


@dataclass(frozen=True, eq=False)
class AlignedMaps:
    """One map per training step of a run, on the last step's principal axes.

    ``steps``: ascending; ``coords``: ``(n_steps, vocab_size, 2)`` float32; ``explained``: ``(2,)`` float64, the
    fraction of the last step's variance each axis explains, in [0, 1].
    """

    steps: tuple[int, ...]
    coords: np.ndarray
    explained: np.ndarray

    @property
    def basis_step(self) -> int:
        """The step the axes were fitted on (the last)."""
        return self.steps[-1]

    def save(self, path: Path) -> None:
        """Write to ``path`` (``.npz``, plain arrays, no pickles)."""
        with open(path, "wb") as handle:
            np.savez(handle, coords=self.coords, explained=self.explained, steps=np.asarray(self.steps, np.int64),
                     meta=np.array(json.dumps({"kind": "aligned-pca", "dims": DIMS})))

    @classmethod
    def load(cls, path: Path) -> "AlignedMaps":
        """Read a file :meth:`save` wrote.

        Raises:
            OSError, ValueError, KeyError: the file is missing or not one :meth:`save` wrote.
        """
        with np.load(path, allow_pickle=False) as data:
            if json.loads(str(data["meta"])).get("kind") != "aligned-pca":
                raise ValueError(f"{path} does not hold aligned maps")
            return cls(tuple(int(s) for s in data["steps"]), data["coords"], data["explained"])


def align_run(steps: Sequence[int], read_token_table: Callable[[int], np.ndarray]) -> AlignedMaps:
    """The aligned maps of a run (module docstring), reading one step's table at a time.

    ``read_token_table`` maps a step (``steps`` ascending, at least one) to its ``(vocab_size, d_model)`` table.

    Raises:
        QueryError: a step's table has another shape than the last step's, or the last is too small for 2 axes.
        ExplorerError: from ``read_token_table``.
    """
    from sklearn.decomposition import PCA

    last = np.asarray(read_token_table(steps[-1]), dtype=np.float32)
    if last.shape[0] <= DIMS or last.shape[1] < DIMS:
        raise QueryError(msg("err.aligned.too_small", rows=last.shape[0], cols=last.shape[1]))
    pca = PCA(n_components=DIMS, svd_solver="covariance_eigh").fit(last)
    coords = np.empty((len(steps), last.shape[0], DIMS), dtype=np.float32)
    for index, step in enumerate(steps):
        table = last if step == steps[-1] else np.asarray(read_token_table(step), dtype=np.float32)
        if table.shape != last.shape:
            raise QueryError(msg("err.aligned.shape", step=step, shape=f"{table.shape[0]} x {table.shape[1]}",
                                 last=steps[-1], last_shape=f"{last.shape[0]} x {last.shape[1]}"))
        coords[index] = pca.transform(table)
    return AlignedMaps(tuple(int(s) for s in steps), coords, pca.explained_variance_ratio_.astype(np.float64))


def aligned_path(folder: Path, stamp: float, table_name: str = "token") -> Path:
    """Where a run's aligned maps are kept: ``cache_dir()/aligned/<folder name>-<digest>.npz``.

    The digest covers the folder's resolved path, its ``run_stamp`` and the table, so a run that gains a checkpoint
    is aligned again.
    """
    real = folder.resolve()
    digest = hashlib.blake2b(f"{real}|{stamp!r}|{table_name}".encode(), digest_size=8).hexdigest()
    return cache_dir() / "aligned" / f"{real.name}-{digest}.npz"


def cached_aligned_maps(folder: Path, stamp: float, steps, read_token_table) -> tuple[AlignedMaps, Path, bool]:
    """A run's aligned maps, ``(maps, path, found)``: from :func:`aligned_path` (same steps), else computed and stored.

    Raises:
        QueryError, ExplorerError: as :func:`~dashboard.maps.aligned.align_run`.
    """
    path = aligned_path(folder, stamp)
    try:
        found = AlignedMaps.load(path)
        if found.steps == tuple(steps):
            return found, path, True
    except (OSError, ValueError, KeyError, json.JSONDecodeError):
        pass
    maps = align_run(steps, read_token_table)
    try:
        write_atomically(path, maps.save)
    except OSError:  # a read-only or full cache: shown all the same
        pass
    return maps, path, False
