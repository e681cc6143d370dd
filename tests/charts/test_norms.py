"""The row-norm histogram, checked through its Vega-Lite spec."""

import numpy as np
import pandas as pd

from dashboard.charts.norms import row_norm_histogram_chart


def _data(spec):
    return next(iter(spec["datasets"].values()))


def test_histogram_sends_bins_not_rows_and_counts_every_row():
    norms = np.random.default_rng(0).gamma(4.0, 0.3, size=30_000)
    spec = row_norm_histogram_chart(pd.DataFrame({"norm": norms}), max_bins=40).to_dict()
    bins = _data(spec)
    assert len(bins) == 40
    assert sum(b["rows"] for b in bins) == 30_000
    assert spec["mark"]["type"] == "bar"
    assert spec["encoding"]["x"]["field"] == "start" and spec["encoding"]["x2"]["field"] == "end"
    assert min(b["start"] for b in bins) == norms.min() and max(b["end"] for b in bins) == norms.max()
