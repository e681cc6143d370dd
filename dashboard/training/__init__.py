"""Checkpoints over training, for researchers: the Training, Compare checkpoints and Under-trained tokens pages.

- Analysis: :mod:`.curves` (each step's measures of the token, position and head tables), :mod:`.checkpoint_compare`
  (which table of two checkpoints to compare, and whether their rows are the same tokens), :mod:`.compare` (the two
  tables after Orthogonal Procrustes: who moved, whose neighbours changed), :mod:`.undertrained` (Land & Bartolo's
  indicators of rows training barely touched).
- Charts: :mod:`.run_charts` (loss and measures over steps), :mod:`.compare_charts`; words: :mod:`.text`.
- Page side: :mod:`.view_run` (a run's checkpoints, curves and steps, cached), :mod:`.view_compare` (comparisons and
  under-trained scores, cached).

A run's maps aligned across steps are the token map's (:mod:`dashboard.maps.aligned`).
"""
