"""The /models folder listing: what counts as a checkpoint, which folder, and the sidebar picker."""

from pathlib import Path

from streamlit.testing.v1 import AppTest

from dashboard.settings import MODELS_DIR_ENV, Settings
from dashboard.ui import path_access as models_dir
from dashboard.ui.path_access import find_models_dir, list_checkpoints
from tests import factories
from tests.pages.app_test import shown

ROOT = Path(__file__).resolve().parents[2]


def _touch(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"")
    return path


def test_lists_hf_folders_and_checkpoint_files_only(tmp_path):
    hf = factories.gpt2_folder(tmp_path / "gpt2-tiny")
    gguf = _touch(tmp_path / "smol.Q8_0.GGUF")
    nested = _touch(tmp_path / "run1" / "ckpt.pt")
    _touch(tmp_path / "run1" / "notes.txt")
    _touch(tmp_path / "run1" / "deeper" / "model.safetensors")  # two levels down: not listed
    _touch(tmp_path / "README.md")
    _touch(tmp_path / ".hidden.safetensors")
    (tmp_path / "empty").mkdir()
    (tmp_path / "fake.safetensors").mkdir()  # a folder named like a file is not a checkpoint file

    assert list_checkpoints(tmp_path) == [hf, nested, gguf]


def test_hf_folder_is_listed_once_not_per_weight_file(tmp_path):
    hf = factories.gpt2_folder(tmp_path / "gpt2-tiny")
    assert (hf / "model.safetensors").is_file()
    assert list_checkpoints(tmp_path) == [hf]


def test_nothing_to_list():
    assert list_checkpoints(None) == []


def test_folder_from_environment_else_default(tmp_path, monkeypatch):
    def found(environ: dict[str, str]) -> Path | None:
        return find_models_dir(Settings.from_environment(environ))

    assert found({MODELS_DIR_ENV: str(tmp_path)}) == tmp_path
    assert found({MODELS_DIR_ENV: str(tmp_path / "missing")}) is None
    assert found({MODELS_DIR_ENV: str(_touch(tmp_path / "a-file"))}) is None

    monkeypatch.setattr(models_dir, "DEFAULT_MODELS_DIR", tmp_path)
    assert found({}) == tmp_path
    assert found({MODELS_DIR_ENV: "  "}) == tmp_path
    monkeypatch.setattr(models_dir, "DEFAULT_MODELS_DIR", tmp_path / "missing")
    assert found({}) is None


def test_sidebar_offers_the_folders_checkpoints(tmp_path, monkeypatch):
    factories.gpt2_folder(tmp_path / "gpt2-tiny")
    monkeypatch.setenv(MODELS_DIR_ENV, str(tmp_path))
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    assert not at.exception
    picker = at.sidebar.selectbox(key=models_dir.PICKER_KEY)
    assert shown(picker.label) == f"Or one in {tmp_path}"
    assert picker.options == ["gpt2-tiny"]  # shown relative to the folder
    assert picker.value is None  # nothing is loaded until the user picks


def test_sidebar_says_when_the_folder_is_empty(tmp_path, monkeypatch):
    monkeypatch.setenv(MODELS_DIR_ENV, str(tmp_path))
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    assert not at.exception
    assert any(f"No checkpoints in `{tmp_path}`" in c.value for c in at.sidebar.caption)



def _sidebar_only():
    # The sidebar without st.navigation: AppTest keeps a navigation app's sidebar
    # widgets only on the first run, so their state after a callback is tested here.
    from dashboard.ui.sidebar import render_sidebar

    render_sidebar()


def test_picker_names_the_shown_model_after_a_failed_pick(tmp_path, monkeypatch):
    good = factories.gpt2_folder(tmp_path / "gpt2-tiny")
    broken = tmp_path / "broken.safetensors"
    broken.write_bytes(bytes(range(256)) * 4)
    monkeypatch.setenv(MODELS_DIR_ENV, str(tmp_path))
    at = AppTest.from_function(_sidebar_only, default_timeout=120).run()

    def pick(path: Path) -> tuple[str | None, str]:
        at.sidebar.selectbox(key=models_dir.PICKER_KEY).set_value(str(path)).run()
        assert not at.exception
        showing = [shown(c.value) for c in at.sidebar.caption if c.value.startswith("Showing")]
        return at.sidebar.selectbox(key=models_dir.PICKER_KEY).value, showing[0]

    # Still showing the default, so the picker must not name the file that failed.
    assert pick(broken) == (None, "Showing **all-minilm-l6-v2**")
    assert any("broken.safetensors" in e.value for e in at.error)
    assert pick(good) == (str(good), f"Showing **{good}**")
    assert pick(broken) == (str(good), f"Showing **{good}**")  # the previous model, still shown


def test_models_mode_lists_no_link_that_leads_out_of_the_folder(tmp_path):
    from dashboard.checkpoints.path_policy import PathPolicy

    models, elsewhere = tmp_path / "models", tmp_path / "elsewhere"
    (elsewhere / "run").mkdir(parents=True)
    _touch(elsewhere / "run" / "ckpt.pt")
    _touch(models / "own.safetensors")
    (models / "linked").symlink_to(elsewhere / "run", target_is_directory=True)
    policy = PathPolicy.from_settings(mode="models", models_dir=models)
    assert [p.name for p in list_checkpoints(models)] == ["ckpt.pt", "own.safetensors"]  # mode any: as before
    assert [p.name for p in list_checkpoints(models, policy.opens)] == ["own.safetensors"]
