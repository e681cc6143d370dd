"""Reading the tables of today's large vocabularies: peak RSS of ``info`` for three shapes, bf16 and float32.

The shapes (issue 18): Llama 3's 128,256 x 4,096 and Qwen2's 151,936 x 3,584,
both with an untied output head, and Gemma's 256,000 x 2,304, tied. Each
checkpoint is built as sharded safetensors (``model.safetensors.index.json``;
the token table in one shard, the head in another), rows drawn around 64
random centres (norm about 0.4, spread 0.02 per coordinate), with a Llama-style
``config.json`` and no layers; it is deleted after its runs. Each run is a
fresh process with the files' pages dropped from the page cache, its peak RSS
from ``os.wait4`` (:func:`benchmarks.peak_memory_sharded.peak_rss`):

- ours: ``python -m dashboard info FOLDER --json`` (reads and widens the token
  table and, when untied, the head; decides weight tying);
- the alternative: a plain script reading the same tensors with
  ``safetensors.torch.load_file`` and ``.float().numpy().copy()`` (float32
  arrays in memory, as ``info`` holds them).

On this machine (a VM) writing fresh memory is slow: filling a new 2.2 GB
float32 array takes 30-50 s whatever writes it (measured with a plain NumPy
loop), so the times in the notes are dominated by that, for both.

Budget: the import baseline (a process importing what ``info`` imports) plus
1.5 x the float32 bytes of the tables read.
"""

from __future__ import annotations

import json
import shutil
import sys
import tempfile
from pathlib import Path

from benchmarks.harness import Budget, Figure, SuiteResult, median_of
from benchmarks.peak_memory_sharded import drop_page_cache, peak_rss

RUNS = 1  # each run reads 1.2-4.2 GB from disk, for six checkpoints
GIB = 2**30
MEMORY_FACTOR = 1.5
#: name -> (vocab_size, d_model, tied)
SHAPES = {"Llama 3": (128_256, 4_096, False), "Qwen2": (151_936, 3_584, False), "Gemma": (256_000, 2_304, True)}
DTYPES = ("bf16", "f32")
IMPORTS = "import safetensors, numpy, gguf, dashboard.cli, dashboard.checkpoints"
PLAIN = """\
import json, sys
from pathlib import Path
from safetensors.torch import load_file
folder = Path(sys.argv[1])
files = sorted(set(json.loads((folder / "model.safetensors.index.json").read_text())["weight_map"].values()))
# .copy(): a float32 table in memory, as info holds it (for float32 files .float().numpy() is only a view of the
# memory-mapped file, nothing resident until read).
tables = [t.float().numpy().copy() for f in files for t in load_file(folder / f).values()]
print([t.shape for t in tables])
"""


def build_checkpoint(folder: Path, vocab_size: int, d_model: int, tied: bool, dtype: str) -> int:
    """Write the sharded checkpoint, a block of rows at a time; return its size in bytes."""
    import numpy as np
    import torch
    from safetensors.torch import save_file

    generator = np.random.default_rng(0)
    centres = generator.standard_normal((64, d_model)).astype(np.float32) * 0.05
    torch_dtype = torch.bfloat16 if dtype == "bf16" else torch.float32
    folder.mkdir(parents=True)
    names = {"model.embed_tokens.weight": "model-00001-of-00002.safetensors"}
    if not tied:
        names["lm_head.weight"] = "model-00002-of-00002.safetensors"
    for name, shard in names.items():
        table = torch.empty((vocab_size, d_model), dtype=torch_dtype)
        for start in range(0, vocab_size, 8192):
            stop = min(start + 8192, vocab_size)
            rows = centres[generator.integers(0, 64, stop - start)]
            rows = rows + generator.standard_normal((stop - start, d_model)).astype(np.float32) * 0.02
            table[start:stop] = torch.from_numpy(rows).to(torch_dtype)
        save_file({name: table}, str(folder / shard))
        del table
    (folder / "model.safetensors.index.json").write_text(json.dumps({"metadata": {}, "weight_map": names}))
    (folder / "config.json").write_text(json.dumps({
        "architectures": ["LlamaForCausalLM"], "model_type": "llama", "vocab_size": vocab_size,
        "hidden_size": d_model, "num_hidden_layers": 0, "num_attention_heads": 8, "intermediate_size": 4 * d_model,
        "tie_word_embeddings": tied, "max_position_embeddings": 8192,
        "torch_dtype": "bfloat16" if dtype == "bf16" else "float32"}))
    return sum(p.stat().st_size for p in folder.iterdir())


def _peak(argv: list[str], folder: Path) -> tuple[int, float, str]:
    drop_page_cache(folder)
    return peak_rss(argv, env={"HF_HUB_OFFLINE": "1"})


def run(workdir: str | None = None) -> SuiteResult:
    """Build each checkpoint in turn, measure ours and the plain script, delete it."""
    base_rss = median_of([peak_rss([sys.executable, "-c", IMPORTS])[0] for _ in range(3)]) / GIB
    figures, notes = [], []
    for shape, (vocab_size, d_model, tied) in SHAPES.items():
        for dtype in DTYPES:
            scratch = Path(tempfile.mkdtemp(prefix="bench-vocab-", dir=workdir))
            try:
                folder = scratch / "model"
                size = build_checkpoint(folder, vocab_size, d_model, tied, dtype)
                ours = [_peak([sys.executable, "-m", "dashboard", "info", str(folder), "--json"], folder)
                        for _ in range(RUNS)]
                plain = [_peak([sys.executable, "-c", PLAIN, str(folder)], folder) for _ in range(RUNS)]
            finally:
                shutil.rmtree(scratch, ignore_errors=True)
            doc = json.loads(ours[0][2])
            tables_read = 1 if tied else 2
            table_gib = tables_read * vocab_size * d_model * 4 / GIB
            limit = base_rss + MEMORY_FACTOR * table_gib
            figures.append(Figure(
                f"read: peak RSS of `info` on {shape}'s {vocab_size:,} x {d_model:,} ({'tied' if tied else 'untied'}, "
                f"{dtype}, {size / 1e9:.2f} GB sharded safetensors, cold); budget = import baseline "
                f"{base_rss:.2f} GiB + {MEMORY_FACTOR} x {table_gib:.2f} GiB of float32 tables read", "GiB",
                median_of([r for r, _, _ in ours]) / GIB, median_of([r for r, _, _ in plain]) / GIB,
                "safetensors.torch.load_file + .float().numpy().copy()", Budget(round(limit, 2)), RUNS))
            notes.append(f"{shape} {dtype}: info took {median_of([s for _, s, _ in ours]):.1f} s (plain script "
                         f"{median_of([s for _, s, _ in plain]):.1f} s); tying verdict `{doc['tying']['verdict']}`.")
    notes.append(f"Import baseline: a process running `{IMPORTS}`, median peak RSS {base_rss:.2f} GiB of 3 runs.")
    return SuiteResult(figures, notes)


if __name__ == "__main__":
    from benchmarks.report import render_summary

    result = run()
    print(render_summary(result.figures))
    print("\n".join(result.notes))
