"""The "Where training starts" page on every bundled model, in both languages: one convention for N(0, .),
what the first block receives, and the page's one Korean name."""

import json

import pytest

from dashboard.i18n import msg, render
from tests.pages.app_test import open_app_page, shown

PAGE = "pages/initialisation.py"
MODELS = ["all-minilm-l6-v2", "tiny-gpt-pydocs", "smollm2-135m"]


def _open(model, lang):
    at = open_app_page(PAGE, model=model, query={"lang": lang})
    assert not at.exception, [e.value for e in at.exception]
    return at


def _prose(at) -> str:
    """Every sentence, caption, metric, table row name and chart title the page shows."""
    texts = [e.value for kind in (at.title, at.subheader, at.markdown, at.caption) for e in kind]
    texts += [m.value for m in at.metric] + [m.proto.help for m in at.metric]
    texts += [json.dumps(json.loads(c.proto.spec), ensure_ascii=False) for c in at.get("vega_lite_chart")]
    texts += [" ".join(map(str, frame.value.iloc[:, 0])) for frame in at.dataframe]
    return shown("\n".join(texts))


@pytest.mark.real
@pytest.mark.parametrize("model", MODELS)
@pytest.mark.parametrize("lang, convention", [
    ("en", "Each N(0, σ) here gives the standard deviation σ of the entries, not the variance"),
    ("ko", "여기서 N(0, σ)의 σ는 원소의 분산이 아니라 표준편차입니다"),
])
def test_every_normal_is_written_with_its_standard_deviation_and_the_page_says_so(model, lang, convention):
    prose = _prose(_open(model, lang))
    assert convention in prose
    assert "N(0, 1/√d_model)" in prose and "N(0, 0.02)" in prose
    for variance_style in ("N(0, 1/d_model)", "std²", "variance 1/d_model", "분산 1/d_model"):
        assert variance_style not in prose, variance_style


@pytest.mark.real
@pytest.mark.parametrize("lang, layernorm, unscaled", [
    ("en", "its first block receives LayerNorm(token row + position row + token-type row)",
     "its first block receives the stored rows unscaled"),
    ("ko", "첫 블록은 LayerNorm(토큰 행 + 위치 행 + 토큰 타입 행)을 받습니다", "첫 블록은 저장된 행을 배율 없이 그대로 받습니다"),
])
def test_bert_is_not_said_to_pass_the_stored_rows_to_its_first_block(lang, layernorm, unscaled):
    bert = _prose(_open("all-minilm-l6-v2", lang))
    assert layernorm in bert and unscaled not in bert, bert
    for model in ("tiny-gpt-pydocs", "smollm2-135m"):  # a plain sum, or the token row alone: as they are
        prose = _prose(_open(model, lang))
        assert unscaled in prose and layernorm not in prose


@pytest.mark.real
@pytest.mark.parametrize("model", MODELS)
def test_the_korean_page_and_its_link_share_one_name(model):
    at = _open(model, "ko")
    link = render(msg("nav.initialisation"), "ko")
    assert link == "학습의 출발점" and at.title[0].value.startswith(f"{link}: ")
    assert "학습이 시작되는 곳" not in _prose(at)
