"""`project --method tsne` and `precompute --methods tsne`: the page's settings and cache keys."""

import json

import numpy as np
import pandas as pd
import pytest

from dashboard.maps.projection import ProjectionSettings
from dashboard.analysis.table_rows import table_rows
from dashboard.checkpoints import load_tables
from dashboard.cli import main
from dashboard.maps.cache import cached_projection
from tests import factories
from tests.map_fixtures import bert_with_tokenizer


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return bert_with_tokenizer(tmp_path_factory.mktemp("bert"))


def refuse(*_):
    raise AssertionError("recomputed a map that the command had cached")


def test_project_tsne_writes_every_row_and_caches_under_the_page_key(folder, tmp_path, capsys):
    out = tmp_path / "tsne.csv"
    assert main(["project", str(folder), "--method", "tsne", "--perplexity", "8", "--seed", "5",
                 "--out", str(out)]) == 0
    assert "t-SNE to 2D (perplexity=8.0" in capsys.readouterr().err
    frame = pd.read_csv(out, keep_default_na=False, na_values=[""])
    assert list(frame.columns) == ["id", "token", "x", "y"] and len(frame) == factories.VOCAB
    rows = table_rows(load_tables(folder), "token")
    page = cached_projection(rows.table, rows.content_hash, rows.name,
                             ProjectionSettings("tsne", 2, seed=5, perplexity=8.0), compute=refuse)
    np.testing.assert_allclose(frame[["x", "y"]].to_numpy(), page.coords, rtol=1e-6, equal_nan=True)
    placed = np.isfinite(page.coords).all(axis=1)
    assert placed.sum() == (rows.table.any(axis=1)).sum()  # only all-zero rows lack a point


def test_precompute_tsne_then_finds_it_cached(folder, capsys):
    argv = ["precompute", str(folder), "--methods", "tsne", "--dims", "2", "--perplexity", "8", "--json"]
    assert main(argv) == 0
    assert [(r["method"], r["status"]) for r in json.loads(capsys.readouterr().out)] == [("tsne", "computed")]
    assert main(argv) == 0
    assert [r["status"] for r in json.loads(capsys.readouterr().out)] == ["cached"]


@pytest.mark.parametrize("argv, fragment", [
    (["project", "{folder}", "--method", "tsne", "--perplexity", "500", "--out", "{out}"], "perplexity must be in"),
    (["precompute", "{folder}", "--methods", "tsne,pcb"], "pca, umap, tsne"),
])
def test_bad_tsne_input_exits_2_with_one_line(folder, tmp_path, capsys, argv, fragment):
    argv = [a.format(folder=folder, out=tmp_path / "x.csv") for a in argv]
    try:
        code = main(argv)
    except SystemExit as exit_:
        code = exit_.code
    lines = capsys.readouterr().err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and fragment in lines[0]
