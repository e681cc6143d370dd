"""What the token map draws: the rows a projection placed, with labels, categories, norms and highlights.

Every placed row is drawn, never a sample; rows with non-finite coordinates have no point.
"""

from __future__ import annotations

import csv
import io
import itertools
from typing import TYPE_CHECKING, Iterable

import numpy as np
import re2

from dashboard.errors import QueryError
from dashboard.i18n import msg
from dashboard.maps.result import Projection

if TYPE_CHECKING:  # pandas is slow to import; only the frames below need it
    import pandas as pd

#: Word-start markers ignored when a highlight word is compared with tokens.
_MARKERS = ("##", "␣", "Ġ", "\u2581")
#: Longest highlight query, in characters (the page's field and its URL parameter hold the same bound).
MAX_QUERY_CHARS = 200
#: Memory RE2 may use to compile one highlight pattern, in bytes; a pattern needing more is refused.
REGEX_MAX_MEM = 8 << 20
#: Highlighted tokens written next to their point, at most.
MAX_TEXT_LABELS = 40


def _strip_marker(text: str) -> str:
    for marker in _MARKERS:
        if text.startswith(marker):
            return text[len(marker):]
    return text


def _compile_highlight(query: str, one_line: bool) -> re2._Regexp:
    options = re2.Options()
    options.log_errors = False  # RE2 would print every refused pattern to the server's stderr
    options.max_mem = REGEX_MAX_MEM
    options.never_nl = one_line  # no match can span a newline, i.e. two tokens of the joined text
    try:
        return re2.compile(f"(?m)(?:{query})[^\\n]*" if one_line else query, options)
    except re2.error as error:
        reason = error.args[0].decode(errors="replace") if error.args and isinstance(error.args[0], bytes) else error
        raise QueryError(msg("err.token_map.bad_regex", query=query, reason=str(reason))) from error


def _matching_strings(query: str, strings: Iterable[str]) -> set[str]:
    """The strings in which the RE2 pattern ``query`` finds a match.

    Strings without a newline are joined one a line and scanned once (``(?m)``; ``never_nl``; ``[^\\n]*`` runs a match
    to its line's end, so at most two matches a line); strings holding a newline are searched one by one.
    """
    lines, multiline = [], []
    for text in strings:
        (multiline if "\n" in text else lines).append(text)
    encoded = [text.encode("utf-8", "surrogatepass") for text in lines]
    starts = np.cumsum([0] + [len(b) + 1 for b in encoded])  # (n_lines + 1,) byte offset of each line
    buffer = b"\n".join(encoded)
    # Compiled alone first: a pattern that compiles alone is balanced, so the group around it below cannot be
    # closed early by a ")" in it (which would let matches stop short of the line's end and multiply).
    whole = _compile_highlight(query, one_line=False)
    pattern = _compile_highlight(query, one_line=True)
    matches = itertools.islice(pattern.finditer(buffer), 2 * len(lines) + 1)  # at most two a line, see above
    match_starts = np.fromiter((match.start() for match in matches), np.int64)
    found = {lines[i] for i in np.unique(np.searchsorted(starts, match_starts, side="right") - 1)}
    found.update(text for text in multiline if whole.search(text.encode("utf-8", "surrogatepass")))
    return found


def match_tokens(query: str, display: list[str] | tuple[str, ...], raw: list[str] | tuple[str, ...],
                 regex: bool = False) -> np.ndarray:
    """Which tokens a search highlights: ``(n_tokens,)`` bool, all False for an empty query.

    ``query`` (at most :data:`MAX_QUERY_CHARS` characters) is, with ``regex=False``, words separated by commas, a token
    matching a word equal to it ignoring case and word-start markers (``cat`` finds ``Ġcat``, ``##cat``); with
    ``regex=True``, an RE2 expression (https://github.com/google/re2/wiki/Syntax; linear time, so no pattern can hold
    a core) searched in the readable ``display`` and stored ``raw`` strings (by id, same length).

    Raises:
        QueryError: ``query`` is longer than :data:`MAX_QUERY_CHARS`, or is not a regular expression RE2 accepts
            within its memory budget.
    """
    if len(query) > MAX_QUERY_CHARS:
        raise QueryError(msg("err.token_map.highlight_too_long", count=len(query), limit=MAX_QUERY_CHARS))
    if not query.strip():
        return np.zeros(len(display), bool)
    if regex:
        found = _matching_strings(query, dict.fromkeys((*display, *raw)))
        return np.fromiter((d in found or r in found for d, r in zip(display, raw)), bool, count=len(display))
    words = {w.strip().casefold() for w in query.split(",") if w.strip()}
    return np.fromiter((_strip_marker(d).casefold() in words or _strip_marker(r).casefold() in words
                        for d, r in zip(display, raw)), bool, count=len(display))


def token_map_frame(projection: Projection, *, labels: list[str] | tuple[str, ...],
                    raw: list[str] | tuple[str, ...], categories: np.ndarray, norms: np.ndarray,
                    highlighted: np.ndarray) -> pd.DataFrame:
    """One row per placed row (finite coordinates), tidy, for :func:`dashboard.maps.chart.token_map_figure`.

    ``labels``, ``raw``, ``categories`` (str), ``norms`` (float32) and ``highlighted`` (bool) have one entry per table
    row. Columns: ``id`` (int32), ``token``, ``raw``, ``category`` (categorical), ``norm`` (float32), ``highlighted``,
    ``label`` (the token for the first :data:`MAX_TEXT_LABELS` highlighted points, else empty), ``x``, ``y`` (3D:
    ``z``) float32.
    """
    import pandas as pd

    ids = np.flatnonzero(np.isfinite(projection.coords).all(axis=1))
    frame = pd.DataFrame({
        "id": ids.astype(np.int32),
        "token": [labels[i] for i in ids],
        "raw": [raw[i] for i in ids],
        "category": pd.Categorical(categories[ids]),
        "norm": norms[ids].astype(np.float32),
        "highlighted": highlighted[ids],
    })
    shown = set(ids[highlighted[ids]][:MAX_TEXT_LABELS].tolist())
    frame["label"] = [labels[i] if i in shown else "" for i in ids]
    for axis, name in enumerate("xyz"[:projection.dims]):
        frame[name] = projection.coords[ids, axis]
    return frame


def coordinates_frame(projection: Projection, labels: list[str] | tuple[str, ...]) -> pd.DataFrame:
    """Every row's coordinates, for the CSV export and ``python -m dashboard project``.

    Columns ``id`` (0-based), ``token``, ``x``, ``y`` (3D: ``z``), in id order; NaN where the method placed no row.
    """
    import pandas as pd

    frame = pd.DataFrame({"id": np.arange(projection.n_rows), "token": list(labels)})
    for axis, name in enumerate("xyz"[:projection.dims]):
        frame[name] = projection.coords[:, axis]
    return frame


def coordinates_csv(projection: Projection, labels: list[str] | tuple[str, ...]) -> bytes:
    """:func:`coordinates_frame` as UTF-8 CSV, byte for byte what ``csv_bytes`` writes, without importing pandas.

    Coordinates as NumPy prints a float32 (``0.12345679``); NaN is an empty cell.
    """
    cells = projection.coords.astype(np.float32).astype(str)
    cells[np.isnan(projection.coords)] = ""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["id", "token", *"xyz"[:projection.dims]])
    writer.writerows(zip(range(projection.n_rows), labels, *cells.T.tolist()))
    return buffer.getvalue().encode("utf-8")
