"""Time UMAP stage by stage on this machine and fit the model the Token map's estimate uses.

Usage:
    python scripts/measure_umap_stages.py                 # writes models/umap_timings.json
    python scripts/measure_umap_stages.py --quick --out /tmp/t.json

Each run projects a synthetic table (rows in 64 Gaussian clusters, like the
benchmarks' tables) with :func:`dashboard.analysis.projection.project_umap`
exactly as the app does, and records when each stage's first progress label
arrives (the nearest-neighbour graph, the fuzzy simplicial set, the
embedding). A grid of sizes (rows x width, seeded and unseeded) is fitted
(:func:`dashboard.analysis.umap_timing.fit_time_model`); held-out sizes,
not fitted, check the prediction. On 2 cores with nothing else running the
whole run takes about 35 minutes, 20 of them for the 256,000 x 2,304 table
(``--keep-runs`` reuses the runs of an earlier file); the numba compilation is
done first and not timed.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dashboard.analysis.projection import ProjectionSettings, project_umap, warm_umap  # noqa: E402
from dashboard.analysis.umap_timing import STAGES, TIMINGS_PATH, fit_time_model  # noqa: E402

#: (rows, width) fitted: umap-learn's exact regime (below 4,096 rows) and its approximate one, 4 sizes or more each.
#: The last five reach the 128k-256k-row vocabularies and their widths (2,304-4,096). A model fitted to at most
#: 30,000 x 768 was off 2x for them, and one fitted to at most 120,000 x 768 up to 3.4x the other way: at full size
#: the graph and UMAP's PCA start take longer than smaller tables predict (see docs/large-vocabularies.md).
#: Gemma's 256,000 x 2,304 alone takes about 20 minutes (seeded and unseeded).
GRID = ((1_000, 64), (1_000, 768), (3_000, 64), (3_000, 768),
        (5_000, 64), (5_000, 768), (12_000, 256), (30_000, 64), (30_000, 768), (60_000, 256), (120_000, 768),
        (20_000, 4_096), (60_000, 2_304), (256_000, 2_304))
#: (rows, width) measured but not fitted: the check of the prediction.
HELD_OUT = ((2_000, 384), (15_000, 384))
QUICK_GRID = ((600, 16), (600, 64), (1_200, 16), (1_200, 64), (4_200, 16), (4_200, 64), (6_000, 16), (6_000, 64))
QUICK_HELD_OUT = ((900, 32), (5_000, 32))


def clustered_table(rows: int, width: int, seed: int = 0) -> np.ndarray:
    """``(rows, width)`` float32: 64 Gaussian clusters (centres N(0, 1), spread 0.5)."""
    rng = np.random.default_rng(seed)
    centres = rng.standard_normal((64, width)).astype(np.float32)
    return centres[rng.integers(0, 64, rows)] + 0.5 * rng.standard_normal((rows, width)).astype(np.float32)


def time_stages(table: np.ndarray, seeded: bool) -> tuple[dict[str, float], int]:
    """Seconds of each UMAP stage (see :data:`STAGES`) of one fit of ``table`` (n_neighbors=15, 2D), and its epochs."""
    starts: dict[str, float] = {}
    epochs = [0]

    def progress(fraction: float, label) -> None:
        stage = getattr(label, "key", "").rsplit(".", 1)[-1]
        if stage == "epoch":
            stage, epochs[0] = "embed", label.params["total"]
        starts.setdefault(stage, time.perf_counter())

    begin = time.perf_counter()
    project_umap(table, ProjectionSettings("umap", 2, 0 if seeded else None), progress)
    end = starts.get("done", time.perf_counter())
    bounds = [begin, starts["fuzzy"], starts["embed"], end]
    return {stage: bounds[i + 1] - bounds[i] for i, stage in enumerate(STAGES)}, epochs[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=TIMINGS_PATH)
    parser.add_argument("--quick", action="store_true", help="small sizes only (a minute), for a check")
    parser.add_argument("--keep-runs", type=Path, metavar="FILE",
                        help="a timings file written before: keep its runs and measure only the sizes it lacks")
    args = parser.parse_args(argv)
    grid, held = (QUICK_GRID, QUICK_HELD_OUT) if args.quick else (GRID, HELD_OUT)
    warm_umap()
    cores = len(os.sched_getaffinity(0))
    earlier = json.loads(args.keep_runs.read_text()) if args.keep_runs else {"runs": []}
    runs = earlier["runs"]
    kept = {(run["rows"], run["width"], run["seeded"]) for run in runs}
    sizes = [(r, w, False) for r, w in grid] + [(r, w, True) for r, w in held]
    for rows, width, held_out in sizes:
        if all((rows, width, seeded) in kept for seeded in (True, False)):
            continue
        table = clustered_table(rows, width)
        for seeded in (True, False):
            if (rows, width, seeded) in kept:
                continue
            seconds, epochs = time_stages(table, seeded)
            runs.append({"rows": rows, "width": width, "seeded": seeded, "held_out": held_out, "epochs": epochs,
                         "seconds": {k: round(v, 3) for k, v in seconds.items()}})
            print(f"{rows:>7,} x {width:<4} {'seeded  ' if seeded else 'unseeded'} "
                  + "  ".join(f"{k} {v:6.2f} s" for k, v in seconds.items()), flush=True)
    model = fit_time_model([r for r in runs if not r["held_out"]], cores)
    checks = []
    for run in (r for r in runs if r["held_out"]):
        predicted = model.predict(run["rows"], run["width"], run["seeded"]).total
        measured = sum(run["seconds"].values())
        checks.append({"rows": run["rows"], "width": run["width"], "seeded": run["seeded"],
                       "predicted_s": round(predicted, 2), "measured_s": round(measured, 2),
                       "ratio": round(max(predicted / measured, measured / predicted), 3)})
        print(f"held out {run['rows']:,} x {run['width']} seeded={run['seeded']}: predicted {predicted:.1f} s, "
              f"measured {measured:.1f} s", flush=True)
    data = model.to_json()
    data["runs"] = runs
    data["held_out"] = checks
    # The page says estimates come within this factor: the worse of leave-one-out and the held-out sizes.
    data["factor"] = round(max([model.factor] + [check["ratio"] for check in checks]), 3)
    data["leave_one_out_factor"] = round(model.factor, 3)
    data["machine"] = {"cores": cores, "cpu": platform.processor() or platform.machine(),
                       "load_average_at_start": os.getloadavg()[0],
                       "measured": datetime.date.today().isoformat(), "quick": args.quick,
                       "runs_kept_from_an_earlier_file": len(kept)}
    if "machine" in earlier:  # where the kept runs were measured
        data["machine"]["earlier_file"] = earlier["machine"]
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {args.out} (leave-one-out factor {model.factor:.2f}, stated factor {data['factor']:.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
