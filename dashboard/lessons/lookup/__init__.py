"""The "lookup, on real rows" page: an embedding is a row lookup, the same as a one-hot vector times the table.

:mod:`.analysis` (rows of typed ids or words, the one-hot comparison, each architecture's first-block rule);
page side :mod:`.view_frames`.
"""
