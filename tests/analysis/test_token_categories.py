"""Token categories: one per row, by the documented rules, for each token scheme."""

import pytest

from dashboard.analysis.token_categories import CATEGORIES, categorize_token, categorize_vocabulary
from dashboard.checkpoints.token_text import readable_token
from dashboard.tables import Vocabulary


@pytest.mark.parametrize("raw, scheme, special, expected", [
    ("[CLS]", "wordpiece", True, "special"),
    ("[unused12]", "wordpiece", False, "unused"),
    ("<|reserved_special_token_3|>", "byte-level-bpe", True, "unused"),
    ("cat", "wordpiece", False, "whole word"),
    ("##ing", "wordpiece", False, "word piece"),
    ("##5", "wordpiece", False, "number"),
    ("1,000", "wordpiece", False, "number"),
    ("!", "wordpiece", False, "punctuation"),
    ("##®", "wordpiece", False, "punctuation"),
    ("α", "wordpiece", False, "non-Latin script"),
    ("##日", "wordpiece", False, "non-Latin script"),
    ("ª", "wordpiece", False, "whole word"),  # Latin-1 letter without LATIN in its Unicode name
    ("é", "wordpiece", False, "whole word"),
    ("Ġcat", "byte-level-bpe", False, "whole word"),
    ("cat", "byte-level-bpe", False, "word piece"),
    ("Ġ(", "byte-level-bpe", False, "punctuation"),
    ("Ġ2024", "byte-level-bpe", False, "number"),
    ("âĢ", "byte-level-bpe", False, "byte"),  # first two bytes of a three-byte UTF-8 character
    ("ĊĊ", "byte-level-bpe", False, "punctuation"),  # two newlines: visible as ↵↵, symbols
    ("ĠпÑĢи", "byte-level-bpe", False, "non-Latin script"),  # " при"
    ("<0x0A>", "sentencepiece", False, "byte"),
    ("▁the", "sentencepiece", False, "whole word"),
    ("the", "sentencepiece", False, "word piece"),
])
def test_rules(raw, scheme, special, expected):
    assert categorize_token(raw, readable_token(raw, scheme), scheme, special) == expected


def test_padding_rows_are_unused_and_every_category_is_known():
    vocabulary = Vocabulary(("[PAD]", "cat", "##s"), ("[PAD]", "cat", "##s"), frozenset({0}), "wordpiece")
    labels = categorize_vocabulary(vocabulary, 5)
    assert list(labels) == ["special", "whole word", "word piece", "unused", "unused"]
    assert set(labels) <= set(CATEGORIES)


def test_no_vocabulary_means_unknown_not_guessed():
    labels = categorize_vocabulary(Vocabulary.placeholder(4), 4)
    assert list(labels) == ["unknown"] * 4
