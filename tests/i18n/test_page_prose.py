"""The prose measure itself: what counts as Korean, English, code and identifiers."""

from tests.i18n.page_prose import english_runs, hangul_share


def test_korean_prose_counts_and_code_does_not():
    assert hangul_share(["토큰 임베딩 테이블 `wte` 의 크기는 d_model 입니다"]) == 1.0
    assert hangul_share(["The token table"]) == 0.0
    assert hangul_share(["토큰 임베딩 table"]) == 0.5  # five letters each


def test_an_english_sentence_is_found_and_identifiers_are_not_words():
    assert english_runs(["이 표는 the rows of the token table 입니다"]) == ["the rows of the token table"]
    assert english_runs(["all-minilm-l6-v2 의 `the cat sat on a mat` 를 보세요"]) == []
    assert english_runs(["PCA 또는 UMAP 투영"]) == []


def test_a_cited_title_in_an_italic_link_is_not_english_left_untranslated_but_plain_english_is():
    from tests.i18n.page_prose import english_runs

    cited = "Haviv 외, 2022, [*Transformer Language Models without Positional Encodings*](https://arxiv.org/x) (번역)"
    assert english_runs([cited]) == []
    assert english_runs(["this sentence was left in English"]) == ["this sentence was left in English"]
