"""How long a UMAP of a table takes here, stage by stage, from a model fitted to measured runs.

umap-learn reports progress only for its last stage (the layout epochs); the
nearest-neighbour graph, about two thirds of the time, and the fuzzy
simplicial set report nothing. So the Token map shows, for those stages, the
time elapsed against the time they are expected to take, and for the whole
fit an expected total.

The expectation comes from ``models/umap_timings.json``, written by
``scripts/measure_umap_stages.py``: UMAP fits of tables of several sizes
(rows x width, seeded and unseeded) timed stage by stage on this machine,
and per stage, seeding and regime a power law::

    seconds = a * rows**b * width**c          (the graph and the fuzzy set)
    seconds = epochs * a * rows**b * width**c (the embedding, per epoch)

fitted by least squares on the logarithms, each run weighted by the square
root of its measured seconds: an error of 2x matters more on a five-minute fit
than on a five-second one, and with equal weights the many small runs pulled
the laws down so far that the 256,000 x 2,304 table was predicted at 238 s
against 322 s measured (weighted: 305 s). The regimes are umap-learn's:
below 4,096 rows it computes exact neighbours from all pairwise distances
(for cosine, through scikit-learn calling a numba distance once per pair
from Python: 2,000 rows take longer than 8,000), at and above it searches
approximate neighbours with pynndescent; and it runs 500 epochs up to
10,000 rows, 200 above. The file also records the cores
the runs had and how far the fit strays: ``factor`` is the largest ratio
between a measured total and the total predicted for it by a model fitted
without that run (leave-one-out), so "about 40 s" can say how sure it is. A
machine with other cores or another load will differ: the file says what it
was measured on, and the page says so too.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Mapping

import numpy as np

#: UMAP's stages in the order a fit runs them (see :data:`dashboard.analysis.projection.UMAP_STAGES`).
STAGES = ("graph", "fuzzy", "embed")
ROOT = Path(__file__).resolve().parents[2]
#: Where :func:`load_time_model` looks by default.
TIMINGS_PATH = ROOT / "models" / "umap_timings.json"
#: umap-learn computes exact neighbours below this many rows (``UMAP.fit``'s small-data branch).
EXACT_BELOW = 4096


def regime(rows: int) -> str:
    """``"exact"`` (all pairwise distances) below :data:`EXACT_BELOW` rows, else ``"approximate"`` (pynndescent)."""
    return "exact" if rows < EXACT_BELOW else "approximate"


def default_epochs(rows: int) -> int:
    """The epochs umap-learn runs when ``n_epochs`` is not given: 500 up to 10,000 rows, 200 above."""
    return 500 if rows <= 10_000 else 200


def law_key(seeded: bool, rows: int) -> str:
    """The key of the laws for a fit: ``"seeded/exact"``, ``"unseeded/approximate"``, ..."""
    return f"{'seeded' if seeded else 'unseeded'}/{regime(rows)}"


@dataclass(frozen=True)
class StageLaw:
    """``seconds = exp(log_a) * rows**b * width**c`` for one stage.

    Attributes:
        log_a: natural log of the coefficient, log-seconds.
        b: exponent of the number of rows fitted.
        c: exponent of the width (``d_model``).
    """

    log_a: float
    b: float
    c: float

    def seconds(self, rows: int, width: int) -> float:
        """Predicted seconds for ``rows`` x ``width`` (both >= 1)."""
        return float(np.exp(self.log_a + self.b * np.log(max(rows, 1)) + self.c * np.log(max(width, 1))))


def fit_law(rows: Iterable[int], widths: Iterable[int], seconds: Iterable[float],
            weights: Iterable[float] | None = None) -> StageLaw:
    """Least-squares fit of ``log seconds = log_a + b log rows + c log width``.

    Args:
        rows, widths, seconds: one entry per measured run (seconds > 0; at
            least 3 runs with at least two rows and two widths, or the fit is
            underdetermined and the least-norm solution is returned).
        weights: one per run, > 0: each run's squared residual counts ``weight**2``
            times; ``None``: all 1.

    Returns:
        The fitted :class:`StageLaw`.
    """
    rows, widths = np.asarray(list(rows), float), np.asarray(list(widths), float)
    seconds = np.maximum(np.asarray(list(seconds), float), 1e-4)  # a stage of ~0 s would give log(0)
    design = np.column_stack([np.ones_like(rows), np.log(rows), np.log(widths)])
    scale = np.ones_like(rows) if weights is None else np.asarray(list(weights), float)
    (log_a, b, c), *_ = np.linalg.lstsq(design * scale[:, None], np.log(seconds) * scale, rcond=None)
    return StageLaw(float(log_a), float(b), float(c))


@dataclass(frozen=True)
class UmapEstimate:
    """Expected seconds of each stage of one fit, and how sure that is.

    Attributes:
        seconds: stage name (``graph``, ``fuzzy``, ``embed``) -> expected seconds.
        factor: measured totals were within this factor of the model's (>= 1).
        cores: CPU cores of the machine the runs were measured on.
    """

    seconds: Mapping[str, float]
    factor: float
    cores: int

    @property
    def total(self) -> float:
        """Expected seconds of the whole fit."""
        return float(sum(self.seconds.values()))

    def fraction_done(self, stage: str, stage_elapsed: float, epoch_fraction: float = 0.0) -> float:
        """Share of the expected total done, in [0, 1), while ``stage`` runs.

        Stages before ``stage`` count as their expected seconds; the graph and
        fuzzy stages, which report nothing, count their elapsed seconds but at
        most 95% of their expected ones (a stage running late stalls the bar
        instead of overrunning it); the embedding counts its epochs.

        Args:
            stage: one of :data:`STAGES`.
            stage_elapsed: seconds since ``stage`` started.
            epoch_fraction: share of the epochs done, in [0, 1] (embed stage only).
        """
        index = STAGES.index(stage)
        before = sum(self.seconds[name] for name in STAGES[:index])
        expected = self.seconds[stage]
        if stage == "embed":
            now = expected * min(max(epoch_fraction, 0.0), 1.0)
        else:
            now = min(max(stage_elapsed, 0.0), 0.95 * expected)
        return min((before + now) / max(self.total, 1e-9), 0.999)


@dataclass(frozen=True)
class UmapTimeModel:
    """Per-stage power laws for seeded and unseeded fits, as measured on one machine.

    Attributes:
        laws: :func:`law_key` (``"seeded/exact"``, ...) -> stage -> :class:`StageLaw`
            (the ``embed`` law gives seconds per epoch).
        factor: leave-one-out worst ratio of measured to predicted total (>= 1).
        cores: CPU cores of the machine the runs were measured on.
        runs: the measured runs (dicts with ``rows``, ``width``, ``seeded``, ``seconds``).
    """

    laws: Mapping[str, Mapping[str, StageLaw]]
    factor: float
    cores: int
    runs: tuple = field(default=())

    def predict(self, rows: int, width: int, seeded: bool) -> UmapEstimate:
        """Expected stage seconds for a fit of ``rows`` x ``width``."""
        laws = self.laws[law_key(seeded, rows)]
        seconds = {stage: laws[stage].seconds(rows, width) for stage in STAGES}
        seconds["embed"] *= default_epochs(rows)
        return UmapEstimate(seconds, self.factor, self.cores)

    def to_json(self) -> dict:
        """The model as a JSON-ready dict (the format :func:`load_time_model` reads)."""
        return {"cores": self.cores, "factor": self.factor,
                "laws": {kind: {stage: vars(law) for stage, law in stages.items()}
                         for kind, stages in self.laws.items()},
                "runs": list(self.runs)}


def fit_time_model(runs: list[dict], cores: int) -> UmapTimeModel:
    """Fit the per-stage laws to ``runs`` and measure their spread by leaving each run out.

    Args:
        runs: dicts with ``rows`` (int), ``width`` (int), ``seeded`` (bool),
            ``epochs`` (int, the epochs the fit ran) and ``seconds`` (stage ->
            seconds); at least 4 for each :func:`law_key`.
        cores: the cores the runs had, recorded with the model.

    Raises:
        ValueError: fewer than 4 runs for a seeding and regime.
    """
    def per_epoch(run: dict, stage: str) -> float:
        return run["seconds"][stage] / (run["epochs"] if stage == "embed" else 1)

    def laws_of(chosen: list[dict]) -> dict[str, StageLaw]:
        weights = [np.sqrt(sum(r["seconds"].values())) for r in chosen]  # longer runs count more (module docstring)
        return {stage: fit_law([r["rows"] for r in chosen], [r["width"] for r in chosen],
                               [per_epoch(r, stage) for r in chosen], weights) for stage in STAGES}

    laws, ratios = {}, []
    for key in (f"{s}/{r}" for s in ("seeded", "unseeded") for r in ("exact", "approximate")):
        chosen = [run for run in runs if law_key(bool(run["seeded"]), run["rows"]) == key]
        if len(chosen) < 4:
            raise ValueError(f"need at least 4 {key} runs to fit and check the model, got {len(chosen)}")
        laws[key] = laws_of(chosen)
        for i, run in enumerate(chosen):
            others = laws_of(chosen[:i] + chosen[i + 1:])
            predicted = sum(others[stage].seconds(run["rows"], run["width"]) * (run["epochs"] if stage == "embed" else 1)
                            for stage in STAGES)
            measured = sum(run["seconds"].values())
            ratios.append(max(predicted / measured, measured / predicted))
    return UmapTimeModel(laws, float(max(ratios)), int(cores), tuple(runs))


def load_time_model(path: Path = TIMINGS_PATH) -> UmapTimeModel | None:
    """The model in ``path`` (written by ``scripts/measure_umap_stages.py``), or ``None`` when there is none.

    A file that cannot be read as a model is treated as missing: the page then
    shows elapsed time without an estimate rather than failing.
    """
    try:
        data = json.loads(Path(path).read_text())
        laws = {key: {stage: StageLaw(**data["laws"][key][stage]) for stage in STAGES}
                for key in (f"{s}/{r}" for s in ("seeded", "unseeded") for r in ("exact", "approximate"))}
        return UmapTimeModel(laws, float(data["factor"]), int(data["cores"]), tuple(data.get("runs", ())))
    except (OSError, ValueError, KeyError, TypeError):
        return None
