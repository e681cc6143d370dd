"""Bundled checkpoints prepared by ``precompute --prepare``, loaded before the server's first connection
(:mod:`dashboard.ui.server_start`) or, without that start (``AppTest``), by the router."""

from __future__ import annotations

import logging
import threading

import streamlit as st
from streamlit import runtime

#: The loading thread's name; Streamlit's warnings of a missing script-run context from it are dropped.
THREAD_NAME = "load-prepared"
#: The logger Streamlit warns through when a cached function runs outside a script run.
CONTEXT_LOGGER = "streamlit.runtime.scriptrunner_utils.script_run_context"


def _not_from_loading_thread(record: logging.LogRecord) -> bool:
    """False for a record of :data:`THREAD_NAME`, which fills the pages' caches outside any script run on purpose:
    Streamlit would log "missing ScriptRunContext" at each cached call."""
    return record.threadName != THREAD_NAME


def _load() -> None:
    from dashboard.ui.forward_loading import load_prepared, prepared_sources

    load_prepared(prepared_sources())


@st.cache_resource(show_spinner=False)
def _start() -> threading.Thread:
    logging.getLogger(CONTEXT_LOGGER).addFilter(_not_from_loading_thread)
    thread = threading.Thread(target=_load, name=THREAD_NAME, daemon=True)
    thread.start()
    return thread


def start_loading_prepared() -> threading.Thread | None:
    """Once per server process, on a daemon thread: load the tables, tokenizer and whole model of every
    :func:`~dashboard.ui.forward_loading.prepared_sources` into the pages' caches (the server holds that memory).
    ``None``, loading nothing, where no Streamlit server runs: a process spawned from the server (a Dask worker) runs
    the current page script, router included, as its main module and would otherwise build its own copy."""
    if not runtime.exists():
        return None
    return _start()
