"""The last-resort guard around every page: an unexpected exception becomes a short message.

Pages catch :class:`~dashboard.errors.ExplorerError` themselves and show its
one-line message where it belongs; this guard is for what they did not
foresee (a bug, a library failing in a new way). Without it Streamlit prints
the traceback into the page, file paths of the server included. With it the
page shows one sentence, the exception's type and message folded away in an
expander, and the full traceback goes to the server's log; the session and
the server keep working, so the user can open another page or checkpoint.

Streamlit's own control flow (``st.rerun``, ``st.stop``, ``st.switch_page``)
is carried by exceptions too; those pass through untouched.
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
    """Run a page; turn an exception it did not handle into a short message, details folded away.

    A typed :class:`~dashboard.errors.ExplorerError` that escaped its page is
    shown as its own one-line message; any other exception as :data:`MESSAGE`
    with the type and message in a closed expander (never the traceback,
    which is logged). Streamlit's rerun/stop exceptions are re-raised.
    """
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
