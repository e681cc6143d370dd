"""Permutation helpers and comparisons of the reorder demo (pure numpy)."""

import numpy as np
import pytest
from hypothesis import given, strategies as st

from dashboard.lessons.reorder.analysis import (
    describe_order,
    full_permutation,
    lookup_from_tables,
    max_abs_difference,
    mean_input_difference,
    order_from_positions,
    parse_index_list,
    parse_order,
    pooled_cosine,
    token_differences,
    unpermute,
    unpermute_attention,
)
from dashboard.errors import OrderError
from dashboard.tables import EmbeddingTables, Tying, Vocabulary

CLS_SEP = (True, False, False, False, False, False, False, True)  # [CLS] the cat sat on a mat [SEP]


def test_reverse_keeps_special_tokens_in_place():
    perm = full_permutation(parse_order("reverse", 6), CLS_SEP)
    assert perm.tolist() == [0, 6, 5, 4, 3, 2, 1, 7]


def test_special_token_in_the_middle_stays_put():
    special = (True, False, True, False, False)
    perm = full_permutation(parse_order("reverse", 3), special)
    assert perm.tolist() == [0, 4, 2, 3, 1]


def test_shuffle_is_seeded_and_a_permutation():
    first, again, other = parse_order("shuffle:7", 20), parse_order("shuffle:7", 20), parse_order("shuffle:8", 20)
    assert first.tolist() == again.tolist()
    assert sorted(first.tolist()) == list(range(20))
    assert first.tolist() != other.tolist()


def test_swap_and_custom_order():
    assert parse_order("swap:0,3", 4).tolist() == [3, 1, 2, 0]
    assert parse_order(" 2, 0 ,1 ", 3).tolist() == [2, 0, 1]


@pytest.mark.parametrize("spec", ["5 4 3 2 1 0", "5,4,3,2,1,0", "5, 4 3,2  1 0", " 5 4 3 2 1 0 "])
def test_orders_are_separated_by_commas_and_or_spaces(spec):
    assert parse_order(spec, 6).tolist() == [5, 4, 3, 2, 1, 0]
    assert parse_index_list(spec) == [5, 4, 3, 2, 1, 0]


def test_swap_accepts_a_space_too_and_orders_read_in_words():
    assert parse_order("swap:1 2", 3).tolist() == [0, 2, 1]
    assert [describe_order(s) for s in ("reverse", "shuffle:7", "swap:1,2", "5,4, 3")] == [
        "reversed", "shuffled with seed 7", "tokens 1 and 2 swapped", "custom order 5 4 3"]


def test_range_and_count_errors_speak_of_tokens_not_of_the_cli_syntax():
    with pytest.raises(OrderError) as error:
        parse_order("swap:0,9", 6)
    assert "token 9 is outside 0..5" in str(error.value) and "swap:" not in str(error.value)
    with pytest.raises(OrderError, match="is not an order of token numbers.*commas or spaces"):
        parse_index_list("sideways")


@pytest.mark.parametrize("spec, n, fragment", [
    ("0,1", 3, "has 2 indices but the sentence has 3"),
    ("0,0,1", 3, "repeats 0"),
    ("0,1,3", 3, "outside 0..2"),
    ("-1,0,1", 3, "outside 0..2"),
    ("swap:0,5", 3, "outside 0..2"),
    ("backwards", 3, "not understood"),
    ("1,a,2", 3, "not understood"),
    ("shuffle:x", 3, "not understood"),
    ("shuffle:-2", 3, "seed must be 0 or more"),
])
def test_bad_orders_raise_one_clear_error(spec, n, fragment):
    with pytest.raises(OrderError, match=fragment):
        parse_order(spec, n)


@given(st.permutations(list(range(7))), st.integers(0, 2**32 - 1))
def test_unpermute_inverts_any_permutation(order, seed):
    rows = np.random.default_rng(seed).normal(size=(7, 4)).astype(np.float32)
    perm = np.asarray(order)
    np.testing.assert_array_equal(unpermute(rows[perm], perm), rows)
    # An equivariant computation (here: none) gives zero difference, matched by token.
    assert max_abs_difference(rows, rows[perm], perm) == 0.0


def test_differences_are_matched_by_token_not_by_place():
    rows = np.arange(12, dtype=np.float32).reshape(4, 3)
    perm = np.array([3, 2, 1, 0])
    # Same rows laid out in the permuted order: equal, token by token.
    assert token_differences(rows, rows[perm], perm).tolist() == [0, 0, 0, 0]
    # Rows left in the original order although the sentence was permuted: differ.
    assert token_differences(rows, rows, perm).tolist() == [9, 3, 3, 9]


def test_unpermute_attention_matches_permuted_weights():
    rng = np.random.default_rng(0)
    weights = rng.random((2, 5, 5))
    perm = np.array([0, 3, 1, 4, 2])
    permuted = weights[:, perm][:, :, perm]  # what an equivariant attention gives the permuted sentence
    np.testing.assert_array_equal(unpermute_attention(permuted, perm), weights)


def test_pooled_cosine_ignores_order_and_is_in_range():
    rng = np.random.default_rng(1)
    rows = rng.normal(size=(6, 8)).astype(np.float32)
    assert pooled_cosine(rows, rows[::-1]) == pytest.approx(1.0, abs=1e-12)
    assert pooled_cosine(rows, -rows) == pytest.approx(-1.0, abs=1e-12)
    other = rng.normal(size=(6, 8))
    assert -1.0 <= pooled_cosine(rows, other) <= 1.0


def _tables(with_position: bool = True) -> EmbeddingTables:
    rng = np.random.default_rng(2)
    return EmbeddingTables(
        token=rng.normal(size=(10, 4)), vocabulary=Vocabulary.placeholder(10),
        tying=Tying("no-head", "test"), source="test", format="npy", architecture="unknown",
        source_dtype="float32", position=rng.normal(size=(5, 4)) if with_position else None,
        position_kind="learned" if with_position else "none",
    )


def test_lookup_from_tables_adds_position_rows():
    tables = _tables()
    ids = [3, 1, 4]
    np.testing.assert_array_equal(lookup_from_tables(tables, ids, with_positions=False), tables.token[ids])
    np.testing.assert_allclose(lookup_from_tables(tables, ids, with_positions=True),
                               tables.token[ids] + tables.position[:3])
    with pytest.raises(OrderError, match="position table has only 5 rows"):
        lookup_from_tables(tables, list(range(6)), with_positions=True)


def test_lookup_differs_with_positions_only_and_mean_input_is_unchanged():
    tables = _tables()
    ids = np.array([3, 1, 4, 9])
    perm = np.array([3, 2, 1, 0])
    with_ = [lookup_from_tables(tables, x, with_positions=True) for x in (ids, ids[perm])]
    without = [lookup_from_tables(tables, x, with_positions=False) for x in (ids, ids[perm])]
    assert max_abs_difference(*without, perm) == 0.0
    assert max_abs_difference(*with_, perm) > 0.1
    assert mean_input_difference(tables, ids, perm) < 1e-6
    assert mean_input_difference(_tables(with_position=False), ids, perm) is None


def test_positions_as_charts_number_them_become_movable_indices():
    special = [True, False, False, False, True]  # [CLS] the cat sat [SEP]
    labels = ["[CLS]", "the", "cat", "sat", "[SEP]"]
    np.testing.assert_array_equal(order_from_positions([3, 2, 1], special, labels, complete=True), [2, 1, 0])
    np.testing.assert_array_equal(order_from_positions([1, 2], special, labels, complete=False), [0, 1])
    full = full_permutation(order_from_positions([3, 2, 1], special, labels, complete=True), special)
    np.testing.assert_array_equal(full, [0, 3, 2, 1, 4])  # the chart's positions 1 and 3 exchanged
    with pytest.raises(OrderError, match="position 4 is \\[SEP\\].*positions 1 to 3"):
        order_from_positions([1, 4], special, labels, complete=False)
    with pytest.raises(OrderError, match="position 7 is outside the sentence \\(positions 0 to 4\\)"):
        order_from_positions([7, 1], special, labels, complete=False)
    with pytest.raises(OrderError, match="repeats position 2"):
        order_from_positions([2, 2, 1], special, labels, complete=True)
    with pytest.raises(OrderError, match="has 2 positions but the sentence has 3 tokens"):
        order_from_positions([2, 1], special, labels, complete=True)
