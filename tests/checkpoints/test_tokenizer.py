"""One tokenizer loader for typed words and sentences: every source it reads, parity, refusals."""

import pytest

from dashboard.checkpoints import load_tables
from dashboard.checkpoints.tokenizer import TokenizerJsonTokenizer, TransformersTokenizer, load_tokenizer
from tests import factories, format_factories
from tests.tokenizer_factories import SPECIAL, byte_level_gguf, byte_level_tokenizer

TEXTS = ["the cat sat on a mat", " king", "viking", " xylophone", "Tuesday 😀 한국어", f"a{SPECIAL}b"]


@pytest.fixture(scope="module")
def gguf_tables(tmp_path_factory):
    return load_tables(str(byte_level_gguf(tmp_path_factory.mktemp("gguf") / "model.gguf")))


def test_the_gguf_tokenizer_is_read_from_the_metadata_and_matches_the_reference(gguf_tables):
    tokenizer = load_tokenizer(gguf_tables)
    assert isinstance(tokenizer, TransformersTokenizer) and tokenizer.describe == "the tokenizer stored in model.gguf"
    reference = byte_level_tokenizer()  # the same vocabulary and merges, built with the tokenizers library
    for text in TEXTS:
        assert tokenizer.encode(text, add_special_tokens=False).ids == tuple(reference.encode(text).ids), text


def test_a_bundled_gguf_tokenizer_is_converted_once_and_kept_a_strangers_never(tmp_path, monkeypatch):
    """SmolLM2's conversion ran past its time limit on a loaded class server and every page then said it had no
    tokenizer: a bundled checkpoint's converted tokenizer is kept on disk; a student's is not written there."""
    from dashboard.checkpoints import tokenizer as tokenizers
    from dashboard.wall import tables as wall_tables

    monkeypatch.setenv("EXPLORER_CACHE_DIR", str(tmp_path / "cache"))
    tables = load_tables(str(byte_level_gguf(tmp_path / "model.gguf")))
    load_tokenizer(tables)
    assert not (tmp_path / "cache").exists()  # not bundled: nothing kept
    monkeypatch.setattr(wall_tables, "is_trusted", lambda path: True)
    first = load_tokenizer(tables)
    assert len(list((tmp_path / "cache" / "tokenizers").glob("model-*.json"))) == 1

    def refuse(*_):
        raise AssertionError("converted again")

    monkeypatch.setattr(tokenizers, "convert_tokenizer", refuse)
    again = load_tokenizer(tables)
    for text in TEXTS:
        assert again.encode(text).ids == first.encode(text).ids


def test_spans_and_flags_say_what_each_token_stands_for(gguf_tables):
    encoded = load_tokenizer(gguf_tables).encode(f" xylophone{SPECIAL}", add_special_tokens=False)
    assert [gguf_tables.token_label(i) for i in encoded.ids] == ["␣xyl", "ophone", SPECIAL]
    assert encoded.spans == (" xyl", "ophone", SPECIAL) and encoded.unknown == (False, False, False)


def test_tokenizer_json_wins_and_unknown_words_are_flagged(tmp_path):
    from tests.reorder_factories import bert_with_words

    tables = load_tables(bert_with_words(tmp_path / "bert"))
    tokenizer = load_tokenizer(tables)
    assert isinstance(tokenizer, TokenizerJsonTokenizer)
    encoded = tokenizer.encode("cat ☃ dog")
    assert [tables.token_label(i) for i in encoded.ids] == ["[CLS]", "cat", "[UNK]", "dog", "[SEP]"]
    assert encoded.unknown == (False, False, True, False, False) and encoded.spans[2] == "☃"
    assert encoded.special == (True, False, False, False, True)


def test_a_gguf_with_an_incomplete_tokenizer_falls_back_and_says_why(tmp_path):
    tokens = [f"t{i}" for i in range(factories.VOCAB)]
    path, _ = format_factories.gguf_file(tmp_path / "sp.gguf", tokens=tokens, tokenizer_model="llama")  # no scores
    tokenizer = load_tokenizer(load_tables(str(path)))
    assert not tokenizer.splits_words and "could not be read" in tokenizer.describe
    assert tokenizer.encode("t3 #5").ids == (3, 5)


def test_character_vocabulary_is_one_token_per_character(tmp_path):
    folder = tmp_path / "char"
    format_factories.nanogpt_checkpoint(folder, meta_chars="\n abc", vocab_size=factories.VOCAB)
    tokenizer = load_tokenizer(load_tables(folder / "ckpt.pt"))
    assert tokenizer.splits_words and "meta.pkl" in tokenizer.describe
    assert tokenizer.encode("ab c").ids == (2, 3, 1, 4)
    with pytest.raises(Exception, match="not among the 5 characters"):
        tokenizer.encode("abz")



def test_text_with_bytes_that_are_not_utf8_is_refused_before_the_child_sees_it():
    """A command line's argument 'caf\\xe9' (Latin-1) reaches Python as a lone surrogate; the child's tokenizer then
    failed as 'reading tokenizer.json failed (TypeError: TextInputSequence must be str)', blaming the file."""
    from dashboard.errors import QueryError
    from tests.shared_models import shared_tokenizer

    tokenizer = shared_tokenizer("tiny-gpt-pydocs")
    with pytest.raises(QueryError, match=r"'caf\ufffd' is not UTF-8 text .*type it again in UTF-8"):
        tokenizer.encode("caf\udce9")
    assert tokenizer.encode("café").ids  # a real é is text like any other
