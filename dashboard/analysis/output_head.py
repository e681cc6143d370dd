"""The output head as a table: which rows the model predicts a token with, and whether they are the token table's.

The output head (unembedding) is a ``(vocab_size, d_model)`` matrix: the
logit of token ``i`` is ``head[i] · h`` for the last hidden state ``h``. Row
``i`` of the token table is how the model *reads* token ``i``; row ``i`` of
the head is how it *predicts* it. With weight tying the two are one matrix
(Press & Wolf 2017), so the head is the token table itself and nothing is
copied; an untied model stores its own head (``lm_head.weight``), whose rows
can have other neighbours.
"""

from __future__ import annotations

import hashlib

import numpy as np

from dashboard.array_digest import update_with_array
from dashboard.i18n import Text, msg
from dashboard.tables import EmbeddingTables


def head_table(tables: EmbeddingTables) -> np.ndarray | None:
    """The head's rows: ``(vocab_size, d_model)`` float32, or ``None`` when the model has no output head.

    A tied head without a stored copy is the token table itself (the same
    array, no copy); a stored head (untied, or an equal copy) is that array.
    """
    if tables.output_head is not None:
        return tables.output_head
    return tables.token if tables.tying.is_tied else None


def has_own_head(tables: EmbeddingTables) -> bool:
    """Whether the checkpoint stores a head matrix apart from the token table (untied, or an equal copy)."""
    return tables.output_head is not None


def describe_head(tables: EmbeddingTables) -> Text:
    """One sentence on what the output head is for these tables, for captions (English as a ``str``)."""
    if tables.output_head is not None:
        if tables.tying.max_abs_diff == 0.0:
            return msg("output_head.stored_equal")
        return msg("output_head.stored_untied")
    if tables.tying.is_tied:
        return msg("output_head.tied", verdict=tables.tying.label)
    return msg("output_head.none")


def head_content_hash(tables: EmbeddingTables) -> str:
    """Hex digest (blake2b, 16 bytes) of the tables' content hash and the stored head's shape and bytes (as
    :attr:`EmbeddingTables.content_hash` digests a table).

    Keys caches of results derived from the head, which
    :attr:`EmbeddingTables.content_hash` (token and position tables only) does
    not cover; equals ``content_hash`` when there is no stored head.
    """
    if tables.output_head is None:
        return tables.content_hash
    digest = hashlib.blake2b(tables.content_hash.encode(), digest_size=16)
    digest.update(str(tables.output_head.shape).encode())
    update_with_array(digest, tables.output_head)
    return digest.hexdigest()
