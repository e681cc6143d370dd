"""Bundled checkpoints prepared before the class, loaded by the server before its first connection rather than at
their first visit.

``precompute --prepare`` (the Docker image's build runs it) keeps SmolLM2's tokenizer converted and its whole model
dequantised on disk; a fresh server still read its tables, imported ``transformers`` and built the model from that
copy at the first visit of its Perturb or Sentence reorder page. The server's start
(:mod:`dashboard.ui.server_start`) starts this once per process and waits for it; the router calls it too (a
no-op once started), for a server run without that start, such as ``AppTest``.
"""

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
    """False for a record of :data:`THREAD_NAME`: it fills the pages' caches outside any script run on purpose, and
    Streamlit warned "missing ScriptRunContext" at each cached call, in the log of whoever runs the server."""
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
    """Once per server process: on a daemon thread, the tables, tokenizer and whole model of every bundled
    checkpoint whose model ``precompute --prepare`` kept (:func:`~dashboard.ui.forward_loading.prepared_sources`),
    into the caches the pages read. Costs the server that model's memory from its start (about 0.6 GB for
    SmolLM2); a server whose cache holds no prepared model loads nothing.

    ``None``, loading nothing, where no Streamlit server runs: a process that multiprocessing's spawn started from
    the server (a Dask worker) imports the page script running at that moment as its main module, so it runs this
    router too, and would otherwise build its own copy of the model.
    """
    if not runtime.exists():
        return None
    return _start()
