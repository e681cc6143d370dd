"""The Sentence reorder page through AppTest, on tiny models named in the link."""


import json

import numpy as np
import pytest
from streamlit import dataframe_util
from streamlit.testing.v1 import AppTest

from dashboard.ui import state
from tests import reorder_factories
from tests.pages.app_test import open_app_page, shown

PAGE = "pages/reorder.py"


def _page(model: str | None = None, **session) -> AppTest:
    at = open_app_page(PAGE, model=model or None, session=session, timeout=180)
    assert not at.exception, [e.value for e in at.exception]
    return at


def chart_rows(at: AppTest, n: int) -> list[dict]:
    """The rows chart ``n`` draws, from the dataset Streamlit sends (as Arrow)."""
    (dataset,) = at.get("vega_lite_chart")[n].proto.datasets
    return dataframe_util.convert_arrow_bytes_to_pandas_df(dataset.data.data).to_dict("records")


def _metrics(at: AppTest) -> list[tuple[str, str]]:
    return [(m.label, m.value) for m in at.metric]


@pytest.fixture(scope="module")
def bert(tmp_path_factory):
    return str(reorder_factories.bert_with_words(tmp_path_factory.mktemp("bert") / "bert"))


@pytest.fixture(scope="module")
def gpt2(tmp_path_factory):
    return str(reorder_factories.gpt2_with_words(tmp_path_factory.mktemp("gpt2") / "gpt2"))


def test_bidirectional_model_shows_three_levels_equal_without_positions(bert):
    at = _page(bert)
    metrics = _metrics(at)
    assert len(metrics) == 8  # lookup, attention, model, pooled cosine: without / with
    without = [float(v.split()[0]) for label, v in metrics if "without" in label and "cosine" not in label]
    assert len(without) == 3 and max(without) < 1e-5
    assert dict(metrics)["cosine of mean-pooled sentence vectors, without positions"] == "1.000000"
    assert [h.value for h in at.header] == ["1. Lookup: the vectors entering the first block",
                                            "2. First attention layer", "3. Whole model"]
    assert not at.warning  # not causal
    assert not at.error


def test_causal_model_explains_the_mask_and_shows_next_tokens(gpt2):
    at = _page(gpt2, **{state.REORDER_KIND: "shuffle", state.REORDER_SEED: 4})
    assert any("Haviv et al., 2022" in w.value and "causal" in w.value for w in at.warning)
    assert "Next-token prediction after each sentence" in [s.value for s in at.subheader]
    assert any("after the original" in c.value for c in at.caption)


def test_bad_custom_order_shows_one_error_and_keeps_the_last_result(bert):
    at = _page(bert, **{state.REORDER_KIND: "custom", state.REORDER_CUSTOM: "6,5,4,3,2,1"})
    good = _metrics(at)
    at.text_input(key=state.REORDER_CUSTOM).set_value("1,1,2,3,4,5").run()
    assert not at.exception
    assert len(at.error) == 1 and "repeats position 1" in at.error[0].value
    assert any("Still showing the last input that worked" in c.value for c in at.caption)
    assert _metrics(at) == good
    assert at.text_input(key=state.REORDER_CUSTOM).value == "1,1,2,3,4,5"  # the user's input is kept


def test_bad_order_on_first_run_stops_cleanly(bert):
    at = _page(bert, **{state.REORDER_KIND: "swap", state.REORDER_SWAP_I: 1, state.REORDER_SWAP_J: 9})
    assert len(at.error) == 1 and "position 9 is outside the sentence (positions 0 to 7)" in at.error[0].value
    assert not at.metric


def test_bare_table_runs_the_lookup_level_and_says_why_not_more(tmp_path):
    # A bare table with words: an Embedding Projector export read by the real reader.
    vectors = np.random.default_rng(0).normal(size=(len(reorder_factories.WORDS), 8))
    (tmp_path / "vectors.tsv").write_text("\n".join("\t".join(f"{v:.6f}" for v in row) for row in vectors) + "\n")
    (tmp_path / "metadata.tsv").write_text("\n".join(reorder_factories.WORDS) + "\n")
    at = _page(str(tmp_path / "vectors.tsv"))
    assert any("Only the lookup level can run" in i.value and "bare table" in i.value for i in at.info)
    assert [h.value for h in at.header] == ["1. Lookup: the vectors entering the first block"]
    assert dict(_metrics(at))["largest |difference|, without positions"] == "0 (exactly)"


def test_custom_order_accepts_spaces(bert):
    at = _page(bert, **{state.REORDER_KIND: "custom", state.REORDER_CUSTOM: "6 5 4 3 2 1"})
    assert not at.error
    assert at.caption and any("`0, 6, 5, 4, 3, 2, 1, 7`" in c.value for c in at.caption)


def test_messages_speak_of_the_page_widgets_not_of_cli_syntax(bert):
    at = _page(bert, **{state.REORDER_KIND: "custom", state.REORDER_CUSTOM: "6 5 4 3 2 1"})
    at.text_input(key=state.REORDER_CUSTOM).set_value("backwards").run()
    assert len(at.error) == 1 and "separated by commas or spaces" in at.error[0].value
    assert "shuffle:" not in at.error[0].value and "swap:" not in at.error[0].value
    assert any("custom order 6 5 4 3 2 1" in c.value for c in at.caption)  # the last good input, in words
    swap = _page(bert, **{state.REORDER_KIND: "swap", state.REORDER_SWAP_I: 1, state.REORDER_SWAP_J: 9})
    assert "swap:" not in swap.error[0].value and "position 9" in swap.error[0].value


def test_words_that_became_unk_are_named_and_move(bert):
    at = _page(bert, **{state.REORDER_SENTENCE: "☃ ☂"})
    assert not at.error
    notes = " | ".join(shown(i.value) for i in at.info)
    assert "“☃”, “☂”" in notes and "[UNK]" in notes and "fewer than two" not in notes
    assert "reads the same" in notes  # two [UNK]s swapped: the same tokens in the same places


def test_custom_order_starts_as_the_reverse_of_the_sentence_it_will_reorder(bert):
    # The field must not start with a fixed six-token order: "the cat sat on a mat" is 8 tokens in the
    # bundled GPT's BPE, and choosing "custom order" showed an error before the user typed anything.
    at = _page(bert, **{state.REORDER_SENTENCE: "the dog ran on a mat the cat sat", state.REORDER_KIND: "custom"})
    assert not at.error, [e.value for e in at.error]
    assert at.text_input(key=state.REORDER_CUSTOM).value == "9,8,7,6,5,4,3,2,1"
    assert any("`0, 9, 8, 7, 6, 5, 4, 3, 2, 1, 10`" in c.value for c in at.caption)


def test_swap_counts_positions_from_the_same_0_as_the_chart(bert):
    # The chart numbers [CLS] 0, "the" 1, "cat" 2: the swap fields start at the first two words and mean them.
    at = _page(bert, **{state.REORDER_KIND: "swap"})
    assert (at.number_input(key=state.REORDER_SWAP_I).value, at.number_input(key=state.REORDER_SWAP_J).value) == (1, 2)
    assert not at.error and any("`0, 2, 1, 3, 4, 5, 6, 7`" in c.value for c in at.caption)
    assert '"token": "the"' in json.dumps(chart_rows(at, 0)[1])  # position 1 of the chart's original is "the"
    at.number_input(key=state.REORDER_SWAP_I).set_value(0).run()
    assert len(at.error) == 1 and "position 0 is [CLS], which the tokenizer adds" in shown(at.error[0].value)
    assert "positions 1 to 6" in at.error[0].value


def test_the_custom_order_follows_a_new_sentence_but_keeps_an_edit_to_the_same_one(bert):
    at = _page(bert, **{state.REORDER_KIND: "custom"})
    assert at.text_input(key=state.REORDER_CUSTOM).value == "6,5,4,3,2,1"
    at.text_input(key=state.REORDER_CUSTOM).set_value("2 1 3 4 5 6").run()
    assert not at.error and at.text_input(key=state.REORDER_CUSTOM).value == "2 1 3 4 5 6"
    at.text_input(key=state.REORDER_SENTENCE).set_value("the dog ran").run()
    assert not at.error, [e.value for e in at.error]
    assert at.text_input(key=state.REORDER_CUSTOM).value == "3,2,1"
    assert any("`0, 3, 2, 1, 4`" in c.value for c in at.caption)


def test_causal_note_says_each_token_sees_itself_and_the_tokens_before_it(gpt2):
    at = _page(gpt2)
    assert any("sees itself and the tokens before it" in w.value and "the mask, not position" in w.value
               for w in at.warning)
    assert at.title[0].value == "Sentence reorder: what tells word orders apart"


def test_a_rotary_model_is_not_told_its_lookup_differs_with_positions(tmp_path):
    llama = str(reorder_factories.llama_with_words(tmp_path / "llama"))
    at = _page(llama)
    lookup_level = _metrics(at)[:2]  # level 1's pair comes first; the same labels repeat at levels 2 and 3
    assert lookup_level == [("largest |difference|, without positions", "0 (exactly)"),
                            ("largest |difference|, with positions", "0 (exactly)")]
    lookup = next(m.value for m in at.markdown if m.value.startswith("Each token's vector in the reordered"))
    assert "different one" not in lookup
    bert_text = next(m.value for m in _page(str(reorder_factories.bert_with_words(tmp_path / "bert"))).markdown
                     if m.value.startswith("Each token's vector in the reordered"))
    assert "with a learned position table it gets a different one" in bert_text


def test_the_caption_speaks_of_special_tokens_only_where_the_sentence_has_some(bert, gpt2):
    def caption(at):
        return next(c.value for c in at.caption if "Permutation" in c.value)

    assert "Special tokens (orange) stay in place." in caption(_page(bert))  # [CLS] ... [SEP]
    assert "Special tokens" not in caption(_page(gpt2))  # GPT-2's tokenizer adds none


def test_a_one_word_sentence_counts_its_one_movable_token_in_the_singular(bert):
    at = _page(bert, **{state.REORDER_SENTENCE: "cat"})
    assert any(i.value.startswith("The sentence has 1 token that can move") for i in at.info), \
        [i.value for i in at.info]


def test_too_few_tokens_names_the_tokens_this_tokenizer_added_and_none_where_it_adds_none(bert, gpt2):
    def too_few(at):
        return next(i.value for i in at.info if "can move" in i.value)

    bert_text = too_few(_page(bert, **{state.REORDER_SENTENCE: "cat"}))
    assert "added around it, \\[CLS\\], \\[SEP\\], stay in place" in bert_text
    assert "stay in place" not in too_few(_page(gpt2, **{state.REORDER_SENTENCE: "cat"}))  # GPT-2 adds none


def test_only_a_bidirectional_model_is_told_its_pooled_vector_may_be_a_sentence_embedding(bert, gpt2):
    def prose(at):
        return " ".join(m.value for m in at.markdown)

    assert "sentence encoder such as all-MiniLM-L6-v2" in prose(_page(bert))
    causal = prose(_page(gpt2))
    assert "mean-pooled vectors" in causal and "sentence encoder" not in causal


def _permuted(at: AppTest) -> list[str]:
    """The reordered sentence's tokens, from the token-order chart (its other sentence is the original)."""
    rows = chart_rows(at, 0)
    original = rows[0]["sentence"]  # the original comes first, labelled in the reader's language
    placed = {row["position"]: row["token"] for row in rows if row["sentence"] != original}
    return [placed[p] for p in sorted(placed)]


def _pieces(tables, tokenizer, text: str) -> list[str]:
    return [tables.token_label(i) for i in tokenizer.encode(text, add_special_tokens=False).ids]


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_bundled_gpt_reverses_whole_words_by_default_and_tokens_when_asked(lang):
    """Its 4,096 tokens split cat and sat into two pieces each: reversing tokens reversed the pieces too."""
    from tests.shared_models import shared_tables, shared_tokenizer

    tables, tokenizer = shared_tables("tiny-gpt-pydocs"), shared_tokenizer("tiny-gpt-pydocs")
    sentence = "the cat sat on a mat"
    words = sentence.split()
    # each word tokenized on its own (with its space, after the first), so the expectation does not group tokens
    pieces = [_pieces(tables, tokenizer, word if k == 0 else " " + word) for k, word in enumerate(words)]
    assert any(len(p) > 1 for p in pieces)  # the point: some word is several tokens here
    at = open_app_page(PAGE, model="tiny-gpt-pydocs", query={"lang": lang}, timeout=180)
    assert not at.exception and not at.error
    assert at.checkbox(key=state.REORDER_WORDS).value is True
    assert _permuted(at) == [piece for word in reversed(pieces) for piece in word]
    at.checkbox(key=state.REORDER_WORDS).uncheck().run()
    assert not at.exception
    assert _permuted(at) == [piece for word in pieces for piece in word][::-1]  # the pieces reversed too
    at.checkbox(key=state.REORDER_WORDS).check().run()
    at.radio(key=state.REORDER_KIND).set_value("shuffle").run()  # a seeded shuffle of whole words
    assert not at.exception
    shuffled = _permuted(at)
    assert sorted(shuffled) == sorted(piece for word in pieces for piece in word)
    for word in (p for p in pieces if len(p) > 1):
        # the word's pieces side by side, in their order
        assert any(shuffled[i:i + len(word)] == word for i in range(len(shuffled))), (word, shuffled)


def test_the_sentence_comes_from_the_link_and_goes_back_to_it(bert):
    at = open_app_page(PAGE, model=bert, query={"sentence": "a cat sat"}, timeout=180)
    assert at.session_state[state.REORDER_SENTENCE] == "a cat sat"
    at.text_input(key=state.REORDER_SENTENCE).set_value("the mat sat").run()
    assert at.query_params["sentence"] == "the mat sat" and not at.exception
