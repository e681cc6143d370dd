"""What the map draws: highlight matching and the frames of every placed row."""

import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from dashboard.analysis.table_rows import table_rows
from dashboard.errors import QueryError
from dashboard.maps.frame import (MAX_QUERY_CHARS, MAX_TEXT_LABELS, coordinates_csv, coordinates_frame,
                                          match_tokens, token_map_frame)
from dashboard.maps.projection import ProjectionSettings, project_pca
from tests.map_fixtures import random_table, tables_of

ROOT = Path(__file__).resolve().parents[2]
DISPLAY = ["cat", "␣cat", "##cat", "Cats", "dog", "category"]
RAW = ["cat", "Ġcat", "##cat", "Cats", "dog", "category"]


def test_words_match_whole_tokens_ignoring_case_and_word_start_markers():
    assert list(match_tokens("CAT, dog", DISPLAY, RAW)) == [True, True, True, False, True, False]
    assert not match_tokens("  ", DISPLAY, RAW).any()


def test_regex_searches_readable_and_raw_forms():
    assert list(match_tokens("^cat", DISPLAY, RAW, regex=True)) == [True, False, False, False, False, True]
    assert list(match_tokens("^Ġ", DISPLAY, RAW, regex=True)) == [False, True, False, False, False, False]


def test_a_bad_regex_is_a_clear_error():
    with pytest.raises(QueryError, match="not a regular expression this search accepts: missing \\).*untick"):
        match_tokens("cat(", DISPLAY, RAW, regex=True)


def test_lookaround_and_backreferences_are_refused_naming_re2():
    for pattern in ("(?=cat)", "(c)\\1"):
        with pytest.raises(QueryError, match="RE2 syntax: no backreferences or lookaround"):
            match_tokens(pattern, DISPLAY, RAW, regex=True)


def test_a_highlight_longer_than_the_bound_is_refused():
    match_tokens("a" * MAX_QUERY_CHARS, DISPLAY, RAW)
    with pytest.raises(QueryError, match=f"{MAX_QUERY_CHARS + 1} characters, more than {MAX_QUERY_CHARS}"):
        match_tokens("a" * (MAX_QUERY_CHARS + 1), DISPLAY, RAW, regex=True)


#: Strings with the edges the joined one-line-per-string search must respect: empty, newlines, CJK, markers.
#: (None ends in a newline: there Python's ``$`` also matches before it, RE2's only at the very end.)
EDGES = ["", "cat", "␣cat", "a\nb", "\na", "한국어", "ab", "b", "aab", "x y", "caté", "Ġ\ncat", "$", "a" * 50]
#: Patterns Python's re and RE2 read alike.
SHARED_PATTERNS = ["^$", "^", "$", "a", "^a", "b$", "^.$", "a.b", "(?s)a.b", "\\n", "^[가-힣]+$", "t$|^x", "a*",
                   "(a+)+$", "[^a]", "^\\s*$", "(?i)CAT", "é$", "cat\\n", "^a{2}b$", "\\$"]


@pytest.mark.parametrize("pattern", SHARED_PATTERNS)
def test_regex_highlight_agrees_with_pythons_re_on_shared_syntax(pattern):
    raw = EDGES[::-1]  # a different string in each row's other form
    expected = [bool(re.search(pattern, d) or re.search(pattern, r)) for d, r in zip(EDGES, raw)]
    assert list(match_tokens(pattern, EDGES, raw, regex=True)) == expected


def test_dollar_is_the_end_of_the_token_as_in_re2():
    assert list(match_tokens("^$", ["\n", ""], ["\n", ""], regex=True)) == [False, True]


def test_a_catastrophic_pattern_finishes_on_a_long_token_list():
    """``(a+)+$`` on 41-letter tokens: Python's re needs about 2^40 steps per token; RE2 is linear.

    In a subprocess with a ceiling (60 s, about 1,000x what RE2 needs), so a
    backtracking matcher fails the test instead of hanging the suite.
    """
    script = ("from dashboard.maps.frame import match_tokens\n"
              "tokens = ['a' * 40 + 'b'] * 5_000 + [f'{i}' + 'a' * 40 for i in range(5_000)]\n"
              "print(int(match_tokens('(a+)+$', tokens, tokens, regex=True).sum()))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "5000"


def test_the_frame_has_every_placed_row_and_leaves_out_rows_without_a_point():
    table = random_table(20, 4)
    rows = table_rows(tables_of(table))
    projection = project_pca(table, ProjectionSettings("pca", 2))
    projection.coords[[3, 7]] = np.nan  # rows the method could not place
    frame = token_map_frame(projection, labels=rows.labels, raw=rows.raw, categories=rows.categories,
                            norms=rows.norms, highlighted=np.zeros(20, bool))
    assert frame["id"].tolist() == [i for i in range(20) if i not in (3, 7)]
    np.testing.assert_array_equal(frame["x"], projection.coords[frame["id"], 0])


def test_frames_carry_every_column_the_chart_and_exports_need():
    table = random_table(60, 6)
    tables = tables_of(table)
    rows = table_rows(tables)
    projection = project_pca(table, ProjectionSettings("pca", 3))
    highlighted = np.zeros(60, bool)
    highlighted[: MAX_TEXT_LABELS + 5] = True
    frame = token_map_frame(projection, labels=rows.labels, raw=rows.raw, categories=rows.categories,
                            norms=rows.norms, highlighted=highlighted)
    assert list(frame.columns) == ["id", "token", "raw", "category", "norm", "highlighted", "label", "x", "y", "z"]
    assert (frame["label"] != "").sum() == MAX_TEXT_LABELS
    np.testing.assert_allclose(frame["norm"], np.linalg.norm(table, axis=1), rtol=1e-6)
    coordinates = coordinates_frame(projection, rows.labels)
    assert list(coordinates.columns) == ["id", "token", "x", "y", "z"] and len(coordinates) == 60


def test_position_rows_are_labelled_by_position_and_missing_tables_say_so():
    tables = tables_of(random_table(10, 4), position=random_table(5, 4, seed=1))
    rows = table_rows(tables, "position")
    assert rows.labels[3] == "position 3" and set(rows.categories) == {"position"}
    with pytest.raises(QueryError, match="no position table"):
        table_rows(tables_of(random_table(10, 4)), "position")


@pytest.mark.parametrize("dims", [2, 3])
def test_the_commands_csv_is_byte_for_byte_the_pages_frame_written_by_pandas(dims):
    from dashboard.maps.projection import Projection
    from dashboard.exports import csv_bytes

    coords = np.random.default_rng(0).normal(size=(5, dims)).astype(np.float32) * 1e3
    coords[1, 0], coords[3] = 1e-8, np.nan  # an exponent, and a row the method could not place
    projection = Projection(coords, "pca", {}, {})
    labels = ("a,b", '"quoted"', "line\nbreak", "␣cat", "")
    assert coordinates_csv(projection, labels) == csv_bytes(coordinates_frame(projection, labels))


def test_categories_and_norms_are_computed_only_when_asked_for(monkeypatch):
    import dashboard.analysis.table_rows as table_rows_module

    calls = []
    monkeypatch.setattr(table_rows_module, "token_categories", lambda tables: calls.append(tables) or np.array(["x"] * 6))
    rows = table_rows(tables_of(random_table(6, 4)))
    assert calls == []
    assert list(rows.categories) == ["x"] * 6 and len(calls) == 1
    rows.categories
    assert len(calls) == 1
    np.testing.assert_allclose(rows.norms, np.linalg.norm(rows.table, axis=1), rtol=1e-6)



def test_projector_metadata_of_a_position_table_is_its_positions_without_space_markers():
    from dashboard.analysis.table_rows import projector_metadata, table_rows
    from dashboard.exports import projector_files

    tables = tables_of(random_table(4, 3), ["the", " cat", "a b", "x"], position=random_table(5, 3, seed=1))
    _, positions = projector_files(tables.position, projector_metadata(table_rows(tables, "position")))
    assert positions.decode() == "0\n1\n2\n3\n4\n"  # one column, no header (the Projector's convention)
    _, tokens = projector_files(tables.token, projector_metadata(table_rows(tables, "token")))
    lines = tokens.decode().splitlines()
    assert lines[0] == "token\tid\tcategory" and lines[3].startswith("a␣b\t2\t")  # tokens keep the markers


def test_the_highlight_field_holds_what_match_tokens_takes():
    from dashboard.ui.url_state import HIGHLIGHT_CHARS

    assert HIGHLIGHT_CHARS == MAX_QUERY_CHARS
