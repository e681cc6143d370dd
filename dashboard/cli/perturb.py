"""Perturb one row of the token table or the output head and watch the other.

A tied model (SmolLM2) holds one matrix under both names, so changing a row
of one moves the same row of the other; an untied one (tiny-gpt-pydocs) only
the row changed. The change is made on the model built by transformers
(GPT-2, Llama, a GGUF, nanoGPT), or on the stored tensors when there is none,
and undone afterwards.

Examples:
  python -m dashboard perturb smollm2-135m --token cat --table token --noise 0.5 --json
  python -m dashboard perturb tiny-gpt-pydocs --token "#262" --table head --zero --prompt "The value of"
  python -m dashboard perturb path/to/gpt2-folder --token the --table token --scale 2 --json
"""

from __future__ import annotations

import argparse
import math

from dashboard.cli.output import print_json, print_table
from dashboard.errors import ForwardUnavailableError

def _finite(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r} is not a finite number")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add SOURCE, ``--token``, ``--table``, the change, ``--seed``, ``--prompt`` and ``--json``."""
    from dashboard.forward.perturbation import DEFAULT_NOISE, DEFAULT_PROMPT

    parser.add_argument("source", help="checkpoint path or bundled name (see `models`)")
    parser.add_argument("--token", required=True, metavar="WORD|#ID",
                        help="the row to change: a word as in running text, a token as the vocabulary shows it, "
                             "or #id (0-based)")
    parser.add_argument("--table", required=True, choices=("token", "head"),
                        help="change the token embedding (token) or the output head (head)")
    change = parser.add_mutually_exclusive_group()
    change.add_argument("--noise", type=_finite, metavar="S",
                        help=f"add Gaussian noise of standard deviation S (default: {DEFAULT_NOISE})")
    change.add_argument("--zero", action="store_true", help="set the row to zeros")
    change.add_argument("--scale", type=_finite, metavar="K", help="multiply the row by K")
    parser.add_argument("--seed", type=int, default=0, help="seed of the noise, so a result repeats (default: 0)")
    parser.add_argument("--prompt", default=None,
                        help=f"text whose next token is predicted before and after (default: {DEFAULT_PROMPT!r}; "
                             "for a checkpoint without a tokenizer, 4 #ids from the changed row on, kept inside the table)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")


def change_from_args(args: argparse.Namespace):
    """The :class:`~dashboard.forward.perturbation.RowChange` the options ask for.

    Raises:
        QueryError: noise scale not above 0.
    """
    from dashboard.forward.perturbation import DEFAULT_NOISE, RowChange

    if args.zero:
        return RowChange("zero", seed=args.seed)
    if args.scale is not None:
        return RowChange("scale", args.scale, seed=args.seed)
    return RowChange("noise", DEFAULT_NOISE if args.noise is None else args.noise, seed=args.seed)


def run(args: argparse.Namespace) -> int:
    """Make the change, print what moved (a table, or JSON with ``--json``); return 0.

    Without ``--prompt``, a checkpoint with no tokenizer gets 4 ``#id`` s from the changed row on, said in JSON
    ``prompt_note`` (``null`` otherwise) and a ``note:`` line.

    Raises:
        NoOutputHeadError: the checkpoint has no output head (all-MiniLM).
        QueryError: the token is not one row, or the prompt is empty or too long.
        ExplorerError: any subclass from :func:`~dashboard.checkpoints.load_tables`.
    """
    from transformers.utils import logging as transformers_logging

    from dashboard.wall.tables import read_checkpoint
    from dashboard.checkpoints.tokenizer import load_tokenizer
    from dashboard.forward.loading import load_forward_model
    from dashboard.forward.perturbation import (
        DEFAULT_PROMPT,
        id_prompt,
        perturbation_document,
        require_output_head,
        resolve_token,
        run_perturbation,
    )
    from dashboard.i18n import msg

    transformers_logging.disable_progress_bar()  # stderr is for the one-line error only
    change = change_from_args(args)
    tables = read_checkpoint(args.source)
    tokenizer = load_tokenizer(tables)
    require_output_head(tables)  # bad input fails before the model loads
    token_id = resolve_token(tables, tokenizer, args.token)
    prompt, prompt_note = args.prompt, None
    if prompt is None and not tokenizer.splits_words:
        # The English default cannot become token ids here; ids can, and the tying answer needs no words.
        prompt = id_prompt(tables, token_id)
        prompt_note = msg("perturb.note.id_prompt", name=tables.name, default=DEFAULT_PROMPT, prompt=prompt)
    try:
        model, note = load_forward_model(tables), None
    except ForwardUnavailableError as error:
        model, note = None, str(error)
    result = run_perturbation(tables, tokenizer, args.token, args.table, change,
                              DEFAULT_PROMPT if prompt is None else prompt, model, note)
    # Which tokenizer read the words, and why when it is a fallback: a run on other tokens must never look the same.
    document = {**perturbation_document(result, args.source), "prompt_note": prompt_note,
                "tokenizer": str(tokenizer.describe)}
    if args.json:
        print_json(document)
        return 0
    other = "head" if result.table == "token" else "token table"
    print(f"{result.describe}: {change.describe()} on row #{result.token_id} ({result.token}) of the "
          f"{'token table' if result.table == 'token' else 'head'}")
    print(f"tying: {result.tying}   one storage (data_ptr): {result.shared_storage}")
    print(f"token row max |change|: {result.token_row_max_abs_change:.6g}   "
          f"head row max |change|: {result.head_row_max_abs_change:.6g}   {other} changed: "
          f"{result.other_table_changed}")
    if result.top5_before:
        print(f"\nnext token after {result.prompt!r}:")
        print_table(["before", "p", "after", "p"],
                    [[b.token, f"{b.probability:.4f}", a.token, f"{a.probability:.4f}"]
                     for b, a in zip(result.top5_before, result.top5_after)], right=[False, True, False, True])
    for line in (prompt_note, result.note):
        if line:
            print(f"note: {line}")
    return 0
