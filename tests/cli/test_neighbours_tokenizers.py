"""`neighbours` splits typed words with whatever tokenizer the checkpoint carries, not only tokenizer.json."""

import pytest

from dashboard.checkpoints import load_tables
from dashboard.cli.neighbours import neighbours_document
from tests import factories, format_factories
from tests.map_fixtures import WORDS
from tests.tokenizer_factories import byte_level_gguf


def _notes(tables, query):
    document, notes = neighbours_document(tables, query, k=3)
    assert len(document) == 3
    return notes


def test_a_gguf_tokenizer_stored_in_the_metadata_splits_words(tmp_path):
    tables = load_tables(str(byte_level_gguf(tmp_path / "model.gguf")))
    notes = _notes(tables, "xylophone")
    assert any("xylophone" in note and "pieces" in note and "averaged" in note for note in notes)


def test_vocab_txt_without_tokenizer_json_splits_words(tmp_path):
    folder = factories.bert_folder(tmp_path / "bert")
    (folder / "vocab.txt").write_text("\n".join(WORDS) + "\n")
    notes = _notes(load_tables(folder), "xylophone")
    assert any("3 pieces" in note and "`x` + `##yl` + `##ophone`" in note for note in notes)


@pytest.mark.parametrize("query", ["cab", "ba"])
def test_a_nanogpt_character_vocabulary_splits_words_into_characters(tmp_path, query):
    folder = tmp_path / "shakespeare_char"
    format_factories.nanogpt_checkpoint(folder, meta_chars="\nabc", vocab_size=factories.VOCAB)
    notes = _notes(load_tables(folder / "ckpt.pt"), query)
    assert any(f"{len(query)} pieces" in note for note in notes)
