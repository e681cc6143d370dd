"""The lookup on real rows: our first-block input equals transformers' hidden_states[0]; one-hot product = indexing."""

import dataclasses
import re

import numpy as np
import pytest
import torch

from dashboard.checkpoints import load_tables
from dashboard.checkpoints.embedding_norm import read_embedding_norm
from dashboard.errors import MissingTensorError, QueryError
from dashboard.lessons.lookup.analysis import MAX_ONE_HOT_TOKENS, compare_one_hot, layer_norm, look_up, parse_token_ids
from dashboard.tables import EmbeddingNorm
from tests import factories
from tests.map_fixtures import random_table, tables_of

IDS = [5, 17, 3, 17, 60, 2]


def _hidden_states_0(model, ids, **kwargs):
    with torch.no_grad():
        return model(input_ids=torch.tensor([ids]), output_hidden_states=True, **kwargs).hidden_states[0][0].numpy()


def _bert_with_trained_layer_norm(folder):
    """A tiny BERT whose embedding LayerNorm has a gain and bias far from 1 and 0, so ignoring them shows."""
    from transformers import BertConfig, BertModel

    torch.manual_seed(1)
    config = BertConfig(vocab_size=factories.VOCAB, hidden_size=factories.D_MODEL, num_hidden_layers=1,
                        num_attention_heads=2, intermediate_size=64, max_position_embeddings=factories.N_POSITIONS,
                        layer_norm_eps=1e-5)
    model = BertModel(config).eval()
    with torch.no_grad():
        model.embeddings.LayerNorm.weight.uniform_(0.5, 2.0)
        model.embeddings.LayerNorm.bias.normal_(0, 0.3)
        model.embeddings.token_type_embeddings.weight.normal_(0, 0.5)
    model.save_pretrained(folder)
    return model


def test_gpt2_first_block_receives_the_sum_exactly(tmp_path):
    from transformers import GPT2LMHeadModel

    folder = factories.gpt2_folder(tmp_path / "gpt2", tied=False)
    lookup = look_up(load_tables(folder), IDS)
    model = GPT2LMHeadModel.from_pretrained(folder).eval()
    assert lookup.rule == "sum"
    np.testing.assert_array_equal(lookup.first_block, _hidden_states_0(model, IDS))
    np.testing.assert_array_equal(lookup.summed, lookup.token_rows + lookup.position_rows)


def test_opt_first_block_receives_the_sum_with_positions_two_rows_on(tmp_path):
    from transformers import OPTForCausalLM

    folder = factories.opt_folder(tmp_path / "opt")
    lookup = look_up(load_tables(folder), IDS)
    model = OPTForCausalLM.from_pretrained(folder).eval()
    assert lookup.rule == "sum"
    np.testing.assert_array_equal(lookup.first_block, _hidden_states_0(model, IDS))


def test_bert_first_block_receives_the_layer_norm_of_token_position_and_token_type(tmp_path):
    model = _bert_with_trained_layer_norm(tmp_path / "bert")
    tables = load_tables(tmp_path / "bert")
    norm = read_embedding_norm(tables)
    assert norm.eps == 1e-5 and "embeddings.LayerNorm.weight" in norm.source
    lookup = look_up(tables, IDS, norm)
    expected = _hidden_states_0(model, IDS)
    assert lookup.rule == "layernorm"
    np.testing.assert_allclose(lookup.first_block, expected, atol=2e-6)
    np.testing.assert_array_equal(lookup.summed, lookup.token_rows + lookup.position_rows + lookup.token_type_rows)
    assert np.abs(lookup.summed - expected).max() > 0.1  # the raw sum is not what BERT's first block receives
    assert look_up(tables, IDS).first_block is None  # no LayerNorm given: nothing claimed


def test_llama_first_block_receives_the_token_row_alone(tmp_path):
    from transformers import LlamaForCausalLM

    folder = factories.llama_folder(tmp_path / "llama")
    lookup = look_up(load_tables(folder), IDS)
    model = LlamaForCausalLM.from_pretrained(folder).eval()
    assert lookup.rule == "token" and lookup.position_rows is None
    np.testing.assert_array_equal(lookup.first_block, _hidden_states_0(model, IDS))


def test_gemma_first_block_receives_the_token_row_times_the_square_root_of_d_model(tmp_path):
    from transformers import GemmaForCausalLM

    folder = factories.gemma_folder(tmp_path / "gemma")
    tables = load_tables(folder)
    lookup = look_up(tables, IDS)
    model = GemmaForCausalLM.from_pretrained(folder).eval()
    assert (tables.architecture, tables.tying.verdict, tables.position_kind) == ("gemma", "tied-implied", "rotary")
    assert lookup.rule == "scaled" and not np.array_equal(lookup.first_block, lookup.token_rows)
    np.testing.assert_array_equal(lookup.first_block, _hidden_states_0(model, IDS))
    assert tables.total_parameters == model.num_parameters()


def test_layer_norm_matches_torch():
    x = random_table(7, 16, seed=2) * 3 + 1
    norm = EmbeddingNorm(random_table(1, 16, seed=3)[0], random_table(1, 16, seed=4)[0], 1e-12, "test")
    reference = torch.nn.functional.layer_norm(torch.from_numpy(x), (16,), torch.from_numpy(norm.weight),
                                               torch.from_numpy(norm.bias), 1e-12).numpy()
    np.testing.assert_allclose(layer_norm(x, norm), reference, atol=1e-6)


def test_an_unknown_architecture_claims_no_first_block_input():
    tables = tables_of(random_table(20, 4), position=random_table(8, 4, seed=1))
    lookup = look_up(tables, [1, 2, 3])
    assert lookup.rule is None and lookup.first_block is None
    np.testing.assert_array_equal(lookup.summed, tables.token[[1, 2, 3]] + tables.position[:3])
    assert read_embedding_norm(tables) is None


def test_a_bert_norm_is_not_read_from_a_bare_table():
    tables = dataclasses.replace(tables_of(random_table(20, 4)), architecture="bert")
    with pytest.raises(MissingTensorError, match="not a Hugging Face folder"):
        read_embedding_norm(tables)


def test_bad_ids_say_what_is_wrong():
    tables = tables_of(random_table(20, 4), position=random_table(3, 4, seed=1))
    with pytest.raises(QueryError, match="past the last row"):
        look_up(tables, [20])
    with pytest.raises(QueryError, match="3 rows"):
        look_up(tables, [1, 2, 3, 4])
    with pytest.raises(QueryError, match="no tokens"):
        look_up(tables, [])


@pytest.mark.parametrize("text, ids", [
    ("#12 #0, #7", [12, 0, 7]), ("the cat", None), ("#hashtag #fun", None), ("#1 and #2", None), ("", None)])
def test_typed_ids_are_read_and_other_text_is_a_sentence(text, ids):
    assert parse_token_ids(text, vocab_size=20) == ids


@pytest.mark.parametrize("text, named", [
    ("#20", "#20"), ("#-1", "#-1"), ("#5 #abc", "#abc"),
    ("#99999999999999999999999 #+3 #1", "#99999999999999999999999 #+3"), ("#5 #²", "#²"),
    ("#20 #21 #22 #23 #24 #25 #26", "#20 #21 #22 #23 #24 (+2)")])
def test_typed_ids_outside_the_table_are_named_in_the_error(text, named):
    with pytest.raises(QueryError, match=f"^{re.escape(named)}: not a token id of this model; .* from 0 to 19"):
        parse_token_ids(text, vocab_size=20)


def test_one_hot_product_equals_the_lookup_and_costs_the_whole_table():
    table = random_table(500, 24, seed=5)
    ids = list(range(0, 500, 23))  # 22 ids: only the first MAX_ONE_HOT_TOKENS are multiplied
    comparison = compare_one_hot(table, ids)
    assert comparison.n_tokens == MAX_ONE_HOT_TOKENS
    assert comparison.max_abs_diff == 0.0
    assert comparison.product_flops == 2 * MAX_ONE_HOT_TOKENS * 500 * 24 and comparison.lookup_flops == 0
    assert comparison.lookup_bytes == MAX_ONE_HOT_TOKENS * 24 * 4
    assert comparison.product_bytes == (500 * 24 + MAX_ONE_HOT_TOKENS * 500) * 4
    with pytest.raises(QueryError, match="between 0 and 499"):
        compare_one_hot(table, [500])
