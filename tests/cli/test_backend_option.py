"""`project --backend` and `precompute --backend`: the default is the best available, cuml where it cannot run is
one line and status 2, and precomputed maps land under the key the Token map page looks up on that machine."""

import json
import os
import subprocess
import sys

import numpy as np
import pandas as pd
import pytest

from dashboard.maps.backends import best_backend
from dashboard.maps.projection import ProjectionSettings
from dashboard.analysis.table_rows import table_rows
from dashboard.checkpoints import load_tables
from dashboard.cli import main
from dashboard.maps.cache import cached_projection
from tests.fake_cuml import forget_backend_status, install_fake_cuml
from tests.map_fixtures import bert_with_tokenizer


@pytest.fixture(autouse=True)
def _fresh_status():
    forget_backend_status()
    yield
    forget_backend_status()


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return str(bert_with_tokenizer(tmp_path_factory.mktemp("bert")))


@pytest.fixture
def no_cuml(monkeypatch):
    monkeypatch.setitem(sys.modules, "cuml", None)  # as on a machine without cuML, wherever the test runs


def test_project_backend_cuml_without_cuml_exits_2_with_one_line_saying_why(folder, tmp_path, capsys, no_cuml):
    out = tmp_path / "map.csv"
    assert main(["project", folder, "--backend", "cuml", "--out", str(out)]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: the cuml backend is not available here: RAPIDS cuML is not")
    assert "pip install --extra-index-url=https://pypi.nvidia.com cuml-cu12" in lines[0]
    assert "--backend cpu" in lines[0] and not out.exists()


def test_project_backend_cuml_in_a_real_process_without_a_gpu_exits_2_without_traceback(folder, tmp_path):
    """A real process, nothing faked; no CUDA device is visible to it, so cuml cannot run on any machine."""
    env = {**os.environ, "CUDA_VISIBLE_DEVICES": ""}
    result = subprocess.run([sys.executable, "-m", "dashboard", "project", folder, "--backend", "cuml", "--out",
                             str(tmp_path / "m.csv")], capture_output=True, text=True, env=env)
    lines = result.stderr.strip().splitlines()
    assert result.returncode == 2 and len(lines) == 1 and "Traceback" not in result.stderr
    assert "the cuml backend is not available here" in lines[0] and "--backend cpu" in lines[0]


def test_project_defaults_to_cpu_without_cuml_and_backend_cpu_is_the_same_map(folder, tmp_path, capsys, no_cuml):
    assert main(["project", folder, "--out", str(tmp_path / "a.csv")]) == 0
    first = capsys.readouterr().err
    assert "scikit-learn" in first and "cuml" not in first
    assert main(["project", folder, "--backend", "cpu", "--out", str(tmp_path / "b.csv")]) == 0
    assert (tmp_path / "a.csv").read_bytes() == (tmp_path / "b.csv").read_bytes()


def test_project_defaults_to_cuml_where_it_is_usable_and_says_so(folder, tmp_path, capsys, monkeypatch):
    fake = install_fake_cuml(monkeypatch, version="99.1.0")
    out = tmp_path / "gpu.csv"
    assert main(["project", folder, "--method", "umap", "--n-neighbors", "5", "--out", str(out)]) == 0
    assert [name for name, _, _ in fake.calls] == ["UMAP"]
    assert "cuml 99.1.0" in capsys.readouterr().err
    frame = pd.read_csv(out, keep_default_na=False)
    assert len(frame) == len(load_tables(folder).token)


def test_project_tsne_on_cuml_is_refused_and_tsne_by_default_runs_on_cpu(folder, tmp_path, capsys, monkeypatch):
    fake = install_fake_cuml(monkeypatch)
    assert main(["project", folder, "--method", "tsne", "--backend", "cuml", "--out", str(tmp_path / "t.csv")]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "t-SNE has no cuml backend" in err[0]
    assert main(["project", folder, "--method", "tsne", "--perplexity", "5", "--out", str(tmp_path / "t.csv")]) == 0
    assert fake.calls == [] and "openTSNE" in capsys.readouterr().err


def test_precompute_backend_cuml_without_cuml_exits_2_with_one_line(folder, capsys, no_cuml):
    assert main(["precompute", folder, "--methods", "pca", "--dims", "2", "--backend", "cuml"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "the cuml backend is not available here" in lines[0]


def test_precompute_on_a_cuml_machine_lands_where_the_page_looks_there(folder, capsys, monkeypatch):
    fake = install_fake_cuml(monkeypatch)
    assert main(["precompute", folder, "--methods", "pca,umap,tsne", "--dims", "2", "--n-neighbors", "5",
                 "--perplexity", "5", "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert [(r["method"], r["backend"], r["status"]) for r in records] == [
        ("pca", "cuml", "computed"), ("umap", "cuml", "computed"), ("tsne", "cpu", "computed")]
    assert sorted(name for name, _, _ in fake.calls) == ["PCA", "UMAP"]  # one task each, in either order (Dask)

    def refuse(*_):
        raise AssertionError("the page recomputed a precomputed map")

    rows = table_rows(load_tables(folder), "token")
    for method in ("pca", "umap", "tsne"):  # the settings the Token map page builds (pages/token_map.py)
        settings = ProjectionSettings(method, 2, 0, 5, 0.1, 5.0, best_backend(method))
        found = cached_projection(rows.table, rows.content_hash, rows.name, settings, compute=refuse)
        assert found.backend == ("cpu" if method == "tsne" else "cuml")
        assert np.isfinite(found.coords).all(axis=1).sum() > 0


def test_check_cpu_prints_both_trustworthiness_scores_on_one_line(folder, tmp_path, capsys, monkeypatch):
    install_fake_cuml(monkeypatch)
    assert main(["project", folder, "--backend", "cuml", "--check-cpu", "--out", str(tmp_path / "m.csv")]) == 0
    lines = [line for line in capsys.readouterr().err.splitlines() if line.startswith("trustworthiness")]
    assert len(lines) == 1 and "cuml 0." in lines[0] and "cpu 0." in lines[0]
    # the fake's PCA is the CPU's up to sign, which ours fixes: the same map, the same score
    assert "(difference +0.0000)" in lines[0] or "(difference -0.0000)" in lines[0]
