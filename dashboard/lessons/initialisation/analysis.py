"""Where training starts: a table's values and row norms beside the usual initialisations ``N(0, std)``.

``std`` is 0.02 (``initializer_range`` of GPT-2, BERT and Llama in ``transformers``), 1 (``torch.nn.Embedding``)
or ``1 / sqrt(d_model)`` (rows of expected squared norm 1). A row's L2 norm is then ``std`` times a chi variable
with ``d_model`` degrees of freedom (``scipy.stats.chi``), about ``std * sqrt(d_model)``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

import numpy as np
import pandas as pd

from dashboard.i18n import Text, msg

#: Whether an architecture multiplies its token rows by sqrt(d_model) before the first block (Vaswani et al. 2017,
#: sec. 3.4: a scale, not an initialisation); from ``transformers`` ``modeling_*.py`` (Gemma's ``embed_scale``).
SCALES_BY_SQRT_D = {
    "gpt2": False, "gpt_neo": False, "gptj": False, "opt": False, "llama": False, "mistral": False,
    "qwen2": False, "qwen3": False, "t5": False, "gpt_neox": False, "bert": False, "nanogpt": False, "gemma": True,
    "gemma2": True, "gemma3": True, "gemma3_text": True,
}
#: Row-norm quantiles shown as a range, in [0, 1].
LOW, HIGH = 0.05, 0.95
#: Rows converted to float64 at a time (4,096 x 2,304 is 75 MB).
BLOCK_ROWS = 4096
#: Above this many values, the density's grid ends are quantiles of a sample this large.
QUANTILE_SAMPLE = 4_000_000


@dataclass(frozen=True)
class Initialisation:
    """One usual initialisation: entries drawn from ``N(0, std)``.

    Attributes:
        name: as the page shows it, with the standard deviation (``N(0, 0.02)``).
        used_by: who uses it, one phrase (a :class:`~dashboard.i18n.Text`).
    """

    name: str
    used_by: Text

    def std(self, d_model: int) -> float:
        """Standard deviation of each entry for a table of width ``d_model``."""
        return {"N(0, 0.02)": 0.02, "N(0, 1)": 1.0}.get(self.name, 1.0 / np.sqrt(d_model))


INITIALISATIONS = (
    Initialisation("N(0, 0.02)", msg("init.used_by.gpt2")),
    Initialisation("N(0, 1)", msg("init.used_by.torch")),
    Initialisation("N(0, 1/√d_model)", msg("init.used_by.unit")),
)


def summarise_values(name: str, table: np.ndarray) -> dict:
    """Statistics of a ``(n_rows >= 1, d_model)`` table, one row of :func:`initialisation_frame`.

    Computed :data:`BLOCK_ROWS` rows at a time in float64, with no float64 copy of the table; population std.

    Returns:
        ``name``, ``kind`` (``measured``), ``value_std`` and ``value_mean`` over all entries, and ``norm_low`` /
        ``norm_median`` / ``norm_high`` (quantiles :data:`LOW`, 0.5, :data:`HIGH` of the L2 row norms).
    """
    size = table.shape[0] * table.shape[1]
    mean = sum(float(block.sum()) for _, block in _blocks(table)) / size
    squares, norms = 0.0, np.empty(table.shape[0])
    for start, block in _blocks(table):
        norms[start:start + len(block)] = np.sqrt(np.einsum("ij,ij->i", block, block))
        block -= mean
        squares += float(np.einsum("ij,ij->", block, block))
    low, median, high = np.quantile(norms, [LOW, 0.5, HIGH])
    return {"name": name, "kind": "measured", "value_std": float(np.sqrt(squares / size)), "value_mean": mean,
            "norm_low": float(low), "norm_median": float(median), "norm_high": float(high)}


def _blocks(table: np.ndarray):
    """``(first row, rows as a float64 copy)`` for each block of :data:`BLOCK_ROWS` rows of ``table``."""
    for start in range(0, table.shape[0], BLOCK_ROWS):
        yield start, np.array(table[start:start + BLOCK_ROWS], dtype=np.float64)


def summarise_initialisation(init: Initialisation, d_model: int) -> dict:
    """The same statistics, exact, for entries drawn from ``init`` in a ``d_model``-wide table."""
    from scipy.stats import chi

    std = init.std(d_model)
    low, median, high = chi(df=d_model, scale=std).ppf([LOW, 0.5, HIGH])
    return {"name": init.name, "kind": "initialisation", "value_std": std, "value_mean": 0.0,
            "norm_low": float(low), "norm_median": float(median), "norm_high": float(high)}


def initialisation_frame(measured: Mapping[str, Mapping[str, Any]], d_model: int) -> pd.DataFrame:
    """Measured ``{name: summary}`` (:func:`summarise_values`) and the initialisations at ``d_model``, a row each."""
    rows = [{**summary, "name": name} for name, summary in measured.items()]
    rows += [summarise_initialisation(init, d_model) for init in INITIALISATIONS]
    return pd.DataFrame(rows)


def closest_initialisation(value_std: float, d_model: int) -> tuple[Initialisation, float]:
    """The initialisation whose std is nearest ``value_std`` on a log scale, and ``value_std / its std``."""
    best = min(INITIALISATIONS, key=lambda i: abs(np.log(max(value_std, 1e-30) / i.std(d_model))))
    return best, value_std / best.std(d_model)


def value_density_frame(table: np.ndarray, d_model: int, bins: int = 80) -> pd.DataFrame:
    """Histogram of a table's values as a density, beside each initialisation's density on the same grid.

    ``table`` is ``(n_rows >= 1, d_model)``; the grid spans its 0.1 % to 99.9 % quantiles (of a seeded
    :data:`QUANTILE_SAMPLE` sample on larger tables), and every value is counted.

    Returns:
        Columns ``value``, ``density`` (per unit of value) and ``curve`` (``measured`` or an initialisation's name),
        ``bins`` rows each.
    """
    from scipy.stats import norm

    size = table.shape[0] * table.shape[1]
    if size > QUANTILE_SAMPLE:
        flat = np.random.default_rng(0).integers(0, size, QUANTILE_SAMPLE)
        sample = np.asarray(table[flat // table.shape[1], flat % table.shape[1]], dtype=np.float64)
    else:
        sample = np.asarray(table, dtype=np.float64).ravel()
    low, high = np.quantile(sample, [0.001, 0.999])
    if high <= low:
        low, high = low - 1e-3, high + 1e-3
    counts = np.zeros(bins, dtype=np.int64)
    for _, block in _blocks(table):
        block_counts, edges = np.histogram(block, bins=bins, range=(low, high))
        counts += block_counts
    centres = (edges[:-1] + edges[1:]) / 2
    density = counts / (size * (edges[1] - edges[0]))
    frames = [pd.DataFrame({"value": centres, "density": density, "curve": "measured"})]
    for init in INITIALISATIONS:
        frames.append(pd.DataFrame({"value": centres, "density": norm(0, init.std(d_model)).pdf(centres),
                                    "curve": init.name}))
    return pd.concat(frames, ignore_index=True)
