"""Hostile files cost what they hold: each is answered in a fresh process within the time and memory budget.

The one-wall issue's budget: ``python -m dashboard info FILE --json`` answers a hostile file under 1 MB within
:data:`SECONDS` and no process of it (the command or the child behind the wall) goes above :data:`MOST_RSS`; any
file costs at most the import baseline + 1.5 x the float32 tables it really holds + :data:`MARGIN`. For a config
asking for a huge model, building the model for a forward pass is run too. Peak RSS is the largest of the process
and its children (``ru_maxrss`` of ``wait4``, :func:`benchmarks.peak_memory_sharded.peak_rss`). The files are
those of :mod:`tests.hostile_attacks` (the test suite checks what the user sees of each: exit status 2, one line);
one run each, in a fresh process, with the children's real caps.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import numpy as np

from benchmarks.harness import Budget, Figure, SuiteResult
from benchmarks.peak_memory_sharded import peak_rss

MB = 2**20
SECONDS = 60.0
MARGIN = 300 * MB
#: Most resident memory any one process may reach answering a small hostile file.
MOST_RSS = 800 * MB
#: The tokenizer child's address-space cap in MiB here, lower than the server's default (1,024).
TOKENIZER_MB = "200"

#: What the reading process imports before it opens anything (the baseline's own command).
IMPORTS = "import torch, safetensors.torch, numpy, gguf, transformers, dashboard.cli, dashboard.checkpoints"
#: Reads one path as a server does, behind the wall; prints the seconds the answer took (after the imports, which a
#: server has done once) and ``tables`` or ``typed <ErrorClass> <message>``; any other exception exits non-zero.
_READ = IMPORTS + """
import sys, time
from dashboard.errors import ExplorerError
from dashboard.forward.loading import load_forward_model
from dashboard.wall.tables import read_checkpoint
start = time.perf_counter()
try:
    tables = read_checkpoint(sys.argv[1])
    if sys.argv[2] == "forward":
        load_forward_model(tables)
    answer = "tables"
except ExplorerError as error:
    answer = f"typed {type(error).__name__} {str(error)[:300]}"
print(f"{time.perf_counter() - start:.2f}")
print(answer)
"""
#: The command line a user runs: seconds, exit status, then what it printed on stderr.
_INFO = """
import contextlib, io, sys, time
from dashboard.cli import main
err = io.StringIO()
start = time.perf_counter()
with contextlib.redirect_stderr(err):
    code = main(["info", sys.argv[1], "--json"])
print(f"{time.perf_counter() - start:.2f}")
print(code)
print(err.getvalue(), end="")
"""


def _read(path: Path, level: str = "tables") -> tuple[int, float, str]:
    """Peak RSS (bytes), seconds to answer once imported, and the answer line of one fresh reading process."""
    rss, _, out = peak_rss([sys.executable, "-c", _READ, str(path), level], timeout=4 * SECONDS,
                           env={"EXPLORER_TOKENIZER_MB": TOKENIZER_MB})
    seconds, answer = out.split("\n", 1)
    return rss, float(seconds), answer.strip()


def _float64_table(folder: Path) -> tuple[Path, int]:
    """A 75,000 x 1,000 float64 ``.npy`` (600 MB on disk), and its size in bytes as float32."""
    rows, width = 75_000, 1_000
    table = np.lib.format.open_memmap(folder / "token_embedding.npy", mode="w+", dtype=np.float64,
                                      shape=(rows, width))
    for start in range(0, rows, 10_000):
        table[start:start + 10_000] = np.arange(start, min(start + 10_000, rows))[:, None] * 1e-6
    table.flush()
    del table
    return folder / "token_embedding.npy", rows * width * 4


def run(workdir: str | None = None) -> SuiteResult:
    """Answer each hostile file once in a fresh process; a wrong answer is a note and a missed budget."""
    from tests import hostile_factories as hostile
    from tests.hostile_attacks import FORWARD_HOSTILE, SMALL_HOSTILE

    figures, notes = [], []
    baseline, _, _ = peak_rss([sys.executable, "-c", IMPORTS])
    notes.append(f"Import baseline (`{IMPORTS}`): {baseline / MB:.0f} MiB peak RSS.")
    with tempfile.TemporaryDirectory(prefix="bench-hostile-", dir=workdir) as scratch:
        for n, (attack, write) in enumerate(SMALL_HOSTILE.items()):
            folder = Path(scratch) / f"small-{n}"
            folder.mkdir()
            path = write(folder)
            rss, _, out = peak_rss([sys.executable, "-c", _INFO, str(path)], timeout=4 * SECONDS,
                                   env={"EXPLORER_TOKENIZER_MB": TOKENIZER_MB})
            seconds, code, *lines = out.split("\n")
            lines = [line for line in lines if line.strip()]
            answered = code == "2" and len(lines) == 1
            if not answered:
                notes.append(f"{attack}: exit status {code} and {len(lines)} lines, not 2 and one: {out[-300:]}")
            figures.append(Figure(f"`info FILE --json` on a {attack}: seconds to its one line", "s",
                                  float(seconds) if answered else float("inf"), None, "", Budget(SECONDS), 1))
            figures.append(Figure(f"`info FILE --json` on a {attack}: peak RSS of the command or its child", "MiB",
                                  rss / MB, None, "", Budget(MOST_RSS / MB), 1))
        cases = [(f"a config of {attack}", write(Path(scratch) / f"forward-{n}" / "model"), "forward",
                  "typed ForwardUnavailableError")
                 for n, (attack, write) in enumerate(FORWARD_HOSTILE.items())]
        cases.append(("a GGUF of 2,000,000 one-byte tokens", hostile.gguf_with_many_tiny_tokens(Path(scratch)),
                      "tables", "typed ArchiveLimitError"))
        cases.append(("the tiny model the hostile configs were made from",
                      hostile.hf_folder_with_config(Path(scratch) / "honest" / "model"), "forward", "tables"))
        for what, path, level, expected in cases:
            rss, seconds, answer = _read(path, level)
            if not answer.startswith(expected):
                notes.append(f"{what}: answered {answer[:200]!r}, not {expected}")
                seconds = float("inf")
            figures.append(Figure(f"read {what} (and build its model: {level == 'forward'}): seconds", "s", seconds,
                                  None, "", Budget(SECONDS), 1))
            figures.append(Figure(f"read {what}: peak RSS above the import baseline", "MiB", (rss - baseline) / MB,
                                  None, "", Budget(MARGIN / MB), 1))
        path, float32_bytes = _float64_table(Path(scratch))
        rss, _, answer = _read(path)
        figures.append(Figure("read a 75,000 x 1,000 float64 `.npy` (600 MB): peak RSS above the import baseline; "
                              "budget 1.5 x its float32 table + 300 MiB", "MiB",
                              (rss - baseline) / MB if answer == "tables" else float("inf"), None, "",
                              Budget((1.5 * float32_bytes + MARGIN) / MB), 1))
    return SuiteResult(figures, notes)
