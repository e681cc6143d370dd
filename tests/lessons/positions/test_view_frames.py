"""Frames of the Positions page built from a table (the cached versions are exercised by the page tests)."""

import numpy as np
import pytest

from dashboard.lessons.positions import structure as positions
from dashboard.lessons.positions.view_frames import token_type_frame


def test_token_type_frame():
    frame = token_type_frame(np.array([[3.0, 4.0], [0.0, -2.0]]))
    assert frame["norm"].tolist() == [5.0, 2.0]
    assert frame["cosine with type 1"].tolist() == pytest.approx([-0.8, 1.0])


def test_names_from_before_the_split_still_import_from_analysis_positions():
    # dashboard/cli/positions.py and code written before the split import these from here
    # (the range formatter lives in dashboard.lessons.positions.text: analysis never imports ui).
    for name in ("SINUSOIDAL_MEASURE", "UNTRAINED_CRITERION", "summarise_positions",
                 "untrained_threshold", "block_similarity", "offset_similarities", "unit_rows"):
        assert callable(getattr(positions, name)) or isinstance(getattr(positions, name), str)
