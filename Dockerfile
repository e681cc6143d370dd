# Embedding Table Explorer: the Streamlit app with its bundled checkpoints, CPU only.
#
#   docker build -t embedding-table-explorer .          # online: PyPI + the PyTorch CPU index
#   docker compose up                                   # see compose.yaml
#
# Offline (no index reachable during the build): put every wheel in a folder of
# the build context first and name it,
#   pip download -r requirements.txt -d wheelhouse
#   docker build --build-arg WHEELHOUSE=wheelhouse -t embedding-table-explorer .
# scripts/docker-smoke.sh does exactly that with podman, on a locally made base.

# A Debian-based image with Python 3.11 that has `python` and the venv module.
ARG BASE_IMAGE=python:3.11-slim

# ---- build: a virtual environment in /opt/venv; the wheels never reach the final image.
FROM ${BASE_IMAGE} AS build

# Empty: install from the indexes. A folder of the build context: install only from its wheels.
ARG WHEELHOUSE=
# torch's CPU build; the PyPI torch for Linux pulls several GB of CUDA libraries.
ARG TORCH_INDEX_URL=https://download.pytorch.org/whl/cpu

ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 PYTHONDONTWRITEBYTECODE=1
RUN python -m venv /opt/venv
WORKDIR /build
# requirements-nodeps.txt (packages whose declared dependencies are not needed
# to read their files) may or may not exist: the wildcards keep the COPY valid
# without it, and `./*.whl` (an online build) matches nothing.
COPY requirements*.txt ${WHEELHOUSE:-.}/*.whl ./
RUN set -eu; \
    if [ -n "$WHEELHOUSE" ]; then \
        source="--no-index --find-links /build"; \
    else \
        source=""; \
        /opt/venv/bin/pip install --index-url "$TORCH_INDEX_URL" "$(grep -E '^torch==' requirements.txt)"; \
    fi; \
    /opt/venv/bin/pip install $source -r requirements.txt; \
    if [ -f requirements-nodeps.txt ]; then /opt/venv/bin/pip install $source --no-deps -r requirements-nodeps.txt; fi; \
    /opt/venv/bin/python -c "import torch; assert not torch.version.cuda, 'expected the CPU build of torch'"

# ---- runtime
FROM ${BASE_IMAGE}

ENV PATH=/opt/venv/bin:$PATH \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    HF_HUB_OFFLINE=1 \
    STREAMLIT_SERVER_PORT=8501 \
    STREAMLIT_SERVER_ADDRESS=0.0.0.0 \
    EXPLORER_MODELS_DIR=/models \
    EXPLORER_CACHE_DIR=/cache/projections \
    NUMBA_CACHE_DIR=/var/cache/numba
ENV EXPLORER_LOCAL_PATHS=models
# The pages' default language: en or ko (docker run -e EXPLORER_LANG=ko ... for a Korean class).
ENV EXPLORER_LANG=en

# A CJK font, so Korean (and Chinese, Japanese) token strings and titles draw as glyphs, not boxes, in
# exported PNG/SVG charts: vl-convert draws with the system's fonts (fontdb reads /usr/share/fonts).
# GNU OpenMP, so numba runs parallel code on its thread-safe "omp" layer: without it (the slim base has none)
# numba falls back to "workqueue", which aborts the whole process when two threads run parallel code at once,
# as a Dask worker's numba warm-up and its first UMAP do ("Numba workqueue threading layer is terminating:
# Concurrent access has been detected": the worker died and the page showed KilledWorker; make docker-smoke).
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends fonts-noto-cjk libgomp1 \
    && rm -rf /var/lib/apt/lists/*

# /cache: computed maps (EXPLORER_CACHE_DIR), kept across restarts on a volume, owned by the app user
# so it can write there. /var/cache/numba: umap-learn's and pynndescent's compiled code (NUMBA_CACHE_DIR),
# filled once below while the image is built and then copied to /cache/numba, so no start compiles it again.
RUN useradd --create-home --uid 10001 --user-group app \
    && mkdir -p /models /cache/projections /var/cache/numba \
    && chown -R app:app /cache /var/cache/numba
COPY --from=build /opt/venv /opt/venv

# The app and its bundled defaults (models/ holds model cards and small checkpoints),
# owned by root so the app user cannot change them.
WORKDIR /app
COPY .streamlit/ .streamlit/
COPY app.py ./
COPY dashboard/ dashboard/
COPY pages/ pages/
COPY models/ models/
COPY scripts/healthcheck.py scripts/

USER app
# Compile the numba code into NUMBA_CACHE_DIR as the app user, on throwaway data (the server's warm-up then
# loads it instead of compiling: see docs/deploy.md for the seconds this saves at each start).
RUN python -c "from dashboard.maps.umap_fit import warm_umap; warm_umap()"
# ...and serve it from the /cache volume: numba refuses to run a cache=True function at all ("no locator
# available") when its cache folder is not writable, as the image's own folders are in a read-only container
# (docker run --read-only, or the smoke test's mounted image). A new named volume starts as this copy.
# The bundled checkpoints ready before the first student (issue 39): their tokenizers converted, SmolLM2's whole
# model dequantised once (kept as safetensors), and the Token map's default maps, all on the /cache volume
# (a new named volume starts as this copy). One local Dask worker, as the server's.
RUN python -m dashboard precompute default tiny-gpt-pydocs smollm2-135m --tables token,position \
        --methods pca,umap,tsne --dims 2 --workers 1 --prepare
RUN cp -a /var/cache/numba /cache/numba
ENV NUMBA_CACHE_DIR=/cache/numba

# The user's own checkpoints (the sidebar lists what is mounted here) and the map cache.
VOLUME ["/models", "/cache"]
EXPOSE 8501
# Healthy means a page is served: the check runs the first page over Streamlit's WebSocket within
# EXPLORER_HEALTH_TIMEOUT_S (default 20 s; docs/deploy.md). --timeout stays above it, so the check says why.
HEALTHCHECK --interval=30s --timeout=30s --start-period=60s --retries=3 CMD ["python", "scripts/healthcheck.py"]
# Port, address, upload limit and base URL path come from STREAMLIT_SERVER_* variables
# and .streamlit/config.toml, so `docker run -e` can change them.
CMD ["streamlit", "run", "app.py"]
