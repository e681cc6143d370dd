"""Projections: parity with the reference solver, determinism, degenerate tables."""

import numpy as np
import pytest
from hypothesis import given, settings as hyp_settings, strategies as st

from dashboard.errors import QueryError
from dashboard.maps.projection import (
    ProjectionSettings,
    find_distinct_rows,
    project_pca,
    project_table,
    rows_to_fit,
)
from dashboard.maps.umap_fit import project_umap
from tests.map_fixtures import random_table

UMAP_2D = ProjectionSettings("umap", 2, seed=3, n_neighbors=5)


def test_pca_matches_the_default_solver_up_to_sign():
    from sklearn.decomposition import PCA

    table = random_table(200, 16)
    ours = project_pca(table, ProjectionSettings("pca", 3))
    reference = PCA(3, svd_solver="full").fit(table)
    expected = reference.transform(table)
    signs = np.sign((ours.coords * expected).sum(axis=0))
    np.testing.assert_allclose(ours.coords, expected * signs, atol=1e-4)
    np.testing.assert_allclose(ours.explained_variance, reference.explained_variance_ratio_, rtol=1e-4)
    assert ours.coords.dtype == np.float32 and ours.coords.shape == (200, 3)


def test_pca_is_deterministic_and_caption_names_solver_and_versions():
    table = random_table(100, 12)
    first, second = (project_pca(table, ProjectionSettings("pca", 2)) for _ in range(2))
    np.testing.assert_array_equal(first.coords, second.coords)
    assert "covariance_eigh" in first.describe() and "scikit-learn" in first.describe()


@pytest.mark.slow  # a real fit (umap-learn or openTSNE)
def test_umap_same_seed_same_map_other_seed_other_map():
    table = random_table(80, 8)
    first = project_umap(table, UMAP_2D)
    again = project_umap(table, UMAP_2D)
    other = project_umap(table, ProjectionSettings("umap", 2, seed=4, n_neighbors=5))
    np.testing.assert_array_equal(first.coords, again.coords)
    assert not np.allclose(first.coords, other.coords)
    assert first.parameters["metric"] == "cosine" and first.parameters["init"] == "pca"
    assert "umap-learn" in first.describe()


@pytest.mark.slow  # a real fit (umap-learn or openTSNE)
def test_unseeded_umap_runs_on_every_core_gives_another_layout_and_says_so(monkeypatch):
    import umap

    made = []

    class Recording(umap.UMAP):
        def __init__(self, **kwargs):
            made.append(kwargs)
            super().__init__(**kwargs)

    monkeypatch.setattr(umap, "UMAP", Recording)
    table = random_table(80, 8)
    unseeded = ProjectionSettings("umap", 2, seed=None, n_neighbors=5)
    first, second = project_umap(table, unseeded), project_umap(table, unseeded)
    assert [m["n_jobs"] for m in made] == [-1, -1] and made[0]["random_state"] is None
    assert not np.allclose(first.coords, second.coords)
    assert first.parameters["random_state"] is None and "another layout" in first.notes[0]
    seeded = project_umap(table, UMAP_2D)
    assert made[-1]["n_jobs"] == 1 and not any("unseeded" in note for note in seeded.notes)


@pytest.mark.slow  # a real fit (umap-learn or openTSNE)
def test_umap_fits_the_table_itself_when_every_row_is_distinct_and_a_copy_of_the_distinct_rows_otherwise(monkeypatch):
    """A copy of a 2 GB table costs tens of seconds where writing fresh memory is slow: none when nothing is left out."""
    import umap

    fitted_on = []
    fit_transform = umap.UMAP.fit_transform
    monkeypatch.setattr(umap.UMAP, "fit_transform", lambda self, X, *a, **k: fitted_on.append(X) or fit_transform(self, X))
    table = random_table(60, 8)
    project_umap(table, UMAP_2D)
    assert fitted_on[-1] is table
    table[7] = table[3]
    project_umap(table, UMAP_2D)
    assert fitted_on[-1] is not table and len(fitted_on[-1]) == 59
    np.testing.assert_array_equal(fitted_on[-1], np.delete(table, 7, axis=0))
    assert rows_to_fit(table, np.arange(60)) is table


@pytest.mark.slow  # a real fit (umap-learn or openTSNE)
def test_umap_reports_what_umap_learn_reports_up_to_done():
    seen = []
    project_umap(random_table(60, 8), ProjectionSettings("umap", 3, n_neighbors=5),
                 progress=lambda fraction, stage: seen.append((fraction, stage.key)))
    fractions, keys = [f for f, _ in seen], [k for _, k in seen]
    assert fractions[0] == 0.0 and fractions[-1] == 1.0
    assert fractions == sorted(fractions) and len(seen) > 2  # epochs reported in between
    # the graph and the start run silently in umap-learn; its tqdm bar counts the epochs
    assert keys[0] == "projection.stage.graph" and keys[-1] == "projection.stage.done"
    assert set(keys[1:-1]) == {"projection.stage.epoch"}


@pytest.mark.slow  # a real fit (umap-learn or openTSNE)
def test_umap_leaves_zero_rows_unplaced_and_duplicates_on_their_original():
    table = random_table(60, 8)
    table[[5, 40]] = 0.0
    table[[10, 11, 12]] = table[3]
    projection = project_umap(table, UMAP_2D)
    assert np.isnan(projection.coords[[5, 40]]).all()
    assert np.isfinite(np.delete(projection.coords, [5, 40], axis=0)).all()
    for copy in (10, 11, 12):
        np.testing.assert_array_equal(projection.coords[copy], projection.coords[3])
    notes = " ".join(projection.notes)
    assert "2 rows are all zero" in notes and "3 rows repeat another row" in notes
    assert projection.n_placed == 58


@pytest.mark.slow  # a real fit (umap-learn or openTSNE)
def test_many_identical_rows_do_not_become_their_own_umap_cluster():
    # 30 identical padding rows: fitted as one point, not a 30-point island.
    table = np.concatenate([random_table(50, 8), np.tile(random_table(1, 8, seed=9), (30, 1))])
    projection = project_umap(table, UMAP_2D)
    assert len(np.unique(projection.coords[50:], axis=0)) == 1


def test_umap_on_a_table_smaller_than_n_neighbors_says_so():
    with pytest.raises(QueryError, match=r"n_neighbors=15.*has 10.*use PCA"):
        project_umap(random_table(10, 8), ProjectionSettings("umap", 2))


def test_pca_degenerate_tables():
    identical = np.ones((6, 4), np.float32)
    projection = project_pca(identical, ProjectionSettings("pca", 2))
    assert (projection.coords == 0).all() and "identical" in projection.notes[0]
    with pytest.raises(QueryError, match="d_model=2, fewer than the 3 dimensions asked for; choose 2D or fewer"):
        project_pca(random_table(10, 2), ProjectionSettings("pca", 3))
    with pytest.raises(QueryError, match="d_model=1: each row is one number, so there is no map"):  # not "choose 1D"
        project_pca(random_table(10, 1), ProjectionSettings("pca", 2))
    with pytest.raises(QueryError, match="needs at least 3 rows; the table has 2"):
        project_pca(random_table(2, 8), ProjectionSettings("pca", 2))
    zeros = random_table(20, 4)
    zeros[:3] = 0
    assert np.isfinite(project_table(zeros, ProjectionSettings("pca", 2)).coords).all()


def test_pca_notes_read_as_sentences_for_one_row_and_for_several():
    table = random_table(20, 4)
    table[5], table[1] = table[4], 0  # one copy, one all-zero row
    assert project_pca(table, ProjectionSettings("pca", 2)).notes == (
        "1 row repeats another row exactly and is drawn on top of it",
        "1 row is all zero; PCA places it where the zero vector lands")
    table[6:8], table[2] = table[4], 0
    assert project_pca(table, ProjectionSettings("pca", 2)).notes == (
        "3 rows repeat another row exactly and are drawn on top of it",
        "2 rows are all zero; PCA places them where the zero vector lands")


@pytest.mark.parametrize("bad", [dict(method="isomap"), dict(dims=4), dict(n_neighbors=1), dict(min_dist=1.5),
                                 dict(seed=-1), dict(seed=2**32)])
def test_bad_settings_are_refused(bad):
    with pytest.raises(QueryError):
        ProjectionSettings(**bad)


def test_distinct_rows_look_past_the_first_columns_and_treat_minus_zero_as_zero():
    table = np.zeros((4, 6), np.float32)
    table[1, 5] = 1.0  # same first four entries as row 0, different later
    table[2] = -0.0
    table[3, 5] = 1.0
    distinct = find_distinct_rows(table)
    assert list(distinct.first) == [0, 1, 0, 1]
    assert list(distinct.zero) == [True, False, True, False]


@hyp_settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=1, max_size=30), st.integers(1, 6))
def test_distinct_rows_agree_with_numpy_unique(choices, d_model):
    palette = random_table(4, d_model, seed=d_model)
    table = palette[choices]
    distinct = find_distinct_rows(table)
    for row, first in enumerate(distinct.first):
        assert first == next(i for i in range(len(table)) if np.array_equal(table[i], table[row]))
