"""Sentences of the "Where training starts" page, each built from the numbers of the model on screen."""

from __future__ import annotations

import math
from typing import Mapping

from dashboard.analysis.initialisation import Initialisation
from dashboard.markdown_text import code_span


def describe_closest(table: str, summary: Mapping[str, float], best: Initialisation, ratio: float,
                     d_model: int) -> str:
    """The table's spread beside the nearest initialisation's, as measured numbers."""
    std = summary["value_std"]
    if std == 0:
        return f"Every entry of the {table} is zero: it starts at zero, not at random."
    return (f"The {table}'s entries have standard deviation {std:.4g} (mean {summary['value_mean']:.2g}) and its "
            f"median row norm is {summary['norm_median']:.4g}. Of the three initialisations, {best.name} is the "
            f"closest in standard deviation: the table's is {ratio:.3g} times its {best.std(d_model):.4g}.")


def describe_scaling(architecture: str, d_model: int, scales: bool | None) -> str:
    """What sqrt(d_model) does in the original Transformer, and whether this architecture does it."""
    text = (f"In the original Transformer (Vaswani et al. 2017, section 3.4) the looked-up rows are multiplied by "
            f"√d_model in the forward pass, before the position encoding is added; for this model's d_model of "
            f"{d_model:,} that factor would be {math.sqrt(d_model):.4g}. It changes what the first block receives, "
            "not how the table is initialised or stored. ")
    architecture = code_span(architecture)  # from the checkpoint's config: shown, never read as Markdown
    if scales is None:
        return text + f"Whether {architecture} applies it is not recorded here."
    if scales:
        return text + f"{architecture} applies it: the first block receives √d_model × the token row."
    return text + (f"{architecture} does not: its first block receives the stored rows unscaled "
                   "(checked in transformers' modeling code).")
