"""Computing backends: why cuML is unusable here, refused backends, the GPU fit's progress and note.

(dashboard.maps.backends, dashboard.maps.cuml, dashboard.maps.projection)
"""

MESSAGES = {
    "backends.cuml.not_installed": (
        "RAPIDS cuML is not installed; on a machine with an NVIDIA GPU, install it with "
        "`pip install --extra-index-url=https://pypi.nvidia.com cuml-cu12` (CUDA 12) or `pip install cuml-cu13` "
        "(CUDA 13; see docs/large-vocabularies.md)",
        "RAPIDS cuML이 설치되어 있지 않습니다. NVIDIA GPU가 있는 기계라면 "
        "`pip install --extra-index-url=https://pypi.nvidia.com cuml-cu12`(CUDA 12) 또는 `pip install cuml-cu13`"
        "(CUDA 13)로 설치하세요(docs/large-vocabularies.md 참고)"),
    "backends.cuml.import_failed": (
        "RAPIDS cuML is installed but does not import ({error}); check that its CUDA version matches the driver "
        "(`nvidia-smi`) and reinstall the matching wheel (cuml-cu12 or cuml-cu13)",
        "RAPIDS cuML이 설치되어 있지만 불러오지 못했습니다(원문: {error}). cuML의 CUDA 버전이 드라이버와 맞는지 "
        "`nvidia-smi`로 확인하고, 맞는 휠(cuml-cu12 또는 cuml-cu13)을 다시 설치하세요"),
    "backends.cuml.no_device": (
        "RAPIDS cuML imports but no CUDA device is usable ({error}); run on a machine with an NVIDIA GPU and its "
        "driver (`nvidia-smi` lists it), or check CUDA_VISIBLE_DEVICES",
        "RAPIDS cuML은 불러왔지만 쓸 수 있는 CUDA 장치가 없습니다(원문: {error}). NVIDIA GPU와 드라이버가 있는 "
        "기계(`nvidia-smi`에 GPU가 보여야 합니다)에서 실행하거나 CUDA_VISIBLE_DEVICES를 확인하세요"),
    "err.backends.unknown": ("unknown backend {backend}; choose one of {choices}",
                             "알 수 없는 백엔드 {backend}입니다. 다음 중 하나를 고르세요: {choices}"),
    "err.backends.method": (
        "{method} has no {backend} backend here (it computes {choices}); use the cpu backend for {method}",
        "{method}에는 여기서 {backend} 백엔드가 없습니다({backend}는 {choices}를 계산합니다). "
        "{method}에는 cpu 백엔드를 쓰세요"),
    "err.backends.unavailable": (
        "the {backend} backend is not available here: {reason}. Use the cpu backend (`--backend cpu`), or leave "
        "--backend out to use the best one available",
        "여기서는 {backend} 백엔드를 쓸 수 없습니다: {reason}. cpu 백엔드(`--backend cpu`)를 쓰거나, "
        "--backend를 빼서 쓸 수 있는 가장 좋은 백엔드를 쓰세요"),
    "projection.stage.cuml": (
        "fitting {count:,} distinct rows on the GPU with RAPIDS cuML, which reports no progress until it is done",
        "RAPIDS cuML로 GPU에서 서로 다른 행 {count:,}개를 계산하는 중(cuML은 끝날 때까지 진행 상황을 알리지 않습니다)"),
    "projection.note.cuml_unseeded": (
        "unseeded: cuML optimised on the GPU in parallel, and another fit would give another layout; a seeded "
        "one repeats exactly",
        "시드 없음: cuML이 GPU에서 병렬로 최적화했고, 다시 계산하면 다른 배치가 나옵니다. 시드를 주면 "
        "배치가 정확히 반복됩니다"),
    "err.backend_check.size": (
        "the maps do not match the table: {rows:,} rows in the table, {checked:,} on the map checked, {cpu:,} on "
        "the CPU map; compute both from the same table",
        "지도가 테이블과 맞지 않습니다: 테이블 {rows:,}행, 확인할 지도 {checked:,}행, CPU 지도 {cpu:,}행입니다. "
        "두 지도를 같은 테이블에서 계산하세요"),
    "err.backend_check.too_few": (
        "only {count} rows are placed on both maps; trustworthiness needs at least 3",
        "두 지도에 모두 놓인 행이 {count}개뿐입니다. 신뢰도(trustworthiness)에는 적어도 3개가 필요합니다"),
}
