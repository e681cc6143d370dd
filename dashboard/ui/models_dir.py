"""The server's folder of the user's own checkpoints, listed in the sidebar.

In the Docker image that folder is the ``/models`` volume; elsewhere the
``EXPLORER_MODELS_DIR`` setting names it. Listing only looks at
names (no file is opened), so a large folder costs nothing to show.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

import streamlit as st

from dashboard.checkpoints import path_policy
from dashboard.i18n import t
from dashboard.markdown_text import code_span, escape_markdown
from dashboard.settings import MODELS_DIR_ENV, Settings
from dashboard.ui.language import in_session_language

#: Used when the variable is unset and this folder exists (the Docker volume).
DEFAULT_MODELS_DIR = path_policy.DEFAULT_MODELS_DIR
#: File endings of single-file checkpoints: safetensors, GGUF, PyTorch pickles (read with weights_only=True).
CHECKPOINT_SUFFIXES = frozenset({".safetensors", ".gguf", ".pt", ".pth", ".ckpt", ".bin"})
#: session_state key of the select box.
PICKER_KEY = "models_dir_picker"


def find_models_dir(config: Settings | None = None) -> Path | None:
    """The folder to list: ``EXPLORER_MODELS_DIR``, else ``/models``; ``None`` when it is not a folder.

    Args:
        config: the settings to read (``None``: :func:`~dashboard.settings.current_settings`).
    """
    return path_policy.find_models_dir(config, DEFAULT_MODELS_DIR)


def _is_checkpoint_file(path: Path) -> bool:
    return path.suffix.lower() in CHECKPOINT_SUFFIXES and path.is_file()


def _visible_children(folder: Path, opens: Callable[[Path], bool]) -> list[Path]:
    try:
        return sorted(p for p in folder.iterdir() if not p.name.startswith(".") and opens(p))
    except OSError:  # unreadable or vanished: nothing to offer
        return []


def list_checkpoints(folder: Path | None, opens: Callable[[Path], bool] = lambda path: True) -> list[Path]:
    """Checkpoint-looking entries of ``folder``, sorted by path.

    A Hugging Face folder (it holds ``config.json``) is listed as the folder; a
    single-file checkpoint (see :data:`CHECKPOINT_SUFFIXES`) as the file, at the
    top level or one folder down (``/models/run1/ckpt.pt``). Hidden entries and
    anything else are left out. ``None`` or an unreadable folder lists nothing.
    Entries ``opens`` refuses (a link leading out of the folder, under
    ``EXPLORER_LOCAL_PATHS=models``: :meth:`~dashboard.checkpoints.path_policy.PathPolicy.opens`)
    are left out before they are looked at.
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
    """In the sidebar: a select box of the folder's checkpoints; ``on_pick(path)`` runs on a choice.

    Args:
        on_pick: called with the chosen path.
        opens: which entries may be listed (the session's path policy).
    """
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
