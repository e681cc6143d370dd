"""The path policy of the browser session running now (see :mod:`dashboard.checkpoints.path_policy`).

Every page reads checkpoints through :func:`dashboard.ui.loading.get_tables`,
which asks :func:`session_policy` before the process-wide cache is looked at,
so neither a typed path, a link, a reader option nor a cache key opens what
the policy refuses: server files outside the allowed folders in ``models`` and
``off`` mode, and another session's uploads in every mode.
"""

from __future__ import annotations

import streamlit as st

from dashboard.checkpoints.path_policy import PathPolicy
from dashboard.i18n import Text, msg
from dashboard.settings import Unusable, current_settings
from dashboard.ui import state
from dashboard.ui.models_dir import find_models_dir
from dashboard.ui.session_files import SessionFolder, upload_root_path


def session_policy() -> PathPolicy:
    """The policy for this session: the server's ``EXPLORER_LOCAL_PATHS`` plus this session's upload folder.

    A value that names no mode closes server paths (``off``) rather than
    stopping every page; :func:`setting_problem` says what is wrong.
    """
    folder = st.session_state.get(state.UPLOAD_FOLDER)
    own = folder.path if isinstance(folder, SessionFolder) and not folder.removed else None
    config = current_settings()
    return PathPolicy.from_settings(config, mode="off" if setting_problem() is not None else None,
                                    models_dir=find_models_dir(config), upload_root=upload_root_path(),
                                    own_uploads=own)


def setting_problem() -> Text | None:
    """What is wrong with ``EXPLORER_LOCAL_PATHS`` (then server paths are off), or ``None`` (render it to show it)."""
    mode = current_settings().local_paths
    return msg("paths.setting_problem", error=mode.exception()) if isinstance(mode, Unusable) else None

