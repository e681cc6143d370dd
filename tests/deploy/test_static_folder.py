"""Streamlit serves static/ (``enableStaticServing``) and warns at start when the folder is missing (it checks
before the app runs, so the app's own mkdir comes too late): a fresh checkout must hold the folder, though what
the app writes there is not tracked."""

import shutil
import subprocess
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_a_fresh_checkout_has_the_static_folder_streamlit_serves():
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout")
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())
    assert config["server"]["enableStaticServing"] is True
    tracked = subprocess.run(["git", "ls-files", "--", "static"], cwd=ROOT, capture_output=True, text=True,
                             check=True).stdout.split()
    assert tracked == ["static/.gitkeep"]  # the folder, and nothing the app writes into it
    written = ["static/deck-data/layer.bin", "static/vendor/plotly.js"]
    ignored = subprocess.run(["git", "check-ignore", *written], cwd=ROOT, capture_output=True, text=True)
    assert ignored.stdout.split() == written
