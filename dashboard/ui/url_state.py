"""Page state in the URL's query parameters, so a copied link reopens the same view.

A page declares each setting once as a :class:`UrlParam`. Before its widgets, :func:`seed_widgets` puts the link's
values into ``st.session_state`` (first run only: afterwards the widgets own their state); after them, :func:`publish`
writes the values back, with the active checkpoint under ``model`` unless it is an upload. A link value that cannot be
used is ignored with a warning, never an exception. Each text field and its parameter accept at most the characters
named below (``*_CHARS``), so no typed or linked text makes a page do outsized work.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

import streamlit as st

from dashboard.i18n import t
from dashboard.markdown_text import escape_markdown
from dashboard.tables import EmbeddingTables
from dashboard.ui import state
from dashboard.ui.loading import active_source, link_source


@dataclass(frozen=True)
class UrlParam:
    """One setting that lives in the URL: query parameter ``name`` (``method``), the ``key`` of the widget that edits
    it, the ``default`` when the link has none, ``parse`` (text -> value; ``ValueError`` on bad text) and the allowed
    ``choices``, when limited. A text field of words sets ``ids`` (> 0): for a checkpoint whose rows are only numbered
    it starts with that many token ids instead (``#0 #1 #2``, joined by ``ids_separator``, or by its separators in
    turn: ``(", ", "\\n")`` makes pairs), as no word matches."""

    name: str
    key: str
    default: Any
    parse: Callable[[str], Any] = str
    choices: Sequence[Any] | None = None
    ids: int = 0
    ids_separator: str | tuple[str, ...] = " "

    def ids_default(self, rows: int) -> str:
        """The default for a checkpoint of ``rows`` numbered rows: ids ``#0`` on, at most :attr:`ids` of them."""
        ids = [f"#{i}" for i in range(max(1, min(self.ids, rows)))]
        between = (self.ids_separator,) if isinstance(self.ids_separator, str) else self.ids_separator
        return ids[0] + "".join(between[i % len(between)] + text for i, text in enumerate(ids[1:]))

    def read(self, text: str) -> Any:
        """The value the link's ``text`` stands for.

        Raises:
            ValueError: ``parse`` refuses the text, or the value is not one of ``choices``.
        """
        value = self.parse(text)
        if self.choices is not None and value not in self.choices:
            raise ValueError(f"{self.name}={text} is not one of {', '.join(map(str, self.choices))}")
        return value


def bounded(kind: Callable[[str], Any], low: Any, high: Any) -> Callable[[str], Any]:
    """A parser for ``kind`` values in ``[low, high]``; others raise ``ValueError``."""
    def parse(text: str) -> Any:
        """``text`` as a ``kind`` value.

        Raises:
            ValueError: ``kind`` cannot read it, or the value is outside ``[low, high]``.
        """
        value = kind(text)
        if not low <= value <= high:
            raise ValueError(f"{value} is outside [{low}, {high}]")
        return value

    return parse


def index_list(size: int, most: int) -> Callable[[str], list[int]]:
    """A parser for ``0,3,5``: distinct 0-based indices below ``size``, at most ``most``, in the order given."""
    def parse(text: str) -> list[int]:
        """``text`` as a list of indices.

        Raises:
            ValueError: not comma-separated integers, one outside ``[0, size)``, repeated, or more than ``most``.
        """
        values = [int(part) for part in text.split(",") if part.strip()]
        if len(values) > most or len(set(values)) != len(values) or not all(0 <= v < size for v in values):
            raise ValueError(f"{text!r} is not up to {most} distinct indices in [0, {size})")
        return values

    return parse


def bounded_text(max_chars: int) -> Callable[[str], str]:
    """A parser for text of at most ``max_chars`` characters (the field's bound); a longer link value is refused, not
    cut, so a link never silently means something else."""
    def parse(text: str) -> str:
        """``text`` itself.

        Raises:
            ValueError: ``text`` has more than ``max_chars`` characters.
        """
        if len(text) > max_chars:
            raise ValueError(f"{len(text):,} characters, more than the field's {max_chars:,}")
        return text

    return parse


def parse_bool(text: str) -> bool:
    """``1/true/yes`` -> True, ``0/false/no`` -> False, any case, spaces ignored.

    Raises:
        ValueError: any other text.
    """
    lowered = text.strip().lower()
    if lowered in ("1", "true", "yes"):
        return True
    if lowered in ("0", "false", "no"):
        return False
    raise ValueError(f"{text!r} is not a yes/no value")


def seed_widgets(params: Sequence[UrlParam], tables: EmbeddingTables | None = None) -> None:
    """Give each widget its value from the link (or its default) the first time the page runs; an unusable link value
    is warned about on every run until its widget holds another value than the one used instead, or is seeded again.

    Args:
        tables: the checkpoint on the page. Where its rows are only numbered (no token strings), the fields with
            :attr:`UrlParam.ids` start with ids and one note says why; a field still at the default it was last given
            takes the new checkpoint's default (words back for one with token strings); what the reader typed stays.
    """
    ignored = st.session_state.setdefault(state.URL_IGNORED, {})
    given = st.session_state.setdefault(state.DEFAULT_GIVEN, {})
    rows = tables.vocab_size if tables is not None and tables.vocabulary.scheme == "none" else None
    for param in params:
        default = param.default if rows is None or not param.ids else param.ids_default(rows)
        if param.key in st.session_state:
            if param.key in given and st.session_state[param.key] == given[param.key] != default:
                st.session_state[param.key] = default  # left at the last checkpoint's default: this one's
            given[param.key] = default
            continue
        given[param.key] = default
        ignored.pop(param.key, None)
        value = default
        text = st.query_params.get(param.name)
        if text is not None:
            try:
                value = param.read(text)
            except ValueError:
                ignored[param.key] = (param.name, text, value)
        st.session_state[param.key] = value
    for param in params:
        if param.key in ignored and st.session_state[param.key] != ignored[param.key][2]:
            del ignored[param.key]  # the reader chose a value of their own
    notes = [f"{name}={_shorten(text)}" for name, text, _ in (ignored[p.key] for p in params if p.key in ignored)]
    if notes:
        st.warning(t("url.ignored", values=escape_markdown(", ".join(notes))))
    if rows is not None and any(param.ids for param in params):
        st.info(t("table_pages.numbered_rows", name=escape_markdown(tables.name), last=rows - 1),
                icon=":material/info:")


def _shorten(text: str, max_chars: int = 60) -> str:
    """``text``, or its first ``max_chars`` characters and its length, in the page's language."""
    return text if len(text) <= max_chars else t("ckpt.path_shortened", shown=f"{text[:max_chars]}…", count=len(text))


def _text(value: Any) -> str:
    if isinstance(value, (list, tuple)):
        return ",".join(map(str, value))
    return ("1" if value else "0") if isinstance(value, bool) else str(value)


def publish(params: Sequence[UrlParam]) -> None:
    """Write the widgets' values and the active checkpoint (never an upload:
    :func:`~dashboard.ui.loading.link_source`) to the URL."""
    linked = link_source(active_source())
    if linked is None:
        st.query_params.pop(state.MODEL_PARAM, None)
    wanted = {} if linked is None else {state.MODEL_PARAM: linked}
    wanted.update({p.name: _text(st.session_state.get(p.key, p.default)) for p in params})
    for name, text in wanted.items():
        if st.query_params.get(name) != text:
            st.query_params[name] = text


#: A token, word or ``king - man + woman`` expression (Nearest neighbours).
QUERY_CHARS = 200
#: Up to 40 comma-separated terms (Similarity heatmap).
TERMS_CHARS = 1_000
#: Words separated by commas, or one regular expression (Token map highlight).
HIGHLIGHT_CHARS = 200  # what match_tokens takes (dashboard.maps.frame.MAX_QUERY_CHARS; a test keeps them equal)
#: One sentence for the reorder demo, and its custom order.
SENTENCE_CHARS = 500
#: A server path: Linux's PATH_MAX less its closing NUL. Not less: a text box silently refuses a longer paste
#: (streamlit/streamlit#9221), so a shorter bound would drop a real path.
PATH_CHARS = 4_095
#: A Hugging Face model id: owner and name of at most 96 characters each.
MODEL_ID_CHARS = 200
#: A file name beside a .npz archive (most Linux file systems allow 255 bytes).
FILE_NAME_CHARS = 255
#: Up to 12 word pairs, one a line (Predict the similarity).
PAIRS_CHARS = 2_000
#: Comma-separated token ids (Under-trained tokens: rows known to be unused), room for about 800 six-digit ids.
IDS_CHARS = 5_000
