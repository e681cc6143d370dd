"""Column headers of the Training, Compare and Under-trained pages' frames, shown in the reader's language.

:func:`display_frame` gives a frame headers just before display; the frame keeps its English column names.
"""

from __future__ import annotations

from typing import Mapping

import pandas as pd

from dashboard.i18n import msg, render


def display_frame(frame: pd.DataFrame, headers: Mapping[str, str]) -> pd.DataFrame:
    """A copy of ``frame`` with its column names (every level) shown through ``headers`` (name -> catalogue message).

    The frame keeps its English names, which tests and downloads read; names not in ``headers`` stay as they are.
    """
    def shown(name):
        return render(headers[name]) if isinstance(name, str) and name in headers else name

    shown_frame = frame.copy()
    if isinstance(shown_frame.columns, pd.MultiIndex):
        shown_frame.columns = pd.MultiIndex.from_tuples([tuple(shown(n) for n in c) for c in shown_frame.columns],
                                                        names=[shown(n) for n in shown_frame.columns.names])
    else:
        shown_frame.columns = [shown(c) for c in shown_frame.columns]
        shown_frame.columns.name = shown(frame.columns.name)
    if shown_frame.index.name is not None:
        shown_frame.index.name = shown(shown_frame.index.name)
    return shown_frame


#: Column headers of the Compare page's table of largest movers.
COMPARE_HEADERS = {
    "rank": msg("compare.col.rank"), "id": msg("compare.col.id"), "token": msg("compare.col.token"),
    "drift": msg("compare.col.drift"), "shared": msg("compare.col.shared"),
}
#: Column headers of the Under-trained tokens page's table of candidates.
UNDERTRAINED_HEADERS = {
    "rank": msg("compare.col.rank"), "id": msg("compare.col.id"), "token": msg("compare.col.token"),
    "score": msg("undertrained.col.score"), "category": msg("undertrained.col.category"),
}
