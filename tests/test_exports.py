"""Downloads: Embedding Projector TSV, CSV and chart images."""

import io
import zipfile

import altair as alt
import numpy as np
import pandas as pd
import pytest

from dashboard.exports import chart_spec, csv_bytes, projector_files, projector_zip, spec_image
from tests.map_fixtures import random_table


def test_projector_tsv_round_trips_float32_and_follows_the_header_rule():
    table = random_table(5, 3) * np.float32(1e-3)
    metadata = pd.DataFrame({"token": ["a\tb", "new\nline", "x", "y", "z"], "id": range(5)})
    vectors, labels = projector_files(table, metadata)
    read = np.loadtxt(io.BytesIO(vectors), delimiter="\t", dtype=np.float32)
    np.testing.assert_array_equal(read, table)
    lines = labels.decode().split("\n")
    assert lines[0] == "token\tid"  # several columns: a header row
    assert lines[1] == "a⇥b\t0" and lines[2] == "new↵line\t1"  # no raw tabs or line breaks in labels
    assert len([line for line in lines if line]) == 6
    _, single = projector_files(table, metadata[["token"]])
    assert single.decode().split("\n")[0] == "a⇥b"  # one column: no header


def test_only_token_strings_get_visible_whitespace_in_the_projector_labels():
    table = random_table(2, 2)
    metadata = pd.DataFrame({"token": [" the", "a b"], "category": ["whole word", "bad\tcat\negory"]})
    lines = projector_files(table, metadata)[1].decode().split("\n")
    assert lines[1] == "␣the\twhole word" and lines[2] == "a␣b\tbad cat egory"


def test_projector_zip_holds_both_files():
    table = random_table(4, 2)
    with zipfile.ZipFile(io.BytesIO(projector_zip(table, pd.DataFrame({"token": list("abcd")})))) as bundle:
        assert sorted(bundle.namelist()) == ["metadata.tsv", "vectors.tsv"]


def test_projector_refuses_mismatched_metadata():
    with pytest.raises(ValueError, match="3 rows but the table has 4"):
        projector_files(random_table(4, 2), pd.DataFrame({"token": list("abc")}))


def test_csv_has_header_and_empty_cells_for_nan():
    text = csv_bytes(pd.DataFrame({"id": [0, 1], "x": [0.5, np.nan]})).decode()
    assert text.splitlines() == ["id,x", "0,0.5", "1,"]


def test_chart_images_render_beyond_altairs_row_limit():
    frame = pd.DataFrame({"x": np.arange(6000.0), "y": np.arange(6000.0)})
    chart = alt.Chart(frame).mark_point().encode(x="x:Q", y="y:Q").properties(width="container")
    spec = chart_spec(chart)
    png = spec_image(spec, "png")
    assert png.startswith(b"\x89PNG")
    assert spec_image(spec, "svg").lstrip().startswith(b"<svg")
    with pytest.raises(ValueError, match="image format"):
        spec_image(spec, "gif")
