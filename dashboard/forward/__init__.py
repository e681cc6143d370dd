"""Forward passes of a checkpoint's whole model (the sentence-reorder demo).

``loading`` builds the model with ``transformers``; ``nanogpt`` maps nanoGPT
weights onto GPT-2; ``positions`` removes position information by hooks;
``tokenizing`` turns a sentence into ids; ``passes`` runs one sentence and
records the levels; ``experiment`` compares a sentence with its permutation.
"""
