"""Forward passes of a checkpoint's whole model (the sentence-reorder demo, perturb and watch).

``loading`` builds the model with ``transformers``; ``nanogpt`` maps nanoGPT
weights onto GPT-2; ``positions`` removes position information by hooks;
``tokenizing`` turns a sentence into ids; ``passes`` runs one sentence and
records the levels; ``experiment`` compares a sentence with its permutation;
``perturbation`` changes one row of the token table or head and watches the
other; ``notebook`` writes the same change as PyTorch lines.
"""
