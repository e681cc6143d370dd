"""Token strings from the tokenizer files beside a checkpoint, tried in order: ``tokenizer.json`` (the ``tokenizers``
library), ``vocab.json`` (GPT-2's ``{token: id}``), ``vocab.txt`` (BERT's: one token a line, 0-based ids).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from dashboard.checkpoints.metadata import load_json, read_metadata_file
from dashboard.checkpoints.token_text import readable_tokens
from dashboard.errors import BusyError, CheckpointReadError
from dashboard.i18n import Text, msg
from dashboard.tables import Vocabulary

#: Tokenizer decoder/pre-tokenizer type -> our scheme name.
_SCHEME_BY_COMPONENT = {
    "ByteLevel": "byte-level-bpe",
    "Metaspace": "sentencepiece",
    "ByteFallback": "sentencepiece",
    "WordPiece": "wordpiece",
}


def _component_types(node: Any) -> list[str]:
    """All ``type`` values in a decoder / pre-tokenizer JSON tree, outermost first."""
    if isinstance(node, dict):
        found = [node["type"]] if isinstance(node.get("type"), str) else []
        for value in node.values():
            found += _component_types(value)
        return found
    if isinstance(node, list):
        return [t for item in node for t in _component_types(item)]
    return []


def scheme_of_tokenizer(spec: dict) -> str:
    """Token scheme of a ``tokenizer.json`` document (see token_text.SCHEMES)."""
    for part in ("decoder", "pre_tokenizer", "model"):
        for kind in _component_types(spec.get(part)):
            if kind in _SCHEME_BY_COMPONENT:
                return _SCHEME_BY_COMPONENT[kind]
    return "plain"


#: Largest id a token file may name, as a multiple of its entry count plus a margin: a label is built for every
#: id up to the largest, so one absurd id (``"x": 1000000000``) would ask for billions of labels.
_ID_SPREAD, _ID_MARGIN = 2, 1024


def _checked_ids(by_id: dict[int, str], file_name: str) -> dict[int, str]:
    """``by_id`` unchanged when its ids are plausible table rows.

    Raises:
        CheckpointReadError: an id is negative or far beyond the number of tokens.
    """
    if not by_id:
        return by_id
    low, high = min(by_id), max(by_id)
    if low < 0 or high >= _ID_SPREAD * len(by_id) + _ID_MARGIN:
        bad = low if low < 0 else high
        raise CheckpointReadError(msg("err.ckpt.vocab_bad_id", file=file_name, token=by_id[bad], id=bad,
                                      count=len(by_id)))
    return by_id


def _declared_ids(spec: Any) -> dict[int, str]:
    """``{id: token}`` as a ``tokenizer.json`` declares them: its model's ``vocab`` (a mapping of token to id, or
    Unigram's list of ``[token, score]``) and its ``added_tokens``; what is not of those shapes is left out."""
    if not isinstance(spec, dict):
        return {}
    model = spec.get("model") if isinstance(spec.get("model"), dict) else {}
    vocab = model.get("vocab")
    by_id: dict[int, str] = {}
    if isinstance(vocab, dict):
        by_id = {i: token for token, i in vocab.items() if isinstance(i, int)}
    elif isinstance(vocab, list):
        by_id = {i: entry[0] for i, entry in enumerate(vocab) if isinstance(entry, list) and entry}
    for added in spec.get("added_tokens") or ():
        if isinstance(added, dict) and isinstance(added.get("id"), int):
            by_id[added["id"]] = str(added.get("content"))
    return by_id


def vocabulary_from_tokenizer_json(path: Path) -> Vocabulary:
    """Vocabulary of a ``tokenizer.json``, added tokens included, read by ``tokenizers`` in a child process.

    Read here instead when this process is already a capped child of the wall (:data:`dashboard.wall.INSIDE`).

    Raises:
        CheckpointReadError: unreadable by the library (or the child ran out of time or memory), or an id far beyond
            its number of tokens.
    """
    import dashboard.wall
    from dashboard.checkpoints.tokenizer_process import TokenizerProcess, load_in_child

    spec = load_json(path)  # nesting and JSON validity first: the library's own errors name no field
    _checked_ids(_declared_ids(spec), path.name)  # an id of 10**9 first, by name: the library sizes arrays by it
    process = None if dashboard.wall.INSIDE else TokenizerProcess(path.name, path=path)
    try:
        loaded = load_in_child(str(path), None) if process is None else process.load()
    except BusyError:
        raise  # the machine, not the file: never said as a bad tokenizer
    except Exception as error:  # the child's TokenizerProcessError, or the library's own errors when read here
        raise CheckpointReadError(msg("err.ckpt.tokenizer_json_unreadable", name=path.name, error=error)) from error
    finally:
        if process is not None:
            process.close()
    by_id = _checked_ids({i: tok for tok, i in loaded["vocabulary"].items()}, path.name)
    size = max(loaded["size"], max(by_id, default=-1) + 1)
    raw = tuple(by_id.get(i, "") for i in range(size))
    special = frozenset(loaded["special"])
    scheme = scheme_of_tokenizer(spec if isinstance(spec, dict) else {})  # the file the library read, parsed once
    return Vocabulary(raw, readable_tokens(raw, scheme, special), special, scheme)


def _special_from_map(folder: Path, raw: tuple[str, ...]) -> frozenset[int]:
    path = folder / "special_tokens_map.json"
    names: set[str] = set()
    if path.is_file():
        for value in read_metadata_file(path, "special_tokens_map.json").values():
            for item in value if isinstance(value, list) else [value]:
                names.add(item["content"] if isinstance(item, Mapping) else item)
    return frozenset(i for i, tok in enumerate(raw) if tok in names)


#: Tokenizer files :func:`read_vocabulary` tries, in its order.
TOKENIZER_FILES = ("tokenizer.json", "vocab.json", "vocab.txt")
#: Least share of a table's rows a tokenizer file beside a bare checkpoint must name: tables are padded a little
#: past the tokenizer (nanoGPT 50,257 -> 50,304), never to several times its size.
BESIDE_MIN_SHARE = 0.95


def vocabulary_beside(path: Path, rows: int | None) -> tuple[Vocabulary | None, tuple[Text, ...]]:
    """The vocabulary of the tokenizer file beside a bare checkpoint, and the notes that say which.

    The folder may hold other models' files: a file is taken only when it names between :data:`BESIDE_MIN_SHARE` of
    the table's ``rows`` and all of them; otherwise it is set aside with a note and rows keep ``#id`` labels.

    Args:
        rows: rows of the token table (vocab_size); ``None``: unknown, the file is taken as it is.

    Returns:
        ``(vocabulary or None, notes)``: ``None`` with no note when there is no tokenizer file.

    Raises:
        MetadataError, CheckpointReadError: as :func:`read_vocabulary`.
    """
    vocabulary = read_vocabulary(path.parent)
    if vocabulary is None:
        return None, ()
    found = next(name for name in TOKENIZER_FILES if (path.parent / name).is_file())
    if rows is None or BESIDE_MIN_SHARE * rows <= len(vocabulary) <= rows:
        return vocabulary, (msg("note.ckpt.tokenizer_beside", file=found, name=path.name),)
    return None, (msg("note.ckpt.tokenizer_beside_set_aside", file=found, name=path.name, tokens=len(vocabulary),
                      rows=rows),)


def read_vocabulary(folder: Path) -> Vocabulary | None:
    """The vocabulary found in ``folder``, or ``None`` when there is no tokenizer file.

    Raises:
        MetadataError: a tokenizer file's JSON is invalid, nested too deep, or has a field of the wrong type.
        CheckpointReadError: a tokenizer file cannot be read (not UTF-8, ids far beyond its number of tokens).
    """
    if (folder / "tokenizer.json").is_file():
        return vocabulary_from_tokenizer_json(folder / "tokenizer.json")
    if (folder / "vocab.json").is_file():
        mapping = read_metadata_file(folder / "vocab.json", "vocab.json")
        by_id = _checked_ids({i: tok for tok, i in mapping.items()}, "vocab.json")
        raw = tuple(by_id.get(i, "") for i in range(max(by_id, default=-1) + 1))
        special = _special_from_map(folder, raw)
        return Vocabulary(raw, readable_tokens(raw, "byte-level-bpe", special), special, "byte-level-bpe")
    if (folder / "vocab.txt").is_file():
        try:
            raw = tuple((folder / "vocab.txt").read_text(encoding="utf-8").split("\n"))
        except UnicodeDecodeError as error:
            raise CheckpointReadError(msg("err.ckpt.vocab_txt_not_utf8", folder=folder, error=error)) from error
        raw = raw[:-1] if raw and raw[-1] == "" else raw
        special = _special_from_map(folder, raw)
        return Vocabulary(raw, readable_tokens(raw, "wordpiece", special), special, "wordpiece")
    return None
