"""The Sentence reorder page: without positions, attention cannot tell a sentence from the same words reordered.

:mod:`.analysis` (permutations, word orders, differences), :mod:`.experiment` (forward passes through
:mod:`dashboard.forward`), :mod:`.chart`; page side :mod:`.view_frames` (cached experiments and frames).
"""
