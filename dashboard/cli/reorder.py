"""Reorder a sentence and measure what changes, with and without positions.

Without position information self-attention is permutation equivariant: the
outputs of the reordered sentence, put back in the original order, equal the
original's to float precision. Positions (and, for causal models, the mask)
break that.

Examples:
  python -m dashboard reorder default "the cat sat on a mat" --json
  python -m dashboard reorder default "the cat sat on a mat" --order shuffle:3
  python -m dashboard reorder path/to/gpt2-folder "the cat sat on a mat" --order 5,4,3,2,1,0 --json
"""

from __future__ import annotations

import argparse

from dashboard.lessons.reorder.analysis import ORDER_HELP
from dashboard.cli.output import print_json, print_table
from dashboard.errors import ForwardUnavailableError

NUMBER_KEYS = ("lookup_max_abs_diff", "attention_max_abs_diff", "model_max_abs_diff", "pooled_cosine")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add SOURCE, SENTENCE, ``--order`` and ``--json`` to the ``reorder`` parser."""
    parser.add_argument("source", help="checkpoint path or bundled name (`default`; see `models`)")
    parser.add_argument("sentence", help="the sentence to reorder, e.g. \"the cat sat on a mat\"")
    parser.add_argument("--order", default="reverse",
                        help=f"{ORDER_HELP}; indices are 0-based over the non-special tokens (default: reverse)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")


def _format(value: float | None, key: str) -> str:
    if value is None:
        return "n/a"
    return f"{value:.6f}" if key == "pooled_cosine" else f"{value:.3g}"


def run(args: argparse.Namespace) -> int:
    """Run the reorder experiment and print its numbers (a table, or JSON with ``--json``); return 0.

    Raises:
        OrderError: ``--order`` cannot be used for this sentence.
        ExplorerError: any subclass from :func:`~dashboard.checkpoints.load_tables`
            or the sentence tokenizer when SOURCE cannot be read.
    """
    from transformers.utils import logging as transformers_logging

    from dashboard.wall.tables import read_checkpoint
    from dashboard.lessons.reorder.experiment import SETTINGS, experiment_document, plan_reorder, run_reorder_experiment
    from dashboard.forward.loading import load_forward_model
    from dashboard.checkpoints.tokenizer import load_tokenizer

    transformers_logging.disable_progress_bar()  # stderr is for the one-line error only
    tables = read_checkpoint(args.source)
    tokenizer = load_tokenizer(tables)
    plan_reorder(tables, tokenizer, args.sentence, args.order)  # bad input fails before the model loads
    try:
        model, note = load_forward_model(tables), None
    except ForwardUnavailableError as error:
        model, note = None, str(error)
    experiment = run_reorder_experiment(tables, tokenizer, args.sentence, args.order, model, note)
    document = {**experiment_document(experiment, tables, args.sentence, args.order),
                "tokenizer": str(tokenizer.describe)}  # which tokenizer split the sentence, and why when a fallback
    if args.json:
        print_json(document)
        return 0
    print(f"tokens:          {' '.join(document['tokens'])}")
    print(f"permuted tokens: {' '.join(document['permuted_tokens'])}")
    print(f"causal: {document['causal']}   positions: {document['position_kind']}")
    print()
    print_table(["level"] + list(SETTINGS),
                [[key] + [_format(document[s][key], key) for s in SETTINGS] for key in NUMBER_KEYS],
                right=[False, True, True])
    if note:
        print(f"note: {note}")
    if experiment.unknown_words:
        print(f"note: {', '.join(experiment.unknown_words)} became the unknown token and move like any word")
    return 0
