"""Under ``lang=ko`` every page renders, and what it shows is Korean prose (code and token strings aside).

Every page on the default model (all-MiniLM, BERT: a LayerNorm rule, a token-type row) is read in both
languages by :func:`tests.pages.test_app.test_every_page_renders_on_default_in_each_language`. Here, one test
over (page, model, link) cases: the pages whose text depends on the model or on a setting, again on the other
bundled models:
tiny-gpt-pydocs is a GPT-2 (the plain sum, learned positions, byte-level BPE,
an untied output head), SmolLM2 a GGUF Llama (no position table, words split
into byte-level pieces, a tied head). The measure is
:func:`tests.i18n.page_prose.assert_korean`: no run of four English words
left, and Hangul at least :data:`~tests.i18n.page_prose.MIN_HANGUL_SHARE` of
the prose's letters. The files beside this one check what a page says beyond
that measure (its tables, errors, widgets and charts).
"""

from __future__ import annotations

import pytest

from tests.i18n.page_prose import assert_korean
from tests.pages.app_test import open_app_page

GPT, SMOLLM2 = "tiny-gpt-pydocs", "smollm2-135m"
LESSONS = ["pages/lookup.py", "pages/similarity_quiz.py", "pages/parameter_calculator.py"]


def _case(page: str, model: str | None = None, name: str = "", *, real: bool = False, session: dict | None = None,
          **query: str):
    ident = "-".join(part for part in (page.removeprefix("pages/").removesuffix(".py"), model, name) if part)
    return pytest.param(page, model, query, session or {}, id=ident, marks=[pytest.mark.real] if real else [])


CASES = [
    *(_case(page, model, real=True) for model in (GPT, SMOLLM2) for page in LESSONS),
    _case("pages/token_map.py", GPT),
    _case("pages/token_map.py", GPT, "head-norm", table="head", color="norm"),
    _case("pages/token_map.py", GPT, "position-3d", table="position", dims="3"),
    _case("pages/neighbours.py", GPT, "expression", query="king - man + woman"),
    _case("pages/neighbours.py", GPT, "both-dot", query="def", table="both", metric="dot"),
    _case("pages/similarity.py", GPT),
    _case("pages/similarity.py", GPT, "head-dot", sim_table="head", sim_metric="dot"),
    *(_case("pages/positions.py", model) for model in (GPT, SMOLLM2)),
    _case("pages/undertrained.py", GPT, real=True),
    _case("pages/undertrained.py", GPT, "cosine", real=True, session={"ut_indicator": "cosine"}),
    _case("pages/undertrained.py", SMOLLM2, real=True),
]


@pytest.mark.parametrize("page, model, query, session", CASES)
def test_every_page_reads_in_korean(page, model, query, session):
    assert_korean(open_app_page(page, model=model, query={"lang": "ko", **query}, session=session))


def test_the_sidebar_and_first_page_in_korean():
    from tests.pages.app_test import AppTest, ROOT

    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.query_params["lang"] = "ko"
    at.run()
    assert_korean(at)
