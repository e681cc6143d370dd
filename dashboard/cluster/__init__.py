"""Heavy work on Dask (``dask.distributed``): the cluster the pages and ``precompute`` submit to.

A local cluster of worker processes, or a running scheduler (``EXPLORER_DASK_SCHEDULER``, :mod:`.client`); the
workers' set-up (:mod:`.worker_setup`) and what they prepare for the bundled checkpoints (:mod:`.prepare`). The
maps submitted to it are :mod:`dashboard.maps.tasks`.
"""
