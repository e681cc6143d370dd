"""Reading the tables of a 4.6 GB sharded checkpoint: `dashboard info` against `from_pretrained`.

The checkpoint is the Llama-shaped one of :mod:`benchmarks.peak_memory_sharded`
(Llama-2-7B widths, 10 layers, untied head, random bf16 weights, 12
safetensors shards, 4.57 GB), built in a temporary folder and deleted at the
end. Each run starts a fresh process with the checkpoint's file pages dropped
from the page cache (``posix_fadvise(POSIX_FADV_DONTNEED)``), so every read
comes from disk, and takes that process's peak resident set size from
``os.wait4``:

- ours: ``python -m dashboard info FOLDER --json`` (reads the token table and
  the output head, both widened to float32, and decides weight tying);
- the alternative: what a user would otherwise write,
  ``AutoModelForCausalLM.from_pretrained(FOLDER)`` with transformers' default
  settings, then the input and output embeddings as float32 numpy arrays
  (the same two arrays ours returns); also measured without touching them;
- the baseline: a process that imports what the reader imports and reads
  nothing, for the issue's memory target.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

from benchmarks.harness import Budget, Figure, SuiteResult, median_of
from benchmarks.peak_memory_sharded import ROOT, build_checkpoint, drop_page_cache, peak_rss

RUNS = 3  # each run reads 0.5-4.6 GB from disk; three keep the suite near five minutes
LAYERS = 10  # 4.57 GB: above the 4 GB, small enough for a shared 24 GiB machine
GIB = 2**30

#: Issue 9's target: peak memory within 1.5x the bytes of the tables read, plus the interpreter's baseline.
#: 1.5x leaves room for the file pages mapped while a table is read (0.26 GiB measured, docs/memory.md).
MEMORY_FACTOR = 1.5
#: The read took 3.8 s to 15.8 s cold here, run to run, as the shared machine's load (and its disk's) moved
#: between 4 and 6.5 on 2 cores; from_pretrained of the same two tables took 6.3-17 s in the same runs.
#: 30 s leaves room for that while reading every shard (4.6 GB instead of 0.5 GB) would not fit in it.
SECONDS_BUDGET = 30.0

IMPORTS = "import torch, safetensors.torch, numpy, gguf, dashboard.cli, dashboard.checkpoints"
#: The alternative: the whole model through transformers, then the same two float32 arrays ``info`` reads
#: (the token table and the output head it compares for weight tying).
FROM_PRETRAINED = """\
import sys
from transformers import AutoModelForCausalLM
model = AutoModelForCausalLM.from_pretrained(sys.argv[1])
token = model.get_input_embeddings().weight.detach().float().numpy()
head = model.get_output_embeddings().weight.detach().float().numpy()
print(token.shape, token.dtype, head.shape, head.dtype)
"""
#: The same without using the tables: transformers 5 memory-maps safetensors shards whose dtype matches, so
#: until a weight is touched its pages are not resident. Reported in the notes, to show what that costs.
FROM_PRETRAINED_UNTOUCHED = """\
import sys
from transformers import AutoModelForCausalLM
table = AutoModelForCausalLM.from_pretrained(sys.argv[1]).get_input_embeddings().weight
print(tuple(table.shape), table.dtype)
"""
OFFLINE = {"HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}


def _measure(argv: list[str], folder: Path) -> tuple[list[int], list[float], str]:
    rss, seconds, out = [], [], ""
    for _ in range(RUNS):
        drop_page_cache(folder)
        peak, wall, out = peak_rss(argv, env=OFFLINE)
        rss.append(peak)
        seconds.append(wall)
    return rss, seconds, out


def run(workdir: str | None = None) -> SuiteResult:
    """Build the checkpoint, measure both readers :data:`RUNS` times each, delete the checkpoint."""
    base = Path(tempfile.mkdtemp(prefix="bench-reading-", dir=workdir))
    try:
        folder = base / "llama-sharded"
        size = build_checkpoint(folder, LAYERS, "safetensors")
        baseline = [peak_rss([sys.executable, "-c", IMPORTS])[0] for _ in range(RUNS)]
        ours_rss, ours_s, out = _measure([sys.executable, "-m", "dashboard", "info", str(folder), "--json"], folder)
        doc = json.loads(out)
        theirs_rss, theirs_s, theirs_out = _measure([sys.executable, "-c", FROM_PRETRAINED, str(folder)], folder)
        lazy_rss, lazy_s, lazy_out = _measure([sys.executable, "-c", FROM_PRETRAINED_UNTOUCHED, str(folder)], folder)
    finally:
        shutil.rmtree(base, ignore_errors=True)

    read = {t["name"]: t["parameters"] for t in doc["tables"] if t["name"] in ("token", "output_head")}
    table_bytes = sum(read.values()) * 4  # both returned as float32
    base_gib = median_of(baseline) / GIB
    limit = base_gib + MEMORY_FACTOR * table_bytes / GIB
    what = (f"{size / 1e9:.2f} GB Llama-shaped sharded safetensors checkpoint, tables read cold from disk, "
            f"median of {RUNS}")
    label = "from_pretrained, both tables as float32"
    figures = [
        Figure(f"read the tables: wall time of `python -m dashboard info PATH --json` ({what})", "s",
               median_of(ours_s), median_of(theirs_s), label, Budget(SECONDS_BUDGET), RUNS),
        Figure(f"read the tables: peak RSS of that process ({what}); budget = import baseline "
               f"{base_gib:.2f} GiB + {MEMORY_FACTOR} x {table_bytes / GIB:.2f} GiB of float32 tables read",
               "GiB", median_of(ours_rss) / GIB, median_of(theirs_rss) / GIB, label, Budget(round(limit, 2)), RUNS),
    ]
    notes = [
        f"Checkpoint: vocab_size 32,000, d_model 4,096, MLP 11,008, {LAYERS} layers, untied head, random bf16 "
        f"weights, {size / 1e9:.2f} GB in {LAYERS + 2} safetensors shards, built in a temporary folder and deleted "
        "after the suite (`benchmarks/peak_memory_sharded.py` builds it; docs/memory.md breaks the memory down).",
        f"Tables read by ours: {', '.join(f'{k} {v:,} parameters' for k, v in read.items())}, "
        f"{table_bytes / GIB:.2f} GiB as float32; tying verdict `{doc['tying']['verdict']}`, "
        f"total_parameters {doc['total_parameters']:,}.",
        "Alternative: `AutoModelForCausalLM.from_pretrained(PATH)` with transformers' defaults in a fresh process, "
        "then `get_input_embeddings().weight` and `get_output_embeddings().weight` as float32 numpy arrays, the same "
        f"two arrays ours returns; it printed `{theirs_out.strip()}`.",
        "Without touching the tables (`from_pretrained(PATH).get_input_embeddings().weight`, which printed "
        f"`{lazy_out.strip()}`): median {median_of(lazy_s):.1f} s, peak RSS {median_of(lazy_rss) / GIB:.2f} GiB "
        f"(runs: {_secs(lazy_s)} s; {_gib(lazy_rss)} GiB). transformers 5 memory-maps the bf16 shards, so weights "
        "nobody reads are never resident; the cost appears when the table is used.",
        f"Baseline for the memory budget: a process that only runs `{IMPORTS}`: "
        f"median peak RSS {base_gib:.2f} GiB over {RUNS} runs.",
        f"Every run is a fresh process (`{sys.executable} ...`, cwd {ROOT.name}) whose peak RSS is `ru_maxrss` "
        "from `os.wait4`: the largest of the command and its reading child behind the wall, which never hold the "
        "tables at once (the child has ended before the command maps the `.npy` files it wrote); the checkpoint's pages are dropped from the page cache before each run "
        f"(`posix_fadvise(DONTNEED)`). Per-run peak RSS, GiB: ours {_gib(ours_rss)}, "
        f"from_pretrained {_gib(theirs_rss)}; seconds: ours {_secs(ours_s)}, from_pretrained {_secs(theirs_s)}.",
    ]
    return SuiteResult(figures, notes)


def _gib(values: list[int]) -> str:
    return ", ".join(f"{v / GIB:.2f}" for v in values)


def _secs(values: list[float]) -> str:
    return ", ".join(f"{v:.1f}" for v in values)
