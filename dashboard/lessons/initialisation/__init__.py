"""The "Where training starts" page: a table's values and row norms beside the usual initialisations.

:mod:`.analysis` (numbers), :mod:`.chart`, :mod:`.text` (sentences), :mod:`.view_frames` (cached numbers).
"""
