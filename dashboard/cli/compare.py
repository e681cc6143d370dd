"""Compare one table of two checkpoints that share a vocabulary, after aligning them.

Examples:
  python -m dashboard compare models/tiny-gpt-pydocs/training/step-00000.safetensors tiny-gpt-pydocs --json
  python -m dashboard compare A B --table position --json

A is rotated and scaled onto B by orthogonal Procrustes (both centred). With
--json, prints {rows, procrustes_residual, cka, knn_overlap_at_10,
knn_rows, top_drift}: procrustes_residual is ||s A R - B||_F / ||B||_F in
[0, 1]; cka is linear CKA (Kornblith et al. 2019) in [0, 1];
knn_overlap_at_10 is the mean over rows (all rows, or knn_rows sampled ones
above 8,192) of the share of a row's 10 nearest rows by centred cosine that both
tables agree on, in [0, 1]; top_drift is a list of {id, token, drift},
largest first, drift in units of B's root-mean-square row length. Checkpoints
with different vocabularies are refused (exit status 2). With --table head, a
tied checkpoint (no separate head) is compared by its token table, said in a
``note:`` line on stderr.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from dashboard.cli.output import print_json, print_table
from dashboard.training.compare import COMPARED_TABLES, CheckpointComparison, compare_checkpoints


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add A, B, ``--table``, ``--top`` and ``--json`` to the ``compare`` parser."""
    parser.add_argument("a", help="first checkpoint (path or bundled name); it is aligned onto B")
    parser.add_argument("b", help="second checkpoint (path or bundled name)")
    parser.add_argument("--table", choices=list(COMPARED_TABLES), default="token",
                        help="token (default), position or head (the output head; the token table when tied)")
    parser.add_argument("--top", type=int, default=20, help="rows in top_drift (default 20)")
    parser.add_argument("--json", action="store_true", help="print the measures as one JSON object")


def comparison_document(comparison: CheckpointComparison, top: int = 20) -> dict[str, Any]:
    """The CLI contract: ``rows``, ``procrustes_residual``, ``cka``, ``knn_overlap_at_10``, ``knn_rows``, ``top_drift``."""
    result = comparison.result
    return {
        "rows": result.n_rows,
        "procrustes_residual": result.procrustes_residual,
        "cka": result.cka,
        "knn_overlap_at_10": result.mean_overlap,
        "knn_rows": int(len(result.overlap_ids)),
        "top_drift": comparison.top_drift(top),
    }


def run(args: argparse.Namespace) -> int:
    """Print the comparison of A's and B's table (notes on what stood in for a table go to stderr); return 0.

    Raises:
        ShapeMismatchError: the vocabularies (or position tables) differ; both sizes are named.
        QueryError: a checkpoint lacks the table, or ``--top`` is below 1.
        InvalidTableError: a table has all rows equal (an all-zero step-0 position table).
        ExplorerError: any subclass from :func:`~dashboard.checkpoints.load_tables` when A or B cannot be read.
    """
    from dashboard.wall.tables import read_checkpoint
    from dashboard.errors import QueryError

    if args.top < 1:
        raise QueryError(f"--top must be at least 1, got {args.top}")
    comparison = compare_checkpoints(read_checkpoint(args.a), read_checkpoint(args.b), args.table, k=10)
    for note in comparison.notes:  # a tied checkpoint's head is its token table: said, not silently used
        print(f"note: {note}", file=sys.stderr)
    document = comparison_document(comparison, args.top)
    if args.json:
        print_json(document)
        return 0
    print(f"{COMPARED_TABLES[args.table]} table, {document['rows']:,} rows: {comparison.names[0]} aligned onto "
          f"{comparison.names[1]}")
    print(f"procrustes residual {document['procrustes_residual']:.4f}   linear CKA {document['cka']:.4f}   "
          f"10-NN overlap {document['knn_overlap_at_10']:.4f} (over {document['knn_rows']:,} rows)")
    print_table(["rank", "id", "token", "drift"],
                [[str(n), str(d["id"]), d["token"], f"{d['drift']:.3f}"] for n, d in enumerate(document["top_drift"], 1)],
                right=[True, True, False, True])
    return 0
