"""A bundled model prepared before the class is loaded when the server starts; forward passes run on one thread."""

import threading
from types import SimpleNamespace

import torch

from dashboard.checkpoints import bundled
from dashboard.errors import ExplorerError, SourceNotFoundError
from dashboard.forward.loading import FORWARD_THREADS, forward_pass, kept_model_folder
from dashboard.ui import forward_loading
from dashboard.ui.prepared_models import start_loading_prepared


def _fake_bundled(tmp_path, monkeypatch):
    gguf = tmp_path / "tiny.gguf"
    gguf.write_bytes(b"GGUF")

    def missing():
        raise SourceNotFoundError("not installed")

    models = (bundled.BundledModel("a-gguf", "", "gguf", lambda: gguf, tmp_path / "card.md"),
              bundled.BundledModel("a-folder", "", "hf-safetensors", lambda: tmp_path, tmp_path / "card.md"),
              bundled.BundledModel("not-installed", "", "gguf", missing, tmp_path / "card.md"))
    monkeypatch.setattr(bundled, "BUNDLED", models)
    return gguf


def test_only_bundled_models_kept_by_precompute_prepare_are_loaded_at_start(tmp_path, monkeypatch):
    gguf = _fake_bundled(tmp_path, monkeypatch)
    assert forward_loading.prepared_sources() == []  # nothing prepared: a server loads nothing at start
    kept = kept_model_folder(gguf)
    kept.mkdir(parents=True)
    assert forward_loading.prepared_sources() == []  # a half-kept folder (no config.json) is not a model
    (kept / "config.json").write_text("{}")
    assert forward_loading.prepared_sources() == ["a-gguf"]


def test_loading_fills_the_pages_caches_and_leaves_a_failure_to_the_page(monkeypatch, caplog):
    calls = []
    tables = SimpleNamespace(content_hash="abc")

    def get_tables(source):
        if source == "broken":
            raise ExplorerError("cannot read")
        calls.append(("tables", source))
        return tables

    monkeypatch.setattr(forward_loading, "get_tables", get_tables)
    monkeypatch.setattr(forward_loading, "get_tokenizer", lambda t, s, h: calls.append(("tokenizer", s, h)))
    monkeypatch.setattr(forward_loading, "forward_model", lambda s: calls.append(("model", s)))
    forward_loading.load_prepared(["broken", "smollm2-135m"])
    assert calls == [("tables", "smollm2-135m"), ("tokenizer", "smollm2-135m", "abc"), ("model", "smollm2-135m")]
    assert "loading broken at start failed: cannot read" in caplog.text


def test_no_loading_outside_a_streamlit_server():
    """A Dask worker spawned by the server imports the running page script as its main module, router included."""
    assert start_loading_prepared() is None


def test_a_forward_pass_runs_on_forward_threads_and_puts_the_count_back():
    before = torch.get_num_threads()
    model = SimpleNamespace(lock=threading.Lock())
    torch.set_num_threads(2)
    try:
        with forward_pass(model):
            assert torch.get_num_threads() == FORWARD_THREADS and model.lock.locked()
            assert not torch.is_grad_enabled()
        assert torch.get_num_threads() == 2 and not model.lock.locked()
    finally:
        torch.set_num_threads(before)


def test_the_loading_thread_leaves_no_missing_context_warning_in_the_servers_log():
    import logging

    from streamlit.runtime.scriptrunner_utils.script_run_context import get_script_run_ctx

    from dashboard.ui import prepared_models

    logger = logging.getLogger(prepared_models.CONTEXT_LOGGER)
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append
    logger.addHandler(handler)
    logger.addFilter(prepared_models._not_from_loading_thread)  # what starting the loading thread installs
    try:
        for name in (prepared_models.THREAD_NAME, "someone-elses-thread"):
            thread = threading.Thread(target=get_script_run_ctx, name=name)  # what a cached call does
            thread.start()
            thread.join()
    finally:
        logger.removeHandler(handler)
        logger.removeFilter(prepared_models._not_from_loading_thread)
    assert [record.threadName for record in records] == ["someone-elses-thread"]
    assert "missing ScriptRunContext" in records[0].getMessage()
