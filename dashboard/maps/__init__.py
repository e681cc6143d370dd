"""The token map end to end: a table's rows projected to 2D or 3D, cached, computed on Dask, drawn, and its page.

Settings and results: :mod:`.settings`, :mod:`.result`. Methods: :mod:`.projection` over :mod:`.pca`,
:mod:`.umap_fit` (:mod:`.umap_init`), :mod:`.tsne` and cuML (:mod:`.cuml`, :mod:`.backends`, :mod:`.backend_check`),
:mod:`.custom_axes`, :mod:`.aligned`. Work and storage: :mod:`.tasks`, :mod:`.queue`, :mod:`.manifest`,
:mod:`.cache`. Drawing: :mod:`.frame`, :mod:`.chart`, :mod:`.wire`. The page side, the only modules here importing
Streamlit: :mod:`.view_component`, :mod:`.view_data`, :mod:`.view_axes`, :mod:`.view_requests`.
"""
