"""The EmbeddingTables contract: float32, read-only, validated at construction."""

import numpy as np
import pytest

from dashboard.errors import InvalidTableError, ShapeMismatchError
from dashboard.tables import EmbeddingTables, Tying, Vocabulary


def _tables(token, **kwargs):
    defaults = dict(vocabulary=Vocabulary.placeholder(len(token)), tying=Tying("no-head", "test"),
                    source="test", format="npy", architecture="unknown", source_dtype="float64")
    return EmbeddingTables(token=token, **{**defaults, **kwargs})


def test_arrays_become_read_only_float32():
    tables = _tables(np.ones((4, 3), dtype=np.float64))
    assert tables.token.dtype == np.float32 and tables.token.flags.c_contiguous
    with pytest.raises(ValueError):
        tables.token[0, 0] = 2.0


def test_nan_rows_are_named():
    token = np.zeros((10, 3))
    token[7, 1] = np.nan
    with pytest.raises(InvalidTableError, match="rows 7"):
        _tables(token)


def test_inf_in_position_table_refused():
    position = np.zeros((5, 3))
    position[2, 0] = np.inf
    with pytest.raises(InvalidTableError, match="position"):
        _tables(np.zeros((4, 3)), position=position, position_kind="learned")


def test_d_model_mismatch_gives_both_sizes():
    with pytest.raises(ShapeMismatchError, match="d_model=5.*d_model=3"):
        _tables(np.zeros((4, 3)), position=np.zeros((2, 5)), position_kind="learned")


def test_tokenizer_longer_than_table_refused():
    with pytest.raises(ShapeMismatchError, match="6 tokens.*4 rows"):
        _tables(np.zeros((4, 3)), vocabulary=Vocabulary.placeholder(6))


def test_padding_rows_are_unused():
    tables = _tables(np.zeros((6, 3)), vocabulary=Vocabulary(("a", "b", "c", "d"), ("a", "b", "c", "d")))
    assert list(tables.unused_rows) == [4, 5]
    assert tables.token_label(5) == "<unused #5>"


def test_content_hash_follows_content():
    a = _tables(np.arange(12.0).reshape(4, 3))
    b = _tables(np.arange(12.0).reshape(4, 3), source="elsewhere")
    c = _tables(np.arange(12.0).reshape(4, 3) + 1)
    assert a.content_hash == b.content_hash != c.content_hash


def test_a_table_of_more_rows_than_any_vocabulary_is_refused_before_its_labels_are_made():
    from dashboard.tables import MAX_TABLE_ROWS, check_table_shape

    check_table_shape("token", (MAX_TABLE_ROWS, 1))
    with pytest.raises(InvalidTableError, match="4,194,305 rows"):
        check_table_shape("token", (MAX_TABLE_ROWS + 1, 1))


def test_a_projector_tsv_of_too_many_rows_is_refused_with_the_limit(tmp_path, monkeypatch):
    import dashboard.tables
    from dashboard.checkpoints import load_tables

    monkeypatch.setattr(dashboard.tables, "MAX_TABLE_ROWS", 1_000)
    (tmp_path / "vectors.tsv").write_text("0\t1\n" * 1_001)
    with pytest.raises(InvalidTableError, match="1,001 rows .* at most 1,000"):
        load_tables(str(tmp_path / "vectors.tsv"))
    (tmp_path / "vectors.tsv").write_text("0\t1\n" * 1_000)
    assert load_tables(str(tmp_path / "vectors.tsv")).vocab_size == 1_000


def test_a_table_wider_than_any_model_is_refused_and_a_projector_line_before_numpy_parses_it(tmp_path, monkeypatch):
    import dashboard.tables
    from dashboard.checkpoints import load_tables
    from dashboard.tables import MAX_D_MODEL, check_table_shape

    check_table_shape("token", (4, MAX_D_MODEL))
    with pytest.raises(InvalidTableError, match="65,537 columns"):
        check_table_shape("token", (4, MAX_D_MODEL + 1))
    monkeypatch.setattr(dashboard.tables, "MAX_D_MODEL", 100)
    (tmp_path / "vectors.tsv").write_text("\t".join(["0.5"] * 101) + "\n")
    with pytest.raises(InvalidTableError, match="101 columns.* at most 100"):
        load_tables(str(tmp_path / "vectors.tsv"))


def test_a_lone_surrogate_in_a_vocabulary_is_kept_as_its_escape_so_every_output_can_carry_it():
    import pandas as pd

    vocabulary = Vocabulary(raw=("a\ud800", "b"), display=("a\ud800", "b"))  # json.load of "a\\ud800"
    assert vocabulary.raw == ("a\\ud800", "b") and vocabulary.display == ("a\\ud800", "b")
    pd.DataFrame({"token": vocabulary.display})  # pandas' UTF-8 strings refused the surrogate
    assert Vocabulary(raw=("c",), display=("c",)).raw == ("c",)
