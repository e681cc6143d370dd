"""Forward passes of a checkpoint's whole model (the sentence-reorder demo, perturb and watch).

``loading`` builds the model; ``nanogpt`` maps nanoGPT weights onto GPT-2; ``positions`` removes position
information by hooks; ``passes`` runs one sentence; ``experiment`` compares it with its permutation;
``perturbation`` changes one row and watches the other; ``notebook`` writes that change as PyTorch lines.
"""
