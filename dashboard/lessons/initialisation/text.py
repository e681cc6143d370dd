"""Sentences of the "Where training starts" page in the reader's language, from its numbers: call at display time."""

from __future__ import annotations

import math
from typing import Mapping

from dashboard.lessons.initialisation.analysis import Initialisation
from dashboard.i18n import t
from dashboard.markdown_text import code_span


def describe_closest(table: str, summary: Mapping[str, float], best: Initialisation, ratio: float,
                     d_model: int) -> str:
    """The table's spread beside the nearest initialisation's, with its numbers.

    ``table`` is the name the reader reads (``token table``), ``summary`` a row of an
    :func:`~.analysis.initialisation_frame`, ``ratio`` the table's std over ``best``'s.
    """
    std = summary["value_std"]
    if std == 0:
        return t("init.closest.zero", table=table)
    return t("init.closest", table=table, std=std, mean=summary["value_mean"], median=summary["norm_median"],
             best=best.name, ratio=ratio, best_std=best.std(d_model))


def describe_scaling(architecture: str, d_model: int, scales: bool | None, rule: str | None = None) -> str:
    """What sqrt(d_model) does in the original Transformer, and whether this architecture does it.

    ``scales``: whether it multiplies its token rows by sqrt(d_model) (``None``: not recorded); ``rule``: how its first
    block's input is made (:data:`dashboard.lessons.lookup.analysis.FIRST_BLOCK_RULES`; ``layernorm``: BERT's).
    """
    text = t("init.scaling", d_model=d_model, factor=math.sqrt(d_model))
    architecture = code_span(architecture)  # from the checkpoint's config: shown, never read as Markdown
    if scales is None:
        return text + t("init.scaling.unknown", architecture=architecture)
    if scales:
        return text + t("init.scaling.yes", architecture=architecture)
    return text + t("init.scaling.no_layernorm" if rule == "layernorm" else "init.scaling.no",
                    architecture=architecture)
