"""Uploads are named as uploaded, never by their temporary path, and never put in a link."""

import os
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.ui import state
from dashboard.ui.session_files import SessionFolder, upload_root
from dashboard.ui.loading import display_name, link_source, load_error_message, short_name, uploaded_as
from tests import format_factories as ff
from tests.pages.app_test import shown

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def folder():
    owned = SessionFolder(session_id="test-source-names")
    yield owned
    owned.remove()


def test_uploads_are_named_as_uploaded(folder):
    one = folder.new_batch() / "ckpt.pt"
    one.write_bytes(b"x")
    extracted = folder.new_batch() / "gpt2"  # store_files extracts gpt2.zip here
    extracted.mkdir()
    several = folder.new_batch()
    for name in ("config.json", "model.safetensors", "tokenizer.json", "vocab.txt"):
        (several / name).write_text("x")
    assert display_name(str(one)) == "upload: ckpt.pt"
    assert display_name(str(extracted)) == "upload: gpt2.zip"
    assert short_name(str(several)) == "config.json, model.safetensors, tokenizer.json and 1 more"
    assert [link_source(str(p)) for p in (one, extracted, several)] == [None, None, None]


def test_other_sources_are_shown_and_linked_as_given(tmp_path):
    assert display_name("all-minilm-l6-v2") == link_source("all-minilm-l6-v2") == "all-minilm-l6-v2"
    assert display_name(str(tmp_path / "ckpt.pt")) == link_source(str(tmp_path / "ckpt.pt")) == str(tmp_path / "ckpt.pt")


def test_error_names_the_upload_once_and_never_its_temporary_path(folder):
    batch = folder.new_batch()
    upload = batch / "random.safetensors"
    message = load_error_message(str(upload), ValueError("random.safetensors is not a readable safetensors file"))
    assert message == "Could not read random.safetensors: it is not a readable safetensors file"
    inside = load_error_message(str(batch), ValueError(f"{batch} holds a.bin, b.bin; give the path of one file"))
    assert str(upload_root()) not in inside and inside.endswith(": it holds a.bin, b.bin; give the path of one file")


def test_error_for_a_path_names_it_once(tmp_path):
    missing = str(tmp_path / "nothing")
    expected = f"Could not read {missing}: it is neither an existing path nor a bundled checkpoint"
    for named in (missing, repr(missing)):  # readers quote a typed path (user_paths.shorten)
        assert load_error_message(missing, ValueError(f"{named} is neither an existing path nor a bundled checkpoint")) \
            == expected


def test_a_climbing_path_whose_full_path_is_inside_it_is_named_once_not_twice(tmp_path, monkeypatch):
    # Review: ?model=../../../../etc said "../../../..../../../../etc": the full path "/etc" was replaced
    # inside the path as typed.
    monkeypatch.chdir(tmp_path)
    typed = "../" * (len(tmp_path.parts) - 1) + "etc"
    assert os.path.abspath(typed) == "/etc"
    message = load_error_message(typed, ValueError(f"{typed} holds no checkpoint file; give the path of one"))
    assert message == f"Could not read {typed}: it holds no checkpoint file; give the path of one"
    full = load_error_message(typed, ValueError("/etc holds no checkpoint file"))  # a reader that quotes it whole
    assert full == f"Could not read {typed}: it holds no checkpoint file"


def test_sidebar_shows_an_active_upload_by_its_name(folder):
    path, _ = ff.gguf_file(folder.new_batch() / "tiny.gguf")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.session_state[state.ACTIVE_SOURCE] = str(path)
    at.run()
    assert not at.exception
    captions = [shown(c.value) for c in at.sidebar.caption]
    assert "Showing **upload: tiny.gguf**" in captions
    assert any("link leaves them out" in c for c in captions)
    assert not any(str(upload_root()) in c.value for c in at.caption)  # the Overview's "read from" too


def _publish_nothing():
    from dashboard.ui.url_state import publish

    publish([])


def test_a_pages_link_leaves_an_upload_out(folder):
    path = folder.new_batch() / "tiny.gguf"
    at = AppTest.from_function(_publish_nothing, default_timeout=60)
    at.session_state[state.ACTIVE_SOURCE] = str(path)
    at.query_params[state.MODEL_PARAM] = "smollm2-135m"
    at.run()
    assert not at.exception and state.MODEL_PARAM not in at.query_params


def test_link_to_an_upload_is_refused(folder):
    path, _ = ff.gguf_file(folder.new_batch() / "tiny.gguf")
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params[state.MODEL_PARAM] = str(path)
    at.run()
    assert not at.exception
    assert at.session_state[state.ACTIVE_SOURCE] == "all-minilm-l6-v2"
    errors = [e.value for e in at.error]
    assert len(errors) == 1 and "cannot be linked" in errors[0] and str(upload_root()) not in errors[0]


def test_uploaded_tables_are_titled_by_what_was_uploaded(folder, tmp_path):
    import streamlit as st

    from dashboard.ui.loading import get_tables
    from tests import factories

    st.session_state[state.UPLOAD_FOLDER] = folder  # the session that uploaded is the one asking
    batch = folder.new_batch()
    factories.gpt2_folder(batch / "my-gpt2")  # what store_files leaves for my-gpt2.zip
    tables = get_tables(str(batch / "my-gpt2"))
    assert tables.source == "my-gpt2.zip" and tables.name == "my-gpt2.zip"
    assert tables.model_path == str(batch / "my-gpt2")  # the forward pass still finds the files


def test_an_upload_is_given_to_code_by_the_path_its_uploader_has(folder, tmp_path):
    one = folder.new_batch() / "ckpt.pt"
    one.write_bytes(b"x")
    extracted = folder.new_batch() / "gpt2"
    (extracted / "inner").mkdir(parents=True)
    several = folder.new_batch()
    (several / "config.json").write_text("x")
    assert uploaded_as(str(one)) == "ckpt.pt"
    assert uploaded_as(str(extracted)) == "gpt2" and uploaded_as(str(extracted / "inner")) == "gpt2/inner"
    assert uploaded_as(str(several)) == "checkpoint"
    assert uploaded_as(str(tmp_path / "ckpt.pt")) is None and uploaded_as("all-minilm-l6-v2") is None
