"""t-SNE of a whole table with openTSNE, seeded, with progress per iteration.

References: van der Maaten & Hinton (2008), "Visualizing data using t-SNE"; Poličar, Stražar & Zupan (2024),
"openTSNE" (JSS 109). FFT gradients have no 3D form, so 3D uses Barnes-Hut. Rows are handled as for UMAP. Seeded,
openTSNE repeats its layout only for the same number of threads, so a seeded fit runs on :data:`~dashboard.maps.settings.SEEDED_THREADS`.
"""

from __future__ import annotations

import contextlib

import numpy as np

from dashboard.errors import QueryError
from dashboard.i18n import msg
from dashboard.maps.result import Projection, find_fit_rows, rows_note, rows_to_fit, spread_to_rows
from dashboard.maps.settings import (
    EARLY_EXAGGERATION_ITER,
    N_ITER,
    FitCancelledError,
    ProgressCallback,
    ProjectionSettings,
    library_versions,
    tsne_parameters,
)


#: Iterations between two progress reports.
REPORT_EVERY = 10


class _IterationReporter:
    """openTSNE callback turning iteration counts of both phases into progress calls.

    Never raises: a :class:`FitCancelledError` from ``progress`` sets :attr:`stopped` and returns true, which ends the
    optimisation (openTSNE returns the half-optimised embedding as if done).
    """

    def __init__(self, progress: ProgressCallback) -> None:
        self._progress = progress
        self._done = 0
        self.stopped = False

    def __call__(self, iteration: int, error: float, embedding: np.ndarray) -> bool:
        self._done += REPORT_EVERY
        total = EARLY_EXAGGERATION_ITER + N_ITER
        try:
            if self._done <= EARLY_EXAGGERATION_ITER:
                label = msg("tsne.stage.early", done=self._done, total=EARLY_EXAGGERATION_ITER)
            else:
                label = msg("tsne.stage.iteration", done=self._done - EARLY_EXAGGERATION_ITER, total=N_ITER)
            self._progress(min(self._done / total, 1.0), label)
        except FitCancelledError:
            self.stopped = True
        except Exception:  # a progress display must never stop the computation
            pass
        return self.stopped


def project_tsne(table: np.ndarray, settings: ProjectionSettings,
                 progress: ProgressCallback | None = None) -> Projection:
    """Cosine t-SNE of every distinct non-zero row, seeded unless ``settings.seed`` is ``None``.

    ``table`` is ``(n_rows, d_model)`` float32; returns ``(n_rows, dims)`` float32 coordinates, NaN for all-zero rows,
    duplicates sharing their first copy's. ``progress`` hears the fraction of iterations done (the affinity stage once,
    at 0); :class:`FitCancelledError` raised there stops the fit within :data:`REPORT_EVERY` iterations.

    Raises:
        QueryError: fewer distinct non-zero rows than ``3 * perplexity + 1`` (the perplexity needs that many).
        FitCancelledError: ``progress`` raised it; no half-optimised map is returned.
    """
    from openTSNE import TSNE

    report = progress or (lambda fraction, label: None)
    distinct, fit_rows = find_fit_rows(table, settings.dims)
    needed = int(3 * settings.perplexity) + 1
    if len(fit_rows) < needed:
        raise QueryError(msg("err.tsne.too_few_rows", perplexity=settings.perplexity, needed=needed,
                             count=len(fit_rows)))
    report(0.0, msg("tsne.stage.affinities", perplexity=settings.perplexity, count=len(fit_rows)))
    parameters = tsne_parameters(settings)
    data = np.ascontiguousarray(rows_to_fit(table, fit_rows), dtype=np.float32)
    reporter = _IterationReporter(report)
    fitted = TSNE(**parameters, callbacks=reporter, callbacks_every_iters=REPORT_EVERY).fit(data)
    if reporter.stopped:
        raise FitCancelledError("the t-SNE was stopped: nobody waits for it any more")
    fitted = np.asarray(fitted, dtype=np.float32)
    coords = spread_to_rows(fitted, fit_rows, distinct)
    notes = [] if settings.seeded else [msg("tsne.note.unseeded")]
    if distinct.n_duplicates:
        notes.append(rows_note(distinct.n_duplicates, "tsne.note.duplicates"))
    if distinct.zero.any():
        notes.append(rows_note(int(distinct.zero.sum()), "projection.note.umap_zero"))
    with contextlib.suppress(FitCancelledError):  # finished: the map is kept (cached) even if nobody waits now
        report(1.0, msg("projection.stage.done"))
    return Projection(coords=coords, method="tsne", parameters=parameters, versions=library_versions("tsne"),
                      notes=tuple(notes))
