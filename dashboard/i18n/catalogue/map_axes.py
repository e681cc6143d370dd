"""Messages of the Token map's custom axes, t-SNE and HTML export (dashboard.maps.custom_axes, .tsne)."""

MESSAGES = {
    # dashboard/maps/custom_axes.py
    "axes.method": ("custom axes", "사용자 지정 축"),
    "axes.describe": (
        "custom axes to 2D, x: {x}, y: {y} (each row minus the mean row, times the unit direction from one query "
        "to the other; rows not normalised, so long rows lie further out); cosine between the two directions "
        "{cosine:+.3f}",
        "사용자 지정 축, 2D, x: {x}, y: {y} (각 행에서 평균 행을 빼고, 한 쿼리에서 다른 쿼리로 가는 단위 방향과 "
        "내적했습니다. 행은 정규화하지 않아서 긴 행일수록 바깥에 놓입니다). 두 방향 사이의 코사인 유사도 {cosine:+.3f}"),
    "axes.cosine.independent": (
        "The two directions have cosine {cosine:+.3f}: nearly independent, so x and y measure different contrasts.",
        "두 방향의 코사인 유사도는 {cosine:+.3f}입니다. 거의 독립이라서 x와 y는 서로 다른 대비를 잽니다."),
    "axes.cosine.partly": (
        "The two directions have cosine {cosine:+.3f}: partly the same contrast, so the map is sheared along it.",
        "두 방향의 코사인 유사도는 {cosine:+.3f}입니다. 대비가 일부 겹쳐서 지도가 그 방향으로 비스듬히 기웁니다."),
    "axes.cosine.same": (
        "The two directions have cosine {cosine:+.3f}: largely the same contrast, so the points lie near a line.",
        "두 방향의 코사인 유사도는 {cosine:+.3f}입니다. 대부분 같은 대비를 재서 점들이 한 직선 가까이 놓입니다."),
    "axes.ends": (
        "On x, {x_from} lies at {x0:.3f} and {x_to} at {x1:.3f}; on y, {y_from} lies at {y0:.3f} and {y_to} at "
        "{y1:.3f}.",
        "x축에서 {x_from}의 위치는 {x0:.3f}, {x_to}의 위치는 {x1:.3f}입니다. y축에서 {y_from}의 위치는 "
        "{y0:.3f}, {y_to}의 위치는 {y1:.3f}입니다."),
    "err.axes.no_direction": (
        "the {axis} axis has no direction: its two queries give the same vector; choose two different queries",
        "{axis} 축에 방향이 없습니다. 두 쿼리가 같은 벡터를 줍니다. 서로 다른 쿼리 두 개를 고르세요."),
    "err.axes.table": (
        "custom axes are built from token queries, and the {table} table has no token rows; choose the token table "
        "or the output head",
        "사용자 지정 축은 토큰 쿼리로 만듭니다. {table} 테이블에는 토큰 행이 없으니 토큰 임베딩 테이블이나 "
        "출력 헤드를 고르세요."),
    "err.axes.empty": (
        "the query {end} is empty; each axis needs a query at both ends",
        "쿼리 {end}가 비어 있습니다. 축마다 양 끝에 쿼리가 하나씩 있어야 합니다."),
    # pages/token_map.py: custom axes controls
    "token_map.axes_expander": ("Custom axes", "사용자 지정 축"),
    "token_map.axes_intro": (
        "The map's x runs from the first query to the second, y from the third to the fourth. Each query is a "
        "token, a word or a sum such as `king - man + woman`.",
        "지도의 x는 첫째 쿼리에서 둘째 쿼리로, y는 셋째에서 넷째로 갑니다. 쿼리는 토큰, 단어, 또는 "
        "`king - man + woman` 같은 합입니다."),
    "token_map.axes.x_from": ("x from", "x 시작"),
    "token_map.axes.x_to": ("x to", "x 끝"),
    "token_map.axes.y_from": ("y from", "y 시작"),
    "token_map.axes.y_to": ("y to", "y 끝"),
    "token_map.axes_2d": ("Custom axes draw a 2D map.", "사용자 지정 축은 2D 지도로 그립니다."),
    "token_map.axes_position": (
        "Custom axes need token rows; the position table is shown with PCA.",
        "사용자 지정 축에는 토큰 행이 필요합니다. 위치 임베딩 테이블은 PCA로 보여 줍니다."),
    # dashboard/maps/tsne.py
    "tsne.stage.affinities": (
        "finding the nearest neighbours of {count:,} rows (perplexity {perplexity:g})",
        "{count:,}개 행의 최근접 이웃을 찾는 중 (perplexity {perplexity:g})"),
    "tsne.stage.early": ("early exaggeration: iteration {done} of {total}",
                         "초기 과장 단계: 반복 {done}/{total}"),
    "tsne.stage.iteration": ("optimising the layout: iteration {done} of {total}",
                             "배치를 최적화하는 중: 반복 {done}/{total}"),
    "tsne.note.unseeded": (
        "unseeded: openTSNE ran on every core, and another fit would give another layout; a seeded one repeats "
        "exactly",
        "시드 없음: openTSNE가 모든 코어로 계산했고, 다시 계산하면 다른 배치가 나옵니다. 시드를 주면 배치가 "
        "정확히 반복됩니다"),
    "tsne.note.duplicates.one": (
        "1 row repeats another row exactly; t-SNE saw each distinct row once and the copy shares its point",
        "1개 행이 다른 행과 똑같습니다. t-SNE는 서로 다른 행을 한 번씩만 보았고, 복사본은 원래 행의 점을 함께 씁니다"),
    "tsne.note.duplicates.many": (
        "{count:,} rows repeat another row exactly; t-SNE saw each distinct row once and the copies share its point",
        "{count:,}개 행이 다른 행과 똑같습니다. t-SNE는 서로 다른 행을 한 번씩만 보았고, 복사본은 원래 행의 점을 "
        "함께 씁니다"),
    "err.tsne.too_few_rows": (
        "t-SNE with perplexity {perplexity:g} needs at least {needed:,} distinct non-zero rows, this table has "
        "{count:,}; lower the perplexity or use PCA",
        "perplexity {perplexity:g}인 t-SNE에는 0이 아닌 서로 다른 행이 {needed:,}개 이상 필요한데, 이 테이블에는 "
        "{count:,}개뿐입니다. perplexity를 낮추거나 PCA를 쓰세요."),
    "err.projection.perplexity": ("perplexity must be in [2, 100], got {perplexity}",
                                  "perplexity는 [2, 100] 범위여야 하는데, {perplexity}를 받았습니다."),
    # pages/token_map.py: t-SNE controls and progress
    "token_map.tsne_expander": ("t-SNE parameters", "t-SNE 파라미터"),
    "token_map.perplexity_help": (
        "t-SNE's effective number of neighbours per point: larger keeps more of the global structure and takes "
        "longer. The seed and \"{checkbox}\" are under \"{expander}\".",
        "t-SNE에서 점마다 실제로 고려하는 이웃 수입니다. 클수록 전체 구조를 더 많이 지키고 더 오래 걸립니다. "
        "시드와 \"{checkbox}\" 항목은 \"{expander}\" 아래에 있습니다."),
    "axes_data.spinner.axes": ("Projecting every row on the custom axes ...",
                               "모든 행을 사용자 지정 축에 투영하는 중 ..."),
    # pages/token_map.py: HTML export
    "token_map.download_html": ("Map as a web page that opens offline (HTML)",
                                "오프라인에서도 열리는 웹 페이지로 지도 저장 (HTML)"),
}
