"""Tiny random models with a word-level ``tokenizer.json``, for the reorder demo's tests.

The folders come from :mod:`tests.factories` (``save_pretrained``); a
tokenizer built with the ``tokenizers`` library is written beside them so that
``the cat sat on a mat`` tokenizes to one token per word, with BERT's
``[CLS] ... [SEP]`` or Llama's BOS added by the post-processor, as the real
tokenizers do.
"""

from __future__ import annotations

from pathlib import Path

from tests import factories

WORDS = ("the", "cat", "sat", "on", "a", "mat", "dog", "ran")
SENTENCE = "the cat sat on a mat"


def write_word_tokenizer(folder: Path, *, specials: tuple[str, ...] = (), template: str = "$A") -> Path:
    """Write ``tokenizer.json``: ``specials`` take ids 0.., then ``[UNK]``, then :data:`WORDS`."""
    from tokenizers import Tokenizer
    from tokenizers.models import WordLevel
    from tokenizers.pre_tokenizers import WhitespaceSplit
    from tokenizers.processors import TemplateProcessing

    names = list(specials) + ["[UNK]"] + list(WORDS)
    vocab = {name: i for i, name in enumerate(names)}
    tokenizer = Tokenizer(WordLevel(vocab, unk_token="[UNK]"))
    tokenizer.pre_tokenizer = WhitespaceSplit()
    tokenizer.add_special_tokens(list(specials) + ["[UNK]"])
    used = [s for s in specials if s in template.split()]
    tokenizer.post_processor = TemplateProcessing(single=template, special_tokens=[(s, vocab[s]) for s in used])
    tokenizer.save(str(folder / "tokenizer.json"))
    return folder


def bert_with_words(folder: Path, **kwargs) -> Path:
    """Tiny random BERT; sentences become ``[CLS] words [SEP]``."""
    factories.bert_folder(folder, **kwargs)
    return write_word_tokenizer(folder, specials=("[PAD]", "[CLS]", "[SEP]"), template="[CLS] $A [SEP]")


def gpt2_with_words(folder: Path, **kwargs) -> Path:
    """Tiny random causal GPT-2 (learned positions); no special tokens added."""
    factories.gpt2_folder(folder, **kwargs)
    return write_word_tokenizer(folder, specials=("<|endoftext|>",))


def llama_with_words(folder: Path, **kwargs) -> Path:
    """Tiny random causal Llama (rotary positions); sentences start with BOS ``<s>`` (id 0)."""
    factories.llama_folder(folder, **kwargs)
    return write_word_tokenizer(folder, specials=("<s>",), template="<s> $A")


def gemma_with_words(folder: Path, **kwargs) -> Path:
    """Tiny random causal Gemma (rotary positions, rows scaled by sqrt(d_model)); sentences start with ``<s>``."""
    factories.gemma_folder(folder, **kwargs)
    return write_word_tokenizer(folder, specials=("<s>",), template="<s> $A")
