"""Readable token strings for each tokenizer scheme."""

import pytest

from dashboard.checkpoints import token_text
from dashboard.checkpoints.token_text import readable_token, readable_tokens


def test_the_byte_table_is_gpt2s_as_transformers_has_it():
    from transformers.convert_slow_tokenizer import bytes_to_unicode

    assert token_text._byte_of_char() == {char: byte for byte, char in bytes_to_unicode().items()}


@pytest.mark.parametrize("raw, shown", [
    ("Ġcat", "␣cat"),
    ("Ċ", "↵"),
    ("âĢĻ", "\u2019"),  # right single quotation mark, 3 UTF-8 bytes
    ("âĢ", "<0xE2 0x80>"),  # an incomplete character is shown as its bytes
    ("ĠëıĻ", "␣동"),  # Korean survives the byte mapping
    ("hello", "hello"),
])
def test_byte_level_bpe(raw, shown):
    assert readable_token(raw, "byte-level-bpe") == shown


@pytest.mark.parametrize("raw, shown", [
    ("\u2581cat", "␣cat"),
    ("<0x0A>", "↵"),
    ("<0xE2>", "<0xE2>"),
    ("\u2581\uc548\ub155", "␣안녕"),
])
def test_sentencepiece(raw, shown):
    assert readable_token(raw, "sentencepiece") == shown


def test_wordpiece_kept_and_specials_untouched():
    assert readable_tokens(("[CLS]", "##ing", "a b"), "wordpiece", frozenset({0})) == ("[CLS]", "##ing", "a␣b")


def test_unknown_scheme_is_an_error():
    with pytest.raises(ValueError, match="wordpiece"):
        readable_tokens(("a",), "morse")


def test_characters_are_made_visible():
    assert readable_tokens(("\n", " ", "\t", "a", "\x07"), "characters") == ("↵", "␣", "⇥", "a", "\\x07")


@pytest.mark.parametrize("raw, scheme", [
    (("Ġthe", "Ġcat", "s", "Ċ"), "byte-level-bpe"),
    (("▁the", "▁cat", "s"), "sentencepiece"),
    (("the", "##s", "##ing", "cat"), "wordpiece"),
    (("the", "cat", "Ġodd"), "plain"),  # one marker is not a pattern
    ((), "plain"),
])
def test_scheme_guessed_from_markers(raw, scheme):
    from dashboard.checkpoints.token_text import guess_scheme

    assert guess_scheme(raw) == scheme
