"""Embedding Table Explorer: read, account for and visualise the embedding tables of transformer checkpoints."""

__version__ = "0.1.0"
