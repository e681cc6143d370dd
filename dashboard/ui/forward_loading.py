"""Cached whole models for the pages that run one (Lookup, Sentence reorder, Perturb and watch).

A model is loaded once per process and shared by sessions; a checkpoint that cannot run is cached with its reason,
so it is not retried on every rerun.
"""

from __future__ import annotations

import logging

import streamlit as st

from dashboard.errors import ChildLimitError, ExplorerError, ForwardUnavailableError
from dashboard.forward.loading import ForwardModel, kept_model_folder, load_forward_model
from dashboard.i18n import Text, both_languages
from dashboard.ui.loading import get_tables, path_stamp
from dashboard.ui.tokenizer_loading import get_tokenizer


@st.cache_resource(max_entries=2, show_spinner=both_languages("spinner.forward_model"))
def _cached_model(source: str, stamp: float) -> tuple[ForwardModel | None, str | None]:
    try:
        return load_forward_model(get_tables(source)), None
    except (ForwardUnavailableError, ChildLimitError) as error:  # the file's own; a busy machine is not cached
        # Kept a catalogue message, so pages render it in the reader's language.
        reason = error.args[0] if len(error.args) == 1 and isinstance(error.args[0], Text) else str(error)
        return None, reason


def model_stamp(source: str) -> float:
    """Modification time of the source's model file or folder (0.0 when none): part of every cache key."""
    return path_stamp(get_tables(source).model_path)


def forward_model(source: str) -> tuple[ForwardModel | None, str | None]:
    """``(model, None)``, or ``(None, why no forward pass)`` for the source; show the reason (a
    :class:`~dashboard.i18n.Text`) with ``render(reason)``."""
    return _cached_model(source, model_stamp(source))


def prepared_sources() -> list[str]:
    """Names of the installed bundled checkpoints whose whole model ``precompute --prepare`` kept built on disk."""
    from dashboard.checkpoints.bundled import BUNDLED

    found = []
    for bundled in BUNDLED:
        try:
            kept = kept_model_folder(bundled.path)
        except (ExplorerError, OSError):
            continue
        if kept is not None and (kept / "config.json").is_file():
            found.append(bundled.name)
    return found


def load_prepared(sources: list[str]) -> None:
    """Read each source's tables and tokenizer and build its whole model into the pages' caches; a failure is logged
    and left for the page to show."""
    for source in sources:
        try:
            tables = get_tables(source)
            get_tokenizer(tables, source, tables.content_hash)
            forward_model(source)
        except ExplorerError as error:
            logging.getLogger(__name__).warning("loading %s at start failed: %s", source, error)
