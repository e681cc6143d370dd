"""Which language a session reads, and that switching it keeps the checkpoint and every setting."""

from __future__ import annotations

import pytest
import yaml

from dashboard.ui import state
from dashboard.ui.language import LANG_ENV, deployment_language
from tests.pages.app_test import ROOT, open_app_page


@pytest.mark.parametrize(("value", "lang"), [("ko", "ko"), (" KO ", "ko"), ("en", "en"), ("fr", "en"), ("", "en")])
def test_the_deployment_default_is_en_or_ko(monkeypatch, value, lang):
    monkeypatch.setenv(LANG_ENV, value)
    assert deployment_language() == lang


def test_a_korean_deployment_opens_in_korean_and_a_link_can_ask_for_english(monkeypatch):
    monkeypatch.setenv(LANG_ENV, "ko")
    at = open_app_page("pages/overview.py")
    assert at.title[0].value.startswith("개요")
    assert state.LANGUAGE_PARAM not in at.query_params  # the server's own language needs no parameter
    at = open_app_page("pages/overview.py", query={"lang": "en"})
    assert at.title[0].value.startswith("Overview") and at.query_params[state.LANGUAGE_PARAM] == "en"


def test_switching_language_keeps_the_checkpoint_and_the_settings():
    at = open_app_page("pages/neighbours.py", model="tiny-gpt-pydocs")
    at.text_input(key="nn_query").set_value("return").run()
    at.number_input(key="nn_k").set_value(7).run()
    english = [list(frame.value.iloc[:, 0]) for frame in at.dataframe]
    at.session_state[state.LANGUAGE] = "ko"  # what the sidebar's switch sets
    at.run()
    assert not at.exception
    assert at.session_state[state.ACTIVE_SOURCE] == "tiny-gpt-pydocs"
    assert at.text_input(key="nn_query").value == "return" and at.number_input(key="nn_k").value == 7
    assert at.query_params[state.LANGUAGE_PARAM] == "ko"
    assert [list(frame.value.iloc[:, 0]) for frame in at.dataframe] == english  # same neighbours, same order


def test_compose_and_the_image_pass_the_language_setting_on():
    service = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]["explorer"]
    assert service["environment"][LANG_ENV] == "${EXPLORER_LANG:-en}"
    assert f"{LANG_ENV}=en" in (ROOT / "Dockerfile").read_text()
    assert f"{LANG_ENV}=ko" in (ROOT / "docs" / "deploy.md").read_text()


def _fragment_script():
    import streamlit as st

    from dashboard.i18n import t, use_language
    from dashboard.ui.language import language_fragment

    @language_fragment()
    def progress_line():
        st.write(t("map_queue.about", seconds=40))

    st.session_state["lang"] = "ko"
    use_language("en")  # what a fragment's own rerun finds: app.py, which sets the language, did not run
    progress_line()


def test_a_fragment_speaks_the_sessions_language_even_when_the_run_has_none_set():
    from streamlit.testing.v1 import AppTest

    assert state.LANGUAGE == "lang"  # the key the script above sets
    at = AppTest.from_function(_fragment_script).run()
    assert not at.exception and [m.value for m in at.markdown] == [", 약 40초 남음"]
