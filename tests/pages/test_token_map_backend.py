"""The Token map page computes on the best backend here, as `precompute` does, and its caption says which."""

import pytest

from tests.fake_cuml import forget_backend_status, install_fake_cuml
from tests.map_fixtures import bert_with_tokenizer
from tests.pages.app_test import open_app_page, shown


@pytest.fixture(autouse=True)
def _fresh_status():
    forget_backend_status()
    yield
    forget_backend_status()


def test_where_cuml_is_usable_the_page_draws_the_cuml_pca_and_names_it(tmp_path, monkeypatch):
    fake = install_fake_cuml(monkeypatch, version="99.1.0")
    folder = bert_with_tokenizer(tmp_path / "bert")
    at = open_app_page("pages/token_map.py", model=folder)
    assert not at.exception and not at.error
    text = " | ".join(shown(c.value) for c in at.caption)
    assert "svd_solver=full" in text and "cuml 99.1.0" in text and "scikit-learn" not in text
    assert [name for name, _, _ in fake.calls] == ["PCA"]
