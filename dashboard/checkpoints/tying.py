"""Weight tying decided from the tensors, with the evidence.

A ``tie_word_embeddings`` flag that disagrees is reported beside the verdict, never used instead, except where values
cannot decide: a separate head equal to the token table follows the flag as ``transformers`` builds the model
(``false`` -> ``untied``, ``true`` -> ``tied-equal-copy``, none -> ``tied-equal-copy`` marked ``ambiguous``), and
no head stored with the flag ``false`` is ``no-head`` marked ``head_missing`` (transformers starts a random one).
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from dashboard.errors import ShapeMismatchError
from dashboard.i18n import msg
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
    config_source: str | None = None,
) -> Tying:
    """Decide whether the output head reuses the token table.

    Args:
        token: ``(vocab_size, d_model)`` float32 token table.
        head: ``(vocab_size, d_model)`` float32 stored output head, or ``None`` when absent.
        head_key / token_key: tensor names, quoted in the evidence.
        shares_storage: the container stores both names over one buffer.
        head_expected: the model class has an output head, so an absent one is tied (``tied-implied``), unless
            ``config_tied`` is ``False``.
        config_tied: ``tie_word_embeddings`` from the config, if any.
        config_source: where ``config_tied`` came from (``config.json``); ``None``: "the config".

    Returns:
        The verdict; ``max_abs_diff`` is ``max |head - token|`` whenever both are present.

    Raises:
        ShapeMismatchError: a stored head whose shape is not the token table's (a head has one ``d_model`` row for
            each token of the vocabulary, as the token table has).
    """
    if shares_storage:
        tying = Tying("tied-shared", msg("tying.shared", head=repr(head_key), token=repr(token_key)), 0.0)
    elif head is None and head_expected and config_tied is False:
        tying = Tying("no-head", msg("tying.head_missing", source=config_source or msg("tying.the_config"),
                                     head=repr(head_key)), head_missing=True)
    elif head is None and head_expected:
        tying = Tying("tied-implied", msg("tying.implied", token=repr(token_key)))
    elif head is None:
        tying = Tying("no-head", msg("tying.no_head"))
    elif head.shape != token.shape:
        raise ShapeMismatchError(msg("err.tying.head_shape", head=repr(head_key), token=repr(token_key),
                                     head_shape=" x ".join(map(str, head.shape)),
                                     token_shape=" x ".join(map(str, token.shape))))
    else:
        diff = max_abs_difference(head, token)
        if diff == 0.0:
            tying = _equal_copy(head_key, token_key, config_tied, config_source)
        else:
            tying = Tying("untied", msg("tying.values_differ", head=repr(head_key), token=repr(token_key),
                                        diff=diff), diff)
    if config_tied is not None and config_tied != tying.is_tied and tying.verdict != "no-head":
        note = msg("tying.config_disagrees", flag=str(config_tied).lower(), label=tying.label)
        tying = replace(tying, config_note=note)
    return tying


def _equal_copy(head_key: str | None, token_key: str, config_tied: bool | None, config_source: str | None) -> Tying:
    """The verdict for a separately stored head equal to the token table: the flag decides (module docstring)."""
    names = {"head": repr(head_key), "token": repr(token_key)}
    config_source = config_source or msg("tying.the_config")
    if config_tied is False:
        return Tying("untied", msg("tying.equal_but_flag_false", source=config_source, **names), 0.0)
    if config_tied:
        return Tying("tied-equal-copy", msg("tying.equal_and_flag_true", source=config_source, **names), 0.0)
    return Tying("tied-equal-copy", msg("tying.equal_no_flag", **names), 0.0, ambiguous=True)


def max_abs_difference(a: np.ndarray, b: np.ndarray, block_rows: int = 1024) -> float:
    """``max |a - b|`` over two equal-shape tables, a block of rows at a time; NaN anywhere gives NaN."""
    largest = 0.0
    for start in range(0, a.shape[0], block_rows):
        block = float(np.max(np.abs(a[start:start + block_rows] - b[start:start + block_rows]), initial=0.0))
        if block != block:  # NaN: the tables are not comparable, say so rather than hide it
            return block
        largest = max(largest, block)
    return largest
