"""A temporary folder per browser session for uploaded checkpoints, removed when the session ends.

Streamlit has no session-end hook, so three layers make sure upload folders go:

1. The folder's owner, a :class:`SessionFolder` kept in ``session_state``,
   removes it from a ``weakref.finalize`` callback when it is garbage-collected:
   when Streamlit forgets the session (a closed tab is kept for reconnection for
   ``server.disconnectedSessionTTL`` seconds, then dropped) and at interpreter exit.
2. Folder names carry the server's process id and the session id;
   :func:`sweep_orphans` (run whenever a folder is made and whenever the Load page
   is drawn) removes folders of processes that are gone and of sessions the
   server no longer knows, in case (1) is delayed (Streamlit drops expired
   sessions lazily) or the server was killed.
3. Everything lives under one root in the system temporary folder.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import weakref
from pathlib import Path

import streamlit as st

from dashboard.errors import UploadStorageError
from dashboard.ui import state

#: session-<server pid>-<session id (a uuid)>.<random>
_FOLDER_NAME = re.compile(r"^session-(\d+)-([0-9a-zA-Z-]+)\.")


#: What to do when no temporary folder is writable, said with every such error.
STORAGE_ADVICE = ("set TMPDIR to a writable folder (in Docker: docker run --tmpfs /tmp, needed with --read-only); "
                  "bundled checkpoints and local paths still open without it")


def upload_root_path() -> Path | None:
    """Where session folders are made, ``$TMPDIR/embedding-explorer-uploads``, without making it.

    Returns:
        The path, or ``None`` when no temporary folder is writable (Python's
        :func:`tempfile.gettempdir` finds none, as on a read-only file
        system): then no upload can exist, and the rest of the app works on.
    """
    try:
        return _system_temporary_folder() / "embedding-explorer-uploads"
    except OSError:
        return None


def _system_temporary_folder() -> Path:
    """Python's choice of temporary folder ($TMPDIR, /tmp, ...); raises OSError when none is writable."""
    return Path(tempfile.gettempdir())


def uploads_possible() -> bool:
    """Whether this server has a writable temporary folder to take uploads in."""
    return upload_root_path() is not None


def upload_root() -> Path:
    """The folder session folders are made in (see :func:`upload_root_path`), made if missing.

    Raises:
        UploadStorageError: no temporary folder is writable, or the folder cannot be made.
    """
    root = upload_root_path()
    if root is None:
        raise UploadStorageError(f"this server has no writable temporary folder to store uploads in; {STORAGE_ADVICE}")
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UploadStorageError(f"cannot make the upload folder {root} ({error.strerror}); {STORAGE_ADVICE}") from error
    return root


def sweep_ended_uploads() -> list[Path]:
    """:func:`sweep_orphans` on the upload root when it exists; nothing to do (``[]``) when it does not."""
    root = upload_root_path()
    return sweep_orphans(root) if root is not None and root.is_dir() else []


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # exists, owned by someone else
    return True


def _session_known(session_id: str) -> bool:
    """Whether this server still knows the session (connected, or kept for reconnection).

    Streamlit has no public lookup of disconnected-but-resumable sessions, so
    this asks its session manager; if that ever fails, the answer is "known"
    and the folder is left to the finalizer and the process sweep.
    """
    try:
        from streamlit.runtime import Runtime

        if not Runtime.exists():
            return True
        return Runtime.instance()._session_mgr.get_session_info(session_id) is not None
    except Exception:  # a private API may change between Streamlit releases
        return True


def sweep_orphans(root: Path) -> list[Path]:
    """Remove session folders of server processes that no longer run or sessions that ended; return them."""
    removed = []
    for folder in root.iterdir():
        match = _FOLDER_NAME.match(folder.name)
        if not (match and folder.is_dir()):
            continue
        pid, session_id = int(match.group(1)), match.group(2)
        ended = not _process_alive(pid) or (pid == os.getpid() and not _session_known(session_id))
        if ended:
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


def current_session_id() -> str:
    """The running script's browser session id (``nosession`` outside one), safe in a file name."""
    from streamlit.runtime.scriptrunner import get_script_run_ctx

    context = get_script_run_ctx()
    session = context.session_id if context is not None else "nosession"
    return re.sub(r"[^0-9a-zA-Z-]", "-", session)


class SessionFolder:
    """A temporary folder that lives exactly as long as this object.

    Args:
        root: parent folder; defaults to :func:`upload_root`.
        session_id: the owning browser session; defaults to the running script's.

    Raises:
        UploadStorageError: the folder cannot be made (no writable temporary folder, a full disk).
    """

    def __init__(self, root: Path | None = None, session_id: str | None = None):
        root = root or upload_root()
        sweep_orphans(root)
        owner = session_id or current_session_id()
        try:
            self.path = Path(tempfile.mkdtemp(prefix=f"session-{os.getpid()}-{owner}.", dir=root))
        except OSError as error:
            raise UploadStorageError(f"cannot make a folder for this session's uploads in {root} "
                                     f"({error.strerror}); {STORAGE_ADVICE}") from error
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
