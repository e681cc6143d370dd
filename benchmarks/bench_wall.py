"""Reading through the wall against reading in the server's own process, as a class server reads an upload.

For each checkpoint, in one process that has imported what the server imports: the median of :data:`RUNS`
reads with :func:`dashboard.checkpoints.load_tables` in this process (what the server did before the wall)
against :func:`dashboard.wall.tables.read_checkpoint` by path (a capped child forked from a warm template,
:mod:`dashboard.wall.templates`, so a student's read waits for no imports). Between two reads the suite waits
:data:`SETTLE_S`, as between two students' uploads. The checkpoints: the
three bundled ones given by path (so they are read as a stranger's would be), and the 4.57 GB Llama-shaped
sharded one of :mod:`benchmarks.peak_memory_sharded` (built in a temporary folder, then deleted). Peak memory of
the server and its child together is the reading suite's figure (``dashboard info`` reads through the wall too).
"""

from __future__ import annotations

import shutil
import tempfile
import time
from pathlib import Path

from benchmarks.harness import Budget, Figure, SuiteResult, median_of

RUNS = 3
#: Seconds between reads, as between two students' uploads (the machine settles; nothing needs to warm).
SETTLE_S = 5.0
#: The one-wall issue's budget: a read through the wall takes at most this many times the in-process read.
RATIO_BUDGET = 1.3
LAYERS = 10  # the sharded checkpoint of bench_reading: 4.57 GB


def _time(read, path) -> list[float]:
    seconds = []
    for _ in range(RUNS):
        time.sleep(SETTLE_S)
        start = time.perf_counter()
        read(path)
        seconds.append(time.perf_counter() - start)
    return seconds


def run(workdir: str | None = None) -> SuiteResult:
    """Time both reads of each checkpoint :data:`RUNS` times."""
    import gguf  # noqa: F401 - imported before timing, as the server has
    import tokenizers  # noqa: F401
    import torch  # noqa: F401
    import transformers  # noqa: F401

    from benchmarks.peak_memory_sharded import build_checkpoint
    from dashboard.checkpoints import load_tables
    from dashboard.checkpoints.bundled import BUNDLED
    from dashboard.wall.templates import template
    from dashboard.wall.tables import read_checkpoint

    template("light").start()
    base = Path(tempfile.mkdtemp(prefix="bench-wall-", dir=workdir))
    figures, notes = [], []
    try:
        sources = [(model.name, model.path) for model in BUNDLED]
        size = build_checkpoint(base / "llama-sharded", LAYERS, "safetensors")
        sources.append((f"{size / 1e9:.2f} GB Llama-shaped sharded safetensors", base / "llama-sharded"))
        for name, path in sources:
            here, walled = _time(load_tables, path), _time(read_checkpoint, path)
            figures.append(Figure(f"read the tables of {name} by path through the wall (a child forked from a warm template), "
                                  f"page cache warm, median of {RUNS}", "s", median_of(walled), median_of(here),
                                  "load_tables in the server's process", Budget(RATIO_BUDGET, on="ratio"), RUNS))
            notes.append(f"{name}: through the wall {', '.join(f'{s:.2f}' for s in walled)} s; in-process "
                         f"{', '.join(f'{s:.2f}' for s in here)} s.")
    finally:
        shutil.rmtree(base, ignore_errors=True)
    notes.append("In-process reads of a folder with a tokenizer.json start a tokenizer child of their own for its "
                 "vocabulary; behind the wall the reading child, already capped, reads it itself.")
    return SuiteResult(figures, notes)
