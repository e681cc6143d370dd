"""Korean particles after a value: ``고양이을(를)`` becomes ``고양이를`` once the value is known.

A Korean particle depends on whether the word before it ends in a consonant
(a final consonant, 받침): 을/를, 이/가, 은/는, 과/와, 으로/로. A template
cannot know what a placeholder will hold, so the catalogue writes both forms,
``{text}을(를)``; after formatting, each both-forms particle that follows a
Hangul syllable (closing quotes, backticks or ``**`` in between) is reduced to
the one form that syllable takes. After anything else (Latin letters, digits,
symbols) both forms stay: reading ``smollm2`` or ``[UNK]`` aloud is another
matter.

Source: Unicode Standard, chapter 3.12 (a syllable's final consonant is
``(code - 0xAC00) % 28``, 0 for none, 8 for ㄹ); the particle rules of the
National Institute of Korean Language's standard grammar (표준국어대사전).
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
_BOTH_FORMS = re.compile(r"([\uac00-\ud7a3])([`'\"*\u2019\u201d)\]]*)(" +
                         "|".join(re.escape(p) for p in PARTICLES) + ")")


def _particle(syllable: str, both: str) -> str:
    final = (ord(syllable) - _FIRST_SYLLABLE) % 28
    after_consonant, after_vowel = PARTICLES[both]
    if both == "(으)로":
        return after_consonant if final not in (0, _RIEUL) else after_vowel
    return after_consonant if final else after_vowel


def resolve_particles(text: str) -> str:
    """``text`` with every both-forms particle after a Hangul syllable reduced to its one right form.

    ``'고양이'을(를)`` -> ``'고양이'를``; ``임베딩은(는)`` -> ``임베딩은``;
    ``smollm2-135m이(가)`` stays (no Hangul before it).
    """
    return _BOTH_FORMS.sub(lambda m: m.group(1) + m.group(2) + _particle(m.group(1), m.group(3)), text)
