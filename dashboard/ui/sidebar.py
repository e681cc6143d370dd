"""The shared sidebar: which checkpoint every page shows. A choice becomes active only once it has loaded; a failed
load shows its error and keeps the previous checkpoint."""

from __future__ import annotations

import os

import streamlit as st

from dashboard.checkpoints.bundled import BUNDLED, DEFAULT_NAME, find_bundled
from dashboard.errors import ExplorerError
from dashboard.i18n import msg, render, t
from dashboard.markdown_text import escape_markdown
from dashboard.settings import UPLOAD_IDLE_ENV
from dashboard.ui import state
from dashboard.ui.language import in_session_language
from dashboard.ui.loading import (active_source, display_name, get_tables, is_upload, link_source, load_error_message,
                                  short_name)
from dashboard.ui.path_access import (PICKER_KEY, find_models_dir, models_dir_entries, render_models_dir_picker,
                                      session_policy, setting_problem)
from dashboard.ui.session_files import SessionFolder, idle_minutes, sweep_now_and_then
from dashboard.ui.url_state import PATH_CHARS


def _sync_pickers() -> None:
    """Make every picker name the active source (or nothing), so none keeps naming a failed load; runs only before
    the sidebar's widgets are drawn (callbacks, first run), where assigning their state is allowed."""
    shown = active_source()
    bundled = find_bundled(shown)
    st.session_state[state.BUNDLED_PICKER] = bundled.name if bundled else None
    policy = session_policy()
    folder = find_models_dir() if policy.mode != "off" else None
    if folder is not None:
        st.session_state[PICKER_KEY] = shown if shown in models_dir_entries(folder, policy.opens) else None


def activate(source: str, options: dict[str, str] | None = None) -> bool:
    """Try to load ``source`` with reader ``options``: make it active on success, remember the error otherwise; return
    whether it loaded. A bundled alias (``default``) is activated under its bundled name, so every view names it so."""
    bundled = find_bundled(source)
    source = bundled.name if bundled else source
    try:
        get_tables(source, options)
    except ExplorerError as error:
        st.session_state[state.LOAD_ERROR] = load_error_message(source, error)
        _sync_pickers()
        return False
    st.session_state[state.ACTIVE_SOURCE] = source
    st.session_state[state.ACTIVE_OPTIONS] = dict(options or {})
    folder = st.session_state.get(state.UPLOAD_FOLDER)
    if isinstance(folder, SessionFolder):  # keep only the upload shown now (none when it is not an upload)
        folder.keep_only(source if is_upload(source) else None)
    _sync_pickers()
    st.session_state.pop(state.LOAD_ERROR, None)
    linked = link_source(source)
    if linked is None:  # an upload: only this session can open it, so a link must not name it
        st.query_params.pop(state.MODEL_PARAM, None)
    else:
        st.query_params[state.MODEL_PARAM] = linked
    return True


def _on_bundled_change() -> None:
    if st.session_state[state.BUNDLED_PICKER] is not None:
        activate(st.session_state[state.BUNDLED_PICKER])


def _on_path_submit() -> None:
    path = st.session_state.get(state.LOCAL_PATH, "").strip()
    if path:
        activate(path)


def _initial_source() -> None:
    """On a session's first run, open the model named in the URL, else the default."""
    if state.ACTIVE_SOURCE in st.session_state:
        return
    wanted = st.query_params.get(state.MODEL_PARAM, DEFAULT_NAME)
    # The session's policy refuses, before any lookup, a link to another session's upload or a path not opened here.
    if activate(wanted) or wanted == DEFAULT_NAME:
        return
    error = st.session_state[state.LOAD_ERROR]
    activate(DEFAULT_NAME)
    st.session_state[state.LOAD_ERROR] = error  # keep telling why the link's model is not shown


def _keep_uploads_alive() -> None:
    """Touch this session's upload folder; if the idle sweep removed the upload shown, say so and show the default."""
    sweep_now_and_then()
    folder = st.session_state.get(state.UPLOAD_FOLDER)
    if not isinstance(folder, SessionFolder):
        return
    folder.touch()
    shown = st.session_state.get(state.ACTIVE_SOURCE)
    if shown and is_upload(shown) and not os.path.exists(shown):
        name = short_name(shown)
        activate(DEFAULT_NAME)
        st.session_state[state.LOAD_ERROR] = msg("sidebar.upload_removed", name=name, minutes=idle_minutes(),
                                                 env=UPLOAD_IDLE_ENV)


def render_sidebar() -> None:
    """Draw the checkpoint picker and the active checkpoint's one-line summary."""
    _initial_source()
    _keep_uploads_alive()
    names = [m.name for m in BUNDLED]
    # Labels made now, in this run's language: AppTest calls format_func outside the run, too.
    labels = {n: t("sidebar.default_name", name=n) if n == DEFAULT_NAME else n for n in names}
    with st.sidebar:
        st.subheader(t("sidebar.checkpoint"))
        st.selectbox(
            t("sidebar.bundled"), names, key=state.BUNDLED_PICKER, on_change=in_session_language(_on_bundled_change),
            placeholder=t("sidebar.bundled_placeholder"),
            format_func=labels.get,
            help=t("sidebar.bundled_help"),
        )
        policy = session_policy()
        if policy.mode != "off":
            st.text_input(t("sidebar.local_path"), key=state.LOCAL_PATH, on_change=in_session_language(_on_path_submit),
                          max_chars=PATH_CHARS, placeholder="/path/to/model-folder",
                          help=(t("sidebar.local_path_help")
                                + (t("sidebar.local_path_restricted") if policy.restricted else "")))
            render_models_dir_picker(activate, policy.opens)
        st.caption(t("sidebar.showing", name=escape_markdown(render(display_name(active_source())))))
        if link_source(active_source()) is None:
            st.caption(t("sidebar.upload_not_linked"))
        # What a student can open; the setting behind it, for the teacher, in the tooltip.
        st.caption(t(f"sidebar.paths.{policy.mode}"),
                   help=t("sidebar.paths.teacher", setting=render(policy.describe()).replace("_", "\\_")))
        problem = setting_problem()
        if problem:
            st.warning(render(problem).replace("_", "\\_"), icon=":material/warning:")
    if state.LOAD_ERROR in st.session_state:
        # In the main area, above the page, where it cannot be missed.
        message = render(st.session_state[state.LOAD_ERROR]).rstrip(".")  # errors may or may not end their sentence
        st.error(t("sidebar.still_showing", message=escape_markdown(message),
                   name=escape_markdown(render(display_name(active_source())))), icon=":material/error:")
