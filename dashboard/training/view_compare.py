"""Frames and cached results of the Compare page.

``get_*`` key tables by source and content hash (``_``-prefixed tables are not hashed) and compute each result
once per process (``st.cache_resource``: shared by sessions, never copied).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from dashboard.i18n import msg
from dashboard.tables import EmbeddingTables
from dashboard.training.compare import CheckpointComparison, compare_checkpoints
from dashboard.ui.loading import spinning

#: Largest movers marked (and named) on the aligned maps.
MARKED_MOVERS = 15
#: Points drawn per map at most: the marked movers, then a seeded uniform sample.
MAP_POINTS = 6000


@spinning("compare_frames.spinner.comparing")
@st.cache_resource(max_entries=4, show_spinner=False)
def get_comparison(_a: EmbeddingTables, _b: EmbeddingTables, source_a: str, hash_a: str, source_b: str, hash_b: str,
                   table: str) -> CheckpointComparison:
    """:func:`dashboard.training.compare.compare_checkpoints`, once per pair and table.

    Raises:
        ShapeMismatchError, QueryError, InvalidTableError: as ``compare_checkpoints``.
    """
    return compare_checkpoints(_a, _b, table)


def aligned_maps_frame(comparison: CheckpointComparison, marked: int = MARKED_MOVERS, max_points: int = MAP_POINTS,
                       seed: int = 0) -> pd.DataFrame:
    """Both tables on B's first two principal components, A rotated onto B, the ``marked`` largest movers named.

    A is not shrunk by the Procrustes scale, which tends to 0 for unrelated tables and would pile every point on the
    centre: both maps show a table of unit Frobenius norm. At most ``max_points`` rows are drawn per map (the marked
    ones, then a sample drawn with ``seed``).

    Returns:
        Two rows per drawn table row: ``id``, ``token``, ``checkpoint`` (A's or B's name), ``x``, ``y`` (on B's PC1
        and PC2, units of the standardised table), ``drift``, ``mover`` (bool), ``label`` (movers' token, else empty).
    """
    result = comparison.result
    target = result.target.astype(np.float64)
    _, vectors = np.linalg.eigh(target.T @ target)  # target is centred: its scatter matrix, (d, d)
    axes = vectors[:, ::-1][:, :2]  # PC1, PC2 of B
    movers = result.top_drift(marked)
    others = np.setdiff1d(np.arange(result.n_rows), movers)
    room = max(0, max_points - len(movers))
    if len(others) > room:
        others = np.random.default_rng(seed).choice(others, size=room, replace=False)
    ids = np.sort(np.concatenate([movers, others]))
    is_mover = np.isin(ids, movers)
    frames = []
    rotated = result.aligned / result.scale if result.scale > 0 else result.aligned
    for name, table in zip(comparison.names, (rotated, result.target)):
        coords = table[ids].astype(np.float64) @ axes
        frames.append(pd.DataFrame({
            "id": ids, "token": [comparison.labels[i] for i in ids], "checkpoint": name,
            "x": coords[:, 0], "y": coords[:, 1], "drift": result.drift[ids], "mover": is_mover,
            "label": [comparison.labels[i] if m else "" for i, m in zip(ids, is_mover)]}))
    return pd.concat(frames, ignore_index=True)


def drift_frame(comparison: CheckpointComparison, n: int = 30) -> pd.DataFrame:
    """The ``n`` largest movers, largest first: ``rank``, ``id``, ``token``, ``drift``, ``overlap``, ``shared``.

    ``overlap`` is the row's share of its ``k`` nearest neighbours that A and B agree on, in [0, 1]; ``shared`` the
    same as a float64 count 0..k. Both are NaN for a row outside the overlap's sample.
    """
    result = comparison.result
    ids = result.top_drift(n)
    overlap = pd.Series(result.overlap, index=result.overlap_ids).reindex(ids).to_numpy()
    return pd.DataFrame({"rank": np.arange(1, len(ids) + 1), "id": ids, "token": [comparison.labels[i] for i in ids],
                         "drift": result.drift[ids], "overlap": overlap, "shared": np.rint(overlap * result.k)})


def overlap_counts_frame(comparison: CheckpointComparison) -> pd.DataFrame:
    """How many rows share 0, 1, ..., k of their ``k`` nearest neighbours: ``shared``, ``rows``."""
    result = comparison.result
    shared = np.rint(result.overlap * result.k).astype(int)
    return pd.DataFrame({"shared": np.arange(result.k + 1), "rows": np.bincount(shared, minlength=result.k + 1)})


#: Column headers of the Compare page's table of largest movers.
COMPARE_HEADERS = {
    "rank": msg("compare.col.rank"), "id": msg("compare.col.id"), "token": msg("compare.col.token"),
    "drift": msg("compare.col.drift"), "shared": msg("compare.col.shared"),
}
