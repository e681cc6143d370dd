"""Which server paths this browser session may open, and the server's folder of checkpoints in the sidebar.

Every page reads checkpoints through :func:`dashboard.ui.loading.get_tables`, which asks :func:`session_policy`
(:mod:`dashboard.checkpoints.path_policy`) before the process-wide cache is looked at, so no typed path, link, reader
option or cache key opens what the policy refuses: server files outside the allowed folders in ``models`` and ``off``
mode, and another session's uploads in every mode. The models folder (``EXPLORER_MODELS_DIR``, else the Docker image's
``/models``) is listed by name only; no file is opened.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import streamlit as st

from dashboard.checkpoints import path_policy
from dashboard.checkpoints.path_policy import PathPolicy
from dashboard.i18n import Text, msg, t
from dashboard.markdown_text import code_span, escape_markdown
from dashboard.settings import MODELS_DIR_ENV, Settings, Unusable, current_settings
from dashboard.ui import state
from dashboard.ui.language import in_session_language
from dashboard.ui.session_files import SessionFolder, upload_root_path


def session_policy() -> PathPolicy:
    """The policy for this session: the server's ``EXPLORER_LOCAL_PATHS`` plus this session's upload folder; a bad
    mode closes server paths (``off``) rather than stopping every page (:func:`setting_problem` says why)."""
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


#: Used when the variable is unset and this folder exists (the Docker volume).
DEFAULT_MODELS_DIR = path_policy.DEFAULT_MODELS_DIR
#: File endings of single-file checkpoints: safetensors, GGUF, PyTorch pickles (read with weights_only=True).
CHECKPOINT_SUFFIXES = frozenset({".safetensors", ".gguf", ".pt", ".pth", ".ckpt", ".bin"})
#: session_state key of the select box.
PICKER_KEY = "models_dir_picker"


def find_models_dir(config: Settings | None = None) -> Path | None:
    """The folder to list: ``EXPLORER_MODELS_DIR`` of ``config`` (default: the current settings), else ``/models``;
    ``None`` when it is not a folder."""
    return path_policy.find_models_dir(config, DEFAULT_MODELS_DIR)


def _is_checkpoint_file(path: Path) -> bool:
    return path.suffix.lower() in CHECKPOINT_SUFFIXES and path.is_file()


def _visible_children(folder: Path, opens: Callable[[Path], bool]) -> list[Path]:
    try:
        return sorted(p for p in folder.iterdir() if not p.name.startswith(".") and opens(p))
    except OSError:  # unreadable or vanished: nothing to offer
        return []


def list_checkpoints(folder: Path | None, opens: Callable[[Path], bool] = lambda path: True) -> list[Path]:
    """Checkpoint-looking entries of ``folder``, sorted by path; nothing for ``None`` or an unreadable folder.

    A Hugging Face folder (holding ``config.json``) is listed as the folder; a single-file checkpoint
    (:data:`CHECKPOINT_SUFFIXES`) as the file, at the top level or one folder down (``/models/run1/ckpt.pt``). Hidden
    entries, and entries ``opens`` refuses (:meth:`~dashboard.checkpoints.path_policy.PathPolicy.opens`: a link out of
    the folder under ``EXPLORER_LOCAL_PATHS=models``), are left out before they are looked at.
    """
    if folder is None:
        return []
    found: list[Path] = []
    for child in _visible_children(folder, opens):
        if child.is_dir() and (child / "config.json").is_file():
            found.append(child)
        elif child.is_dir():
            found.extend(p for p in _visible_children(child, opens) if _is_checkpoint_file(p))
        elif _is_checkpoint_file(child):
            found.append(child)
    return found


def models_dir_entries(folder: Path | None, opens: Callable[[Path], bool] = lambda path: True) -> list[str]:
    """The picker's options: the paths of :func:`list_checkpoints`, as text."""
    return [str(p) for p in list_checkpoints(folder, opens)]


def render_models_dir_picker(on_pick: Callable[[str], object], opens: Callable[[Path], bool] = lambda path: True) -> None:
    """In the sidebar: a select box of the folder's checkpoints; ``on_pick(path)`` runs on a choice, and only entries
    ``opens`` allows (the session's path policy) are listed."""
    folder = find_models_dir()
    if folder is None:
        return
    entries = models_dir_entries(folder, opens)
    if not entries:
        st.caption(t("models_dir.empty", folder=code_span(folder)))
        return
    st.selectbox(
        t("models_dir.label", folder=escape_markdown(folder)), entries, index=None, key=PICKER_KEY,
        placeholder=t("models_dir.placeholder"),
        format_func=lambda p: str(Path(p).relative_to(folder)),
        on_change=in_session_language(
            lambda: on_pick(st.session_state[PICKER_KEY]) if st.session_state[PICKER_KEY] else None),
        help=t("models_dir.help", folder=escape_markdown(folder), env=MODELS_DIR_ENV),
    )
