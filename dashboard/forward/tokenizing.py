"""Tokenize a sentence for the reorder demo with the checkpoint's own tokenizer, and check it fits."""

from __future__ import annotations

from dashboard.checkpoints.tokenizer import CheckpointTokenizer, TokenizedText
from dashboard.errors import QueryError
from dashboard.i18n import msg
from dashboard.tables import Vocabulary

#: Longest sentence accepted, in tokens: the demo is about one sentence.
MAX_TOKENS = 128


def tokenize_sentence(tokenizer: CheckpointTokenizer, sentence: str, vocabulary: Vocabulary,
                      n_positions: int | None) -> TokenizedText:
    """Tokenize (special tokens added) and check the result fits the model.

    The ``special`` flags mark tokens that stay in place when reordered; not ``[UNK]``, which stands for a word.

    Raises:
        QueryError: empty sentence, more than :data:`MAX_TOKENS` tokens or ``n_positions``, or a word the
            vocabulary lacks.
    """
    if not sentence.strip():
        raise QueryError(msg("err.forward.sentence_empty"))
    tokens = tokenizer.encode(sentence, add_special_tokens=True)
    limit = min(MAX_TOKENS, n_positions or MAX_TOKENS)
    if len(tokens.ids) > limit:
        raise QueryError(msg("err.forward.sentence_too_long", count=len(tokens.ids), limit=limit))
    special = tuple((flag or i in vocabulary.special_ids) and not unknown
                    for i, flag, unknown in zip(tokens.ids, tokens.special, tokens.unknown))
    return TokenizedText(tokens.ids, special, tokens.unknown, tokens.spans)
