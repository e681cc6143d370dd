"""Storing received files (single, folder, zip), zip slip refused, hub fetch offline and online."""

import io
import zipfile
from pathlib import Path

import numpy as np
import pytest

from dashboard.checkpoints import hub, load_tables
from dashboard.checkpoints.uploads import (EXTRACT_LIMIT_FACTOR, RATIO_CHECK_MIN_BYTES, check_zip_limits, extract_zip,
                                           extraction_limit, store_files)
from dashboard.errors import (
    ArchiveLimitError,
    CheckpointReadError,
    HubUnavailableError,
    QueryError,
    UnsafeArchiveError,
    UnusablePathError,
)
from dashboard.settings import MAX_EXTRACT_ENV, Settings
from tests import factories


def _files(folder: Path, prefix: str = ""):
    return [(prefix + p.name, io.BytesIO(p.read_bytes())) for p in sorted(folder.iterdir())]


def test_single_file_is_stored_and_returned(tmp_path):
    factories.gpt2_folder(tmp_path / "gpt2")
    dest = tmp_path / "dest"
    dest.mkdir()
    path = store_files([("model.safetensors", io.BytesIO((tmp_path / "gpt2/model.safetensors").read_bytes()))], dest)
    assert path == dest / "model.safetensors" and load_tables(path).architecture == "gpt2"


def test_several_files_of_one_folder(tmp_path):
    folder = factories.gpt2_folder(tmp_path / "gpt2")
    dest = tmp_path / "dest"
    dest.mkdir()
    path = store_files(_files(folder), dest)
    assert path == dest and load_tables(path).format == "hf-safetensors"


def test_zip_of_a_folder_is_extracted_and_read(tmp_path):
    folder = factories.bert_folder(tmp_path / "bert")
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for file in folder.iterdir():
            archive.write(file, f"bert/{file.name}")
    dest = tmp_path / "dest"
    dest.mkdir()
    path = store_files([("bert.zip", io.BytesIO(buffer.getvalue()))], dest)
    assert not (dest / "bert.zip").exists()
    tables = load_tables(path)  # dest/bert/bert/ is found through the single sub-folder
    assert tables.architecture == "bert"


@pytest.mark.parametrize("name", ["../escape.txt", "/etc/escape.txt", "a/../../escape.txt", "C:\\escape.txt",
                                  "..\\escape.txt"])
def test_zip_slip_entries_are_refused_and_nothing_written(tmp_path, name):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("model/config.json", "{}")
        archive.writestr(name, "owned")
    (tmp_path / "evil.zip").write_bytes(buffer.getvalue())
    dest = tmp_path / "a" / "b"
    dest.mkdir(parents=True)
    with pytest.raises(UnsafeArchiveError, match="outside its folder"):
        extract_zip(tmp_path / "evil.zip", dest)
    assert list(dest.iterdir()) == []
    assert not (tmp_path / "a" / "escape.txt").exists() and not (tmp_path / "escape.txt").exists()


def test_uploaded_names_cannot_climb_out(tmp_path):
    dest = tmp_path / "dest"
    dest.mkdir()
    with pytest.raises(UnsafeArchiveError, match="Rename the file") as refused:
        store_files([("../../x.pt", io.BytesIO(b"x"))], dest)
    assert "nothing was written" in str(refused.value)  # an upload of one file is no zip: nothing was "extracted"
    assert not (tmp_path / "x.pt").exists()


def test_not_a_zip(tmp_path):
    dest = tmp_path / "dest"
    dest.mkdir()
    with pytest.raises(CheckpointReadError, match="not a readable zip"):
        store_files([("model.zip", io.BytesIO(b"PK\x03\x04 not really"))], dest)


def _zip_of(tmp_path, entries: dict[str, bytes]) -> Path:
    path = tmp_path / "upload.zip"
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return path


def test_zip_of_zeros_is_refused_before_anything_is_written(tmp_path):
    # 64 MB of zeros deflate to about 64 kB: a ratio no checkpoint has (float weights barely compress).
    bomb = _zip_of(tmp_path, {"config.json": b"{}", "model.safetensors": bytes(64 * 2**20)})
    assert bomb.stat().st_size < 2**20
    dest = tmp_path / "out"
    dest.mkdir()
    with pytest.raises(ArchiveLimitError, match="model.safetensors.*compress") as caught:
        extract_zip(bomb, dest, max_bytes=2**40)
    assert "nothing was extracted" in str(caught.value)
    assert list(dest.iterdir()) == []


def test_many_entries_each_under_the_ratio_threshold_are_held_to_the_ratio_together(tmp_path):
    # The review's bomb, smaller: a real tiny model plus entries of zeros each one byte under the size the
    # per-entry check starts at (900 of them, 8 MB zipped, filled 908 MB of the upload folder).
    model = factories.gpt2_folder(tmp_path / "gpt2")
    entries = {f"gpt2/{p.name}": p.read_bytes() for p in sorted(model.iterdir())}
    zeros = bytes(RATIO_CHECK_MIN_BYTES - 1)
    bomb = _zip_of(tmp_path, {**entries, **{f"gpt2/pad/{i}.bin": zeros for i in range(30)}})
    dest = tmp_path / "out"
    dest.mkdir()
    with pytest.raises(ArchiveLimitError, match=rf"holds {len(entries) + 30} entries that together .* times") as caught:
        extract_zip(bomb, dest, max_bytes=2**40)
    assert "nothing was extracted" in str(caught.value)
    assert list(dest.iterdir()) == []
    # The model itself, with a little padding, is a real checkpoint and unpacks.
    honest = _zip_of(tmp_path, {**entries, "gpt2/pad/0.bin": bytes(100_000)})
    extract_zip(honest, dest, max_bytes=2**40)
    assert load_tables(dest / "gpt2").vocab_size > 0


def test_entries_that_share_compressed_data_are_counted_at_most_the_archive_size():
    # Overlapping entries (a "better zip bomb") each declare the same compressed bytes: 10 entries of 25 times
    # pass entry by entry and on their declared sum, but the 25 kB file on disk unpacks 200 times.
    members = []
    for i in range(10):
        info = zipfile.ZipInfo(f"w{i}.bin")
        info.file_size, info.compress_size = 500_000, 20_000
        members.append(info)
    check_zip_limits("a.zip", members, 2**40)
    with pytest.raises(ArchiveLimitError, match="from 25,000 to 5,000,000 bytes"):
        check_zip_limits("a.zip", members, 2**40, archive_bytes=25_000)


def test_zip_larger_than_the_limit_is_refused_before_anything_is_written(tmp_path):
    rng = np.random.default_rng(0)
    weights = rng.standard_normal(2**20 // 4).astype(np.float32).tobytes()  # 1 MiB, barely compressible
    archive = _zip_of(tmp_path, {"a.safetensors": weights, "b.safetensors": weights})
    dest = tmp_path / "out"
    dest.mkdir()
    with pytest.raises(ArchiveLimitError, match="EXPLORER_MAX_EXTRACT_MB"):
        extract_zip(archive, dest, max_bytes=int(1.5 * 2**20))
    assert list(dest.iterdir()) == []
    assert extract_zip(archive, dest, max_bytes=2 * 2**20) == dest  # at the limit: extracted
    assert (dest / "b.safetensors").read_bytes() == weights


def _read(environ: dict[str, str]) -> Settings:
    return Settings.from_environment(environ)


def test_extraction_limit_from_environment_else_a_multiple_of_the_upload_limit():
    assert extraction_limit(Settings(), upload_limit_mb=200) == EXTRACT_LIMIT_FACTOR * 200 * 2**20
    assert extraction_limit(_read({MAX_EXTRACT_ENV: "300"}), upload_limit_mb=200) == 300 * 2**20
    assert extraction_limit(_read({MAX_EXTRACT_ENV: " "}), upload_limit_mb=10) == EXTRACT_LIMIT_FACTOR * 10 * 2**20
    with pytest.raises(ArchiveLimitError, match="EXPLORER_MAX_EXTRACT_MB='lots'"):
        extraction_limit(_read({MAX_EXTRACT_ENV: "lots"}))


def test_store_files_applies_the_limit_to_an_uploaded_zip(tmp_path):
    bomb = _zip_of(tmp_path, {"model.safetensors": bytes(8 * 2**20)})
    dest = tmp_path / "out"
    dest.mkdir()
    with pytest.raises(ArchiveLimitError):
        store_files([("bomb.zip", io.BytesIO(bomb.read_bytes()))], dest, max_extract_bytes=2**40)


def test_hub_offline_mode_is_said_as_a_setting_without_trying_the_network(monkeypatch):
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setattr(hub.socket, "create_connection", lambda *a, **k: pytest.fail("offline mode connected"))
    assert "offline mode is set" in hub.hub_unavailable_reason()
    with pytest.raises(HubUnavailableError, match="offline mode is set.*upload it here as a .zip"):
        hub.fetch_hub_model("openai-community/gpt2")


def test_a_failed_connection_is_said_as_one_not_as_offline_mode(monkeypatch):
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)
    tried = []

    def refuse(address, timeout):
        tried.append(address)
        raise ConnectionRefusedError

    monkeypatch.setattr(hub.socket, "create_connection", refuse)
    reason = hub.hub_unavailable_reason()
    assert tried == [("huggingface.co", 443)]
    assert "connection to huggingface.co from this server failed (ConnectionRefusedError)" in reason
    assert "offline mode" not in reason
    with pytest.raises(HubUnavailableError, match="connection to huggingface.co .* failed"):
        hub.fetch_hub_model("openai-community/gpt2")


@pytest.mark.parametrize("error, said", [(hub.socket.gaierror(-3, "Temporary failure"), "could not be resolved"),
                                         (TimeoutError(), "no answer within 2 s")])
def test_a_failed_connection_says_how_it_failed_in_words(monkeypatch, error, said):
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)

    def fail(address, timeout):
        raise error

    monkeypatch.setattr(hub.socket, "create_connection", fail)
    assert said in hub.hub_unavailable_reason()


def test_a_connection_that_succeeds_means_no_reason(monkeypatch):
    monkeypatch.delenv("HF_HUB_OFFLINE", raising=False)

    class Connection:
        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

    monkeypatch.setattr(hub.socket, "create_connection", lambda address, timeout: Connection())
    assert hub.hub_unavailable_reason() is None


@pytest.mark.parametrize("repo_id", ["", "no spaces/allowed", "a/b/c", "../etc"])
def test_hub_id_must_look_like_one(repo_id):
    with pytest.raises(QueryError, match="not a model id"):
        hub.fetch_hub_model(repo_id)


def test_hub_file_choice():
    files = ["README.md", "config.json", "tokenizer.json", "model.safetensors", "pytorch_model.bin",
             "flax_model.msgpack", "onnx/model.onnx"]
    assert hub.choose_hub_files(files) == ["config.json", "tokenizer.json", "model.safetensors"]
    sharded = ["config.json", "model.safetensors.index.json", "model-00001-of-00002.safetensors",
               "model-00002-of-00002.safetensors", "pytorch_model-00001-of-00002.bin"]
    assert hub.choose_hub_files(sharded) == sharded[:4]
    ggufs = ["smol.Q4_K_M.gguf", "smol.Q8_0.gguf", "README.md"]
    assert hub.choose_hub_files(ggufs) == ["smol.Q8_0.gguf"]
    with pytest.raises(QueryError, match="no weights"):
        hub.choose_hub_files(["README.md", "model.onnx"])


def test_hub_fetch_online_downloads_only_the_chosen_files(tmp_path, monkeypatch):
    # The machine is offline, so the hub client is replaced by one serving a local
    # folder; what is checked is our side: which files are asked for, and that the
    # result loads.
    import huggingface_hub

    folder = factories.gpt2_folder(tmp_path / "remote")
    (folder / "flax_model.msgpack").write_bytes(b"unused")
    asked = {}

    class FakeApi:
        def model_info(self, repo_id, revision=None, timeout=None):
            return type("Info", (), {"siblings": [type("S", (), {"rfilename": p.name}) for p in folder.iterdir()]})

    def fake_snapshot(repo_id, revision=None, allow_patterns=None):
        asked["patterns"] = sorted(allow_patterns)
        local = tmp_path / "cache"
        local.mkdir()
        for name in allow_patterns:
            (local / name).write_bytes((folder / name).read_bytes())
        return str(local)

    monkeypatch.setattr(hub, "hub_unavailable_reason", lambda timeout_s=2.0: None)
    monkeypatch.setattr(huggingface_hub, "HfApi", FakeApi)
    monkeypatch.setattr(huggingface_hub, "snapshot_download", fake_snapshot)
    path = hub.fetch_hub_model("someone/tiny-gpt2")
    assert asked["patterns"] == ["config.json", "model.safetensors"]
    assert load_tables(path).architecture == "gpt2"


@pytest.mark.parametrize("name, fragment", [
    ("b" * 300 + ".npy", "too long"),
    ("x/" + "c" * 300 + "/y.npy", "too long"),
    ("a\x00b.npy", "NUL"),
])
def test_unwritable_upload_names_are_typed_and_nothing_written(tmp_path, name, fragment):
    dest = tmp_path / "dest"
    dest.mkdir()
    with pytest.raises(UnusablePathError, match=fragment):
        store_files([("ok.txt", io.BytesIO(b"x")), (name, io.BytesIO(b"x"))], dest)
    assert list(dest.iterdir()) == []


def test_zip_entry_name_too_long_is_typed_and_nothing_written(tmp_path):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("model/config.json", "{}")
        archive.writestr("model/" + "d" * 300, "x")
    (tmp_path / "long.zip").write_bytes(buffer.getvalue())
    dest = tmp_path / "dest"
    dest.mkdir()
    with pytest.raises(UnusablePathError, match="too long"):
        extract_zip(tmp_path / "long.zip", dest)
    assert list(dest.iterdir()) == []


def test_a_failed_write_is_typed(tmp_path, monkeypatch):
    import errno
    import shutil

    def full_disk(source, sink, length=0):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(shutil, "copyfileobj", full_disk)
    dest = tmp_path / "dest"
    dest.mkdir()
    with pytest.raises(CheckpointReadError, match="No space left on device"):
        store_files([("model.npy", io.BytesIO(b"x"))], dest)
