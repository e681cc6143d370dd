"""The GPU benchmark suite: where cuML cannot run it measures nothing and says why; its clustered table."""

import sys

import numpy as np

from benchmarks import bench_cuml
from tests.fake_cuml import forget_backend_status


def test_without_cuml_the_suite_measures_nothing_and_says_why(monkeypatch):
    monkeypatch.setitem(sys.modules, "cuml", None)
    forget_backend_status()
    try:
        result = bench_cuml.run()
    finally:
        forget_backend_status()
    assert result.figures == [] and len(result.notes) == 1
    assert result.notes[0].startswith("Not run: RAPIDS cuML is not installed")


def test_the_table_is_float32_rows_around_the_centres_and_repeats_with_its_seed():
    table = bench_cuml.clustered_table(rows=10_000, width=16, centres=4)
    assert table.shape == (10_000, 16) and table.dtype == np.float32
    np.testing.assert_array_equal(table, bench_cuml.clustered_table(rows=10_000, width=16, centres=4))
    assert len(np.unique(table, axis=0)) == 10_000  # noise on every row: no row repeats its centre
    spread = np.linalg.norm(table - table.mean(axis=0), axis=1)
    assert 0.05 < spread.mean() < 0.5  # centres of scale 0.05 and noise of 0.02 per entry, over 16 entries
