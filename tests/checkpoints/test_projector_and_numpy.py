"""Embedding Projector TSV exports and NumPy .npy/.npz files."""

import tracemalloc

import numpy as np
import pytest

from dashboard.checkpoints import load_tables
from dashboard.checkpoints.numpy_arrays import list_arrays
from dashboard.checkpoints.projector_tsv import read_labels, read_vectors
from dashboard.errors import ArrayChoiceError, CheckpointReadError, InvalidTableError, QueryError, ShapeMismatchError
from dashboard.i18n import render
from tests import format_factories as ff

RNG = np.random.default_rng(0)


def _table(rows=6, width=4):
    return RNG.standard_normal((rows, width)).astype(np.float32)


def test_vectors_alone(tmp_path):
    table = _table()
    ff.projector_export(tmp_path, table)
    tables = load_tables(tmp_path / "vectors.tsv")
    np.testing.assert_allclose(tables.token, table, rtol=1e-6)
    assert tables.format == "projector-tsv" and tables.vocabulary.scheme == "none"
    assert tables.tying.verdict == "no-head" and tables.position is None


def test_one_column_metadata_has_no_header_and_escapes_are_undone(tmp_path):
    labels = ["tab\\there", "new\\nline", "back\\\\slash", "Korean 안녕", "plain", "x"]
    ff.projector_export(tmp_path, _table(), labels)
    tables = load_tables(tmp_path)  # the folder works too
    assert tables.vocabulary.raw == ("tab\there", "new\nline", "back\\slash", "Korean 안녕", "plain", "x")
    assert tables.vocabulary.display[:2] == ("tab⇥here", "new↵line")


def test_several_columns_have_a_header_and_the_token_column_is_picked(tmp_path):
    ff.projector_export(tmp_path, _table(3), ["3", "7", "9"], header=["count", "word"],
                        extra_columns=[["cat"], ["dog"], ["eel"]])
    # the writer puts labels first: columns are count=labels, word=extra; 'word' is preferred over the first
    assert load_tables(tmp_path).vocabulary.raw == ("cat", "dog", "eel")


def test_raw_byte_level_labels_are_shown_as_text(tmp_path):
    ff.projector_export(tmp_path, _table(4), ["Ġcat", "Ġdog", "Ċ", "the"])
    tables = load_tables(tmp_path)
    assert tables.vocabulary.scheme == "byte-level-bpe" and tables.vocabulary.display[:3] == ("␣cat", "␣dog", "↵")


def test_label_count_must_match_vector_count(tmp_path):
    ff.projector_export(tmp_path, _table(6), ["a", "b"])
    with pytest.raises(ShapeMismatchError, match="2 labels.*6 vectors"):
        load_tables(tmp_path)


def test_vectors_must_be_numbers_of_one_width(tmp_path):
    (tmp_path / "vectors.tsv").write_text("1\t2\t3\n4\t5\n")
    with pytest.raises(CheckpointReadError, match="tab-separated numbers"):
        load_tables(tmp_path / "vectors.tsv")
    (tmp_path / "vectors.tsv").write_text("cat\t1\t2\n")
    with pytest.raises(CheckpointReadError, match="metadata.tsv"):
        load_tables(tmp_path / "vectors.tsv")


def test_inf_rows_are_refused(tmp_path):
    (tmp_path / "vectors.tsv").write_text("1\t2\ninf\t0\n3\t4\n")
    with pytest.raises(InvalidTableError, match="rows 1"):
        load_tables(tmp_path / "vectors.tsv")


def _peak_bytes(function, *args):
    """``(result, peak bytes traced while it ran)``."""
    tracemalloc.start()
    try:
        result = function(*args)
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def test_a_tall_vectors_file_is_read_in_about_the_memory_of_its_result(tmp_path):
    # One short row per line is the worst case: keeping the text and a list of every line peaked at about
    # 19 times the float32 result here (a 40 MB upload of "0" rows took the server 1.5 GB). Streamed: about 1.1.
    rows = 200_000
    (tmp_path / "vectors.tsv").write_text("".join(f"{i % 1000 / 8}\n" for i in range(rows)))
    table, peak = _peak_bytes(read_vectors, tmp_path / "vectors.tsv")
    assert table.shape == (rows, 1) and table.dtype == np.float32 and table[9, 0] == 9 / 8
    assert peak < 3 * table.nbytes, f"peak {peak:,} bytes for a {table.nbytes:,}-byte result"


def test_a_metadata_file_longer_than_the_vectors_is_counted_not_kept(tmp_path):
    (tmp_path / "metadata.tsv").write_text("".join(f"label {i}\n" for i in range(200_000)))
    (labels, count), peak = _peak_bytes(read_labels, tmp_path / "metadata.tsv", 3)
    assert labels == ("label 0", "label 1", "label 2") and count == 200_000
    # 200,000 kept labels would be over 10 MB; tracemalloc also counts other threads' allocations (the suite's
    # in-process Dask worker), so the bound leaves room for them (CI once measured 1.07 MB)
    assert peak < 4_000_000
    ff.projector_export(tmp_path, _table(3))
    (tmp_path / "metadata.tsv").write_text("word\tcount\n" + "".join(f"w{i}\t{i}\n" for i in range(50)))
    with pytest.raises(ShapeMismatchError, match="has 50 labels but vectors.tsv has 3 vectors"):
        load_tables(tmp_path)


def test_vectors_lines_are_trimmed_and_blank_or_badly_encoded_files_refused(tmp_path):
    path = tmp_path / "vectors.tsv"
    path.write_bytes(b"\r\n 1\t2\t\r\n\n\t3\t4 \r5\t6\n   \n")  # CRLF, lone CR, edge tabs, blank lines
    np.testing.assert_array_equal(load_tables(path).token, [[1, 2], [3, 4], [5, 6]])
    path.write_text("\n  \n\t\n")
    with pytest.raises(CheckpointReadError, match="holds no vectors"):
        load_tables(path)
    path.write_bytes(b"1\t2\n\xff\t3\n")
    with pytest.raises(CheckpointReadError, match="not UTF-8"):
        load_tables(path)
    path.write_text("1\t\t3\n")  # an empty cell is not a number (pandas would read it as NaN)
    with pytest.raises(CheckpointReadError, match="tab-separated numbers"):
        load_tables(path)


def test_npy_with_vocab_file_beside(tmp_path):
    table = _table(5)
    np.save(tmp_path / "emb.npy", table)
    (tmp_path / "vocab.txt").write_text("▁the\n▁cat\n<0x0A>\n▁안녕\nx\n")
    tables = load_tables(tmp_path / "emb.npy")
    np.testing.assert_array_equal(tables.token, table)
    assert tables.vocabulary.scheme == "sentencepiece" and tables.vocabulary.display[1:4] == ("␣cat", "↵", "␣안녕")


def test_a_vocab_txt_found_beside_is_said_to_be_used(tmp_path):
    np.save(tmp_path / "emb.npy", _table(5))
    (tmp_path / "vocab.txt").write_text("a\nb\nc\n")
    tables = load_tables(tmp_path / "emb.npy")
    assert tables.vocabulary.raw == ("a", "b", "c")
    assert any(note.startswith("labels from vocab.txt beside the file") for note in tables.notes), tables.notes


def test_a_vocab_txt_beside_that_is_longer_than_the_table_is_set_aside_with_a_note(tmp_path):
    np.savez(tmp_path / "tables.npz", wte=_table(64, 8), wpe=_table(16, 8))
    (tmp_path / "vocab.txt").write_text("".join(f"t{i}\n" for i in range(1000)))
    tables = load_tables(tmp_path / "tables.npz", token_array="wte", position_array="wpe")
    assert tables.vocabulary.raw[:2] == ("#0", "#1") and len(tables.vocabulary) == 64
    unused = [note for note in tables.notes if "vocab.txt beside the file has 1,000 lines for 64 rows" in note]
    assert unused and "not used" in unused[0] and "--vocab" in unused[0], tables.notes
    assert "1,000줄" in render(unused[0], "ko")
    with pytest.raises(ShapeMismatchError, match="1000 tokens.*64 rows"):  # asked for by name: still refused
        load_tables(tmp_path / "tables.npz", token_array="wte", vocab_file=str(tmp_path / "vocab.txt"))


@pytest.mark.parametrize("content", [b"", b"caf\xe9\n"], ids=["empty", "not-utf8"])
def test_a_vocab_txt_beside_that_cannot_be_read_is_set_aside_with_a_note(tmp_path, content):
    np.save(tmp_path / "emb.npy", _table(5))
    (tmp_path / "vocab.txt").write_bytes(content)
    tables = load_tables(tmp_path / "emb.npy")  # the table reads; only its labels are placeholders
    assert tables.vocabulary.raw[:2] == ("#0", "#1")
    assert any(note.startswith("vocab.txt beside the file was not used (") for note in tables.notes), tables.notes
    with pytest.raises(CheckpointReadError):  # asked for by name: still refused
        load_tables(tmp_path / "emb.npy", vocab_file=str(tmp_path / "vocab.txt"))


def test_npz_guesses_by_name_and_reports_it(tmp_path):
    token, position = _table(10), _table(7)
    np.savez(tmp_path / "t.npz", wte=token, wpe=position, step=np.arange(3))
    tables = load_tables(tmp_path / "t.npz")
    np.testing.assert_array_equal(tables.token, token)
    np.testing.assert_array_equal(tables.position, position)
    assert tables.position_kind == "learned" and any("by their names" in n for n in tables.notes)


def test_npz_ambiguous_lists_the_arrays_then_explicit_choice_reads(tmp_path):
    a, b = _table(10), _table(7)
    np.savez(tmp_path / "t.npz", a=a, b=b)
    with pytest.raises(ArrayChoiceError, match=r"a \(10, 4\) float32, b \(7, 4\) float32.*--token-array"):
        load_tables(tmp_path / "t.npz")
    tables = load_tables(tmp_path / "t.npz", token_array="b", position_array="a")
    np.testing.assert_array_equal(tables.token, b)
    np.testing.assert_array_equal(tables.position, a)


def test_an_npz_of_many_arrays_names_ten_in_its_message_candidates_first(tmp_path):
    # 300 arrays listed one by one made a message of 300 names. 2-D float arrays come first: one is the answer.
    arrays = {f"bias{i}": np.zeros(3, np.float32) for i in range(150)}
    arrays |= {f"layer{i}": np.zeros((2, 3), np.float32) for i in range(150)}
    np.savez(tmp_path / "t.npz", **arrays)
    with pytest.raises(ArrayChoiceError) as caught:
        load_tables(tmp_path / "t.npz")
    english, korean = str(caught.value), render(caught.value, "ko")
    listed = "layer0 (2, 3) float32, " + ", ".join(f"layer{i} (2, 3) float32" for i in range(1, 10))
    assert f"({listed}, and 290 more)" in english and "bias" not in english and "layer10" not in english
    assert f"({listed} 외 290개)" in korean
    with pytest.raises(QueryError, match=r"no array 'zzz'; it holds: layer0 .*layer9 \(2, 3\) float32, and 290 more$"):
        load_tables(tmp_path / "t.npz", token_array="zzz")


def test_npz_unknown_array_name(tmp_path):
    np.savez(tmp_path / "t.npz", a=_table())
    with pytest.raises(QueryError, match="no array 'zzz'"):
        load_tables(tmp_path / "t.npz", token_array="zzz")


def test_npz_position_width_must_match(tmp_path):
    np.savez(tmp_path / "t.npz", token=_table(10, 4), position=_table(8, 6))
    with pytest.raises(ShapeMismatchError, match="d_model=6.*d_model=4"):
        load_tables(tmp_path / "t.npz", token_array="token", position_array="position")


def test_explicit_vocab_file_longer_than_table(tmp_path):
    np.save(tmp_path / "emb.npy", _table(3))
    (tmp_path / "words.txt").write_text("a\nb\nc\nd\n")
    with pytest.raises(ShapeMismatchError, match="4 tokens.*3 rows"):
        load_tables(tmp_path / "emb.npy", vocab_file=str(tmp_path / "words.txt"))


def test_options_rejected_for_other_formats(tmp_path):
    ff.projector_export(tmp_path, _table())
    with pytest.raises(QueryError, match="token_array applies to NumPy"):
        load_tables(tmp_path, token_array="x")


def test_headers_listed_without_reading_data_and_truncation_found(tmp_path):
    np.savez(tmp_path / "t.npz", big=np.zeros((300, 200), np.float32), small=np.zeros(3, np.int64))
    assert {k: (s, str(d)) for k, (s, d) in list_arrays(tmp_path / "t.npz").items()} == {
        "big": ((300, 200), "float32"), "small": ((3,), "int64")}
    np.save(tmp_path / "cut.npy", np.zeros((300, 200), np.float32))
    data = (tmp_path / "cut.npy").read_bytes()
    (tmp_path / "cut.npy").write_bytes(data[:-1000])
    with pytest.raises(CheckpointReadError, match="truncated"):
        load_tables(tmp_path / "cut.npy")


def test_explicit_vocab_file_shorter_than_table_is_noted(tmp_path):
    np.save(tmp_path / "emb.npy", _table(20))
    (tmp_path / "five.txt").write_text("a\nb\nc\nd\ne\n")
    tables = load_tables(tmp_path / "emb.npy", vocab_file=str(tmp_path / "five.txt"))
    assert list(tables.unused_rows) == list(range(5, 20))
    assert any("5 tokens for 20 rows" in note and "rows 5..19" in note for note in tables.notes), tables.notes


def test_empty_vocab_file_is_refused(tmp_path):
    np.save(tmp_path / "emb.npy", _table(4))
    (tmp_path / "empty.txt").write_text("")
    with pytest.raises(CheckpointReadError, match="no tokens"):
        load_tables(tmp_path / "emb.npy", vocab_file=str(tmp_path / "empty.txt"))


def test_a_compressed_npz_is_checked_like_a_zip_before_it_is_inflated(tmp_path, monkeypatch):
    from dashboard.errors import ArchiveLimitError

    bomb = tmp_path / "bomb.npz"
    np.savez_compressed(bomb, token=np.zeros((4096, 1024), dtype=np.float32))  # 16 MB of zeros, a few kB on disk
    with pytest.raises(ArchiveLimitError, match="times"):
        load_tables(str(bomb))
    noise = tmp_path / "noise.npz"
    np.savez_compressed(noise, token=np.random.default_rng(0).standard_normal((512, 64)).astype(np.float32))
    assert load_tables(str(noise)).vocab_size == 512  # real float weights barely compress: read as before
    monkeypatch.setenv("EXPLORER_MAX_EXTRACT_MB", "0.01")  # 10 kB: the declared total is checked too
    with pytest.raises(ArchiveLimitError, match="EXPLORER_MAX_EXTRACT_MB"):
        list_arrays(noise)


def test_an_npz_array_name_of_any_length_is_shown_by_its_start():
    from dashboard.checkpoints.numpy_arrays import _describe

    long_name = "x" * 60_000
    described = str(_describe({long_name: ((4, 4), np.dtype("float32")), "b": ((4, 4), np.dtype("float32"))}))
    assert len(described) < 1_000 and "60,000" in described and "b (4, 4) float32" in described
