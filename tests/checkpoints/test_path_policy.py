"""EXPLORER_LOCAL_PATHS: what each mode opens, that escapes by `..` and links are refused, and that a
refused path is neither looked up nor described differently when it exists."""

import json
import os
from pathlib import Path

import numpy as np
import pytest

from dashboard.checkpoints import load_tables
from dashboard.checkpoints.path_policy import PathPolicy
from dashboard.checkpoints.tensor_store import read_weight_map
from dashboard.errors import CheckpointReadError, RefusedPathError, SourceNotFoundError
from dashboard.settings import LOCAL_PATHS_ENV, Settings, usable


@pytest.fixture
def server(tmp_path):
    """A models folder with one checkpoint, and a secret file beside (outside) it."""
    models = tmp_path / "models"
    (models / "run").mkdir(parents=True)
    np.save(models / "run" / "table.npy", np.eye(4, 3, dtype=np.float32))
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0\n" * 4)
    return models, secret


def _policy(models: Path, mode: str = "models", **kwargs) -> PathPolicy:
    return PathPolicy.from_settings(mode=mode, models_dir=models, **kwargs)


def _message(error: pytest.ExceptionInfo, typed: str) -> str:
    return str(error.value).replace(repr(typed), "TYPED")


def test_models_mode_opens_paths_inside_the_models_folder(server):
    models, _ = server
    policy = _policy(models)
    assert policy.admit(str(models / "run" / "table.npy"), "checkpoint") == (models / "run" / "table.npy").resolve()
    assert policy.admit("run/table.npy", "checkpoint") == (models / "run" / "table.npy").resolve()  # relative: to it
    assert policy.admit(str(models / "run" / ".." / "run" / "table.npy"), "checkpoint") is not None
    assert policy.admit(str(models / "run" / "missing.npy"), "checkpoint") is None  # inside: may say "missing"
    assert load_tables(str(models / "run" / "table.npy"), policy=policy).vocab_size == 4


def test_existing_and_missing_outside_paths_get_the_same_message(server):
    models, secret = server
    policy = _policy(models)
    missing = str(secret.parent / "secreu.txt")  # same length, nothing there
    with pytest.raises(RefusedPathError) as existing_error:
        policy.admit(str(secret), "checkpoint")
    with pytest.raises(RefusedPathError) as missing_error:
        policy.admit(missing, "checkpoint")
    assert _message(existing_error, str(secret)) == _message(missing_error, missing)
    assert "EXPLORER_LOCAL_PATHS=models" in str(existing_error.value) and str(models) in str(existing_error.value)


@pytest.mark.parametrize("typed", ["../secret.txt", "run/../../secret.txt", "/", "{models}/..", "~"])
def test_dot_dot_and_home_cannot_leave_the_models_folder(server, typed):
    models, _ = server
    with pytest.raises(RefusedPathError):
        _policy(models).admit(typed.format(models=models), "checkpoint")


def test_a_link_out_of_the_models_folder_is_refused_like_a_missing_file(server):
    models, secret = server
    (models / "link.txt").symlink_to(secret)
    (models / "dead.txt").symlink_to(secret.parent / "nothing-here")
    (models / "outdir").symlink_to(secret.parent, target_is_directory=True)
    (models / "inner.npy").symlink_to(models / "run" / "table.npy")  # a link that stays inside is fine
    policy = _policy(models)
    messages = []
    for name in ("link.txt", "dead.txt", "outdir/secret.txt", "outdir/nothing-here"):
        with pytest.raises(RefusedPathError) as error:
            policy.admit(str(models / name), "checkpoint")
        messages.append(_message(error, str(models / name)))
    assert len(set(messages)) == 1
    assert policy.admit(str(models / "inner.npy"), "checkpoint") == (models / "run" / "table.npy").resolve()
    # Out to the models folder's parent and back in: the real path is inside, so it opens.
    assert policy.admit(str(models / "outdir" / "models" / "run" / "table.npy"), "checkpoint") is not None


def test_nothing_outside_the_allowed_folders_is_looked_up(server, monkeypatch):
    models, secret = server
    (models / "link.txt").symlink_to(secret)
    looked_up = []
    real_lstat, real_stat = os.lstat, os.stat
    monkeypatch.setattr(os, "lstat", lambda p, *a, **k: looked_up.append(str(p)) or real_lstat(p, *a, **k))
    monkeypatch.setattr(os, "stat", lambda p, *a, **k: looked_up.append(str(p)) or real_stat(p, *a, **k))
    policy = _policy(models)
    for typed in (str(secret), str(models / "link.txt"), str(models / ".." / "secret.txt"), "/etc/shadow"):
        with pytest.raises(RefusedPathError):
            policy.admit(typed, "checkpoint")
    outside = [p for p in looked_up if not Path(p).is_relative_to(models)
               and not any(root.is_relative_to(p) for root in policy.roots)]
    assert outside == []
    assert str(models / "link.txt") in looked_up  # the link itself is inside and was read


def test_a_companion_file_linked_from_outside_is_not_read(server):
    models, secret = server
    (models / "run" / "vocab.txt").symlink_to(secret)  # read_arrays would take it as the token strings
    source = str(models / "run" / "table.npy")
    with pytest.raises(RefusedPathError) as error:
        load_tables(source, policy=_policy(models))
    assert "vocab.txt" in str(error.value) and str(secret) not in str(error.value) and "root" not in str(error.value)
    opened = load_tables(source, policy=PathPolicy())  # mode any: one person's own machine, as before
    assert opened.vocabulary.raw[0] == "root:x:0:0"


def test_a_reader_option_naming_a_server_file_is_refused(server):
    models, secret = server
    with pytest.raises(RefusedPathError):
        load_tables(str(models / "run" / "table.npy"), policy=_policy(models), vocab_file=str(secret))
    (models / "run" / "words.txt").write_text("a\nb\nc\nd\n")
    tables = load_tables(str(models / "run" / "table.npy"), policy=_policy(models),
                         vocab_file=str(models / "run" / "words.txt"))
    assert tables.vocabulary.raw == ("a", "b", "c", "d")


def test_a_folder_reached_through_a_link_is_checked_too(server, tmp_path):
    models, _ = server
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    np.save(elsewhere / "table.npy", np.eye(4, 3, dtype=np.float32))
    (models / "box").mkdir()
    (models / "box" / "inside").symlink_to(elsewhere, target_is_directory=True)
    with pytest.raises(RefusedPathError):  # find_checkpoint would descend into the only sub-folder
        load_tables(str(models / "box"), policy=_policy(models))


def test_off_mode_opens_no_server_path_but_bundled_checkpoints(server):
    models, _ = server
    policy = _policy(models, "off")
    with pytest.raises(RefusedPathError) as error:
        policy.admit(str(models / "run" / "table.npy"), "checkpoint")
    assert "EXPLORER_LOCAL_PATHS=off" in str(error.value)
    assert load_tables("tiny-gpt-pydocs", policy=policy).vocab_size > 0


def test_another_sessions_upload_is_refused_in_every_mode(tmp_path):
    root = tmp_path / "uploads"
    mine, theirs = root / "session-1-a.x", root / "session-1-b.y"
    for folder in (mine, theirs):
        (folder / "upload-1").mkdir(parents=True)
        np.save(folder / "upload-1" / "t.npy", np.eye(4, 3, dtype=np.float32))
    for mode in ("any", "models", "off"):
        policy = PathPolicy.from_settings(mode=mode, models_dir=tmp_path / "none", upload_root=root, own_uploads=mine)
        assert policy.admit(str(mine / "upload-1" / "t.npy"), "checkpoint") is not None
        for typed in (theirs / "upload-1" / "t.npy", theirs / "upload-1" / "gone.npy"):
            with pytest.raises(RefusedPathError, match="another browser session") as error:
                policy.admit(str(typed), "checkpoint")
            assert str(theirs) not in str(error.value)


def test_any_mode_keeps_the_old_answers(tmp_path):
    with pytest.raises(SourceNotFoundError, match="neither an existing path"):
        load_tables(str(tmp_path / "missing.pt"), policy=PathPolicy())


def test_an_unknown_mode_is_named_with_the_valid_ones():
    def mode(environ: dict[str, str]) -> str:
        return usable(Settings.from_environment(environ).local_paths)

    with pytest.raises(RefusedPathError, match="any, models, off"):
        mode({LOCAL_PATHS_ENV: "some"})
    with pytest.raises(RefusedPathError, match="any, models, off"):  # the policy refuses to be made
        PathPolicy.from_settings(Settings.from_environment({LOCAL_PATHS_ENV: "some"}))
    assert mode({}) == "any" and mode({LOCAL_PATHS_ENV: " Models "}) == "models"


def test_the_cli_honours_the_variable(server, monkeypatch, capsys):
    from dashboard.cli import main

    models, secret = server
    monkeypatch.setenv(LOCAL_PATHS_ENV, "models")
    monkeypatch.setenv("EXPLORER_MODELS_DIR", str(models))
    assert main(["info", str(secret)]) == 2
    assert "not open on this server" in capsys.readouterr().err
    monkeypatch.delenv(LOCAL_PATHS_ENV)  # unset: the CLI is a local user's tool and opens any path
    assert main(["info", str(models / "run" / "table.npy")]) == 0


@pytest.mark.parametrize("shard", ["../secret.safetensors", "/etc/passwd", "sub/x.safetensors", ".."])
def test_a_shard_index_cannot_name_files_elsewhere(tmp_path, shard):
    index = tmp_path / "model.safetensors.index.json"
    index.write_text(json.dumps({"weight_map": {"wte.weight": shard}}))
    with pytest.raises(CheckpointReadError, match="not a file name beside the index"):
        read_weight_map(index)


def test_a_tokenizer_config_cannot_point_at_server_files(tmp_path):
    from dashboard.checkpoints.tokenizer import load_tokenizer
    from tests import factories

    folder = factories.bert_folder(tmp_path / "bert")
    tables = load_tables(str(folder), policy=PathPolicy())
    (folder / "vocab.txt").write_text("".join(f"tok{i}\n" for i in range(tables.vocab_size)))  # AutoTokenizer's way
    secret = tmp_path / "secret.txt"
    secret.write_text("".join(f"secret{i}\n" for i in range(tables.vocab_size)))
    (folder / "tokenizer_config.json").write_text(json.dumps({"tokenizer_class": "BertTokenizer",
                                                              "vocab_file": str(secret)}))
    tokenizer = load_tokenizer(load_tables(str(folder), policy=PathPolicy()))
    assert "secret" not in tokenizer.describe.replace(str(secret), "") and "a path, not a file name" in tokenizer.describe


def test_a_models_folder_reached_through_a_link_opens_by_its_configured_name(server, tmp_path):
    models, secret = server
    (tmp_path / "mnt").symlink_to(models, target_is_directory=True)  # EXPLORER_MODELS_DIR=/mnt -> the real folder
    policy = _policy(tmp_path / "mnt")
    assert policy.admit(str(tmp_path / "mnt" / "run" / "table.npy"), "checkpoint") is not None
    with pytest.raises(RefusedPathError):
        policy.admit(str(tmp_path / "mnt" / ".." / "secret.txt"), "checkpoint")
