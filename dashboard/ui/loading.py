"""Cached loading of tables for the pages, spinners in the reader's language, and how a source is named to people.

An upload lies in one session's temporary folder (:mod:`dashboard.ui.session_files`), a path that means nothing to its
uploader, so it is shown by the name it was uploaded under (``upload: ckpt.pt``) and kept out of links; every other
source (a bundled name, a server path) is shown and linked as is.
"""

from __future__ import annotations

import dataclasses
import functools
import os
import re
from pathlib import Path
from typing import Callable, Mapping, TypeVar

import streamlit as st

from dashboard.checkpoints.bundled import DEFAULT_NAME
from dashboard.checkpoints.path_policy import PathPolicy, resolve_source
from dashboard.checkpoints.user_paths import SHOWN_CHARS, shorten
from dashboard.errors import ExplorerError, RefusedPathError
from dashboard.i18n import LANGUAGES, Text, msg, render, t
from dashboard.markdown_text import escape_markdown
from dashboard.tables import EmbeddingTables
from dashboard.ui import state
from dashboard.ui.path_access import session_policy
from dashboard.ui.session_files import upload_root_path
from dashboard.wall.runner import TEMPLATES
from dashboard.wall.templates import template
from dashboard.wall.tables import read_checkpoint


def path_stamp(path: str | Path | None) -> float:
    """Modification time in seconds of a checkpoint's file or folder (0.0 for none or unreadable); part of derived
    caches' keys, so an overwritten checkpoint is read again."""
    try:
        return os.path.getmtime(path) if path else 0.0
    except OSError:
        return 0.0


@st.cache_resource(show_spinner=False)
def start_wall_templates() -> bool:
    """Start the wall's templates once per process, so a stranger's first file waits for no imports
    (:mod:`dashboard.wall.templates`)."""
    for kind in TEMPLATES:
        template(kind).start()
    return True


# The spinner is get_tables' own: a cache decorator's message is fixed at import, in one language.
@st.cache_resource(max_entries=4, show_spinner=False)
def _cached_tables(source: str, stamp: float, options: tuple[tuple[str, str], ...] = (), *,
                   _policy: PathPolicy) -> EmbeddingTables:
    # Shared by every session: get_tables asks the session's policy before looking here; a miss reads under it again.
    tables = read_checkpoint(source, policy=_policy, **dict(options))
    if is_upload(source):
        tables = dataclasses.replace(tables, source=short_name(source))  # model_path keeps the real path
    return tables


def get_tables(source: str, options: Mapping[str, str] | None = None) -> EmbeddingTables:
    """Tables of ``source`` (bundled name or path), read once per process and shared by sessions that may open it.

    The session's :func:`~dashboard.ui.path_access.session_policy` admits the source and every path option before the
    cache is looked at, so no session is handed another's upload or a path this server does not open. ``options`` are
    reader options for NumPy files (``token_array``, ``position_array``, ``vocab_file``).

    Raises:
        RefusedPathError: the session's policy does not open ``source`` or the vocabulary file.
        ExplorerError: the source cannot be read (callers show it).
    """
    policy = session_policy()
    path, _ = resolve_source(source, policy)
    vocab_file = (options or {}).get("vocab_file")
    if vocab_file:
        policy.admit(vocab_file, "vocabulary file")
    with st.spinner(t("loading.reading")):  # Streamlit draws it only for a slow call: a cache miss
        return _cached_tables(source, path_stamp(path), tuple(sorted((options or {}).items())), _policy=policy)


def active_source() -> str:
    """The source every page shows (bundled default until the user picks another)."""
    return st.session_state.get(state.ACTIVE_SOURCE, DEFAULT_NAME)


def active_options() -> dict[str, str]:
    """Reader options of the active source (empty unless it is a NumPy file read with chosen arrays)."""
    return dict(st.session_state.get(state.ACTIVE_OPTIONS) or {})


def active_tables() -> EmbeddingTables:
    """Tables of the active source, or stop the page with the error shown (the file changed since it loaded)."""
    try:
        tables = get_tables(active_source(), active_options())
    except ExplorerError as error:
        st.error(escape_markdown(render(load_error_message(active_source(), error))))
        st.stop()
        raise  # unreachable: st.stop() raises
    return tables


#: Uploaded files named in a message before the rest are counted.
_NAMED_FILES = 3


def _parts_under_root(source: str) -> tuple[str, ...] | None:
    """Path parts of ``source`` below the upload root, or ``None`` when it is not under it."""
    root = upload_root_path()
    if root is None or "\x00" in source:  # no temporary folder: no upload; a NUL byte names no file
        return None
    absolute = Path(os.path.abspath(source))
    if absolute.is_relative_to(root):
        return absolute.relative_to(root).parts
    base = root.resolve()
    for resolved in map(Path, _resolved(source)):  # the same folder spelled through a link (/tmp -> /private/tmp)
        if resolved.is_relative_to(base):
            return resolved.relative_to(base).parts
    return None


def _resolved(source: str) -> list[str]:
    """``[source with links resolved]``, or ``[]`` when it cannot be: a NUL byte, a link loop, a name too long."""
    if "\x00" in source:
        return []
    try:
        return [str(Path(source).resolve())]
    except (OSError, RuntimeError, ValueError):
        return []


def is_upload(source: str) -> bool:
    """Whether ``source`` lies in the upload folder (this session's or another's)."""
    return _parts_under_root(str(source)) is not None


def upload_batch(source: str) -> Path | None:
    """The batch folder (``.../session-.../upload-<n>``) an uploaded source lies in, else ``None``."""
    parts = _parts_under_root(str(source))
    if parts is None or len(parts) < 2:
        return None
    return upload_root_path() / parts[0] / parts[1]


class PerLanguageText(Text):
    """A message written out in every language, for text that cannot stay a template (a failed load's message, built
    from the error's own text); switching language shows it in the new one. As a ``str`` it is the English text."""

    by_language: dict[str, str]

    def __new__(cls, key: str, by_language: dict[str, str]) -> "PerLanguageText":
        obj = str.__new__(cls, by_language["en"])
        obj.key, obj.params, obj.by_language = key, {}, dict(by_language)
        return obj

    def __reduce__(self):
        return (PerLanguageText, (self.key, self.by_language))

    def render(self, lang: str) -> str:
        """This message in ``lang``; English when it was not written in ``lang``."""
        return self.by_language.get(lang, self.by_language["en"])

    @classmethod
    def build(cls, key: str, write: Callable[[str], str]) -> "PerLanguageText":
        """The message ``write(lang)`` returns, for every language of the app."""
        return cls(key, {lang: write(lang) for lang in LANGUAGES})


def name_files(names: list[str]) -> str:
    """``a.json, b.bin, c.txt and 2 more`` for people; ``no files`` when empty (catalogue messages)."""
    if not names:
        return msg("sources.no_files")
    shown = ", ".join(names[:_NAMED_FILES])
    if len(names) <= _NAMED_FILES:
        return shown
    return msg("sources.files_and_more", files=shown, more=len(names) - _NAMED_FILES)


def _inside_batch(source: str, batch: Path) -> Path:
    """``source`` relative to its upload ``batch`` folder (``Path()`` for the batch itself)."""
    inside = Path(os.path.relpath(os.path.abspath(source), batch))
    if inside.parts and inside.parts[0] == "..":  # reached through a link: compare real paths
        inside = Path(source).resolve().relative_to(batch.resolve())
    return Path() if inside == Path(".") else inside


def short_name(source: str) -> str:
    """What to call ``source`` in a message: for an upload what was uploaded (``ckpt.pt``, ``gpt2.zip`` for a zip
    extracted to ``gpt2``, the file names for several files); any other source as given."""
    batch = upload_batch(source)
    if batch is None:
        return str(source)
    inside = _inside_batch(source, batch)
    if not inside.parts:
        try:
            return name_files(sorted(p.name for p in batch.iterdir()))
        except OSError:  # already removed: the batch's own name is all there is
            return batch.name
    first = batch / inside.parts[0]
    if len(inside.parts) == 1 and first.is_dir():
        return f"{first.name}.zip"
    return inside.as_posix()


def uploaded_as(path: str) -> str | None:
    """Where the uploader has ``path``, relative to their own folder, for code they run at home: ``ckpt.pt``, ``gpt2``
    (or a path inside it) for ``gpt2.zip``, ``checkpoint`` for several files; ``None`` when it is no upload."""
    batch = upload_batch(path)
    if batch is None:
        return None
    inside = _inside_batch(path, batch)
    return inside.as_posix() if inside.parts else "checkpoint"


def display_name(source: str) -> str:
    """How the sidebar shows ``source``: ``upload: ckpt.pt`` for an upload (a catalogue message), else the source."""
    return msg("sources.upload_name", name=short_name(source)) if is_upload(source) else str(source)


def link_source(source: str) -> str | None:
    """The value of the link's ``model`` parameter for ``source``; ``None`` for an upload (never linked)."""
    return None if is_upload(source) else str(source)


def explain_failure(name: str, reason: object, *, subjects: tuple[str, ...] = (),
                    rewrite: Callable[[str], str] = lambda text: text) -> PerLanguageText:
    """``Could not read NAME: reason``, naming the checkpoint once, in every language.

    Args:
        name: what the user knows the checkpoint as (:func:`short_name`).
        reason: the error or its message, rendered in each language. When it starts with the file's name or path, bare
            or quoted (``'x.pt' is empty``), English says ``it`` instead (``it is empty``).
        subjects: other spellings of the same thing that may start ``reason``.
        rewrite: applied to the rendered reason first (paths shortened).
    """
    spellings = {name, Path(name).name, *subjects} - {""}

    def write(lang: str) -> str:
        text = rewrite(render(reason, lang))
        if lang == "en":  # "it is empty": English grammar; Korean names the subject again, which reads fine
            for subject in sorted(spellings | {repr(s) for s in spellings}, key=len, reverse=True):
                if text.startswith(subject + " "):
                    text = "it " + text[len(subject) + 1:]
                    break
        return msg("sources.could_not_read", name=render(name, lang), reason=text).render(lang)

    return PerLanguageText.build("sources.could_not_read", write)


def load_error_message(source: str, error: Exception) -> PerLanguageText:
    """``Could not read <short name>: <reason>`` in every language, for ``source`` that failed to load; an upload's
    temporary folder is cut from every path, and a path the policy refused is quoted as typed, never looked up."""
    if isinstance(error, RefusedPathError):
        return PerLanguageText.build("sources.refused", lambda lang: _capitalised(render(error, lang)))
    source, name = str(source), short_name(str(source))
    # A long ?model= is named by its first characters and its length, as the reason quotes it.
    shown = name if len(name) <= SHOWN_CHARS and name.isprintable() else shorten(name)  # NUL, newlines: escaped
    full_paths = {os.path.abspath(source), *_resolved(source)} - {source}
    batch = upload_batch(source)
    if batch is not None:
        full_paths.add(source)
    folders = {str(batch), str(batch.resolve())} if batch is not None else set()

    def shorten_paths(reason: str) -> str:
        for folder in folders:
            reason = reason.replace(folder + os.sep, "")
        # Only whole absolute paths: a short name may be an ordinary word, and "/etc" in "../../etc" is no path.
        for path in sorted(full_paths, key=len, reverse=True):
            reason = re.sub(rf"(?<![\w.~/-]){re.escape(path)}", lambda _: shown, reason)
        return reason

    subjects = (source, Path(source).name) + ((os.path.relpath(source, batch),) if batch is not None else ())
    return explain_failure(shown, error, subjects=(name, *subjects), rewrite=shorten_paths)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


_Call = TypeVar("_Call", bound=Callable)


def spinning(key: str) -> Callable[[_Call], _Call]:
    """Decorator: show the catalogue message ``key`` in the reader's language while the call runs (a cache decorator's
    ``show_spinner=`` is fixed at import, in one language; ``st.spinner`` shows nothing for a fast cache hit)."""
    def wrap(function: _Call) -> _Call:
        @functools.wraps(function)
        def call(*args, **kwargs):
            with st.spinner(t(key)):
                return function(*args, **kwargs)
        return call  # type: ignore[return-value]
    return wrap
