"""The Load page through AppTest: uploads, local path, npz array pickers, hub offline, bad input."""

import io
import zipfile
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from dashboard.checkpoints.user_paths import SHOWN_CHARS
from dashboard.ui import state
from dashboard.ui.load_frames import PADDING_ROWS
from tests import factories
from tests import format_factories as ff
from tests.pages.app_test import open_app_page

ROOT = Path(__file__).resolve().parents[2]
TOKENS = ["<|endoftext|>", "Ġcat"] + [f"t{i}" for i in range(factories.VOCAB - 2)]


@pytest.fixture
def page() -> AppTest:
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    at.switch_page("pages/load.py").run()
    assert not at.exception
    return at


def _upload(at: AppTest, *files: tuple[str, bytes]) -> AppTest:
    at.file_uploader[0].set_value([(name, data, "application/octet-stream") for name, data in files]).run()
    return at.button(key="open_uploads").click().run()


def _errors(at: AppTest) -> list[str]:
    # The error is drawn by the shared sidebar code above the page; AppTest keeps
    # only the page's elements after a rerun of a navigation app, so read the
    # message the app shows from session state (the browser tests see it drawn).
    return [e.value for e in at.error] + ([at.session_state[state.LOAD_ERROR]]
                                          if state.LOAD_ERROR in at.session_state else [])


def test_limit_and_offline_hub_are_shown(page):
    assert any("200 MB per file" in c.value for c in page.caption)
    # conftest sets HF_HUB_OFFLINE=1: the page says that setting, not that the network is down
    assert any("cannot be fetched by id here: offline mode is set on this server (HF_HUB_OFFLINE)" in i.value
               for i in page.info)


def test_uploaded_gguf_becomes_active_with_readable_tokens(page, tmp_path):
    path, _ = ff.gguf_file(tmp_path / "m.gguf", tokens=TOKENS, token_types=[3] + [1] * (factories.VOCAB - 1))
    at = _upload(page, ("tiny.gguf", path.read_bytes()))
    assert not at.exception and not _errors(at)
    active = Path(at.session_state[state.ACTIVE_SOURCE])
    assert active.name == "tiny.gguf"
    folder = at.session_state[state.UPLOAD_FOLDER]
    assert active.is_relative_to(folder.path) and active.is_file()
    sample = at.dataframe[1].value.set_index("id")
    assert sample.loc[1, "token"] == "␣cat" and sample.loc[1, "stored as"] == "Ġcat"
    assert bool(sample.loc[0, "special"]) is True
    assert not at.file_uploader[0].value  # emptied, so the next upload does not mix with this one
    # The temporary path is this session's only: a link must not carry it.
    assert state.MODEL_PARAM not in at.query_params
    folder.remove()


def test_two_uploads_in_a_row_do_not_mix(page, tmp_path):
    first, _ = ff.gguf_file(tmp_path / "a.gguf", tokens=TOKENS)
    second = factories.gpt2_folder(tmp_path / "gpt2")
    at = _upload(page, ("a.gguf", first.read_bytes()))
    at = _upload(at, ("model.safetensors", (second / "model.safetensors").read_bytes()))
    assert not _errors(at) and Path(at.session_state[state.ACTIVE_SOURCE]).name == "model.safetensors"


def test_uploaded_zip_of_a_folder(page, tmp_path):
    folder = factories.gpt2_folder(tmp_path / "gpt2", tied=False)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for file in folder.iterdir():
            archive.write(file, f"gpt2/{file.name}")
    at = _upload(page, ("gpt2.zip", buffer.getvalue()))
    assert not at.exception and not _errors(at)
    summary = dict(at.dataframe[0].value.values)
    assert summary["format"] == "hf-safetensors" and summary["weight tying"] == "untied"


def test_several_files_of_one_folder(page, tmp_path):
    folder = factories.bert_folder(tmp_path / "bert")
    at = _upload(page, *[(p.name, p.read_bytes()) for p in folder.iterdir()])
    assert not _errors(at) and dict(at.dataframe[0].value.values)["architecture"] == "bert"


def test_bad_upload_shows_one_error_and_keeps_the_previous_model(page, tmp_path):
    path, _ = ff.gguf_file(tmp_path / "m.gguf", tokens=TOKENS)
    at = _upload(page, ("broken.gguf", path.read_bytes()[:100]))
    assert not at.exception
    errors = _errors(at)
    assert len(errors) == 1 and "broken.gguf" in errors[0] and "GGUF" in errors[0]
    assert at.session_state[state.ACTIVE_SOURCE] == "all-minilm-l6-v2"


def test_failed_upload_empties_the_uploader_and_the_next_upload_opens_alone(page, tmp_path):
    # In a browser a multi-file uploader adds new files to those still in it, so
    # an uploader left full after a failure sends the bad file with every later one.
    at = _upload(page, ("random.safetensors", bytes(range(256)) * 4))
    assert _errors(at) == ["Could not read random.safetensors: it is not a readable safetensors file (Error while "
                           "deserializing header: header too large); it is truncated or corrupt: download or save it "
                           "again"]
    assert not at.file_uploader[0].value
    batches = list(at.session_state[state.UPLOAD_FOLDER].path.iterdir())
    assert batches == []  # the failed batch's files are not kept to mix with anything
    good, _ = ff.gguf_file(tmp_path / "m.gguf", tokens=TOKENS)
    at = _upload(at, ("tiny.gguf", good.read_bytes()))
    assert not _errors(at) and Path(at.session_state[state.ACTIVE_SOURCE]).name == "tiny.gguf"
    at.session_state[state.UPLOAD_FOLDER].remove()


def test_zip_slip_upload_is_refused(page):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("../../escape.txt", "owned")
    at = _upload(page, ("evil.zip", buffer.getvalue()))
    assert not at.exception and any("outside its folder" in e for e in _errors(at))


def test_zip_bomb_upload_is_refused(page):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("model.safetensors", bytes(32 * 2**20))  # 32 MB of zeros in about 32 kB
    at = _upload(page, ("bomb.zip", buffer.getvalue()))
    errors = _errors(at)
    assert not at.exception and len(errors) == 1
    assert errors[0].startswith("Could not read bomb.zip: it holds 'model.safetensors', which would unpack")
    assert "nothing was extracted" in errors[0]
    assert list(at.session_state[state.UPLOAD_FOLDER].path.iterdir()) == []


def test_npz_pickers_choose_the_arrays(page, tmp_path):
    token, position = np.ones((10, 4), np.float32), np.full((7, 4), 2.0, np.float32)
    np.savez(tmp_path / "t.npz", first=position, second=token)
    page.text_input(key=state.LOAD_PATH).input(str(tmp_path / "t.npz"))
    at = page.button(key="open_path").click().run()
    assert any("several 2-D arrays" in e for e in _errors(at))  # ambiguous: the page asks
    at.selectbox(key=state.TOKEN_ARRAY).select("second")
    at.selectbox(key=state.POSITION_ARRAY).select("first")
    at = at.button(key="apply_arrays").click().run()
    assert not at.exception and not _errors(at)
    assert at.session_state[state.ACTIVE_OPTIONS] == {"token_array": "second", "position_array": "first"}
    summary = dict(at.dataframe[0].value.values)
    assert summary["token table (vocab_size x d_model)"] == "10 x 4"
    assert summary["position table (n_positions x d_model)"] == "7 x 4"


def test_hub_fetch_offline_says_so(page):
    page.text_input(key=state.HUB_MODEL_ID).input("openai-community/gpt2")
    at = page.button(key="open_hub").click().run()
    assert not at.exception and any("offline" in e for e in _errors(at))


def test_local_path_opens_a_nanogpt_checkpoint(page, tmp_path):
    ff.nanogpt_checkpoint(tmp_path / "out", vocab_size=50304)
    page.text_input(key=state.LOAD_PATH).input(str(tmp_path / "out"))
    at = page.button(key="open_path").click().run()
    assert not _errors(at)
    summary = dict(at.dataframe[0].value.values)
    assert summary["format"] == "nanogpt" and summary[PADDING_ROWS] == "47"


def test_padding_rows_reserved_tokens_and_the_token_sample_are_explained(page):
    # MiniLM has no padding rows but 994 [unusedN] tokens: the two counts must not read as one.
    summary = dict(page.dataframe[0].value.values)
    assert summary["padding rows past the vocabulary (no token)"] == "0"
    assert summary["reserved tokens like [unused0] (in the vocabulary; no text produces them)"] == "994"
    sample = page.dataframe[1].value["id"].tolist()
    assert sample[:9] == list(range(9)) and sample[-1] == 30521
    assert any(c.value.startswith("A sample of 16 of 30,522 tokens: the first 9 (ids 0-8), then 7 spread evenly "
                                  "from id 4,367 to the last, 30,521.") for c in page.caption)


def test_a_nanogpt_checkpoint_shows_its_best_val_loss_training_config_and_tokenizer_advice(tmp_path):
    ff.nanogpt_checkpoint(tmp_path / "out", vocab_size=50304)
    at = open_app_page("pages/load.py", model=tmp_path / "out")
    assert not at.exception
    assert "Training run (as saved in the checkpoint)" in [s.value for s in at.subheader]
    frame = next(d.value for d in at.dataframe if "setting" in d.value.columns)
    rows = dict(zip(frame["setting"], frame["value"]))
    assert rows["best_val_loss"].startswith("1.4697 nats per token") and "perplexity 4.35" in rows["best_val_loss"]
    assert rows["iter_num"] == "250" and rows["config: dataset"] == "shakespeare_char"
    assert any("put GPT-2's tokenizer.json" in c.value for c in at.caption)


@pytest.mark.parametrize("what", ["zip", "config.json"])
def test_local_path_opens_a_zip_or_a_config_json_as_an_upload_would(page, tmp_path, monkeypatch, what):
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # where the zip is unpacked
    folder = factories.gpt2_folder(tmp_path / "gpt2", tied=False)
    path = folder / "config.json"
    if what == "zip":
        path = tmp_path / "gpt2.zip"
        with zipfile.ZipFile(path, "w") as archive:
            for file in folder.iterdir():
                archive.write(file, f"gpt2/{file.name}")
    page.text_input(key=state.LOAD_PATH).input(str(path))
    at = page.button(key="open_path").click().run()
    assert not at.exception and not _errors(at)
    summary = dict(at.dataframe[0].value.values)
    assert (summary["architecture"], summary["weight tying"]) == ("gpt2", "untied")
    assert at.session_state[state.ACTIVE_SOURCE] == str(path)


def test_a_very_long_model_parameter_is_named_by_its_start_and_length_in_korean():
    at = AppTest.from_file(str(Path(__file__).resolve().parents[2] / "app.py"), default_timeout=120)
    at.query_params[state.MODEL_PARAM] = "x" * 3000
    at.query_params["lang"] = "ko"
    at.run()
    assert not at.exception
    text = " ".join(e.value for e in at.error)
    assert "읽을 수 없습니다" in text and "(3,000자)" in text and "characters" not in text
    assert "x" * (SHOWN_CHARS + 1) not in text and len(text) < 1000


@pytest.mark.parametrize("value", ["\x00", "models/\x00/../x", "a\nb\x00"])
def test_a_model_parameter_with_a_nul_byte_gets_the_typed_message_not_the_bug_page(value):
    at = AppTest.from_file(str(Path(__file__).resolve().parents[2] / "app.py"), default_timeout=120)
    at.query_params[state.MODEL_PARAM] = value
    at.run()
    assert not at.exception
    text = " ".join(e.value for e in at.error)
    assert "NUL character" in text and "bug of the explorer" not in text, text
    assert "\x00" not in text  # the name is shown escaped, not as the raw byte
