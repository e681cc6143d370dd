"""Callbacks of the Load page: each turns one user action into an active checkpoint or a shown error.

They run before the page is drawn (``on_click``), so the page shows the outcome. A failure keeps the previous
checkpoint and leaves its message in ``state.LOAD_ERROR``; an ``.npz`` to pick arrays from goes to ``PENDING_ARRAYS``.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import streamlit as st

from dashboard import checkpoints  # its registry (every reader) loads when a folder is first located
from dashboard.checkpoints.hub import fetch_hub_model, hub_unavailable_reason
from dashboard.checkpoints.path_policy import resolve_source
from dashboard.checkpoints.uploads import extraction_limit, store_files
from dashboard.errors import ExplorerError
from dashboard.i18n import msg
from dashboard.ui import state
from dashboard.ui.loading import explain_failure, name_files
from dashboard.ui.path_access import session_policy
from dashboard.ui.session_files import session_folder
from dashboard.ui.sidebar import activate
from dashboard.wall.archives import extract_behind_wall, list_arrays_behind_wall


def numpy_archive_of(source: str) -> Path | None:
    """The ``.npz`` file ``source`` resolves to (as the session's policy allows), else ``None``."""
    try:
        policy = session_policy()
        path, _ = resolve_source(source, policy)
        path = checkpoints.find_checkpoint(path, policy) if path.is_dir() else path
    except (ExplorerError, OSError):
        return None
    return path if path.suffix.lower() == ".npz" else None


def _open(source: str, options: dict[str, str] | None = None) -> None:
    if activate(source, options):
        st.session_state.pop(state.PENDING_ARRAYS, None)
    elif _arrays_to_pick(source):
        st.session_state[state.PENDING_ARRAYS] = source


def _arrays_to_pick(source: str) -> bool:
    """Whether ``source`` is an ``.npz`` whose arrays can be listed for the pickers (not a refused or bad one)."""
    npz = numpy_archive_of(source)
    if npz is None:
        return False
    try:
        list_arrays_behind_wall(npz)
    except ExplorerError:  # a zip bomb, a corrupt file: nothing to pick from, and the upload goes
        return False
    return True


def upload_widget_key() -> str:
    """The uploader's current key; a new key after each upload attempt gives an empty uploader."""
    return f"{state.UPLOAD_FILES}-{st.session_state.get(state.UPLOAD_ROUND, 0)}"


def open_uploads() -> None:
    """Store the uploaded files in a new batch folder and open them; empty the uploader whatever happens, since a full
    one would resend a bad file with every later upload. A failed upload's batch is removed unless it holds an ``.npz``
    whose arrays the page now asks for; once the new upload is shown, :func:`activate` removes the one before."""
    files = st.session_state.get(upload_widget_key()) or []
    files = files if isinstance(files, list) else [files]
    st.session_state[state.UPLOAD_ROUND] = st.session_state.get(state.UPLOAD_ROUND, 0) + 1
    names = name_files([f.name for f in files])
    try:
        folder = session_folder()
        batch = folder.new_batch()
    except (ExplorerError, OSError) as error:  # OSError: a full disk while making the batch folder
        st.session_state[state.LOAD_ERROR] = explain_failure(names, error)
        return
    try:
        limit = extraction_limit(upload_limit_mb=st.get_option("server.maxUploadSize"))
        path = store_files(((f.name, f) for f in files), batch, max_extract_bytes=limit,
                           check_room=folder.check_room, unpack=extract_behind_wall)
    except ExplorerError as error:
        shutil.rmtree(batch, ignore_errors=True)
        st.session_state[state.LOAD_ERROR] = explain_failure(names, error)
        return
    except BaseException:  # an unexpected failure must not leave half an upload on disk either
        shutil.rmtree(batch, ignore_errors=True)
        raise
    _open(str(path))
    if str(path) not in (st.session_state.get(state.ACTIVE_SOURCE), st.session_state.get(state.PENDING_ARRAYS)):
        shutil.rmtree(batch, ignore_errors=True)


def open_path() -> None:
    """Open the path typed in the page's path field."""
    path = (st.session_state.get(state.LOAD_PATH) or "").strip()
    if path:
        _open(path)


def open_hub_model() -> None:
    """Fetch the typed hub model id (online machines only) and open it."""
    repo_id = (st.session_state.get(state.HUB_MODEL_ID) or "").strip()
    if not repo_id:
        return
    if session_policy().restricted:  # the hub cache is a server folder outside the allowed ones
        st.session_state[state.LOAD_ERROR] = msg("load.fetch_failed", repo_id=repo_id, reason=HUB_OFF_HERE)
        return
    try:
        path = fetch_hub_model(repo_id)
    except ExplorerError as error:
        st.session_state[state.LOAD_ERROR] = msg("load.fetch_failed", repo_id=repo_id, reason=error)
        return
    _open(str(path))


#: Why the hub is off when server paths are limited (EXPLORER_LOCAL_PATHS models or off).
HUB_OFF_HERE = msg("load.hub_off_here")


def apply_arrays(source: str) -> None:
    """Open ``source`` (an ``.npz``) with the arrays and vocabulary file chosen in the pickers."""
    options = {
        "token_array": st.session_state.get(state.TOKEN_ARRAY),
        "position_array": st.session_state.get(state.POSITION_ARRAY),
        "vocab_file": (st.session_state.get(state.VOCAB_FILE) or "").strip() or None,
    }
    _open(source, {key: value for key, value in options.items() if value})


@st.cache_data(ttl=60, show_spinner=False)
def hub_unavailable() -> str | None:
    """Why the hub cannot be used here, or ``None``; checked at most once a minute (it tries to connect)."""
    return hub_unavailable_reason()
