"""What the Training page shows, cached: the run in a folder, its curves over steps, its losses, one step's frames.

Runs are keyed by folder and the checkpoints' modification times, so a new checkpoint is read. The curves read
each checkpoint once, one at a time, in one reading child, keeping only their numbers. The page's sentences
(:func:`describe_step`, :func:`describe_weights`) and column headers are written here, from those numbers.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pandas as pd
import streamlit as st

from dashboard.analysis.neighbours import top_k_neighbours
from dashboard.analysis.norms import used_token_norms
from dashboard.analysis.queries import resolve_expression
from dashboard.checkpoints.runs import TrainingRun, run_stamp
from dashboard.errors import ExplorerError
from dashboard.i18n import Text, msg, t
from dashboard.maps.aligned import AlignedMaps, aligned_path, cached_aligned_maps
from dashboard.tables import EmbeddingTables
from dashboard.training.curves import ADJACENT, DISTANCE, LABELS, NORM, POSITION, TOKEN, step_measures_frame
from dashboard.ui.table_data import get_neighbour_index
from dashboard.ui.tokenizer_loading import get_resolver
from dashboard.wall.runs import discover_run_safely
from dashboard.wall.tables import read_checkpoint, reading_each

#: session_state keys of the page's widgets.
FOLDER_KEY = "training_run_folder"
STEP_KEY = "training_step"
WORDS_KEY = "training_words"
PLAYING_KEY = "training_playing"
PENDING_STEP_KEY = "training_pending_step"
#: Words whose neighbours are followed by default (frequent words of the bundled GPT's corpus).
DEFAULT_WORDS = "function, module, string, file"
NEIGHBOURS = 5
PLAY_SECONDS = 1.0  # how long Play shows each step


# Spinners are drawn by the callers below, in the reader's language (a decorator's text is fixed at import).
@st.cache_data(max_entries=8, show_spinner=False)
def _cached_run(folder: str, stamp: float) -> TrainingRun:
    return discover_run_safely(Path(folder))


def get_run(folder: Path) -> TrainingRun:
    """The run in ``folder``, read once per change of the folder.

    Raises:
        ExplorerError: the folder is not a run (see :func:`~dashboard.checkpoints.runs.discover_run`).
    """
    with st.spinner(t("training_frames.spinner.run")):
        return _cached_run(str(folder), run_stamp(folder))


@st.cache_data(max_entries=8, show_spinner=False)
def _cached_curves(_run: TrainingRun, folder: str, stamp: float) -> pd.DataFrame:
    with reading_each(_run.paths) as read:
        first = read(_run.paths[0])
        frames = [step_measures_frame(_run.steps[0], first, first)]
        for step, path in zip(_run.steps[1:], _run.paths[1:]):
            frames.append(step_measures_frame(step, read(path), first))
    return pd.concat(frames, ignore_index=True)


def get_curves(run: TrainingRun) -> pd.DataFrame:
    """The measures of every checkpoint, stacked (:func:`step_measures_frame`), one checkpoint in memory at a time.

    Raises:
        ExplorerError: a checkpoint cannot be read, or its tables' shapes differ from the first's.
    """
    with st.spinner(t("training_frames.spinner.curves")):
        return _cached_curves(run, str(run.folder), run_stamp(run.folder))


def loss_frame(run: TrainingRun) -> pd.DataFrame:
    """The run's logged losses: columns ``step``, ``loss`` (nats per token), ``split``; empty when none were logged."""
    return pd.DataFrame([(p.step, p.loss, p.split) for p in run.losses], columns=["step", "loss", "split"])


@st.cache_resource(max_entries=4, show_spinner=False)
def _cached_step_tables(path: str, stamp: float) -> EmbeddingTables:
    return read_checkpoint(path)


def get_step_tables(run: TrainingRun, step: int) -> EmbeddingTables:
    """The tables of the run's checkpoint at ``step``.

    Raises:
        ExplorerError: the checkpoint cannot be read.
    """
    path = run.path_at(step)
    with st.spinner(t("training_frames.spinner.step")):
        return _cached_step_tables(str(path), os.path.getmtime(path))


def neighbours_frame(tables: EmbeddingTables, words: list[str], k: int = NEIGHBOURS) -> tuple[pd.DataFrame, list[str]]:
    """The ``k`` nearest token rows (cosine) of each word at this checkpoint.

    Returns:
        ``(frame, problems)``: a row per resolved word with ``word``, ``token`` (the tokens it was looked up as,
        averaged) and ``neighbours`` (tokens with cosine, nearest first); a catalogue message per unresolved word in
        ``problems``, so one bad word never hides the others.
    """
    source = tables.model_path or tables.source
    resolver = get_resolver(tables, source, tables.content_hash)
    index = get_neighbour_index(tables, source, tables.content_hash)
    rows, problems = [], []
    for word in words:
        try:
            expression, vector = resolve_expression(word, resolver)
            found = top_k_neighbours(index, vector, k=k, metric="cosine", exclude=expression.ids)
        except ExplorerError as error:
            problems.append(msg("training_frames.problem", word=word, error=error))
            continue
        pieces = " + ".join(piece for term in expression.terms for piece in term.pieces)
        rows.append({"word": word, "token": pieces,
                     "neighbours": ", ".join(f"{tables.token_label(i)} ({s:.2f})" for i, s in zip(found.ids, found.scores))})
    return pd.DataFrame(rows, columns=["word", "token", "neighbours"]), problems


def token_norm_frame(tables: EmbeddingTables) -> pd.DataFrame:
    """Column ``norm``: L2 norm of each token row with a token (padding rows left out)."""
    return pd.DataFrame({"norm": used_token_norms(tables)})


#: Most values (steps x vocab_size x d_model) the page aligns itself; a larger run's maps come from ``precompute``.
LIVE_ALIGNED_VALUES = 200_000_000
#: Most token rows the aligned map draws (a seeded sample beyond: Vega-Lite in the browser).
ALIGNED_ROWS = 5_000


@st.cache_data(max_entries=4, show_spinner=False)
def _cached_aligned(_run: TrainingRun, folder: str, stamp: float) -> tuple[AlignedMaps, str, bool]:
    with reading_each(_run.paths) as read:
        maps, path, found = cached_aligned_maps(Path(folder), stamp, _run.steps,
                                                lambda step: read(_run.path_at(step)).token)
    return maps, str(path), found


def get_aligned_maps(run: TrainingRun, values: int) -> tuple[AlignedMaps, str, bool] | None:
    """The run's token maps on the last step's axes, and where they came from: ``(maps, file, precomputed)``;
    ``None`` when they were not precomputed and the run's ``values`` (steps x vocab_size x d_model) are more than
    :data:`LIVE_ALIGNED_VALUES`.

    Raises:
        ExplorerError: a checkpoint cannot be read, or the steps' tables differ in shape.
    """
    stamp = run_stamp(run.folder)
    if not aligned_path(run.folder, stamp).is_file() and values > LIVE_ALIGNED_VALUES:
        return None
    with st.spinner(t("training_frames.spinner.aligned")):
        return _cached_aligned(run, str(run.folder), stamp)


def aligned_frame(maps: AlignedMaps, step: int, tables: EmbeddingTables, words: list[str]) -> pd.DataFrame:
    """The rows of the map at ``step`` to draw: ``x``, ``y``, ``token``, ``id``, ``followed``; every row up to
    :data:`ALIGNED_ROWS`, else a sample drawn with seed 0 (the same at every step) plus the followed words' tokens."""
    coords = maps.coords[maps.steps.index(step)]
    followed = set()
    resolver = get_resolver(tables, tables.model_path or tables.source, tables.content_hash)
    for word in words:
        try:
            followed.update(resolve_expression(word, resolver)[0].ids)
        except ExplorerError:
            continue  # the neighbours table says why
    rows = np.arange(len(coords))
    if len(rows) > ALIGNED_ROWS:
        rows = np.union1d(np.random.default_rng(0).choice(len(coords), ALIGNED_ROWS, replace=False),
                          np.fromiter(followed, dtype=np.int64, count=len(followed)))
    return pd.DataFrame({"x": coords[rows, 0], "y": coords[rows, 1], "token": [tables.token_label(i) for i in rows],
                         "id": rows, "followed": [int(i) in followed for i in rows]})


def aligned_domains(maps: AlignedMaps) -> tuple[list[float], list[float]]:
    """``([x_min, x_max], [y_min, y_max])`` over every step's map, so the chart's axes stay put."""
    flat = maps.coords.reshape(-1, maps.coords.shape[-1])
    return ([float(flat[:, 0].min()), float(flat[:, 0].max())], [float(flat[:, 1].min()), float(flat[:, 1].max())])


#: Column headers of the Training page's frames.
TRAINING_HEADERS = {
    "word": msg("training.col.word"), "token": msg("training.col.token"),
    "neighbours": msg("training.col.neighbours"), "step": msg("training.col.step"),
    "table": msg("training.col.table"), "measure": msg("training.col.measure"), **LABELS,
}


def describe_weights(layout: str, weights: str | None) -> Text:
    """Which weights the checkpoints hold and what the logged losses measure, from a ``TrainingRun``'s ``layout``
    (``snapshots``, ``nanogpt``, ``hf-trainer`` ...) and ``weights`` (``ema`` or another name, or ``None``)."""
    if layout == "snapshots" and weights == "ema":
        return msg("training.weights.ema")
    if layout == "nanogpt":
        return msg("training.weights.nanogpt")
    if layout == "hf-trainer":
        return msg("training.weights.hf_trainer")
    return msg("training.weights.saved")


def _value(curves: pd.DataFrame, step: int, table: str, measure: str) -> float | None:
    chosen = curves[(curves["step"] == step) & (curves["table"] == table) & (curves["measure"] == measure)]
    return None if chosen.empty else float(chosen["value"].iloc[0])


def describe_step(tables: EmbeddingTables, curves: pd.DataFrame, step: int) -> Text:
    """The shown step's numbers in one or two sentences (token rows' mean norm and distance, adjacent cosine)."""
    first = int(curves["step"].min())
    norm, distance = _value(curves, step, TOKEN, NORM), _value(curves, step, TOKEN, DISTANCE)
    if step == first:
        text = msg("training.step.token_first", norm=norm)
    else:
        text = msg("training.step.token", norm=norm, distance=distance, first=first)
    if tables.position is None:
        return text
    cosine = _value(curves, step, POSITION, ADJACENT)
    position = (msg("training.step.position_zero") if cosine is None
                else msg("training.step.position", cosine=cosine))
    return msg("training.step.both", token=text, position=position)
