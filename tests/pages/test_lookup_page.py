"""The lookup page: the rows a sentence picks, their sum, the first block's input, checked against transformers."""

import numpy as np
import pytest

from dashboard.checkpoints import load_tables
from tests import factories
from tests.map_fixtures import ID, bert_with_tokenizer
from tests.pages.app_test import open_app_page, shown

PAGE = "pages/lookup.py"


def _values(frame, n):
    return frame[[f"[{j}]" for j in range(n)]].to_numpy()


def test_gpt2_rows_their_sum_and_the_check_against_transformers(tmp_path):
    folder = factories.gpt2_folder(tmp_path / "gpt2", tied=False)
    tables = load_tables(folder)
    at = open_app_page(PAGE, model=folder, query={"sentence": "#5 #17 #3", "values": "4"})
    assert not at.exception and not at.error
    token, position, summed, first_block = (frame.value for frame in at.dataframe)
    assert token["id"].tolist() == [5, 17, 3] and token["t"].tolist() == [0, 1, 2]
    np.testing.assert_array_equal(_values(token, 4), tables.token[[5, 17, 3], :4])
    np.testing.assert_array_equal(_values(position, 4), tables.position[:3, :4])
    np.testing.assert_array_equal(_values(summed, 4), tables.token[[5, 17, 3], :4] + tables.position[:3, :4])
    np.testing.assert_array_equal(_values(first_block, 4), _values(summed, 4))
    assert any("the sum, exactly" in md.value for md in at.markdown)
    assert any("is **0**" in md.value and "one_hot(ids) @ W" in md.value for md in at.markdown)
    costs = at.table[0].value
    assert costs.iloc[1, 1] == f"{2 * 3 * factories.VOCAB * factories.D_MODEL / 1e3:,.1f} kFLOP"
    at.button(key="lookup_check").click().run()
    assert not at.exception
    assert "largest |hidden_states[0] − these rows| = 0 over 96 values" in at.success[0].value


def test_bert_shows_the_token_type_row_and_the_layer_norm_and_matches_transformers(tmp_path):
    folder = bert_with_tokenizer(tmp_path / "bert")
    at = open_app_page(PAGE, model=folder, query={"sentence": "cat dog"})
    assert not at.exception and not at.error
    assert len(at.dataframe) == 5  # token, position, token type, sum, first block
    assert at.dataframe[0].value["id"].tolist() == [ID["cat"], ID["dog"]]  # this tokenizer.json adds no [CLS], [SEP]
    assert any("LayerNorm of the sum, not the sum" in md.value for md in at.markdown)
    assert any("LayerNorm read from embeddings.LayerNorm.weight" in c.value for c in at.caption)
    at.button(key="lookup_check").click().run()
    found = float(at.success[0].value.split("= ")[1].split(" over")[0])
    assert found < 1e-5


def test_a_rotary_model_gives_the_token_row_alone(tmp_path):
    folder = factories.llama_folder(tmp_path / "llama")
    at = open_app_page(PAGE, model=folder, query={"sentence": "#1 #2"})
    assert not at.exception and not at.error
    assert len(at.dataframe) == 2  # token rows, then what the first block receives
    assert any("no position table" in i.value for i in at.info)
    assert any("the token row alone" in md.value and "rotary" in md.value for md in at.markdown)


@pytest.mark.parametrize("sentence, message", [
    ("the cat", "type token ids instead"), ("#999", "#999: not a token id"),
    ("#999999999999999999999 #-1 #abc #7", "#999999999999999999999 #-1 #abc: not a token id")])
def test_bad_input_is_an_error_in_the_page(tmp_path, sentence, message):
    folder = factories.gpt2_folder(tmp_path / "gpt2")  # no tokenizer files
    at = open_app_page(PAGE, model=folder, query={"sentence": sentence})
    assert not at.exception
    assert any(message in shown(e.value) for e in at.error)


@pytest.mark.real
def test_the_ids_caption_says_where_the_ids_came_from_and_names_the_special_tokens(tmp_path):
    def caption(at):
        [text] = [c.value for c in at.caption if "positions count from 0" in c.value]
        return text

    typed = open_app_page(PAGE, model=factories.gpt2_folder(tmp_path / "gpt2"), query={"sentence": "#5 #17"})
    assert caption(typed) == "The token ids as typed; positions count from 0."
    plain = open_app_page(PAGE, model=bert_with_tokenizer(tmp_path / "bert"), query={"sentence": "cat dog"})
    assert caption(plain) == "Tokens split by the checkpoint's own tokenizer; positions count from 0."  # adds none
    bundled = open_app_page(PAGE, model="all-minilm-l6-v2", query={"sentence": "cat dog"})  # BERT: [CLS] ... [SEP]
    assert caption(bundled).endswith("2 of them are special tokens: `[CLS]`, `[SEP]`."), caption(bundled)
