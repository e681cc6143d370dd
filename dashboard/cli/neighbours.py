"""Nearest neighbours of a token, word or expression over the whole token table.

Examples:
  python -m dashboard neighbours default cat --json
  python -m dashboard neighbours default tuesday --k 5 --metric centered
  python -m dashboard neighbours default "king - man + woman" --json

With --json, prints a list of {token, id, score}, nearest first; the query's
own tokens are left out. A word that is several tokens is represented by the
mean of their rows (said on stderr).
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from dashboard.analysis.neighbours import METRICS, build_index, top_k_neighbours
from dashboard.analysis.queries import TermResolver, resolve_expression
from dashboard.cli.output import print_json, print_table
from dashboard.tables import EmbeddingTables


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add SOURCE, QUERY, ``--k``, ``--metric`` and ``--json`` to the ``neighbours`` parser."""
    parser.add_argument("source", help="checkpoint path or bundled name (`default`; see `models`)")
    parser.add_argument("query", help="a word, a token (##ing), #id, or terms joined by ' + ' / ' - '")
    parser.add_argument("--k", type=int, default=10, help="how many neighbours (default 10)")
    parser.add_argument("--metric", choices=list(METRICS), default="cosine",
                        help="cosine (default), dot, or centered: cosine with the mean row removed")
    parser.add_argument("--json", action="store_true", help="print a JSON list of {token, id, score}")


def neighbours_document(tables: EmbeddingTables, query: str, k: int = 10, metric: str = "cosine") -> tuple[
        list[dict[str, Any]], list[str]]:
    """The CLI contract: ``[{token, id, score}, ...]`` nearest first, and notes on how the query was read.

    Raises:
        QueryError: the query cannot be resolved, ``k < 1``, or the query has no direction.
    """
    from dashboard.checkpoints.tokenizer import load_tokenizer

    resolver = TermResolver(tables, load_tokenizer(tables))
    expression, vector = resolve_expression(query, resolver)
    found = top_k_neighbours(build_index(tables.token, n_used=len(tables.vocabulary)), vector, k=k, metric=metric,
                             exclude=expression.ids)
    document = [{"token": tables.token_label(int(i)), "id": int(i), "score": float(s)}
                for i, s in zip(found.ids, found.scores)]
    notes = [term.explain() for term in expression.terms if term.is_split or term.how != "exact token"]
    return document, notes


def run(args: argparse.Namespace) -> int:
    """Print the query's nearest rows (notes on how it was read go to stderr); return 0.

    Raises:
        QueryError: the query cannot be resolved or ``--k`` is below 1 (see :func:`neighbours_document`).
        ExplorerError: any subclass from :func:`~dashboard.checkpoints.load_tables` when SOURCE cannot be read.
    """
    from dashboard.wall.tables import read_checkpoint

    tables = read_checkpoint(args.source)
    document, notes = neighbours_document(tables, args.query, k=args.k, metric=args.metric)
    for note in notes:
        print(f"note: {note}", file=sys.stderr)
    if args.json:
        print_json(document)
    else:
        print_table(["rank", "token", "id", args.metric],
                    [[str(n), d["token"], str(d["id"]), f"{d['score']:.4f}"] for n, d in enumerate(document, 1)],
                    right=[True, False, True, True])
    return 0
