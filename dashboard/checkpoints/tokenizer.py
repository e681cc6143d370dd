"""The checkpoint's own tokenizer, for typed words and sentences. :func:`load_tokenizer` tries, in order:

1. ``tokenizer.json`` beside the weights, run by ``tokenizers`` in a child (:mod:`.tokenizer_process`) with its
   post-processor (BERT's ``[CLS] ... [SEP]``), without padding or truncation;
2. a GGUF file's tokenizer (``tokenizer.ggml.*``), converted to JSON by ``transformers.AutoTokenizer``, then as 1;
3. ``vocab.txt`` / ``vocab.json`` + ``merges.txt``, the same way;
4. a character vocabulary (nanoGPT's ``meta.pkl``): one token per character, as nanoGPT's ``encode`` does;
5. nothing: each space-separated word (or ``#id``) is looked up in the tables' vocabulary.

A tokenizer file is used only when its vocabulary agrees with the tables' token strings id by id, so another
model's stray ``tokenizer.json`` never picks rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Mapping, Protocol

from dashboard.checkpoints.metadata import read_metadata_file
from dashboard.checkpoints.tokenizer_process import TokenizerProcess, convert_tokenizer
from dashboard.errors import BusyError, QueryError
from dashboard.i18n import msg, plural_key
from dashboard.tables import EmbeddingTables, Vocabulary


#: Longest token a GGUF tokenizer may have to be converted: without merges in the file, transformers rebuilds
#: them in time that grows with the square of a token's length.
MAX_GGUF_TOKEN_CHARS = 1024


@dataclass(frozen=True)
class TokenizedText:
    """Text as token ids.

    Attributes:
        ids: token ids, 0-based.
        special: per token, True for tokens the tokenizer added (``[CLS]``, ``[SEP]``, BOS) or marks special.
        unknown: per token, True for the tokenizer's unknown token (``[UNK]``, ``<unk>``).
        spans: the piece of the input each token stands for (``""`` for an added token).
    """

    ids: tuple[int, ...]
    special: tuple[bool, ...]
    unknown: tuple[bool, ...]
    spans: tuple[str, ...]


class CheckpointTokenizer(Protocol):
    """What :func:`load_tokenizer` returns.

    Attributes:
        describe: where the tokenizer came from, for captions ("the tokenizer stored in model.gguf").
        splits_words: whether it can split text that is not one token (False only for step 5's lookup).
    """

    describe: str
    splits_words: bool

    def encode(self, text: str, *, add_special_tokens: bool = True) -> TokenizedText: ...


def _tokenized(text: str, ids: list[int], special_mask: list[int], offsets: list[tuple[int, int]],
               unknown_id: int | None) -> TokenizedText:
    return TokenizedText(tuple(ids), tuple(bool(s) for s in special_mask),
                         tuple(i == unknown_id for i in ids), tuple(text[a:b] for a, b in offsets))


class _ProcessTokenizer:
    """A tokenizer held by a child process (:mod:`dashboard.checkpoints.tokenizer_process`)."""

    splits_words = True

    def __init__(self, process: TokenizerProcess, describe: str):
        self._process = process
        loaded = process.load()
        self._vocabulary: dict[str, int] = loaded["vocabulary"]
        self._unknown_id = loaded["unknown_id"]
        self.describe = describe

    def vocabulary(self) -> Mapping[str, int]:
        return self._vocabulary

    def close(self) -> None:
        """End the child process (the pages' cache ends it when it drops the tokenizer)."""
        self._process.close()

    def encode(self, text: str, *, add_special_tokens: bool = True) -> TokenizedText:
        """Raises: TokenizerProcessError (a QueryError): the child failed, or ran past its time or memory; QueryError:
        ``text`` holds bytes that are not UTF-8 (a command line's argument, kept by Python as lone surrogates)."""
        try:
            text.encode("utf-8")
        except UnicodeEncodeError as error:
            shown = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
            raise QueryError(msg("err.tokenizer.not_utf8", text=shown[:60])) from error
        encoding = self._process.encode(text, add_special_tokens)
        return _tokenized(text, encoding["ids"], encoding["special"], encoding["offsets"], self._unknown_id)


class TokenizerJsonTokenizer(_ProcessTokenizer):
    """``tokenizer.json`` through the ``tokenizers`` library, in a child process."""

    def __init__(self, path: Path):
        super().__init__(TokenizerProcess(path.name, path=path), msg("note.ckpt.tokenizer.json", name=path.name))


class TransformersTokenizer(_ProcessTokenizer):
    """A ``transformers`` fast tokenizer (GGUF, ``vocab.txt``, ``vocab.json``) converted to JSON and run in a child."""

    def __init__(self, kind: str, path: Path, describe: str):
        super().__init__(TokenizerProcess(path.name, json_text=_converted(kind, path)), describe)


def _converted(kind: str, path: Path) -> str:
    """:func:`convert_tokenizer`'s JSON, kept on disk for a bundled checkpoint only (converting may time out when busy).

    Raises:
        TokenizerProcessError, QueryError: as :func:`convert_tokenizer`.
    """
    from dashboard.disk_cache import kept_path, write_atomically
    from dashboard.wall.tables import is_trusted

    if not is_trusted(path):
        return convert_tokenizer(kind, path, path.name)
    kept = kept_path("tokenizers", path, ".json")
    try:
        return kept.read_text(encoding="utf-8")
    except OSError:
        pass
    text = convert_tokenizer(kind, path, path.name)
    try:
        write_atomically(kept, lambda temporary: temporary.write_text(text, encoding="utf-8"))
    except OSError:  # a read-only cache: converted again next time
        pass
    return text


class VocabularyTokenizer:
    """No usable tokenizer file: characters (a character vocabulary) or whole words looked up as typed.

    Args:
        why: why no tokenizer file is used, when one was found but refused.
    """

    def __init__(self, vocabulary: Vocabulary, why: str | None = None):
        self._vocabulary = vocabulary
        self._ids: dict[str, int] = {}
        for strings in (vocabulary.display, vocabulary.raw):  # raw wins where both name a token
            self._ids.update((text, i) for i, text in enumerate(strings) if text)
        self.splits_words = vocabulary.scheme == "characters"
        if self.splits_words:
            self.describe = msg("note.ckpt.tokenizer.characters")
        else:
            self.describe = msg("note.ckpt.tokenizer.words", why=why or msg("note.ckpt.tokenizer.none"))

    def _lookup(self, piece: str) -> int | None:
        if piece in self._ids:
            return self._ids[piece]
        if piece.startswith("#") and piece[1:].isascii() and piece[1:].isdigit() and int(piece[1:]) < len(self._vocabulary):
            return int(piece[1:])
        return None

    def encode(self, text: str, *, add_special_tokens: bool = True) -> TokenizedText:
        """Look each piece up (``add_special_tokens`` has no effect: nothing is added).

        Raises:
            QueryError: a piece the vocabulary lacks.
        """
        pieces = list(text) if self.splits_words else text.split()
        ids = [self._lookup(piece) for piece in pieces]
        unknown = [piece for piece, i in zip(pieces, ids) if i is None]
        if unknown:
            shown = ", ".join(repr(p) for p in unknown[:5]) + (" ..." if len(unknown) > 5 else "")
            if self.splits_words:
                raise QueryError(msg(plural_key("err.ckpt.unknown_characters", len(unknown)), shown=shown,
                                     count=len(self._vocabulary)))
            raise QueryError(msg(plural_key("err.ckpt.unknown_words", len(unknown)), shown=shown, last=len(self._vocabulary) - 1))
        special = self._vocabulary.special_ids
        return TokenizedText(tuple(ids), tuple(i in special for i in ids), (False,) * len(ids), tuple(pieces))


def _disagreement(vocabulary: Mapping[str, int], tables: EmbeddingTables) -> str | None:
    """Why a tokenizer's ``{token: id}`` cannot pick rows of these tables, or ``None`` when it can."""
    raw = tables.vocabulary.raw
    for token, i in vocabulary.items():
        if i >= tables.vocab_size:
            return msg("note.ckpt.tokenizer.id_past_rows", token=token, id=i, rows=tables.vocab_size)
        if i < len(raw) and raw[i] != token:
            return msg("note.ckpt.tokenizer.id_differs", id=i, token=token, ours=raw[i])
    return None


def _from_files(path: Path) -> TokenizerJsonTokenizer | TransformersTokenizer | None:
    """Steps 1-3 of the module docstring; ``None`` when no tokenizer file is there.

    Raises:
        Exception: whatever the libraries raise on a file they cannot use (the caller falls back and says so).
    """
    folder = path if path.is_dir() else path.parent
    if (folder / "tokenizer_config.json").is_file():  # read by the libraries below: its fields are checked first
        read_metadata_file(folder / "tokenizer_config.json", "tokenizer_config.json")
    if (folder / "tokenizer.json").is_file():
        return TokenizerJsonTokenizer(folder / "tokenizer.json")
    if path.suffix == ".gguf":
        return TransformersTokenizer("gguf", path, msg("note.ckpt.tokenizer.gguf", name=path.name))
    if path.is_dir() and ((folder / "vocab.txt").is_file() or (folder / "vocab.json").is_file()):
        return TransformersTokenizer("vocab", folder, msg("note.ckpt.tokenizer.vocab_files"))
    return None


def load_tokenizer(tables: EmbeddingTables) -> CheckpointTokenizer:
    """The best tokenizer for ``tables`` (module docstring): ``model_path`` says where to look; ``vocabulary`` is
    checked against the tokenizer and is the fallback.

    Raises:
        BusyError: the machine was too busy to read or convert the tokenizer in time. Never a fallback, which would
            be cached as if the checkpoint had none.
    """
    if tables.model_path is None:
        return VocabularyTokenizer(tables.vocabulary)
    path = Path(tables.model_path)
    longest = max(map(len, tables.vocabulary.raw), default=0)
    if path.suffix == ".gguf" and longest > MAX_GGUF_TOKEN_CHARS:
        return VocabularyTokenizer(tables.vocabulary, why=msg("note.ckpt.tokenizer.gguf_long_token", name=path.name,
                                                              chars=longest, most=MAX_GGUF_TOKEN_CHARS))
    try:
        found = _from_files(path)
    except BusyError:
        raise
    except Exception as error:  # tokenizers and transformers raise many types on a file they cannot use
        return VocabularyTokenizer(tables.vocabulary, why=msg("note.ckpt.tokenizer.unreadable", name=path.name,
                                                              kind=type(error).__name__, error=str(error)))
    if found is None:
        return VocabularyTokenizer(tables.vocabulary)
    mismatch = _disagreement(found.vocabulary(), tables)
    if mismatch is not None:
        return VocabularyTokenizer(tables.vocabulary, why=msg("note.ckpt.tokenizer.other_model",
                                                              describe=found.describe, mismatch=mismatch))
    return found
