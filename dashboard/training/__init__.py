"""Checkpoints over training: the Training, Compare checkpoints and Under-trained tokens pages.

Analysis: :mod:`.curves`, :mod:`.compare` (two checkpoints, Orthogonal Procrustes), :mod:`.undertrained`
(Land & Bartolo 2024). Charts: :mod:`.run_charts`, :mod:`.compare_charts`. Page side (their words too):
:mod:`.view_run`, :mod:`.view_compare`, :mod:`.view_undertrained`. Aligned maps across steps:
:mod:`dashboard.maps.aligned`.
"""
