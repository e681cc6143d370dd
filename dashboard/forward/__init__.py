"""Forward passes of a checkpoint's whole model, for the sentence-reorder demo and perturb-and-watch."""
