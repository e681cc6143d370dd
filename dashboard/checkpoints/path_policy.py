"""Where a checkpoint is (a bundled name or a server path), and which server paths a user may open.

:func:`resolve_source` turns a source into a bundled checkpoint or a path the deployment's policy opens.

``any`` (the default) opens every path, ``models`` only paths inside ``EXPLORER_MODELS_DIR``, ``off`` none.
Bundled checkpoints and the session's own uploads open in every mode, another session's upload never. Restricted
paths are resolved one component at a time as the kernel does (``man 7 path_resolution``) and refused at the first
step outside, before it is looked up: a refusal reads the same whether the path exists or not.
"""

from __future__ import annotations

import errno
import functools
import os
import stat
from dataclasses import dataclass
from pathlib import Path

from dashboard.checkpoints.bundled import BUNDLED, find_bundled
from dashboard.checkpoints.user_paths import expand_user_path, inspect_path, shorten, stat_refusal
from dashboard.errors import ExplorerError, RefusedPathError, SourceNotFoundError, UnusablePathError
from dashboard.i18n import Text, msg
from dashboard.settings import LOCAL_PATHS_ENV, MODELS_DIR_ENV, PATH_MODES, Settings, current_settings, usable

#: Mode -> what it allows, as the sidebar says it (catalogue messages).
MODES = {mode: msg(f"paths.mode.{mode}") for mode in PATH_MODES}
#: What a path should be, as messages name it (``the checkpoint path``); other kinds are named as given.
PATH_KINDS = {
    "checkpoint": msg("paths.kind.checkpoint"),
    "vocabulary file": msg("paths.kind.vocabulary_file"),
    "checkpoint folder": msg("paths.kind.checkpoint_folder"),
}
#: Mode when the variable is unset (``make run``, the CLI).
DEFAULT_MODE = PATH_MODES[0]
#: Used when the variable is unset and this folder exists (the Docker volume).
DEFAULT_MODELS_DIR = Path("/models")
#: Symbolic links followed in one path before giving up, as Linux does (MAXSYMLINKS).
MAX_LINKS = 40


def find_models_dir(config: Settings | None = None, default: Path = DEFAULT_MODELS_DIR) -> Path | None:
    """The folder ``EXPLORER_MODELS_DIR`` names in ``config`` (``None``: current settings), else ``default``.

    ``None`` when that is not a folder.
    """
    folder = (config or current_settings()).models_dir or default
    return folder if folder.is_dir() else None


@functools.lru_cache(maxsize=1)
def _bundled_folders() -> tuple[Path, ...]:
    """Real folders of the installed bundled checkpoints (a file's folder for a single-file one)."""
    from dashboard.checkpoints.bundled import BUNDLED

    folders = []
    for model in BUNDLED:
        try:
            path = model.path.resolve()
        except ExplorerError:  # its pip package is not installed
            continue
        folders.append(path if path.is_dir() else path.parent)
    return tuple(folders)


def _real(path: Path | None) -> Path | None:
    """The real path of an administrator's folder (links resolved), or ``None``."""
    return Path(os.path.realpath(path)) if path is not None else None


class _Outside(Exception):
    """A resolution step left the allowed folders (internal; becomes RefusedPathError)."""


@dataclass(frozen=True)
class PathPolicy:
    """What one user may open on this server.

    Attributes:
        mode: ``any``, ``models`` or ``off`` (see :data:`MODES`).
        models_dir: real path of the models folder (opened in ``models`` mode only), or ``None``.
        trusted: real folders open in every mode (the bundled checkpoints').
        upload_root: where all sessions' uploads live; below it only ``own_uploads`` opens. ``None`` in the CLI.
        own_uploads: real path of this session's upload folder, or ``None``.
        spelled: the folders as configured, before links were resolved (``/models`` linking to ``/srv/models``), so a
            path through them is followed, not refused.
    """

    mode: str = DEFAULT_MODE
    models_dir: Path | None = None
    trusted: tuple[Path, ...] = ()
    upload_root: Path | None = None
    own_uploads: Path | None = None
    spelled: tuple[Path, ...] = ()

    @classmethod
    def from_settings(cls, config: Settings | None = None, *, mode: str | None = None, models_dir: Path | None = None,
                      upload_root: Path | None = None, own_uploads: Path | None = None) -> "PathPolicy":
        """The policy ``EXPLORER_LOCAL_PATHS`` and ``EXPLORER_MODELS_DIR`` set.

        Args:
            config: the settings (``None``: :func:`~dashboard.settings.current_settings`).
            mode: a mode of :data:`MODES` overriding the settings' (the app passes ``off`` when the setting names none).
            models_dir: the models folder; ``None``: :func:`find_models_dir`.
            upload_root: the folder of all sessions' uploads, if any.
            own_uploads: the asking session's upload folder, if any.

        Raises:
            RefusedPathError: ``EXPLORER_LOCAL_PATHS`` names no mode (and ``mode`` is not given).
        """
        config = config or current_settings()
        folder = models_dir if models_dir is not None else find_models_dir(config)
        spelled = tuple(Path(os.path.abspath(p)) for p in (folder, own_uploads) if p is not None)
        return cls(mode or usable(config.local_paths), _real(folder), _bundled_folders(), _real(upload_root),
                   _real(own_uploads), spelled)

    @property
    def restricted(self) -> bool:
        """Whether paths are limited to the allowed folders (``models`` or ``off``)."""
        return self.mode != "any"

    @property
    def roots(self) -> tuple[Path, ...]:
        """Real folders whose insides open in this mode (only meaningful when :attr:`restricted`)."""
        models = (self.models_dir,) if self.mode == "models" and self.models_dir is not None else ()
        own = (self.own_uploads,) if self.own_uploads is not None else ()
        return models + self.trusted + own

    def describe(self) -> Text:
        """One sidebar line (a message to render): the mode, what it allows and the variable that sets it."""
        where = ""
        if self.mode == "models":
            where = msg("paths.where", folder=self.models_dir) if self.models_dir else msg("paths.where_none",
                                                                                           env=MODELS_DIR_ENV)
        return msg("paths.describe", allows=MODES[self.mode], where=where, setting=f"{LOCAL_PATHS_ENV}={self.mode}")

    def _refusal(self, text: str, what: str) -> RefusedPathError:
        """The one message for a path outside the allowed folders, whether or not it exists."""
        allowed = (msg("paths.allowed_inside", folder=self.models_dir) if self.mode == "models" and self.models_dir
                   else msg("paths.allowed_none"))
        return RefusedPathError(msg("err.paths.refused", what=PATH_KINDS.get(what, what), path=shorten(text),
                                    setting=f"{LOCAL_PATHS_ENV}={self.mode}", allowed=allowed))

    def _foreign_upload(self, path: Path) -> bool:
        """Whether ``path`` (absolute, normalized) lies in the upload area but not in this session's folder."""
        if self.upload_root is None or not path.is_relative_to(self.upload_root):
            return False
        return self.own_uploads is None or not path.is_relative_to(self.own_uploads)

    def _upload_refusal(self, text: str, what: str) -> RefusedPathError:
        """The one message for another session's upload; it names the file, never the session's folder."""
        return RefusedPathError(msg("err.paths.foreign_upload", what=PATH_KINDS.get(what, what),
                                    name=shorten(Path(text).name)))

    def admit(self, text: str | os.PathLike[str], what: str) -> Path | None:
        """The path ``text`` names, if this policy opens it; ``None`` when it is allowed but nothing is there.

        Args:
            text: the path as the user gave it (``~`` expanded; relative to the working folder in ``any`` mode, else to
                the models folder).
            what: what the path should be, for messages (``checkpoint``, ``vocabulary file``).

        Returns:
            In ``any`` mode the expanded path; otherwise its real path, inside :attr:`roots`.

        Raises:
            RefusedPathError: outside the allowed folders, or in another session's upload folder (every mode).
            UnusablePathError: empty, a NUL byte, too long, permission denied or a loop of links.
        """
        raw = os.fspath(text)
        expanded = expand_user_path(raw, what)
        base = self.models_dir if self.restricted and self.models_dir is not None else Path.cwd()
        lexical = Path(os.path.normpath(base / expanded))  # "/" joined with an absolute path is that path
        if self._foreign_upload(lexical):
            raise self._upload_refusal(raw, what)
        if not self.restricted:
            found = inspect_path(raw, what)
            if found is not None and self._foreign_upload(Path(os.path.realpath(found))):
                raise self._upload_refusal(raw, what)
            return found
        try:
            real, exists = self._resolve_inside(base / expanded)
        except _Outside:
            raise self._refusal(raw, what) from None
        except OSError as error:
            raise UnusablePathError(stat_refusal(raw, what, error)) from error
        except ValueError as error:  # characters with no file-system encoding (lone surrogates)
            raise UnusablePathError(msg("err.paths.unencodable", what=PATH_KINDS.get(what, what), path=shorten(raw),
                                        reason=str(error))) from error
        return real if exists else None

    def admit_real(self, path: Path, what: str) -> Path:
        """``path``, found by the readers (a folder's only checkpoint), checked like :meth:`admit`.

        Raises:
            RefusedPathError: it resolves outside the allowed folders.
        """
        found = self.admit(path, what)
        return path if found is None else found

    def opens(self, path: Path) -> bool:
        """Whether ``path`` exists and this policy opens it; looks up nothing outside (for listings)."""
        if not self.restricted:
            return True
        try:
            return self._resolve_inside(Path(os.path.abspath(path)))[1]
        except (_Outside, OSError, ValueError):
            return False

    def check_entries(self, folder: Path) -> None:
        """Refuse ``folder`` when an entry links outside the allowed folders (never in ``any`` mode).

        Readers open a folder's files by name (``tokenizer.json``, ``meta.pkl``, shards); this keeps each inside.

        Raises:
            RefusedPathError: an entry links outside (the message names the entry, never its target).
            UnusablePathError: the folder cannot be listed.
        """
        if not self.restricted:
            return
        try:
            entries = [entry for entry in os.scandir(folder) if entry.is_symlink()]
        except OSError as error:
            raise UnusablePathError(stat_refusal(str(folder), "checkpoint folder", error)) from error
        for entry in entries:
            try:
                self._resolve_inside(Path(entry.path))
            except (_Outside, OSError):
                raise RefusedPathError(msg("err.paths.link_outside", folder=repr(folder.name), entry=repr(entry.name),
                                           setting=f"{LOCAL_PATHS_ENV}={self.mode}")) from None

    def _reachable(self, path: Path) -> bool:
        """Inside an allowed folder, or one of the folders on the way to one (``/``, ``/srv``, a link to one)."""
        if any(path.is_relative_to(root) or root.is_relative_to(path) for root in self.roots):
            return True
        return any(spelled.is_relative_to(path) for spelled in self.spelled)  # its links resolve next

    def _resolve_inside(self, path: Path) -> tuple[Path, bool]:
        """``(real path, exists)`` of the absolute ``path``, never looking up a step outside :attr:`roots`.

        Raises:
            _Outside: a step (a name, ``..`` or a link's target) leaves the allowed folders.
            OSError: a step inside cannot be looked up (permission denied, ``ELOOP``).
        """
        pending = list(reversed(path.parts[1:]))
        current, links = Path("/"), 0
        while pending:
            name = pending.pop()
            if name in ("", "."):
                continue
            step = current.parent if name == ".." else current / name
            if not self._reachable(step):
                raise _Outside
            if name == "..":
                current = step
                continue
            try:
                mode = os.lstat(step).st_mode
            except (FileNotFoundError, NotADirectoryError):
                rest = Path(os.path.normpath(step.joinpath(*reversed(pending))))
                if not self._inside(rest):
                    raise _Outside from None
                return rest, False
            if not stat.S_ISLNK(mode):
                current = step
                continue
            links += 1
            if links > MAX_LINKS:
                raise OSError(errno.ELOOP, os.strerror(errno.ELOOP))  # what the kernel answers
            target = Path(os.readlink(step))
            if target.is_absolute():
                current = Path("/")
            pending.extend(reversed([part for part in target.parts if part != "/"]))
        if not self._inside(current):
            raise _Outside
        return current, True

    def _inside(self, path: Path) -> bool:
        return any(path.is_relative_to(root) for root in self.roots)


def resolve_source(source: str | Path, policy: PathPolicy | None = None) -> tuple[Path, str]:
    """Turn a bundled name or a path into ``(path, name to report)``.

    Args:
        policy: which paths may be opened; ``None``: the one ``$EXPLORER_LOCAL_PATHS`` sets (``any`` when unset).

    Raises:
        RefusedPathError: the policy does not open the path (nothing about it was looked up).
        SourceNotFoundError: neither a bundled name nor an existing path.
        UnusablePathError: an empty source, or a path that cannot be looked up
            (:func:`~dashboard.checkpoints.user_paths.inspect_path`).
    """
    names = ", ".join(["default"] + [m.name for m in BUNDLED])
    if not str(source).strip():
        raise UnusablePathError(msg("err.ckpt.no_source", names=names))
    bundled = find_bundled(str(source))
    if bundled is not None:
        return bundled.path, bundled.name
    policy = policy or PathPolicy.from_settings()
    path = policy.admit(source, "checkpoint")
    if path is None:
        raise SourceNotFoundError(msg("err.ckpt.not_found", source=shorten(str(source)), names=names))
    return path, str(source)
