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


@pytest.mark.parametrize("text", ["smollm2-135m이(가)", "[UNK]은(는)", "'x'을(를)", "v2을(를)",
                                  "checkpoint-500은(는)", "1e-05을(를)", "을(를) 처음"])
def test_after_anything_but_hangul_or_a_lone_number_both_forms_stay(text):
    assert resolve_particles(text) == text


def test_rendered_korean_messages_resolve_their_particles_and_english_is_untouched():
    text = msg("hangul.whole", model="smollm2-135m", text="`고양이`")
    assert render(text, "ko").startswith("`고양이`는 smollm2-135m 어휘의")  # {text}은(는) after 이
    assert "(는)" not in render(text, "ko") and str(text).startswith("`고양이` is one token")
