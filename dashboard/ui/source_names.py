"""How a checkpoint source is named to people, and whether a link may carry it.

An upload is stored under this server's temporary folder
(:mod:`dashboard.ui.session_files`, ``<root>/session-<pid>-<id>.<random>/upload-<n>/``):
that path means nothing to the person who uploaded the file, and it belongs to
one browser session, so a link naming it cannot be opened by anyone else (and
should not let anyone else read it). Uploads are therefore shown by the name
they were uploaded under (``upload: ckpt.pt``) and kept out of links; every
other source (a bundled name, a path on the server) is shown and linked as is.
"""

from __future__ import annotations

import os
from pathlib import Path

from dashboard.errors import RefusedPathError
from dashboard.ui.session_files import upload_root_path

#: Uploaded files named in a message before the rest are counted.
_NAMED_FILES = 3


def _parts_under_root(source: str) -> tuple[str, ...] | None:
    """Path parts of ``source`` below the upload root, or ``None`` when it is not under it."""
    root = upload_root_path()
    if root is None:  # no writable temporary folder: no upload can exist
        return None
    for path, base in ((Path(os.path.abspath(source)), root), (Path(source).resolve(), root.resolve())):
        if path.is_relative_to(base):
            return path.relative_to(base).parts
    return None


def is_upload(source: str) -> bool:
    """Whether ``source`` lies in the upload folder (this session's or another's)."""
    return _parts_under_root(str(source)) is not None


def upload_batch(source: str) -> Path | None:
    """The batch folder (``.../session-.../upload-<n>``) an uploaded source lies in, else ``None``."""
    parts = _parts_under_root(str(source))
    if parts is None or len(parts) < 2:
        return None
    return upload_root_path() / parts[0] / parts[1]


def name_files(names: list[str]) -> str:
    """``a.json, b.bin, c.txt and 2 more`` for people; ``no files`` when empty."""
    if not names:
        return "no files"
    shown = ", ".join(names[:_NAMED_FILES])
    return shown + (f" and {len(names) - _NAMED_FILES} more" if len(names) > _NAMED_FILES else "")


def short_name(source: str) -> str:
    """What to call ``source`` in a message.

    An upload is called by what was uploaded: ``ckpt.pt`` for one file,
    ``gpt2.zip`` for a zip (extracted to the folder ``gpt2`` by
    :func:`dashboard.checkpoints.uploads.store_files`), the file names for
    several files. Any other source is returned as given.
    """
    batch = upload_batch(source)
    if batch is None:
        return str(source)
    inside = Path(os.path.relpath(os.path.abspath(source), batch))
    if inside.parts and inside.parts[0] == "..":  # reached through a link: compare real paths
        inside = Path(source).resolve().relative_to(batch.resolve())
    inside = Path() if inside == Path(".") else inside
    if not inside.parts:
        try:
            return name_files(sorted(p.name for p in batch.iterdir()))
        except OSError:  # already removed: the batch's own name is all there is
            return batch.name
    first = batch / inside.parts[0]
    if len(inside.parts) == 1 and first.is_dir():
        return f"{first.name}.zip"
    return inside.as_posix()


def display_name(source: str) -> str:
    """How the sidebar shows ``source``: ``upload: ckpt.pt`` for an upload, else the source itself."""
    return f"upload: {short_name(source)}" if is_upload(source) else str(source)


def link_source(source: str) -> str | None:
    """The value of the link's ``model`` parameter for ``source``; ``None`` for an upload (never linked)."""
    return None if is_upload(source) else str(source)


def explain_failure(name: str, reason: str, *, subjects: tuple[str, ...] = ()) -> str:
    """``Could not read NAME: reason``, naming the checkpoint once.

    Args:
        name: what the user knows the checkpoint as (:func:`short_name`).
        reason: the error's message. Most readers start it with the file's
            name or path, bare or quoted (``'x.pt' is empty``); that subject
            becomes ``it`` (``it is empty``).
        subjects: other spellings of the same thing that may start ``reason``.
    """
    spellings = {name, Path(name).name, *subjects} - {""}
    for subject in sorted(spellings | {repr(s) for s in spellings}, key=len, reverse=True):
        if reason.startswith(subject + " "):
            reason = "it " + reason[len(subject) + 1:]
            break
    return f"Could not read {name}: {reason}"


def load_error_message(source: str, error: Exception) -> str:
    """The message shown when ``source`` failed to load: ``Could not read <short name>: <reason>``.

    For an upload, the temporary folder is cut from every path in the reason,
    so files are named as they were uploaded. A path the session's policy
    refused is quoted as typed and never looked up (not even to shorten it).
    """
    if isinstance(error, RefusedPathError):
        return str(error)[:1].upper() + str(error)[1:]
    source, name, reason = str(source), short_name(str(source)), str(error)
    full_paths = {os.path.abspath(source), str(Path(source).resolve())} - {source}
    batch = upload_batch(source)
    if batch is not None:
        full_paths.add(source)
        for folder in {str(batch), str(batch.resolve())}:
            reason = reason.replace(folder + os.sep, "")
    # Only whole absolute paths are replaced anywhere: a short name may also be an ordinary word.
    for path in sorted(full_paths, key=len, reverse=True):
        reason = reason.replace(path, name)
    subjects = (source, Path(source).name) + ((os.path.relpath(source, batch),) if batch is not None else ())
    return explain_failure(name, reason, subjects=subjects)
