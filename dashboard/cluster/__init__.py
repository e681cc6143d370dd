"""Heavy work on Dask (``dask.distributed``): the cluster the pages and ``precompute`` submit to.

Maps submitted to it are in :mod:`dashboard.maps.tasks`.
"""
