"""The token map end to end: a table's rows projected to 2D or 3D, cached, computed on Dask, drawn, and its page.

Settings and results: :mod:`.settings`, :mod:`.result`. Methods: :mod:`.projection` over :mod:`.pca`,
:mod:`.umap_fit`, :mod:`.tsne` and cuML (:mod:`.cuml`, :mod:`.backends`), :mod:`.custom_axes`, :mod:`.aligned`.
Work and storage: :mod:`.tasks`, :mod:`.manifest`, :mod:`.cache`. Drawing: :mod:`.frame`, :mod:`.chart`,
:mod:`.wire`. The page side, the only modules here importing Streamlit: :mod:`.view_component`, :mod:`.view_data`,
:mod:`.view_requests`.

``project_umap``, ``warm_umap``, ``project_tsne`` and ``CUML_PROJECTORS`` load from their modules on first use
(PEP 562): :mod:`.projection` dispatches to them without importing them.
"""

from __future__ import annotations

from dashboard import names_loaded_on_first_use

#: Public name -> the module that defines it.
_PUBLIC = {"project_umap": "umap_fit", "warm_umap": "umap_fit", "project_tsne": "tsne", "CUML_PROJECTORS": "cuml"}
__getattr__, __dir__ = names_loaded_on_first_use(__name__, _PUBLIC)
