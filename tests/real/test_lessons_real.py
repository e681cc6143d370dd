"""The lookup and the similarity quiz on the three bundled models, read for real (marked `real`)."""

import numpy as np
import pytest

from dashboard.analysis.neighbours import build_index
from dashboard.analysis.queries import TermResolver
from dashboard.checkpoints import load_tables
from dashboard.checkpoints.embedding_norm import read_embedding_norm
from dashboard.forward.passes import run_forward
from dashboard.forward.tokenizing import tokenize_sentence
from dashboard.lessons.lookup.analysis import compare_one_hot, look_up
from dashboard.lessons.similarity.quiz import LESSON_PAIRS, answer_pair, parse_pairs
from tests.shared_models import shared_forward_model, shared_tables, shared_tokenizer

pytestmark = pytest.mark.real
SENTENCE = "the cat sat on the mat"


def _ids(name):
    tables = shared_tables(name)
    return list(tokenize_sentence(shared_tokenizer(name), SENTENCE, tables.vocabulary, tables.n_positions).ids)


@pytest.mark.parametrize("name, rule, atol", [("default", "layernorm", 1e-5), ("tiny-gpt-pydocs", "sum", 0.0),
                                              ("smollm2-135m", "token", 0.0)])
def test_first_block_input_equals_the_real_models_hidden_states_0(name, rule, atol):
    tables = shared_tables(name)
    ids = _ids(name)
    lookup = look_up(tables, ids, read_embedding_norm(tables))
    expected = run_forward(shared_forward_model(name), ids, with_positions=True).lookup
    assert lookup.rule == rule
    np.testing.assert_allclose(lookup.first_block, expected, atol=atol, rtol=0)
    assert compare_one_hot(tables.token, ids).max_abs_diff == 0.0


def test_bert_layer_norm_changes_the_sum_a_lot():
    tables = shared_tables("default")
    lookup = look_up(tables, _ids("default"), read_embedding_norm(tables))
    assert np.abs(lookup.first_block - lookup.summed).max() > 1.0


@pytest.mark.parametrize("name", ["default", "smollm2-135m"])
def test_the_lessons_pairs_animals_are_similar_and_the_weekday_is_not(name):
    tables = shared_tables(name)
    resolver = TermResolver(tables, shared_tokenizer(name))
    index = build_index(tables.token, len(tables.vocabulary))
    verdicts = {(a, b): answer_pair(resolver, index, a, b, len(tables.vocabulary)).verdict
                for a, b in parse_pairs(LESSON_PAIRS)}
    assert verdicts[("cat", "dog")] == verdicts[("cat", "pet")] == verdicts[("dog", "pet")] == "similar"
    assert verdicts[("cat", "Tuesday")] == verdicts[("cat", "xylophone")] == "unrelated"


def test_the_bundled_gpts_head_is_its_own_and_smollm2s_is_its_token_table():
    from transformers import GPT2LMHeadModel

    gpt = load_tables("tiny-gpt-pydocs")
    model = GPT2LMHeadModel.from_pretrained(gpt.model_path)
    np.testing.assert_array_equal(gpt.output_head, model.lm_head.weight.detach().numpy())
    assert not np.array_equal(gpt.output_head, gpt.token)
    smollm2 = shared_tables("smollm2-135m")
    assert smollm2.tying.is_tied and (smollm2.output_head is None or smollm2.output_head is smollm2.token)
