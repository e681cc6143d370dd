"""The per-session upload folder is removed when its owner (session state) goes, or its server died."""

import gc
import os
import subprocess
import sys

from dashboard.settings import UPLOAD_IDLE_ENV, UPLOAD_QUOTA_ENV, Settings
from dashboard.ui import session_files
from dashboard.ui.session_files import SessionFolder, sweep_orphans


def test_folder_removed_when_the_session_state_holding_it_is_dropped(tmp_path):
    session_state = {"upload_folder": SessionFolder(root=tmp_path)}
    folder = session_state["upload_folder"]
    batch = folder.new_batch()
    (batch / "model.gguf").write_bytes(b"x" * 1000)
    path = folder.path
    del folder
    assert path.is_dir()  # still owned by the session
    session_state.clear()  # what Streamlit does when it forgets a closed session
    gc.collect()
    assert not path.exists()


def test_batches_never_mix(tmp_path):
    folder = SessionFolder(root=tmp_path)
    first, second = folder.new_batch(), folder.new_batch()
    assert first != second and first.parent == second.parent == folder.path
    folder.remove()
    assert folder.removed and not folder.path.exists()


def test_folder_removed_at_interpreter_exit(tmp_path):
    script = ("import sys; from pathlib import Path; from dashboard.ui.session_files import SessionFolder; "
              f"f = SessionFolder(root=Path({str(tmp_path)!r})); print(f.path)")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                            cwd=os.getcwd(), env={**os.environ, "PYTHONPATH": os.getcwd()})
    created = result.stdout.strip()
    assert created.startswith(str(tmp_path)) and not os.path.exists(created)


def test_folders_of_dead_servers_are_swept(tmp_path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True, check=True)
    orphan = tmp_path / f"session-{dead.stdout.strip()}-1f0c-22ab.xyz"
    orphan.mkdir()
    mine = SessionFolder(root=tmp_path, session_id="live")  # creating a folder sweeps the orphans
    assert not orphan.exists() and mine.path.exists()
    assert sweep_orphans(tmp_path) == []  # the live process's folder of a known session is kept


def test_folders_of_sessions_the_server_forgot_are_swept(tmp_path, monkeypatch):
    gone = SessionFolder(root=tmp_path, session_id="gone")
    kept = SessionFolder(root=tmp_path, session_id="here")
    monkeypatch.setattr(session_files, "session_known", lambda session_id: session_id == "here")
    assert sweep_orphans(tmp_path) == [gone.path]
    assert not gone.path.exists() and kept.path.exists()


def test_outside_a_server_every_session_counts_as_known():
    assert session_files.session_known("anything") is True  # never sweep what cannot be checked


def _no_writable_temporary_folder(monkeypatch):
    def refuse():
        raise FileNotFoundError(2, "No usable temporary directory found in ['/tmp', '/var/tmp', '/usr/tmp']")
    monkeypatch.setattr(session_files, "_system_temporary_folder", refuse)


def test_read_only_file_system_turns_uploads_off_with_a_typed_error(monkeypatch):
    # docker run --read-only, or the image mounted read-only by make docker-smoke: no /tmp to write.
    import pytest

    from dashboard.errors import UploadStorageError
    from dashboard.ui.loading import is_upload

    _no_writable_temporary_folder(monkeypatch)
    assert session_files.upload_root_path() is None and not session_files.uploads_possible()
    assert not is_upload("/tmp/embedding-explorer-uploads/session-1-a.b/upload-1/x.gguf")
    assert session_files.sweep_ended_uploads() == []
    with pytest.raises(UploadStorageError, match="TMPDIR"):
        SessionFolder()


def test_read_only_file_system_still_serves_every_page(monkeypatch):
    from pathlib import Path

    from streamlit.testing.v1 import AppTest

    _no_writable_temporary_folder(monkeypatch)
    at = AppTest.from_file(str(Path(__file__).resolve().parents[2] / "app.py"), default_timeout=120)
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    assert any(m.label == "vocab_size" and m.value == "30,522" for m in at.metric)
    at.switch_page("pages/load.py").run()
    assert not at.exception, [e.value for e in at.exception]
    assert any("Uploads cannot be stored" in w.value for w in at.warning)


def test_idle_folders_are_swept_and_a_touched_one_is_kept(tmp_path):
    idle, used = SessionFolder(root=tmp_path, session_id="idle"), SessionFolder(root=tmp_path, session_id="used")
    long_ago = used.path.stat().st_mtime - 3 * 3600
    for folder in (idle, used):
        os.utime(folder.path, (long_ago, long_ago))
    used.touch()  # what every run of a page of that session does
    removed = sweep_orphans(tmp_path, idle=3600)
    assert removed == [idle.path] and not idle.path.exists() and used.path.is_dir()
    assert session_files.idle_seconds(Settings.from_environment({UPLOAD_IDLE_ENV: "1.5"})) == 90
    used.remove()


def test_a_bad_idle_or_quota_setting_is_named():
    import pytest

    from dashboard.errors import UploadStorageError

    with pytest.raises(UploadStorageError, match="EXPLORER_UPLOAD_QUOTA_MB='lots'"):
        session_files.upload_quota_bytes(Settings.from_environment({UPLOAD_QUOTA_ENV: "lots"}))
    bad_idle = Settings.from_environment({UPLOAD_IDLE_ENV: "-1"})
    assert "EXPLORER_UPLOAD_IDLE_MINUTES='-1'" in session_files.describe_upload_rules(bad_idle)


def test_the_quota_counts_what_the_session_holds(tmp_path, monkeypatch):
    import io
    import pytest

    from dashboard.checkpoints.uploads import store_files
    from dashboard.errors import UploadQuotaError

    monkeypatch.setenv(UPLOAD_QUOTA_ENV, str(3000 / 2**20))  # 3,000 bytes
    folder = SessionFolder(root=tmp_path)
    store_files([("a.bin", io.BytesIO(b"x" * 2000))], folder.new_batch(), check_room=folder.check_room)
    with pytest.raises(UploadQuotaError, match="counts until another checkpoint is opened"):
        store_files([("b.bin", io.BytesIO(b"x" * 2000))], folder.new_batch(), check_room=folder.check_room)
    assert folder.used_bytes() == 2000  # nothing of the refused upload was written
    folder.keep_only(None)
    assert folder.used_bytes() == 0 and not list(folder.path.iterdir())
    folder.remove()
