"""Cached whole models for the pages that run one (Lookup, Sentence reorder, Perturb and watch).

A whole model is loaded once per process (``st.cache_resource``) and shared
by sessions; a checkpoint that cannot run is remembered with its reason so
that it is not retried on every rerun. A bundled checkpoint prepared before the class
(``precompute --prepare``) is loaded when the server starts
(:func:`load_prepared`, on :mod:`dashboard.ui.prepared_models`' thread), so its
first visitor does not wait for it.
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
        # The reason stays a catalogue message (its English is str(error)): pages render it in the reader's language.
        reason = error.args[0] if len(error.args) == 1 and isinstance(error.args[0], Text) else str(error)
        return None, reason


def model_stamp(source: str) -> float:
    """Modification time of the source's model file or folder (0.0 when none): part of every cache key."""
    return path_stamp(get_tables(source).model_path)


def forward_model(source: str) -> tuple[ForwardModel | None, str | None]:
    """``(model, None)``, or ``(None, why no forward pass)`` for the source.

    The reason is a :class:`~dashboard.i18n.Text` (English as a ``str``); show it with ``render(reason)``.
    """
    return _cached_model(source, model_stamp(source))


def prepared_sources() -> list[str]:
    """Bundled checkpoints whose whole model is kept built on disk (``precompute --prepare`` made it, as the Docker
    image's build does), by name; a bundled package that is not installed is left out."""
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
    """Read each source's tables and tokenizer and build its whole model into the caches the pages read.

    A failure is logged and left for the page, which shows its own message.
    """
    for source in sources:
        try:
            tables = get_tables(source)
            get_tokenizer(tables, source, tables.content_hash)
            forward_model(source)
        except ExplorerError as error:
            logging.getLogger(__name__).warning("loading %s at start failed: %s", source, error)
