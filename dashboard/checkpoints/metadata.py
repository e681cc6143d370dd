"""The one typed layer every metadata field is read through: a schema per file kind.

Metadata comes from files a stranger may have written. :class:`Metadata` checks every field its kind's schema in
:data:`SCHEMAS` names and answers only those (an undeclared read fails in the tests); a wrong type is a
:class:`~dashboard.errors.MetadataError` naming file and field.

Sources: ``transformers`` ``PretrainedConfig`` (config.json, tokenizer_config.json, special_tokens_map.json),
nanoGPT ``train.py`` (``model_args``) and ``data/*/prepare.py`` (``meta.pkl``), ggml ``docs/gguf.md`` (GGUF keys;
``{arch}`` stands for ``general.architecture``).
"""

from __future__ import annotations

import json
import math
import reprlib
from pathlib import Path
from typing import Any, Callable, Iterator, Mapping, NamedTuple

from dashboard.errors import CheckpointReadError, MetadataError
from dashboard.i18n import msg

#: Deepest nesting of lists and objects accepted in a metadata file (thousands of ``[`` hit the recursion limit).
MAX_DEPTH = 64
#: Schema key that checks every field a schema does not name (maps of token names).
ANY_FIELD = "*"


class Kind(NamedTuple):
    """What one field must hold.

    Attributes:
        expected: the kind in words, for messages ("a whole number >= 0").
        accepts: ``accepts(value) -> bool``.
    """

    expected: str
    accepts: Callable[[Any], bool]


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_number(value: Any) -> bool:
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:  # an integer past float's range (10**400) is no usable number either
        return False


def _is_special_token(value: Any) -> bool:
    if isinstance(value, list):
        return all(isinstance(item, str) or (isinstance(item, Mapping) and isinstance(item.get("content"), str))
                   for item in value)
    return isinstance(value, str) or (isinstance(value, Mapping) and isinstance(value.get("content"), str))


WHOLE = Kind(msg("err.ckpt.kind.whole"), _is_whole)
#: Token ids: negative ones are refused later with the id's own message (vocab_files._checked_ids).
INTEGER = Kind(msg("err.ckpt.kind.integer"), lambda v: isinstance(v, int) and not isinstance(v, bool))
NUMBER = Kind(msg("err.ckpt.kind.number"), _is_number)
TEXT = Kind(msg("err.ckpt.kind.text"), lambda v: isinstance(v, str))
FLAG = Kind(msg("err.ckpt.kind.flag"), lambda v: isinstance(v, bool))
TEXTS = Kind(msg("err.ckpt.kind.texts"), lambda v: isinstance(v, list) and all(isinstance(i, str) for i in v))
WHOLES = Kind(msg("err.ckpt.kind.wholes"), lambda v: isinstance(v, list) and all(_is_whole(i) for i in v))
OBJECT = Kind(msg("err.ckpt.kind.object"), lambda v: isinstance(v, Mapping))
ROPE = Kind(msg("err.ckpt.kind.rope"),
            lambda v: isinstance(v, Mapping) and all(v.get(name) is None or _is_number(v[name])
                                                     for name in ("rope_theta", "partial_rotary_factor")))
#: A share of a head's dimensions, in (0, 1].
FRACTION = Kind(msg("err.ckpt.kind.fraction"), lambda v: _is_number(v) and 0 < v <= 1)
ID_TO_TEXT = Kind(msg("err.ckpt.kind.id_to_text"),
                  lambda v: isinstance(v, Mapping) and all(_is_whole(k) and isinstance(s, str) for k, s in v.items()))
SPECIAL_TOKEN = Kind(msg("err.ckpt.kind.special_token"), _is_special_token)
TEXT_TO_TEXT = Kind(msg("err.ckpt.kind.text_to_text"),
                    lambda v: isinstance(v, Mapping) and all(isinstance(k, str) and isinstance(s, str)
                                                             for k, s in v.items()))

#: Sizes a model is built from: the same in config.json and in nanoGPT's model_args.
_SIZES = {name: WHOLE for name in (
    "vocab_size", "n_vocab", "hidden_size", "n_embd", "d_model", "dim", "max_position_embeddings", "n_positions",
    "n_ctx", "block_size", "num_hidden_layers", "n_layer", "num_layers", "num_attention_heads", "n_head",
    "num_heads", "num_key_value_heads", "intermediate_size", "n_inner", "ffn_dim", "d_ff", "type_vocab_size",
    "head_dim", "rotary_dim", "num_decoder_layers", "word_embed_proj_dim")}

#: File kind -> field -> what it must hold. Only fields named here can be read.
SCHEMAS: dict[str, dict[str, Kind]] = {
    "config.json": {
        **_SIZES, "model_type": TEXT, "architectures": TEXTS, "tie_word_embeddings": FLAG, "torch_dtype": TEXT,
        "rope_theta": NUMBER, "rope_parameters": ROPE, "rope_scaling": OBJECT, "layer_norm_eps": NUMBER,
        "rotary_emb_base": NUMBER, "rotary_pct": FRACTION, "partial_rotary_factor": FRACTION,
        "layer_norm_epsilon": NUMBER, "rms_norm_eps": NUMBER,
        "attention_types": Kind(msg("err.ckpt.kind.list"), lambda v: isinstance(v, list)),
    },
    "model_args": {**_SIZES, "bias": FLAG, "dropout": NUMBER},
    "meta.pkl": {"vocab_size": WHOLE, "itos": ID_TO_TEXT, "stoi": Kind(
        msg("err.ckpt.kind.text_to_ids"), lambda v: isinstance(v, Mapping) and all(isinstance(k, str) for k in v))},
    "vocab.json": {ANY_FIELD: INTEGER},
    "special_tokens_map.json": {ANY_FIELD: SPECIAL_TOKEN},
    "tokenizer_config.json": {
        "tokenizer_class": TEXT, "model_max_length": NUMBER, "do_lower_case": FLAG, "padding_side": TEXT,
        "truncation_side": TEXT, "clean_up_tokenization_spaces": FLAG, "add_prefix_space": FLAG,
        "added_tokens_decoder": OBJECT, "auto_map": OBJECT, "chat_template": Kind(
            msg("err.ckpt.kind.template"), lambda v: isinstance(v, (str, list))),
        **{name: SPECIAL_TOKEN for name in ("bos_token", "eos_token", "unk_token", "sep_token", "pad_token",
                                            "cls_token", "mask_token", "additional_special_tokens")},
    },
    "index.json": {"weight_map": TEXT_TO_TEXT, "metadata": OBJECT},
    "gguf": {
        "general.architecture": TEXT, "tokenizer.ggml.model": TEXT, "tokenizer.ggml.tokens": TEXTS,
        "tokenizer.ggml.token_type": WHOLES,
        **{f"{{arch}}.{suffix}": WHOLE for suffix in ("vocab_size", "embedding_length", "context_length",
                                                      "block_count", "attention.head_count",
                                                      "attention.key_length", "rope.dimension_count")},
        "{arch}.rope.freq_base": NUMBER,
    },
}


#: The clipped repr of values in messages: a few items of the first levels only, the same cost for any size.
_SHORT_REPR = reprlib.Repr()  # Python 3.11's takes no arguments
for _limit, _value in (("maxlevel", 2), ("maxtuple", 3), ("maxlist", 3), ("maxarray", 3), ("maxdict", 3),
                       ("maxset", 3), ("maxfrozenset", 3), ("maxdeque", 3), ("maxstring", 40), ("maxlong", 40),
                       ("maxother", 40)):
    setattr(_SHORT_REPR, _limit, _value)


def describe_value(value: Any) -> str:
    """A short description of a value for messages: its type and a clipped repr (costs the same for any size)."""
    kinds = {bool: "boolean", int: "integer", float: "float", str: "text", list: "list", dict: "object",
             type(None): "null"}
    text = _SHORT_REPR.repr(value)
    shown = text if len(text) <= 40 else text[:37] + "..."
    if type(value) in kinds:
        return msg(f"err.ckpt.value.{kinds[type(value)]}", shown=shown)
    return msg("err.ckpt.value.other", type=type(value).__name__, shown=shown)


class Metadata(Mapping):
    """The fields of one metadata document, each checked against its file kind's schema; ``null`` counts as absent.

    Args:
        values: the parsed document (a JSON object, an unpickled dict, GGUF key-values).
        kind: a key of :data:`SCHEMAS` (``config.json``, ``gguf`` ...).
        origin: the file as messages name it (``config.json of tiny-gpt2``).
        fill: ``{"arch": ...}`` for schemas whose names hold ``{arch}``.

    Raises:
        MetadataError: the document is not an object, or a field the schema names holds the wrong type.
    """

    def __init__(self, values: Any, kind: str, origin: str, *, fill: Mapping[str, str] | None = None):
        if not isinstance(values, Mapping):
            raise MetadataError(msg("err.ckpt.meta_not_object", origin=origin, value=describe_value(values)))
        self._schema = {name.format(**(fill or {})): field_kind for name, field_kind in SCHEMAS[kind].items()}
        self._origin = origin
        self._values = dict(values)
        fallback = self._schema.get(ANY_FIELD)
        for name, value in self._values.items():
            expected = self._schema.get(name, fallback)
            if expected is not None and value is not None and not expected.accepts(value):
                raise MetadataError(msg("err.ckpt.meta_field", origin=origin,
                                        field=name if isinstance(name, str) else _SHORT_REPR.repr(name),
                                        expected=expected.expected,
                                        value=describe_value(value)))

    def _declared(self, name: str) -> bool:
        return name in self._schema or ANY_FIELD in self._schema

    def __getitem__(self, name: str) -> Any:
        if not self._declared(name):
            # A programming error, not bad input: every field read must be in the schema.
            raise LookupError(f"field {name!r} is not in the schema of {self._origin}; add it to SCHEMAS")
        return self._values[name]

    def get(self, name: str, default: Any = None) -> Any:
        """The field's checked value, or ``default`` when absent or ``null``."""
        value = self[name] if name in self._values else None
        return default if value is None else value

    def __contains__(self, name: object) -> bool:
        return isinstance(name, str) and self._declared(name) and name in self._values

    def __iter__(self) -> Iterator[str]:
        return (name for name in self._values if self._declared(name))

    def __len__(self) -> int:
        return sum(1 for _ in self)


#: Types that hold nothing: JSON's strings, numbers, booleans and null.
_LEAVES = (str, int, float, type(None))


def check_depth(document: Any, origin: str, limit: int = MAX_DEPTH) -> Any:
    """``document`` unchanged when its lists and objects nest at most ``limit`` deep (walked without recursion).

    Raises:
        MetadataError: deeper nesting.
    """
    pending = [(document, 1)]
    while pending:
        node, depth = pending.pop()
        children = node.values() if isinstance(node, Mapping) else node if isinstance(node, list) else ()
        for child in children:
            # leaves first: an ABC (Mapping) check on each string of a large vocabulary is slow
            if not isinstance(child, _LEAVES) and isinstance(child, (Mapping, list)):
                if depth + 1 > limit:
                    raise MetadataError(msg("err.ckpt.meta_too_deep", origin=origin, limit=limit))
                pending.append((child, depth + 1))
    return document


def load_json(path: Path, origin: str | None = None) -> Any:
    """Parse a JSON metadata file, nesting bounded by :data:`MAX_DEPTH` (``origin``: its name in messages).

    Raises:
        MetadataError: not UTF-8, not valid JSON, or nested too deep.
        CheckpointReadError: the file cannot be read.
    """
    origin = origin or path.name
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise MetadataError(msg("err.ckpt.meta_not_utf8", origin=origin, reason=error.reason,
                                start=error.start)) from error
    except OSError as error:
        raise CheckpointReadError(msg("err.ckpt.meta_unreadable", origin=origin,
                                      reason=error.strerror or error)) from error
    try:
        document = json.loads(text)
    except RecursionError as error:
        raise MetadataError(msg("err.ckpt.meta_recursion", origin=origin)) from error
    except ValueError as error:
        raise MetadataError(msg("err.ckpt.meta_bad_json", origin=origin, error=error)) from error
    return check_depth(document, origin)


def read_metadata_file(path: Path, kind: str, origin: str | None = None) -> Metadata:
    """:func:`load_json` then :class:`Metadata`: a JSON metadata file's checked fields.

    Raises:
        MetadataError: unreadable JSON, too deep, not an object, or a field of the wrong type.
        CheckpointReadError: the file cannot be read.
    """
    origin = origin or path.name
    return Metadata(load_json(path, origin), kind, origin)


def read_config(folder: Path) -> Metadata:
    """Parse ``config.json``, every field it is read for checked (schema ``config.json`` above).

    Raises:
        MetadataError: not valid JSON, not an object, nested too deep, or a field of the wrong type.
        CheckpointReadError: the file cannot be read.
    """
    origin = msg("err.ckpt.origin.config_in", folder=folder.name)
    return read_metadata_file(folder / "config.json", "config.json", origin)
