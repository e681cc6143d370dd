"""Compute the maps a deployment will serve, into the cache the app reads, before any student asks.

Examples:
  python -m dashboard precompute default tiny-gpt-pydocs smollm2-135m --methods pca,umap --dims 2,3
  python -m dashboard precompute runs/my-gpt --methods pca,umap,tsne --workers 4 --json
  python -m dashboard precompute runs/my-gpt --scheduler tcp://10.0.0.5:8786 --json
  python -m dashboard precompute default --methods tsne --dims 2
  EXPLORER_CACHE_DIR=/cache/projections python -m dashboard precompute /models/my-gpt --tables token,head
  python -m dashboard precompute /models/llama3 --methods pca,umap --backend cuml

Each SOURCE is a checkpoint or a training run's folder (each of its checkpoints, plus one ``aligned-pca``
record: every step on the last step's PCA axes, for the Training page). One Dask task per (checkpoint, table,
method, dims), on a local cluster of ``--workers`` processes or on the scheduler ``--scheduler`` names (see
docs/deploy.md), with the Token map's default settings (UMAP: seed 0, n_neighbors 15, min_dist 0.1, cosine;
t-SNE: seed 0, perplexity 30, cosine). Maps land in the projection cache (``EXPLORER_CACHE_DIR``; in Docker
``/cache/projections``) under the key the Token map looks up; a cached map is not computed again. ``--backend``
defaults to what the page would use here (cuML for PCA and UMAP where usable, else cpu). A table a checkpoint
lacks, or one too small for the method, is skipped with a note. ``--prepare`` also converts each tokenizer and
builds each whole model on a worker, as the Docker image does at build. Each map gets a manifest
(``<map>.json``: settings, seed, content hash, versions, trustworthiness on a sample).
Prints one line per map (or, with ``--json``, a list of {source, table, method, dims, backend, rows, status,
seconds, file, worker}; status is ``computed``, ``cached`` or ``skipped``).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from dashboard.maps.projection import DIMS, METHODS, ProjectionSettings
from dashboard.cli.project import add_backend_argument, chosen_backend
from dashboard.analysis.table_rows import TABLE_NAMES
from dashboard.cli.output import print_json, print_table
from dashboard.disk_cache import writable_cache_dir
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
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=None, metavar="N",
                       help="start a local Dask cluster of N worker processes (default: EXPLORER_DASK_WORKERS, 1)")
    where.add_argument("--scheduler", default=None, metavar="tcp://HOST:PORT",
                       help="submit to this running Dask scheduler (its workers must see the same checkpoints and "
                            "EXPLORER_CACHE_DIR)")
    parser.add_argument("--prepare", action="store_true",
                        help="also convert each checkpoint's tokenizer and build its whole model once, kept on disk "
                             "for the bundled ones (what Sentence reorder and Perturb would do at their first visit)")
    parser.add_argument("--json", action="store_true", help="print one record per map as JSON")


def _expand(sources: list[str]) -> tuple[list[str], list[str]]:
    """Each SOURCE, a training run's folder replaced by its checkpoints in step order; and the run folders.

    Raises:
        ExplorerError: a run folder's bookkeeping cannot be read (:func:`~dashboard.wall.runs.discover_run_safely`).
    """
    from pathlib import Path

    from dashboard.errors import RunError
    from dashboard.wall.runs import discover_run_safely

    expanded, runs = [], []
    for source in sources:
        try:
            run = discover_run_safely(Path(source)) if Path(source).is_dir() else None
        except RunError:  # a folder that is one checkpoint, not a run
            run = None
        expanded += [str(path) for path in run.paths] if run is not None else [source]
        runs += [source] if run is not None else []
    return list(dict.fromkeys(expanded)), runs


def _submit(client, sources: list[str], tables_wanted: list[str], settings: list) -> list[tuple]:
    """One :func:`~dashboard.maps.tasks.check_table` task per (source, table) and one map task per
    (source, table, method, dims) that depends on it; answers ``(source, table, check, [(settings, map)])``."""
    from dashboard.maps.tasks import PRECOMPUTE_PRIORITY, TableRef, check_table, submit_map

    jobs = []
    for source in sources:
        for name in tables_wanted:
            check = client.submit(check_table, source, name, pure=False)
            maps = [(setting, submit_map(client, check, setting, priority=PRECOMPUTE_PRIORITY, manifest=True,
                                         key_ref=TableRef("", name, source=source))) for setting in settings]
            jobs.append((source, name, check, maps))
    return jobs


def _record(source: str, name: str, setting, future) -> dict[str, Any]:
    result = future.result()
    return {"source": result.source, "table": name, "method": setting.method, "dims": setting.dims,
            "backend": setting.backend, "rows": result.rows, "status": result.status, "seconds": result.seconds,
            "file": result.file, "worker": result.worker}


def run(args: argparse.Namespace) -> int:
    """Compute or find every requested map on Dask workers; return 0.

    Raises:
        QueryError: a list option names something unknown, a UMAP or t-SNE setting is out of range, or
            ``--backend cuml`` with t-SNE.
        BackendUnavailableError: ``--backend cuml`` where cuML or a GPU is not usable.
        ClusterSettingError, HeavyWorkError: ``--scheduler`` is not an address, or does not answer.
        ExplorerError: a SOURCE cannot be read (raised by its worker, with its class and message).
    """
    tables_wanted = _choices(args.tables, TABLE_NAMES, "tables")
    methods = _choices(args.methods, METHODS, "methods")
    dims = _choices(args.dims, DIMS, "dims", int)
    backends = {m: chosen_backend(args.backend, m) for m in methods}
    settings = [ProjectionSettings(m, d, args.seed, args.n_neighbors, args.min_dist, args.perplexity, backends[m])
                for m in methods for d in dims]
    if args.workers is not None and args.workers < 1:
        raise QueryError(f"--workers takes a number of worker processes, 1 or more, not {args.workers}")
    from dashboard.cluster.client import command_line_settings, connect
    from dashboard.cluster.prepare import align_run_task, prepare_checkpoint

    writable_cache_dir()  # every map is written there: refuse before any work
    sources, runs = _expand(args.sources)
    client = connect(command_line_settings(args.workers, args.scheduler), quiet=True)
    try:
        preparing = [client.submit(prepare_checkpoint, source, pure=False) for source in sources] if args.prepare else []
        aligning = [client.submit(align_run_task, folder, pure=False) for folder in runs]
        records = _gather(_submit(client, sources, tables_wanted, settings), args.json)
        records += [future.result() for future in aligning]
        for future in preparing:
            done = future.result()
            model = done.model or done.model_note or "built at its first use"
            print(f"prepared: {done.source}: tokenizer: {done.tokenizer}; model: {model} ({done.seconds:.1f} s on "
                  f"{done.worker})", file=sys.stderr, flush=True)
    finally:
        cluster = client.cluster
        client.close()
        if cluster is not None:
            cluster.close()
    if args.json:
        print_json(records)
    else:
        print_table(["source", "table", "method", "dims", "status", "worker", "file"],
                    [[r["source"], r["table"], r["method"] or "-", str(r["dims"] or "-"), r["status"],
                      r["worker"] or "-", r["file"] or r.get("note", "")] for r in records])
    return 0


def _gather(jobs: list[tuple], quiet: bool) -> list[dict[str, Any]]:
    """The records of every map, in the order asked for; a table a checkpoint lacks is one ``skipped`` record, a
    map its table is too small for (t-SNE's perplexity, UMAP's neighbours) one ``skipped`` record with the reason."""
    records: list[dict[str, Any]] = []
    for source, name, check, maps in jobs:
        try:
            check.result()
        except QueryError as error:  # this checkpoint has no such table
            records.append({"source": source, "table": name, "method": None, "dims": None, "backend": None,
                            "rows": 0, "status": "skipped", "seconds": 0.0, "file": None, "worker": None,
                            "note": str(error)})
            continue
        for setting, future in maps:
            try:
                records.append(_record(source, name, setting, future))
            except QueryError as error:  # the table is too small for these settings: the other maps go on
                records.append({"source": source, "table": name, "method": setting.method, "dims": setting.dims,
                                "backend": setting.backend, "rows": 0, "status": "skipped", "seconds": 0.0,
                                "file": None, "worker": None, "note": str(error)})
                continue
            if not quiet:
                r = records[-1]
                print(f"{r['status']}: {r['source']} {name} {setting.method} {setting.dims}D ({setting.backend}), "
                      f"{r['rows']:,} rows, {r['seconds']:.1f} s on {r['worker']}", file=sys.stderr, flush=True)
    return records
