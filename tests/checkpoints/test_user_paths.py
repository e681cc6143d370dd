"""Hostile paths typed by a user: every one becomes a typed error that says what was wrong.

The operating system answers a bad path with an ``OSError`` (too long,
permission denied), a ``ValueError`` (a NUL byte) or a ``RuntimeError``
(``~nosuchuser``); none of them may escape :func:`load_tables` or the CLI.
Permission errors are simulated (the tests may run as root, who is never
refused).
"""

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from dashboard.checkpoints import find_checkpoint, load_tables, resolve_source
from dashboard.checkpoints.user_paths import inspect_path
from dashboard.errors import CheckpointReadError, SourceNotFoundError, UnusablePathError
from tests import factories


@pytest.mark.parametrize("source, fragment", [
    ("b" * 300, "too long"),
    ("./" + "b" * 300 + "/c", "too long"),
    ("x/" * 2100, "too long"),  # over PATH_MAX (4,096 bytes) with every name short
    ("", "give a path or a bundled name"),
    ("   ", "give a path or a bundled name"),
    ("model\x00.npz", "NUL"),
    ("~no_such_user_for_tests/model", "no such user"),
])
def test_unusable_sources_are_typed(source, fragment):
    with pytest.raises(UnusablePathError, match=fragment):
        load_tables(source)


def test_too_long_name_is_shown_shortened():
    with pytest.raises(UnusablePathError) as caught:
        resolve_source("b" * 5000)
    message = str(caught.value)
    assert "(5,000 characters)" in message and len(message) < 400


def test_a_file_used_as_a_folder_is_not_found(tmp_path):
    np.save(tmp_path / "emb.npy", np.ones((3, 2), np.float32))
    with pytest.raises(SourceNotFoundError, match="neither an existing path"):
        load_tables(tmp_path / "emb.npy" / "inner")


def _refuse(monkeypatch, target: Path, function: str):
    """Make ``os.<function>`` refuse ``target`` with EACCES, as for a user without permission."""
    real = getattr(os, function)

    def refusing(path, *args, **kwargs):
        if os.fspath(path) == str(target):
            raise PermissionError(errno.EACCES, "Permission denied", str(target))
        return real(path, *args, **kwargs)

    monkeypatch.setattr(os, function, refusing)


def test_permission_denied_while_looking_up(tmp_path, monkeypatch):
    target = tmp_path / "locked" / "model.npy"
    _refuse(monkeypatch, target, "stat")
    with pytest.raises(UnusablePathError, match="permission denied"):
        load_tables(target)


def test_unlistable_folder_is_typed(tmp_path, monkeypatch):
    folder = tmp_path / "models"
    (folder / "a").mkdir(parents=True)
    (folder / "b").mkdir()
    for function in ("listdir", "scandir"):  # Path.iterdir uses one or the other, by Python version
        _refuse(monkeypatch, folder, function)
    with pytest.raises(UnusablePathError, match="cannot list the folder"):
        find_checkpoint(folder)


def test_unreadable_file_inside_a_checkpoint_is_typed(tmp_path, monkeypatch):
    folder = factories.gpt2_folder(tmp_path / "gpt2")
    (folder / "vocab.json").write_text('{"a": 0}')
    real = Path.read_text

    def refusing(self, *args, **kwargs):
        if self.name == "vocab.json":
            raise PermissionError(errno.EACCES, "Permission denied", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "read_text", refusing)
    with pytest.raises(CheckpointReadError, match=r"cannot read .*vocab.json \(Permission denied\)"):
        load_tables(folder)


@pytest.mark.parametrize("vocab, error, fragment", [
    ("w" * 300 + ".txt", UnusablePathError, "too long"),
    ("words\x00.txt", UnusablePathError, "NUL"),
    ("", UnusablePathError, "empty"),
    ("missing.txt", SourceNotFoundError, "does not exist"),
    (".", SourceNotFoundError, "is not a file"),
])
def test_hostile_vocabulary_file_option(tmp_path, vocab, error, fragment):
    np.save(tmp_path / "emb.npy", np.ones((3, 2), np.float32))
    with pytest.raises(error, match=fragment):
        load_tables(tmp_path / "emb.npy", vocab_file=vocab if vocab in ("", ".") else str(tmp_path / vocab))


def test_inspect_path_finds_existing_and_missing(tmp_path):
    assert inspect_path(tmp_path, "checkpoint") == tmp_path
    assert inspect_path(tmp_path / "nothing", "checkpoint") is None


@pytest.mark.parametrize("argv, fragment", [
    (["info", "b" * 300], "too long"),
    (["info", ""], "give a path or a bundled name"),
    (["positions", "b" * 300, "--json"], "too long"),
])
def test_cli_exits_2_with_one_line(argv, fragment):
    result = subprocess.run([sys.executable, "-m", "dashboard", *argv], capture_output=True, text=True)
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and len(lines) == 1 and fragment in lines[0], result.stderr[-2000:]


@pytest.mark.parametrize("file_name, bad_id", [("vocab.json", 1_000_000_000), ("vocab.json", -5),
                                               ("tokenizer.json", 1_000_000_000)])  # tokenizers has no negative ids
def test_token_file_with_an_absurd_id_is_refused_before_labels_are_built(tmp_path, file_name, bad_id):
    # One id of a billion would have built a billion labels (gigabytes) before anything was checked.
    from tokenizers import Tokenizer
    from tokenizers.models import WordLevel

    folder = factories.gpt2_folder(tmp_path / "gpt2")
    vocab = {"a": 0, "[UNK]": 1, "b": bad_id}
    if file_name == "vocab.json":
        (folder / "vocab.json").write_text(json.dumps(vocab))
    else:  # the library's own save of a billion-id vocabulary takes 35 s and 4 GB: save small, then edit the id
        Tokenizer(WordLevel({**vocab, "b": 2}, unk_token="[UNK]")).save(str(folder / "tokenizer.json"))
        spec = json.loads((folder / "tokenizer.json").read_text())
        spec["model"]["vocab"]["b"] = bad_id
        (folder / "tokenizer.json").write_text(json.dumps(spec))
    with pytest.raises(CheckpointReadError, match=rf"{file_name} gives token 'b' the id {bad_id:,}"):
        load_tables(folder)
