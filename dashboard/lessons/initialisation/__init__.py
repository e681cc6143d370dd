"""The "Where training starts" page: a table's values and row norms beside the usual initialisations.

:mod:`.analysis` (the numbers: value spread, row norms, the ``N(0, std)`` each initialisation gives), :mod:`.chart`
(value densities and row-norm ranges), :mod:`.text` (the sentences, each from the numbers of the model on screen),
:mod:`.view_frames` (the page's cached numbers).
"""
