"""A stand-in for UMAP and t-SNE on the test's Dask worker thread: it reports a stage, then waits for the test."""

import dataclasses
import threading

import pytest

from dashboard.analysis import projection
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
