"""Text about a position table for people: position ranges, and what the untrained rows suggest.

Plain functions (no Streamlit), shared by the Positions page and ``python -m dashboard positions``;
right in every case (all rows flagged, one row, none).
"""

from __future__ import annotations

from typing import NamedTuple

from dashboard.analysis.untrained_rows import sinusoidal_neighbour_cosine, untrained_detectable, untrained_threshold

#: Architectures whose first block does not receive the plain sum: what it receives instead, written out.
#: BERT normalises each token's sum with its embedding LayerNorm (``embeddings.LayerNorm`` in transformers'
#: ``BertEmbeddings.forward``) before the first encoder layer; the GPT-2 family adds the rows and nothing else.
FIRST_BLOCK_INPUTS = {
    "bert": ("LayerNorm(token_embedding[id_t] + position_embedding[t] + token_type_embedding[segment]): BERT "
             "normalises each token's sum with its embedding LayerNorm before the first block"),
}

#: Fewest rows the page's views need (offsets, PCA and the closeness measure compare pairs of pairs).
MIN_ROWS = 3


def format_position_ranges(positions: list[int], *, limit: int = 12) -> str:
    """``[3, 7, 8, 9]`` -> ``3, 7-9`` for people; at most ``limit`` runs, then ``...``; ``none`` when empty."""
    if not positions:
        return "none"
    runs: list[list[int]] = []
    for p in sorted(positions):
        if runs and p == runs[-1][1] + 1:
            runs[-1][1] = p
        else:
            runs.append([p, p])
    shown = [str(a) if a == b else f"{a}-{b}" for a, b in runs[:limit]]
    return ", ".join(shown) + (", ..." if len(runs) > limit else "")


def _positions(count: int) -> str:
    return f"{count:,} position" + ("" if count == 1 else "s")


class Verdict(NamedTuple):
    """What the page says about untrained-looking rows.

    Attributes:
        alarming: True when some rows look untrained (shown as a warning).
        text: one or two sentences for people.
    """

    alarming: bool
    text: str


def describe_untrained(untrained: list[int], tail_start: int | None, n_positions: int, *,
                       d_model: int | None = None) -> Verdict:
    """Say which positions look untrained and what that suggests.

    Args:
        untrained: 0-based flagged positions (``untrained_positions``).
        tail_start: first position of the flagged run that ends at the last
            row, or ``None`` (``untrained_tail_start``).
        n_positions: rows of the table.
        d_model: width of the table; up to 18 the test cannot tell trained
            rows from random ones, and the verdict says so.

    Returns:
        A :class:`Verdict`. A run ending at the last row suggests the context
        length used in training, but only when it starts after position 0: a
        table flagged everywhere says nothing about a context length.
    """
    if n_positions < 2:
        return Verdict(False, f"The table has {_positions(n_positions)}: with no neighbouring row to compare, "
                              "untrained rows cannot be detected.")
    if d_model is not None and not untrained_detectable(d_model):
        return Verdict(False, f"Untrained rows cannot be detected at d_model = {d_model}: the cosine of two random "
                              f"rows of so few dimensions is often as high as that of trained neighbours (the "
                              f"threshold 4 / sqrt(d_model) is {untrained_threshold(d_model):.3f}, not below the "
                              f"{sinusoidal_neighbour_cosine(d_model):.3f} of neighbouring rows of the smooth "
                              "sinusoidal table), so no row is flagged.")
    if not untrained:
        return Verdict(False, "No position looks untrained: every row is related to its neighbours or to another row.")
    if len(untrained) == n_positions:
        return Verdict(True, f"All {n_positions:,} positions look untrained: no row is related to its neighbours, "
                             "as in a freshly initialised table. Either this table was never trained (a new model, "
                             "or one whose positions were frozen), or its rows do not vary smoothly with position.")
    text = f"{len(untrained):,} of {n_positions:,} positions look untrained: {format_position_ranges(untrained)}."
    if tail_start is not None and tail_start > 0:
        text += (f" The run from position {tail_start:,} to the end suggests training used a context of "
                 f"{_positions(tail_start)}.")
    return Verdict(True, text)


def first_block_input(architecture: str, *, has_token_type: bool) -> str:
    """One sentence: the vector the first block receives at position t, for this architecture.

    Args:
        architecture: canonical name (``bert``, ``gpt2``, ``opt`` ...).
        has_token_type: the checkpoint has a token-type (segment) table.

    Returns:
        ``x_t = ...`` written out; the plain sum unless :data:`FIRST_BLOCK_INPUTS` says otherwise.
    """
    if architecture in FIRST_BLOCK_INPUTS:
        return f"The first block receives x_t = {FIRST_BLOCK_INPUTS[architecture]}."
    return ("The first block receives x_t = token_embedding[id_t] + position_embedding[t]"
            + (" + token_type_embedding[segment]." if has_token_type else "."))


def too_few_rows_message(n_positions: int) -> str:
    """Why the page shows nothing more for a table of fewer than :data:`MIN_ROWS` rows."""
    return (f"The position table has only {n_positions:,} row{'' if n_positions == 1 else 's'}; "
            f"the views below need at least {MIN_ROWS}.")
