"""The checkpoint's tokenizer, read once per table and process for every page that tokenizes.

The neighbours and similarity pages (typed words) and the reorder page
(sentences) share this one cached :func:`dashboard.checkpoints.tokenizer.load_tokenizer`,
so a GGUF's tokenizer (seconds to build) is built once.
"""

from __future__ import annotations

import streamlit as st

from dashboard.checkpoints.tokenizer import CheckpointTokenizer, load_tokenizer
from dashboard.i18n import both_languages
from dashboard.tables import EmbeddingTables


@st.cache_resource(max_entries=4, show_spinner=both_languages("spinner.tokenizer"))
def get_tokenizer(_tables: EmbeddingTables, source: str, content_hash: str) -> CheckpointTokenizer:
    """:func:`load_tokenizer` for the tables of ``source``; a busy machine raises ``BusyError``, never cached."""
    return load_tokenizer(_tables)
