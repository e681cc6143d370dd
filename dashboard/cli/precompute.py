"""Compute the maps a deployment will serve, into the cache the app reads, before any student asks.

Examples:
  python -m dashboard precompute default tiny-gpt-pydocs smollm2-135m --methods pca,umap --dims 2,3
  python -m dashboard precompute default --methods tsne --dims 2
  EXPLORER_CACHE_DIR=/cache/projections python -m dashboard precompute /models/my-gpt --tables token,head
  python -m dashboard precompute /models/llama3 --methods pca,umap --backend cuml

Each map is one table (token, head or position) of one SOURCE projected by
one method into 2 or 3 dimensions, with the Token map's default settings
(UMAP: seed 0, n_neighbors 15, min_dist 0.1, cosine; t-SNE: seed 0,
perplexity 30, cosine). It lands in the
projection cache (``EXPLORER_CACHE_DIR``; in Docker ``/cache/projections``),
under the same key the Token map looks up, so the page shows it at once. A
map already cached is not computed again. Maps are computed on the backend
the page would use on this machine (``--backend``, default: cuML for PCA and
UMAP where cuML and a GPU are usable, else cpu), so a server with cuML finds
the maps precomputed on it. A table a checkpoint lacks (a head
for an encoder, a position table for a rotary model) is skipped with a note.
Prints one line per map (or, with ``--json``, a list of {source, table,
method, dims, backend, rows, status, seconds, file}; status is ``computed``,
``cached`` or ``skipped``).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from dashboard.analysis.projection import DIMS, METHODS, ProjectionSettings
from dashboard.cli.project import add_backend_argument, chosen_backend
from dashboard.analysis.token_map import TABLE_NAMES
from dashboard.cli.output import print_json, print_table
from dashboard.errors import QueryError


def _choices(text: str, allowed: tuple | list, what: str, kind=str) -> list:
    """``"pca,umap"`` -> ``["pca", "umap"]``, each checked against ``allowed``.

    Raises:
        QueryError: an empty list, or a value not in ``allowed``.
    """
    try:
        values = [kind(part.strip()) for part in text.split(",") if part.strip()]
    except ValueError as error:
        raise QueryError(f"--{what} {text!r} is not a comma-separated list ({error})") from error
    bad = [v for v in values if v not in allowed]
    if not values or bad:
        raise QueryError(f"--{what} takes a comma-separated list of {', '.join(map(str, allowed))}, not {text!r}")
    return list(dict.fromkeys(values))


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add SOURCE..., ``--tables``, ``--methods``, ``--dims``, the UMAP and t-SNE settings and ``--json``."""
    parser.add_argument("sources", nargs="+", metavar="SOURCE", help="checkpoint paths or bundled names")
    parser.add_argument("--tables", default="token", help=f"comma-separated, from {', '.join(TABLE_NAMES)} "
                                                          "(default token)")
    parser.add_argument("--methods", default="pca,umap", help="comma-separated, from pca, umap, tsne "
                                                               "(default pca,umap)")
    parser.add_argument("--dims", default="2,3", help="comma-separated, from 2, 3 (default both)")
    parser.add_argument("--seed", type=int, default=0, help="UMAP's random_state (default 0, as the page)")
    parser.add_argument("--n-neighbors", type=int, default=15, help="UMAP's n_neighbors (default 15)")
    parser.add_argument("--min-dist", type=float, default=0.1, help="UMAP's min_dist (default 0.1)")
    parser.add_argument("--perplexity", type=float, default=30.0, help="t-SNE's perplexity (default 30, as the page)")
    add_backend_argument(parser)
    parser.add_argument("--json", action="store_true", help="print one record per map as JSON")


def run(args: argparse.Namespace) -> int:
    """Compute or find every requested map; return 0.

    Raises:
        QueryError: a list option names something unknown, a UMAP or t-SNE setting is out of range, or
            ``--backend cuml`` with t-SNE.
        BackendUnavailableError: ``--backend cuml`` where cuML or a GPU is not usable.
        ExplorerError: any subclass from :func:`~dashboard.checkpoints.load_tables` when a SOURCE cannot be read.
    """
    tables_wanted = _choices(args.tables, TABLE_NAMES, "tables")
    methods = _choices(args.methods, METHODS, "methods")
    dims = _choices(args.dims, DIMS, "dims", int)
    backends = {m: chosen_backend(args.backend, m) for m in methods}
    settings = [ProjectionSettings(m, d, args.seed, args.n_neighbors, args.min_dist, args.perplexity, backends[m])
                for m in methods for d in dims]
    from dashboard.analysis.token_map import table_rows
    from dashboard.wall.tables import read_checkpoint
    from dashboard.projection_cache import cache_path, cached_projection, load_cached

    records: list[dict[str, Any]] = []
    for source in args.sources:
        tables = read_checkpoint(source)
        for name in tables_wanted:
            try:
                rows = table_rows(tables, name)
            except QueryError as error:  # this checkpoint has no such table
                records.append({"source": tables.name, "table": name, "method": None, "dims": None, "backend": None,
                                "rows": 0,
                                "status": "skipped", "seconds": 0.0, "file": None, "note": str(error)})
                continue
            for setting in settings:
                path = cache_path(rows.content_hash, rows.name, setting)
                start = time.perf_counter()
                status = "cached" if load_cached(path, len(rows.table)) is not None else "computed"
                projection = cached_projection(rows.table, rows.content_hash, rows.name, setting)
                records.append({"source": tables.name, "table": name, "method": setting.method, "dims": setting.dims,
                                "backend": setting.backend, "rows": projection.n_rows, "status": status,
                                "seconds": round(time.perf_counter() - start, 3), "file": str(path)})
                if not args.json:
                    print(f"{status}: {tables.name} {name} {setting.method} {setting.dims}D ({setting.backend}), "
                          f"{projection.n_rows:,} "
                          f"rows, {records[-1]['seconds']:.1f} s", file=sys.stderr, flush=True)
    if args.json:
        print_json(records)
    else:
        print_table(["source", "table", "method", "dims", "status", "file"],
                    [[r["source"], r["table"], r["method"] or "-", str(r["dims"] or "-"), r["status"],
                      r["file"] or r.get("note", "")] for r in records])
    return 0
