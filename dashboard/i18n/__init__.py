"""Messages in English and Korean: one catalogue, one key per message, named placeholders.

Use :func:`msg` where a message is made and :func:`render` or :func:`t` where it is shown. The catalogue is one TOML
file per area in ``dashboard/i18n/catalogue/``, each entry a table ``["area.name"]`` with ``en`` and ``ko`` side by
side (a test checks they share their ``{named}`` placeholders), read by ``tomllib`` with no compile step. Keys are
stable names (``overview.title``), so rewording the English never orphans the Korean. Terms follow
``docs/glossary.md``; paths, file names, identifiers and library error texts are parameters, never translated.

A :class:`Text` is a ``str`` whose value is the English rendering, carrying its key and parameters: the command line,
JSON, logs and ``str(error)`` stay English, and pages render it in the reader's language with :func:`render`
(:class:`Text` parameters in the same language, format specs such as ``{count:,}`` in both).
"""

from __future__ import annotations

import contextvars
import tomllib
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable, Mapping, NamedTuple

from dashboard.i18n.particles import resolve_particles

__all__ = ["LANGUAGES", "Text", "active_language", "both_languages", "join_messages", "msg", "plural_key", "render",
           "t", "use_language"]

#: Language code -> its name in that language, as the switch shows it.
LANGUAGES: dict[str, str] = {"en": "English", "ko": "한국어"}
DEFAULT = "en"

#: The catalogue's folder: one ``*.toml`` file per area.
CATALOGUE_DIR = Path(__file__).with_name("catalogue")

_ACTIVE = contextvars.ContextVar("explorer_language", default=DEFAULT)


class Message(NamedTuple):
    """One catalogue entry: the English and the Korean text, with the same ``{named}`` placeholders."""

    en: str
    ko: str


@lru_cache(maxsize=1)
def catalogue() -> dict[str, Message]:
    """Every message, from every ``*.toml`` file of :data:`CATALOGUE_DIR` (tables of ``en`` and ``ko``).

    Raises:
        ValueError: two files define the same key.
    """
    merged: dict[str, Message] = {}
    for path in sorted(CATALOGUE_DIR.glob("*.toml")):
        for key, entry in tomllib.loads(path.read_text(encoding="utf-8")).items():
            if key in merged:
                raise ValueError(f"message key {key!r} is defined twice (again in catalogue/{path.name})")
            merged[key] = Message(entry["en"], entry["ko"])
    return merged


def use_language(lang: str) -> None:
    """Make ``lang`` (a key of :data:`LANGUAGES`; anything else means English) the language of this run."""
    _ACTIVE.set(lang if lang in LANGUAGES else DEFAULT)


def active_language() -> str:
    """The language set by :func:`use_language` in this thread's context (``"en"`` by default)."""
    return _ACTIVE.get()


def _template(key: str, lang: str) -> str:
    entry = catalogue()[key]
    return (entry.ko or entry.en) if lang == "ko" else entry.en


def _format(key: str, lang: str, params: Mapping[str, Any]) -> str:
    rendered = {name: render(value, lang) if isinstance(value, (Text, BaseException)) else value
                for name, value in params.items()}
    text = _template(key, lang).format_map(rendered)
    return resolve_particles(text) if lang == "ko" else text


class Text(str):
    """A catalogue message, its ``key`` (``"overview.title"``) and ``params`` (placeholder -> number, string or
    :class:`Text`); as a ``str`` it is the English text."""

    key: str
    params: dict[str, Any]

    def __new__(cls, key: str, params: Mapping[str, Any] | None = None) -> "Text":
        params = dict(params or {})
        obj = super().__new__(cls, _format(key, "en", params))
        obj.key, obj.params = key, params
        return obj

    def __reduce__(self):  # st.cache_data pickles return values; keep the key and parameters
        return (Text, (self.key, self.params))

    def render(self, lang: str) -> str:
        """This message in ``lang`` (``"en"`` or ``"ko"``), its parameters rendered in the same language."""
        return _format(self.key, lang, self.params)


def msg(key: str, **params: Any) -> Text:
    """The message ``key`` with ``params``, to be rendered later in the reader's language.

    Raises:
        KeyError: ``key`` is not in the catalogue (a bug: every key is tested to exist).
        KeyError, IndexError: the English template names a placeholder not given.
    """
    return Text(key, params)


def render(value: Any, lang: str | None = None) -> str:
    """``value`` in ``lang`` (default: the active language): a :class:`Text`, or an exception whose one argument is a
    :class:`Text`, is rendered; anything else is ``str(value)``."""
    lang = lang or active_language()
    if isinstance(value, Text):
        return value.render(lang)
    if isinstance(value, BaseException) and len(value.args) == 1 and isinstance(value.args[0], Text):
        return value.args[0].render(lang)
    return str(value)


def both_languages(key: str, **params: Any) -> str:
    """The message in English and Korean, ``"English · 한국어"``, for text fixed before any reader is known: a cached
    function's ``show_spinner=``, set once at decoration and shown to every session."""
    text = Text(key, params)
    return f"{text.render('en')} · {text.render('ko')}"


def t(key: str, **params: Any) -> str:
    """The message ``key`` rendered now, in the active language (for page code)."""
    return Text(key, params).render(active_language())


def plural_key(key: str, count: int) -> str:
    """The catalogue key of ``key`` for ``count`` things: ``key.one`` when ``count`` is 1, else ``key.many``."""
    return f"{key}.one" if count == 1 else f"{key}.many"


def join_messages(items: Iterable[str | Text]) -> str | Text:
    """The items as one ``"; "``-separated message: the lone item, nested ``err.ckpt.join`` pairs, or ``""`` if none."""
    items = list(items)
    if not items:
        return ""
    joined = items[-1]
    for item in reversed(items[:-1]):
        joined = msg("err.ckpt.join", first=item, rest=joined)
    return joined
