"""Tokenizer files run in a child process: a hostile one costs that process, never the server.

A ``tokenizer.json`` is a small program for ``tokenizers`` (Rust) run in the loading process: ``Replace`` chains
that multiply the text (a failed allocation aborts), backtracking ``Split`` regexes holding the GIL, a
``Precompiled`` charsmap whose parse panics. So each is loaded and used in a capped child of
:mod:`dashboard.wall.runner`; GGUF and vocab-file tokenizers are first converted to that JSON in a one-shot child.
"""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any

from dashboard.errors import BusyError, ExplorerError, QueryError
from dashboard.i18n import msg
from dashboard.settings import current_settings, usable
from dashboard.wall.runner import Child

#: Seconds a child may take to read a ``tokenizer.json``, its start included.
LOAD_SECONDS = 20.0
#: Seconds a one-shot child may take to convert a GGUF or vocab-file tokenizer.
CONVERT_SECONDS = 60.0
#: Most tokens an encoding may have: the longest text a page takes is 2,000 characters, and a post-processor that
#: repeats the text a million times would make the server build gigabytes of token strings from its answer.
MAX_TOKENS = 8192
#: Seconds a child may take to encode one text, round trip included.
ENCODE_SECONDS = 10.0


def memory_bytes() -> int:
    """Bytes of address space a child may use beyond its imports: ``EXPLORER_TOKENIZER_MB`` MiB (default 1,024).

    Raises:
        ValueError: the variable is not a whole number.
    """
    return usable(current_settings().tokenizer_mb) << 20


class TokenizerProcessError(QueryError):
    """The tokenizer child failed, ran past its time or its memory, or answered an error."""


#: The child's tokenizer, once :func:`load_in_child` has read it (one per child).
_LOADED: Any = None


def _unknown_id(backend: Any) -> int | None:
    """Id of the unknown token of a ``tokenizers.Tokenizer``, from its model's JSON (``unk_token`` or ``unk_id``)."""
    model = json.loads(backend.to_str()).get("model", {})
    if isinstance(model.get("unk_token"), str):
        return backend.token_to_id(model["unk_token"])
    return model.get("unk_id") if isinstance(model.get("unk_id"), int) else None


def convert_in_child(kind: str, path: str) -> str:
    """The child's job: the ``tokenizer.json`` text of a GGUF (``kind="gguf"``) or vocab-file (``"vocab"``)
    tokenizer, by ``transformers.AutoTokenizer`` (its fast tokenizer encodes exactly as its backend does)."""
    from transformers import AutoTokenizer

    file = Path(path)
    if kind == "gguf":
        tokenizer = AutoTokenizer.from_pretrained(str(file.parent), gguf_file=file.name, local_files_only=True)
    else:
        tokenizer = AutoTokenizer.from_pretrained(str(file), local_files_only=True)
    return tokenizer.backend_tokenizer.to_str()


def load_in_child(path: str | None, json_text: str | None) -> dict[str, Any]:
    """The child's job: read the tokenizer (a file, or converted JSON text) and keep it for :func:`encode_in_child`."""
    global _LOADED
    from tokenizers import Tokenizer

    tokenizer = Tokenizer.from_file(path) if json_text is None else Tokenizer.from_str(json_text)
    tokenizer.no_padding()
    tokenizer.no_truncation()
    _LOADED = tokenizer
    return {"size": tokenizer.get_vocab_size(with_added_tokens=True),
            "vocabulary": tokenizer.get_vocab(with_added_tokens=True),
            "special": [i for i, added in tokenizer.get_added_tokens_decoder().items() if added.special],
            "unknown_id": _unknown_id(tokenizer)}


def encode_in_child(text: str, add_special_tokens: bool) -> dict[str, Any]:
    """The child's job: encode ``text`` with the tokenizer :func:`load_in_child` read."""
    encoding = _LOADED.encode(text, add_special_tokens=add_special_tokens)
    if len(encoding.ids) > MAX_TOKENS:
        return {"too_many": len(encoding.ids)}
    return {"ids": encoding.ids, "special": encoding.special_tokens_mask, "offsets": encoding.offsets}


class TokenizerProcess:
    """One child process holding one tokenizer; thread-safe (calls wait for each other).

    Args:
        origin: the file as messages name it.
        path, json_text: a ``tokenizer.json`` to read, or its text (a converted GGUF or vocab-file tokenizer).
        cwd: the child's working folder (a fresh temporary one by default).
        mapped: bytes of a file the child maps whole (a GGUF), added to :func:`memory_bytes`.
    """

    def __init__(self, origin: str, *, path: Path | None = None, json_text: str | None = None,
                 cwd: Path | None = None, mapped: int = 0):
        self.origin = origin
        self._load = {"path": None if path is None else os.path.abspath(path), "json_text": json_text}
        self._child = Child(origin, memory_bytes=memory_bytes() + mapped, workdir=cwd)
        self._loaded = False

    def _ask(self, job: str, args: dict, seconds: float) -> Any:
        try:
            return self._child.ask(job, args, seconds)
        except BusyError:
            raise  # a busy machine is said as such, never as a bad tokenizer
        except ExplorerError as error:
            self._loaded = False  # a child that failed was ended: the next call reads the tokenizer again
            raise TokenizerProcessError(*error.args) from error  # the runner's words: what failed, and how

    def load(self) -> dict:
        """Start the child and read the tokenizer.

        Returns:
            ``size`` (tokens, added ones included), ``vocabulary`` (token -> 0-based id), ``special`` (ids of
            special added tokens), ``unknown_id`` (``None`` without one).

        Raises:
            TokenizerProcessError: the library refused the file, or the child died, ran out of memory or time.
            BusyError: the machine was too busy to read it in time.
        """
        answer = self._ask("tokenizer.load", self._load, LOAD_SECONDS)
        self._loaded = True
        return answer

    def encode(self, text: str, add_special_tokens: bool) -> dict:
        """``ids``, ``special`` (0/1 per token) and ``offsets`` (``[start, end)`` characters) of ``text``.

        Raises:
            TokenizerProcessError: the encode failed, made over :data:`MAX_TOKENS` tokens, or ran out of memory or time.
            BusyError: the machine was too busy to encode it in time.
        """
        if not self._loaded or self._child.pid is None:  # a child that ended holds no tokenizer any more
            self.load()
        answer = self._ask("tokenizer.encode", {"text": text, "add_special_tokens": add_special_tokens},
                           ENCODE_SECONDS)
        if "too_many" in answer:
            raise TokenizerProcessError(msg("err.tokenizer.too_many_tokens", origin=self.origin,
                                            tokens=answer["too_many"], chars=len(text), most=MAX_TOKENS))
        return answer

    def close(self) -> None:
        """End the child."""
        self._child.close()


def convert_tokenizer(kind: str, path: Path, origin: str) -> str:
    """The ``tokenizer.json`` text of a GGUF (``kind="gguf"``, ``path`` the file) or vocab-file (``"vocab"``, ``path``
    the folder) tokenizer, converted by ``transformers`` in a one-shot child.

    The child's folder holds only :data:`CONVERTED_FILES`, JSON ones checked by :func:`refuse_path_settings`:
    transformers passes a config's ``"vocab": "/etc/passwd"`` to tokenizers, which would quote its lines in a note.

    Raises:
        TokenizerProcessError: transformers refused it, or the child died, ran out of memory or time.
        QueryError: a setting names a path.
    """
    import shutil

    with tempfile.TemporaryDirectory(prefix="tokenizer-") as scratch:
        folder = Path(scratch)
        if kind == "gguf":
            (folder / path.name).symlink_to(os.path.abspath(path))
            converted = folder / path.name
        else:
            for name in CONVERTED_FILES:
                if (path / name).is_file():
                    if name.endswith(".json"):
                        refuse_path_settings(path / name)
                    shutil.copyfile(path / name, folder / name)
            _write_model_type(path / "config.json", folder / "config.json")
            converted = folder
        process = TokenizerProcess(origin, cwd=folder, mapped=path.stat().st_size if kind == "gguf" else 0)
        try:
            return process._ask("tokenizer.convert", {"kind": kind, "path": str(converted)}, CONVERT_SECONDS)
        finally:
            process.close()


#: Files a vocab-file tokenizer is converted from (``transformers``' names), copied to the child's own folder.
CONVERTED_FILES = ("vocab.txt", "vocab.json", "merges.txt", "tokenizer_config.json", "special_tokens_map.json",
                   "added_tokens.json")


#: A string that names a path outside the folder it is read in.
_PATH_OUTSIDE = re.compile(r"^(/|~|\\\\|[A-Za-z]:[/\\\\])|(^|[/\\\\])\.\.([/\\\\]|$)")


def refuse_path_settings(path: Path) -> None:
    """Refuse a JSON settings file any of whose strings names a path outside its folder: absolute (``/``, ``~``,
    ``\\``, ``C:``) or climbing out (``..``). ``</s>`` and ``org/model`` names pass.

    Raises:
        QueryError: such a string, with where it is.
    """
    from dashboard.checkpoints.metadata import load_json

    pending: list[tuple[str, Any]] = [(path.name, load_json(path))]
    while pending:
        where, value = pending.pop()
        if isinstance(value, dict):
            pending.extend((f"{where}.{key}", item) for key, item in value.items())
        elif isinstance(value, list):
            pending.extend((f"{where}[{i}]", item) for i, item in enumerate(value))
        elif isinstance(value, str) and _PATH_OUTSIDE.search(value.strip()):
            raise QueryError(msg("err.ckpt.tokenizer_setting_path", where=where[:200]))


def _write_model_type(source: Path, target: Path) -> None:
    """Copy ``config.json`` with only ``model_type`` and ``tokenizer_class``: its other strings are unchecked paths."""
    from dashboard.checkpoints.metadata import load_json

    if not source.is_file():
        return
    config = load_json(source)
    kept = {key: config[key] for key in ("model_type", "tokenizer_class")
            if isinstance(config, dict) and isinstance(config.get(key), str) and not _PATH_OUTSIDE.search(config[key])}
    target.write_text(json.dumps(kept), encoding="utf-8")
