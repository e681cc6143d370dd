"""2D and 3D projections of a whole table: PCA, UMAP and t-SNE.

Every row is projected, never a sample; what is drawn is decided later
(:mod:`dashboard.analysis.token_map`). Both methods are deterministic for a
given table and :class:`ProjectionSettings`, except UMAP asked to run unseeded.

- **PCA**: scikit-learn's exact ``PCA(svd_solver="covariance_eigh")``, which
  eigendecomposes the ``(d_model, d_model)`` covariance instead of taking the
  SVD of the ``(n_rows, d_model)`` table: the exact components, 5-20x faster
  when ``n_rows >> d_model`` (0.3 s instead of 6 s for 30522 x 384). Its cost
  grows with ``n_rows * d_model**2``, so the largest tables (Gemma's,
  Llama 3's) get scikit-learn's seeded randomized solver (Halko, Martinsson &
  Tropp 2011) on the implicitly centred table, which never copies it: about
  half the exact solver's time with the same axes on the measured tables
  (:mod:`dashboard.analysis.pca_solvers`). Signs are fixed by scikit-learn's
  ``svd_flip``.
- **UMAP**: umap-learn (McInnes, Healy & Melville 2018) with
  ``metric="cosine"``, ``init="pca"`` and, by default, a seed. Seeded,
  umap-learn optimises on one thread and repeats its layout exactly;
  unseeded (``seed=None``), it uses every core (1.8x faster for
  all-MiniLM-L6-v2's 30,522 x 384 token table on 2 quiet cores, 6.9 s
  against 12.6 s, docs/benchmarks.md; other tables and loads differ), and
  each fit gives another layout (lmcinnes/umap#298; the caller's
  disk cache keeps the one computed). Cosine is undefined for an
  all-zero row, so those rows are not placed (their coordinates are NaN and
  the caller says so). Exact duplicate rows are fitted once and share their
  representative's point: otherwise a group larger than ``n_neighbors``
  becomes a disconnected component that UMAP places at an arbitrary spot,
  a cluster that means nothing. The PCA initialisation skips umap's spectral
  initialisation, which on 30k rows costs more than the optimisation itself;
  on the largest tables (Llama 3's, Qwen2's, Gemma's) it is this project's
  PCA, which makes no centred copy of them (:mod:`dashboard.analysis.umap_init`);
  every other table keeps umap-learn's own, and so its layout to the bit.
- **On a GPU** (``backend="cuml"``): PCA and UMAP run through RAPIDS cuML
  with the same settings (:mod:`dashboard.analysis.cuml_projection`); which
  backends are usable here is :mod:`dashboard.analysis.backends`' answer.
- **t-SNE**: openTSNE (Poličar, Stražar & Zupan 2024) with ``metric="cosine"``,
  PCA initialisation and a seed, on the same distinct non-zero rows as UMAP
  (:mod:`dashboard.analysis.tsne`). Seeded, the layout repeats exactly.

The result, :class:`Projection`, saves itself with ``np.savez`` and loads
with ``allow_pickle=False`` (see :mod:`dashboard.projection_cache`).
"""

from __future__ import annotations

import functools
import io
import json
import re
import threading
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path
from typing import Any, Callable, Mapping

import numpy as np

from dashboard.analysis.backends import BACKEND_METHODS, BACKENDS
from dashboard.analysis.umap_init import with_pca_initialisation
from dashboard.errors import InvalidTableError, QueryError
from dashboard.i18n import Text, msg, plural_key

#: Method name -> what the caption calls it.
METHODS = {"pca": "PCA", "umap": "UMAP", "tsne": "t-SNE"}
#: Methods that take long enough on a large table to run in the background (the page shows PCA meanwhile).
SLOW_METHODS = ("umap", "tsne")
DIMS = (2, 3)

#: Called with (fraction done in [0, 1], what is happening now: a :class:`~dashboard.i18n.Text`, English as a ``str``).
ProgressCallback = Callable[[float, str], None]


@dataclass(frozen=True)
class ProjectionSettings:
    """What to compute. Only the parameters of the chosen method matter.

    Attributes:
        method: ``pca``, ``umap`` or ``tsne``.
        dims: 2 or 3 output coordinates.
        seed: UMAP's and t-SNE's ``random_state``, in [0, 2**32 - 1] (PCA needs none: it is exact, or
            seeded with 0 for the largest tables, :mod:`~dashboard.analysis.pca_solvers`). ``None`` runs UMAP
            unseeded: on every core, faster, and another layout each fit.
        n_neighbors: UMAP's neighbourhood size, >= 2: larger keeps more global structure.
        min_dist: UMAP's minimum distance between points in the output, in [0, 1].
        perplexity: t-SNE's effective number of neighbours, in [2, 100].
        backend: ``cpu`` (scikit-learn, umap-learn, openTSNE) or ``cuml`` (RAPIDS cuML on a GPU; PCA and UMAP only).
            Part of the cache key only for ``cuml``, so every key computed before backends existed still holds.
    """

    method: str = "pca"
    dims: int = 2
    seed: int | None = 0
    n_neighbors: int = 15
    min_dist: float = 0.1
    perplexity: float = 30.0
    backend: str = "cpu"

    def __post_init__(self) -> None:
        if self.method not in METHODS:
            raise QueryError(msg("err.projection.unknown_method", method=repr(self.method),
                                 choices=", ".join(METHODS)))
        if self.dims not in DIMS:
            raise QueryError(msg("err.projection.dims", dims=self.dims))
        if self.n_neighbors < 2:
            raise QueryError(msg("err.projection.n_neighbors", n_neighbors=self.n_neighbors))
        if not 0.0 <= self.min_dist <= 1.0:
            raise QueryError(msg("err.projection.min_dist", min_dist=self.min_dist))
        if not 2.0 <= self.perplexity <= 100.0:
            raise QueryError(msg("err.projection.perplexity", perplexity=self.perplexity))
        if self.seed is not None and not 0 <= self.seed < 2**32:
            raise QueryError(msg("err.projection.seed", seed=self.seed))
        if self.backend not in BACKENDS:
            raise QueryError(msg("err.backends.unknown", backend=repr(self.backend), choices=", ".join(BACKENDS)))
        if self.method not in BACKEND_METHODS[self.backend]:
            raise QueryError(msg("err.backends.method", method=METHODS[self.method], backend=self.backend,
                                 choices=", ".join(METHODS[m] for m in BACKEND_METHODS[self.backend])))

    @property
    def seeded(self) -> bool:
        """Whether a UMAP with these settings repeats its layout exactly."""
        return self.seed is not None

    def parameters(self, shape: tuple[int, int] | None = None) -> dict[str, Any]:
        """The parameters that change the result, as passed to the library (cuML's for ``backend="cuml"``).

        Args:
            shape: the table's ``(n_rows, d_model)``: a CPU PCA gets the solver
                :func:`~dashboard.analysis.pca_solvers.pca_solver` picks for it. ``None`` gives the
                ``covariance_eigh`` parameters, which is what cache keys hold for every size: the key's table
                hash fixes the size, and so the solver, and maps cached under it by earlier solver rules
                (the exact solver up to d_model 2,560, a randomized one with 4 power iterations above) stay
                served.
        """
        if self.backend == "cuml":
            from dashboard.analysis.cuml_projection import cuml_parameters

            return cuml_parameters(self)
        if self.method == "pca":
            from dashboard.analysis.pca_solvers import EXACT_PCA, pca_solver

            return {"n_components": self.dims, **(EXACT_PCA if shape is None else pca_solver(*shape))}
        if self.method == "tsne":
            from dashboard.analysis.tsne import tsne_parameters

            return tsne_parameters(self)
        return {"n_components": self.dims, "metric": "cosine", "init": "pca", "random_state": self.seed,
                "n_neighbors": self.n_neighbors, "min_dist": self.min_dist}


def library_versions(method: str, backend: str = "cpu") -> dict[str, str]:
    """Versions of the libraries a method's result depends on, on ``backend`` (``cpu`` or ``cuml``).

    Raises:
        ImportError: ``backend="cuml"`` where cuML is not importable (its version is read from the module).
    """
    if backend == "cuml":
        from dashboard.analysis.cuml_projection import cuml_versions

        return cuml_versions()
    extra = {"umap": ["umap-learn", "pynndescent", "numba"], "tsne": ["openTSNE"]}.get(method, [])
    names = ["numpy", "scikit-learn"] + extra
    return {name: version(name) for name in names}


@dataclass(frozen=True, eq=False)
class Projection:
    """Coordinates of every row of a table in 2 or 3 dimensions.

    Attributes:
        coords: ``(n_rows, dims)`` float32; a row is NaN when the method
            could not place it (an all-zero row under cosine UMAP).
        method: ``pca``, ``umap`` or ``tsne``.
        parameters: the library parameters used (see :meth:`ProjectionSettings.parameters`).
        versions: library name -> version that computed it.
        notes: one sentence each about rows handled specially (:class:`~dashboard.i18n.Text` when computed
            or loaded from a file that kept their keys; English ``str`` from an older file).
        explained_variance: PCA only: ``(dims,)`` fraction of the table's
            variance along each component, each in [0, 1]; empty for UMAP.
        n_placed: rows with finite coordinates.
        backend: ``cpu`` or ``cuml``, where it was computed (``cpu`` for a file written before backends existed).
    """

    coords: np.ndarray
    method: str
    parameters: Mapping[str, Any]
    versions: Mapping[str, str]
    notes: tuple[str, ...] = ()
    explained_variance: np.ndarray = field(default_factory=lambda: np.zeros(0, np.float32))
    backend: str = "cpu"

    @property
    def dims(self) -> int:
        return int(self.coords.shape[1])

    @property
    def n_rows(self) -> int:
        return int(self.coords.shape[0])

    @property
    def n_placed(self) -> int:
        return int(np.isfinite(self.coords).all(axis=1).sum())

    def describe(self) -> Text:
        """One line for captions: method, parameters and library versions (English as a ``str``)."""
        params = ", ".join(f"{k}={v}" for k, v in self.parameters.items() if k != "n_components")
        libs = ", ".join(f"{k} {v}" for k, v in self.versions.items())
        return msg("projection.describe", method=METHODS[self.method], dims=self.dims, params=params, libs=libs)

    def save(self, path: Path) -> None:
        """Write to ``path`` (an ``.npz``) with plain arrays only, no pickles.

        ``notes`` holds the English sentences; ``note_messages`` their catalogue
        keys and parameters, so that a map read back is annotated in the reader's language.
        """
        meta = {"method": self.method, "backend": self.backend, "parameters": dict(self.parameters),
                "versions": dict(self.versions), "notes": list(self.notes),
                "note_messages": [_message_of(note) for note in self.notes]}
        with open(path, "wb") as handle:
            np.savez(handle, coords=self.coords, explained_variance=self.explained_variance,
                     meta=np.array(json.dumps(meta)))

    @classmethod
    def load(cls, path: Path) -> "Projection":
        """Read a file written by :meth:`save`.

        Raises:
            ValueError, OSError, KeyError: the file is not one :meth:`save` wrote.
        """
        with np.load(path, allow_pickle=False) as data:
            meta = json.loads(str(data["meta"]))
            notes = tuple(_note_from(note, message) for note, message
                          in zip(meta["notes"], meta.get("note_messages") or [None] * len(meta["notes"])))
            return cls(coords=data["coords"], explained_variance=data["explained_variance"], method=meta["method"],
                       parameters=meta["parameters"], versions=meta["versions"], notes=notes,
                       backend=meta.get("backend", "cpu"))


def _message_of(note: str) -> list | None:
    """``[key, params]`` of a note made with :func:`msg` (params are numbers), ``None`` for a plain ``str``."""
    return [note.key, note.params] if isinstance(note, Text) else None


def _note_from(note: str, message: list | None) -> str:
    """The note as saved: its :class:`Text` again when its key is still in the catalogue and renders the same."""
    if message is None:
        return note
    try:
        text = msg(message[0], **message[1])
    except (KeyError, IndexError, ValueError, TypeError):  # a key renamed or dropped since the file was written
        return note
    return text if text == note else note


@dataclass(frozen=True)
class DistinctRows:
    """Which rows of a table are exact copies of an earlier row, and which are all zero.

    Attributes:
        first: ``(n_rows,)`` int64, the 0-based index of the first row equal
            to each row (itself when it is the first or only one).
        zero: ``(n_rows,)`` bool, True where every entry is 0.
    """

    first: np.ndarray
    zero: np.ndarray

    @property
    def n_duplicates(self) -> int:
        """Non-zero rows that repeat an earlier row exactly (zero rows are counted apart)."""
        return int(((self.first != np.arange(len(self.first))) & ~self.zero).sum())


def spread_to_rows(fitted: np.ndarray, fit_rows: np.ndarray, distinct: DistinctRows) -> np.ndarray:
    """Coordinates for every row from a fit of the distinct non-zero rows only (UMAP, t-SNE).

    Args:
        fitted: ``(len(fit_rows), dims)`` float32, the fit's output, row ``i`` for table row ``fit_rows[i]``.
        fit_rows: 0-based table rows that were fitted (each distinct non-zero row once).
        distinct: :func:`find_distinct_rows` of the table.

    Returns:
        ``(n_rows, dims)`` float32: a copy shares its first row's point; an all-zero row is NaN (not placed).
    """
    position = np.full(len(distinct.first), -1)
    position[fit_rows] = np.arange(len(fit_rows))
    coords = np.full((len(distinct.first), fitted.shape[1]), np.nan, np.float32)
    placed = ~distinct.zero
    coords[placed] = fitted[position[distinct.first[placed]]]
    return coords


def find_distinct_rows(table: np.ndarray) -> DistinctRows:
    """Find exact duplicate rows and all-zero rows without hashing every row.

    Rows are first grouped by their first 4 entries (one ``np.unique`` on
    16-byte keys, ~10 ms for 30k rows); only rows that share those are
    compared in full. ``-0.0`` equals ``0.0``.

    Args:
        table: ``(n_rows, d_model)`` float32.

    Returns:
        The duplicate map and the zero mask.
    """
    n_rows, d_model = table.shape
    width = min(4, d_model)
    prefix = np.ascontiguousarray(table[:, :width] + np.float32(0))  # + 0 turns -0.0 into 0.0
    keys = prefix.view(np.dtype((np.void, prefix.dtype.itemsize * width))).ravel()
    _, group, counts = np.unique(keys, return_inverse=True, return_counts=True)
    first = np.arange(n_rows)
    for shared in np.flatnonzero(counts > 1):
        members = np.flatnonzero(group == shared)
        seen: dict[bytes, int] = {}
        for row in members:
            first[row] = seen.setdefault((table[row] + np.float32(0)).tobytes(), row)
    return DistinctRows(first=first, zero=~table.any(axis=1))


def _rows(count: int, key: str) -> Text:
    """The note ``key`` about ``count`` rows, worded for one row or several (:func:`plural_key`)."""
    return msg(plural_key(key, count), count=count)


def _check_shape(table: np.ndarray, dims: int) -> None:
    if table.ndim != 2:
        raise InvalidTableError(msg("err.projection.rank", shape=str(table.shape)))
    n_rows, d_model = table.shape
    if d_model < dims:
        raise QueryError(msg("err.projection.too_narrow", d_model=d_model, dims=dims))
    if n_rows < dims + 1:
        raise QueryError(msg("err.projection.too_few_rows", n_rows=n_rows, dims=dims, needed=dims + 1))


def project_pca(table: np.ndarray, settings: ProjectionSettings,
                progress: ProgressCallback | None = None) -> Projection:
    """PCA of every row, centred on the mean row (solver: :func:`~dashboard.analysis.pca_solvers.pca_solver`).

    Args:
        table: ``(n_rows, d_model)`` float32.
        settings: ``method="pca"`` settings; only ``dims`` is used.
        progress: unused (PCA reports no stages: under a second for the bundled tables, about 5-10 s
            for 128k-256k-row ones); accepted so that every entry of :data:`PROJECTORS` is called
            the same way.

    Returns:
        Coordinates ``(n_rows, dims)`` float32 along the top principal
        components, with the fraction of variance each explains.

    Raises:
        QueryError: fewer rows or columns than ``dims + 1`` / ``dims``.
    """
    from dashboard.analysis.pca_solvers import fit_pca

    return fit_pca_with(table, settings, lambda rows: fit_pca(rows, settings.dims))


#: Fits PCA to a ``(n_rows, d_model)`` float32 table: ``(n_rows, dims)`` coordinates and ``(dims,)`` explained
#: variance ratios.
PcaFit = Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]]


def fit_pca_with(table: np.ndarray, settings: ProjectionSettings, fit: PcaFit) -> Projection:
    """PCA of every row through ``fit`` (scikit-learn's or cuML's), with the same checks and notes on every backend.

    Args:
        table: ``(n_rows, d_model)`` float32.
        settings: ``method="pca"`` settings; ``dims`` and ``backend`` are used.
        fit: the library call; not called when every row is identical (all rows go to the origin).

    Returns:
        Coordinates ``(n_rows, dims)`` float32 and the fraction of variance each component explains.

    Raises:
        QueryError: fewer rows or columns than ``dims + 1`` / ``dims``.
    """
    _check_shape(table, settings.dims)
    distinct = find_distinct_rows(table)
    notes = []
    n_distinct = int((distinct.first == np.arange(len(table))).sum())
    if n_distinct == 1:
        notes.append(msg("projection.note.identical"))
        coords = np.zeros((len(table), settings.dims), np.float32)
        explained = np.zeros(settings.dims, np.float32)
    else:
        fitted, ratios = fit(table)
        coords = np.asarray(fitted, dtype=np.float32)
        explained = np.nan_to_num(np.asarray(ratios, dtype=np.float32))
    if distinct.n_duplicates:
        notes.append(_rows(distinct.n_duplicates, "projection.note.pca_duplicates"))
    if distinct.zero.any():
        notes.append(_rows(int(distinct.zero.sum()), "projection.note.pca_zero"))
    return Projection(coords=coords, method="pca", parameters=settings.parameters(table.shape),
                      versions=library_versions("pca", settings.backend), notes=tuple(notes),
                      explained_variance=explained, backend=settings.backend)


#: UMAP's stages, in order, as :func:`project_umap` reports them (the key suffix of its progress labels).
UMAP_STAGES = ("graph", "fuzzy", "embed")

_stage_listener = threading.local()


def _enter_stage(stage: str) -> None:
    """Tell the fit running on this thread (if one listens) that umap-learn entered ``stage``; never raises."""
    listener = getattr(_stage_listener, "call", None)
    if listener is not None:
        try:
            listener(stage)
        except Exception:  # noqa: BLE001 - a progress display must never break a fit
            pass


def _install_stage_hooks() -> None:
    """Wrap umap-learn's stage functions so that a fit says when each stage starts (once per process).

    umap-learn and pynndescent report nothing until the layout epochs; but
    ``UMAP.fit`` calls the module functions ``nearest_neighbors`` (the graph;
    for fewer than 4,096 rows ``fuzzy_simplicial_set`` calls it on the exact
    distances) and ``simplicial_set_embedding`` (initialisation and epochs)
    by their module names, so wrapping those names marks the boundaries:
    the fuzzy simplicial set starts when the neighbours are returned, the
    embedding when ``simplicial_set_embedding`` is called. The wrappers only
    notify a listener registered by :func:`project_umap` on the same thread,
    and for that fit alone compute the PCA initialisation with this project's
    PCA (:mod:`dashboard.analysis.umap_init`); other fits pass straight through.
    """
    import umap.umap_ as umap_

    if getattr(umap_, "_explorer_stage_hooks", False):
        return
    neighbours, embedding = umap_.nearest_neighbors, umap_.simplicial_set_embedding

    @functools.wraps(neighbours)
    def nearest_neighbors(*args, **kwargs):
        found = neighbours(*args, **kwargs)
        _enter_stage("fuzzy")
        return found

    @functools.wraps(embedding)
    def simplicial_set_embedding(*args, **kwargs):
        _enter_stage("embed")
        if getattr(_stage_listener, "call", None) is not None:  # a fit of project_umap's: our PCA starts it
            args, kwargs = with_pca_initialisation(embedding, args, kwargs)
        return embedding(*args, **kwargs)

    umap_.nearest_neighbors, umap_.simplicial_set_embedding = nearest_neighbors, simplicial_set_embedding
    umap_._explorer_stage_hooks = True


class _EpochSink(io.TextIOBase):
    """A file for umap's tqdm bar: turns ``{n}/{total}`` writes into progress calls.

    The progress callback must not raise: tqdm calls ``write`` while holding
    its process-wide write lock and releases it only on a normal return, so an
    exception here would leave every later progress bar in the process waiting.
    """

    _COUNT = re.compile(r"(\d+)/(\d+)")

    def __init__(self, progress: ProgressCallback) -> None:
        self._progress = progress

    def write(self, text: str) -> int:
        found = self._COUNT.findall(text)
        if found:
            done, total = map(int, found[-1])
            self._progress(done / max(total, 1), msg("projection.stage.epoch", done=done, total=total))
        return len(text)

    def flush(self) -> None:
        pass


def project_umap(table: np.ndarray, settings: ProjectionSettings,
                 progress: ProgressCallback | None = None) -> Projection:
    """Cosine UMAP of every distinct non-zero row, seeded unless ``settings.seed`` is ``None``.

    Seeded, umap-learn runs on one thread and the layout repeats exactly.
    Unseeded, it runs the neighbour search and the optimisation on every
    core (numba threads), and each call gives another layout.

    Args:
        table: ``(n_rows, d_model)`` float32.
        settings: ``method="umap"`` settings.
        progress: called with the fraction of epochs done and a label, whose key
            says the stage: ``projection.stage.graph`` (the nearest-neighbour
            graph, no count: umap-learn and pynndescent report none),
            ``projection.stage.fuzzy`` (the fuzzy simplicial set),
            ``projection.stage.embed`` (initialisation, then one
            ``projection.stage.epoch`` per epoch batch) and ``projection.stage.done``.
            Each stage's first call comes as it starts, so the time between
            two stage labels is that stage's duration.

    Returns:
        Coordinates ``(n_rows, dims)`` float32; NaN for all-zero rows;
        duplicate rows share their first copy's coordinates.

    Raises:
        QueryError: too few distinct non-zero rows for ``n_neighbors``.
    """
    import numba
    import umap

    report = progress or (lambda fraction, label: None)
    distinct, fit_rows = find_umap_rows(table, settings)
    report(0.0, msg("projection.stage.graph", n_neighbors=settings.n_neighbors, count=len(fit_rows)))
    _install_stage_hooks()
    count = len(fit_rows)
    stage_labels = {"fuzzy": msg("projection.stage.fuzzy", count=count),
                    "embed": msg("projection.stage.embed", count=count)}
    reducer = umap.UMAP(
        **settings.parameters(),
        n_jobs=1 if settings.seeded else -1,  # umap forces 1 when seeded; saying so avoids its warning
        tqdm_kwds={"disable": False, "file": _EpochSink(report), "bar_format": "{n}/{total}", "mininterval": 0.25},
    )
    threads = numba.get_num_threads()
    _stage_listener.call = lambda stage: report(0.0, stage_labels[stage])
    try:
        fitted = reducer.fit_transform(rows_to_fit(table, fit_rows)).astype(np.float32)
    finally:
        _stage_listener.call = None
        numba.set_num_threads(threads)  # a seeded fit sets numba to 1 thread for the calling thread; undo it
    report(1.0, msg("projection.stage.done"))
    return umap_projection(fitted, fit_rows, distinct, settings, msg("projection.note.unseeded"))


def find_fit_rows(table: np.ndarray, dims: int) -> tuple[DistinctRows, np.ndarray]:
    """The rows a cosine UMAP or t-SNE fits: each distinct non-zero row once, ascending 0-based ids.

    Raises:
        InvalidTableError: the table is not 2-D.
        QueryError: too few rows or columns for ``dims``.
    """
    _check_shape(table, dims)
    distinct = find_distinct_rows(table)
    return distinct, np.flatnonzero((distinct.first == np.arange(len(table))) & ~distinct.zero)


def rows_to_fit(table: np.ndarray, fit_rows: np.ndarray) -> np.ndarray:
    """``table[fit_rows]``, but ``table`` itself when ``fit_rows`` is every row in order.

    A fancy index always copies: 2.1 GB for a 128,256 x 4,096 float32 table, which took 30-50 s
    on the 2-core machine where the benchmarks run (writing fresh memory is slow there).

    Args:
        table: ``(n_rows, d_model)`` float32.
        fit_rows: ``(n_fit,)`` ascending 0-based row ids, from :func:`find_fit_rows`.

    Returns:
        ``(n_fit, d_model)`` float32: a view of ``table`` (no copy) or a copy of the chosen rows.
    """
    return table if len(fit_rows) == len(table) else table[fit_rows]


def find_umap_rows(table: np.ndarray, settings: ProjectionSettings) -> tuple[DistinctRows, np.ndarray]:
    """The rows a cosine UMAP fits: each distinct non-zero row once (every backend).

    Args:
        table: ``(n_rows, d_model)`` float32.
        settings: ``method="umap"`` settings.

    Returns:
        :func:`find_distinct_rows` of the table and the 0-based rows to fit, ascending.

    Raises:
        InvalidTableError: the table is not 2-D.
        QueryError: too few rows or columns for ``dims``, or too few distinct non-zero rows for ``n_neighbors``.
    """
    distinct, fit_rows = find_fit_rows(table, settings.dims)
    if len(fit_rows) <= max(settings.n_neighbors, settings.dims + 1):
        raise QueryError(msg("err.projection.umap_too_few_rows", n_neighbors=settings.n_neighbors,
                             count=len(fit_rows)))
    return distinct, fit_rows


def umap_projection(fitted: np.ndarray, fit_rows: np.ndarray, distinct: DistinctRows, settings: ProjectionSettings,
                    unseeded_note: Text) -> Projection:
    """The :class:`Projection` of a UMAP fit of ``fit_rows`` (:func:`find_umap_rows`), with its notes.

    Args:
        fitted: ``(len(fit_rows), dims)`` float32, the library's output.
        fit_rows: the rows fitted.
        distinct: :func:`find_distinct_rows` of the table.
        settings: the settings it was fitted with (their ``backend`` is recorded).
        unseeded_note: the note an unseeded fit carries (it names the library that ran it).
    """
    coords = spread_to_rows(np.asarray(fitted, dtype=np.float32), fit_rows, distinct)
    notes = [] if settings.seeded else [unseeded_note]
    if distinct.n_duplicates:
        notes.append(_rows(distinct.n_duplicates, "projection.note.umap_duplicates"))
    if distinct.zero.any():
        notes.append(_rows(int(distinct.zero.sum()), "projection.note.umap_zero"))
    return Projection(coords=coords, method="umap", parameters=settings.parameters(),
                      versions=library_versions("umap", settings.backend), notes=tuple(notes),
                      backend=settings.backend)


#: Method name -> function computing it.
def _project_tsne(table: np.ndarray, settings: ProjectionSettings,
                  progress: ProgressCallback | None = None) -> Projection:
    """:func:`dashboard.analysis.tsne.project_tsne`, imported when first called (openTSNE is heavy)."""
    from dashboard.analysis.tsne import project_tsne

    return project_tsne(table, settings, progress)


PROJECTORS: dict[str, Callable[..., Projection]] = {"pca": project_pca, "umap": project_umap, "tsne": _project_tsne}


def project_table(table: np.ndarray, settings: ProjectionSettings,
                  progress: ProgressCallback | None = None) -> Projection:
    """Project every row of ``table`` with the method and backend ``settings`` name.

    Raises:
        QueryError: the table is too small for the settings.
        BackendUnavailableError: ``backend="cuml"`` where cuML or a CUDA device is not usable.
    """
    if settings.backend == "cuml":
        from dashboard.analysis.cuml_projection import CUML_PROJECTORS

        return CUML_PROJECTORS[settings.method](table, settings, progress)
    return PROJECTORS[settings.method](table, settings, progress)


def warm_umap() -> None:
    """Compile umap-learn's numba code once, on throwaway data.

    The first UMAP fit in a process spends about 30 s compiling. 4,500 rows
    is above umap's 4,096-row threshold for exact neighbours, so the
    approximate-neighbour (pynndescent) code is compiled too; 300 rows take
    the exact branch, whose first fit otherwise spends a minute compiling
    its distance (measured on a loaded 2-core machine). The seeded
    (one-thread) and unseeded (parallel) optimisers are separate numba
    functions; both are compiled (the second adds about 2 s).
    """
    import numba
    import umap

    rows = np.random.default_rng(0).standard_normal((4500, 8)).astype(np.float32)
    threads = numba.get_num_threads()
    try:
        umap.UMAP(metric="cosine", init="pca", random_state=0, n_jobs=1, n_epochs=2).fit_transform(rows)
        umap.UMAP(metric="cosine", init="pca", random_state=0, n_jobs=1, n_epochs=2).fit_transform(rows[:300])
    finally:
        numba.set_num_threads(threads)
    umap.UMAP(metric="cosine", init="pca", n_epochs=2).fit_transform(rows)
