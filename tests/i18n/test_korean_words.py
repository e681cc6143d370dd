"""A Korean word typed on a page gets a note, in the reader's language, on what the vocabulary does with it."""

from __future__ import annotations

import pytest

from tests.pages.app_test import open_app_page

pytestmark = pytest.mark.real


def _infos(at) -> list[str]:
    return [info.value for info in at.info]


@pytest.mark.parametrize("lang, expected", [("ko", "자모"), ("en", "letters (jamo)")])
def test_neighbours_explains_wordpiece_letters_in_the_readers_language(lang, expected):
    at = open_app_page("pages/neighbours.py", query={"lang": lang, "query": "임베딩"})
    assert not at.exception
    assert any(expected in text and "`##ᅵ`" in text for text in _infos(at)), _infos(at)
    assert any("smollm2-135m" in c.value for c in at.caption)  # the measured least-splitting model


def test_an_unk_word_is_explained_beside_its_error():
    at = open_app_page("pages/neighbours.py", query={"lang": "ko", "query": "고양이"})
    assert at.error and any("[UNK]" in text and "이웃" in text for text in _infos(at))


def test_similarity_notes_each_korean_term_and_not_the_english_ones():
    at = open_app_page("pages/similarity.py", model="tiny-gpt-pydocs", query={"lang": "ko", "terms": "왕,여왕,king"})
    assert not at.exception
    notes = [text for text in _infos(at) if "바이트" in text]
    assert len(notes) == 2 and all("UTF-8" in text for text in notes)


def test_reorder_counts_the_positions_a_korean_sentence_takes():
    at = open_app_page("pages/reorder.py", model="tiny-gpt-pydocs", query={"lang": "ko"},
                       session={"reorder_sentence": "고양이가 매트 위에 앉았다"})
    assert not at.exception
    assert any("위치" in text and "개 길이" in text for text in _infos(at)), _infos(at)


def test_the_query_note_splits_the_word_as_the_query_does():
    at = open_app_page("pages/neighbours.py", model="smollm2-135m", query={"lang": "en", "query": "고양이"})
    assert not at.exception
    note = next(text for text in _infos(at) if "byte-level BPE" in text)
    lookup = next(m.value for m in at.markdown if "is not one token" in m.value)
    pieces = lookup.split("pieces (")[1].split(")")[0].split(" + ")  # the page's own line on what the query reads
    assert pieces[0] == "`<0x20 0xEA>`" and " ".join(pieces) in note, (note, lookup)


def test_the_lookup_page_explains_a_korean_sentence_too():
    at = open_app_page("pages/lookup.py", model="tiny-gpt-pydocs", query={"lang": "ko"},
                       session={"lookup_sentence": "고양이가 매트 위에 앉았다"})
    assert not at.exception
    assert any("바이트" in text and "개 길이" in text for text in _infos(at)), _infos(at)


def test_a_korean_highlight_that_matches_no_token_string_says_what_the_word_became():
    at = open_app_page("pages/token_map.py", model="tiny-gpt-pydocs", query={"lang": "ko", "highlight": "고양이"})
    assert not at.exception
    notes = [text for text in _infos(at) if "강조 검색은 토큰 문자열에서" in text]
    assert len(notes) == 1 and "`<0x" in notes[0], _infos(at)
    matched = open_app_page("pages/token_map.py", model="tiny-gpt-pydocs", query={"lang": "ko", "highlight": "the"})
    assert not any("강조 검색은" in text for text in _infos(matched))  # rows matched: nothing to explain
