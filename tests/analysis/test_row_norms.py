"""Row norms, summed in float64 a block at a time, against NumPy's norm of the whole table in float64."""

import numpy as np
import pytest

from dashboard import tables as contract
from dashboard.analysis import norms


@pytest.mark.parametrize("block_rows", [1, 5, 4096])
def test_row_norms_are_the_float64_norms_rounded_once(monkeypatch, block_rows):
    monkeypatch.setattr(contract, "NORM_BLOCK_ROWS", block_rows)
    rng = np.random.default_rng(0)
    table = (rng.standard_normal((203, 37)) * rng.uniform(0.01, 100.0, (203, 1))).astype(np.float32)
    table[7] = 0.0
    got = contract.row_norms(table)
    expected = np.linalg.norm(table.astype(np.float64), axis=1).astype(np.float32)
    assert got.dtype == np.float32 and got.shape == (203,) and got[7] == 0.0
    np.testing.assert_array_equal(got, expected)


def test_the_token_tables_norms_are_computed_once_and_shared_by_the_pages(monkeypatch):
    """The Overview's histogram and the Token map's tooltips read the same norms: a large table pays once."""
    from dashboard.analysis.table_rows import table_rows
    from dashboard.tables import EmbeddingTables, Tying, Vocabulary

    calls = []
    real = contract.row_norms
    monkeypatch.setattr(contract, "row_norms", lambda table: calls.append(table.shape) or real(table))
    token = np.random.default_rng(1).standard_normal((50, 8)).astype(np.float32)
    tables = EmbeddingTables(token=token, vocabulary=Vocabulary.placeholder(40), tying=Tying("no-head", "test"),
                             source="test", format="npy", architecture="unknown", source_dtype="float32")
    overview = norms.used_token_norms(tables)
    token_map = table_rows(tables).norms
    assert calls == [(50, 8)]
    np.testing.assert_array_equal(token_map, real(token))
    np.testing.assert_array_equal(overview, token_map[:40])
    assert not token_map.flags.writeable and not overview.flags.writeable
