"""Row norms, summed in float64 a block at a time, against NumPy's norm of the whole table in float64."""

import numpy as np
import pytest

from dashboard.analysis import norms


@pytest.mark.parametrize("block_rows", [1, 5, 4096])
def test_row_norms_are_the_float64_norms_rounded_once(monkeypatch, block_rows):
    monkeypatch.setattr(norms, "NORM_BLOCK_ROWS", block_rows)
    rng = np.random.default_rng(0)
    table = (rng.standard_normal((203, 37)) * rng.uniform(0.01, 100.0, (203, 1))).astype(np.float32)
    table[7] = 0.0
    got = norms.row_norms(table)
    expected = np.linalg.norm(table.astype(np.float64), axis=1).astype(np.float32)
    assert got.dtype == np.float32 and got.shape == (203,) and got[7] == 0.0
    np.testing.assert_array_equal(got, expected)
