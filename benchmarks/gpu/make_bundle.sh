#!/usr/bin/env bash
# Build the RAPIDS cuML bundle that benchmarks/gpu/run_on_device.sh unpacks on a lent GPU machine (issue 18 part 6).
#
# That machine (CUDA 13 driver, Python 3.12, PyTorch's CUDA libraries, CuPy, numba-cuda) reaches no package index
# and takes 64 MiB per call, so the wheels travel from here in parts:
#   - cuML 26.10 for CUDA 13 and the RAPIDS libraries it loads (libcuvs, libraft, librmm, libnvforest, libkvikio...),
#     installed here into one folder, headers and CMake files left out;
#   - umap-learn and pynndescent (with their metadata: umap-learn asks for pynndescent's version);
#   - nvJitLink 13.5 (libcuvs needs the 13.3 symbols; that image's PyTorch brings 13.0), preloaded by the run script;
#   - a stand-in `cudf` package: cuML imports cuDF for DataFrame inputs and outputs at start-up, its wheels are 300 MB
#     more, and the run hands cuML NumPy or CuPy arrays only and asks for NumPy back, so no cuDF object is made.
# Output: bundle.tar.zst.part-0, -1, ... (56 MiB each) in OUT_DIR (default gpu-bundle/). 2026-12-04: 300 MB in 6 parts.
# Usage: bash benchmarks/gpu/make_bundle.sh [OUT_DIR]
set -euo pipefail
out=$(realpath -m "${1:-gpu-bundle}")
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
python=${PYTHON:-.venv/bin/python}
wheel_tags=(--only-binary=:all: --python-version 3.12 --implementation cp --platform manylinux_2_28_x86_64
            --platform manylinux_2_27_x86_64 --platform manylinux_2_24_x86_64 --platform manylinux_2_17_x86_64
            --platform manylinux2014_x86_64)
"$python" -m pip download -q --no-deps "${wheel_tags[@]}" -d "$work/wheels" \
    cuml-cu13==26.10.0 libcuml-cu13==26.10.0 libcuvs-cu13==26.10.0 libraft-cu13==26.10.0 librmm-cu13==26.10.0 \
    rmm-cu13==26.10.0 pylibraft-cu13==26.10.0 libnvforest-cu13==26.10.0 nvforest-cu13==26.10.0 \
    libkvikio-cu13==26.10.0 rapids-logger==0.3.0 treelite==4.8.1 umap-learn==0.5.12 pynndescent==0.7.0 \
    nvidia-nvjitlink==13.5.37
site="$work/devsite"
"$python" -m pip install -q --no-index --no-deps --no-compile --target "$site" \
    $(ls "$work"/wheels/*.whl | grep -v nvjitlink)
"$python" -m pip install -q --no-index --no-deps --no-compile --target "$work/jit" "$work"/wheels/nvidia_nvjitlink*.whl
mkdir -p "$site/nvjitlink" && cp "$work"/jit/nvidia/cu13/lib/libnvJitLink.so.13 "$site/nvjitlink/"
rm -rf "$site/bin" "$site"/_zz_cuml_accel.pth
find "$site" -type d \( -name include -o -name cmake \) -prune -exec rm -rf {} +
find "$site" -name '*.a' -delete
mkdir -p "$site/cudf/pandas"
cat > "$site/cudf/__init__.py" <<'STUB'
"""Stand-in for cuDF on the lent GPU machine (benchmarks/gpu/make_bundle.sh): every attribute is a class nothing is
an instance of, so cuML's isinstance checks for cuDF inputs answer no."""
__version__ = "0.0+stand-in"


def __getattr__(name):
    if name.startswith("__"):
        raise AttributeError(name)
    globals()[name] = cls = type(name, (), {})
    return cls
STUB
cp "$site/cudf/__init__.py" "$site/cudf/pandas/__init__.py"
mkdir -p "$out" && rm -f "$out"/bundle.tar.zst.part-*
tar -cf - -C "$work" devsite | zstd -q -T0 -12 | split -b 56M -d -a 1 - "$out/bundle.tar.zst.part-"
ls -la "$out"
