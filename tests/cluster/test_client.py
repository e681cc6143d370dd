"""Connecting to the cluster: a local cluster that fails to start is one typed error, in both languages."""

import pytest

from dashboard.cluster import client
from dashboard.errors import HeavyWorkError
from dashboard.i18n import render
from dashboard.settings import ClusterSettings


@pytest.mark.parametrize("lang, says", [("en", "did not start"), ("ko", "시작되지 않았습니다")])
def test_a_local_cluster_that_does_not_start_is_a_heavy_work_error(monkeypatch, lang, says):
    def fail(settings, quiet=False):
        raise RuntimeError("Nanny failed to start.")

    monkeypatch.setattr(client, "start_local_cluster", fail)
    with pytest.raises(HeavyWorkError) as raised:
        client.connect(ClusterSettings())
    text = render(raised.value, lang)
    assert says in text and "RuntimeError: Nanny failed to start." in text and "EXPLORER_DASK_WORKERS=0" in text
