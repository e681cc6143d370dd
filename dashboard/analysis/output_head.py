"""The output head (unembedding): the ``(vocab_size, d_model)`` rows a model predicts tokens with.

Token ``i``'s logit is ``head[i] . h``; with weight tying (Press & Wolf 2017) the head is the token table.
"""

from __future__ import annotations

import hashlib

from dashboard.array_digest import update_with_array
from dashboard.i18n import Text, msg
from dashboard.tables import EmbeddingTables


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
    """Cache key of results derived from the head: blake2b, 16 bytes, hex.

    It covers ``content_hash`` (token and position tables only) and the stored head's shape and bytes; without a
    stored head it is ``content_hash``.
    """
    if tables.output_head is None:
        return tables.content_hash
    digest = hashlib.blake2b(tables.content_hash.encode(), digest_size=16)
    digest.update(str(tables.output_head.shape).encode())
    update_with_array(digest, tables.output_head)
    return digest.hexdigest()
