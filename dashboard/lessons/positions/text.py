"""Text about a position table: position ranges, and what the untrained rows suggest.

Plain functions shared by the Positions page and ``python -m dashboard positions``; sentences are catalogue
messages (:class:`~dashboard.i18n.Text`), rendered in the reader's language.
"""

from __future__ import annotations

from typing import NamedTuple

from dashboard.analysis.untrained_rows import (
    UNTRAINED_SIGMAS,
    sinusoidal_neighbour_cosine,
    untrained_detectable,
    untrained_threshold,
)
from dashboard.i18n import Text, msg, plural_key

#: Architectures whose first block does not receive the plain sum -> the message saying what it receives. BERT
#: applies its embedding LayerNorm (transformers' ``BertEmbeddings.forward``) to the sum; GPT-2 adds rows only.
FIRST_BLOCK_INPUTS = {
    "bert": "positions.first_block.bert",
}

#: Fewest rows the page's views need (offsets, PCA and the closeness measure compare pairs of pairs).
MIN_ROWS = 3

#: Share of flagged rows above which the whole table counts as untrained: random rows pass the test now and then,
#: so in a mostly random table the few that pass, and the runs between them, say nothing about a context length.
MOSTLY_UNTRAINED = 0.5


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


def _positions(count: int) -> Text:
    return msg(plural_key("positions.count", count), count=count)


class Verdict(NamedTuple):
    """What the page says about untrained-looking rows.

    Attributes:
        alarming: True when some rows look untrained (shown as a warning).
        text: one or two sentences (a catalogue message).
    """

    alarming: bool
    text: Text


def describe_untrained(untrained: list[int], tail_start: int | None, n_positions: int, *,
                       d_model: int | None = None) -> Verdict:
    """Say which of the ``n_positions`` positions look untrained and what that suggests.

    Args:
        untrained: 0-based flagged positions (``untrained_positions``).
        tail_start: first position of the flagged run ending at the last row, or ``None`` (``untrained_tail_start``).
        d_model: width; up to 18 the test cannot tell trained rows from random ones, and the verdict says so.

    Returns:
        A :class:`Verdict`. A run ending at the last row suggests the training context length only when it starts
        after position 0 and at most :data:`MOSTLY_UNTRAINED` of the rows are flagged.
    """
    if n_positions < 2:
        return Verdict(False, msg("positions.untrained.too_short", positions=_positions(n_positions)))
    if d_model is not None and not untrained_detectable(d_model):
        return Verdict(False, msg("positions.untrained.undetectable", d_model=d_model, sigmas=UNTRAINED_SIGMAS,
                                  threshold=untrained_threshold(d_model),
                                  sinusoidal=sinusoidal_neighbour_cosine(d_model)))
    if not untrained:
        return Verdict(False, msg("positions.untrained.none"))
    if len(untrained) == n_positions:
        return Verdict(True, msg("positions.untrained.all", n_positions=n_positions))
    if len(untrained) > MOSTLY_UNTRAINED * n_positions:
        passed = sorted(set(range(n_positions)) - set(untrained))
        return Verdict(True, msg(plural_key("positions.untrained.most", len(passed)), count=len(untrained),
                                 n_positions=n_positions, passed=len(passed), ranges=format_position_ranges(passed)))
    counts = {"count": len(untrained), "n_positions": n_positions, "ranges": format_position_ranges(untrained)}
    if tail_start is not None and tail_start > 0:
        return Verdict(True, msg("positions.untrained.some_tail", **counts, tail_start=tail_start,
                                 positions=_positions(tail_start)))
    return Verdict(True, msg("positions.untrained.some", **counts))


def first_block_input(architecture: str, *, has_token_type: bool) -> Text:
    """One sentence (a catalogue message): the vector ``x_t`` the first block receives at position t.

    The plain sum (and the token-type row if ``has_token_type``) unless :data:`FIRST_BLOCK_INPUTS` has ``architecture``.
    """
    if architecture in FIRST_BLOCK_INPUTS:
        return msg(FIRST_BLOCK_INPUTS[architecture])
    return msg("positions.first_block.sum_with_type" if has_token_type else "positions.first_block.sum")


def too_few_rows_message(n_positions: int) -> Text:
    """Why the page shows nothing more for a table of fewer than :data:`MIN_ROWS` rows (a catalogue message)."""
    return msg(plural_key("positions.too_few_rows", n_positions),
               rows=n_positions, min_rows=MIN_ROWS)
