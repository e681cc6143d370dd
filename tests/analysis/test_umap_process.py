"""The UMAP child process's protocol: JSON lines, no pickles; messages and errors keep their catalogue keys."""

from __future__ import annotations

import io
import os
import tempfile
from pathlib import Path

import numpy as np

from dashboard.analysis.umap_process import _error_from, _read, _write
from dashboard.errors import QueryError
from dashboard.i18n import Text, msg, render


def test_a_message_crosses_as_json_and_keeps_its_key_and_parameters():
    stream = io.BytesIO()
    label = msg("nav.overview")
    _write(stream, kind="progress", fraction=np.float32(0.5), label=label, shape=(3, 4))
    assert b"pickle" not in stream.getvalue() and stream.getvalue().endswith(b"\n")
    stream.seek(0)
    answer = _read(stream)
    assert answer["fraction"] == 0.5 and answer["shape"] == [3, 4]
    assert isinstance(answer["label"], Text) and render(answer["label"], "ko") == "개요"
    assert _read(stream) is None  # the end of the stream


def test_the_childs_error_comes_back_as_the_projects_error_class_or_a_runtime_error():
    again = _error_from("QueryError", msg("nav.overview"))
    assert isinstance(again, QueryError) and render(again, "ko") == "개요"
    other = _error_from("ZeroDivisionError", "division by zero")
    assert type(other) is RuntimeError and "ZeroDivisionError: division by zero" in str(other)
    assert type(_error_from("Popen", "x")) is RuntimeError  # only ExplorerError subclasses are made


def test_shared_memory_is_used_only_where_the_table_fits_with_room_to_spare(tmp_path):
    from dashboard.analysis.umap_process import SHM_MARGIN, shared_memory_fits

    assert not shared_memory_fits(1, str(tmp_path / "no-such-folder"))  # a chroot or image without /dev/shm
    free = os.statvfs(tmp_path).f_bavail * os.statvfs(tmp_path).f_frsize
    assert shared_memory_fits(free - SHM_MARGIN - (1 << 20), str(tmp_path))
    assert not shared_memory_fits(free - SHM_MARGIN + (1 << 30), str(tmp_path))  # Docker's 64 MB /dev/shm case


def test_scratch_files_go_to_the_cache_or_else_the_temp_folder(tmp_path, monkeypatch):
    from dashboard.analysis.umap_process import scratch_dir

    monkeypatch.setenv("EXPLORER_CACHE_DIR", str(tmp_path / "cache"))
    assert scratch_dir() == tmp_path / "cache" / "scratch"
    with monkeypatch.context() as no_temp:  # a read-only image: gettempdir raises, the cache volume still works
        no_temp.setattr(tempfile, "gettempdir", lambda: (_ for _ in ()).throw(FileNotFoundError(2, "none usable")))
        assert scratch_dir() == tmp_path / "cache" / "scratch"
    (tmp_path / "blocked").write_text("a file where the cache folder should be")
    monkeypatch.setenv("EXPLORER_CACHE_DIR", str(tmp_path / "blocked"))
    assert scratch_dir() == Path(tempfile.gettempdir())


def test_without_room_in_shared_memory_the_table_goes_through_a_file_and_nothing_is_left(tmp_path, monkeypatch):
    import dashboard.analysis.umap_process as umap_process
    from dashboard.analysis.projection import ProjectionSettings

    monkeypatch.setenv("EXPLORER_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(umap_process, "shared_memory_fits", lambda nbytes: False)
    monkeypatch.setattr(umap_process.shared_memory, "SharedMemory", None)  # any use of it would raise
    rng = np.random.default_rng(0)
    table = (rng.standard_normal((4, 8))[rng.integers(0, 4, 80)] + rng.standard_normal((80, 8)) * 0.1)
    child = umap_process.UmapProcess()
    try:
        projection = child.project(table.astype(np.float32), ProjectionSettings("umap", 2, seed=0, n_neighbors=5))
    finally:
        if child._child is not None:
            child._child.stdin.close()
            child._child.wait(60)
    assert projection.coords.shape == (80, 2) and np.isfinite(projection.coords).all()
    assert list((tmp_path / "cache" / "scratch").iterdir()) == []  # the table's and the result's files are gone


def test_old_scratch_files_of_a_killed_server_are_cleared_and_young_ones_kept(tmp_path):
    from dashboard.analysis.umap_process import clear_stale_scratch

    old, young, other = tmp_path / "umap-table-1.npy", tmp_path / "umap-result-2.npz", tmp_path / "keep.txt"
    for path in (old, young, other):
        path.write_bytes(b"x")
    os.utime(old, (1_000, 1_000))
    os.utime(other, (1_000, 1_000))
    clear_stale_scratch(tmp_path)
    assert not old.exists() and young.exists() and other.exists()


def test_a_block_that_cannot_be_reserved_falls_back_to_the_file(monkeypatch):
    import dashboard.analysis.umap_process as umap_process

    def no_room(fd, offset, length):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(umap_process.os, "posix_fallocate", no_room)
    assert umap_process._reserved_block(1 << 20) is None
    monkeypatch.undo()
    block = umap_process._reserved_block(1 << 20)
    assert block is not None and block.size >= 1 << 20
    block.close()
    block.unlink()


def test_a_child_whose_server_went_away_ends_quietly_without_a_traceback():
    import json
    import subprocess
    import sys

    from dashboard.analysis.umap_process import ROOT

    child = subprocess.Popen([sys.executable, "-m", "dashboard.analysis.umap_process"], cwd=ROOT,
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    child.stdout.close()  # the server is gone: nothing reads the answers any more
    # a request the child answers at once (an error: no such settings), into the closed pipe
    child.stdin.write(json.dumps({"kind": "fit", "settings": {"no_such_setting": 1}}).encode() + b"\n")
    child.stdin.close()
    stderr = child.stderr.read().decode()
    assert child.wait(timeout=60) == 0, stderr
    assert "Traceback" not in stderr and "BrokenPipeError" not in stderr, stderr
