"""Stand-ins for UMAP and t-SNE on the test's Dask worker thread, so that no page test waits for a real fit.

:func:`gated` replaces the project's projector, reports a stage and waits for the
test (queues, refusals, stages). :func:`instant_fits` replaces only the library's
estimator (umap-learn's ``UMAP``, openTSNE's ``TSNE``), so the project's code
around it runs as it is: the rows fitted, the refusals, the parameters, versions
and notes a page describes the map with.
"""

import dataclasses
import threading
import time

import numpy as np
import pytest

from dashboard.maps import projection
from dashboard.i18n import msg


class GatedProjection:
    """Replaces ``PROJECTORS["umap"]`` and ``["tsne"]``: reports the neighbour-graph stage, waits for :attr:`opened`,
    then answers a PCA under the asked method's name (or raises :attr:`error` if set).

    Attributes:
        calls: the methods it was called for, in order.
        opened: set it to let every waiting and later fit finish.
        error: raised instead of a map when set (an unexpected failure).
    """

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.opened = threading.Event()
        self.error: Exception | None = None

    def __call__(self, table, settings, progress=None):
        self.calls.append(settings.method)
        if progress is not None:
            progress(0.25, msg("projection.stage.graph", n_neighbors=settings.n_neighbors, count=len(table)))
        if not self.opened.wait(60):
            raise RuntimeError("test: the gate was never opened")
        if self.error is not None:
            raise self.error
        pca = projection.project_pca(table, projection.ProjectionSettings("pca", settings.dims))
        return dataclasses.replace(pca, method=settings.method, explained_variance=pca.explained_variance[:0])


@pytest.fixture
def gated(monkeypatch):
    """The :class:`GatedProjection` every UMAP and t-SNE of the test goes through; opened when the test ends."""
    gate = GatedProjection()
    monkeypatch.setitem(projection.PROJECTORS, "umap", gate)
    monkeypatch.setitem(projection.PROJECTORS, "tsne", gate)
    yield gate
    gate.opened.set()


class PrincipalAxes:
    """Stands in for ``umap.UMAP`` and ``openTSNE.TSNE``: the rows' top principal axes, once :attr:`opened` is set.

    Attributes:
        opened: set when the fixture starts; clear it to hold fits (a page shows its PCA and progress meanwhile),
            set it again to let them finish.
        fitted: how many fits ended.
    """

    def __init__(self) -> None:
        self.opened = threading.Event()
        self.opened.set()
        self.fitted = 0

    def __call__(self, n_components: int = 2, **parameters) -> "PrincipalAxes._Estimator":
        return self._Estimator(self, n_components)

    class _Estimator:
        def __init__(self, fake: "PrincipalAxes", n_components: int) -> None:
            self._fake, self._dims = fake, n_components

        def fit_transform(self, rows: np.ndarray) -> np.ndarray:
            """``(n_rows, n_components)`` float32: ``rows`` centred, on their top right-singular vectors."""
            if not self._fake.opened.wait(60):
                raise RuntimeError("test: the fit was held and never let go")
            centred = rows - rows.mean(axis=0)
            axes = np.linalg.svd(centred, full_matrices=False)[2][:self._dims]
            self._fake.fitted += 1
            return (centred @ axes.T).astype(np.float32)

        fit = fit_transform  # openTSNE's TSNE.fit returns the embedding


@pytest.fixture
def instant_fits(monkeypatch):
    """The :class:`PrincipalAxes` that umap-learn's ``UMAP`` and openTSNE's ``TSNE`` are for one test."""
    import openTSNE
    import umap

    fake = PrincipalAxes()
    monkeypatch.setattr(umap, "UMAP", fake)
    monkeypatch.setattr(openTSNE, "TSNE", fake)
    yield fake
    fake.opened.set()


def scheduler_keys() -> list[str]:
    """The keys of the tasks the cluster's scheduler holds now."""
    from dashboard.maps.view_requests import cluster_client

    return cluster_client().run_on_scheduler(lambda dask_scheduler: list(dask_scheduler.tasks))


def scheduled(key: str, seconds: float = 30) -> bool:
    """Whether ``key`` reaches the scheduler within ``seconds``: a submission travels in the client's batched
    messages, which a later ``run_on_scheduler`` call (its own connection) can overtake."""
    deadline = time.monotonic() + seconds
    while key not in scheduler_keys():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True
