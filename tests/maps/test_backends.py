"""Which backends are usable: cpu always; cuml only where it imports and sees a CUDA device, else a reason."""

import sys

import pytest

from dashboard.errors import BackendUnavailableError, QueryError
from dashboard.i18n import render
from dashboard.maps import backends
from dashboard.maps.backends import (
    backend_status,
    best_backend,
    cuml_status,
    require_backend,
)
from dashboard.maps.projection import ProjectionSettings
from tests.fake_cuml import forget_backend_status, install_fake_cuml


@pytest.fixture(autouse=True)
def _fresh_status():
    forget_backend_status()
    yield
    forget_backend_status()


def test_without_cuml_only_cpu_is_available_and_the_reason_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "cuml", None)  # as if not installed, on any machine
    status = cuml_status()
    assert not status.available and status.reason.key == "backends.cuml.not_installed"
    assert "pip install --extra-index-url=https://pypi.nvidia.com cuml-cu12" in status.reason
    assert best_backend("pca") == best_backend("umap") == best_backend() == "cpu"
    assert backend_status("cpu").available


def test_the_real_check_agrees_with_the_default_backend_and_gives_a_reason_when_unusable():
    """Nothing faked: on this project's machines (no GPU) cuml is unusable, with a one-line reason, and cpu is the
    default; where cuML and a GPU are usable, cuml is the default."""
    status = cuml_status()
    if status.available:
        assert status.reason is None and best_backend() == "cuml"
        return
    assert status.reason.key.startswith("backends.cuml.") and len(str(status.reason).splitlines()) == 1
    assert best_backend() == "cpu"


def test_a_broken_cuml_install_is_unavailable_with_its_error_not_a_crash(tmp_path, monkeypatch):
    package = tmp_path / "cuml"
    package.mkdir()
    (package / "__init__.py").write_text(
        "raise OSError('libcuml++.so: cannot open shared object file: No such file or directory')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "cuml", raising=False)
    status = cuml_status()
    assert not status.available and status.reason.key == "backends.cuml.import_failed"
    assert "OSError: libcuml++.so" in status.reason and "nvidia-smi" in status.reason
    assert best_backend("umap") == "cpu"


def test_cuml_without_a_device_is_unavailable_with_the_cuda_error(monkeypatch):
    install_fake_cuml(monkeypatch)

    def no_device():
        raise RuntimeError("cudaErrorNoDevice: no CUDA-capable device is detected")

    monkeypatch.setattr(backends, "_count_cuda_devices", no_device)
    status = cuml_status()
    assert not status.available and status.reason.key == "backends.cuml.no_device"
    assert "cudaErrorNoDevice" in status.reason
    monkeypatch.setattr(backends, "_count_cuda_devices", lambda: 0)
    forget_backend_status()
    assert not cuml_status().available


def test_with_cuml_and_a_device_cuml_is_best_for_pca_and_umap_but_never_for_tsne(monkeypatch):
    install_fake_cuml(monkeypatch)
    assert best_backend("pca") == best_backend("umap") == "cuml"
    assert best_backend("tsne") == "cpu"
    require_backend("cuml")  # no error


def test_requiring_an_unavailable_backend_raises_one_sentence_with_what_to_do(monkeypatch):
    monkeypatch.setitem(sys.modules, "cuml", None)
    with pytest.raises(BackendUnavailableError) as raised:
        require_backend("cuml")
    text = str(raised.value)
    assert len(text.splitlines()) == 1 and "--backend cpu" in text and "not installed" in text
    assert "cuml" in render(raised.value, "ko") and render(raised.value, "ko") != text
    with pytest.raises(QueryError, match="unknown backend 'tpu'"):
        require_backend("tpu")


def test_settings_refuse_an_unknown_backend_and_tsne_on_cuml():
    with pytest.raises(QueryError, match="unknown backend"):
        ProjectionSettings("pca", 2, backend="gpu")
    with pytest.raises(QueryError, match="t-SNE has no cuml backend"):
        ProjectionSettings("tsne", 2, backend="cuml")
    assert ProjectionSettings().backend == "cpu"
