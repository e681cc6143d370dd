"""Looking up paths that a user typed, before any reader touches them.

A path from the command line or a text box can be anything: empty, longer
than the file system allows, holding a NUL byte, starting with ``~name`` for a
user who does not exist, or leading through a folder we may not search.
``os.stat`` answers each of these with an ``OSError`` (``ValueError`` for a
NUL or an unencodable character, ``RuntimeError`` from ``expanduser``); here
each becomes an :class:`~dashboard.errors.UnusablePathError` that says what
was wrong, so that a page shows one line and the CLI exits with status 2.

Limits quoted in messages are Linux's (``NAME_MAX`` 255 bytes per name,
``PATH_MAX`` 4,096 bytes per path; see ``man 7 path_resolution``).
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from dashboard.errors import UnusablePathError

#: Characters of a user's path quoted in a message; longer ones are cut.
SHOWN_CHARS = 160


def shorten(text: str, limit: int = SHOWN_CHARS) -> str:
    """``text`` as quoted in a message: ``repr``-escaped and cut to about ``limit`` characters.

    Escaping keeps a NUL or a newline from breaking the one-line message;
    a cut text ends with ``... (N characters)``.
    """
    shown = repr(text[:limit])
    return shown if len(text) <= limit else f"{shown[:-1]}...{shown[-1]} ({len(text):,} characters)"


def expand_user_path(text: str | os.PathLike[str], what: str) -> Path:
    """The path ``text`` names with ``~`` expanded, before anything is looked up on disk.

    Args:
        text: the path as the user gave it.
        what: what the path should be, for messages (``checkpoint``, ``vocabulary file``).

    Raises:
        UnusablePathError: ``text`` is empty or blank, holds a NUL byte, or
            starts with ``~name`` for an unknown user.
    """
    raw = os.fspath(text)
    if not raw.strip():
        raise UnusablePathError(f"the {what} path is empty; give the path of a file or folder")
    if "\x00" in raw:
        raise UnusablePathError(f"the {what} path {shorten(raw)} holds a NUL character (\\x00), which no file name "
                                "can contain; check how the path was pasted or generated")
    try:
        return Path(raw).expanduser()
    except RuntimeError as error:  # "~name" for a user without a home folder
        raise UnusablePathError(f"the {what} path {shorten(raw)} starts with {raw.split('/')[0]!r}, but there is no "
                                "such user's home folder; write the path in full") from error


def inspect_path(text: str | os.PathLike[str], what: str) -> Path | None:
    """The path ``text`` names with ``~`` expanded, or ``None`` when nothing is there.

    Args:
        text: the path as the user gave it.
        what: what the path should be, for messages (``checkpoint``,
            ``vocabulary file``).

    Returns:
        The expanded path when something (file, folder, device) exists there;
        ``None`` when nothing does, also when a part of the path is a file
        rather than a folder (``model.npz/x``).

    Raises:
        UnusablePathError: ``text`` is empty or blank, holds a NUL byte or a
            character the file system cannot encode, starts with ``~name`` for
            an unknown user, is longer than the file system allows, leads
            through a folder we may not search (permission denied) or a loop
            of symbolic links, or cannot be looked up for another reason (the
            message gives the system's reason).
    """
    raw = os.fspath(text)
    path = expand_user_path(raw, what)
    try:
        os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as error:
        raise UnusablePathError(stat_refusal(raw, what, error)) from error
    except ValueError as error:  # characters with no file-system encoding (lone surrogates)
        raise UnusablePathError(f"the {what} path {shorten(raw)} holds characters the file system cannot encode "
                                f"({error}); retype the path") from error
    return path


def stat_refusal(raw: str, what: str, error: OSError) -> str:
    """The message for an ``os.stat`` failure other than "no such file", quoting the user's ``raw`` path."""
    shown = shorten(raw)
    if error.errno == errno.ENAMETOOLONG:
        return (f"the {what} path {shown} is too long for the file system (at most 255 bytes a name and 4,096 a "
                "path); give a shorter path or a bundled name")
    if error.errno in (errno.EACCES, errno.EPERM):
        return (f"permission denied while looking up the {what} path {shown}; make its folders readable "
                "(chmod +rx) or copy the checkpoint somewhere you can read")
    if error.errno == errno.ELOOP:
        return f"the {what} path {shown} goes round a loop of symbolic links; give the real path"
    return f"the {what} path {shown} cannot be looked up ({error.strerror or error}); check the path"
