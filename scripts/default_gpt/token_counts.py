"""Count how often each token of the bundled GPT occurs in its training and validation text.

    python scripts/default_gpt/token_counts.py      # needs python3.11-doc, like the training

Writes ``models/tiny-gpt-pydocs/token_counts.json``: ``{"train": [...],
"validation": [...], ...}``, one count per token id (4,096 each), from the
same pages, the same split (every 20th page held out) and the shipped
tokenizer (``tokenizer.json``) that training used, each page followed by
``<|endoftext|>`` as :func:`scripts.train_default_gpt.encode_pages` does. The
tokens the training split never contains are the ground truth that
``docs/undertrained.md`` checks Land & Bartolo's indicator against.

It runs on its own, after training: the tokenizer is deterministic, so the
counts equal what training saw. To write them at training time instead, call
:func:`count_tokens` on ``train_tokens`` and ``val_tokens`` in
``train_and_ship`` and pass the result to :func:`write_counts`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from scripts.train_default_gpt import NAME, VALIDATION_EVERY, encode_pages  # noqa: E402

FOLDER = ROOT / "models" / NAME
COUNTS_FILE = "token_counts.json"


def count_tokens(token_ids: np.ndarray, vocab_size: int) -> list[int]:
    """Occurrences of each token id in ``token_ids`` (``(n_tokens,)`` int): a list of ``vocab_size`` ints >= 0."""
    return [int(c) for c in np.bincount(np.asarray(token_ids, np.int64), minlength=vocab_size)[:vocab_size]]


def write_counts(folder: Path, train: list[int], validation: list[int]) -> Path:
    """Write ``token_counts.json`` into ``folder`` and return its path."""
    document = {
        "about": "occurrences of each token id (list index) in the training and validation pages of the corpus, "
                 "each page followed by <|endoftext|>; made by scripts/default_gpt/token_counts.py",
        "vocab_size": len(train),
        "train_tokens": sum(train),
        "validation_tokens": sum(validation),
        "never_in_train": sum(1 for c in train if c == 0),
        "train": train,
        "validation": validation,
    }
    path = folder / COUNTS_FILE
    path.write_text(json.dumps(document, separators=(",", ":")) + "\n")
    return path


def read_never_seen(folder: Path = FOLDER) -> np.ndarray:
    """Token ids that never occur in the training split, ``(n,)`` int64, from ``token_counts.json``."""
    train = json.loads((folder / COUNTS_FILE).read_text())["train"]
    return np.flatnonzero(np.asarray(train) == 0)


def main() -> int:
    from tokenizers import Tokenizer

    from scripts.default_gpt.corpus import CorpusMissingError, read_pages

    try:
        pages = read_pages()
    except CorpusMissingError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    tokenizer = Tokenizer.from_file(str(FOLDER / "tokenizer.json"))
    vocab_size = tokenizer.get_vocab_size()
    train = [p for i, p in enumerate(pages) if i % VALIDATION_EVERY != VALIDATION_EVERY - 1]
    validation = [p for i, p in enumerate(pages) if i % VALIDATION_EVERY == VALIDATION_EVERY - 1]
    path = write_counts(FOLDER, count_tokens(encode_pages(tokenizer, train), vocab_size),
                        count_tokens(encode_pages(tokenizer, validation), vocab_size))
    document = json.loads(path.read_text())
    print(f"{path}: {document['train_tokens']:,} training tokens, {document['validation_tokens']:,} validation "
          f"tokens; {document['never_in_train']:,} of {vocab_size:,} token ids never occur in training")
    return 0


if __name__ == "__main__":
    sys.exit(main())
