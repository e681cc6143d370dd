"""Command line: ``python -m dashboard COMMAND ...``.

Each command is a module with ``add_arguments(parser)`` and ``run(args) -> int``,
registered once in :data:`COMMANDS`. Bad input prints one line on stderr and
exits with status 2; ``--json`` output goes to stdout.
"""

from __future__ import annotations

import argparse
import sys
from types import ModuleType

from dashboard.cli import info, models, neighbours, positions, project, reorder
from dashboard.errors import ExplorerError

#: Command name -> module implementing it.
COMMANDS: dict[str, ModuleType] = {
    "info": info,
    "models": models,
    "positions": positions,
    "reorder": reorder,
    "neighbours": neighbours,
    "project": project,
}

EXIT_BAD_INPUT = 2


class _OneLineParser(argparse.ArgumentParser):
    """argparse, but usage errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_BAD_INPUT, f"error: {message} (see `python -m {self.prog} --help`)\n")


def build_parser() -> argparse.ArgumentParser:
    parser = _OneLineParser(prog="dashboard", description="Inspect the embedding tables of transformer checkpoints.")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_OneLineParser)
    for name, module in COMMANDS.items():
        command = sub.add_parser(name, help=module.__doc__.splitlines()[0], description=module.__doc__)
        module.add_arguments(command)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return COMMANDS[args.command].run(args)
    except ExplorerError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
