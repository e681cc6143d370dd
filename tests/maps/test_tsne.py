"""t-SNE: parity with a plain openTSNE call, seeds, rows it cannot place, progress, cache keys."""

import numpy as np
import pytest

from dashboard.errors import QueryError
from dashboard.maps.cache import projection_key
from dashboard.maps.projection import ProjectionSettings, library_versions, project_table
from dashboard.maps.tsne import EARLY_EXAGGERATION_ITER, FitCancelledError, N_ITER, REPORT_EVERY, tsne_parameters
from tests.map_fixtures import random_table

SETTINGS = ProjectionSettings("tsne", 2, seed=3, perplexity=5.0)


@pytest.fixture(scope="module")
def table():
    """40 distinct rows, then a copy of row 0 and an all-zero row."""
    rows = random_table(40, 8)
    return np.vstack([rows, rows[:1], np.zeros((1, 8), np.float32)])


@pytest.fixture(scope="module")
def fitted(table):
    calls = []
    projection = project_table(table, SETTINGS, lambda fraction, label: calls.append((fraction, str(label))))
    return projection, calls


@pytest.mark.slow  # a real fit (umap-learn or openTSNE)
def test_matches_a_plain_opentsne_call_on_the_distinct_rows(table, fitted):
    from openTSNE import TSNE

    projection, _ = fitted
    plain = np.asarray(TSNE(**tsne_parameters(SETTINGS)).fit(table[:40]), np.float32)
    np.testing.assert_array_equal(projection.coords[:40], plain)
    assert projection.coords.dtype == np.float32 and projection.coords.shape == (42, 2)


@pytest.mark.slow  # a real fit (umap-learn or openTSNE)
def test_a_copy_shares_its_point_and_a_zero_row_is_not_placed(fitted):
    projection, _ = fitted
    np.testing.assert_array_equal(projection.coords[40], projection.coords[0])
    assert np.isnan(projection.coords[41]).all() and projection.n_placed == 41
    notes = " ".join(projection.notes)
    assert "1 row repeats another row exactly; t-SNE saw" in notes and "1 row is all zero" in notes


@pytest.mark.slow  # a real fit (umap-learn or openTSNE)
def test_other_seed_other_map(table, fitted):
    """(The same seed giving the same map is the parity test above: two separate fits, equal bit for bit.)"""
    projection, _ = fitted
    other = project_table(table, ProjectionSettings("tsne", 2, seed=4, perplexity=5.0))
    assert not np.allclose(other.coords[:40], projection.coords[:40])


@pytest.mark.slow  # a real fit (umap-learn or openTSNE)
def test_progress_covers_both_phases_and_ends_at_one(fitted):
    _, calls = fitted
    fractions = [fraction for fraction, _ in calls]
    assert fractions == sorted(fractions) and fractions[0] == 0.0 and fractions[-1] == 1.0
    labels = [label for _, label in calls]
    assert labels[0].startswith("finding the nearest neighbours of 40 rows (perplexity 5)")
    assert f"early exaggeration: iteration {EARLY_EXAGGERATION_ITER} of {EARLY_EXAGGERATION_ITER}" in labels
    assert f"optimising the layout: iteration {N_ITER} of {N_ITER}" in labels
    assert len(calls) == 2 + (EARLY_EXAGGERATION_ITER + N_ITER) // 10


@pytest.mark.slow  # a real fit (umap-learn or openTSNE)
@pytest.mark.parametrize("stop_at", [5, EARLY_EXAGGERATION_ITER // REPORT_EVERY + 5])  # in either phase
def test_a_progress_report_that_raises_fit_cancelled_ends_the_fit_there_and_returns_no_map(table, stop_at):
    """openTSNE's fit returns its half-optimised embedding when a callback stops it: that must not pass for a map."""
    calls = []

    def progress(fraction, label):
        calls.append(fraction)
        if len(calls) > stop_at:
            raise FitCancelledError("nobody waits")

    with pytest.raises(FitCancelledError):
        project_table(table, SETTINGS, progress)
    assert len(calls) == stop_at + 1  # no report after the one that asked to stop: the optimisation ended


@pytest.mark.slow  # a real fit (umap-learn or openTSNE)
def test_a_fit_that_finished_keeps_its_map_when_the_stop_comes_with_the_last_report(table, fitted):
    def progress(fraction, label):
        if fraction == 1.0 and "done" in str(label).lower():
            raise FitCancelledError("nobody waits")

    np.testing.assert_array_equal(project_table(table, SETTINGS, progress).coords, fitted[0].coords)


@pytest.mark.slow  # a real fit (umap-learn or openTSNE)
def test_the_caption_names_the_parameters_and_opentsne(fitted):
    projection, _ = fitted
    described = projection.describe()
    assert described.startswith("t-SNE to 2D (perplexity=5.0, metric=cosine")
    assert "random_state=3" in described and "openTSNE" in described


def test_too_few_rows_for_the_perplexity_are_refused():
    with pytest.raises(QueryError, match="perplexity 30 needs at least 91 distinct non-zero rows, this table has 40"):
        project_table(random_table(40, 8), ProjectionSettings("tsne", 2, perplexity=30.0))


@pytest.mark.parametrize("perplexity", [1.0, 101.0])
def test_perplexity_out_of_range_is_refused(perplexity):
    with pytest.raises(QueryError, match="perplexity must be in"):
        ProjectionSettings("tsne", perplexity=perplexity)


def test_the_cache_key_holds_perplexity_seed_threads_and_opentsne_version():
    keys = {projection_key("h", "token", s) for s in (
        SETTINGS, ProjectionSettings("tsne", 2, seed=3, perplexity=6.0), ProjectionSettings("tsne", 2, seed=4,
                                                                                            perplexity=5.0),
        ProjectionSettings("tsne", 3, seed=3, perplexity=5.0), ProjectionSettings("umap", 2, seed=3))}
    assert len(keys) == 5
    assert "openTSNE" in library_versions("tsne")
    assert tsne_parameters(SETTINGS)["n_jobs"] == 2 and tsne_parameters(SETTINGS.__class__("tsne", seed=None))[
        "n_jobs"] == -1
    assert tsne_parameters(ProjectionSettings("tsne", 3))["negative_gradient_method"] == "bh"


def test_pca_and_umap_keys_do_not_change_with_the_perplexity():
    """Adding t-SNE's parameter must not invalidate the PCA and UMAP maps already cached."""
    for method in ("pca", "umap"):
        assert (projection_key("h", "token", ProjectionSettings(method, 2, perplexity=5.0))
                == projection_key("h", "token", ProjectionSettings(method, 2)))
