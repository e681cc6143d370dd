"""What every projection backend shares: the rows a fit takes, and the :class:`Projection` it returns.

A cosine UMAP or t-SNE fits each distinct non-zero row once: an all-zero row has no cosine and is not placed (NaN),
and exact copies share their first row's point (many copies would otherwise form a meaningless cluster).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping

import numpy as np

from dashboard.errors import InvalidTableError, QueryError
from dashboard.i18n import Text, msg, plural_key
from dashboard.maps.settings import DIMS, METHODS, ProjectionSettings, library_versions


@dataclass(frozen=True, eq=False)
class Projection:
    """Coordinates of every row of a table in 2 or 3 dimensions.

    Attributes:
        coords: ``(n_rows, dims)`` float32; NaN for a row the method could not place (all-zero, under cosine UMAP).
        method, backend: ``pca``, ``umap`` or ``tsne``; ``cpu`` or ``cuml`` (``cpu`` for a file that names none).
        parameters, versions: the library parameters used (:meth:`ProjectionSettings.parameters`); library -> version.
        notes: a sentence each about rows handled specially (a catalogue message, or a ``str`` whose key is gone).
        explained_variance: PCA only: ``(dims,)`` fraction of the table's variance along each component, in [0, 1].
        n_placed: rows with finite coordinates.
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
        """Write to ``path`` (an ``.npz`` of plain arrays, no pickles); notes keep their catalogue keys."""
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

    ``first``: ``(n_rows,)`` int64, each row's first equal row (0-based, itself if first); ``zero``: ``(n_rows,)`` bool.
    """

    first: np.ndarray
    zero: np.ndarray

    @property
    def n_duplicates(self) -> int:
        """Non-zero rows that repeat an earlier row exactly (zero rows are counted apart)."""
        return int(((self.first != np.arange(len(self.first))) & ~self.zero).sum())


def spread_to_rows(fitted: np.ndarray, fit_rows: np.ndarray, distinct: DistinctRows) -> np.ndarray:
    """Coordinates for every row from a fit of the distinct non-zero rows only (UMAP, t-SNE).

    ``fitted`` is ``(len(fit_rows), dims)`` float32, row ``i`` for 0-based table row ``fit_rows[i]``; the result is
    ``(n_rows, dims)`` float32: a copy shares its first row's point (``distinct``), an all-zero row is NaN.
    """
    position = np.full(len(distinct.first), -1)
    position[fit_rows] = np.arange(len(fit_rows))
    coords = np.full((len(distinct.first), fitted.shape[1]), np.nan, np.float32)
    placed = ~distinct.zero
    coords[placed] = fitted[position[distinct.first[placed]]]
    return coords


def find_distinct_rows(table: np.ndarray) -> DistinctRows:
    """Exact duplicate rows and all-zero rows of ``(n_rows, d_model)`` float32 ``table`` (``-0.0`` equals ``0.0``).

    Rows are grouped by their first 4 entries; only rows sharing those are compared in full.
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


def rows_note(count: int, key: str) -> Text:
    """The note ``key`` about ``count`` rows, worded for one row or several (:func:`plural_key`)."""
    return msg(plural_key(key, count), count=count)


def check_shape(table: np.ndarray, dims: int) -> None:
    """Refuse a table no ``dims``-dimensional projection can be made of.

    Raises:
        InvalidTableError: ``table`` is not 2-D.
        QueryError: narrower than ``dims`` columns, or fewer than ``dims + 1`` rows.
    """
    if table.ndim != 2:
        raise InvalidTableError(msg("err.projection.rank", shape=str(table.shape)))
    n_rows, d_model = table.shape
    if d_model < dims:
        key = "err.projection.too_narrow" if d_model >= min(DIMS) else "err.projection.one_column"
        raise QueryError(msg(key, d_model=d_model, dims=dims))
    if n_rows < dims + 1:
        raise QueryError(msg("err.projection.too_few_rows", n_rows=n_rows, dims=dims, needed=dims + 1))


def find_fit_rows(table: np.ndarray, dims: int) -> tuple[DistinctRows, np.ndarray]:
    """The rows a cosine UMAP or t-SNE fits: each distinct non-zero row once, ascending 0-based ids.

    Raises:
        InvalidTableError: the table is not 2-D.
        QueryError: too few rows or columns for ``dims``.
    """
    check_shape(table, dims)
    distinct = find_distinct_rows(table)
    return distinct, np.flatnonzero((distinct.first == np.arange(len(table))) & ~distinct.zero)


def rows_to_fit(table: np.ndarray, fit_rows: np.ndarray) -> np.ndarray:
    """``table[fit_rows]`` (``(n_fit, d_model)`` float32), or ``table`` itself, no copy, when it is every row."""
    return table if len(fit_rows) == len(table) else table[fit_rows]


def find_umap_rows(table: np.ndarray, settings: ProjectionSettings) -> tuple[DistinctRows, np.ndarray]:
    """The rows a cosine UMAP fits on every backend: each distinct non-zero row once.

    Returns :func:`find_distinct_rows` of ``table`` (``(n_rows, d_model)`` float32) and those rows' ascending 0-based
    ids.

    Raises:
        InvalidTableError: the table is not 2-D.
        QueryError: too few rows or columns for ``dims``, or too few distinct non-zero rows for ``n_neighbors``.
    """
    distinct, fit_rows = find_fit_rows(table, settings.dims)
    if len(fit_rows) <= max(settings.n_neighbors, settings.dims + 1):
        raise QueryError(msg("err.projection.umap_too_few_rows", n_neighbors=settings.n_neighbors,
                             count=len(fit_rows)))
    return distinct, fit_rows


#: Fits PCA: ``(n_rows, d_model)`` float32 -> ``(n_rows, dims)`` coordinates, ``(dims,)`` explained variance ratios.
PcaFit = Callable[[np.ndarray], tuple[np.ndarray, np.ndarray]]


def fit_pca_with(table: np.ndarray, settings: ProjectionSettings, fit: PcaFit) -> Projection:
    """PCA of every row through ``fit`` (scikit-learn's or cuML's), with the same checks and notes on every backend.

    ``(n_rows, d_model)`` float32 ``table`` -> ``(n_rows, dims)`` float32 and each component's variance fraction;
    ``fit`` is not called when every row is identical (all go to the origin).

    Raises:
        QueryError: fewer rows or columns than ``dims + 1`` / ``dims``.
    """
    check_shape(table, settings.dims)
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
        notes.append(rows_note(distinct.n_duplicates, "projection.note.pca_duplicates"))
    if distinct.zero.any():
        notes.append(rows_note(int(distinct.zero.sum()), "projection.note.pca_zero"))
    return Projection(coords=coords, method="pca", parameters=settings.parameters(table.shape),
                      versions=library_versions("pca", settings.backend), notes=tuple(notes),
                      explained_variance=explained, backend=settings.backend)


def umap_projection(fitted: np.ndarray, fit_rows: np.ndarray, distinct: DistinctRows, settings: ProjectionSettings,
                    unseeded_note: Text) -> Projection:
    """The :class:`Projection` of a UMAP fit of ``fit_rows`` (:func:`find_umap_rows`), with its notes.

    ``fitted`` is ``(len(fit_rows), dims)`` float32; ``unseeded_note`` is the note an unseeded fit carries.
    """
    coords = spread_to_rows(np.asarray(fitted, dtype=np.float32), fit_rows, distinct)
    notes = [] if settings.seeded else [unseeded_note]
    if distinct.n_duplicates:
        notes.append(rows_note(distinct.n_duplicates, "projection.note.umap_duplicates"))
    if distinct.zero.any():
        notes.append(rows_note(int(distinct.zero.sum()), "projection.note.umap_zero"))
    return Projection(coords=coords, method="umap", parameters=settings.parameters(),
                      versions=library_versions("umap", settings.backend), notes=tuple(notes),
                      backend=settings.backend)
