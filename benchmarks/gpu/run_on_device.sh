#!/usr/bin/env bash
# Issue 18 part 6 on a lent GPU machine: unpack the cuML bundle (benchmarks/gpu/make_bundle.sh), then run the GPU
# tests and the cuml benchmark suite; logs and the report go to $OUT (this workplace's device tool) or ./gpu-out.
# Run from the repository root; the parts may arrive over several calls (copy each into STAGED_DIR first).
# Usage: bash benchmarks/gpu/run_on_device.sh STAGED_DIR   (STAGED_DIR holds bundle.tar.zst.part-*)
set -uo pipefail
staged=${1:?folder holding bundle.tar.zst.part-*}
out=${OUT:-gpu-out}; mkdir -p "$out"
export PYTHONUNBUFFERED=1
# zstd through pyarrow (the image has no zstd program and Python 3.12 no zstd module).
cat "$staged"/bundle.tar.zst.part-* > /tmp/bundle.tar.zst || exit 3
python3 -c "import pyarrow as pa, tarfile; tarfile.open(fileobj=pa.input_stream('/tmp/bundle.tar.zst', compression='zstd'), mode='r|').extractall('/tmp', filter='tar')" || exit 3
export PYTHONPATH=/tmp/devsite
# nvJitLink 13.5 before the image's 13.0: libcuvs needs the 13.3 symbols (`__nvJitLinkCreate_13_3`).
export LD_PRELOAD=/tmp/devsite/nvjitlink/libnvJitLink.so.13
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv | tee "$out/machine.txt"
nproc | tee -a "$out/machine.txt"
python3 -c "import cuml, cupy, numba, sklearn, umap, numpy; print('cuml', cuml.__version__, 'cupy', cupy.__version__, 'numba', numba.__version__, 'sklearn', sklearn.__version__, 'umap', umap.__version__, 'numpy', numpy.__version__)" 2>&1 | tee -a "$out/machine.txt"
python3 -c "from dashboard.maps.backends import cuml_status; print(cuml_status())" 2>&1 | tee -a "$out/machine.txt"
timeout 240 python3 -m pytest -q -p no:cacheprovider tests/maps/test_cuml_gpu.py tests/maps/test_cuml.py 2>&1 | tee "$out/gpu-tests.log" | tail -15
timeout ${BENCH_TIMEOUT:-400} python3 -m benchmarks --only cuml --out "$out/bench-cuml.md" 2>&1 | tee "$out/bench-cuml.log" | tail -30
