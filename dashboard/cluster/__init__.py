"""Heavy work on Dask (``dask.distributed``): maps of large tables, UMAP and t-SNE, for pages and ``precompute``.

The server starts a :class:`distributed.LocalCluster` of worker processes, or connects to a running scheduler
(``EXPLORER_DASK_SCHEDULER``) when a class or a training run outgrows one machine (:mod:`dashboard.settings`,
:mod:`.client`). Work is submitted by reference, never as arrays (:mod:`.maps`): a table a worker reads is a
content-addressed ``.npy`` file in the cache folder or a checkpoint it reads itself, and every map lands in the
on-disk projection cache the pages read. :mod:`.queue` says where a request stands (queued with its place in
line, running with its stage, done).
"""
