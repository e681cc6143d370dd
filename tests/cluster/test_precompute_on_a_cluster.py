"""`precompute --scheduler` on a real Dask cluster on localhost: a `dask scheduler` and two `dask worker` processes
(with the project's worker preload), started here; the maps come from those workers, land in the cache folder
they share with the app, each with its manifest, and the Token map then shows them without computing."""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from distributed import Client

from dashboard.cli import main
from tests.map_fixtures import bert_with_tokenizer
from tests.pages.app_test import open_app_page, shown
from tests.pages.fake_projection import gated  # noqa: F401 - a fixture

ROOT = Path(__file__).resolve().parents[2]
DASK = str(Path(sys.executable).with_name("dask"))


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    """``(scheduler address, worker addresses, cache folder)`` of a scheduler and two one-thread workers."""
    cache = tmp_path_factory.mktemp("shared-cache")
    address = f"tcp://127.0.0.1:{_free_port()}"
    env = {**os.environ, "EXPLORER_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    logs = tmp_path_factory.mktemp("dask-logs")
    processes = [subprocess.Popen([DASK, "scheduler", "--host", "127.0.0.1", "--port", address.rsplit(":", 1)[1],
                                   "--dashboard-address", "127.0.0.1:0"], cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                  stderr=open(logs / "scheduler.log", "wb"))]
    processes += [subprocess.Popen([DASK, "worker", address, "--nthreads", "1", "--no-dashboard",
                                    "--host", "127.0.0.1", "--preload", "dashboard.cluster.worker_setup", "--no-warm"],
                                   cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                                   stderr=open(logs / f"worker-{n}.log", "wb")) for n in range(2)]
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with Client(address, timeout=5) as client:
                    client.wait_for_workers(2, timeout=max(1, deadline - time.monotonic()))
                    workers = sorted(client.scheduler_info()["workers"])
                    break
            except OSError:
                assert time.monotonic() < deadline, (logs / "scheduler.log").read_text()[-2000:]
                time.sleep(0.5)
        yield address, workers, cache
    finally:
        for process in processes[::-1]:
            process.terminate()
        for process in processes:
            process.wait(30)


def test_precompute_runs_on_the_cluster_and_the_token_map_shows_its_maps(cluster, tmp_path, monkeypatch, capsys,
                                                                         gated):
    address, workers, cache = cluster
    folder = bert_with_tokenizer(tmp_path / "bert")
    monkeypatch.setenv("EXPLORER_CACHE_DIR", str(cache))
    assert main(["precompute", str(folder), "--tables", "token,position,head", "--methods", "pca,tsne",
                 "--dims", "2,3", "--scheduler", address, "--json"]) == 0
    records = json.loads(capsys.readouterr().out)
    assert [(r["table"], r["method"], r["status"]) for r in records] == [
        ("token", "pca", "computed"), ("token", "pca", "computed"), ("token", "tsne", "computed"),
        ("token", "tsne", "computed"), ("position", "pca", "computed"), ("position", "pca", "computed"),
        ("position", "tsne", "skipped"), ("position", "tsne", "skipped"),  # 48 rows: too few for perplexity 30
        ("head", None, "skipped")]  # a BERT has no head
    assert "perplexity" in records[6]["note"] and "head" in records[8]["note"]
    computed = [r for r in records if r["status"] == "computed"]
    assert {r["worker"] for r in computed} == set(workers)  # spread over both workers, and only those
    for record in computed:
        manifest = json.loads(Path(record["file"]).with_suffix(".json").read_text())
        assert manifest["worker"] == record["worker"] and manifest["method"] == record["method"]
        assert manifest["seed"] == 0 and len(manifest["content_hash"]) >= 16 and "scikit-learn" in manifest["versions"]
        assert 0.5 < manifest["trustworthiness"]["score"] <= 1.0

    assert main(["precompute", str(folder), "--methods", "tsne", "--dims", "2", "--scheduler", address,
                 "--json"]) == 0
    again = json.loads(capsys.readouterr().out)
    assert [r["status"] for r in again] == ["cached"] and again[0]["worker"] in workers

    at = open_app_page("pages/token_map.py", model=folder, query={"method": "tsne"})
    assert not at.exception and not at.error
    assert "t-SNE to 2D" in " | ".join(shown(c.value) for c in at.caption)
    assert gated.calls == []  # read from the workers' cache, not computed by the app


def test_a_scheduler_that_does_not_answer_is_one_line_and_status_2(tmp_path, capsys):
    folder = bert_with_tokenizer(tmp_path / "bert")
    capsys.readouterr()
    assert main(["precompute", str(folder), "--methods", "pca", "--scheduler",
                 f"tcp://127.0.0.1:{_free_port()}"]) == 2
    err = capsys.readouterr().err
    assert "did not answer" in err and len(err.strip().splitlines()) == 1
