"""A temporary folder per browser session for uploaded checkpoints, removed when the session ends or idles.

A session keeps only the upload it shows (:meth:`SessionFolder.keep_only`), a failed upload leaves nothing, and a
session holds at most ``EXPLORER_UPLOAD_QUOTA_MB`` MiB. Only the session that made a folder can open what is in it
(:mod:`dashboard.ui.path_access`). Streamlit has no session-end hook, so a :class:`SessionFolder` in ``session_state``
removes its folder when collected (Streamlit drops a session ``server.disconnectedSessionTTL`` seconds after it
disconnects, lazily) or at exit; in case that is late or the server was killed, :func:`sweep_orphans` removes folders
(named by server pid and session id, all under one root) of dead processes, ended sessions and sessions idle past
``EXPLORER_UPLOAD_IDLE_MINUTES``.
"""

from __future__ import annotations

import os
import re
import shutil
import tempfile
import time
import weakref
from pathlib import Path

import streamlit as st

from dashboard.errors import UploadQuotaError, UploadStorageError
from dashboard.i18n import Text, msg
from dashboard.settings import (
    DEFAULT_UPLOAD_IDLE_MINUTES,
    UPLOAD_IDLE_ENV,
    UPLOAD_QUOTA_ENV,
    Settings,
    current_settings,
    usable,
)
from dashboard.ui import state
#: Seconds between two sweeps started from the sidebar.
SWEEP_INTERVAL = 60.0
_MB = 2**20
_last_sweep = 0.0

#: session-<server pid>-<session id (a uuid)>.<random>
_FOLDER_NAME = re.compile(r"^session-(\d+)-([0-9a-zA-Z-]+)\.")


#: What to do when no temporary folder is writable, said with every such error.
STORAGE_ADVICE = msg("uploads.storage_advice")


def upload_root_path() -> Path | None:
    """Where session folders are made, ``$TMPDIR/embedding-explorer-uploads``, without making it; ``None`` when no
    temporary folder is writable (then no upload exists and the rest of the app works on)."""
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
    """:func:`upload_root_path`, made if missing.

    Raises:
        UploadStorageError: no temporary folder is writable, or the folder cannot be made.
    """
    root = upload_root_path()
    if root is None:
        raise UploadStorageError(msg("err.uploads.no_temporary_folder", advice=STORAGE_ADVICE))
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise UploadStorageError(msg("err.uploads.cannot_make_root", folder=root, reason=error.strerror,
                                     advice=STORAGE_ADVICE)) from error
    return root


def sweep_ended_uploads() -> list[Path]:
    """:func:`sweep_orphans` on the upload root when it exists; nothing to do (``[]``) when it does not."""
    global _last_sweep
    root = upload_root_path()
    _last_sweep = time.monotonic()
    return sweep_orphans(root) if root is not None and root.is_dir() else []


def sweep_now_and_then() -> None:
    """:func:`sweep_ended_uploads` at most once every :data:`SWEEP_INTERVAL` seconds (run by the sidebar)."""
    if time.monotonic() - _last_sweep >= SWEEP_INTERVAL:
        sweep_ended_uploads()


def idle_seconds(config: Settings | None = None) -> float:
    """Seconds a session's uploads outlive its last use: ``EXPLORER_UPLOAD_IDLE_MINUTES`` x 60 of ``config`` (default:
    :func:`~dashboard.settings.current_settings`).

    Raises:
        UploadStorageError: the variable is not a positive number.
    """
    return 60.0 * usable((config or current_settings()).upload_idle_minutes)


def idle_minutes() -> float:
    """The idle limit in minutes; the default when the setting is bad (the Load page shows that error)."""
    try:
        return idle_seconds() / 60
    except UploadStorageError:
        return float(DEFAULT_UPLOAD_IDLE_MINUTES)


def upload_quota_bytes(config: Settings | None = None) -> int:
    """Most bytes one session's uploads may take on disk: ``EXPLORER_UPLOAD_QUOTA_MB`` MiB of ``config``.

    Raises:
        UploadStorageError: the variable is not a positive number.
    """
    return int(usable((config or current_settings()).upload_quota_mb) * _MB)


def describe_upload_rules(config: Settings | None = None) -> Text:
    """What the Load page says about how long uploads stay and how much a session may hold (a catalogue message); a
    bad setting is named instead, so the page still draws."""
    return _upload_settings_message("uploads.rules", config)


def describe_upload_settings(config: Settings | None = None) -> Text:
    """For the teacher: the settings behind :func:`describe_upload_rules`, by name and value (Markdown)."""
    return _upload_settings_message("uploads.settings", config)


def _upload_settings_message(key: str, config: Settings | None) -> Text:
    """Message ``key`` with the session quota (MB) and idle time (minutes), or what is wrong with their settings."""
    try:
        quota, idle = upload_quota_bytes(config), idle_seconds(config)
    except UploadStorageError as error:
        return msg("uploads.bad_settings", error=error)
    return msg(key, quota=quota / _MB, quota_env=UPLOAD_QUOTA_ENV, minutes=idle / 60, idle_env=UPLOAD_IDLE_ENV)


def folder_bytes(folder: Path) -> int:
    """Bytes of the files under ``folder`` (0 when it is gone); links are not followed."""
    total = 0
    for parent, _, names in os.walk(folder):
        for name in names:
            try:
                total += os.lstat(os.path.join(parent, name)).st_size
            except OSError:  # removed meanwhile
                continue
    return total


def _process_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # exists, owned by someone else
    return True


def session_known(session_id: str) -> bool:
    """Whether this server still knows the session (connected, or kept for reconnection), from Streamlit's private
    session manager (there is no public lookup); "known" if that fails, leaving the folder to the other sweeps."""
    try:
        from streamlit.runtime import Runtime

        if not Runtime.exists():
            return True
        return Runtime.instance()._session_mgr.get_session_info(session_id) is not None
    except Exception:  # a private API may change between Streamlit releases
        return True


def sweep_orphans(root: Path, *, idle: float | None = None, now: float | None = None) -> list[Path]:
    """Remove and return the folders under ``root`` whose server process is gone, whose session ended, or whose last
    use (mtime, :meth:`SessionFolder.touch`) is more than ``idle`` seconds (default: :func:`idle_minutes` x 60) before
    ``now`` (seconds since the epoch; default: now)."""
    idle = 60.0 * idle_minutes() if idle is None else idle
    now = time.time() if now is None else now
    removed = []
    for folder in root.iterdir():
        match = _FOLDER_NAME.match(folder.name)
        if not (match and folder.is_dir()):
            continue
        pid, session_id = int(match.group(1)), match.group(2)
        ended = not _process_alive(pid) or (pid == os.getpid() and not session_known(session_id))
        try:
            idled = now - folder.stat().st_mtime > idle
        except OSError:  # removed meanwhile
            continue
        if ended or idled:
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
    """A temporary folder under ``root`` (default: :func:`upload_root`) for the browser session ``session_id``
    (default: the running script's) that lives exactly as long as this object.

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
            raise UploadStorageError(msg("err.uploads.cannot_make_folder", folder=root, reason=error.strerror,
                                         advice=STORAGE_ADVICE)) from error
        self._batches = 0
        # The callback holds the path, never self, so the object can be collected.
        self._finalizer = weakref.finalize(self, shutil.rmtree, str(self.path), True)

    def new_batch(self) -> Path:
        """An empty sub-folder for one upload, so two uploads never mix their files."""
        self._batches += 1
        batch = self.path / f"upload-{self._batches}"
        batch.mkdir()
        return batch

    def touch(self) -> None:
        """Mark the folder as used now, so the idle sweep keeps it."""
        try:
            os.utime(self.path)
        except OSError:  # swept already: session_folder() makes a new one when needed
            pass

    def used_bytes(self) -> int:
        """Bytes this session's uploads take on disk."""
        return folder_bytes(self.path)

    def keep_only(self, source: str | None) -> list[Path]:
        """Remove and return every upload batch but the one ``source`` lies in (all of them for ``None``)."""
        keep = Path(os.path.abspath(source)) if source else None
        removed = []
        for batch in sorted(self.path.glob("upload-*")):
            if keep is None or not keep.is_relative_to(batch):
                shutil.rmtree(batch, ignore_errors=True)
                removed.append(batch)
        return removed

    def check_room(self, needed: int, config: Settings | None = None) -> None:
        """Refuse an upload of ``needed`` bytes that would take the session past its quota.

        Raises:
            UploadQuotaError: this session's uploads plus ``needed`` exceed :func:`upload_quota_bytes`.
            UploadStorageError: ``EXPLORER_UPLOAD_QUOTA_MB`` is not a positive number.
        """
        quota, used = upload_quota_bytes(config), self.used_bytes()
        if used + needed > quota:
            held = msg("err.uploads.quota_held", used=used / _MB) if used else ""
            raise UploadQuotaError(msg("err.uploads.quota", needed=needed / _MB, left=(quota - used) / _MB,
                                       quota=quota / _MB, env=UPLOAD_QUOTA_ENV, held=held))

    def remove(self) -> None:
        """Remove the folder now (also what happens when the object is collected)."""
        self._finalizer()

    @property
    def removed(self) -> bool:
        return not self._finalizer.alive


def session_folder() -> SessionFolder:
    """This browser session's upload folder, made on first use (and again after the idle sweep removed it)."""
    folder = st.session_state.get(state.UPLOAD_FOLDER)
    if not isinstance(folder, SessionFolder) or folder.removed or not folder.path.is_dir():
        folder = SessionFolder()
        st.session_state[state.UPLOAD_FOLDER] = folder
    return folder
