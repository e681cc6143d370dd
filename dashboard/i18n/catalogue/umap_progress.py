"""UMAP progress, stage by stage, with the expected time (dashboard.analysis.projection, pages/token_map.py)."""

MESSAGES = {
    # The stages project_umap reports (the graph's label, projection.stage.graph, is in explore_analysis).
    "projection.stage.fuzzy": ("weighting the neighbour graph of {count:,} rows (fuzzy simplicial set)",
                               "{count:,}개 행의 이웃 그래프에 가중치를 매기는 중(퍼지 단체 집합)"),
    "projection.stage.embed": ("placing {count:,} rows: a PCA start, then the layout epochs",
                               "{count:,}개 행을 배치하는 중: PCA로 시작한 뒤 에폭마다 배치를 다듬습니다"),
    # A duration, as the progress text says it.
    "umap_progress.seconds": ("{seconds:.0f} s", "{seconds:.0f}초"),
    "umap_progress.minutes": ("{minutes:.1f} min", "{minutes:.1f}분"),
    # One stage: the graph and the fuzzy set report nothing, so their time is shown against the expected time.
    "umap_progress.step_timed": ("step {index} of 3, {stage}: {elapsed} of about {expected}",
                                 "3단계 중 {index}단계, {stage}: 예상 약 {expected} 중 {elapsed} 지남"),
    "umap_progress.step_late": ("step {index} of 3, {stage}: {elapsed}, longer than the {expected} expected",
                                "3단계 중 {index}단계, {stage}: {elapsed} 지남, 예상한 {expected}보다 깁니다"),
    "umap_progress.step": ("step {index} of 3, {stage}", "3단계 중 {index}단계, {stage}"),
    "umap_progress.total": (
        "Expected in all: about {total} (measured fits of other sizes on this machine, {cores} cores, came within "
        "x{factor:.1f} of such estimates; another load changes it), {elapsed} so far.",
        "전체 예상 시간은 약 {total}입니다(이 기계의 코어 {cores}개에서 다른 크기로 잰 계산이 이런 예상의 "
        "{factor:.1f}배 안에 들었습니다. 부하가 다르면 달라집니다). 지금까지 {elapsed} 지났습니다."),
    "umap_progress.no_model": (
        "No measured timings on this machine (models/umap_timings.json), so no estimate of the end; {elapsed} so far.",
        "이 기계에서 잰 시간(models/umap_timings.json)이 없어서 끝나는 시간을 예상할 수 없습니다. "
        "지금까지 {elapsed} 지났습니다."),
    "token_map.umap_progress_staged": (
        "UMAP of all {rows:,} rows, {step}. {total} The PCA map below is shown until it is done.",
        "모든 행 {rows:,}개의 UMAP, {step}. {total} 끝날 때까지 아래에 PCA 지도를 보여 줍니다."),
}
