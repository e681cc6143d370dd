"""Land & Bartolo's under-trained-token indicators, on tables where the under-trained rows are known."""

import dataclasses
import numpy as np
import pytest

from dashboard.training.undertrained import (
    INDICATORS,
    choose_indicator,
    cosine_distance_without_first_pc,
    find_undertrained,
    first_principal_component,
    known_unused_ids,
    precision_recall,
)
from dashboard.errors import QueryError
from dashboard.tables import Tying
from tests.map_fixtures import tables_of

N_ROWS, D_MODEL = 1000, 16
#: Rows planted as never trained: the reference rows ([unused0..4]) and ten ordinary-looking tokens.
RESERVED = list(range(5))
SILENT = [50, 77, 123, 200, 201, 260, 333, 401, 444, 499]


def _trained_like(seed=0):
    """Trained rows spread in every direction around a shared offset; never-trained rows all near one point."""
    rng = np.random.default_rng(seed)
    offset = 3.0 * rng.normal(size=D_MODEL)  # the common direction of trained tables (first PC)
    table = offset + rng.normal(size=(N_ROWS, D_MODEL))
    untrained_point = offset + 2.0 * rng.normal(size=D_MODEL)
    table[RESERVED + SILENT] = untrained_point + 0.05 * rng.normal(size=(15, D_MODEL))
    return table.astype(np.float32)


def _tied(table, words=None):
    words = words or [f"[unused{i}]" if i in RESERVED else f"t{i}" for i in range(len(table))]
    tables = tables_of(table, words, special=frozenset({10}))
    return dataclasses.replace(tables, tying=Tying("tied-implied", "test: no head stored"))


def _first_pc_reference(head, unused):
    """The indicator written out from the paper's description with numpy's SVD instead of scikit-learn's PCA."""
    head = head.astype(np.float64)
    _, _, vt = np.linalg.svd(head - head.mean(axis=0), full_matrices=False)
    first = vt[0]
    without = head - np.outer(head @ first, first)
    mean = without[unused].mean(axis=0)
    return 1 - without @ mean / (np.linalg.norm(without, axis=1) * np.linalg.norm(mean))


def test_cosine_indicator_matches_the_formula():
    table = _trained_like()
    assert np.allclose(cosine_distance_without_first_pc(table, RESERVED), _first_pc_reference(table, RESERVED),
                       atol=1e-9)


def test_first_component_in_blocks_is_scikit_learns():
    from sklearn.decomposition import PCA

    table = _trained_like()
    found = first_principal_component(table, block=64)
    assert abs(found @ PCA(n_components=1).fit(table.astype(np.float64)).components_[0]) == pytest.approx(1.0)


def test_tied_tables_use_the_cosine_indicator_with_reserved_rows_as_reference():
    tables = _tied(_trained_like())
    assert choose_indicator(tables) == "cosine"
    assert list(known_unused_ids(tables)) == RESERVED
    found = find_undertrained(tables)
    assert found.name == INDICATORS["cosine"]
    assert set(SILENT) <= set(found.candidates)  # every planted never-trained token is found
    assert 10 not in found.candidates  # special tokens are never candidates
    assert list(found.scores[found.candidates]) == sorted(found.scores[found.candidates])
    # the 2nd percentile of the non-special vocabulary rows
    assert found.threshold == pytest.approx(np.percentile(np.delete(found.scores, 10), 2.0))


def test_untied_and_headless_tables_use_the_row_norm():
    rng = np.random.default_rng(1)
    table = rng.normal(size=(N_ROWS, D_MODEL)).astype(np.float32)
    table[SILENT] *= 0.05  # rows that only weight decay touched
    tables = tables_of(table)
    assert choose_indicator(tables) == "norm"
    found = find_undertrained(tables)
    assert found.name == "E_in L2 norm"
    assert list(found.candidates[:10]) == sorted(SILENT, key=lambda i: found.scores[i])
    assert np.allclose(found.scores, np.linalg.norm(table.astype(np.float64), axis=1), rtol=1e-6)


def test_cosine_needs_known_unused_rows():
    tables = _tied(_trained_like(), words=[f"t{i}" for i in range(N_ROWS)])
    with pytest.raises(QueryError, match="known to be unused"):
        find_undertrained(tables, "cosine")  # chosen by hand; "auto" takes the norm here
    found = find_undertrained(tables, unused_ids=SILENT[:3])
    assert set(SILENT[3:]) | set(RESERVED) <= set(found.candidates)


@pytest.mark.parametrize("kwargs, message", [({"indicator": "magic"}, "unknown indicator"),
                                             ({"percentile": 0}, "between 0 and 100"),
                                             ({"indicator": "cosine", "unused_ids": [N_ROWS]}, "between 0 and")])
def test_bad_settings_are_typed_errors(kwargs, message):
    with pytest.raises(QueryError, match=message):
        find_undertrained(_tied(_trained_like()), **kwargs)


def test_precision_and_recall():
    assert precision_recall(np.array([1, 2, 3, 4]), np.array([3, 4, 5])) == (0.5, pytest.approx(2 / 3))
    assert precision_recall(np.array([], int), np.array([1])) == (0.0, 0.0)


def test_a_tied_table_with_no_row_known_to_be_unused_gets_the_norm_automatically():
    # SmolLM2: tied, no reserved tokens, no padding rows: the cosine indicator has nothing to measure against.
    tables = _tied(_trained_like(), words=[f"t{i}" for i in range(N_ROWS)])
    assert len(known_unused_ids(tables)) == 0
    assert choose_indicator(tables) == "norm"
    assert find_undertrained(tables).name == "E_in L2 norm"
    # Rows the user names as unused make the cosine indicator possible again.
    assert choose_indicator(tables, [3, 4]) == "cosine"
    assert find_undertrained(tables, unused_ids=[3, 4]).name == INDICATORS["cosine"]
