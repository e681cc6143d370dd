"""Perturb and watch and Where training starts in Korean on the bundled models that have a head (marked `real`).

tiny-gpt-pydocs is untied, SmolLM2 (GGUF) tied: each page is opened with
``?lang=ko``, the perturbation run and changed again as a reader would, and
the prose measured as :mod:`tests.i18n.test_korean_pages` does.

One text is taken out of the measure: the prompt, which the reader typed (the
default is English, as the bundled models' vocabularies are), shown as typed
like a token string.
"""

from __future__ import annotations

import re

import pytest
from streamlit.testing.v1 import AppTest

from dashboard.forward.perturbation import DEFAULT_PROMPT
from dashboard.i18n import use_language
from dashboard.ui import state
from tests.i18n.page_prose import assert_korean
from tests.pages.app_test import open_app_page

pytestmark = pytest.mark.real

#: Bundled models with an output head: (name, tied).
MODELS = [("tiny-gpt-pydocs", False), ("smollm2-135m", True)]
#: The GGUF is dequantised and built by transformers on first use: slow on a busy machine.
TIMEOUT = 900
_HANGUL = re.compile(r"[\uac00-\ud7a3]")


@pytest.fixture(autouse=True)
def korean_widgets():
    """AppTest formats a widget's new value with the page's ``format_func`` in this thread: make it Korean here too."""
    use_language("ko")
    yield
    use_language("en")


def _assert_korean(at: AppTest) -> None:
    """The Korean measure of the page's prose, less the prompt (see the module docstring)."""
    assert_korean(at, typed=(DEFAULT_PROMPT,))


@pytest.mark.parametrize("model, tied", MODELS, ids=[name for name, _ in MODELS])
def test_perturb_in_korean_before_and_after_a_change(model, tied):
    at = open_app_page("pages/perturb.py", model=model, query={"lang": "ko"}, timeout=TIMEOUT)
    _assert_korean(at)
    assert at.title[0].value.startswith("바꿔 보고 지켜보기")
    assert [h for h in at.dataframe[0].value.columns] == ["순위", "바꾸기 전", "바꾸기 전 확률", "바꾼 후", "바꾼 후 확률"]
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["다른 테이블도 바뀜"] == ("예" if tied else "아니요")
    verdict = "**하나의 저장 공간**" if tied else "**서로 독립된 두 행렬**"
    assert any(verdict in m.value for m in at.markdown), [m.value for m in at.markdown]

    # Change the head instead, by zeroing its row, as a reader clicks: the page reruns with the new result.
    at.radio(key=state.PERTURB_TABLE).set_value("head")
    at.radio(key=state.PERTURB_CHANGE).set_value("zero")
    at.run(timeout=TIMEOUT)
    _assert_korean(at)
    metrics = {m.label: m.value for m in at.metric}
    assert metrics["헤드 행의 변화"] != "0" and metrics["다른 테이블도 바뀜"] == ("예" if tied else "아니요")
    assert any("출력 헤드의 #" in m.value for m in at.markdown)
    assert any("0으로 만들기" in c.value for c in at.caption)


@pytest.mark.parametrize("model, tied", MODELS, ids=[name for name, _ in MODELS])
def test_initialisation_in_korean_on_every_table(model, tied):
    at = open_app_page("pages/initialisation.py", model=model, query={"lang": "ko"}, timeout=TIMEOUT)
    _assert_korean(at)
    assert at.radio(key="init_table").value == "token table"  # the option's value, the same in every language
    assert "표준편차가 가장 가까운 초기화" in {m.label for m in at.metric}
    assert "이름" in at.dataframe[0].value.columns
    for option in at.radio(key="init_table").options[1:]:
        at.radio(key="init_table").set_value({"출력 헤드": "output head",
                                              "위치 임베딩 테이블": "position table"}[option])
        at.run(timeout=TIMEOUT)
        _assert_korean(at)
        assert any(option in m.value for m in at.markdown)
