"""A temporary folder per browser session for uploaded checkpoints, removed when the session ends.

Streamlit has no session-end hook. A session's ``session_state`` is dropped
when the session is closed (the browser tab goes, and the server forgets the
disconnected session), so the folder's owner, a :class:`SessionFolder` kept in
``session_state``, removes the folder from a ``weakref.finalize`` callback when
it is garbage-collected. The same finalizer runs at interpreter exit. A server
that is killed runs neither, so each folder's name carries the server's process
id, and :func:`sweep_orphans` removes folders whose process is gone whenever a
new one is made.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import weakref
from pathlib import Path

import streamlit as st

from dashboard.ui import state

_FOLDER_NAME = re.compile(r"^session-(\d+)-")


def upload_root() -> Path:
    """Where session folders are made: ``$TMPDIR/embedding-explorer-uploads``."""
    root = Path(tempfile.gettempdir()) / "embedding-explorer-uploads"
    root.mkdir(parents=True, exist_ok=True)
    return root


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # exists, owned by someone else
    return True


def sweep_orphans(root: Path) -> list[Path]:
    """Remove session folders left by server processes that no longer run; return them."""
    removed = []
    for folder in root.iterdir():
        match = _FOLDER_NAME.match(folder.name)
        if match and folder.is_dir() and not _process_alive(int(match.group(1))):
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


class SessionFolder:
    """A temporary folder that lives exactly as long as this object.

    Args:
        root: parent folder; defaults to :func:`upload_root`.
    """

    def __init__(self, root: Path | None = None):
        root = root or upload_root()
        sweep_orphans(root)
        self.path = Path(tempfile.mkdtemp(prefix=f"session-{os.getpid()}-", dir=root))
        self._batches = 0
        # The callback holds the path, never self, so the object can be collected.
        self._finalizer = weakref.finalize(self, shutil.rmtree, str(self.path), True)

    def new_batch(self) -> Path:
        """An empty sub-folder for one upload, so that two uploads never mix their files."""
        self._batches += 1
        batch = self.path / f"upload-{self._batches}"
        batch.mkdir()
        return batch

    def remove(self) -> None:
        """Remove the folder now (also what happens when the object is collected)."""
        self._finalizer()

    @property
    def removed(self) -> bool:
        return not self._finalizer.alive


def session_folder() -> SessionFolder:
    """This browser session's upload folder, made on first use."""
    folder = st.session_state.get(state.UPLOAD_FOLDER)
    if not isinstance(folder, SessionFolder) or folder.removed:
        folder = SessionFolder()
        st.session_state[state.UPLOAD_FOLDER] = folder
    return folder
