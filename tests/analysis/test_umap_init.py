"""UMAP's PCA initialisation: ours on the largest tables, umap-learn's own (its layout to the bit) elsewhere."""

import inspect

import numpy as np
import pytest
import scipy.sparse

from dashboard.analysis import pca_solvers
from dashboard.analysis.projection import ProjectionSettings, project_umap
from dashboard.analysis.umap_init import pca_initialisation, replaces_umap_pca, with_pca_initialisation
from tests.map_fixtures import random_table

SEEDED = ProjectionSettings("umap", 2, seed=3, n_neighbors=5)


def _embedding(data, graph, n_components, initial_alpha, a, b, gamma, negative_sample_rate, n_epochs, init,
               random_state, metric=None, **kwargs):
    """umap-learn's ``simplicial_set_embedding`` signature, up to the arguments read here."""


def _init_of(args: tuple, kwargs: dict):
    return inspect.signature(_embedding).bind(*args, **kwargs).arguments["init"]


@pytest.mark.parametrize("shape", [(400, 16), (512, 384)])
def test_a_seeded_map_of_all_but_the_largest_tables_is_plain_umap_learns_to_the_bit(shape):
    """400 x 16: both PCAs exact; 512 x 384 (MiniLM's position table): scikit-learn randomized, ours exact."""
    import umap

    table = random_table(*shape)
    ours = project_umap(table, SEEDED)
    plain = umap.UMAP(**SEEDED.parameters(), n_jobs=1).fit_transform(table)
    np.testing.assert_array_equal(ours.coords, plain)


@pytest.mark.parametrize(("shape", "replaced"), [
    ((128_256, 4_096), True), ((151_936, 3_584), True), ((256_000, 2_304), True),  # Llama 3, Qwen2, Gemma
    ((30_522, 384), False), ((49_152, 576), False), ((50_257, 768), False),  # MiniLM, SmolLM2, GPT-2
    ((512, 384), False), ((2_050, 4_096), False), ((300_000, 1_000), False),  # exact PCA on one side or both
])
def test_only_the_largest_tables_start_from_our_pca(shape, replaced):
    assert replaces_umap_pca(*shape, 2) is replaced


def test_our_fits_of_the_largest_tables_never_run_scikit_learns_pca_inside_umap_learn(monkeypatch):
    import umap.umap_

    class Refused:
        def __init__(self, *args, **kwargs):
            raise AssertionError("umap-learn's own PCA ran")

    monkeypatch.setattr(umap.umap_, "PCA", Refused)
    # 600 x 1,200 stands for a large table: randomized for scikit-learn's rule and, made so here, for ours.
    monkeypatch.setattr(pca_solvers, "pca_solver", lambda *shape: dict(pca_solvers.RANDOMIZED_PCA))
    table = random_table(600, 1_200)
    projection = project_umap(table, SEEDED)
    assert np.isfinite(projection.coords).all()
    with pytest.raises(AssertionError, match="own PCA ran"):  # a fit that is not ours is left as umap-learn has it
        umap.UMAP(**SEEDED.parameters(), n_jobs=1, n_epochs=5).fit_transform(table)


def test_the_initialisation_is_umap_learns_scaling_of_our_pca():
    from umap.umap_ import noisy_scale_coords

    table = random_table(500, 12)
    init = pca_initialisation(table, 3, np.random.RandomState(7))
    expected = noisy_scale_coords(pca_solvers.fit_pca(table, 3)[0], np.random.RandomState(7), max_coord=10,
                                  noise=0.0001)
    np.testing.assert_array_equal(init, expected)
    assert init.dtype == np.float32 and init.shape == (500, 3)
    assert abs(np.abs(init).max() - 10) < 0.001


@pytest.mark.parametrize("init", ["spectral", "random", np.zeros((50, 2), np.float32)])
def test_other_initialisations_pass_through(init):
    args = (random_table(50, 4), None, 2, 1.0, 1.0, 1.0, 1.0, 5, 10, init, np.random.RandomState(0))
    assert _init_of(*with_pca_initialisation(_embedding, args, {})) is init


def test_a_sparse_table_keeps_umap_learns_own_svd():
    sparse = scipy.sparse.csr_matrix(random_table(50, 4))
    kwargs = {
        "data": sparse, "graph": None, "n_components": 2, "initial_alpha": 1.0, "a": 1.0, "b": 1.0, "gamma": 1.0,
        "negative_sample_rate": 5, "n_epochs": 10, "init": "pca", "random_state": np.random.RandomState(0)}
    assert _init_of(*with_pca_initialisation(_embedding, (), kwargs)) == "pca"


def test_a_dense_pca_init_given_by_keyword_becomes_the_array(monkeypatch):
    monkeypatch.setattr(pca_solvers, "pca_solver", lambda *shape: dict(pca_solvers.RANDOMIZED_PCA))
    table = random_table(600, 1_200)
    changed = with_pca_initialisation(_embedding, (table, None, 2, 1.0, 1.0, 1.0, 1.0, 5, 10), {
        "init": "pca", "random_state": np.random.RandomState(0)})
    np.testing.assert_array_equal(_init_of(*changed), pca_initialisation(table, 2, np.random.RandomState(0)))


def test_a_table_umap_learns_pca_keeps_passes_through():
    args = (random_table(400, 16), None, 2, 1.0, 1.0, 1.0, 1.0, 5, 10, "pca", np.random.RandomState(0))
    assert _init_of(*with_pca_initialisation(_embedding, args, {})) == "pca"
