"""Project every row of a table to 2D or 3D and write the coordinates as CSV.

Examples:
  python -m dashboard project default --out map.csv
  python -m dashboard project default --method umap --dims 3 --seed 1 --out map3d.csv
  python -m dashboard project default --method umap --unseeded --out fast.csv
  python -m dashboard project default --method tsne --perplexity 50 --out tsne.csv
  python -m dashboard project path/to/gpt2 --table position --out positions.csv
  python -m dashboard project default --method umap --backend cuml --check-cpu --out gpu.csv

Writes one row per table row with columns id, token, x, y[, z] (UTF-8 CSV;
`--out -` writes it to stdout, the summary line still goes to stderr); a row the
method cannot place (an all-zero row under cosine UMAP or t-SNE) has empty
coordinates. Results are cached on disk like the page's (EXPLORER_CACHE_DIR).
--backend cuml computes PCA and UMAP on an NVIDIA GPU with RAPIDS cuML (the
default where cuML and a GPU are usable, as on the Token map page); --backend
cpu always works. --check-cpu prints the trustworthiness of the map and of the
CPU map of the same settings on the same seeded sample of rows.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from pathlib import Path

from dashboard.analysis.table_rows import TABLE_NAMES
from dashboard.checkpoints.user_paths import inspect_path, shorten
from dashboard.errors import QueryError
from dashboard.maps.backends import BACKENDS, best_backend, require_backend
from dashboard.maps.projection import DIMS, METHODS, ProjectionSettings, import_in_background


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add SOURCE, the table and projection settings and ``--out`` to the ``project`` parser."""
    parser.add_argument("source", help="checkpoint path or bundled name (`default`; see `models`)")
    parser.add_argument("--table", choices=list(TABLE_NAMES), default="token", help="which table (default token)")
    parser.add_argument("--method", choices=list(METHODS), default="pca", help="pca (default), umap or tsne")
    parser.add_argument("--dims", type=int, choices=list(DIMS), default=2, help="2 (default) or 3")
    seeding = parser.add_mutually_exclusive_group()
    seeding.add_argument("--seed", type=int, default=0, help="UMAP's and t-SNE's random_state (default 0)")
    seeding.add_argument("--unseeded", action="store_true",
                         help="UMAP or t-SNE without a seed: on every core, faster, and another layout each computation")
    parser.add_argument("--n-neighbors", type=int, default=15, help="UMAP's n_neighbors (default 15)")
    parser.add_argument("--min-dist", type=float, default=0.1, help="UMAP's min_dist (default 0.1)")
    parser.add_argument("--perplexity", type=float, default=30.0, help="t-SNE's perplexity, 2 to 100 (default 30)")
    add_backend_argument(parser)
    parser.add_argument("--check-cpu", action="store_true",
                        help="also compute the CPU map of the same settings and print the trustworthiness of both on "
                             "one seeded sample of rows (for --backend cuml)")
    parser.add_argument("--out", required=True, help="CSV file to write, or - for stdout")


def add_backend_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--backend cpu|cuml`` (default: the best available for each method, as the Token map page)."""
    parser.add_argument("--backend", choices=list(BACKENDS), default=None,
                        help="cpu, or cuml (RAPIDS cuML on an NVIDIA GPU: PCA and UMAP); default: cuml where cuML "
                             "and a GPU are usable, else cpu (t-SNE always cpu)")


def chosen_backend(requested: str | None, method: str) -> str:
    """The backend a map of ``method`` is computed with: ``requested``, checked, or the best available.

    Raises:
        BackendUnavailableError: ``requested`` is ``cuml`` and cuML or a GPU is not usable here.
    """
    if requested is None:
        return best_backend(method)
    require_backend(requested)
    return requested


#: The ``--out`` value that writes the CSV to stdout (the usual Unix convention) instead of a file named "-".
STDOUT = "-"


def _output_file(text: str) -> Path | None:
    """The ``--out`` file, checked before the projection runs; None for ``-`` (stdout).

    Raises:
        UnusablePathError: the path is empty, too long, holds a NUL byte ...
        QueryError: it is a folder, or its folder does not exist.
    """
    if text == STDOUT:
        return None
    found = inspect_path(text, "--out")
    out = found or Path(text).expanduser()
    if (found is not None and found.is_dir()) or not out.parent.is_dir():
        raise QueryError(f"--out {shorten(text)} must be a file in an existing folder")
    return out


#: The library each method imports; a cold command imports it while the checkpoint is read.
_METHOD_LIBRARY = {"pca": "sklearn.decomposition", "umap": "umap", "tsne": "openTSNE"}


def run(args: argparse.Namespace) -> int:
    """Write the projection's coordinates as CSV to ``--out`` (a summary line on stderr); return 0.

    Raises:
        UnusablePathError: ``--out`` is empty, too long or holds a NUL byte.
        QueryError: ``--out`` is a folder, its folder does not exist or it cannot be written, a UMAP or t-SNE
            setting is out of range, the table is too small for the method, or ``--backend cuml`` with t-SNE.
        BackendUnavailableError: ``--backend cuml`` where cuML or a GPU is not usable.
        ExplorerError: any subclass from :func:`~dashboard.checkpoints.load_tables` when SOURCE cannot be read.
    """
    out = _output_file(args.out)
    seed = None if args.unseeded else args.seed
    backend = chosen_backend(args.backend, args.method)
    settings = ProjectionSettings(args.method, args.dims, seed, args.n_neighbors, args.min_dist, args.perplexity,
                                  backend)
    importer = import_in_background("cuml" if backend == "cuml" else _METHOD_LIBRARY[args.method])
    try:
        return _write_projection(args, out, settings)
    finally:
        importer.join()


def _write_projection(args: argparse.Namespace, out: Path | None, settings: ProjectionSettings) -> int:
    """Read SOURCE, project the table (or read the cached map), write ``out`` (None: stdout); raises as :func:`run`."""
    from dashboard.analysis.table_rows import table_rows
    from dashboard.maps.frame import coordinates_csv
    from dashboard.wall.tables import read_checkpoint
    from dashboard.maps.cache import cached_projection

    tables = read_checkpoint(args.source)
    rows = table_rows(tables, args.table)
    projection = cached_projection(rows.table, rows.content_hash, rows.name, settings)
    csv = coordinates_csv(projection, rows.labels)
    try:
        if out is None:
            sys.stdout.flush()  # the bytes go after any text already printed
            sys.stdout.buffer.write(csv)
            sys.stdout.buffer.flush()
        else:
            out.write_bytes(csv)
    except OSError as error:  # a full disk, a read-only folder
        raise QueryError(f"cannot write --out {shorten(args.out)} ({error.strerror or error}); choose a file in "
                         "a folder you can write to") from error
    where = "stdout" if out is None else args.out
    print(f"wrote {projection.n_rows:,} rows to {where}: {projection.describe()}", file=sys.stderr)
    for note in projection.notes:
        print(f"note: {note}", file=sys.stderr)
    if args.check_cpu:
        _print_check(rows, settings, projection)
    return 0


def _print_check(rows, settings: ProjectionSettings, projection) -> None:
    """Print the trustworthiness of ``projection`` and of the CPU map of the same settings (cached like any map)."""
    from dashboard.maps.manifest import SAMPLE_ROWS, compare_with_cpu
    from dashboard.maps.cache import cached_projection

    cpu_settings = dataclasses.replace(settings, backend="cpu")
    cpu = projection if settings.backend == "cpu" else cached_projection(rows.table, rows.content_hash, rows.name,
                                                                         cpu_settings)
    check = compare_with_cpu(rows.table, projection, settings, cpu_projection=cpu)
    print(f"trustworthiness (k={check.n_neighbors}, cosine, {len(check.rows):,} rows sampled with seed 0, at most "
          f"{SAMPLE_ROWS:,}): {check.backend} {check.score:.4f}, cpu {check.cpu_score:.4f} "
          f"(difference {check.difference:+.4f})", file=sys.stderr)
