import pytest

from tests.shared_models import bundled_or_fresh_forward_model


@pytest.fixture(autouse=True)
def _bundled_models_built_once(monkeypatch):
    """The Korean pages run the bundled models one after another: each is built once for the whole test process."""
    monkeypatch.setattr("dashboard.ui.forward_loading.load_forward_model", bundled_or_fresh_forward_model)
