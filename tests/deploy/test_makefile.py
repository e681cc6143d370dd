"""The Makefile's set-up on a fresh machine, driven with a stand-in Python that records what it is asked.

The stand-in (a shell script) answers ``--version`` and the version check,
makes a virtual environment whose ``bin/python`` is itself, and logs every
``pip`` command instead of running it, so these tests need no network and
install nothing.
"""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TORCH_PIN = next(line for line in (ROOT / "requirements.txt").read_text().splitlines() if line.startswith("torch=="))
FAKE_PYTHON = r"""#!/bin/sh
# A stand-in python: FAKE_VERSION, FAKE_VENV_FAIL, FAKE_PIP_OFFLINE (exit code of the offline torch look-up).
case "$1" in
  --version) echo "Python $FAKE_VERSION"; exit 0 ;;
  -c) major=${FAKE_VERSION%%.*}; minor=${FAKE_VERSION#*.}; minor=${minor%%.*}
      [ "$major" -gt 3 ] || { [ "$major" -eq 3 ] && [ "$minor" -ge 11 ]; }; exit $? ;;
esac
if [ "$1 $2" = "-m venv" ]; then
  mkdir -p "$3/bin" && cp "$0" "$3/bin/python"   # half-made from here on
  [ -z "$FAKE_VENV_FAIL" ] || { echo "The virtual environment was not created successfully" >&2; exit 1; }
  exit 0
fi
if [ "$1 $2" = "-m pip" ]; then
  echo "pip $*" >>"$FAKE_LOG"
  case "$*" in *--dry-run*) exit "${FAKE_PIP_OFFLINE:-0}" ;; esac
  exit 0
fi
exit 3
"""


@pytest.fixture
def project(tmp_path) -> Path:
    for name in ("Makefile", "requirements.txt", "requirements-nodeps.txt", "requirements-dev.txt"):
        shutil.copy(ROOT / name, tmp_path / name)
    fake = tmp_path / "fake-python"
    fake.write_text(FAKE_PYTHON)
    fake.chmod(fake.stat().st_mode | stat.S_IEXEC)
    return tmp_path


def make(project: Path, target: str = "install", **env: str) -> subprocess.CompletedProcess:
    # Run as a top-level make even under `make test` (CI), which would otherwise pass MAKELEVEL and
    # MAKEFLAGS down and turn the messages into `make[1]: ...`.
    inherited = {k: v for k, v in os.environ.items() if k not in ("MAKELEVEL", "MAKEFLAGS", "MFLAGS")}
    environ = {**inherited, "FAKE_VERSION": "3.11.2", "FAKE_LOG": str(project / "pip.log"), **env}
    return subprocess.run(["make", "--no-print-directory", target, f"PYTHON={project / 'fake-python'}",
                           "VENV=venv"], cwd=project, env=environ, capture_output=True, text=True, timeout=60)


def pip_calls(project: Path) -> list[str]:
    log = project / "pip.log"
    return log.read_text().splitlines() if log.exists() else []


def test_an_old_python_is_refused_in_one_line_naming_its_version(project):
    done = make(project, FAKE_VERSION="3.10.12")
    assert done.returncode != 0
    lines = [line for line in done.stderr.splitlines() if not line.startswith("make: ***")]
    assert lines == [f"make: needs Python >= 3.11, but {project / 'fake-python'} is Python 3.10.12; "
                     "install one and run e.g. make PYTHON=python3.11"]
    assert not (project / "venv").exists() and pip_calls(project) == []


def test_a_failed_venv_leaves_nothing_that_stops_the_next_try(project):
    failed = make(project, FAKE_VENV_FAIL="1")
    assert failed.returncode != 0
    assert "creating the virtual environment" in failed.stderr and "run the same make command again" in failed.stderr
    assert not (project / "venv" / "bin" / "python").exists()  # the half-made venv is not taken as done
    retried = make(project)
    assert retried.returncode == 0, retried.stderr
    assert (project / "venv" / ".runtime-installed").exists()


def test_a_failed_install_writes_no_stamp_and_is_redone(project):
    (project / "venv" / "bin").mkdir(parents=True)
    shutil.copy(project / "fake-python", project / "venv" / "bin" / "python")
    broken = project / "venv" / "bin" / "python"
    fails_on_requirements = '  case "$*" in *-r\\ requirements.txt*) exit 1 ;; *--dry-run*)'
    broken.write_text(broken.read_text().replace('  case "$*" in *--dry-run*)', fails_on_requirements))
    failed = make(project)
    assert failed.returncode != 0 and "installing requirements.txt failed" in failed.stderr
    assert not (project / "venv" / ".runtime-installed").exists()


def test_where_pip_would_fetch_torch_from_an_index_on_linux_the_cpu_build_comes_first(project):
    done = make(project, FAKE_PIP_OFFLINE="1")
    assert done.returncode == 0, done.stderr
    calls = pip_calls(project)
    cpu = f'pip -m pip install --quiet --index-url https://download.pytorch.org/whl/cpu {TORCH_PIN}'
    requirements = "pip -m pip install --quiet -r requirements.txt"
    if os.uname().sysname == "Linux":
        assert cpu in calls and calls.index(cpu) < calls.index(requirements)
    else:
        assert cpu not in calls


def test_where_the_pinned_torch_is_on_the_machine_nothing_changes(project):
    done = make(project, FAKE_PIP_OFFLINE="0")
    assert done.returncode == 0, done.stderr
    calls = pip_calls(project)
    assert not [call for call in calls if "--index-url" in call]
    assert "pip -m pip install --quiet -r requirements.txt" in calls
    assert f"{TORCH_PIN}: found on this machine" in done.stdout


def test_the_set_up_prints_one_short_line_a_step_not_its_recipes(project):
    done = make(project, FAKE_PIP_OFFLINE="0")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "make: creating the virtual environment in venv" in lines and "make: installing requirements.txt" in lines
    echoed = [line for line in lines if "||" in line or "RETRY" in line or "nothing half-done" in line]
    assert echoed == [], echoed  # a recipe's failure branch is printed only when it fails
    assert max(len(line) for line in lines) <= 100, lines


def test_the_readme_and_the_makefile_give_the_benchmarks_the_time_the_last_full_run_took():
    import re

    makefile = " ".join((ROOT / "Makefile").read_text().split())
    readme = (ROOT / "README.md").read_text()
    [said] = [line for line in readme.splitlines() if line.startswith("make bench")]
    # The full run's line in "Machine and load" (the command without --only): | date | commit | command | ... | 55.3 min |
    full_run = re.search(r"^\| [\d-]+ \| [^|]+ \| `python -m benchmarks` \|.*\| ([\d.]+) min \|",
                         (ROOT / "docs" / "benchmarks.md").read_text(), re.MULTILINE)
    minutes = float(full_run[1])
    assert 45 <= minutes <= 75, minutes  # "about an hour"; another figure needs new words in both places
    assert "about an hour on 2 cores" in said and "about an hour on 2 cores" in makefile
    assert f"took {minutes:.0f} minutes" in makefile and f"took {minutes:.0f} minutes" in " ".join(readme.split())
