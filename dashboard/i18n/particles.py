"""Korean particles after a value: ``고양이을(를)`` becomes ``고양이를`` once the value is known.

A Korean particle depends on whether the word before it ends in a consonant
(a final consonant, 받침): 을/를, 이/가, 은/는, 과/와, 으로/로. A template
cannot know what a placeholder will hold, so the catalogue writes both forms,
``{text}을(를)``; after formatting, each both-forms particle that follows a
Hangul syllable or a number (closing quotes, backticks or ``**`` in between)
is reduced to the one form that word takes when read aloud. A number is read
the Sino-Korean way (``30,522`` 삼만 오백이십이, ends in 이; ``1,000`` 천;
``0.25`` 영 점 이오; ``3.4%`` ...퍼센트). After anything else (Latin letters,
a number inside a name such as ``v2`` or ``checkpoint-500``, symbols) both
forms stay: reading ``smollm2`` or ``[UNK]`` aloud is another matter.

Source: Unicode Standard, chapter 3.12 (a syllable's final consonant is
``(code - 0xAC00) % 28``, 0 for none, 8 for ㄹ); the particle rules of the
National Institute of Korean Language's standard grammar (표준국어대사전);
Sino-Korean numerals and the myriad units 만 (10^4), 억 (10^8), 조 (10^12),
경 (10^16).
"""

from __future__ import annotations

import re

#: Both-forms spelling -> (form after a final consonant, form after a vowel).
PARTICLES = {
    "을(를)": ("을", "를"),
    "이(가)": ("이", "가"),
    "은(는)": ("은", "는"),
    "와(과)": ("과", "와"),
    "(으)로": ("으로", "로"),
}
_FIRST_SYLLABLE, _LAST_SYLLABLE = 0xAC00, 0xD7A3
_RIEUL = 8  # final ㄹ: takes 로, not 으로
#: The last syllable read aloud for a final digit 0-9 (영 일 이 삼 사 오 육 칠 팔 구).
_DIGIT_SYLLABLES = "영일이삼사오육칠팔구"
#: The last syllable read for 1, 2 and 3 trailing zeros (십 백 천).
_TENS_SYLLABLES = "십백천"
#: The last syllable read for 4-7, 8-11, 12-15 and 16+ trailing zeros (만 억 조 경).
_MYRIAD_SYLLABLES = "만억조경"
_PERCENT_SYLLABLE = "트"  # 퍼센트
_CLOSERS = r"[`'\"*\u2019\u201d)\]]*"
_ALTERNATIVES = "|".join(re.escape(p) for p in PARTICLES)
# A number stands alone, a sign allowed: not glued to a letter, digit, '_', '-' or '.' before it (v2, checkpoint-500, 1e-05).
_NUMBER = r"(?<![\w.\-])[-\u2212]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?%?"
_BOTH_FORMS = re.compile(rf"([\uac00-\ud7a3]|{_NUMBER})({_CLOSERS})({_ALTERNATIVES})")


def _last_syllable_read(number: str) -> str:
    """The last syllable of ``number`` read aloud: ``'30,522'`` -> 이, ``'1,000'`` -> 천, ``'0.25'`` -> 오."""
    if number.endswith("%"):
        return _PERCENT_SYLLABLE
    if "." in number:  # digits after the point are read one by one
        return _DIGIT_SYLLABLES[int(number[-1])]
    digits = number.lstrip("-\u2212").replace(",", "")
    zeros = len(digits) - len(digits.rstrip("0"))
    if zeros == len(digits) or zeros == 0:
        return _DIGIT_SYLLABLES[int(digits[-1])]
    if zeros <= 3:
        return _TENS_SYLLABLES[zeros - 1]
    return _MYRIAD_SYLLABLES[min(zeros // 4, 4) - 1]


def _particle(word_end: str, both: str) -> str:
    syllable = word_end if len(word_end) == 1 and not word_end.isdigit() else _last_syllable_read(word_end)
    final = (ord(syllable) - _FIRST_SYLLABLE) % 28
    after_consonant, after_vowel = PARTICLES[both]
    if both == "(으)로":
        return after_consonant if final not in (0, _RIEUL) else after_vowel
    return after_consonant if final else after_vowel


def resolve_particles(text: str) -> str:
    """``text`` with every both-forms particle after a Hangul syllable or a number reduced to its one right form.

    ``'고양이'을(를)`` -> ``'고양이'를``; ``임베딩은(는)`` -> ``임베딩은``;
    ``30,522이(가)`` -> ``30,522가``; ``1,000은(는)`` -> ``1,000은``;
    ``smollm2-135m이(가)`` stays (no Hangul or lone number before it).
    """
    return _BOTH_FORMS.sub(lambda m: m.group(1) + m.group(2) + _particle(m.group(1), m.group(3)), text)
