"""Sentences of the "Where training starts" page, each built from the numbers of the model on screen.

Each returns the sentence in the reader's language (:func:`dashboard.i18n.t`), so call them at display time.
"""

from __future__ import annotations

import math
from typing import Mapping

from dashboard.lessons.initialisation.analysis import Initialisation
from dashboard.i18n import t
from dashboard.markdown_text import code_span


def describe_closest(table: str, summary: Mapping[str, float], best: Initialisation, ratio: float,
                     d_model: int) -> str:
    """The table's spread beside the nearest initialisation's, as measured numbers.

    Args:
        table: the table's name as the reader reads it (``token table``).
        summary: a row of :func:`~dashboard.lessons.initialisation.analysis.initialisation_frame`.
        best: the nearest initialisation, ``ratio`` the table's std over its std.
        d_model: the table's width.
    """
    std = summary["value_std"]
    if std == 0:
        return t("init.closest.zero", table=table)
    return t("init.closest", table=table, std=std, mean=summary["value_mean"], median=summary["norm_median"],
             best=best.name, ratio=ratio, best_std=best.std(d_model))


def describe_scaling(architecture: str, d_model: int, scales: bool | None, rule: str | None = None) -> str:
    """What sqrt(d_model) does in the original Transformer, and whether this architecture does it.

    Args:
        architecture: the canonical architecture (``bert``).
        d_model: the table's width.
        scales: whether the architecture multiplies the token rows by sqrt(d_model); ``None``: not recorded.
        rule: how its first block's input is made from the rows, a value of
            :data:`dashboard.analysis.lookup.FIRST_BLOCK_RULES` (``layernorm``: BERT's LayerNorm of the sum).
    """
    text = t("init.scaling", d_model=d_model, factor=math.sqrt(d_model))
    architecture = code_span(architecture)  # from the checkpoint's config: shown, never read as Markdown
    if scales is None:
        return text + t("init.scaling.unknown", architecture=architecture)
    if scales:
        return text + t("init.scaling.yes", architecture=architecture)
    return text + t("init.scaling.no_layernorm" if rule == "layernorm" else "init.scaling.no",
                    architecture=architecture)
