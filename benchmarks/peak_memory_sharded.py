"""Peak memory of reading the tables of a multi-gigabyte sharded checkpoint.

Builds a Llama-shaped checkpoint with random bf16 weights in a temporary
folder (Llama-2-7B widths: vocab_size 32,000, d_model 4,096, MLP 11,008, an
untied head; 10 layers instead of 32, so 4.57 GB), once as sharded
safetensors (``model.safetensors.index.json``, one ``save_file`` per shard)
and once as sharded ``pytorch_model.bin`` (one ``torch.save`` per shard). For
each, ``python -m dashboard info FOLDER --json`` runs in a fresh process and its
peak resident set size (``ru_maxrss`` from ``os.wait4``, read by a small helper
process, see :func:`peak_rss`) is compared with that of
a process that only imports what the reader imports (torch, safetensors,
numpy, gguf, the dashboard package). The folder is deleted at the end unless
``--keep`` is given. Results and method: docs/memory.md.

Usage: python benchmarks/peak_memory_sharded.py [--layers 10] [--workdir /tmp] [--keep]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

VOCAB, D_MODEL, D_MLP, N_HEAD = 32000, 4096, 11008, 32
ROOT = Path(__file__).resolve().parents[1]


def _layer(i: int, generator) -> dict:
    import torch

    def randn(*shape):
        return (torch.randn(*shape, generator=generator, dtype=torch.float32) * 0.02).to(torch.bfloat16)

    p = f"model.layers.{i}."
    return {
        p + "self_attn.q_proj.weight": randn(D_MODEL, D_MODEL), p + "self_attn.k_proj.weight": randn(D_MODEL, D_MODEL),
        p + "self_attn.v_proj.weight": randn(D_MODEL, D_MODEL), p + "self_attn.o_proj.weight": randn(D_MODEL, D_MODEL),
        p + "mlp.gate_proj.weight": randn(D_MLP, D_MODEL), p + "mlp.up_proj.weight": randn(D_MLP, D_MODEL),
        p + "mlp.down_proj.weight": randn(D_MODEL, D_MLP),
        p + "input_layernorm.weight": torch.ones(D_MODEL, dtype=torch.bfloat16),
        p + "post_attention_layernorm.weight": torch.ones(D_MODEL, dtype=torch.bfloat16),
    }


def build_checkpoint(folder: Path, layers: int, kind: str) -> int:
    """Write the sharded checkpoint, one shard at a time (bounded memory); return its size in bytes."""
    import torch
    from safetensors.torch import save_file

    generator = torch.Generator().manual_seed(0)
    folder.mkdir(parents=True)
    shards = [lambda: {"model.embed_tokens.weight": (torch.randn(VOCAB, D_MODEL, generator=generator) * 0.02)
                       .to(torch.bfloat16)}]
    shards += [lambda i=i: _layer(i, generator) for i in range(layers)]
    shards += [lambda: {"model.norm.weight": torch.ones(D_MODEL, dtype=torch.bfloat16),
                        "lm_head.weight": (torch.randn(VOCAB, D_MODEL, generator=generator) * 0.02)
                        .to(torch.bfloat16)}]
    weight_map, total = {}, 0
    for index, make in enumerate(shards, start=1):
        tensors = make()
        if kind == "safetensors":
            name = f"model-{index:05d}-of-{len(shards):05d}.safetensors"
            save_file(tensors, folder / name, metadata={"format": "pt"})
        else:
            name = f"pytorch_model-{index:05d}-of-{len(shards):05d}.bin"
            torch.save(tensors, folder / name)
        weight_map.update({key: name for key in tensors})
        total += sum(t.numel() * t.element_size() for t in tensors.values())
        del tensors
    index_name = "model.safetensors.index.json" if kind == "safetensors" else "pytorch_model.bin.index.json"
    (folder / index_name).write_text(json.dumps({"metadata": {"total_size": total}, "weight_map": weight_map}))
    config = {"model_type": "llama", "architectures": ["LlamaForCausalLM"], "vocab_size": VOCAB,
              "hidden_size": D_MODEL, "intermediate_size": D_MLP, "num_hidden_layers": layers,
              "num_attention_heads": N_HEAD, "num_key_value_heads": N_HEAD, "max_position_embeddings": 4096,
              "rope_theta": 10000.0, "tie_word_embeddings": False, "torch_dtype": "bfloat16"}
    (folder / "config.json").write_text(json.dumps(config))
    return sum(p.stat().st_size for p in folder.iterdir())


#: Runs one command and writes its own peak RSS, wall time and exit status to a JSON file. It runs in a
#: fresh, small interpreter (``-S``: no site-packages) because a child's ``ru_maxrss`` starts from its
#: parent's: Linux carries the parent's high-water mark across fork and exec, so a child of the benchmark
#: process itself (hundreds of MB after building the checkpoint) would report at least that much.
_RSS_HELPER = """\
import json, os, subprocess, sys, time
start = time.perf_counter()
child = subprocess.Popen(sys.argv[2:])
_, status, usage = os.wait4(child.pid, 0)
seconds = time.perf_counter() - start
child.returncode = os.waitstatus_to_exitcode(status)
with open(sys.argv[1], "w") as handle:
    json.dump({"maxrss_kib": usage.ru_maxrss, "seconds": seconds, "status": child.returncode}, handle)
"""


def peak_rss(argv: list[str], env: dict[str, str] | None = None,
             timeout: float | None = None) -> tuple[int, float, str]:
    """Peak resident set size (bytes), wall time (s) and stdout of one fresh process running ``argv``.

    The process is started by a small helper interpreter that reads the
    child's own ``ru_maxrss`` from ``os.wait4`` (see :data:`_RSS_HELPER` for
    why not from this process); the helper's own few MB are the floor of what
    can be reported. Output goes to temporary files, not pipes, so a chatty
    child cannot block.

    Args:
        timeout: seconds after which the helper and the process are killed (``None``: wait for ever).

    Raises:
        RuntimeError: when the process exits with a non-zero status (its stderr tail included).
        TimeoutError: when it runs past ``timeout`` (both killed, as a process group).
    """
    with tempfile.TemporaryDirectory(prefix="peak-rss-") as scratch:
        report = Path(scratch) / "report.json"
        with open(Path(scratch) / "out", "w+b") as out, open(Path(scratch) / "err", "w+b") as err:
            helper = subprocess.Popen([sys.executable, "-S", "-c", _RSS_HELPER, str(report), *argv], stdout=out,
                                      stderr=err, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT), **(env or {})},
                                      start_new_session=True)  # its own process group: a timeout kills both
            try:
                helper.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(helper.pid, signal.SIGKILL)
                helper.wait()
                raise TimeoutError(f"{' '.join(argv)[:200]} ran past {timeout} s and was killed") from None
            out.seek(0), err.seek(0)
            result = json.loads(report.read_text()) if report.exists() else {"status": "no report"}
            if result["status"] != 0:
                raise RuntimeError(f"{' '.join(argv)} failed with status {result['status']}: "
                                   f"{err.read().decode()[-2000:]}")
            return result["maxrss_kib"] * 1024, result["seconds"], out.read().decode()  # Linux reports KiB


def drop_page_cache(folder: Path) -> None:
    # Best effort: ask the kernel to forget the files' pages so reads are cold (needs no root on Linux).
    for path in folder.iterdir():
        with open(path, "rb") as handle:
            os.posix_fadvise(handle.fileno(), 0, 0, os.POSIX_FADV_DONTNEED)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layers", type=int, default=10)
    parser.add_argument("--workdir", default=tempfile.gettempdir())
    parser.add_argument("--keep", action="store_true")
    args = parser.parse_args()
    gib = 2**30
    base = Path(tempfile.mkdtemp(prefix="peak-memory-", dir=args.workdir))
    try:
        imports = "import torch, safetensors.torch, numpy, gguf, dashboard.cli, dashboard.checkpoints"
        baseline, _, _ = peak_rss([sys.executable, "-c", imports])
        print(f"baseline (imports, no checkpoint): peak RSS {baseline / gib:.2f} GiB")
        for kind in ("safetensors", "pytorch"):
            folder = base / kind
            size = build_checkpoint(folder, args.layers, kind)
            drop_page_cache(folder)
            rss, seconds, out = peak_rss([sys.executable, "-m", "dashboard", "info", str(folder), "--json"])
            doc = json.loads(out)
            tables = sum(t["parameters"] for t in doc["tables"] if t["name"] in ("token", "output_head")) * 4
            print(f"{kind}: checkpoint {size / 1e9:.2f} GB ({size / gib:.2f} GiB) in "
                  f"{len(list(folder.iterdir())) - 2} shards; "
                  f"tables read {tables / gib:.2f} GiB float32 (token + untied head); "
                  f"peak RSS {rss / gib:.2f} GiB, {(rss - baseline) / gib:.2f} GiB above baseline; {seconds:.1f} s; "
                  f"verdict {doc['tying']['verdict']}, total_parameters {doc['total_parameters']:,}")
            shutil.rmtree(folder)
    finally:
        if not args.keep:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
