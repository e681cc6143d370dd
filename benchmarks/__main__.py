"""``python -m benchmarks``: run every benchmark, write docs/benchmarks.md, fail on a missed budget.

Usage:
    python -m benchmarks                      # every suite; writes docs/benchmarks.md
    python -m benchmarks --only neighbours    # some suites; writes nothing unless --out is given
    python -m benchmarks --list

Exit status: 0 when every figure meets its budget, 1 when one misses it or a
suite fails, 2 on a bad argument. How long a run took, and on what machine, is
in docs/benchmarks.md ("Machine and load").
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import subprocess
import sys
import time
import traceback
from pathlib import Path

from benchmarks.harness import SuiteResult, missed, read_machine
from benchmarks.report import by_hand_section, render_report, render_summary

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "benchmarks.md"

#: Suite name -> module whose ``run()`` returns a :class:`SuiteResult`, in the order they run.
#: The memory-hungry checkpoint read goes first, while nothing else of ours holds memory.
SUITES = {
    "reading": "benchmarks.bench_reading",
    "wall": "benchmarks.bench_wall",
    "hostile": "benchmarks.bench_hostile",  # every hostile file of tests/hostile_attacks.py in a fresh process: ~5 min
    "vocab_tables": "benchmarks.bench_vocab_tables",
    "full_pca": "benchmarks.bench_full_pca",
    "positions": "benchmarks.bench_positions",
    "token_map": "benchmarks.bench_token_map",
    "neighbours": "benchmarks.bench_neighbours",
    "browser": "benchmarks.bench_browser",
    "webgl_map": "benchmarks.bench_webgl_map",
    "startup": "benchmarks.bench_startup",
    "cold_command": "benchmarks.bench_cold_command",
    "class_load": "benchmarks.bench_class_load",  # scripts/load_test.py: 30 students for 5 min, ~8 min
    "umap_fairness": "benchmarks.bench_umap_fairness",
    "full_umap": "benchmarks.bench_full_umap",  # UMAP of the three large shapes beside plain umap-learn: ~40 min here
    "cuml": "benchmarks.bench_cuml",  # measures only where RAPIDS cuML and a GPU are usable; says why not elsewhere
}


def run_suites(names: list[str]) -> tuple[dict[str, SuiteResult], dict[str, str]]:
    """Run the named suites one after the other; a suite that raises is reported, the rest still run."""
    results, failures = {}, {}
    for name in names:
        print(f"== {name}", flush=True)
        start = time.perf_counter()
        try:
            results[name] = importlib.import_module(SUITES[name]).run()
        except Exception as error:  # noqa: BLE001 - one broken suite must not hide the others' figures
            traceback.print_exc()
            failures[name] = f"{type(error).__name__}: {error}"
            continue
        print(render_summary(results[name].figures), flush=True)
        print(f"   ({time.perf_counter() - start:.0f} s)", flush=True)
    return results, failures


def _commit() -> str:
    """The checked-out commit's short hash, ``+`` when the tree has changes; ``not recorded`` outside git."""
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True,
                              check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "not recorded"
    return head + ("+" if dirty else "")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    parser.add_argument("--only", help=f"comma-separated suites, from: {', '.join(SUITES)}")
    parser.add_argument("--out", type=Path, help="where to write the markdown (default: docs/benchmarks.md "
                                                 "for a full run, nowhere with --only)")
    parser.add_argument("--list", action="store_true", help="print the suites and exit")
    args = parser.parse_args(argv)
    if args.list:
        print("\n".join(SUITES))
        return 0
    names = list(SUITES) if not args.only else [n.strip() for n in args.only.split(",") if n.strip()]
    unknown = [n for n in names if n not in SUITES]
    if unknown:
        parser.error(f"unknown suite {', '.join(unknown)}; choose from {', '.join(SUITES)}")
    out = args.out or (DOC if not args.only else None)

    machine = read_machine()  # before anything runs, so the load average is other people's
    commit = _commit()
    date = datetime.date.today().isoformat()
    start = time.perf_counter()
    results, failures = run_suites(names)
    seconds = time.perf_counter() - start
    if out is not None:
        out.parent.mkdir(parents=True, exist_ok=True)
        by_hand = by_hand_section(out.read_text()) if out.exists() else ""
        command = " ".join(["python -m benchmarks", *(sys.argv[1:] if argv is None else argv)])
        out.write_text(render_report(results, machine, date, failures, seconds, commit=commit, command=command,
                                     by_hand=by_hand))
        print(f"wrote {out}")
    over = missed([f for r in results.values() for f in r.figures])
    for figure in over:
        print(f"budget missed: {figure.what}", file=sys.stderr)
    for name, error in failures.items():
        print(f"suite failed: {name}: {error}", file=sys.stderr)
    return 1 if over or failures else 0


if __name__ == "__main__":
    sys.exit(main())
