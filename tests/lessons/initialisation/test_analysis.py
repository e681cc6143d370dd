"""The initialisation statistics, computed a block of rows at a time, against NumPy on the whole table at once."""

import numpy as np
import pytest

from dashboard.lessons.initialisation import analysis as init


def _table(rows=1_000, d_model=24, seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal((rows, d_model)) * rng.uniform(0.5, 2.0, (rows, 1)) + 0.3).astype(np.float32)


@pytest.mark.parametrize("block_rows", [1, 7, 4096])
def test_the_summary_in_blocks_is_numpys_on_the_whole_table(monkeypatch, block_rows):
    monkeypatch.setattr(init, "BLOCK_ROWS", block_rows)
    table = _table()
    summary = init.summarise_values("t", table)
    whole = table.astype(np.float64)
    norms = np.linalg.norm(whole, axis=1)
    assert summary["value_mean"] == pytest.approx(whole.mean(), rel=1e-12)
    assert summary["value_std"] == pytest.approx(whole.std(), rel=1e-12)
    expected = np.quantile(norms, [init.LOW, 0.5, init.HIGH])
    got = [summary["norm_low"], summary["norm_median"], summary["norm_high"]]
    np.testing.assert_allclose(got, expected, rtol=1e-12)
    np.testing.assert_array_equal(table, _table())  # the table itself is left as it was


@pytest.mark.parametrize("block_rows", [3, 4096])
def test_the_density_counts_every_value_on_the_quantile_grid(monkeypatch, block_rows):
    monkeypatch.setattr(init, "BLOCK_ROWS", block_rows)
    table = _table(rows=500)
    frame = init.value_density_frame(table, d_model=24, bins=40)
    measured = frame[frame["curve"] == "measured"]
    values = table.astype(np.float64).ravel()
    low, high = np.quantile(values, [0.001, 0.999])
    counts, edges = np.histogram(values, bins=40, range=(low, high))
    np.testing.assert_allclose(measured["value"], (edges[:-1] + edges[1:]) / 2)
    np.testing.assert_allclose(measured["density"], counts / (values.size * (edges[1] - edges[0])), rtol=1e-12)


def test_a_large_table_takes_its_grid_ends_from_a_sample_and_still_counts_every_value(monkeypatch):
    monkeypatch.setattr(init, "QUANTILE_SAMPLE", 20_000)
    table = _table(rows=4_000, d_model=16)  # 64,000 values: the grid's ends come from 20,000 of them
    frame = init.value_density_frame(table, d_model=16, bins=50)
    measured = frame[frame["curve"] == "measured"]
    values = table.astype(np.float64).ravel()
    width = measured["value"].iloc[1] - measured["value"].iloc[0]
    low, high = measured["value"].iloc[0] - width / 2, measured["value"].iloc[-1] + width / 2
    exact_low, exact_high = np.quantile(values, [0.001, 0.999])
    spread = values.std()
    assert abs(low - exact_low) < 0.25 * spread and abs(high - exact_high) < 0.25 * spread  # a sample's quantiles
    inside = ((values >= low) & (values <= high)).sum()
    assert (measured["density"] * width).sum() * values.size == pytest.approx(inside, abs=0.5)
