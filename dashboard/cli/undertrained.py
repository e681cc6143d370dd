"""Under-trained tokens by Land & Bartolo's indicator (2024, "Fishing for Magikarp").

Examples:
  python -m dashboard undertrained tiny-gpt-pydocs --json
  python -m dashboard undertrained smollm2-135m --indicator cosine --unused 100,101,102

Tied models (head = token table): cosine distance of each head row to the
mean of rows known to be unused, after removing the first principal
component. Untied models and checkpoints without a head: the L2 norm of each
token-table row. Candidates are the rows at or below the 2nd percentile
(special tokens left out). With --json, prints {indicator, threshold,
candidates}: candidates is a list of {id, token, score}, most under-trained
(lowest score) first.
"""

from __future__ import annotations

import argparse
from typing import Any

from dashboard.training.undertrained import INDICATORS, THRESHOLD_PERCENTILE, UndertrainedTokens, parse_ids
from dashboard.cli.output import print_json, print_table
from dashboard.i18n.ordinals import name_percentile
from dashboard.tables import EmbeddingTables


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add SOURCE, ``--indicator``, ``--unused``, ``--percentile`` and ``--json`` to the ``undertrained`` parser."""
    parser.add_argument("source", help="checkpoint path or bundled name (`default`; see `models`)")
    parser.add_argument("--indicator", choices=["auto", *INDICATORS], default="auto",
                        help="auto (default: cosine for tied models, norm otherwise), cosine or norm")
    parser.add_argument("--unused", default=None, metavar="ID,ID,...",
                        help="ids known to be unused, the cosine indicator's reference (default: reserved tokens "
                             "such as [unused0] and padding rows)")
    parser.add_argument("--percentile", type=float, default=THRESHOLD_PERCENTILE,
                        help=f"threshold percentile (default {THRESHOLD_PERCENTILE:g}, the paper's)")
    parser.add_argument("--json", action="store_true", help="print {indicator, threshold, candidates} as JSON")


def undertrained_document(tables: EmbeddingTables, found: UndertrainedTokens) -> dict[str, Any]:
    """The CLI contract: ``indicator`` (its name in the paper's code), ``threshold``, ``candidates`` [{id, token, score}]."""
    return {
        "indicator": found.name,
        "threshold": found.threshold,
        "candidates": [{"id": int(i), "token": tables.token_label(int(i)), "score": float(found.scores[i])}
                       for i in found.candidates],
    }


def run(args: argparse.Namespace) -> int:
    """Print the candidates; return 0.

    Raises:
        QueryError: bad ``--unused`` or ``--percentile``, or the cosine indicator with no known unused rows.
        ExplorerError: any subclass from :func:`~dashboard.checkpoints.load_tables` when SOURCE cannot be read.
    """
    from dashboard.training.undertrained import find_undertrained
    from dashboard.wall.tables import read_checkpoint

    tables = read_checkpoint(args.source)
    found = find_undertrained(tables, args.indicator, parse_ids(args.unused), args.percentile)
    document = undertrained_document(tables, found)
    if args.json:
        print_json(document)
        return 0
    print(f"{found.name} on the {found.table} of {tables.name}: {len(found.candidates):,} candidates at or below "
          f"{found.threshold:.4f} (the {name_percentile(args.percentile)})")
    print_table(["rank", "id", "token", "score"],
                [[str(n), str(c["id"]), c["token"], f"{c['score']:.4f}"] for n, c in enumerate(document["candidates"], 1)],
                right=[True, True, False, True])
    return 0
