"""The benchmark harness: repeated measurements, budgets, the machine, the markdown table.

Every benchmark module returns :class:`Figure` objects: one measured quantity
of our code (``ours``) beside what a user would otherwise run (``alternative``),
both medians of ``runs`` runs taken in the same process run, with the
:class:`Budget` that ``ours`` must meet. This module measures nothing itself;
it is what ``make bench`` (``python -m benchmarks``) and the unit tests share.
"""

from __future__ import annotations

import os
import platform
import statistics
import time
from dataclasses import dataclass
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Callable, Sequence

#: Columns of the table in docs/benchmarks.md, named by issue 9.
COLUMNS = ("what", "ours", "the alternative", "ratio", "budget", "machine", "date")


def median_of(values: Sequence[float]) -> float:
    """Median of one or more measurements (the mean of the middle two for an even count).

    Raises:
        ValueError: when ``values`` is empty.
    """
    if not values:
        raise ValueError("a median needs at least one measurement")
    return float(statistics.median(values))


def time_runs(work: Callable[[], object], runs: int, before: Callable[[], object] | None = None) -> list[float]:
    """Wall-clock seconds of ``runs`` calls of ``work`` (``time.perf_counter``).

    Args:
        work: what is timed.
        runs: how many times, >= 1.
        before: called untimed before each run (drop a cache, make an empty folder).

    Raises:
        ValueError: when ``runs < 1``.
    """
    if runs < 1:
        raise ValueError(f"runs must be at least 1, got {runs}")
    seconds = []
    for _ in range(runs):
        if before is not None:
            before()
        start = time.perf_counter()
        work()
        seconds.append(time.perf_counter() - start)
    return seconds


@dataclass(frozen=True)
class Budget:
    """The worst value a figure may take before ``make bench`` fails.

    Attributes:
        limit: the bound, in the figure's unit (or a plain number for a ratio).
        on: ``ours`` (the bound applies to our value) or ``ratio`` (to ours / alternative).
        higher_is_better: ``True`` for quality scores (the bound is a minimum),
            ``False`` for times and sizes (the bound is a maximum).
    """

    limit: float
    on: str = "ours"
    higher_is_better: bool = False

    def __post_init__(self) -> None:
        if self.on not in ("ours", "ratio"):
            raise ValueError(f"a budget applies to 'ours' or 'ratio', not {self.on!r}")

    def is_met(self, ours: float, ratio: float | None) -> bool:
        """Whether the measured value is within the bound (a missing ratio never meets a ratio budget)."""
        value = ours if self.on == "ours" else ratio
        if value is None:
            return False
        return value >= self.limit if self.higher_is_better else value <= self.limit

    def describe(self, unit: str) -> str:
        """``<= 2 s``, ``ratio <= 1.2``, ``>= 0.95``: the bound as the table shows it."""
        sign = ">=" if self.higher_is_better else "<="
        if self.on == "ratio":
            return f"ratio {sign} {format_number(self.limit)}"
        return f"{sign} {format_number(self.limit)}{_unit_suffix(unit)}"


@dataclass(frozen=True)
class Figure:
    """One row of the benchmark table.

    Attributes:
        what: what was measured, including how many runs and on what data.
        unit: ``s``, ``ms``, ``bytes``, ``GiB``, or ``""`` for a plain number.
        ours: median over ``runs`` of our code, in ``unit``.
        alternative: median over ``runs`` of the alternative in the same run,
            in ``unit``; ``None`` when there is nothing to compare with.
        alternative_label: what the alternative is (``umap.UMAP(metric="cosine")``).
        budget: the bound ``ours`` (or the ratio) must meet.
        runs: how many runs the medians are taken over.
    """

    what: str
    unit: str
    ours: float
    alternative: float | None
    alternative_label: str
    budget: Budget
    runs: int

    @property
    def ratio(self) -> float | None:
        """``ours / alternative``: below 1 means ours is smaller or faster; ``None`` without an alternative."""
        if self.alternative is None or self.alternative == 0:
            return None
        return self.ours / self.alternative

    @property
    def met(self) -> bool:
        return self.budget.is_met(self.ours, self.ratio)


def format_number(value: float) -> str:
    """Three significant figures, thousands separated, no exponent below 1e9 (``1,234,567``, ``0.0123``)."""
    if value == 0:
        return "0"
    if abs(value) >= 1000:
        return f"{value:,.0f}"
    return f"{value:.3g}"


def _unit_suffix(unit: str) -> str:
    return f" {unit}" if unit else ""


def format_value(value: float | None, unit: str) -> str:
    """A measured value with its unit, or an em dash when there is none."""
    if value is None:
        return "—"
    return f"{format_number(value)}{_unit_suffix(unit)}"


@dataclass(frozen=True)
class Machine:
    """What the figures were measured on.

    Attributes:
        cpu: CPU model name (``/proc/cpuinfo``).
        cores: logical cores the process may use.
        ram_gib: total memory in GiB (``/proc/meminfo``).
        python: Python version.
        torch: installed torch version (read from package metadata, not imported).
        load_average: 1-, 5- and 15-minute load averages when the run started.
    """

    cpu: str
    cores: int
    ram_gib: float
    python: str
    torch: str
    load_average: tuple[float, float, float]

    def describe(self) -> str:
        """The ``machine`` cell: ``Intel Xeon ..., 2 cores, 23.4 GiB RAM, Python 3.11.2, torch 2.13.0``."""
        return (f"{self.cpu}, {self.cores} cores, {self.ram_gib:.1f} GiB RAM, Python {self.python}, "
                f"torch {self.torch}")


def read_machine() -> Machine:
    """The machine this process runs on, and its load average now."""
    cpu = platform.processor() or platform.machine()
    cpuinfo = Path("/proc/cpuinfo")
    if cpuinfo.exists():
        for line in cpuinfo.read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    ram_gib = 0.0
    meminfo = Path("/proc/meminfo")
    if meminfo.exists():
        for line in meminfo.read_text().splitlines():
            if line.startswith("MemTotal:"):
                ram_gib = int(line.split()[1]) * 1024 / 2**30  # the kernel reports KiB
    try:
        torch_version = version("torch")
    except PackageNotFoundError:
        torch_version = "not installed"
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else (os.cpu_count() or 0)
    return Machine(cpu=cpu, cores=cores, ram_gib=ram_gib, python=platform.python_version(), torch=torch_version,
                   load_average=tuple(round(x, 2) for x in os.getloadavg()))


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def markdown_table(figures: Sequence[Figure], machine: str, date: str) -> str:
    """The figures as a GitHub markdown table with :data:`COLUMNS`; a missed budget is marked **MISSED**."""
    lines = ["| " + " | ".join(COLUMNS) + " |", "| --- | ---: | ---: | ---: | --- | --- | --- |"]
    for figure in figures:
        alternative = format_value(figure.alternative, figure.unit)
        if figure.alternative is not None:
            alternative += f" ({figure.alternative_label})"
        ratio = "—" if figure.ratio is None else f"{figure.ratio:.3g}"
        budget = figure.budget.describe(figure.unit) + ("" if figure.met else " **MISSED**")
        cells = [figure.what, format_value(figure.ours, figure.unit), alternative, ratio, budget, machine, date]
        lines.append("| " + " | ".join(_cell(c) for c in cells) + " |")
    return "\n".join(lines)


def missed(figures: Sequence[Figure]) -> list[Figure]:
    """The figures whose budget was not met (``make bench`` fails when any is)."""
    return [f for f in figures if not f.met]


@dataclass(frozen=True)
class SuiteResult:
    """What one benchmark module measured.

    Attributes:
        figures: the rows it adds to the table.
        notes: measured facts the figures depend on (sizes, shapes, how many
            runs and why), one sentence each, printed under the table.
    """

    figures: list[Figure]
    notes: list[str]
