"""The PCA solver choice and the randomized solver on an implicitly centred table: parity with scikit-learn."""

import tracemalloc

import numpy as np
import pytest

from dashboard.maps import pca as pca_solvers
from dashboard.maps.pca import EXACT_PCA, FULL_PCA, RANDOMIZED_PCA, fit_pca, pca_solver
from dashboard.maps.projection import ProjectionSettings, project_pca


def strong_directions(n_rows: int, d_model: int, offset: float = 0.0) -> np.ndarray:
    """Three strong directions (variances 9, 4, 1) over small noise, every row shifted by ``offset``."""
    generator = np.random.default_rng(0)
    table = (generator.standard_normal((n_rows, 3)) * [3.0, 2.0, 1.0]) @ generator.standard_normal((3, d_model)) / 50
    return (table + generator.standard_normal((n_rows, d_model)) * 0.01 + offset).astype(np.float32)


@pytest.fixture
def randomized_from_small_tables(monkeypatch):
    """Tables above 100 x 100 x 100 multiply-adds get the randomized solver, so that small tests exercise it."""
    monkeypatch.setattr(pca_solvers, "EXACT_PCA_MAX_WORK", 10**6)
    monkeypatch.setattr(pca_solvers, "FULL_PCA_MAX_WORK", 10**6)


@pytest.mark.parametrize("shape, solver", [
    ((30_522, 384), "covariance_eigh"),      # all-MiniLM-L6-v2
    ((49_152, 576), "covariance_eigh"),      # SmolLM2-135M
    ((50_257, 768), "covariance_eigh"),      # GPT-2
    ((256_000, 2_304), "randomized"),        # Gemma
    ((128_256, 4_096), "randomized"),        # Llama 3
    ((151_936, 3_584), "randomized"),        # Qwen2
    ((2_050, 4_096), "full"),                # OPT-6.7B's position table: covariance_eigh took 48-55 s, full 3.1 s
    ((40, 4_096), "full"),                   # fewer rows than columns: the covariance's eigh would cost d_model**3
    ((60, 60_000), "full"),                  # ... and a 13 GB covariance
    ((1_000, 2_000), "full"),
    ((20_000, 3_000), "randomized"),         # wider than covariance_eigh is allowed, too long for full
])
def test_the_exact_solver_up_to_the_work_limit_the_randomized_one_above(shape, solver):
    assert pca_solver(*shape)["svd_solver"] == solver


def test_randomized_matches_scikit_learns_randomized_pca_on_the_centred_copy(randomized_from_small_tables):
    from sklearn.decomposition import PCA

    table = strong_directions(600, 200, offset=0.5)  # an offset, so centring matters
    ours, ratios = fit_pca(table, 3)
    reference = PCA(n_components=3, **RANDOMIZED_PCA)
    expected = reference.fit_transform(table)
    np.testing.assert_allclose(ours, expected, atol=2e-4 * np.abs(expected).max())  # same seed, same signs
    np.testing.assert_allclose(ratios, reference.explained_variance_ratio_, rtol=1e-4)


def test_randomized_keeps_the_exact_axes_and_their_variance(randomized_from_small_tables):
    from sklearn.decomposition import PCA

    table = strong_directions(600, 200)
    projection = project_pca(table, ProjectionSettings("pca", 2))
    assert projection.parameters == {"n_components": 2, **RANDOMIZED_PCA}
    assert "randomized" in projection.describe() and "covariance_eigh" not in projection.describe()
    exact = PCA(2, svd_solver="covariance_eigh").fit(table)
    coords = exact.transform(table)
    for axis in range(2):
        cosine = projection.coords[:, axis] @ coords[:, axis] / np.linalg.norm(projection.coords[:, axis]) \
            / np.linalg.norm(coords[:, axis])
        assert cosine > 0.9999, (axis, cosine)  # same axes, same signs (svd_flip)
    np.testing.assert_allclose(projection.explained_variance, exact.explained_variance_ratio_, rtol=1e-4)
    again = project_pca(table, ProjectionSettings("pca", 2))
    np.testing.assert_array_equal(projection.coords, again.coords)  # seeded: the same map on every run
    # the cache key holds the exact solver's parameters at every size (see ProjectionSettings.parameters)
    assert ProjectionSettings("pca", 2).parameters() == {"n_components": 2, **EXACT_PCA}


def test_randomized_never_copies_the_table(randomized_from_small_tables):
    """scikit-learn's dense randomized PCA writes a centred copy: 2.4 GB for Gemma's table."""
    from sklearn.decomposition import PCA

    table = strong_directions(20_000, 2_000)  # wide and long, as the tables it is for: its blocks are small beside it
    tracemalloc.start()
    try:
        fit_pca(table, 2)
        ours = tracemalloc.get_traced_memory()[1]
        tracemalloc.reset_peak()
        PCA(n_components=2, **RANDOMIZED_PCA).fit_transform(table)
        plain = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert plain > table.nbytes  # the measure sees the copy where there is one
    assert ours < 0.5 * table.nbytes, (ours, table.nbytes)


def test_the_exact_solver_reads_a_loaded_table_in_place():
    """scikit-learn copies read-only input whole; the tables' arrays are read-only views of writeable owners."""
    from sklearn.decomposition import PCA

    from dashboard.tables import EmbeddingTables, Tying, Vocabulary

    token = strong_directions(20_000, 100, offset=0.3)
    table = EmbeddingTables(token=token.copy(), vocabulary=Vocabulary.placeholder(len(token)),
                            tying=Tying("no-head", "test"), source="test", format="npy", architecture="unknown",
                            source_dtype="float32").token
    assert not table.flags.writeable and pca_solver(*table.shape) == EXACT_PCA
    tracemalloc.start()
    try:
        coords, ratios = fit_pca(table, 2)
        ours = tracemalloc.get_traced_memory()[1]
        tracemalloc.reset_peak()
        reference = PCA(n_components=2, **EXACT_PCA)
        expected = reference.fit_transform(table)
        plain = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert plain > table.nbytes  # the measure sees scikit-learn's copy of a read-only table
    assert ours < 0.5 * table.nbytes, (ours, table.nbytes)
    np.testing.assert_array_equal(table, token)
    np.testing.assert_allclose(coords, expected, atol=1e-5 * np.abs(expected).max())
    np.testing.assert_allclose(ratios, reference.explained_variance_ratio_, rtol=1e-6)
    assert not table.flags.writeable


def test_a_short_table_gets_the_exact_svd():
    from sklearn.decomposition import PCA

    table = strong_directions(40, 4_096, offset=0.3)
    coords, ratios = fit_pca(table, 3)
    reference = PCA(3, svd_solver="full")
    np.testing.assert_allclose(coords, reference.fit_transform(table), atol=1e-4 * np.abs(coords).max())
    np.testing.assert_allclose(ratios, reference.explained_variance_ratio_, rtol=1e-4)
    assert project_pca(table, ProjectionSettings("pca", 2)).parameters == {"n_components": 2, **FULL_PCA}


def test_randomized_survives_a_row_of_huge_values(randomized_from_small_tables):
    """Unnormalised power iterations (scikit-learn's own choice for 2) overflow float32 on this table unless the
    table is scaled first, as ours is."""
    from sklearn.decomposition import PCA

    table = np.random.default_rng(0).standard_normal((3_000, 300)).astype(np.float32)
    table[5] = 3e6
    with pytest.raises(ValueError, match="infs or NaNs"), np.errstate(over="ignore", invalid="ignore"):
        PCA(n_components=2, **RANDOMIZED_PCA).fit_transform(table)  # the measure sees the overflow
    coords, ratios = fit_pca(table, 2)
    assert np.isfinite(coords).all() and np.isfinite(ratios).all()
    assert ratios[0] == pytest.approx(1.0, abs=1e-3)  # the one huge row is nearly all the variance
    assert np.argmax(np.abs(coords[:, 0])) == 5


def test_a_table_of_identical_rows_but_one_has_all_its_variance_on_the_first_axis(randomized_from_small_tables):
    table = np.ones((300, 150), np.float32)
    table[7] += 1.0
    projection = project_pca(table, ProjectionSettings("pca", 2))
    assert projection.explained_variance[0] == pytest.approx(1.0, abs=1e-4)
    assert np.isfinite(projection.coords).all()


def test_randomized_survives_a_row_past_what_float32_squares_can_sum(randomized_from_small_tables):
    """Entries of 5e17 overflow a float32 sum of 2,304 squares: the total variance is summed in float64 there."""
    table = np.random.default_rng(0).standard_normal((3_000, 2_304)).astype(np.float32)
    table[5] = 5e17
    coords, ratios = fit_pca(table, 2)
    assert np.isfinite(coords).all() and np.isfinite(ratios).all()
    assert ratios[0] == pytest.approx(1.0, abs=1e-6)
    assert np.argmax(np.abs(coords[:, 0])) == 5
