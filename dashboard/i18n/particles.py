"""Korean particles after a value: ``고양이을(를)`` becomes ``고양이를`` once the value is known.

A particle depends on whether the word before it ends in a final consonant (받침): 을/를, 이/가, 은/는,
과/와, 으로/로. The catalogue writes both forms (``{text}을(를)``); after formatting, each both-forms particle
after a Hangul syllable or a number (closing quotes, backticks or ``**`` between) becomes the form that word
takes read aloud. Numbers are read Sino-Korean (``30,522`` 삼만 오백이십이; ``1,000`` 천; ``0.25`` 영 점 이오;
``3.4%`` ...퍼센트).

After a Latin word the particle is chosen only where every likely reading of its end agrees; else both forms
stay. A lone letter, or capitals with no vowel letter (``'x'``, ``PNG``), is read by letter names (엑스, 피엔지); a
lowercase word with a vowel letter as a loanword (외래어 표기법: :func:`_loanword_end`); any other word (``UMAP``,
``MiniLM``) must agree under both readings, and so must one digit glued to a word (``v2``: 투 or 이); a longer
glued number (``checkpoint-500``) keeps both forms.

Source: Unicode Standard 3.12 (a syllable's final consonant is ``(code - 0xAC00) % 28``, 0 for none, 8 for ㄹ);
the particle rules of the National Institute of Korean Language (표준국어대사전); Sino-Korean numerals with the
myriad units 만 (10^4), 억 (10^8), 조 (10^12), 경 (10^16).
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
# A standalone number, sign allowed: no letter, digit, '_', '-' or '.' just before it (v2, checkpoint-500, 1e-05).
_NUMBER = r"(?<![\w.\-])[-\u2212]?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?%?"
# A Latin word, at most one digit glued to its end (v2, smollm2), not itself glued to a letter before it.
_LATIN_WORD = r"(?<![A-Za-z])[A-Za-z]+[0-9]?(?![0-9])"
_BOTH_FORMS = re.compile(rf"([\uac00-\ud7a3]|{_LATIN_WORD}|{_NUMBER})({_CLOSERS})({_ALTERNATIVES})")
# Stand-in syllables for how a reading ends: a vowel, a final ㄹ, another final consonant.
_VOWEL, _RIEUL_END, _CONSONANT = "가", "갈", "감"
#: Letters whose names end in a consonant (엘 엠 엔 알); every other letter's name ends in a vowel.
_LETTER_NAME_ENDS = {"l": _RIEUL_END, "m": _CONSONANT, "n": _CONSONANT, "r": _RIEUL_END}
#: The last syllable of a digit read in English (zero one two ... nine: 로 원 투 리 포 브 스 븐 트 인).
_ENGLISH_DIGIT_SYLLABLES = "로원투리포브스븐트인"
_VOWEL_LETTERS = set("aeiouy")
#: Final letters a loanword reads with a vowel (스, 드, 즈, 프, 브, 치, 어, 우 ...) whatever comes before.
_VOWEL_ENDINGS = set("sdxzfvhrwaiouyjq")
#: Final letters read with a vowel after a consonant (desk 데스크), either way after a vowel (캣 or 시트): unknown there.
_STOP_ENDINGS = set("tkpbgc")


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


def _loanword_end(word: str) -> str | None:
    """How a lowercase word read as a loanword ends (a stand-in syllable), ``None`` where it depends on the word:
    ``-m``, ``-n``, ``-ng``, ``-l`` (and ``-me``, ``-ne``, ``-le``) in a consonant (토큰, 임베딩, 테이블), other
    endings by :data:`_VOWEL_ENDINGS` and :data:`_STOP_ENDINGS`."""
    last, before = word[-1], word[-2] if len(word) > 1 else ""
    if word.endswith("ng") or last in "mn":
        return _CONSONANT
    if last == "l":
        return _RIEUL_END
    if last == "e" and before in ("l", "m", "n"):  # table 테이블, name 네임, line 라인
        return _RIEUL_END if before == "l" else _CONSONANT
    if last == "e":
        return None if before == "p" else _VOWEL  # type 타입 against tape 테이프
    if last in _VOWEL_ENDINGS:
        return _VOWEL
    if last in _STOP_ENDINGS:
        return _VOWEL if before and before not in _VOWEL_LETTERS else None
    return None


def _latin_ends(word: str) -> set[str | None]:
    """The ways ``word`` (Latin letters, perhaps one digit after them) may end when read aloud (module docstring)."""
    if word[-1].isdigit():
        digit = int(word[-1])
        return {_ENGLISH_DIGIT_SYLLABLES[digit], _DIGIT_SYLLABLES[digit]}
    by_letters = _LETTER_NAME_ENDS.get(word[-1].lower(), _VOWEL)
    spellable = not set(word.lower()) & set("aeiou")  # no vowel letter: most likely read letter by letter
    if len(word) == 1 or word.isupper() and spellable:  # 'x', PNG
        return {by_letters}
    if word.islower() and not spellable:  # a word: token, model, weight
        return {_loanword_end(word)}
    return {by_letters, _loanword_end(word.lower())}  # UMAP, png, MiniLM: both readings must agree


def _form(syllable: str, both: str) -> str:
    final = (ord(syllable) - _FIRST_SYLLABLE) % 28
    after_consonant, after_vowel = PARTICLES[both]
    if both == "(으)로":
        return after_consonant if final not in (0, _RIEUL) else after_vowel
    return after_consonant if final else after_vowel


def _particle(word_end: str, both: str) -> str:
    if word_end[0].isascii() and word_end[0].isalpha():
        forms = {None if end is None else _form(end, both) for end in _latin_ends(word_end)}
        return forms.pop() if len(forms) == 1 and None not in forms else both
    syllable = word_end if len(word_end) == 1 and not word_end.isdigit() else _last_syllable_read(word_end)
    return _form(syllable, both)


def resolve_particles(text: str) -> str:
    """``text`` with every both-forms particle after a Hangul syllable or a number reduced to its one right form.

    ``'고양이'을(를)`` -> ``'고양이'를``; ``임베딩은(는)`` -> ``임베딩은``;
    ``30,522이(가)`` -> ``30,522가``; ``1,000은(는)`` -> ``1,000은``;
    ``'lm_head.weight'와(과)`` -> ``'lm_head.weight'와``; ``PNG(으)로`` -> ``PNG로``;
    ``smollm2-135m이(가)`` -> ``smollm2-135m이`` (엠); ``'cat'을(를)`` stays (캣 or 캐트).
    """
    return _BOTH_FORMS.sub(lambda m: m.group(1) + m.group(2) + _particle(m.group(1), m.group(3)), text)
