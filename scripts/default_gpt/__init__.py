"""Training the bundled ``tiny-gpt-pydocs`` model: corpus, tokenizer, model, card, export.

Run by ``scripts/train_default_gpt.py`` (``make train-default-gpt``); the pieces
live in one module each so the tests can reach them.
"""
