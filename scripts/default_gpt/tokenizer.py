"""A byte-level BPE tokenizer trained on the corpus with the ``tokenizers`` library.

Byte-level like GPT-2's (every byte is in the base alphabet, so nothing is
ever unknown; a leading space is part of a word: ``Ġfunction``), with one
special token, ``<|endoftext|>``, that separates pages as in GPT-2.
"""

from __future__ import annotations

from pathlib import Path

END_OF_TEXT = "<|endoftext|>"


def train_tokenizer(pages: list[str], vocab_size: int):
    """Train a byte-level BPE on ``pages``.

    Args:
        pages: training texts.
        vocab_size: entries in the vocabulary, special token and 256 bytes included.

    Returns:
        A ``tokenizers.Tokenizer``; ``<|endoftext|>`` has id 0.
    """
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    tokenizer = Tokenizer(models.BPE())
    tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tokenizer.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(
        vocab_size=vocab_size,
        min_frequency=2,
        special_tokens=[END_OF_TEXT],
        initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
        show_progress=False,
    )
    tokenizer.train_from_iterator(pages, trainer=trainer)
    return tokenizer


def save_tokenizer(tokenizer, folder: Path, n_positions: int) -> None:
    """Write ``tokenizer.json`` and ``tokenizer_config.json`` so ``AutoTokenizer`` loads the folder."""
    from transformers import PreTrainedTokenizerFast

    wrapped = PreTrainedTokenizerFast(tokenizer_object=tokenizer, bos_token=END_OF_TEXT, eos_token=END_OF_TEXT,
                                      unk_token=END_OF_TEXT, model_max_length=n_positions)
    wrapped.save_pretrained(folder)
