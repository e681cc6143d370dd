"""Looking up paths that a user typed, before any reader touches them.

Each ``OSError``, ``ValueError`` or ``RuntimeError`` of a bad path (empty, too long, a NUL byte, ``~name`` of an
unknown user, an unsearchable folder) becomes an :class:`~dashboard.errors.UnusablePathError` saying what is wrong.
Limits are Linux's (``NAME_MAX`` 255 bytes, ``PATH_MAX`` 4,096 bytes; ``man 7 path_resolution``).
"""

from __future__ import annotations

import errno
import os
from pathlib import Path

from dashboard.errors import UnusablePathError
from dashboard.i18n import Text, msg

#: Characters of a user's path quoted in a message; longer ones are cut.
SHOWN_CHARS = 160


def shorten(text: str, limit: int = SHOWN_CHARS) -> str:
    """``text`` quoted for a message: ``repr``-escaped (a NUL or newline cannot break the line), cut to about ``limit``
    characters and then ending ``... (N characters)``.
    """
    shown = repr(text[:limit])
    return shown if len(text) <= limit else msg("ckpt.path_shortened", shown=f"{shown[:-1]}...{shown[-1]}",
                                                count=len(text))


#: What a path should be (as callers name it) -> its catalogue key, so that messages read in the page's language.
_ROLES = {"checkpoint": "err.ckpt.role.checkpoint", "vocabulary file": "err.ckpt.role.vocabulary_file",
          "vocab file": "err.ckpt.role.vocabulary_file", "run folder": "err.ckpt.role.run_folder",
          "checkpoint folder": "err.ckpt.role.checkpoint_folder"}


def path_role(what: str) -> str | Text:
    """``what`` (``checkpoint``, ``vocabulary file`` ...) as a catalogue message when known, else as is (``--out``)."""
    key = _ROLES.get(str(what))
    return msg(key) if key is not None and not isinstance(what, Text) else what


def expand_user_path(text: str | os.PathLike[str], what: str) -> Path:
    """The path ``text`` (as the user gave it) names, with ``~`` expanded, before anything is looked up on disk.

    Args:
        what: what the path should be, for messages (``checkpoint``, ``vocabulary file``).

    Raises:
        UnusablePathError: ``text`` is empty or blank, holds a NUL byte, or starts with ``~name`` of an unknown user.
    """
    raw = os.fspath(text)
    if not raw.strip():
        raise UnusablePathError(msg("err.ckpt.path_empty", what=path_role(what)))
    if "\x00" in raw:
        raise UnusablePathError(msg("err.ckpt.path_nul", what=path_role(what), path=shorten(raw)))
    try:
        return Path(raw).expanduser()
    except RuntimeError as error:  # "~name" for a user without a home folder
        raise UnusablePathError(msg("err.ckpt.path_no_home", what=path_role(what), path=shorten(raw),
                                    start=raw.split("/")[0])) from error


def inspect_path(text: str | os.PathLike[str], what: str) -> Path | None:
    """The path ``text`` names with ``~`` expanded, or ``None`` when nothing is there (also ``model.npz/x``).

    Arguments as :func:`expand_user_path`.

    Raises:
        UnusablePathError: empty or blank, a NUL byte or an unencodable character, ``~name`` of an unknown user, too
            long, through a folder we may not search, a loop of links, or another lookup failure (its reason given).
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
        raise UnusablePathError(msg("err.ckpt.path_unencodable", what=path_role(what), path=shorten(raw),
                                    error=error)) from error
    return path


def stat_refusal(raw: str, what: str, error: OSError) -> Text:
    """The message for an ``os.stat`` failure other than "no such file", quoting the user's ``raw`` path."""
    shown, role = shorten(raw), path_role(what)
    if error.errno == errno.ENAMETOOLONG:
        return msg("err.ckpt.path_too_long", what=role, path=shown)
    if error.errno in (errno.EACCES, errno.EPERM):
        return msg("err.ckpt.path_denied", what=role, path=shown)
    if error.errno == errno.ELOOP:
        return msg("err.ckpt.path_loop", what=role, path=shown)
    return msg("err.ckpt.path_unlookable", what=role, path=shown, reason=error.strerror or error)
