"""Through AppTest: EXPLORER_LOCAL_PATHS limits what a link or a typed path opens, and an upload belongs to
the session that made it (a second session cannot open it by path, link or the shared table cache)."""

import os
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from dashboard.settings import LOCAL_PATHS_ENV, MODELS_DIR_ENV, UPLOAD_QUOTA_ENV
from dashboard.ui import session_files, state
from dashboard.ui.session_files import folder_bytes
from dashboard.ui.url_state import PATH_CHARS
from tests import factories, format_factories as ff
from tests.pages.app_test import open_app_page

ROOT = Path(__file__).resolve().parents[2]
DEFAULT = "all-minilm-l6-v2"
TOKENS = ["<|endoftext|>", "Ġcat"] + [f"t{i}" for i in range(factories.VOCAB - 2)]


@pytest.fixture
def server(tmp_path, monkeypatch):
    """A models folder with one table and a server file beside it; mode models."""
    models = tmp_path / "models"
    models.mkdir()
    np.save(models / "table.npy", np.eye(6, 4, dtype=np.float32))
    secret = tmp_path / "secret.txt"
    secret.write_text("server-only\n")
    monkeypatch.setenv(LOCAL_PATHS_ENV, "models")
    monkeypatch.setenv(MODELS_DIR_ENV, str(models))
    return models, secret


def _shown_error(at: AppTest) -> str:
    return at.session_state[state.LOAD_ERROR] if state.LOAD_ERROR in at.session_state else ""


def _load_page() -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    return at.switch_page("pages/load.py").run()


def _upload(at: AppTest, *files: tuple[str, bytes]) -> AppTest:
    at.file_uploader[0].set_value([(name, data, "application/octet-stream") for name, data in files]).run()
    return at.button(key="open_uploads").click().run()


def _batches(at: AppTest) -> list[Path]:
    return sorted(at.session_state[state.UPLOAD_FOLDER].path.glob("upload-*"))


def test_models_mode_says_so_and_opens_only_the_models_folder(server):
    models, secret = server
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    assert any("Only files and folders inside the models folder open by path" in c.value  # the student's line
               and "only paths inside the models folder" in c.proto.help  # the setting, in the teacher's tooltip
               and "EXPLORER\\_LOCAL\\_PATHS=models" in c.proto.help for c in at.sidebar.caption)
    inside = open_app_page("pages/load.py", model=models / "table.npy")
    assert not inside.exception and inside.session_state[state.ACTIVE_SOURCE] == str(models / "table.npy")


def test_a_link_outside_gets_one_message_whether_or_not_the_file_exists(server):
    _, secret = server
    missing = secret.with_name("secreu.txt")
    shown = []
    for target in (secret, missing):
        at = open_app_page("pages/load.py", model=target)
        assert not at.exception and at.session_state[state.ACTIVE_SOURCE] == DEFAULT
        shown.append(_shown_error(at).replace(str(target), "PATH"))
    assert shown[0] == shown[1] and "not open on this server" in shown[0]


def test_a_typed_path_outside_is_refused(server):
    _, secret = server
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    at.text_input(key=state.LOCAL_PATH).set_value(str(secret)).run()
    assert at.session_state[state.ACTIVE_SOURCE] == DEFAULT and "not open on this server" in _shown_error(at)


def test_off_mode_has_no_path_fields_and_no_path_links(server, monkeypatch):
    models, _ = server
    monkeypatch.setenv(LOCAL_PATHS_ENV, "off")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    assert not [t for t in at.sidebar.text_input if t.key == state.LOCAL_PATH]
    assert any("upload your files on the Load page" in c.value and "no server paths" in c.proto.help
               for c in at.sidebar.caption)
    at.switch_page("pages/load.py").run()
    assert not [t for t in at.text_input if t.key in (state.LOAD_PATH, state.HUB_MODEL_ID)]
    linked = open_app_page("pages/load.py", model=models / "table.npy")
    assert linked.session_state[state.ACTIVE_SOURCE] == DEFAULT
    assert "EXPLORER_LOCAL_PATHS=off" in _shown_error(linked)


def test_a_second_session_cannot_open_the_first_sessions_upload(tmp_path):
    path, _ = ff.gguf_file(tmp_path / "m.gguf", tokens=TOKENS)
    first = _upload(_load_page(), ("tiny.gguf", path.read_bytes()))
    upload = first.session_state[state.ACTIVE_SOURCE]
    assert Path(upload).name == "tiny.gguf"  # loaded, so its tables sit in the process-wide cache
    try:
        by_link = open_app_page("pages/load.py", model=upload)
        assert by_link.session_state[state.ACTIVE_SOURCE] == DEFAULT and "cannot be linked" in _shown_error(by_link)

        by_path = _load_page()
        by_path.text_input(key=state.LOAD_PATH).set_value(upload).run()
        by_path.button(key="open_path").click().run()
        assert by_path.session_state[state.ACTIVE_SOURCE] == DEFAULT
        assert "another browser session" in _shown_error(by_path)

        # Even a session whose state names the path (the shared cache's key) is refused, not served.
        by_key = open_app_page("pages/load.py", session={state.ACTIVE_SOURCE: upload})
        assert not by_key.exception
        assert any("another browser session" in e.value for e in by_key.error)
        assert not any("tiny.gguf" in h.value for h in by_key.subheader)
    finally:
        first.session_state[state.UPLOAD_FOLDER].remove()


def test_a_new_upload_replaces_the_last_and_opening_another_checkpoint_frees_it(tmp_path):
    first, _ = ff.gguf_file(tmp_path / "a.gguf", tokens=TOKENS)
    at = _upload(_load_page(), ("a.gguf", first.read_bytes()))
    at = _upload(at, ("b.gguf", first.read_bytes()))
    assert Path(at.session_state[state.ACTIVE_SOURCE]).name == "b.gguf"
    assert [p.name for p in _batches(at)] == ["upload-2"]
    at.text_input(key=state.LOAD_PATH).set_value(str(first)).run()
    at.button(key="open_path").click().run()
    assert at.session_state[state.ACTIVE_SOURCE] == str(first) and _batches(at) == []
    at.session_state[state.UPLOAD_FOLDER].remove()


def test_an_upload_over_the_session_quota_is_refused_and_leaves_nothing(tmp_path, monkeypatch):
    path, _ = ff.gguf_file(tmp_path / "m.gguf", tokens=TOKENS)
    monkeypatch.setenv(UPLOAD_QUOTA_ENV, str(path.stat().st_size / 2**20 / 2))  # half the file
    at = _upload(_load_page(), ("tiny.gguf", path.read_bytes()))
    assert at.session_state[state.ACTIVE_SOURCE] == DEFAULT
    assert UPLOAD_QUOTA_ENV in _shown_error(at) and "nothing of it was kept" in _shown_error(at)
    assert folder_bytes(at.session_state[state.UPLOAD_FOLDER].path) == 0
    at.session_state[state.UPLOAD_FOLDER].remove()


def test_a_compressed_npz_bomb_is_refused_before_it_is_inflated(tmp_path):
    bomb = tmp_path / "bomb.npz"
    np.savez_compressed(bomb, token=np.zeros((4096, 1024), dtype=np.float32))  # 16 MB of zeros in a few kB
    at = _upload(_load_page(), ("bomb.npz", bomb.read_bytes()))
    assert at.session_state[state.ACTIVE_SOURCE] == DEFAULT and "times" in _shown_error(at)
    assert folder_bytes(at.session_state[state.UPLOAD_FOLDER].path) == 0
    at.session_state[state.UPLOAD_FOLDER].remove()


def test_an_idle_sessions_upload_is_removed_and_the_page_says_so(tmp_path, monkeypatch):
    path, _ = ff.gguf_file(tmp_path / "m.gguf", tokens=TOKENS)
    at = _upload(_load_page(), ("tiny.gguf", path.read_bytes()))
    folder, upload = at.session_state[state.UPLOAD_FOLDER], at.session_state[state.ACTIVE_SOURCE]
    # A run of a page that is in use keeps the folder: the router's sidebar touches it.
    same_session = {state.UPLOAD_FOLDER: folder, state.ACTIVE_SOURCE: upload}
    monkeypatch.setattr(session_files, "_last_sweep", 0.0)  # the sidebar's sweep is due
    assert open_app_page("pages/load.py", session=same_session).session_state[state.ACTIVE_SOURCE] == upload
    two_hours_ago = folder.path.stat().st_mtime - 2 * 3600
    os.utime(folder.path, (two_hours_ago, two_hours_ago))  # then unused for two hours (the default limit is 60 min)
    monkeypatch.setattr(session_files, "_last_sweep", 0.0)
    back = open_app_page("pages/load.py", session=same_session)  # AppTest reruns only the page: run the router
    assert not folder.path.exists()
    assert back.session_state[state.ACTIVE_SOURCE] == DEFAULT
    assert "was removed after 60 minutes without use" in _shown_error(back)


def test_a_mistyped_mode_closes_server_paths_and_says_why(server, monkeypatch):
    monkeypatch.setenv(LOCAL_PATHS_ENV, "model")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    assert not at.exception
    assert not [t for t in at.sidebar.text_input if t.key == state.LOCAL_PATH]
    assert any("'model' is not a mode" in w.value and "server paths are off" in w.value for w in at.sidebar.warning)


def test_any_path_linux_can_hold_fits_the_path_box_and_a_long_one_gets_an_error(tmp_path):
    """A text box drops a paste longer than its bound without a word (streamlit#9221): the bound is PATH_MAX."""
    assert PATH_CHARS >= os.pathconf("/", "PC_PATH_MAX") - 1  # the longest path the kernel takes, its NUL aside
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    assert at.sidebar.text_input(key=state.LOCAL_PATH).max_chars == PATH_CHARS
    long_path = (str(tmp_path) + "/a" * PATH_CHARS)[:PATH_CHARS]  # as long as the box holds, and no file
    at.text_input(key=state.LOCAL_PATH).set_value(long_path).run()
    assert not at.exception and at.session_state[state.ACTIVE_SOURCE] == DEFAULT
    assert f"({PATH_CHARS:,} characters): it is neither an existing path" in _shown_error(at), _shown_error(at)
