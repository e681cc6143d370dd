"""Hostile files from the command line: `info FILE --json` answers each with exit status 2 and one line, and a config
asking for a huge model is refused before anything is built.

What each costs (seconds, peak memory of the command and its child) is a budget of ``make bench`` (its ``hostile``
suite, :mod:`benchmarks.bench_hostile`); here only what the user sees. For the small files the children's
processor-time cap is cut to :data:`CPU_SECONDS` so those that spin until the cap stops them (hash bombs) end sooner
(the cap is the same mechanism at any value; on a busy machine the answer may be the busy error, one line all the
same); building a model keeps the server's cap, as its imports count against it.
"""

from __future__ import annotations

import pytest

from dashboard.cli import main
from dashboard.errors import ArchiveLimitError, ForwardUnavailableError
from dashboard.forward.loading import load_forward_model
from dashboard.wall.tables import read_checkpoint
from tests import hostile_factories as hostile
from tests.hostile_attacks import FORWARD_HOSTILE, SMALL_HOSTILE

#: Processor seconds a reading child may use here (the server's is ``dashboard.wall.tables.BASE_SECONDS``).
CPU_SECONDS = 4.0


@pytest.fixture
def short_cap(monkeypatch):
    for module in ("tables", "archives", "models", "norms", "runs"):
        monkeypatch.setattr(f"dashboard.wall.{module}.BASE_SECONDS", CPU_SECONDS)


def _size(path) -> int:
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file()) if path.is_dir() else path.stat().st_size


@pytest.mark.parametrize("attack", list(SMALL_HOSTILE))
def test_a_small_hostile_file_is_one_line_and_exit_2(tmp_path, capsys, short_cap, attack):
    path = SMALL_HOSTILE[attack](tmp_path)
    assert _size(path) < 2**20
    capsys.readouterr()
    assert main(["info", str(path), "--json"]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and captured.out == "", captured


def test_a_gguf_of_many_tiny_metadata_values_is_refused_before_the_reader_builds_them(tmp_path):
    # the server's own cap: the reader counts the values before it builds them, which takes more than CPU_SECONDS
    with pytest.raises(ArchiveLimitError, match="200,000 values"):
        read_checkpoint(hostile.gguf_with_many_tiny_tokens(tmp_path))


@pytest.mark.parametrize("attack", list(FORWARD_HOSTILE))
def test_a_config_asking_for_a_huge_model_is_refused_before_anything_is_built(tmp_path, attack):
    tables = read_checkpoint(FORWARD_HOSTILE[attack](tmp_path / "model"))
    with pytest.raises(ForwardUnavailableError, match="asks for"):
        load_forward_model(tables)


def test_the_tiny_model_the_hostile_ones_were_made_from_still_builds(tmp_path):
    model = load_forward_model(read_checkpoint(hostile.hf_folder_with_config(tmp_path / "model")))
    assert model.has_lm_head
