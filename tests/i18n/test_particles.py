"""Korean particles chosen after the value is known: 을/를, 이/가, 은/는, 과/와, 으로/로."""

import pytest

from dashboard.i18n import msg, render
from dashboard.i18n.particles import resolve_particles


@pytest.mark.parametrize("text, expected", [
    ("고양이을(를) 찾았습니다", "고양이를 찾았습니다"),  # vowel ending
    ("임베딩을(를) 찾았습니다", "임베딩을 찾았습니다"),  # final ㅇ
    ("`고양이`이(가) 됩니다", "`고양이`가 됩니다"),  # through a closing backtick
    ("'왕'은(는)", "'왕'은"),
    ("**학생**와(과) 선생님", "**학생**과 선생님"),
    ("서울(으)로", "서울로"),  # final ㄹ takes 로
    ("학교(으)로", "학교로"),
    ("부산(으)로", "부산으로"),
])
def test_a_particle_after_a_hangul_syllable_takes_its_one_form(text, expected):
    assert resolve_particles(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("30,522이(가)", "30,522가"),  # 삼만 오백이십이
    ("576은(는)", "576은"),  # ...육: final ㄱ
    ("1(으)로", "1로"),  # 일: final ㄹ takes 로
    ("3(으)로", "3으로"),  # 삼
    ("10을(를)", "10을"),  # 십
    ("100와(과)", "100과"),  # 백
    ("1,000은(는)", "1,000은"),  # 천
    ("20,000이(가)", "20,000이"),  # 이만
    ("1,000,000,000,000이(가)", "1,000,000,000,000가"),  # 일조
    ("0이(가)", "0이"),  # 영
    ("0.25을(를)", "0.25를"),  # 영 점 이오: digits after the point one by one
    ("-0.3이(가)", "-0.3이"),
    ("3.4%이(가)", "3.4%가"),  # 퍼센트
    ("**8,192**은(는)", "**8,192**는"),
])
def test_a_particle_after_a_number_takes_the_form_of_its_sino_korean_reading(text, expected):
    assert resolve_particles(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("'lm_head.weight'와(과) 'transformer.wte.weight'은(는)", "'lm_head.weight'와 'transformer.wte.weight'는"),  # 웨이트
    ("'token_embd.weight'을(를) 다시 씁니다", "'token_embd.weight'를 다시 씁니다"),
    ("tiny-gpt-pydocs(으)로", "tiny-gpt-pydocs로"),  # 독스
    ("all-MiniLM-L6-v2(으)로", "all-MiniLM-L6-v2로"),  # 브이투 or 브이이: both end in a vowel
    ("smollm2-135m이(가)", "smollm2-135m이"),  # 엠
    ("smollm2-135m(으)로", "smollm2-135m으로"),
    ("PNG(으)로", "PNG로"), ("SVG(으)로", "SVG로"),  # letter names: 지
    ("[UNK]이(가)", "[UNK]가"),  # 유엔케이 or 엉크
    ("'x'을(를)", "'x'를"),  # 엑스
    ("any(으)로", "any로"), ("huggingface.co을(를)", "huggingface.co를"),
    ("model(으)로", "model로"),  # final ㄹ takes 로
    ("token은(는)", "token은"), ("embedding을(를)", "embedding을"), ("table이(가)", "table이"),  # ㄴ ㅇ ㄹ
    ("JSON(으)로", "JSON으로"),  # 제이슨, and 엔 by its letters
    ("Tuesday을(를)", "Tuesday를"), ("desk을(를)", "desk를"),  # 데스크: t k p after a consonant
])
def test_a_particle_after_a_latin_word_takes_the_form_every_likely_reading_agrees_on(text, expected):
    assert resolve_particles(text) == expected


@pytest.mark.parametrize("text", ["'cat'을(를)", "book은(는)", "UMAP을(를)", "model.png(으)로", "L6을(를)",
                                  "checkpoint-500은(는)", "1e-05을(를)", "을(를) 처음", "type을(를)"])
def test_where_readings_disagree_or_nothing_is_read_both_forms_stay(text):
    """캣/캐트, 북/부크, 유맵/유엠에이피, 핑/피엔지, 식스/육, 오백/five hundred, 타입/타이프."""
    assert resolve_particles(text) == text


def test_rendered_korean_messages_resolve_their_particles_and_english_is_untouched():
    text = msg("hangul.whole", model="smollm2-135m", text="`고양이`")
    assert render(text, "ko").startswith("`고양이`는 smollm2-135m 어휘의")  # {text}은(는) after 이
    assert "(는)" not in render(text, "ko") and str(text).startswith("`고양이` is one token")
