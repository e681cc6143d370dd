"""Shapes, parameter accounting and weight tying of a checkpoint or a spec.

Examples:
  python -m dashboard info default --json
  python -m dashboard info path/to/model-folder
  python -m dashboard info --spec vocab_size=8449,d_model=768,n_positions=1024,tied=false,total_parameters=120000000
  python -m dashboard info tables.npz --token-array wte --position-array wpe --vocab vocab.txt
"""

from __future__ import annotations

import argparse
from typing import Any

from dashboard.analysis.accounting import (
    TABLE_NAMES,
    ModelSpec,
    ParameterRow,
    format_count,
    format_shape,
    format_share,
    parameter_rows,
    parse_spec,
    spec_from_tables,
)
from dashboard.cli.output import print_json, print_table
from dashboard.errors import SpecError
from dashboard.tables import TYING_LABELS, EmbeddingTables


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add SOURCE, ``--spec``, ``--json`` and the NumPy array options to the ``info`` parser."""
    parser.add_argument("source", nargs="?", help="checkpoint path or bundled name (`default`; see `models`)")
    parser.add_argument("--spec", help="account from a spec alone, e.g. vocab_size=8449,d_model=768,n_positions=1024,"
                                       "tied=false,total_parameters=120000000 (or n_layer=12 for the GPT-2 formula)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    arrays = parser.add_argument_group("NumPy .npy/.npz files")
    arrays.add_argument("--token-array", metavar="NAME", help="the .npz array that is the token table")
    arrays.add_argument("--position-array", metavar="NAME", help="the .npz array that is the position table")
    arrays.add_argument("--vocab", metavar="FILE", help="vocabulary file, one token a line (line i is token id i)")


def _tables_list(rows: list[ParameterRow]) -> list[dict[str, Any]]:
    return [{"name": r.name, "shape": None if r.shape is None else list(r.shape),
             "parameters": r.parameters, "share_of_total": r.share} for r in rows if r.name in TABLE_NAMES]


def _common(spec: ModelSpec, rows: list[ParameterRow]) -> dict[str, Any]:
    embeddings = next(r for r in rows if r.name == "embeddings")
    return {
        "vocab_size": spec.vocab_size,
        "d_model": spec.d_model,
        "n_positions": spec.n_positions or None,
        "tables": _tables_list(rows),
        "embedding_parameters": embeddings.parameters,
        "total_parameters": spec.resolved_total(),
    }


def info_document(tables: EmbeddingTables) -> dict[str, Any]:
    """The JSON document for loaded tables (the CLI contract; keys only ever added).

    Shares are fractions in [0, 1]; ``unused_rows`` lists 0-based token-table rows no token maps to (padding).
    """
    spec = spec_from_tables(tables)
    rows = parameter_rows(spec)
    return {
        "source": tables.source,
        "format": tables.format,
        "architecture": tables.architecture,
        **_common(spec, rows),
        "position_kind": tables.position_kind,
        "source_dtype": tables.source_dtype,
        "tying": {"verdict": tables.tying.verdict, "label": tables.tying.label, "evidence": tables.tying.evidence,
                  "max_abs_diff": tables.tying.max_abs_diff, "config_note": tables.tying.config_note,
                  "ambiguous": tables.tying.ambiguous, "head_missing": tables.tying.head_missing},
        "n_tokens": len(tables.vocabulary),
        "token_scheme": tables.vocabulary.scheme,
        "unused_rows": list(tables.unused_rows),
        "notes": list(tables.notes),
    }


def spec_document(spec: ModelSpec) -> dict[str, Any]:
    """The same JSON keys as :func:`info_document`, from a spec alone."""
    rows = parameter_rows(spec)
    verdict = {"tied": "tied-implied", "untied": "untied", "none": "no-head"}[spec.head]
    return {
        "source": "spec",
        "format": "spec",
        "architecture": "gpt2-formula" if spec.n_layer is not None and spec.total_parameters is None else None,
        **_common(spec, rows),
        "position_kind": "learned" if spec.n_positions else "none",
        "source_dtype": None,
        "tying": {"verdict": verdict, "label": TYING_LABELS[verdict],
                  "evidence": f"from the spec (head={spec.head}); no weights to check", "max_abs_diff": None,
                  "config_note": None, "ambiguous": False, "head_missing": False},
        "n_tokens": spec.vocab_size,
        "token_scheme": None,
        "unused_rows": [],
        "notes": [],
    }


def _print_readable(document: dict[str, Any], rows: list[ParameterRow]) -> None:
    print(f"{document['source']}  ({document['format']}, {document['architecture'] or 'architecture unknown'})")
    print(f"vocab_size {document['vocab_size']:,}   d_model {document['d_model']:,}   "
          f"positions: {document['position_kind']}"
          + (f" ({document['n_positions']:,})" if document["n_positions"] else ""))
    print(f"weight tying: {document['tying']['label']}: {document['tying']['evidence']}")
    if document["tying"]["config_note"]:
        print(f"  note: {document['tying']['config_note']}")
    print()
    print_table(["component", "shape", "parameters", "share"],
                [[r.component, format_shape(r.shape), format_count(r.parameters), format_share(r.share)] for r in rows],
                right=[False, True, True, True])
    for note in document["notes"]:
        print(f"note: {note}")


def run(args: argparse.Namespace) -> int:
    """Print the accounting of a checkpoint or a spec (readable, or JSON with ``--json``); return 0.

    Raises:
        SpecError: both or neither of SOURCE and ``--spec`` were given, or the spec is malformed.
        ExplorerError: any subclass from :func:`~dashboard.checkpoints.load_tables` when SOURCE cannot be read.
    """
    if (args.source is None) == (args.spec is None):
        raise SpecError("give either a SOURCE (path or bundled name) or --spec, not both and not neither")
    if args.spec is not None:
        spec = parse_spec(args.spec)
        document = spec_document(spec)
    else:
        from dashboard.wall.tables import read_checkpoint  # --spec is arithmetic and needs no reader

        tables = read_checkpoint(args.source, token_array=args.token_array, position_array=args.position_array,
                             vocab_file=args.vocab)
        spec = spec_from_tables(tables)
        document = info_document(tables)
    if args.json:
        print_json(document)
    else:
        _print_readable(document, parameter_rows(spec))
    return 0
