"""The Sentence reorder page: without positions, attention cannot tell a sentence from the same words reordered.

:mod:`.analysis` (permutations, and how far apart the two orders' rows and attention are), :mod:`.word_order`
(word-level orders that keep each word's pieces together), :mod:`.experiment` (one sentence, one order, three
levels, with and without positions, on the model's real weights through :mod:`dashboard.forward`), :mod:`.chart`,
and the page side: :mod:`.view_experiment` (experiments cached per sentence and order), :mod:`.view_frames` (the
tidy frames the charts draw).
"""
