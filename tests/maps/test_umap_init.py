"""UMAP's PCA start: ours on the largest tables, given as umap-learn's ``init=``; umap-learn's own (its layout to
the bit) elsewhere."""

import numpy as np
import pytest

from dashboard.maps import pca as pca_solvers
from dashboard.maps.projection import ProjectionSettings
from dashboard.maps.umap_fit import project_umap
from dashboard.maps.umap_fit import pca_initialisation, replaces_umap_pca
from tests.map_fixtures import random_table

SEEDED = ProjectionSettings("umap", 2, seed=3, n_neighbors=5)


@pytest.fixture
def large(monkeypatch):
    """600 x 1,200 stands for a large table: randomized for scikit-learn's rule and, made so here, for ours."""
    monkeypatch.setattr(pca_solvers, "pca_solver", lambda *shape: dict(pca_solvers.RANDOMIZED_PCA))
    return random_table(600, 1_200)


@pytest.mark.slow  # a real fit (umap-learn or openTSNE)
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


@pytest.mark.slow  # a real fit (umap-learn or openTSNE)
def test_our_fits_of_the_largest_tables_never_run_scikit_learns_pca_inside_umap_learn(monkeypatch, large):
    import umap.umap_

    class Refused:
        def __init__(self, *args, **kwargs):
            raise AssertionError("umap-learn's own PCA ran")

    monkeypatch.setattr(umap.umap_, "PCA", Refused)
    projection = project_umap(large, SEEDED)
    assert np.isfinite(projection.coords).all() and projection.parameters["init"] == "pca"
    with pytest.raises(AssertionError, match="own PCA ran"):  # a fit that is not ours is left as umap-learn has it
        umap.UMAP(**SEEDED.parameters(), n_jobs=1, n_epochs=5).fit_transform(large)


@pytest.mark.slow  # a real fit (umap-learn or openTSNE)
def test_the_largest_tables_start_from_our_pca_given_as_init_and_repeat_with_the_seed(monkeypatch, large):
    import umap

    given = []

    class Recording(umap.UMAP):
        def __init__(self, **kwargs):
            given.append(kwargs["init"])
            super().__init__(**kwargs)

    monkeypatch.setattr(umap, "UMAP", Recording)
    stages = []
    first = project_umap(large, SEEDED, progress=lambda fraction, stage: stages.append(stage.key))
    again = project_umap(large, SEEDED)
    assert stages[:2] == ["projection.stage.pca_start", "projection.stage.graph"]  # ours first, then umap-learn's
    np.testing.assert_array_equal(given[0], pca_initialisation(large, 2, np.random.RandomState(SEEDED.seed)))
    np.testing.assert_array_equal(first.coords, again.coords)
    project_umap(random_table(400, 16), SEEDED)
    assert isinstance(given[-1], str) and given[-1] == "pca"  # a table umap-learn's own PCA keeps


def test_the_initialisation_is_umap_learns_scaling_of_our_pca():
    from umap.umap_ import noisy_scale_coords

    table = random_table(500, 12)
    init = pca_initialisation(table, 3, np.random.RandomState(7))
    expected = noisy_scale_coords(pca_solvers.fit_pca(table, 3)[0], np.random.RandomState(7), max_coord=10,
                                  noise=0.0001)
    np.testing.assert_array_equal(init, expected)
    assert init.dtype == np.float32 and init.shape == (500, 3)
    assert abs(np.abs(init).max() - 10) < 0.001
