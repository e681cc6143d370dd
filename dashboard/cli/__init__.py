"""Command line: ``python -m dashboard COMMAND ...``.

Each command is a module with ``add_arguments(parser)`` and ``run(args) -> int``, registered in :data:`COMMANDS`.
Only the chosen command's module is imported, and torch only inside ``run``, so light commands start fast.
Bad input prints one line on stderr and exits 2; ``--json`` goes to stdout; stderr stays quiet on success.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from types import ModuleType
from typing import Iterator, Mapping, NamedTuple

from dashboard.errors import ExplorerError


class Command(NamedTuple):
    """One command: the module implementing it and the line ``--help`` lists it with."""

    module: str
    help: str


class CommandRegistry(Mapping[str, ModuleType]):
    """Command name -> its module, imported on first access (listing the names imports nothing)."""

    def __init__(self, commands: Mapping[str, Command]):
        self._commands = dict(commands)

    def __getitem__(self, name: str) -> ModuleType:
        return importlib.import_module(self._commands[name].module)

    def __iter__(self) -> Iterator[str]:
        return iter(self._commands)

    def __len__(self) -> int:
        return len(self._commands)

    def help(self, name: str) -> str:
        """The one-line help of command ``name`` (the first line of its module's docstring)."""
        return self._commands[name].help


#: Command name -> module and one-line help. Add a command with one line here.
COMMANDS = CommandRegistry({
    "info": Command("dashboard.cli.info", "Shapes, parameter accounting and weight tying of a checkpoint or a spec."),
    "models": Command("dashboard.cli.models", "List the bundled checkpoints; the first is the default."),
    "positions": Command("dashboard.cli.positions", "Structure of the position table: neighbour similarity, "
                                                    "closeness to sinusoidal, untrained rows."),
    "reorder": Command("dashboard.cli.reorder", "Reorder a sentence and measure what changes, with and without "
                                                "positions."),
    "neighbours": Command("dashboard.cli.neighbours", "Nearest neighbours of a token, word or expression over the "
                                                      "whole token table."),
    "perturb": Command("dashboard.cli.perturb", "Perturb one row of the token table or the output head and watch "
                                              "the other."),
    "project": Command("dashboard.cli.project", "Project every row of a table to 2D or 3D and write the coordinates "
                                                "as CSV."),
    "precompute": Command("dashboard.cli.precompute", "Compute the maps a deployment will serve, into the cache the "
                                                      "app reads, before any student asks."),
    "compare": Command("dashboard.cli.compare", "Compare one table of two checkpoints that share a vocabulary, "
                                                "after aligning them."),
    "undertrained": Command("dashboard.cli.undertrained", "Under-trained tokens by Land & Bartolo's indicator "
                                                          "(2024, \"Fishing for Magikarp\")."),
})

EXIT_BAD_INPUT = 2

#: Silences the progress bars of tqdm (called directly by transformers' GGUF loader), huggingface_hub and
#: transformers; read at their import, so set before any command module loads.
QUIET_ENVIRONMENT = {"TQDM_DISABLE": "1", "HF_HUB_DISABLE_PROGRESS_BARS": "1"}


class _OneLineParser(argparse.ArgumentParser):
    """argparse, but usage errors are one line on stderr and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(EXIT_BAD_INPUT, f"error: {message} (see `python -m {self.prog} --help`)\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser, with the arguments of ``command`` only (its module's docstring is the description)."""
    parser = _OneLineParser(prog="dashboard", description="Inspect the embedding tables of transformer checkpoints.",
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_OneLineParser)
    for name in COMMANDS:
        if name != command:
            sub.add_parser(name, help=COMMANDS.help(name))
            continue
        module = COMMANDS[name]
        # Raw descriptions keep the line breaks of the docstrings' Examples blocks.
        module.add_arguments(sub.add_parser(name, help=COMMANDS.help(name), description=module.__doc__,
                                            formatter_class=argparse.RawDescriptionHelpFormatter))
    return parser


def _chosen_command(argv: list[str]) -> str | None:
    """The command named in ``argv``: the first argument that is not an option (the top level has only -h)."""
    return next((arg for arg in argv if not arg.startswith("-")), None)


#: Exit status when stdout was closed early, as a shell gives a process killed by SIGPIPE (128 + 13).
EXIT_BROKEN_PIPE = 141


def main(argv: list[str] | None = None) -> int:
    """Run one command; return its exit status (0, or 2 on bad input with one line on stderr)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    for name, value in QUIET_ENVIRONMENT.items():
        os.environ.setdefault(name, value)  # a user's own setting wins
    args = build_parser(_chosen_command(argv)).parse_args(argv)
    try:
        status = COMMANDS[args.command].run(args)
        sys.stdout.flush()  # a closed pipe shows here, inside the try, not in the interpreter's exit
        return status
    except ExplorerError as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except BrokenPipeError:
        # The reader went away (`... | head`): per the signal module's "Note on SIGPIPE", point stdout at devnull so
        # the interpreter's final flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_BROKEN_PIPE
