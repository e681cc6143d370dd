"""Word-level orders of the reorder demo: each word's pieces kept together, whole words reversed or shuffled."""

import numpy as np
import pytest

from dashboard.lessons.reorder.analysis import describe_order, parse_order, reverse_words, shuffle_words, word_groups

SENTENCE = "the cat sat on a mat"
#: The bundled GPT's pieces of SENTENCE (4,096 tokens: cat is ␣c + at), as spans of the text.
GPT_SPANS = ("the", " c", "at", " s", "at", " on", " a", " mat")
#: BERT's: its offsets leave the spaces out; [CLS] and [SEP] are added around the text.
BERT_SPANS = ("", "the", "cat", "sat", "on", "a", "mat", "")
BERT_SPECIAL = (True, False, False, False, False, False, False, True)


def test_pieces_after_a_space_start_a_word_and_the_rest_stay_with_it():
    assert word_groups(GPT_SPANS, (False,) * 8, SENTENCE) == [[0], [1, 2], [3, 4], [5], [6], [7]]


def test_words_without_their_spaces_are_told_apart_by_the_spaces_between_and_specials_join_none():
    assert word_groups(BERT_SPANS, BERT_SPECIAL, SENTENCE) == [[0], [1], [2], [3], [4], [5]]
    assert word_groups(("x", "yl", "ophone", "!"), (False,) * 4, "xylophone!") == [[0, 1, 2, 3]]


def test_the_byte_pieces_of_one_character_stay_in_one_word():
    # 고 is three UTF-8 bytes: a byte-level vocabulary gives three tokens, each standing for the whole character
    spans = ("고", "고", "고", "양", " 잔")
    assert word_groups(spans, (False,) * 5, "고양 잔") == [[0, 1, 2, 3], [4]]


def test_reversing_words_keeps_each_words_pieces_in_their_own_order():
    groups = word_groups(GPT_SPANS, (False,) * 8, SENTENCE)
    order = reverse_words(groups)
    assert [GPT_SPANS[i] for i in order] == [" mat", " a", " on", " s", "at", " c", "at", "the"]
    assert parse_order("reverse-words", 8, groups).tolist() == order.tolist()
    assert parse_order("reverse", 8, groups).tolist() == list(range(8))[::-1]  # the tokens, as before


@pytest.mark.parametrize("seed", [0, 1, 7])
def test_a_word_shuffle_is_seeded_a_permutation_and_moves_whole_words(seed):
    groups = word_groups(GPT_SPANS, (False,) * 8, SENTENCE)
    order = parse_order(f"shuffle-words:{seed}", 8, groups)
    assert sorted(order.tolist()) == list(range(8)) and order.tolist() == shuffle_words(groups, seed).tolist()
    place = {token: t for t, token in enumerate(order.tolist())}
    assert place[2] == place[1] + 1 and place[4] == place[3] + 1  # ␣c at and ␣s at still side by side, in order


def test_without_words_each_token_is_a_word_so_the_word_orders_are_the_token_orders():
    assert parse_order("reverse-words", 5).tolist() == parse_order("reverse", 5).tolist()
    assert parse_order("shuffle-words:3", 9).tolist() == parse_order("shuffle:3", 9).tolist()
    assert np.array_equal(reverse_words([]), np.zeros(0, dtype=np.int64))


def test_word_orders_read_in_words():
    assert describe_order("reverse-words") == "words reversed"
    assert describe_order("shuffle-words:4") == "words shuffled with seed 4"
