"""Sentences of the Training, Compare and Under-trained pages, each built from the numbers on screen.

Functions return catalogue messages (:class:`~dashboard.i18n.Text`); :func:`display_frame` gives a frame headers
in the reader's language just before display, the frame keeping its English column names.
"""

from __future__ import annotations

from typing import Mapping

import pandas as pd

from dashboard.training.curves import ADJACENT, DISTANCE, LABELS, NORM, POSITION, TOKEN
from dashboard.i18n import Text, msg, render
from dashboard.tables import EmbeddingTables


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


def display_frame(frame: pd.DataFrame, headers: Mapping[str, str]) -> pd.DataFrame:
    """A copy of ``frame`` with its column names (every level) shown through ``headers`` (name -> catalogue message).

    The frame keeps its English names, which tests and downloads read; names not in ``headers`` stay as they are.
    """
    def shown(name):
        return render(headers[name]) if isinstance(name, str) and name in headers else name

    shown_frame = frame.copy()
    if isinstance(shown_frame.columns, pd.MultiIndex):
        shown_frame.columns = pd.MultiIndex.from_tuples([tuple(shown(n) for n in c) for c in shown_frame.columns],
                                                        names=[shown(n) for n in shown_frame.columns.names])
    else:
        shown_frame.columns = [shown(c) for c in shown_frame.columns]
        shown_frame.columns.name = shown(frame.columns.name)
    if shown_frame.index.name is not None:
        shown_frame.index.name = shown(shown_frame.index.name)
    return shown_frame


#: Column headers of the Training page's frames.
TRAINING_HEADERS = {
    "word": msg("training.col.word"), "token": msg("training.col.token"),
    "neighbours": msg("training.col.neighbours"), "step": msg("training.col.step"),
    "table": msg("training.col.table"), "measure": msg("training.col.measure"), **LABELS,
}
#: Column headers of the Compare page's table of largest movers.
COMPARE_HEADERS = {
    "rank": msg("compare.col.rank"), "id": msg("compare.col.id"), "token": msg("compare.col.token"),
    "drift": msg("compare.col.drift"), "shared": msg("compare.col.shared"),
}
#: Column headers of the Under-trained tokens page's table of candidates.
UNDERTRAINED_HEADERS = {
    "rank": msg("compare.col.rank"), "id": msg("compare.col.id"), "token": msg("compare.col.token"),
    "score": msg("undertrained.col.score"), "category": msg("undertrained.col.category"),
}
