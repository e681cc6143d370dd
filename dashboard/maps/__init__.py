"""The token map end to end: a table's rows projected to 2D or 3D, cached, computed on Dask, drawn, and the page's
view of them.

- Settings and results: :mod:`.settings` (:class:`~.settings.ProjectionSettings`, the cache key's parts),
  :mod:`.result` (:class:`~.result.Projection`; duplicate and all-zero rows).
- The methods: :mod:`.projection` dispatches to PCA (:mod:`.pca`), UMAP (:mod:`.umap_fit`, its start
  :mod:`.umap_init`), t-SNE (:mod:`.tsne`), or cuML on a GPU (:mod:`.cuml`, chosen by :mod:`.backends`, checked by
  :mod:`.backend_check`); :mod:`.custom_axes` places rows on two word directions; :mod:`.aligned` projects a run's
  steps on one fit.
- Where the work runs and lands: :mod:`.tasks` (submitted to Dask by reference), :mod:`.queue` (place in line,
  stage), :mod:`.manifest` (what made a precomputed map), :mod:`.cache` (the on-disk cache the pages read).
- Drawing: :mod:`.frame` (the points and their hover fields), :mod:`.chart` (the plotly figure and the offline
  HTML), :mod:`.wire` (its Arrow payload).
- The page side, the only modules here that import Streamlit: :mod:`.view_component` (the one renderer, a
  Streamlit custom component in ``token_map_component/``), :mod:`.view_data` and :mod:`.view_axes` (cached maps),
  :mod:`.view_requests` (a UMAP or t-SNE asked of the cluster, its progress and cancel).
"""
