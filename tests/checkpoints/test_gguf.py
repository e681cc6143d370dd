"""GGUF files written by gguf.GGUFWriter: dequantization, ggml dimension order, tokens, tying."""

import numpy as np
import pytest

from dashboard.checkpoints import load_tables
from dashboard.errors import CheckpointReadError, ShapeMismatchError
from dashboard.i18n import render
from tests import format_factories as ff
from tests.factories import VOCAB

TOKENS = ["<|endoftext|>", "Ġcat", "ĠìķĪëħķ", "Ċ", "âĢĻ"] + [f"tok{i}" for i in range(VOCAB - 5)]


@pytest.mark.parametrize("qtype, tolerance", [("F32", 0.0), ("F16", 1e-3), ("BF16", 1e-2), ("Q8_0", 0.02),
                                              ("Q4_1", 0.4)])
def test_token_table_dequantized_like_the_reference(tmp_path, qtype, tolerance):
    import gguf

    path, written = ff.gguf_file(tmp_path / "m.gguf", qtype=qtype, tokens=TOKENS)
    tables = load_tables(path)
    stored = next(t for t in gguf.GGUFReader(path).tensors if t.name == "token_embd.weight")
    reference = gguf.quants.dequantize(stored.data, stored.tensor_type)
    np.testing.assert_array_equal(tables.token, reference)  # parity with the gguf package
    assert tables.token.shape == (VOCAB, 64) and tables.token.dtype == np.float32
    assert np.abs(tables.token - written).max() <= tolerance  # and close to what was quantized
    assert tables.source_dtype == qtype


def test_llama_gguf_is_rotary_tied_implied_with_readable_tokens(tmp_path):
    path, _ = ff.gguf_file(tmp_path / "m.gguf", tokens=TOKENS, token_types=[3] + [1] * (VOCAB - 1))
    tables = load_tables(path)
    assert (tables.format, tables.architecture, tables.position_kind) == ("gguf", "llama", "rotary")
    assert tables.tying.verdict == "tied-implied" and tables.output_head is None
    assert tables.vocabulary.scheme == "byte-level-bpe"
    assert tables.vocabulary.display[1:5] == ("␣cat", "␣안녕", "↵", "\u2019")
    assert tables.vocabulary.raw[1] == "Ġcat"
    assert tables.vocabulary.special_ids == frozenset({0})
    assert tables.hyperparameters["rope_theta"] == 10000.0 and tables.hyperparameters["n_layer"] == 1


def test_stored_output_head_is_untied(tmp_path):
    path, written = ff.gguf_file(tmp_path / "m.gguf", qtype="F32", head=True)
    tables = load_tables(path)
    assert tables.tying.verdict == "untied" and tables.output_head.shape == written.shape


def test_gpt2_gguf_has_a_learned_position_table(tmp_path):
    path, _ = ff.gguf_file(tmp_path / "m.gguf", arch="gpt2", position=True, head=True)
    tables = load_tables(path)
    assert tables.position_kind == "learned" and tables.position.shape == (16, 64)


def test_bert_gguf_without_head_is_no_head(tmp_path):
    path, _ = ff.gguf_file(tmp_path / "m.gguf", arch="bert", position=True, tokens=TOKENS, tokenizer_model="bert")
    tables = load_tables(path)
    assert tables.tying.verdict == "no-head" and tables.vocabulary.scheme == "wordpiece"


def test_sentencepiece_tokens(tmp_path):
    tokens = ["<unk>", "<s>", "</s>", "<0x0A>", "▁the", "▁안녕"] + [f"▁t{i}" for i in range(VOCAB - 6)]
    path, _ = ff.gguf_file(tmp_path / "m.gguf", tokens=tokens, tokenizer_model="llama",
                           token_types=[2, 3, 3, 6] + [1] * (VOCAB - 4))
    tables = load_tables(path)
    assert tables.vocabulary.scheme == "sentencepiece"
    assert tables.vocabulary.display[3:6] == ("↵", "␣the", "␣안녕")
    assert tables.vocabulary.special_ids == frozenset({0, 1, 2})


def test_fewer_tokens_than_rows_leaves_unused_rows(tmp_path):
    path, _ = ff.gguf_file(tmp_path / "m.gguf", tokens=TOKENS[:90])
    assert load_tables(path).unused_rows == range(90, VOCAB)


def test_transposed_table_is_named(tmp_path):
    path, _ = ff.gguf_file(tmp_path / "m.gguf", tokens=TOKENS, transpose=True, qtype="F32")
    with pytest.raises(ShapeMismatchError, match="transposed"):
        load_tables(path)


def test_embedding_length_contradicting_the_table(tmp_path):
    path, _ = ff.gguf_file(tmp_path / "m.gguf", embedding_length=128)
    with pytest.raises(ShapeMismatchError, match="d_model=128.*d_model=64"):
        load_tables(path)


def test_token_list_longer_than_table(tmp_path):
    path, _ = ff.gguf_file(tmp_path / "m.gguf", tokens=TOKENS + ["extra1", "extra2"])
    with pytest.raises(ShapeMismatchError, match=f"{VOCAB + 2} tokens"):
        load_tables(path)


def test_unknown_architecture_is_read_from_tensor_names(tmp_path):
    path, _ = ff.gguf_file(tmp_path / "m.gguf", arch="mamba9")
    tables = load_tables(path)
    assert tables.architecture == "mamba9" and any("not in our GGUF list" in n for n in tables.notes)


@pytest.mark.parametrize("cut", [3, 20, 400, -100])
def test_truncated_gguf(tmp_path, cut):
    path, _ = ff.gguf_file(tmp_path / "m.gguf", tokens=TOKENS)
    data = path.read_bytes()
    path.write_bytes(data[:cut])
    with pytest.raises(CheckpointReadError):
        load_tables(path)


def test_corrupt_magic(tmp_path):
    path, _ = ff.gguf_file(tmp_path / "m.gguf")
    path.write_bytes(b"GGUX" + path.read_bytes()[4:])
    with pytest.raises(CheckpointReadError, match="GGUF"):
        load_tables(path)


#: What a damaged GGUF's message opens with and how its library detail is introduced, per language.
DAMAGED = {"en": ("is damaged", "download or convert it again", "Technical detail: "),
           "ko": ("손상되었", "다시 내려받거나 다시 변환하세요", "(원문: ")}


def _said_in_the_readers_terms(error: Exception, library_text: str) -> None:
    """``error`` says what is wrong and what to do first, in both languages; ``library_text`` only at its end."""
    from dashboard.i18n import render

    for lang, (gist, advice, detail) in DAMAGED.items():
        message, _, technical = render(error, lang).partition(detail)
        assert gist in message and advice in message and library_text not in message, message
        assert library_text in technical and len(technical) <= 100


def _bare_magic(path):
    path.write_bytes(path.read_bytes()[:4])  # the gguf library: IndexError, index 0 is out of bounds


def _bad_magic(path):
    path.write_bytes(b"GGUX" + path.read_bytes()[4:])


@pytest.mark.parametrize("damage, library_text", [(_bare_magic, "index 0 is out of bounds"),
                                                  (_bad_magic, "GGUF magic invalid")])
def test_a_damaged_gguf_is_named_so_with_the_library_text_only_last(tmp_path, damage, library_text):
    path, _ = ff.gguf_file(tmp_path / "m.gguf", tokens=TOKENS)
    damage(path)
    with pytest.raises(CheckpointReadError) as caught:
        load_tables(path)
    _said_in_the_readers_terms(caught.value, library_text)
    assert "not a GGUF file the gguf library can read" in str(caught.value)


def test_undecodable_gguf_metadata_is_named_so_with_the_library_text_only_last(tmp_path):
    path, _ = ff.gguf_file(tmp_path / "m.gguf", tokens=TOKENS)
    data = path.read_bytes()
    value = data.index(b"llama", data.index(b"general.architecture"))
    path.write_bytes(data[:value] + b"\xff\xfe" + data[value + 2:])  # the architecture is no longer UTF-8
    with pytest.raises(CheckpointReadError) as caught:
        load_tables(path)
    _said_in_the_readers_terms(caught.value, "can't decode byte 0xff")
    assert "'general.architecture'" in str(caught.value)


def test_an_undecodable_gguf_tensor_is_named_so_with_the_library_text_only_last(tmp_path, monkeypatch):
    from dashboard.checkpoints import gguf_file

    def refuse(data, kind):
        raise NotImplementedError(f"Dequantization for {kind.name} is not yet implemented")

    path, _ = ff.gguf_file(tmp_path / "m.gguf", qtype="Q8_0", tokens=TOKENS)
    monkeypatch.setattr(gguf_file, "_dequantize", refuse)
    with pytest.raises(CheckpointReadError) as caught:
        load_tables(path).token
    _said_in_the_readers_terms(caught.value, "is not yet implemented")
    assert "'token_embd.weight'" in str(caught.value) and "Q8_0" in str(caught.value).split("Technical")[0]


def test_the_metadata_limit_grows_with_the_file_between_a_floor_and_a_ceiling():
    from dashboard.checkpoints.gguf_file import (MAX_METADATA_VALUES, MIN_BYTES_PER_METADATA_VALUE,
                                                 MIN_METADATA_VALUES, metadata_value_limit)

    assert metadata_value_limit(1_000) == MIN_METADATA_VALUES  # any tiny model
    assert metadata_value_limit(100_000_000) == 100_000_000 // MIN_BYTES_PER_METADATA_VALUE
    assert metadata_value_limit(10**10) == MAX_METADATA_VALUES
    # The bundled SmolLM2-135M (98 MB, 147,238 values) and a Gemma-sized vocabulary file fit.
    assert metadata_value_limit(98_362_432) > 147_238 and metadata_value_limit(1_600_000_000) > 786_000


def test_a_gguf_over_its_metadata_limit_is_refused_with_the_limit_and_a_way_forward(tmp_path):
    from dashboard.errors import ArchiveLimitError, MissingTensorError
    from tests.hostile_factories import gguf_with_many_tiny_tokens

    path = gguf_with_many_tiny_tokens(tmp_path, count=210_000)
    with pytest.raises(ArchiveLimitError, match="more than 200,000 values") as caught:
        load_tables(str(path))
    assert "gguf-dump" in str(caught.value) and "200,000" in render(caught.value, "ko")
    (tmp_path / "under").mkdir()
    under = gguf_with_many_tiny_tokens(tmp_path / "under", count=1_000)
    with pytest.raises(MissingTensorError):  # under the limit: read, then refused for lacking a token table
        load_tables(str(under))


def test_a_gguf_listing_more_tensors_than_any_model_is_refused_while_parsed(tmp_path):
    from dashboard.checkpoints.gguf_file import MAX_TENSOR_RECORDS
    from dashboard.errors import ArchiveLimitError
    from tests.hostile_factories import gguf_with_many_tensor_records

    with pytest.raises(ArchiveLimitError, match=f"more than {MAX_TENSOR_RECORDS:,} tensors"):
        load_tables(str(gguf_with_many_tensor_records(tmp_path, count=MAX_TENSOR_RECORDS + 1)))
    (tmp_path / "under").mkdir()
    with pytest.raises(CheckpointReadError):  # under the limit: parsed, then refused as damaged (no real tensors)
        load_tables(str(gguf_with_many_tensor_records(tmp_path / "under", count=100)))
