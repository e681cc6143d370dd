"""Messages of heavy work on Dask (dashboard/cluster): settings, a request's place in line, its progress."""

MESSAGES = {
    # The PCA start project_umap computes for the largest tables (its other stages are in explore_analysis).
    "projection.stage.pca_start": ("computing a PCA start for the layout of {count:,} rows",
                                   "{count:,}개 행 배치의 시작점을 PCA로 계산하는 중"),
    "err.cluster.scheduler": (
        "{env}={text!r} is not a Dask scheduler address: write it as tcp://HOST:8786, or leave it unset for a "
        "local cluster",
        "{env}={text!r}은(는) Dask 스케줄러 주소가 아닙니다. tcp://HOST:8786처럼 쓰거나, 로컬 클러스터를 쓰려면 "
        "비워 두세요"),
    "err.cluster.workers": (
        "{env}={text!r} is not a number of worker processes: write a whole number, such as 2 (0: work in the "
        "server's own process)",
        "{env}={text!r}은(는) 워커 프로세스 수가 아닙니다. 2처럼 정수를 쓰세요(0: 서버 프로세스 안에서 계산)"),
    "err.cluster.unreachable": (
        "the Dask scheduler at {address} did not answer ({error}); the pages that need no map still work. Ask "
        "whoever runs the server to start it, or unset EXPLORER_DASK_SCHEDULER for a local cluster",
        "{address}의 Dask 스케줄러가 응답하지 않습니다(원문: {error}). 지도가 필요 없는 페이지는 그대로 동작합니다. 서버 "
        "관리자에게 스케줄러를 켜 달라고 하거나, 로컬 클러스터를 쓰려면 EXPLORER_DASK_SCHEDULER를 비우세요"),
    "err.cluster.local_start": (
        "the local Dask cluster did not start ({error}); the pages that need no map still work. Ask whoever runs "
        "the server to restart it, or to set EXPLORER_DASK_WORKERS=0 (maps computed in the server's own process)",
        "로컬 Dask 클러스터가 시작되지 않았습니다(원문: {error}). 지도가 필요 없는 페이지는 그대로 동작합니다. 서버 "
        "관리자에게 서버를 다시 시작하거나 EXPLORER_DASK_WORKERS=0(지도를 서버 프로세스 안에서 계산)으로 설정해 "
        "달라고 하세요"),
    "err.cluster.worker_lost": (
        "the worker computing this {method} stopped ({error}): most often it needed more memory than a worker "
        "may use (EXPLORER_DASK_MEMORY). The server keeps serving; try PCA, fewer rows, or a larger limit",
        "이 {method}을(를) 계산하던 워커가 멈췄습니다(원문: {error}). 대개 워커가 쓸 수 있는 메모리"
        "(EXPLORER_DASK_MEMORY)보다 많이 필요했기 때문입니다. 서버는 계속 동작합니다. PCA나 더 적은 행, 더 큰 "
        "한도를 써 보세요"),
    # A request's place: {place} is 1 for the next to start; {wait} is the text of map_queue.about (or empty).
    "map_queue.running": ("{method} of all {rows:,} rows: {stage} ({elapsed:.0f} s). "
                          "The PCA map below is shown until it is done.",
                          "모든 행 {rows:,}개의 {method}: {stage} ({elapsed:.0f}초). "
                          "끝날 때까지 아래에 PCA 지도를 보여 줍니다."),
    "map_queue.waiting": ("{method} of all {rows:,} rows: waiting, number {place} in line{wait} ({elapsed:.0f} s so far). "
                          "The PCA map below is shown until it is done.",
                          "모든 행 {rows:,}개의 {method}: 차례를 기다리는 중, {place}번째{wait} (지금까지 "
                          "{elapsed:.0f}초). 끝날 때까지 아래에 PCA 지도를 보여 줍니다."),
    "map_queue.about": (", about {seconds:.0f} s", ", 약 {seconds:.0f}초 남음"),
    "map_queue.starting": ("starting", "시작하는 중"),
    "map_queue.reading": ("reading the table", "테이블을 읽는 중"),
    "map_queue.cancel": ("Stop waiting for this map", "이 지도 기다리지 않기"),
    "map_queue.cancel_help": (
        "Drops your request: a map nobody else asked for is not computed; one already running finishes on its "
        "worker and is kept for the next visit.",
        "요청을 취소합니다. 다른 사람이 요청하지 않은 지도는 계산하지 않고, 이미 계산 중인 지도는 워커에서 끝까지 "
        "계산해 다음 방문을 위해 저장합니다."),
    "map_queue.cancelled": ("You stopped waiting for this {method}; the PCA map is shown. Change a setting or press "
                            "the button below to ask again.",
                            "이 {method}을(를) 기다리지 않기로 했습니다. PCA 지도를 보여 줍니다. 다시 요청하려면 "
                            "설정을 바꾸거나 아래 버튼을 누르세요."),
    "map_queue.ask_again": ("Compute this map", "이 지도 계산하기"),
}
