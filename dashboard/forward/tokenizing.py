"""Turning a sentence into token ids with the checkpoint's own tokenizer.

Tried in order (:func:`load_sentence_tokenizer`):

1. ``tokenizer.json`` beside the weights, read with the ``tokenizers``
   library, its post-processor included (BERT's ``[CLS] ... [SEP]``); the
   file's padding and truncation settings are switched off (all-MiniLM's pads
   every sentence to 128 tokens);
2. a GGUF file's own tokenizer, through ``transformers.AutoTokenizer``;
3. ``vocab.txt`` / ``vocab.json`` + ``merges.txt``, through ``AutoTokenizer``;
4. no tokenizer at all (a bare table, a nanoGPT run): the words of the
   sentence are looked up in the vocabulary the tables carry, one character
   a token for character vocabularies, and ``#id`` always works.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from dashboard.errors import QueryError
from dashboard.tables import Vocabulary

#: Longest sentence accepted, in tokens: the demo is about one sentence.
MAX_TOKENS = 128


@dataclass(frozen=True)
class TokenizedSentence:
    """A sentence as token ids.

    Attributes:
        ids: token ids, 0-based, one per position.
        special: one flag per position, True for tokens the tokenizer added
            (``[CLS]``, ``[SEP]``, BOS) or marks special; these never move.
    """

    ids: tuple[int, ...]
    special: tuple[bool, ...]


class SentenceTokenizer(Protocol):
    """Anything that turns a sentence into a :class:`TokenizedSentence`."""

    describe: str

    def encode(self, sentence: str) -> TokenizedSentence: ...


class TokenizerJsonTokenizer:
    """``tokenizer.json`` through the ``tokenizers`` library."""

    def __init__(self, path: Path):
        from tokenizers import Tokenizer

        self._tokenizer = Tokenizer.from_file(str(path))
        self._tokenizer.no_padding()
        self._tokenizer.no_truncation()
        self.describe = f"the checkpoint's {path.name} (tokenizers library)"

    def encode(self, sentence: str) -> TokenizedSentence:
        encoding = self._tokenizer.encode(sentence)
        return TokenizedSentence(tuple(encoding.ids), tuple(bool(s) for s in encoding.special_tokens_mask))


class TransformersTokenizer:
    """A ``transformers`` tokenizer (GGUF metadata, ``vocab.txt``, ``vocab.json``)."""

    def __init__(self, tokenizer, describe: str):
        self._tokenizer = tokenizer
        self.describe = describe

    def encode(self, sentence: str) -> TokenizedSentence:
        encoding = self._tokenizer(sentence, add_special_tokens=True, return_special_tokens_mask=True)
        return TokenizedSentence(tuple(encoding["input_ids"]),
                                 tuple(bool(s) for s in encoding["special_tokens_mask"]))


class VocabularyTokenizer:
    """No tokenizer file: look each word (or character) up in the vocabulary."""

    def __init__(self, vocabulary: Vocabulary):
        self._vocabulary = vocabulary
        self._ids: dict[str, int] = {}
        for strings in (vocabulary.display, vocabulary.raw):  # raw wins where both name a token
            self._ids.update((text, i) for i, text in enumerate(strings) if text)
        self.describe = ("no tokenizer file: each character is looked up in the vocabulary"
                         if vocabulary.scheme == "characters" else
                         "no tokenizer file: each space-separated word is looked up in the vocabulary "
                         "(or typed as #id)")

    def _lookup(self, piece: str) -> int | None:
        if piece in self._ids:
            return self._ids[piece]
        if piece.startswith("#") and piece[1:].isdigit() and int(piece[1:]) < len(self._vocabulary):
            return int(piece[1:])
        return None

    def encode(self, sentence: str) -> TokenizedSentence:
        pieces = list(sentence) if self._vocabulary.scheme == "characters" else sentence.split()
        ids = [self._lookup(piece) for piece in pieces]
        unknown = [piece for piece, i in zip(pieces, ids) if i is None]
        if unknown:
            shown = ", ".join(repr(p) for p in unknown[:5]) + (" ..." if len(unknown) > 5 else "")
            verb = "is" if len(unknown) == 1 else "are"
            raise QueryError(f"this checkpoint has no tokenizer file and {shown} {verb} not in its vocabulary; type "
                             f"tokens as the vocabulary spells them, separated by spaces, or as #id "
                             f"(0..{len(self._vocabulary) - 1})")
        special = self._vocabulary.special_ids
        return TokenizedSentence(tuple(ids), tuple(i in special for i in ids))


def load_sentence_tokenizer(model_path: str | None, vocabulary: Vocabulary) -> SentenceTokenizer:
    """The best tokenizer available for a checkpoint (see the module docstring).

    Args:
        model_path: folder or file the checkpoint was read from, or ``None``.
        vocabulary: the tables' vocabulary, the fallback.

    Returns:
        An object with ``encode(sentence)`` and ``describe``.
    """
    if model_path is None:
        return VocabularyTokenizer(vocabulary)
    path = Path(model_path)
    folder = path if path.is_dir() else path.parent
    if (folder / "tokenizer.json").is_file():
        return TokenizerJsonTokenizer(folder / "tokenizer.json")
    if path.suffix == ".gguf":
        from transformers import AutoTokenizer

        tokenizer = AutoTokenizer.from_pretrained(str(folder), gguf_file=path.name, local_files_only=True)
        return TransformersTokenizer(tokenizer, f"the tokenizer stored in {path.name}")
    if path.is_dir() and ((folder / "vocab.txt").is_file() or (folder / "vocab.json").is_file()):
        from transformers import AutoTokenizer

        try:
            tokenizer = AutoTokenizer.from_pretrained(str(folder), local_files_only=True)
        except (OSError, ValueError, KeyError):
            return VocabularyTokenizer(vocabulary)  # an incomplete tokenizer folder: fall back, honestly described
        return TransformersTokenizer(tokenizer, "the checkpoint's vocabulary files (transformers AutoTokenizer)")
    return VocabularyTokenizer(vocabulary)


def tokenize_sentence(tokenizer: SentenceTokenizer, sentence: str, vocabulary: Vocabulary,
                      n_positions: int | None) -> TokenizedSentence:
    """Tokenize and check the result fits the model.

    Tokens the vocabulary marks special are flagged special too (a BOS the
    tokenizer did not flag still stays in place).

    Raises:
        QueryError: empty sentence, more than :data:`MAX_TOKENS` tokens or
            more than ``n_positions``, or a word the vocabulary lacks.
    """
    if not sentence.strip():
        raise QueryError("the sentence is empty; type a few words, e.g. 'the cat sat on a mat'")
    tokens = tokenizer.encode(sentence)
    limit = min(MAX_TOKENS, n_positions or MAX_TOKENS)
    if len(tokens.ids) > limit:
        raise QueryError(f"the sentence has {len(tokens.ids)} tokens; at most {limit} are allowed here "
                         "(one sentence is enough to show the effect)")
    special = tuple(flag or i in vocabulary.special_ids for i, flag in zip(tokens.ids, tokens.special))
    return TokenizedSentence(tokens.ids, special)
