"""The language switch's help: this server's actual default, and how to make the other language the default."""

import pytest

from dashboard.ui import state
from dashboard.ui.language import LANG_ENV
from streamlit.testing.v1 import AppTest

from tests.pages.app_test import ROOT


def _switch_help(at) -> str:
    [switch] = [radio for radio in at.sidebar.radio if radio.key == state.LANGUAGE]
    return switch.help


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("setting, default, other", [(None, "English", "ko"), ("ko", "한국어", "en")])
def test_the_help_shows_the_servers_default_and_how_to_change_it(monkeypatch, lang, setting, default, other):
    if setting is None:
        monkeypatch.delenv(LANG_ENV, raising=False)
    else:
        monkeypatch.setenv(LANG_ENV, setting)
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params[state.LANGUAGE_PARAM] = lang
    at.run()  # the first page, with the sidebar (a switched page keeps only its own elements)
    assert not at.exception, [e.value for e in at.exception]
    said = _switch_help(at)
    assert f"Server default: {default}" in said and f"서버의 기본 언어: {default}" in said, said
    other_name = {"ko": "한국어", "en": "English"}[other]
    assert f"to make {other_name} the default, start the server with {LANG_ENV}={other}" in said, said
    assert f"기본 언어 바꾸기({other_name}): 서버를 {LANG_ENV}={other} 설정으로 시작하세요" in said, said
    assert f"{LANG_ENV}={'en' if other == 'ko' else 'ko'}" not in said  # the setting it already has is not offered
