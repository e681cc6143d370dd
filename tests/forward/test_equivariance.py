"""Permutation equivariance with the positions removed, on tiny random models.

These tests would fail if a position hook were not installed (with/without
would agree), were left installed (the next run would lose positions), or
replaced the rotary rotation by anything but the identity.
"""

import numpy as np
import pytest
import torch

from dashboard.checkpoints import load_tables
from dashboard.errors import ForwardUnavailableError
from dashboard.lessons.reorder.experiment import run_reorder_experiment
from dashboard.forward.loading import load_forward_model
from dashboard.forward.passes import run_forward
from dashboard.forward.positions import positions_removed
from dashboard.checkpoints.tokenizer import load_tokenizer
from tests import reorder_factories

EQUAL = 1e-5  # float32 rounding through two tiny layers is ~1e-7
DIFFERENT = 1e-3


#: Folder -> (tables, whole model, tokenizer), read once per module for the tests that leave the model as they
#: found it: each read and each build starts a child behind the wall (seconds). Tests that change the weights
#: load their own.
_LOADED: dict[str, tuple] = {}


@pytest.fixture(scope="module", autouse=True)
def _forget_loaded():
    yield
    _LOADED.clear()


def _loaded(folder):
    if str(folder) not in _LOADED:
        tables = load_tables(folder)
        _LOADED[str(folder)] = (tables, load_forward_model(tables), load_tokenizer(tables))
    return _LOADED[str(folder)]


def _experiment(folder, order="reverse"):
    tables, model, tokenizer = _loaded(folder)
    return run_reorder_experiment(tables, tokenizer, reorder_factories.SENTENCE, order, model)


@pytest.fixture(scope="module")
def bert(tmp_path_factory):
    return reorder_factories.bert_with_words(tmp_path_factory.mktemp("bert") / "bert")


@pytest.fixture(scope="module")
def gpt2(tmp_path_factory):
    return reorder_factories.gpt2_with_words(tmp_path_factory.mktemp("gpt2") / "gpt2")


@pytest.fixture(scope="module")
def llama(tmp_path_factory):
    return reorder_factories.llama_with_words(tmp_path_factory.mktemp("llama") / "llama")


@pytest.mark.parametrize("order", ["reverse", "shuffle:3", "swap:0,5", "1,0,3,2,5,4"])
def test_bert_is_equivariant_without_positions(bert, order):
    experiment = _experiment(bert, order)
    assert experiment.tokens[0] == "[CLS]" and experiment.permuted_tokens[-1] == "[SEP]"
    without = experiment.numbers("without_positions")
    assert without["lookup_max_abs_diff"] < EQUAL
    assert without["attention_max_abs_diff"] < EQUAL
    assert without["model_max_abs_diff"] < EQUAL
    assert without["pooled_cosine"] == pytest.approx(1.0, abs=1e-6)


def test_bert_with_positions_differs(bert):
    experiment = _experiment(bert)
    with_ = experiment.numbers("with_positions")
    assert with_["lookup_max_abs_diff"] > DIFFERENT
    assert with_["attention_max_abs_diff"] > DIFFERENT
    assert with_["model_max_abs_diff"] > DIFFERENT
    assert not experiment.causal


def test_bert_attention_weights_are_permuted_copies_without_positions(bert):
    experiment = _experiment(bert)
    run = experiment.runs["without_positions"]
    inverse = np.argsort(experiment.perm)
    back = run.permuted.attention_weights[:, inverse][:, :, inverse]
    np.testing.assert_allclose(back, run.original.attention_weights, atol=1e-6)
    np.testing.assert_allclose(run.original.attention_weights.sum(axis=-1), 1.0, atol=1e-5)


def test_causal_gpt2_changes_even_without_positions(gpt2):
    experiment = _experiment(gpt2)
    assert experiment.causal and experiment.position_kind == "learned"
    without = experiment.numbers("without_positions")
    assert without["lookup_max_abs_diff"] < EQUAL  # the lookup is still the same per token ...
    assert without["attention_max_abs_diff"] > DIFFERENT  # ... but the mask makes attention see different prefixes
    assert without["model_max_abs_diff"] > DIFFERENT
    assert experiment.top_next_tokens("without_positions", "original")


def _last_token_kept(n_tokens: int) -> np.ndarray:
    """Reverse every token but the last: the last one sees the same set of tokens in both orders."""
    return np.r_[np.arange(n_tokens - 1)[::-1], n_tokens - 1]


def _sharpen_attention(model) -> None:
    """Scale queries and keys up: random init scores are near zero, so softmax would be nearly uniform
    whatever the positions; sharper attention makes the position effect large against float rounding."""
    with torch.no_grad():
        for name, parameter in model.module.named_parameters():
            if name.endswith(("q_proj.weight", "k_proj.weight", "c_attn.weight")):
                parameter.mul_(10)


@pytest.fixture(scope="module")
def gemma(tmp_path_factory):
    return reorder_factories.gemma_with_words(tmp_path_factory.mktemp("gemma") / "gemma")


@pytest.mark.parametrize("factory", ["gpt2", "llama", "gemma"])
def test_causal_last_token_first_layer_is_invariant_only_without_positions(factory, request):
    """Under a causal mask the last token attends to every token; with no position information its
    first-layer output cannot depend on their order. With positions (learned or rotary) it must."""
    model = load_forward_model(load_tables(request.getfixturevalue(factory)))
    _sharpen_attention(model)
    ids = np.array([3, 5, 7, 4, 9, 6])
    perm = _last_token_kept(len(ids))
    relative = {}
    for with_positions in (False, True):
        original = run_forward(model, ids, with_positions=with_positions).attention_output[-1]
        permuted = run_forward(model, ids[perm], with_positions=with_positions).attention_output[-1]
        relative[with_positions] = np.abs(original - permuted).max() / np.abs(original).max()
    assert relative[False] < EQUAL, relative
    assert relative[True] > DIFFERENT * 10, relative


@pytest.mark.parametrize("factory", ["llama", "gemma"])
def test_rotary_removed_makes_attention_blind_to_distance(factory, request):
    """The same token repeated: with the identity rotation every key scores the same, so each query spreads
    its weight evenly over the keys it may see (1 / (t + 1)); with rotary, scores depend on distance."""
    model = load_forward_model(load_tables(request.getfixturevalue(factory)))
    assert model.position_kind == "rotary"
    ids = [5] * 6
    without = run_forward(model, ids, with_positions=False).attention_weights
    expected = np.tril(np.ones((6, 6))) / np.arange(1, 7)[:, None]
    np.testing.assert_allclose(without, np.broadcast_to(expected, without.shape), atol=1e-6)
    with_ = run_forward(model, ids, with_positions=True).attention_weights
    assert np.abs(with_ - expected).max() > DIFFERENT


def test_hooks_are_removed_after_a_run_without_positions(gpt2):
    model = _loaded(gpt2)[1]
    ids = [3, 5, 7, 4]
    before = run_forward(model, ids, with_positions=True).final
    run_forward(model, ids, with_positions=False)
    np.testing.assert_array_equal(run_forward(model, ids, with_positions=True).final, before)


def test_unknown_position_kind_is_refused(gpt2):
    model = _loaded(gpt2)[1]
    with pytest.raises(ForwardUnavailableError, match="relative"):
        with positions_removed(model.module, model.architecture, "relative"):
            pass


def test_concurrent_passes_on_one_shared_model_do_not_see_each_others_hooks(gpt2):
    """The app caches one model for all sessions: a pass with positions running while another session's
    pass without positions has its hooks installed must still see the positions."""
    from concurrent.futures import ThreadPoolExecutor

    model = _loaded(gpt2)[1]
    ids = [3, 5, 7, 4, 9, 6]
    expected = {flag: run_forward(model, ids, with_positions=flag).final for flag in (True, False)}

    def run(flag):
        return flag, run_forward(model, ids, with_positions=flag).final

    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(run, [True, False] * 40))
    mismatches = sum(not np.array_equal(final, expected[flag]) for flag, final in results)
    assert mismatches == 0


def _layer_norm(rows: np.ndarray, eps: float) -> np.ndarray:
    rows = rows.astype(np.float64)
    return (rows - rows.mean(-1, keepdims=True)) / np.sqrt(rows.var(-1, keepdims=True) + eps)


def test_what_the_positions_page_says_the_first_block_receives_is_what_the_reorder_page_compares(bert, gpt2):
    from dashboard.lessons.positions.text import first_block_input

    for folder in (bert, gpt2):
        tables = _loaded(folder)[0]
        experiment = _experiment(folder)
        lookup = experiment.runs["with_positions"].lookup[0]
        ids = np.asarray(experiment.ids)
        raw = tables.token[ids] + tables.position[: len(ids)]
        if tables.token_type is not None:
            raw = raw + tables.token_type[0]
        sentence = first_block_input(tables.architecture, has_token_type=tables.token_type is not None)
        if tables.architecture == "bert":
            # A fresh BertModel's embedding LayerNorm has weight 1 and bias 0, so the vectors are the plain norm.
            np.testing.assert_allclose(lookup, _layer_norm(raw, 1e-12), atol=1e-5)
            assert np.abs(lookup - raw).max() > 0.1 and "LayerNorm(" in sentence
        else:
            np.testing.assert_array_equal(lookup, raw)
            assert "LayerNorm" not in sentence
