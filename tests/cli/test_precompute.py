"""`precompute`: maps computed into the cache the Token map reads, under the page's own keys."""

from __future__ import annotations

import json

import numpy as np
import pytest

from dashboard.maps.projection import ProjectionSettings
from dashboard.analysis.table_rows import table_rows
from dashboard.checkpoints import load_tables
from dashboard.cli import main
from dashboard.maps.cache import cached_projection


@pytest.fixture
def snapshot(tmp_path, monkeypatch):
    """A bare GPT-2 state dict (untied head) and an empty projection cache."""
    from safetensors.numpy import save_file

    rng = np.random.default_rng(0)
    path = tmp_path / "model.safetensors"
    save_file({"transformer.wte.weight": rng.normal(size=(300, 16)).astype(np.float32),
               "transformer.wpe.weight": rng.normal(size=(32, 16)).astype(np.float32),
               "lm_head.weight": rng.normal(size=(300, 16)).astype(np.float32)}, str(path))
    monkeypatch.setenv("EXPLORER_CACHE_DIR", str(tmp_path / "cache"))
    return str(path)


def _records(capsys) -> list[dict]:
    return json.loads(capsys.readouterr().out)


def test_maps_land_where_the_page_looks_and_are_not_computed_twice(snapshot, capsys):
    assert main(["precompute", snapshot, "--tables", "token,head,position", "--methods", "pca", "--dims", "2,3",
                 "--json"]) == 0
    records = _records(capsys)
    assert [(r["table"], r["dims"], r["status"]) for r in records] == [
        ("token", 2, "computed"), ("token", 3, "computed"), ("head", 2, "computed"), ("head", 3, "computed"),
        ("position", 2, "computed"), ("position", 3, "computed")]
    assert main(["precompute", snapshot, "--methods", "pca", "--dims", "2", "--json"]) == 0
    assert [r["status"] for r in _records(capsys)] == ["cached"]

    def refuse(*_):
        raise AssertionError("the page recomputed a precomputed map")

    rows = table_rows(load_tables(snapshot), "head")
    found = cached_projection(rows.table, rows.content_hash, rows.name, ProjectionSettings("pca", 3), compute=refuse)
    assert found.coords.shape == (300, 3)


def test_a_table_the_checkpoint_lacks_is_skipped_with_its_reason(tmp_path, monkeypatch, capsys):
    from safetensors.numpy import save_file

    path = tmp_path / "model.safetensors"  # a GPT-2 whose head is tied: no head of its own to map
    save_file({"transformer.wte.weight": np.random.default_rng(1).normal(size=(50, 8)).astype(np.float32),
               "transformer.wpe.weight": np.random.default_rng(2).normal(size=(16, 8)).astype(np.float32)}, str(path))
    monkeypatch.setenv("EXPLORER_CACHE_DIR", str(tmp_path / "cache"))
    assert main(["precompute", str(path), "--tables", "token,head", "--methods", "pca", "--dims", "2", "--json"]) == 0
    records = _records(capsys)
    assert [r["status"] for r in records] == ["computed", "skipped"] and "head" in records[1]["note"]


@pytest.mark.parametrize("flag", [["--methods", "isomap"], ["--dims", "4"], ["--tables", "wte"], ["--dims", "x"]])
def test_an_unknown_choice_is_one_line_and_status_2(snapshot, capsys, flag):
    assert main(["precompute", snapshot, *flag]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: --") and len(err.strip().splitlines()) == 1


def test_prepare_keeps_a_bundled_ggufs_tokenizer_and_whole_model_for_the_first_visit(tmp_path, monkeypatch, capsys):
    """`--prepare` does, before a class, what Sentence reorder and Perturb did at a first visit: the tokenizer
    converted and the GGUF's model dequantised, both kept on disk (the Docker image runs it at build)."""
    from dashboard.forward import loading
    from dashboard.wall import tables as wall_tables
    from tests.tokenizer_factories import llama_gguf

    monkeypatch.setenv("EXPLORER_CACHE_DIR", str(tmp_path / "cache"))
    for module in (loading, wall_tables):  # as if it shipped with the app
        monkeypatch.setattr(module, "is_trusted", lambda path: True)
    path, _ = llama_gguf(tmp_path / "tiny-llama.gguf", tied=True)
    assert main(["precompute", str(path), "--methods", "pca", "--dims", "2", "--prepare", "--json"]) == 0
    captured = capsys.readouterr()
    assert [r["status"] for r in json.loads(captured.out)] == ["computed"]
    kept = loading.kept_model_folder(path)
    assert (kept / "model.safetensors").is_file() and f"model: {kept}" in captured.err
    assert len(list((tmp_path / "cache" / "tokenizers").glob("tiny-llama-*.json"))) == 1


def test_a_cache_setting_that_names_a_file_is_one_line_and_status_2_before_any_work(snapshot, tmp_path, monkeypatch,
                                                                                     capsys):
    """It was a traceback (FileExistsError) from a Dask worker, after the maps were computed."""
    monkeypatch.setenv("EXPLORER_CACHE_DIR", str(tmp_path / "table.npy"))
    (tmp_path / "table.npy").write_bytes(b"not a folder")
    assert main(["precompute", snapshot, "--methods", "pca", "--dims", "2", "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "Traceback" not in captured.err
    assert captured.err.strip().splitlines() == [
        f"error: EXPLORER_CACHE_DIR={tmp_path / 'table.npy'} is a file, not a folder; point EXPLORER_CACHE_DIR at a "
        "folder (it is made if missing), or leave it unset"]


def test_a_source_that_cannot_be_read_is_one_line_without_the_workers_log_of_it(tmp_path, capfd):
    """A worker logged the failed task (its repr and a traceback, 8 lines) before the command's own line."""
    bad = tmp_path / "trunc.safetensors"
    bad.write_bytes(b"xx")
    assert main(["precompute", str(bad), "--methods", "pca", "--dims", "2", "--workers", "1"]) == 2
    lines = capfd.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: trunc.safetensors is not a readable safetensors file"), lines
