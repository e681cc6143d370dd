"""Heavy work on Dask (``dask.distributed``): maps of large tables, UMAP and t-SNE, for pages and ``precompute``.

A local cluster of worker processes, or a running scheduler (``EXPLORER_DASK_SCHEDULER``, :mod:`.client`). Work
is submitted by reference, never as arrays (:mod:`.maps`), and every map lands in the on-disk projection cache
the pages read; :mod:`.queue` says where a request stands.
"""
