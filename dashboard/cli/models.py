"""List the bundled checkpoints; the first is the default.

Examples:
  python -m dashboard models
  python -m dashboard models --json
"""

from __future__ import annotations

import argparse

from dashboard.checkpoints.bundled import BUNDLED
from dashboard.cli.output import print_json, print_table


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add ``--json`` to the ``models`` parser."""
    parser.add_argument("--json", action="store_true", help="print a JSON list of {name, description, format, path}")


def models_document() -> list[dict[str, str]]:
    """The bundled checkpoints as ``{name, description, format, path}``, default first."""
    return [{"name": m.name, "description": m.description, "format": m.format, "path": str(m.path)} for m in BUNDLED]


def run(args: argparse.Namespace) -> int:
    """Print the bundled checkpoints (a table, or JSON with ``--json``); return 0. Never raises on input."""
    document = models_document()
    if args.json:
        print_json(document)
    else:
        print_table(["name", "format", "description"], [[d["name"], d["format"], d["description"]] for d in document])
    return 0
