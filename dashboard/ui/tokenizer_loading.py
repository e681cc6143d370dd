"""The checkpoint's tokenizer and term resolver, made once per table and process for every page that tokenizes
(a GGUF's tokenizer is slow to build)."""

from __future__ import annotations

import streamlit as st

from dashboard.analysis.queries import TermResolver
from dashboard.checkpoints.tokenizer import CheckpointTokenizer, load_tokenizer
from dashboard.i18n import both_languages, render, t
from dashboard.markdown_text import escape_markdown
from dashboard.tables import EmbeddingTables
from dashboard.ui.loading import spinning


@st.cache_resource(max_entries=4, show_spinner=both_languages("spinner.tokenizer"))
def get_tokenizer(_tables: EmbeddingTables, source: str, content_hash: str) -> CheckpointTokenizer:
    """:func:`load_tokenizer` for the tables of ``source``; a busy machine raises ``BusyError``, never cached."""
    return load_tokenizer(_tables)


@spinning("map_data.spinner.vocabulary")
@st.cache_resource(max_entries=4, show_spinner=False)
def get_resolver(_tables: EmbeddingTables, source: str, content_hash: str) -> TermResolver:
    """A term resolver with the checkpoint's own tokenizer (the one the reorder page uses too)."""
    return TermResolver(_tables, get_tokenizer(_tables, source, content_hash))


def show_lookup_note(resolver: TermResolver, tables: EmbeddingTables) -> None:
    """Say when typed terms cannot be split into tokens, and why (no tokenizer, or one of another model); for rows
    only numbered, the word fields' own note says it (:func:`~dashboard.ui.url_state.seed_widgets`)."""
    if not resolver.has_tokenizer and tables.vocabulary.scheme != "none":
        st.info(t("table_pages.exact_terms", note=escape_markdown(render(resolver.tokenizer_note))),
                icon=":material/info:")
