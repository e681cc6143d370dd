"""Frames and cached results of the Under-trained tokens page (and the Token map's under-trained highlight).

``get_undertrained`` keys a table by source and content hash (``_``-prefixed tables are not hashed) and computes
each result once per process (``st.cache_resource``: shared by sessions, never copied).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import streamlit as st

from dashboard.i18n import msg
from dashboard.tables import EmbeddingTables
from dashboard.training.undertrained import UndertrainedTokens, find_undertrained
from dashboard.ui.loading import spinning


@spinning("compare_frames.spinner.undertrained")
@st.cache_resource(max_entries=8, show_spinner=False)
def get_undertrained(_tables: EmbeddingTables, source: str, content_hash: str, indicator: str,
                     unused_ids: tuple[int, ...] | None) -> UndertrainedTokens:
    """:func:`dashboard.training.undertrained.find_undertrained`, once per table and settings.

    Raises:
        QueryError: as ``find_undertrained``.
    """
    return find_undertrained(_tables, indicator, None if unused_ids is None else list(unused_ids))


def candidates_frame(tables: EmbeddingTables, found: UndertrainedTokens, categories: np.ndarray) -> pd.DataFrame:
    """The candidates, most under-trained first: ``rank``, ``id``, ``token``, ``score``, ``category``."""
    ids = found.candidates
    return pd.DataFrame({"rank": np.arange(1, len(ids) + 1), "id": ids,
                         "token": [tables.token_label(int(i)) for i in ids], "score": found.scores[ids],
                         "category": categories[ids]})


def score_histogram_frame(found: UndertrainedTokens, bins: int = 60) -> pd.DataFrame:
    """Histogram of the indicator over the population rows: ``start``, ``stop``, ``rows``, ``below`` (bin under the threshold)."""
    counts, edges = np.histogram(found.scores[found.population], bins=bins)
    return pd.DataFrame({"start": edges[:-1], "stop": edges[1:], "rows": counts, "below": edges[1:] <= found.threshold})


#: Column headers of the Under-trained tokens page's table of candidates.
UNDERTRAINED_HEADERS = {
    "rank": msg("compare.col.rank"), "id": msg("compare.col.id"), "token": msg("compare.col.token"),
    "score": msg("undertrained.col.score"), "category": msg("undertrained.col.category"),
}
