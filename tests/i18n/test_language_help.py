"""The language switch's help: this server's actual default, and how to make the other language the default."""

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.ui import state
from dashboard.ui.language import LANG_ENV
from tests.pages.app_test import ROOT

EXPECTED = {
    "en": "Server default: {default}. To make {other_name} the default, start the server with {env}={other}.",
    "ko": "서버의 기본 언어: {default}. 기본 언어 바꾸기({other_name}): 서버를 {env}={other} 설정으로 시작하세요.",
}


def _first_page(lang: str) -> AppTest:
    """The first page with its sidebar (a switched page keeps only its own elements), in ``lang``."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params[state.LANGUAGE_PARAM] = lang
    at.run()
    assert not at.exception, [e.value for e in at.exception]
    return at


def _switch(at: AppTest):
    [switch] = [radio for radio in at.sidebar.radio if radio.key == state.LANGUAGE]
    return switch


@pytest.mark.parametrize("lang", ["en", "ko"])
@pytest.mark.parametrize("setting, default, other, other_name", [(None, "English", "ko", "한국어"),
                                                                 ("ko", "한국어", "en", "English")])
def test_the_help_shows_the_servers_default_and_how_to_change_it(monkeypatch, lang, setting, default, other,
                                                                 other_name):
    if setting is None:
        monkeypatch.delenv(LANG_ENV, raising=False)
    else:
        monkeypatch.setenv(LANG_ENV, setting)
    said = _switch(_first_page(lang)).help
    assert said == EXPECTED[lang].format(default=default, other_name=other_name, env=LANG_ENV, other=other)

