"""Weight tying decided from the tensors, with the evidence.

A flag (``tie_word_embeddings``) says what a model was configured to do; the
tensors say what the checkpoint holds. The verdict comes from the tensors,
and a disagreeing flag is reported beside it, never used instead, with one
exception: a head stored separately whose values equal the token table's.
Values cannot tell one tied matrix saved twice from two independent matrices
that are equal today, so there the flag decides: ``tie_word_embeddings=false``
makes ``transformers`` build two independent matrices (``untied``, both
counted), ``true`` makes it reuse one (``tied-equal-copy``), and with no flag
the verdict stays ``tied-equal-copy`` marked ``ambiguous``, its evidence
saying that equal values alone cannot tell.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from dashboard.tables import Tying


def decide_tying(
    token: np.ndarray,
    head: np.ndarray | None,
    *,
    head_key: str | None,
    token_key: str,
    shares_storage: bool = False,
    head_expected: bool,
    config_tied: bool | None = None,
    config_source: str = "the config",
) -> Tying:
    """Decide whether the output head reuses the token table.

    Args:
        token: token table ``(vocab_size, d_model)``.
        head: stored output head ``(vocab_size, d_model)`` or ``None`` when absent.
        head_key / token_key: tensor names, quoted in the evidence.
        shares_storage: the container stores both names over one buffer.
        head_expected: the model class has an output head, so an absent one
            means it is tied (``tied-implied``) rather than missing (``no-head``).
        config_tied: ``tie_word_embeddings`` from the config, if any.
        config_source: where ``config_tied`` came from (``config.json``), for the evidence.

    Returns:
        The :class:`~dashboard.tables.Tying` verdict. ``max_abs_diff`` is
        ``max |head - token|`` whenever both are present with equal shapes.
    """
    if shares_storage:
        tying = Tying("tied-shared", f"{head_key!r} and {token_key!r} are one stored tensor (same storage)", 0.0)
    elif head is None and head_expected:
        tying = Tying("tied-implied", f"the model class needs an output head but the checkpoint stores none; "
                      f"it reuses {token_key!r}")
    elif head is None:
        tying = Tying("no-head", "the checkpoint has no output head (an encoder or base model)")
    elif head.shape != token.shape:
        tying = Tying("untied", f"{head_key!r} has shape {head.shape}, {token_key!r} has shape {token.shape}")
    else:
        diff = max_abs_difference(head, token)
        if diff == 0.0:
            tying = _equal_copy(head_key, token_key, config_tied, config_source)
        else:
            tying = Tying("untied", f"{head_key!r} differs from {token_key!r}: largest absolute difference "
                          f"{diff:.4g}", diff)
    if config_tied is not None and config_tied != tying.is_tied and tying.verdict != "no-head":
        note = (f"the config says tie_word_embeddings={str(config_tied).lower()}, "
                f"but the tensors show {tying.label}")
        tying = replace(tying, config_note=note)
    return tying


def _equal_copy(head_key: str | None, token_key: str, config_tied: bool | None, config_source: str) -> Tying:
    """The verdict for a separately stored head equal to the token table: the flag decides (module docstring)."""
    equal = f"{head_key!r} is stored separately and equals {token_key!r} exactly"
    if config_tied is False:
        return Tying("untied", f"{equal} today, but {config_source} sets tie_word_embeddings=false, so transformers "
                     "builds two independent matrices that only hold equal values now (a change to one leaves the "
                     "other as it is)", 0.0)
    if config_tied:
        return Tying("tied-equal-copy", f"{equal}, and {config_source} sets tie_word_embeddings=true, so transformers "
                     "uses one matrix for both: one matrix saved twice", 0.0)
    return Tying("tied-equal-copy", f"{equal}; no config sets tie_word_embeddings, and equal values alone cannot tell "
                 "one tied matrix saved twice from two independent matrices that are equal now (counted once, "
                 "as a tie would be)", 0.0, ambiguous=True)


def max_abs_difference(a: np.ndarray, b: np.ndarray, block_rows: int = 1024) -> float:
    """``max |a - b|`` over two equal-shape tables, a block of rows at a time.

    Blocks keep the temporary difference small: on a (32000, 4096) table the
    whole difference would be another 0.5 GB. NaN anywhere gives NaN.
    """
    largest = 0.0
    for start in range(0, a.shape[0], block_rows):
        block = float(np.max(np.abs(a[start:start + block_rows] - b[start:start + block_rows]), initial=0.0))
        if block != block:  # NaN: the tables are not comparable, say so rather than hide it
            return block
        largest = max(largest, block)
    return largest
