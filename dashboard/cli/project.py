"""Project every row of a table to 2D or 3D and write the coordinates as CSV.

Examples:
  python -m dashboard project default --out map.csv
  python -m dashboard project default --method umap --dims 3 --seed 1 --out map3d.csv
  python -m dashboard project path/to/gpt2 --table position --out positions.csv

Writes one row per table row with columns id, token, x, y[, z]; a row the
method cannot place (an all-zero row under cosine UMAP) has empty
coordinates. Results are cached on disk like the page's (EXPLORER_CACHE_DIR).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from dashboard.analysis.projection import DIMS, METHODS, ProjectionSettings
from dashboard.analysis.token_map import TABLE_NAMES, coordinates_frame, table_rows
from dashboard.checkpoints import load_tables
from dashboard.errors import QueryError
from dashboard.exports import csv_bytes
from dashboard.projection_cache import cached_projection


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("source", help="checkpoint path or bundled name (`default`; see `models`)")
    parser.add_argument("--table", choices=list(TABLE_NAMES), default="token", help="which table (default token)")
    parser.add_argument("--method", choices=list(METHODS), default="pca", help="pca (default) or umap")
    parser.add_argument("--dims", type=int, choices=list(DIMS), default=2, help="2 (default) or 3")
    parser.add_argument("--seed", type=int, default=0, help="UMAP's random_state (default 0)")
    parser.add_argument("--n-neighbors", type=int, default=15, help="UMAP's n_neighbors (default 15)")
    parser.add_argument("--min-dist", type=float, default=0.1, help="UMAP's min_dist (default 0.1)")
    parser.add_argument("--out", required=True, type=Path, help="CSV file to write")


def run(args: argparse.Namespace) -> int:
    if args.out.is_dir() or not args.out.parent.is_dir():
        raise QueryError(f"--out {args.out} must be a file in an existing folder")
    settings = ProjectionSettings(args.method, args.dims, args.seed, args.n_neighbors, args.min_dist)
    tables = load_tables(args.source)
    rows = table_rows(tables, args.table)
    projection = cached_projection(rows.table, tables.content_hash, rows.name, settings)
    args.out.write_bytes(csv_bytes(coordinates_frame(projection, rows.labels)))
    print(f"wrote {projection.n_rows:,} rows to {args.out}: {projection.describe()}", file=sys.stderr)
    for note in projection.notes:
        print(f"note: {note}", file=sys.stderr)
    return 0
