"""The Positions page: learned position tables beside the sinusoidal reference (rotary models: ``positions_rotary``).

Keys ``positions.*`` are shown by ``pages/positions.py`` and its ui modules
(``position_frames``, ``position_text``, ``thinning``) and charts
(``charts/positions.py``); ``err.positions.*`` are the typed errors of the
analysis modules behind them. The Korean explains
as a teacher does; every number comes in through a placeholder.
"""

MESSAGES = {
    # --- the page -------------------------------------------------------------------------------------------------
    "positions.title": ("Position embeddings: {name}", "위치 임베딩: {name}"),
    "positions.intro.learned": (
        "Without positions, a token gets the same row of the token embedding table wherever it stands. So this "
        "model adds a second lookup: row t of its position embedding table is added to the token at position t "
        "(0-based). Its {n_positions:,} rows are parameters: training sets them, and a model never trained keeps them "
        "as initialised (the section on row norms below tests which rows look untrained). Each view below shows this "
        "model's table and, beside it, the fixed sinusoidal table of the same shape (Vaswani et al. 2017) as a reference.\n\n"
        "That table is computed, not learned: `PE[t, 2i] = sin(t / {base:g}^(2i/d_model))` and "
        "`PE[t, 2i+1] = cos(t / {base:g}^(2i/d_model))`, so its first columns turn fast with position and its last "
        "ones slowly.",
        "위치 정보가 없다면, 같은 토큰은 문장의 어디에 있든 토큰 임베딩 테이블에서 똑같은 행을 꺼내 옵니다. 그래서 이 모델은 "
        "룩업을 하나 더 합니다. 위치 임베딩 테이블의 t번째 행을 t번째 위치(0부터 셉니다)의 토큰에 더합니다. 이 테이블의 "
        "{n_positions:,}개 행은 매개변수입니다. 학습이 그 값을 정하고, 한 번도 학습하지 않은 모델은 초기화한 값을 그대로 "
        "지닙니다(어느 행이 학습되지 않은 것처럼 보이는지는 아래 행 노름 부분에서 검사합니다). 아래의 그림마다 이 모델의 "
        "테이블과 함께, 같은 모양의 고정된 "
        "사인파 위치 인코딩(Vaswani et al. 2017)을 기준으로 나란히 보여 줍니다.\n\n"
        "사인파 위치 인코딩은 학습한 것이 아니라 공식으로 계산한 테이블입니다. "
        "`PE[t, 2i] = sin(t / {base:g}^(2i/d_model))`, `PE[t, 2i+1] = cos(t / {base:g}^(2i/d_model))`이므로, "
        "앞쪽 열은 위치에 따라 빠르게 돌고 뒤쪽 열은 천천히 돕니다."),
    "positions.kind.learned": ("learned", "학습된 위치 임베딩"),
    "positions.kind.sinusoidal": ("sinusoidal", "사인파 위치 인코딩"),
    "positions.kind.rotary": ("rotary", "회전 위치 임베딩(RoPE)"),
    "positions.kind.relative": ("relative", "상대 위치 편향"),
    "positions.kind.none": ("none", "위치 정보 없음"),
    "positions.kind_caption": ("{kind}: {note}. {first_block}", "{kind}: {note}. {first_block}"),
    "positions.first_block.sum": (
        "The first block receives x_t = token_embedding[id_t] + position_embedding[t].",
        "첫 번째 블록이 위치 t에서 받는 벡터는 x_t = token_embedding[id_t] + position_embedding[t]입니다."),
    "positions.first_block.sum_with_type": (
        "The first block receives x_t = token_embedding[id_t] + position_embedding[t] "
        "+ token_type_embedding[segment].",
        "첫 번째 블록이 위치 t에서 받는 벡터는 x_t = token_embedding[id_t] + position_embedding[t] "
        "+ token_type_embedding[segment]입니다."),
    "positions.first_block.bert": (
        "The first block receives x_t = LayerNorm(token_embedding[id_t] + position_embedding[t] + "
        "token_type_embedding[segment]): BERT normalises each token's sum with its embedding LayerNorm before the "
        "first block.",
        "첫 번째 블록이 위치 t에서 받는 벡터는 x_t = LayerNorm(token_embedding[id_t] + position_embedding[t] + "
        "token_type_embedding[segment])입니다. BERT는 세 행을 더한 합을 첫 블록에 넣기 전에 임베딩 LayerNorm으로 "
        "정규화합니다."),
    "positions.too_few_rows.one": (
        "The position table has only {rows:,} row; the views below need at least {min_rows}.",
        "위치 임베딩 테이블에 행이 {rows:,}개뿐입니다. 이 페이지의 그림을 그리려면 행이 적어도 {min_rows}개 있어야 합니다."),
    "positions.too_few_rows.many": (
        "The position table has only {rows:,} rows; the views below need at least {min_rows}.",
        "위치 임베딩 테이블에 행이 {rows:,}개뿐입니다. 이 페이지의 그림을 그리려면 행이 적어도 {min_rows}개 있어야 합니다."),
    "positions.spinner.summary": ("Measuring the position table ...", "위치 임베딩 테이블을 재는 중 ..."),
    "positions.spinner.subspaces": ("Comparing token and position subspaces ...",
                                    "토큰 임베딩 테이블과 위치 임베딩 테이블의 부분공간을 비교하는 중 ..."),

    # --- token-type table (BERT) ----------------------------------------------------------------------------------
    "positions.token_type.subheader": ("Token-type table", "토큰 타입 임베딩 테이블"),
    "positions.token_type.body": (
        "{rows} rows of width {d_model}: row s is added to every token of segment s, so for one-sentence inputs "
        "row 0 is a constant offset on every position.",
        "행 {rows}개, 너비 {d_model}인 테이블입니다. s번째 행은 s번째 문장(세그먼트)의 모든 토큰에 더해집니다. 그래서 "
        "문장이 하나뿐인 입력에서는 0번째 행이 모든 위치에 똑같이 더해지는 상수가 됩니다."),
    "positions.column.token_type": ("token_type", "토큰 타입"),
    "positions.column.norm": ("norm", "노름"),
    "positions.column.cosine_with_type": ("cosine with type {j}", "타입 {j}번과의 코사인 유사도"),

    # --- metrics ------------------------------------------------------------------------------------------------
    "positions.metric.n_positions": ("n_positions", "컨텍스트 길이(n_positions)"),
    "positions.metric.d_model": ("d_model", "모델 차원(d_model)"),
    "positions.metric.adjacent": ("adjacent cosine mean", "이웃 위치의 코사인 평균"),
    "positions.metric.adjacent_help": (
        "Mean cosine similarity of rows t and t + 1: about 0 for random rows, near 1 for a smooth table.",
        "t번째 행과 t + 1번째 행의 코사인 유사도를 평균한 값입니다. 무작위 행이라면 0 근처이고, 위치에 따라 부드럽게 "
        "변하는 테이블이라면 1에 가깝습니다."),
    "positions.metric.sinusoidal": ("closeness to sinusoidal", "사인파와 닮은 정도"),
    "positions.metric.untrained": ("untrained-looking rows", "학습되지 않은 듯한 행"),
    "positions.sinusoidal_caption": (
        "Closeness to sinusoidal: {measure}. Entries are not compared dimension by dimension: nothing ties a trained "
        "dimension to a sinusoidal one. (The model could only rotate its whole residual stream, with every weight "
        "that reads it, and LayerNorm's per-dimension gains break even that.)",
        "사인파와 닮은 정도: {measure}. 두 테이블을 차원끼리 하나하나 비교하지는 않습니다. 학습된 테이블의 어느 차원이 "
        "사인파 테이블의 어느 차원에 해당한다고 볼 근거가 없기 때문입니다. (모델이 차원을 돌려 놓으려면 잔차 스트림 "
        "전체를, 그것을 읽는 모든 가중치와 함께 돌려야 하고, LayerNorm의 차원별 게인(gain)은 그것마저 막습니다.)"),
    "positions.sinusoidal_measure": (
        "Pearson correlation between the off-diagonal entries of the two position x position cosine-similarity "
        "matrices (learned vs Vaswani et al. 2017 sinusoidal table of the same shape); invariant to rotations of "
        "d_model space, 1 = same geometry, about 0 = unrelated",
        "두 테이블(학습된 테이블, 그리고 같은 모양의 Vaswani et al. 2017 사인파 테이블)의 위치 × 위치 코사인 유사도 "
        "행렬에서 대각선을 뺀 값들 사이의 피어슨 상관계수입니다. d_model 공간을 회전해도 값이 바뀌지 않습니다. 1이면 "
        "두 테이블의 기하 구조가 같고, 0 근처이면 서로 관계가 없습니다"),

    # --- widgets ------------------------------------------------------------------------------------------------
    "positions.measure.label": ("Similarity", "유사도"),
    "positions.measure.cosine": ("cosine", "코사인 유사도"),
    "positions.measure.dot": ("dot", "내적"),
    "positions.measure.help": (
        "Cosine ignores row norms; the dot product keeps them. Attention scores are dot products too, but of "
        "queries and keys, after LayerNorm and the query/key projections: not of these rows.",
        "코사인 유사도는 행의 길이(노름)를 빼고 방향만 봅니다. 내적은 길이까지 반영합니다. 어텐션 점수도 내적이지만, 이 "
        "행들끼리의 내적이 아니라 LayerNorm과 쿼리/키 투영을 거친 쿼리와 키의 내적입니다."),
    "positions.cells.label": ("Heatmap cells per side", "히트맵 한 변의 칸 수"),
    "positions.cells.help": (
        "The matrix is averaged over square blocks of positions to this resolution.",
        "유사도 행렬을 정사각형 위치 블록으로 나누고 블록마다 평균을 내어 이 해상도로 줄입니다."),
    "positions.dimensions.label": ("Dimensions (0-based)", "차원 (0부터 셉니다)"),
    "positions.dimensions.help": (
        "Defaults to the {count} dimensions of the learned table that vary most.",
        "처음에는 학습된 테이블에서 위치에 따라 가장 크게 변하는 차원 {count}개를 보여 줍니다."),

    # --- which table a view shows ----------------------------------------------------------------------------------
    "positions.side.learned": ("learned", "학습된 테이블"),
    "positions.side.reference": ("sinusoidal reference", "사인파 기준"),

    # --- heatmap ------------------------------------------------------------------------------------------------
    "positions.heatmap.subheader": ("Similarity between positions", "위치 사이의 유사도"),
    "positions.heatmap.explain": (
        "Cell (i, j) compares the rows of positions i and j (the caption under the charts says when a cell is a "
        "block of positions): red is positive (alike), white 0 (unrelated), blue negative (opposite). A band along "
        "the diagonal means that nearby positions have similar rows.",
        "칸 (i, j)는 위치 i의 행과 위치 j의 행이 얼마나 닮았는지 보여 줍니다(칸 하나가 위치 블록일 때는 차트 아래 "
        "설명에 적혀 있습니다). 빨강은 양수(닮음), 흰색은 0(관계없음), 파랑은 음수(반대 방향)입니다. 대각선을 따라 "
        "띠가 보이면 가까운 위치끼리 행이 닮았다는 뜻입니다."),
    "positions.heatmap.title": ("{measure} similarity, {side}", "{measure}, {side}"),
    "positions.heatmap.blocks": (
        "Block-averaged to {cells} × {cells} cells, about what the chart's pixels can show: each cell is the mean "
        "{measure} over a {block} × {block} block of positions (the full matrix has {n:,} × {n:,} = {full:,} "
        "cells). Drawn as one image so it appears at once; hover values are in the offset chart below.",
        "그림의 픽셀로 보일 수 있을 만큼, {cells} × {cells}칸으로 줄였습니다. 칸 하나는 위치 {block} × {block}개 "
        "블록의 평균 {measure} 값입니다(전체 행렬은 {n:,} × {n:,} = {full:,}칸). 한 장의 이미지로 그려서 바로 "
        "나타납니다. 마우스를 올려 값을 보려면 아래의 거리별 그래프를 보세요."),
    "positions.heatmap.full": (
        "Full resolution: one cell per pair of positions ({n:,} × {n:,}), drawn as one image.",
        "원래 해상도입니다. 위치 쌍마다 한 칸({n:,} × {n:,})이고, 한 장의 이미지로 그렸습니다."),

    # --- offsets ------------------------------------------------------------------------------------------------
    "positions.offsets.subheader": ("Similarity by offset", "거리에 따른 유사도"),
    "positions.offsets.caption": (
        "Mean over all pairs (t, t + k); large offsets average over few pairs.",
        "k만큼 떨어진 모든 위치 쌍 (t, t + k)의 평균입니다. k가 크면 그런 쌍이 적어서, 몇 안 되는 쌍의 평균이 됩니다."),

    # --- trajectory ---------------------------------------------------------------------------------------------
    "positions.trajectory.subheader": ("Trajectory of the position rows (PCA)", "위치 행이 그리는 궤적 (PCA)"),
    "positions.trajectory.title_2d": ("PCA trajectory (2D), {side}", "PCA 궤적 (2D), {side}"),
    "positions.trajectory.title_3d": ("PCA trajectory (3D), {side}", "PCA 궤적 (3D), {side}"),
    "positions.trajectory.caption": (
        "Points coloured by position and joined in order; explained variance is the share of the centred table's "
        "total variance along each principal component.",
        "점은 위치에 따라 색을 칠하고 위치 순서대로 선으로 이었습니다. 설명된 분산은 평균을 뺀 테이블의 전체 분산 가운데 각 주성분 방향에 놓인 비율입니다."),

    # --- single dimensions and spectra ----------------------------------------------------------------------------
    "positions.dimensions.subheader": ("Single dimensions and their frequency spectrum",
                                       "차원 하나씩 보기와 주파수 스펙트럼"),
    "positions.dimensions.title": ("Dimensions against position, {side}", "위치에 따른 차원 값, {side}"),
    "positions.spectrum.title": ("Frequency spectrum, {side}", "주파수 스펙트럼, {side}"),
    "positions.dimensions.caption": (
        "Amplitude of the real FFT of each dimension over positions (mean removed). In the sinusoidal table "
        "dimension 2i is a pure sine of {base:g}^(−2i/d_model) / 2π cycles per position.",
        "각 차원을 위치를 따라 늘어선 신호로 보고, 평균을 뺀 뒤 실수 FFT로 구한 진폭입니다. 사인파 테이블에서 2i번째 "
        "차원은 위치당 {base:g}^(−2i/d_model) / 2π 주기로 도는 순수한 사인파입니다."),

    # --- norms and untrained rows ---------------------------------------------------------------------------------
    "positions.norms.subheader": ("Row norms and untrained-looking positions", "행 노름과 학습되지 않은 듯한 위치"),
    "positions.norms.title": ("Row norm by position, {side}", "위치별 행 노름, {side}"),
    "positions.norms.caption": (
        "Criterion: {criterion}. Thresholds here: {neighbours:.3f} (neighbours), {any_row:.3f} (any other row).",
        "판정 기준: {criterion}. 이 테이블의 문턱값은 이웃 행 {neighbours:.3f}, 다른 모든 행 {any_row:.3f}입니다."),
    "positions.untrained_criterion": (
        "a position is flagged as untrained when its row is unrelated to both neighbouring rows, "
        "max(|cos(t, t-1)|, |cos(t, t+1)|) < {sigmas:g} / sqrt(d_model), i.e. within {sigmas:g} standard deviations "
        "of the cosine between two independent random vectors, and to every other row: max over s of |cos(t, s)| "
        "below the value that the cosines of a table of independent random rows stay under for all pairs at once "
        "with {confidence:.0%} probability (exact distribution of the cosine of random vectors, Bonferroni over the "
        "pairs). Trained rows change smoothly with position (high neighbour cosine), and the few that do not "
        "(position 0, low-norm rows where the main direction changes sign) are still like other rows; rows that "
        "never received a gradient keep their initialisation, i.i.d. random rows (only rescaled by weight decay) or, "
        "in a table started at zero (minGPT's choice, and the bundled GPT's), zero rows, whose cosine is taken as 0; "
        "so the test does not depend on the initialisation scale",
        "학습된 위치 행은 위치에 따라 부드럽게 변하므로 이웃 행과 닮았습니다. 한 번도 기울기를 받지 못한 행은 초기값을 "
        "그대로 지니고 있어 어느 행과도 닮지 않습니다. 그 초기값은 무작위(i.i.d.) 행이거나(가중치 감쇠로 크기만 줄어듭니다), "
        "0에서 시작한 테이블(minGPT의 방식이며, 함께 들어 있는 GPT도 이렇게 시작했습니다)이라면 0인 행입니다. 0인 행의 "
        "코사인은 0으로 봅니다. 그래서 두 조건을 "
        "모두 만족하는 위치를 학습되지 않은 것으로 표시합니다. 첫째, 양쪽 이웃 행과 관계가 없습니다: "
        "max(|cos(t, t-1)|, |cos(t, t+1)|) < {sigmas:g} / sqrt(d_model). 곧 서로 독립인 무작위 벡터 두 개의 "
        "코사인처럼 0에서 표준편차 {sigmas:g}배 안에 있습니다. 둘째, 다른 모든 행과도 관계가 없습니다: 모든 s에 대한 "
        "|cos(t, s)|의 최댓값이, 독립인 무작위 행으로 된 테이블에서 모든 쌍의 코사인이 동시에 {confidence:.0%} 확률로 "
        "넘지 않는 값보다 작습니다(무작위 벡터 코사인의 정확한 분포, 쌍 전체에 Bonferroni 보정). 이웃과 닮지 않은 학습된 "
        "행(위치 0, 주된 방향의 부호가 바뀌는 곳의 노름이 작은 행)도 다른 어떤 행과는 닮았습니다. 이 판정은 초기화의 "
        "크기에 좌우되지 않습니다"),
    "positions.count.one": ("{count:,} position", "위치 {count:,}개"),
    "positions.count.many": ("{count:,} positions", "위치 {count:,}개"),
    "positions.untrained.too_short": (
        "The table has {positions}: with no neighbouring row to compare, untrained rows cannot be detected.",
        "이 테이블에는 {positions}만 있습니다. 비교할 이웃 행이 없어서 학습되지 않은 행을 찾을 수 없습니다."),
    "positions.untrained.undetectable": (
        "Untrained rows cannot be detected at d_model = {d_model}: the cosine of two random rows of so few "
        "dimensions is often as high as that of trained neighbours (the threshold {sigmas:g} / sqrt(d_model) is "
        "{threshold:.3f}, not below the {sinusoidal:.3f} of neighbouring rows of the smooth sinusoidal table), so "
        "no row is flagged.",
        "d_model = {d_model}에서는 학습되지 않은 행을 가려낼 수 없습니다. 차원이 이렇게 적으면 무작위 행 두 개의 "
        "코사인도 학습된 이웃 행만큼 높게 나올 때가 많습니다(문턱값 {sigmas:g} / sqrt(d_model) = {threshold:.3f}이(가), "
        "부드러운 사인파 테이블에서 이웃 행끼리의 코사인 {sinusoidal:.3f}보다 낮지 않습니다). 그래서 어떤 행도 "
        "표시하지 않았습니다."),
    "positions.untrained.none": (
        "No position looks untrained: every row is related to its neighbours or to another row.",
        "학습되지 않은 듯한 위치는 없습니다. 모든 행이 이웃 행이나 다른 어떤 행과 닮았습니다."),
    "positions.untrained.all": (
        "All {n_positions:,} positions look untrained: no row is related to its neighbours, as in a freshly "
        "initialised table. Either this table was never trained (a new model, or one whose positions were frozen), "
        "or its rows do not vary smoothly with position.",
        "위치 {n_positions:,}개가 모두 학습되지 않은 것처럼 보입니다. 막 초기화한 테이블처럼, 어느 행도 이웃 행과 닮지 "
        "않았습니다. 이 테이블이 한 번도 학습되지 않았거나(새 모델, 또는 위치를 고정한 채 학습한 모델), 행이 위치에 따라 "
        "부드럽게 변하지 않는 테이블입니다."),
    "positions.untrained.most.one": (
        "{count:,} of {n_positions:,} positions look untrained, more than half of the table: the table as a whole "
        "looks untrained, as a freshly initialised one does. Either it was never trained (a new model, or one whose "
        "positions were frozen), or its rows do not vary smoothly with position. The one row that passes the test "
        "({ranges}) says nothing about the context used in training: a random row can pass it by chance.",
        "위치 {n_positions:,}개 가운데 {count:,}개가 학습되지 않은 것처럼 보입니다. 테이블의 절반이 넘으므로 테이블 전체가 "
        "막 초기화한 테이블처럼 학습되지 않은 것으로 보입니다. 한 번도 학습되지 않았거나(새 모델, 또는 위치를 고정한 채 "
        "학습한 모델), 행이 위치에 따라 부드럽게 변하지 않는 테이블입니다. 검사를 통과한 행 하나({ranges})로는 학습 때 쓴 "
        "컨텍스트 길이를 알 수 없습니다. 무작위 행도 우연히 통과할 수 있습니다."),
    "positions.untrained.most.many": (
        "{count:,} of {n_positions:,} positions look untrained, more than half of the table: the table as a whole "
        "looks untrained, as a freshly initialised one does. Either it was never trained (a new model, or one whose "
        "positions were frozen), or its rows do not vary smoothly with position. The {passed:,} rows that pass the "
        "test ({ranges}) say nothing about the context used in training: random rows can pass it by chance.",
        "위치 {n_positions:,}개 가운데 {count:,}개가 학습되지 않은 것처럼 보입니다. 테이블의 절반이 넘으므로 테이블 전체가 "
        "막 초기화한 테이블처럼 학습되지 않은 것으로 보입니다. 한 번도 학습되지 않았거나(새 모델, 또는 위치를 고정한 채 "
        "학습한 모델), 행이 위치에 따라 부드럽게 변하지 않는 테이블입니다. 검사를 통과한 행 {passed:,}개({ranges})로는 "
        "학습 때 쓴 컨텍스트 길이를 알 수 없습니다. 무작위 행도 우연히 통과할 수 있습니다."),
    "positions.untrained.some": (
        "{count:,} of {n_positions:,} positions look untrained: {ranges}.",
        "위치 {n_positions:,}개 가운데 {count:,}개가 학습되지 않은 것처럼 보입니다: {ranges}."),
    "positions.untrained.some_tail": (
        "{count:,} of {n_positions:,} positions look untrained: {ranges}. The run from position {tail_start:,} to "
        "the end suggests training used a context of {positions}.",
        "위치 {n_positions:,}개 가운데 {count:,}개가 학습되지 않은 것처럼 보입니다: {ranges}. 위치 {tail_start:,}부터 "
        "끝까지 이어진 구간으로 보아, 학습 때 쓴 컨텍스트 길이는 {positions}였던 것 같습니다."),

    # --- subspaces ----------------------------------------------------------------------------------------------
    "positions.subspaces.subheader": ("Token and position subspaces", "토큰 임베딩 테이블과 위치 임베딩 테이블의 부분공간"),
    "positions.subspaces.caption": (
        "Share of each table's centred variance inside the other's top-k principal directions, against the "
        "k / d_model a random subspace would hold. Principal angles between the two top-{k} subspaces (0° shared, "
        "90° orthogonal): {angles}.",
        "각 테이블의 (평균을 뺀) 분산 가운데 다른 테이블의 상위 k개 주성분 방향 안에 놓인 비율을, 무작위 부분공간이 "
        "담는 비율 k / d_model과 비교합니다. 두 상위 {k}차원 부분공간 사이의 주각(0°는 공유하는 방향, 90°는 "
        "직교): {angles}."),

    # --- thinning -----------------------------------------------------------------------------------------------
    "positions.thin.note": (
        "Thinned for drawing, computed on every row: {parts}. {rules}",
        "계산은 모든 행으로 했고, 그릴 때만 점을 줄였습니다: {parts}. {rules}"),
    "positions.thin.rule.minmax": ("Lines keep the lowest and highest point of each block.",
                                   "선 그래프는 블록마다 가장 낮은 점과 가장 높은 점을 남깁니다."),
    "positions.thin.rule.max": ("Spectra keep each block's peak.", "스펙트럼은 블록마다 봉우리를 남깁니다."),
    "positions.thin.rule.stride": ("Trajectories keep every block's first point.",
                                   "궤적은 블록마다 첫 점을 남깁니다."),
    "positions.thin.part": ("{name} ({before:,} points drawn as {after:,})", "{name} (점 {before:,}개를 {after:,}개로)"),
    "positions.thin.offsets": ("offset curves", "거리별 곡선"),
    "positions.thin.trajectories": ("trajectories", "궤적"),
    "positions.thin.dimensions": ("dimensions, {side}", "차원 값, {side}"),
    "positions.thin.spectra": ("spectra, {side}", "스펙트럼, {side}"),
    "positions.thin.row_norms": ("row norms, {side}", "행 노름, {side}"),
    "positions.thin.decay": ("decay curves", "감쇠 곡선"),

    # --- charts -------------------------------------------------------------------------------------------------
    "positions.chart.position": ("position", "위치"),
    "positions.chart.heatmap_title": ("Similarity between positions", "위치 사이의 유사도"),
    "positions.chart.cosine_similarity": ("cosine similarity", "코사인 유사도"),
    "positions.chart.dot_product": ("dot product", "내적"),
    "positions.chart.offset_title": ("Similarity by offset k", "거리 k에 따른 유사도"),
    "positions.chart.offset_x": ("offset k (positions)", "거리 k (위치 수)"),
    "positions.chart.offset_y": ("{label} of t and t + k", "t와 t + k의 {label}"),
    "positions.chart.mean_cosine": ("mean cosine similarity", "평균 코사인 유사도"),
    "positions.chart.mean_dot": ("mean dot product", "평균 내적"),
    "positions.chart.table": ("table", "테이블"),
    "positions.chart.offset": ("offset", "거리"),
    "positions.chart.similarity": ("similarity", "유사도"),
    "positions.chart.pairs": ("pairs averaged", "평균 낸 쌍의 수"),
    "positions.chart.pc_title": ("PC{component} ({share:.1%} of variance)", "PC{component} (분산의 {share:.1%})"),
    "positions.chart.trajectory_2d": ("PCA trajectory (2D)", "PCA 궤적 (2D)"),
    "positions.chart.trajectory_3d": ("PCA trajectory (3D, drag the sliders to turn it)",
                                      "PCA 궤적 (3D, 슬라이더를 끌어 돌려 보세요)"),
    "positions.chart.variance_subtitle": ("variance: {parts}", "분산: {parts}"),
    "positions.chart.azimuth": ("azimuth °", "방위각 °"),
    "positions.chart.elevation": ("elevation °", "고도각 °"),
    "positions.chart.turned_x": ("turned PC1 / PC3", "돌린 PC1 / PC3"),
    "positions.chart.turned_y": ("turned PC2", "돌린 PC2"),
    "positions.chart.explained_title": ("Explained variance per component", "주성분별 설명된 분산"),
    "positions.chart.component": ("principal component", "주성분"),
    "positions.chart.share_of_variance": ("share of variance", "분산 비율"),
    "positions.chart.share": ("share", "비율"),
    "positions.chart.cumulative": ("cumulative", "누적"),
    "positions.chart.dimensions_title": ("Chosen dimensions against position", "고른 차원의 위치별 값"),
    "positions.chart.value": ("value", "값"),
    "positions.chart.dimension": ("dimension", "차원"),
    "positions.chart.spectrum_title": ("Frequency spectrum of the chosen dimensions", "고른 차원의 주파수 스펙트럼"),
    "positions.chart.frequency_axis": ("frequency (cycles per position)", "주파수 (위치당 주기 수)"),
    "positions.chart.frequency": ("frequency", "주파수"),
    "positions.chart.amplitude": ("amplitude", "진폭"),
    "positions.chart.period": ("period (positions)", "주기 (위치 수)"),
    "positions.chart.norm_title": ("Row norm by position", "위치별 행 노름"),
    "positions.chart.norm_axis": ("L2 norm of row", "행의 L2 노름"),
    "positions.chart.norm": ("norm", "노름"),
    "positions.chart.neighbour_cosine": ("neighbour |cosine|", "이웃과의 |코사인|"),
    "positions.chart.untrained": ("untrained", "학습되지 않음"),
    "positions.chart.subspace_title": ("Token and position subspaces", "토큰 임베딩 테이블과 위치 임베딩 테이블의 부분공간"),
    "positions.chart.subspace_x": ("k (top principal directions)", "k (상위 주성분 방향 수)"),
    "positions.chart.subspace_y": ("share of variance captured", "담긴 분산의 비율"),
    "positions.chart.measure": ("measure", "측정 항목"),
    "positions.chart.position_in_token": ("position variance in token top-k", "토큰 임베딩 테이블 상위 k 방향에 담긴 위치 분산"),
    "positions.chart.token_in_position": ("token variance in position top-k", "위치 임베딩 테이블 상위 k 방향에 담긴 토큰 분산"),
    "positions.chart.random_subspace": ("random k-dim subspace", "무작위 k차원 부분공간"),
    "positions.chart.yes": ("true", "예"),
    "positions.chart.no": ("false", "아니요"),

    # --- typed errors of the analysis modules -----------------------------------------------------------------------
    "err.positions.unknown_measure": (
        "unknown similarity measure {measure!r}; choose one of {choices}",
        "알 수 없는 유사도 척도 {measure!r}입니다. {choices} 가운데 하나를 고르세요"),
    "err.positions.cells": (
        "the heatmap needs at least 1 cell a side, got {cells}",
        "히트맵의 한 변은 적어도 1칸이어야 합니다(받은 값: {cells})"),
    "err.positions.no_heads": (
        "the config does not give the number of attention heads, so the head width (d_model / n_head) that RoPE "
        "rotates is unknown",
        "설정에 어텐션 헤드 수가 없어서, RoPE가 회전시키는 헤드 너비(d_model / n_head)를 알 수 없습니다"),
    "err.positions.heads_divide": (
        "d_model={d_model} is not a multiple of n_head={n_head}; cannot derive the head width",
        "d_model={d_model}이(가) n_head={n_head}의 배수가 아니어서 헤드 너비를 구할 수 없습니다"),
    "err.positions.rotary_dims": (
        "{dims} rotated dimensions do not fit a head of {head_dim}: RoPE rotates pairs, an even number of at most "
        "the head's width; check rotary_dim, rotary_pct or partial_rotary_factor in the config",
        "회전하는 차원 {dims}개는 너비 {head_dim}인 헤드에 맞지 않습니다. RoPE는 차원을 둘씩 돌리므로 헤드 너비 이하의 "
        "짝수여야 합니다. 설정 파일의 rotary_dim, rotary_pct, partial_rotary_factor를 확인하세요"),
    "err.positions.odd_head": (
        "head width {head_dim} is odd; RoPE rotates pairs of dimensions, so it must be even",
        "헤드 너비 {head_dim}이(가) 홀수입니다. RoPE는 차원을 둘씩 짝지어 돌리므로 짝수여야 합니다"),
    "err.positions.dimensions": (
        "dimensions {bad} are outside 0 .. {last} (d_model={d_model})",
        "차원 {bad}이(가) 0 .. {last} 범위 밖에 있습니다(d_model={d_model})"),
    "err.positions.rows_differ": (
        "cannot compare {first} positions with {second} positions",
        "위치 {first}개인 테이블과 위치 {second}개인 테이블은 비교할 수 없습니다"),
}
