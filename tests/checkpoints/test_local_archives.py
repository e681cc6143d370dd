"""A .zip of a model folder and a config.json open by local path and by CLI, as they do by upload."""

import json
import shutil
import tempfile
import zipfile
from pathlib import Path

import numpy as np
import pytest

from dashboard.checkpoints import load_tables, local_archives
from dashboard.cli import main
from dashboard.errors import ArchiveLimitError, CheckpointReadError
from tests import factories


@pytest.fixture
def unpack_root(tmp_path, monkeypatch) -> Path:
    """Unpacked zips go under this test's own temporary directory."""
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    (tmp_path / "tmp").mkdir()
    return tmp_path / "tmp" / local_archives.UNPACK_DIR


def _zip_folder(folder: Path, archive: Path, *, inside: str = "gpt2/") -> Path:
    with zipfile.ZipFile(archive, "w", compression=zipfile.ZIP_DEFLATED) as handle:
        for file in sorted(folder.iterdir()):
            handle.write(file, inside + file.name)
    return archive


def test_a_zip_of_a_model_folder_opens_by_path_as_the_folder_does(tmp_path, unpack_root):
    folder = factories.gpt2_folder(tmp_path / "gpt2", tied=False)
    archive = _zip_folder(folder, tmp_path / "gpt2.zip")
    expected, tables = load_tables(folder), load_tables(archive)
    np.testing.assert_array_equal(tables.token, expected.token)
    np.testing.assert_array_equal(tables.output_head, expected.output_head)
    assert (tables.architecture, tables.tying.verdict) == ("gpt2", "untied")
    assert tables.source == str(archive)
    (unpacked,) = [p for p in unpack_root.iterdir()]
    assert unpacked.name.startswith("gpt2-") and (unpacked / "gpt2" / "config.json").is_file()


def test_an_unchanged_zip_is_unpacked_once_and_a_changed_one_again(tmp_path, unpack_root, monkeypatch):
    archive = _zip_folder(factories.gpt2_folder(tmp_path / "gpt2"), tmp_path / "gpt2.zip")
    calls = []
    real = local_archives.extract_zip
    monkeypatch.setattr(local_archives, "extract_zip", lambda *a, **k: calls.append(a[0]) or real(*a, **k))
    load_tables(archive)
    load_tables(archive)
    assert len(calls) == 1
    _zip_folder(factories.gpt2_folder(tmp_path / "other", seed=1), archive)  # same path, new content
    assert not np.array_equal(load_tables(archive).token, load_tables(tmp_path / "gpt2").token)
    assert len(calls) == 2


def test_a_zip_over_the_extraction_limit_is_refused_and_nothing_is_kept(tmp_path, unpack_root, monkeypatch):
    monkeypatch.setenv("EXPLORER_MAX_EXTRACT_MB", "1")
    rng = np.random.default_rng(0)
    archive = tmp_path / "big.zip"
    with zipfile.ZipFile(archive, "w") as handle:
        handle.writestr("model.safetensors", rng.bytes(2 * 2**20))  # random bytes: no compression to blame
    with pytest.raises(ArchiveLimitError):
        load_tables(archive)
    assert not any(unpack_root.iterdir())


def test_a_zip_of_more_entries_than_any_model_folder_is_refused_and_nothing_is_kept(tmp_path, unpack_root):
    """60,000 empty entries (6 MB) passed every byte limit and left 60,000 files per upload on a class server."""
    from dashboard.checkpoints.uploads import MAX_ZIP_ENTRIES
    from tests.hostile_factories import zip_of_many_empty_files

    archive = zip_of_many_empty_files(tmp_path, count=MAX_ZIP_ENTRIES)  # the config.json makes one more
    with pytest.raises(ArchiveLimitError, match=f"holds {MAX_ZIP_ENTRIES + 2:,} files and folders"):  # and f/
        load_tables(archive)
    assert not any(unpack_root.iterdir())


def test_a_zip_of_deep_paths_is_refused_for_the_folders_it_would_create(tmp_path, unpack_root):
    """1,000 empty entries 100 folders deep made 101,001 folders under the byte and entry limits (audit)."""
    from dashboard.checkpoints.uploads import MAX_ZIP_DEPTH

    archive = tmp_path / "deep.zip"
    with zipfile.ZipFile(archive, "w") as handle:
        handle.writestr("model/config.json", "{}")
        handle.writestr("/".join(["a"] * MAX_ZIP_DEPTH) + "/x.txt", "")
    with pytest.raises(ArchiveLimitError, match=f"{MAX_ZIP_DEPTH} or more folders deep"):
        load_tables(archive)
    assert not any(unpack_root.iterdir())


def test_a_file_named_zip_that_is_not_one_is_a_typed_error(tmp_path, unpack_root):
    (tmp_path / "model.zip").write_bytes(b"not a zip at all")
    with pytest.raises(CheckpointReadError, match="not a readable zip"):
        load_tables(tmp_path / "model.zip")


def test_a_config_json_path_opens_its_folder(tmp_path):
    folder = factories.gpt2_folder(tmp_path / "gpt2")
    tables = load_tables(folder / "config.json")
    np.testing.assert_array_equal(tables.token, load_tables(folder).token)
    assert tables.architecture == "gpt2"


def test_the_cli_reads_a_zip_and_a_config_json(tmp_path, unpack_root, capsys):
    folder = factories.gpt2_folder(tmp_path / "gpt2", tied=False)
    archive = _zip_folder(folder, tmp_path / "gpt2.zip", inside="")
    for source in (archive, folder / "config.json"):
        capsys.readouterr()
        assert main(["info", str(source), "--json"]) == 0
        doc = json.loads(capsys.readouterr().out)
        assert (doc["architecture"], doc["tying"]["verdict"]) == ("gpt2", "untied")
    shutil.copy(tmp_path / "gpt2.zip", tmp_path / "broken.zip")
    (tmp_path / "broken.zip").write_bytes(b"PK\x03\x04 truncated")
    capsys.readouterr()
    assert main(["info", str(tmp_path / "broken.zip"), "--json"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not a readable zip" in err[0]
