"""A small byte-level BPE tokenizer (GPT-2 / SmolLM2 style), written as tokenizer.json or into a GGUF file.

Built by hand so that the tests know its tokens: the 256 byte characters of
GPT-2's byte-to-character table, then :data:`MERGED` built by left-to-right
merges, word-initial forms (``Ġking``) listed before mid-word ones
(``king``) as a trained BPE ranks them, so `` king`` becomes ``Ġking``
while ``viking`` ends in the mid-word ``king``. ``Ġxylophone`` is not one
token: it becomes ``Ġxyl`` + ``ophone``.
"""

from __future__ import annotations

from pathlib import Path

from tests import format_factories

SPECIAL = "<|endoftext|>"
MERGED = ("Ġking", "Ġqueen", "Ġman", "Ġwoman", "Ġcat", "Ġcats", "Ġdog", "Ġpet", "ĠTuesday", "Ġxyl", "ophone",
          "Ġthe", "Ġsat", "Ġon", "Ġa", "Ġmat", "the", "king", "cat")


def byte_level_vocabulary() -> tuple[list[str], list[str]]:
    """``(tokens, merges)``: tokens by id (``<|endoftext|>`` is id 0), merges as ``"left right"``, best first."""
    from transformers.convert_slow_tokenizer import bytes_to_unicode

    tokens = [SPECIAL] + list(bytes_to_unicode().values())
    merges: list[str] = []
    for word in MERGED:
        for end in range(2, len(word) + 1):
            if word[:end] not in tokens:
                merges.append(f"{word[:end - 1]} {word[end - 1]}")
                tokens.append(word[:end])
    return tokens, merges


def byte_level_tokenizer():
    """The vocabulary as a ``tokenizers.Tokenizer`` (ByteLevel pre-tokenizer, no prefix space, like SmolLM2)."""
    from tokenizers import Tokenizer, decoders, pre_tokenizers
    from tokenizers.models import BPE

    tokens, merges = byte_level_vocabulary()
    tokenizer = Tokenizer(BPE({t: i for i, t in enumerate(tokens)}, [tuple(m.split(" ")) for m in merges]))
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    tokenizer.add_special_tokens([SPECIAL])
    return tokenizer


def byte_level_gguf(path: Path) -> Path:
    """A Llama GGUF whose metadata holds the tokenizer (model ``gpt2``, tokens, merges, token types)."""
    tokens, merges = byte_level_vocabulary()
    types = [3] + [1] * (len(tokens) - 1)  # gguf.TokenType: 3 CONTROL, 1 NORMAL
    format_factories.gguf_file(path, tokens=tokens, token_types=types, merges=merges, vocab=len(tokens))
    return path
