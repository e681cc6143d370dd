"""Where a checkpoint is: a bundled name or a path the deployment's policy opens (names and the file system only)."""

from __future__ import annotations

from pathlib import Path

from dashboard.checkpoints.bundled import BUNDLED, find_bundled
from dashboard.checkpoints.path_policy import PathPolicy
from dashboard.checkpoints.user_paths import shorten
from dashboard.errors import SourceNotFoundError, UnusablePathError
from dashboard.i18n import msg


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
