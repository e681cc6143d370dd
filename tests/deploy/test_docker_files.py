"""The Docker files agree with each other and with the repository (the image itself: make docker-smoke)."""

import fnmatch
import importlib
import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

from scripts.healthcheck import build_health_url

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = (ROOT / "Dockerfile").read_text()


def _instruction(name: str) -> list[str]:
    """Arguments of every ``NAME ...`` line of the Dockerfile (continuations joined)."""
    text = re.sub(r"\\\n", " ", DOCKERFILE)
    return [line[len(name):].strip() for line in text.splitlines() if line.startswith(name + " ")]


def _ignored(path: str) -> bool:
    patterns = [p.strip() for p in (ROOT / ".dockerignore").read_text().splitlines()
                if p.strip() and not p.startswith("#")]
    parts = Path(path).parts
    return any(fnmatch.fnmatch("/".join(parts[:i]), pattern.rstrip("/"))
               for pattern in patterns for i in range(1, len(parts) + 1))


def test_every_copied_path_exists_and_reaches_the_builder():
    sources = []
    for args in _instruction("COPY"):
        if args.startswith("--from"):
            continue
        sources += [s for s in args.split()[:-1] if "*" not in s]
    assert {"app.py", "dashboard/", "pages/", "models/", ".streamlit/"} <= set(sources)
    for source in sources:
        assert (ROOT / source).exists(), f"Dockerfile copies {source}, which is not in the repository"
        assert not _ignored(source.rstrip("/")), f".dockerignore hides {source} from the build"


def test_image_command_leaves_server_settings_to_the_environment():
    (cmd,) = _instruction("CMD")
    argv = json.loads(cmd)
    assert argv[:3] == ["streamlit", "run", "app.py"]
    # A --server.* flag would beat `docker run -e STREAMLIT_SERVER_...` (flags win over variables).
    assert not [a for a in argv if a.startswith("--server.")]


def test_compose_runs_the_image_as_documented():
    service = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]["explorer"]
    assert service["build"] == "."
    assert service["restart"] == "unless-stopped"
    assert any(port.endswith(":8501") for port in service["ports"])
    assert any(re.search(r":/models(:ro)?$", volume) for volume in service["volumes"])
    (healthcheck,) = _instruction("HEALTHCHECK")
    assert service["healthcheck"]["test"] == ["CMD", *json.loads(healthcheck.split(" CMD ", 1)[1])]
    assert "STREAMLIT_SERVER_MAX_UPLOAD_SIZE" in service["environment"]


@pytest.mark.parametrize(("environ", "url"), [
    ({}, "http://127.0.0.1:8501/_stcore/health"),
    ({"STREAMLIT_SERVER_PORT": "9000"}, "http://127.0.0.1:9000/_stcore/health"),
    ({"STREAMLIT_SERVER_BASE_URL_PATH": "/explorer/"}, "http://127.0.0.1:8501/explorer/_stcore/health"),
    ({"STREAMLIT_SERVER_BASE_URL_PATH": "tools/explorer", "STREAMLIT_SERVER_PORT": ""},
     "http://127.0.0.1:8501/tools/explorer/_stcore/health"),
])
def test_health_url_follows_streamlits_variables(environ, url):
    assert build_health_url(environ) == url


def _upload_limit(env: dict[str, str]) -> int:
    shown = subprocess.run([sys.executable, "-m", "streamlit", "config", "show"], cwd=ROOT, env=env,
                           capture_output=True, text=True, timeout=120, check=True).stdout
    return int(re.search(r"^maxUploadSize = (\d+)$", shown, re.MULTILINE).group(1))


def test_upload_limit_is_set_in_config_and_overridden_by_the_environment(monkeypatch):
    monkeypatch.delenv("STREAMLIT_SERVER_MAX_UPLOAD_SIZE", raising=False)
    configured = tomllib.loads((ROOT / ".streamlit/config.toml").read_text())["server"]["maxUploadSize"]
    assert _upload_limit(dict(os.environ)) == configured
    assert _upload_limit({**os.environ, "STREAMLIT_SERVER_MAX_UPLOAD_SIZE": "7"}) == 7


def test_the_image_and_compose_limit_server_paths_to_the_models_folder():
    from dashboard.settings import LOCAL_PATHS_ENV, Settings

    assert f"{LOCAL_PATHS_ENV}=models" in " ".join(_instruction("ENV")).split()
    service = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]["explorer"]
    value = service["environment"][LOCAL_PATHS_ENV]  # "${EXPLORER_LOCAL_PATHS:-models}": the host may choose another
    assert value == "${EXPLORER_LOCAL_PATHS:-models}" and Settings.from_environment({LOCAL_PATHS_ENV: value[-7:-1]}).local_paths == "models"
    assert f"`{LOCAL_PATHS_ENV}`" in (ROOT / "README.md").read_text()  # the Docker section names the setting


def _runtime_env() -> dict[str, str]:
    """The final stage's ENV settings (``KEY=VALUE`` pairs)."""
    runtime = re.sub(r"\\\n", " ", DOCKERFILE).split("\nFROM ")[-1]
    pairs = [p for line in runtime.splitlines() if line.startswith("ENV ") for p in line[4:].split()]
    return dict(p.split("=", 1) for p in pairs)


def test_the_map_cache_is_a_volume_the_app_user_owns_in_the_image_and_in_compose():
    from dashboard.settings import CACHE_DIR_ENV

    cache = _runtime_env()[CACHE_DIR_ENV]
    volumes = [v for args in _instruction("VOLUME") for v in json.loads(args)]
    root = next(v for v in volumes if cache.startswith(v + "/") or cache == v)
    assert any("chown -R app:app" in run and root in run for run in _instruction("RUN"))
    service = yaml.safe_load((ROOT / "compose.yaml").read_text())
    named = [v.split(":")[0] for v in service["services"]["explorer"]["volumes"] if v.endswith(":" + root)]
    assert named and named[0] in service["volumes"], "compose.yaml keeps the cache on a named volume"


def test_numba_code_is_compiled_while_building_and_served_from_a_writable_volume():
    numba_dir = _runtime_env()["NUMBA_CACHE_DIR"]
    volumes = [v for args in _instruction("VOLUME") for v in json.loads(args)]
    # numba refuses to run a cache=True function when the folder is not writable: a volume always is.
    assert any(numba_dir.startswith(v + "/") for v in volumes)
    runtime = DOCKERFILE.split("\nFROM ")[-1]
    after_user = runtime.split("\nUSER app\n", 1)[1]
    assert "warm_umap()" in after_user, "the warm-up runs as the app user, who must be able to add to the cache"
    assert after_user.index("warm_umap()") < after_user.index(f"cp -a /var/cache/numba {numba_dir}")
    assert after_user.index(f"cp -a /var/cache/numba {numba_dir}") < after_user.index("VOLUME")


def test_the_image_has_a_cjk_font_for_exported_charts():
    assert any("fonts-noto-cjk" in run for run in _instruction("RUN"))


def test_every_dashboard_name_the_image_build_imports_exists():
    """The build ran ``from dashboard.maps.projection import warm_umap`` after warm_umap had moved (found by the
    suite's benchmark test, not by any Docker test): each ``from dashboard... import ...`` of a ``python -c`` line
    must name a module and names that are there."""
    commands = re.findall(r'python3? -c "([^"]*)"', DOCKERFILE)
    imports = [(module, [name.strip() for name in names.split(",")]) for command in commands
               for module, names in re.findall(r"from (dashboard[\w.]*) import ([\w, ]+)", command)]
    assert imports, "the image warms UMAP through a dashboard import: this test reads it"
    for module, names in imports:
        loaded = importlib.import_module(module)
        assert all(hasattr(loaded, name) for name in names), (module, names)
