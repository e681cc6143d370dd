"""The Sentence reorder page: without positions, attention cannot tell a sentence from the same words reordered.

:mod:`.analysis` (permutations, differences), :mod:`.word_order`, :mod:`.experiment` (forward passes through
:mod:`dashboard.forward`), :mod:`.chart`; page side :mod:`.view_experiment` (cached) and :mod:`.view_frames`.
"""
