"""The last-resort guard around every page: an unexpected exception becomes a short message.

Pages show :class:`~dashboard.errors.ExplorerError` themselves; this guard catches what they did not foresee. Streamlit
would print the traceback into the page, server file paths included; the guard shows one sentence with the type and
message folded away, logs the traceback, and the session keeps working. Streamlit's own control-flow exceptions
(``st.rerun``, ``st.stop``, ``st.switch_page``) pass through.
"""

from __future__ import annotations

import logging
from contextlib import contextmanager
from typing import Iterator

import streamlit as st

# Streamlit's control-flow exceptions have no public import path; this module holds them in 1.x.
from streamlit.runtime.scriptrunner_utils.exceptions import ScriptControlException

from dashboard.errors import ExplorerError
from dashboard.i18n import msg, render, t

_LOG = logging.getLogger(__name__)
#: Longest exception message shown in the folded details, in characters.
MAX_DETAIL_CHARS = 500
MESSAGE = msg("guard.message")


@contextmanager
def guard_page() -> Iterator[None]:
    """Run a page; show an escaped :class:`~dashboard.errors.ExplorerError` as its message, any other exception as
    :data:`MESSAGE` with type and message in a closed expander (the traceback is only logged)."""
    try:
        yield
    except ScriptControlException:
        raise
    except ExplorerError as error:
        st.error(render(error))
    except Exception as error:  # the last resort: anything a page did not foresee
        _LOG.exception("unexpected error on a page")
        st.error(render(MESSAGE))
        detail = f"{type(error).__name__}: {error}"
        with st.expander(t("guard.details")):
            st.text(detail if len(detail) <= MAX_DETAIL_CHARS else detail[:MAX_DETAIL_CHARS - 3] + "...")
