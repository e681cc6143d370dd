"""Start-up of the command line: only the chosen command is imported, and light commands never load torch.

Each case runs the real entry point (``python -m dashboard``'s ``__main__``)
in a fresh process and records ``sys.modules`` as the process exits. (``-X
importtime`` would miss modules loaded through ``importlib.import_module``,
which is how the registry loads a command.)
"""

import importlib
import os
import subprocess
import sys

import pytest

from dashboard.cli import COMMANDS, main

SPEC = "vocab_size=8449,d_model=768,n_positions=1024,tied=false,total_parameters=120000000"


#: Runs ``python -m dashboard ARGV`` and writes the names in ``sys.modules`` at exit to the file ``sys.argv[1]``.
_RECORD = """
import atexit, runpy, sys
out = sys.argv[1]
atexit.register(lambda: open(out, "w").write("\\n".join(sys.modules)))
sys.argv = ["dashboard"] + sys.argv[2:]
runpy.run_module("dashboard", run_name="__main__", alter_sys=True)
"""


def _imported(tmp_path, *argv: str) -> set[str]:
    """Modules imported by ``python -m dashboard ARGV`` (the process must succeed)."""
    record = tmp_path / "modules.txt"
    result = subprocess.run([sys.executable, "-c", _RECORD, str(record), *argv], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-2000:]
    return set(record.read_text().split("\n"))


@pytest.mark.parametrize("argv", [
    ("models", "--json"),
    ("info", "--spec", SPEC, "--json"),
    ("info", "--spec", SPEC),
    ("--help",),
])
def test_light_commands_do_not_import_torch(tmp_path, argv):
    imported = _imported(tmp_path, *argv)
    assert "dashboard.cli" in imported
    assert not {"torch", "transformers"} & imported


def test_only_the_chosen_command_module_is_imported(tmp_path):
    imported = _imported(tmp_path, "models", "--json")
    assert "dashboard.cli.models" in imported
    assert not {f"dashboard.cli.{name}" for name in COMMANDS if name != "models"} & imported


def test_listing_commands_imports_none_of_them(tmp_path):
    imported = _imported(tmp_path, "--help")
    assert not {f"dashboard.cli.{name}" for name in COMMANDS} & imported


@pytest.mark.parametrize("name", list(COMMANDS))
def test_registry_help_is_the_module_docstring_first_line(name):
    module = importlib.import_module(f"dashboard.cli.{name}")
    assert COMMANDS[name] is module
    assert COMMANDS.help(name) == module.__doc__.splitlines()[0]


@pytest.mark.parametrize("name", list(COMMANDS))
def test_help_keeps_the_example_lines(name, capsys):
    examples = [line for line in COMMANDS[name].__doc__.splitlines() if line.startswith("  python -m dashboard")]
    with pytest.raises(SystemExit) as exited:
        main([name, "--help"])
    assert exited.value.code == 0
    shown = capsys.readouterr().out.splitlines()
    assert all(example in shown for example in examples), "\n".join(shown)


#: Runs one light command through the entry point, then makes a progress bar the
#: way transformers' GGUF loader does (tqdm.auto, after start-up) and prints whether it is disabled.
_BAR_AFTER_COMMAND = """
import runpy, sys
sys.argv = ["dashboard", "models", "--json"]
try:
    runpy.run_module("dashboard", run_name="__main__", alter_sys=True)
except SystemExit:
    pass
from tqdm.auto import tqdm
from huggingface_hub.utils import are_progress_bars_disabled
print(tqdm(range(3), desc="Converting and de-quantizing GGUF tensors...").disable, are_progress_bars_disabled(),
      file=sys.stderr)
"""


def test_progress_bars_are_off_in_the_cli():
    env = {k: v for k, v in os.environ.items() if k not in ("TQDM_DISABLE", "HF_HUB_DISABLE_PROGRESS_BARS")}
    result = subprocess.run([sys.executable, "-c", _BAR_AFTER_COMMAND], capture_output=True, text=True, env=env)
    assert result.returncode == 0 and result.stderr.strip() == "True True", result.stderr[-2000:]



def test_a_reader_that_closes_the_pipe_early_gets_no_traceback(monkeypatch, capsys):
    """``python -m dashboard models --json | head -c 0``: what the command prints has nowhere to go."""
    import io
    import os

    from dashboard.cli import EXIT_BROKEN_PIPE, main

    read_end, write_end = os.pipe()
    os.close(read_end)  # as `head` does once it has its lines
    with capsys.disabled():
        monkeypatch.setattr("sys.stdout", io.TextIOWrapper(io.FileIO(write_end, "w"), encoding="utf-8"))
        assert main(["models", "--json"]) == EXIT_BROKEN_PIPE  # not a BrokenPipeError traceback
