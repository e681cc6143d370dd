"""The checkpoint's own tokenizer, for splitting words a user types into tokens.

Read from ``tokenizer.json`` with the ``tokenizers`` library, from the
checkpoint's folder (or the folder of a checkpoint file). A tokenizer is only
used when its vocabulary agrees with the tables' token strings, id by id, so
a stray ``tokenizer.json`` of another model is never used to look up rows.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from dashboard.tables import EmbeddingTables

#: Text -> token ids, without special tokens.
Encoder = Callable[[str], list[int]]


def load_encoder(tables: EmbeddingTables) -> Encoder | None:
    """An encoder from the checkpoint's ``tokenizer.json``, or ``None`` when there is none that fits.

    Args:
        tables: the loaded tables; ``tables.model_path`` says where to look.

    Returns:
        A function from text to token ids (special tokens such as ``[CLS]``
        not added), or ``None`` when no usable tokenizer file is found.
    """
    from tokenizers import Tokenizer

    if not tables.model_path:
        return None
    path = Path(tables.model_path)
    candidate = (path if path.is_dir() else path.parent) / "tokenizer.json"
    if not candidate.is_file():
        return None
    try:
        tokenizer = Tokenizer.from_file(str(candidate))
    except Exception:  # tokenizers raises a bare Exception on a bad file; then we fall back to exact matching
        return None
    # A tokenizer.json saved for batched inference may pad to a fixed length
    # (sentence-transformers pads to 128 with [PAD]) or truncate: a typed word needs neither.
    tokenizer.no_padding()
    tokenizer.no_truncation()
    raw = tables.vocabulary.raw
    vocabulary = tokenizer.get_vocab(with_added_tokens=True)
    if any(i >= tables.vocab_size or (i < len(raw) and raw[i] != token) for token, i in vocabulary.items()):
        return None
    return lambda text: tokenizer.encode(text, add_special_tokens=False).ids
