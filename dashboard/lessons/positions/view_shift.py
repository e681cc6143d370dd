"""The Positions page's shift experiment: one query and one key scored at (m, n) and at (m + k, n + k).

On a rotary model a head-sized slice of two token rows turns with the model's own ``rope_theta``, beside the
bundled GPT's learned table and the sinusoidal reference; on a model with a learned table, that table and the
reference. The arithmetic is :mod:`dashboard.lessons.positions.shift`; every sentence carries its measured numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
import streamlit as st

from dashboard.lessons.positions.shift import (
    Scorer,
    ShiftScores,
    SumParts,
    distance_score_frame,
    rotary_scorer,
    shift_scores,
    sinusoidal_rows,
    sum_parts,
    sum_scorer,
)
from dashboard.analysis.queries import TermResolver
from dashboard.lessons.positions.rotary import read_rotary_settings, rotary_frequencies
from dashboard.lessons.positions.charts import PAIRS, shift_distance_chart
from dashboard.errors import ExplorerError, QueryError
from dashboard.i18n import Text, msg, render, t
from dashboard.markdown_text import code_span, escape_markdown
from dashboard.tables import EmbeddingTables
from dashboard.ui.loading import get_tables

QUERY_KEY = "positions_shift_query"
KEY_KEY = "positions_shift_key"
M_KEY = "positions_shift_m"
N_KEY = "positions_shift_n"
SHIFT_KEY = "positions_shift_k"
SLICE_KEY = "positions_shift_slice"
#: Widget key -> first value: two words every bundled vocabulary holds as tokens, and positions whose charted window
#: (m - n +- WINDOW, shifted by k) fits the bundled GPT's 256 rows; :func:`_seed` scales them for shorter tables.
DEFAULTS = {QUERY_KEY: "data", KEY_KEY: "file", M_KEY: 80, N_KEY: 70, SHIFT_KEY: 100, SLICE_KEY: 0}
#: The learned table shown beside a rotary model, which has none: the bundled GPT's.
LEARNED_REFERENCE = "tiny-gpt-pydocs"
#: Positions offered when a rotary config states no context length.
UNSTATED_CONTEXT = 4096
#: Distances charted on each side of the chosen m - n.
WINDOW = 64
#: Two lines whose largest gap is at most this share of the largest |score| are said to coincide (float64 rounding).
SAME = 1e-9


@dataclass(frozen=True)
class Scheme:
    """One row of the experiment.

    Attributes:
        kind: ``rotary``, ``learned`` or ``sinusoidal``.
        label: its name in the table and the charts.
        scorer: ``(m, n) -> score`` (:mod:`dashboard.lessons.positions.shift`).
        last: the last 0-based position it can score.
        table, rows: the position table and the two token rows ``(a, b)`` it is added to (``None`` for rotary).
        float32: the same score with every step in float32 (rotary only).
    """

    kind: str
    label: Text
    scorer: Scorer
    last: int
    table: np.ndarray | None = None
    rows: tuple[np.ndarray, np.ndarray] | None = None
    float32: Scorer | None = None

    def parts(self, m: int, n: int) -> SumParts:
        return sum_parts(*self.rows, self.table, m, n)


def _seed(resolver: TermResolver, last: int, slices: int | None) -> None:
    """First widget values, kept inside this model's positions and vocabulary (``#1``, ``#2`` for missing words)."""
    first = dict(DEFAULTS)
    scale = min(1.0, last / 255)  # the bundled GPT's last row
    first[M_KEY], first[N_KEY] = int(first[M_KEY] * scale), int(first[N_KEY] * scale)
    first[SHIFT_KEY] = max(0, min(first[SHIFT_KEY], last - first[M_KEY]))
    for key, default in first.items():
        st.session_state.setdefault(key, default)
    for key in (M_KEY, N_KEY, SHIFT_KEY):
        st.session_state[key] = min(int(st.session_state[key]), last)
    if slices is not None:
        st.session_state[SLICE_KEY] = min(int(st.session_state[SLICE_KEY]), slices - 1)
    for key, fallback in ((QUERY_KEY, "#1"), (KEY_KEY, "#2")):
        if st.session_state[key] == DEFAULTS[key] and not resolver.is_token("\u2423" + DEFAULTS[key]) \
                and not resolver.is_token(DEFAULTS[key]):
            st.session_state[key] = fallback


def _widgets(last: int, slices: int | None, slice_help: str | None) -> tuple[str, str, int, int, int, int]:
    """The experiment's inputs: two tokens, m, n and k, and on a rotary model the head-sized slice."""
    tokens = st.columns(2)
    help_text = t("positions.shift.token_help")
    query = tokens[0].text_input(t("positions.shift.query"), key=QUERY_KEY, help=help_text)
    key = tokens[1].text_input(t("positions.shift.key"), key=KEY_KEY, help=help_text)
    cols = st.columns(4 if slices is not None else 3)
    m = cols[0].number_input(t("positions.shift.m"), min_value=0, max_value=last, step=1, key=M_KEY)
    n = cols[1].number_input(t("positions.shift.n"), min_value=0, max_value=last, step=1, key=N_KEY)
    shift = cols[2].number_input(t("positions.shift.k"), min_value=0, max_value=last, step=1, key=SHIFT_KEY)
    head = 0
    if slices is not None:
        head = cols[3].number_input(t("positions.shift.slice"), min_value=0, max_value=slices - 1, step=1,
                                    key=SLICE_KEY, help=slice_help)
    return query, key, int(m), int(n), int(shift), int(head)


def _token_rows(tables: EmbeddingTables, resolver: TermResolver, query: str, key: str) -> tuple[np.ndarray, ...]:
    """The token rows of the typed query and key (exact tokens, word-initial forms or #id; words are not split).

    Raises:
        QueryError: a text is empty, or not one token of this vocabulary.
    """
    rows = []
    for text, field in ((query, "positions.shift.query"), (key, "positions.shift.key")):
        if not text.strip():
            raise QueryError(msg("positions.shift.empty_token", field=msg(field)))
        try:
            rows.append(tables.token[resolver.resolve(text).ids[0]])
        except QueryError:
            raise QueryError(msg("positions.shift.not_a_token", text=code_span(text.strip() or " "),
                                 name=escape_markdown(tables.name), vocab_size=tables.vocab_size)) from None
    return tuple(rows)


def _learned_reference(query: str, key: str) -> tuple[EmbeddingTables, tuple] | None:
    """The bundled GPT's tables and the two tokens' rows in its vocabulary, or ``None`` with the reason shown."""
    try:
        reference = get_tables(LEARNED_REFERENCE)
        return reference, _token_rows(reference, TermResolver(reference, None), query, key)
    except QueryError as error:  # its Markdown is made safe where it is made
        reason = render(error)
    except ExplorerError as error:
        reason = escape_markdown(render(error))
    st.info(t("positions.shift.learned_missing", error=reason), icon=":material/info:")
    return None


def _schemes(tables: EmbeddingTables, rows: tuple, top: int, last: int, query: str, key: str,
             head: int) -> list[Scheme]:
    """The rows of the experiment for ``tables``; ``top`` is the highest position any of them will be asked for."""
    name = escape_markdown(tables.name)
    schemes, lines = [], []
    if tables.position_kind == "rotary":
        settings = read_rotary_settings(tables.d_model, tables.hyperparameters)
        start, width = head * settings.head_dim, settings.head_dim
        q, k = (row[start:start + width] for row in rows)
        inv_freq = rotary_frequencies(settings.rotary_dim, settings.rope_theta)
        schemes.append(Scheme("rotary", msg("positions.shift.scheme.rotary", name=tables.name),
                              rotary_scorer(q, k, inv_freq), last, float32=rotary_scorer(q, k, inv_freq, np.float32)))
        lines.append(msg("positions.shift.vectors_rotary", name=name, start=start, end=start + width - 1,
                         head_dim=width, theta=settings.rope_theta, pairs=settings.rotary_dim // 2))
        reference = _learned_reference(query, key)
        if reference is not None:
            other, other_rows = reference
            schemes.append(Scheme("learned", msg("positions.shift.scheme.learned", name=other.name),
                                  sum_scorer(*other_rows, other.position), other.n_positions - 1, other.position,
                                  other_rows))
            lines.append(msg("positions.shift.vectors_learned_other", name=escape_markdown(other.name), model=name))
    else:
        schemes.append(Scheme("learned", msg("positions.shift.scheme.learned", name=tables.name),
                              sum_scorer(*rows, tables.position), last, tables.position, rows))
        lines.append(msg("positions.shift.vectors_learned", name=name))
    sinusoidal = sinusoidal_rows(np.arange(top + 1), tables.d_model)
    schemes.append(Scheme("sinusoidal", msg("positions.shift.scheme.sinusoidal"), sum_scorer(*rows, sinusoidal),
                          last, sinusoidal, rows))
    lines.append(msg("positions.shift.vectors_sinusoidal", name=name, d_model=tables.d_model))
    st.markdown("\n".join(f"- {render(line)}" for line in lines))
    return schemes


def shift_table_frame(schemes: list[Scheme], scores: list[ShiftScores | None], m: int, n: int,
                      shift: int) -> pd.DataFrame:
    """One row per scheme: its scores before and after the shift, formatted; ``-`` where it has no row."""
    def shown(value: float | None, spec: str) -> str:
        return "-" if value is None else format(value, spec)

    def field(name: str) -> list[float | None]:
        return [None if score is None else getattr(score, name) for score in scores]

    relative = [None if s is None or s.before == 0 else abs(s.difference) / abs(s.before) for s in scores]
    return pd.DataFrame({
        t("positions.shift.col.scheme"): [render(scheme.label) for scheme in schemes],
        t("positions.shift.col.before", m=m, n=n): [shown(v, ".6g") for v in field("before")],
        t("positions.shift.col.after", m=m + shift, n=n + shift): [shown(v, ".6g") for v in field("after")],
        t("positions.shift.col.difference"): [shown(v, ".2e") for v in field("difference")],
        t("positions.shift.col.relative"): [shown(r, ".2e") for r in relative],
    })


def _result(scheme: Scheme, scores: ShiftScores, m: int, n: int, shift: int) -> Text:
    """The sentence under the table for one scheme, with what it measured."""
    if scheme.kind == "rotary":
        return msg("positions.shift.rotary_result", scheme=scheme.label, before=scores.before, after=scores.after,
                   difference=scores.difference, difference32=shift_scores(scheme.float32, m, n, shift).difference)
    before, after = scheme.parts(m, n), scheme.parts(m + shift, n + shift)
    return msg("positions.shift.sum_result", scheme=scheme.label, before=scores.before, after=scores.after,
               difference=scores.difference, token_position=after.token_position - before.token_position,
               position_position=after.position_position - before.position_position, token_token=before.token_token)


def render_shift_experiment(tables: EmbeddingTables) -> None:
    """The experiment, for a rotary model or one with a learned table; errors shown, not raised."""
    rotary = tables.position_kind == "rotary"
    if rotary:
        try:
            settings = read_rotary_settings(tables.d_model, tables.hyperparameters)
        except ExplorerError:
            return  # the rotary panel above has said why
        context = tables.hyperparameters.get("n_positions")
        positions, slices = context or UNSTATED_CONTEXT, tables.d_model // settings.head_dim
        where = (msg("positions.shift.context_rotary", name=tables.name, context=positions) if context
                 else msg("positions.shift.context_unstated", context=positions))
        slice_help = t("positions.shift.slice_help", head_dim=settings.head_dim, last=settings.head_dim - 1)
    else:
        positions, slices, slice_help = tables.n_positions, None, None
        where = msg("positions.shift.context_learned", name=tables.name, context=positions)
    last = positions - 1
    st.subheader(t("positions.shift.subheader"))
    st.markdown(t("positions.shift.intro"))
    resolver = TermResolver(tables, None)
    _seed(resolver, last, slices)
    query, key, m, n, shift, head = _widgets(last, slices, slice_help)
    try:
        rows = _token_rows(tables, resolver, query, key)
    except ExplorerError as error:
        st.error(render(error))
        return
    if max(m, n) + shift > last:
        st.warning(t("positions.shift.past_end", m=m + shift, n=n + shift, last=last, context=where))
        return
    top = min(last, max(m, n) + shift + WINDOW)
    schemes = _schemes(tables, rows, top, last, query, key, head)
    scores = [shift_scores(s.scorer, m, n, shift) if max(m, n) + shift <= s.last else None for s in schemes]
    st.dataframe(shift_table_frame(schemes, scores, m, n, shift), hide_index=True)
    for scheme, score in zip(schemes, scores):
        if score is None:
            st.caption(t("positions.shift.past_table", scheme=scheme.label, rows=scheme.last + 1, last=scheme.last,
                         position=max(m, n) + shift))
            continue
        lines = [_result(scheme, score, m, n, shift)]
        if scheme.kind == "sinusoidal" and tables.d_model % 2 == 0:
            lines.append(msg("positions.shift.sinusoidal_why"))
        st.caption(" ".join(render(line) for line in lines))
    _charts([scheme for scheme, score in zip(schemes, scores) if score is not None], m, n, shift)


def _charts(schemes: list[Scheme], m: int, n: int, shift: int) -> None:
    """Score against m - n around the chosen distance, one chart per scheme, and the gap between its two lines."""
    distances = np.arange(m - n - WINDOW, m - n + WINDOW + 1)
    drawn = [(scheme, distance_score_frame(scheme.scorer, n, shift, distances, scheme.last)) for scheme in schemes]
    gaps, rotary_span = [], None
    for col, (scheme, frame) in zip(st.columns(len(drawn)), drawn):
        col.altair_chart(shift_distance_chart(frame, title=render(scheme.label), distance=m - n), width="stretch")
        lines = frame.pivot(index="distance", columns="pair", values="score").reindex(columns=PAIRS).dropna()
        if lines.empty:
            continue
        gap = float(np.abs(lines[PAIRS[1]] - lines[PAIRS[0]]).max())
        gaps.append(t("positions.shift.gap", scheme=scheme.label, gap=gap, low=int(lines.index.min()),
                      high=int(lines.index.max())))
        if scheme.kind == "rotary" and gap <= SAME * float(np.abs(lines[PAIRS[0]]).max()):
            rotary_span = lines[PAIRS[0]]
    text = [t("positions.shift.chart_caption", n=n, shifted=n + shift, low=int(distances[0]), high=int(distances[-1]),
              window=WINDOW, distance=m - n, gaps="; ".join(gaps))]
    if rotary_span is not None:
        text.append(t("positions.shift.rotary_range", low=float(rotary_span.min()), high=float(rotary_span.max())))
    st.caption(" ".join(text))
