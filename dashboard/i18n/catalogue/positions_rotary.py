"""The Positions page's part on rotary models (RoPE): why they have no position table, and what their rotation does.

Keys ``positions.rotary.*`` are shown by ``dashboard/lessons/positions/view_rotary.py`` and ``rotary_chart.py``
beside it for a model whose positions are rotary (:mod:`dashboard.lessons.positions.rotary`); the rest of the page's
messages are in ``positions``. The Korean explains as a teacher does; every number comes in through a placeholder.
"""

MESSAGES = {
    "positions.rotary.no_table": (
        "**{name} has no position table**: it uses rotary position embeddings (RoPE, Su et al. 2021).",
        "**{name}에는 위치 임베딩 테이블이 없습니다.** 이 모델은 회전 위치 임베딩(RoPE, Su et al. 2021)을 씁니다."),
    "positions.rotary.explanation": (
        "Instead of adding a position vector to each token, every attention head rotates each pair of query and key "
        "dimensions (2i, 2i+1) by the angle t·θ_i at position t.  \n"
        "The score q_m·k_n then depends only on the relative distance m − n: fast-turning pairs tell near "
        "positions apart, slow ones far positions. RoFormer proves that an upper bound on the score's size tends to "
        "fall with distance; that is a bound, not the score itself or its expected value.",
        "토큰마다 위치 벡터를 더하는 대신, 어텐션 헤드가 위치 t에서 쿼리와 키의 차원 쌍 (2i, 2i+1)을 각도 t·θ_i만큼 "
        "돌립니다.  \n"
        "이렇게 돌리면 점수 q_m·k_n은 두 위치의 차이 m − n에만 달려 있습니다. 빨리 도는 쌍은 가까운 위치끼리를, 천천히 "
        "도는 쌍은 먼 위치끼리를 구별합니다. RoFormer 논문은 점수 크기의 상한이 거리가 멀어질수록 대체로 줄어든다는 것을 "
        "보입니다. 이것은 어디까지나 상한이며, 점수 자체나 그 기댓값이 아닙니다."),
    "positions.rotary.error": ("Cannot show the rotation frequencies: {error}.", "회전 주파수를 보여 줄 수 없습니다: {error}."),
    "positions.rotary.theta_assumed": (
        "The config does not state rope_theta; assuming {theta:g} (RoFormer's and Llama's default).",
        "설정 파일에 rope_theta가 없어서 {theta:g}(RoFormer와 Llama의 기본값)로 가정합니다."),
    "positions.rotary.head_dim": ("head dimension", "헤드 차원"),
    "positions.rotary.head_dim_help": ("d_model / n_head (or the config's head_dim): the width of one head",
                                       "d_model / n_head (또는 설정 파일의 head_dim): 헤드 하나의 너비입니다"),
    "positions.rotary.pairs": ("rotated dimension pairs", "회전하는 차원 쌍의 수"),
    "positions.rotary.partial": (
        "This model rotates only {rotary_dim} of each head's {head_dim} dimensions ({setting}): {pairs} pairs, "
        "whose frequencies are below; the other {rest} dimensions carry no position at all.",
        "이 모델은 헤드마다 {head_dim}개 차원 가운데 {rotary_dim}개만 회전시킵니다({setting}). 아래 주파수는 그 "
        "{pairs}개 쌍의 것이고, 나머지 {rest}개 차원에는 위치 정보가 전혀 없습니다."),
    "positions.rotary.context": ("context length (config)", "컨텍스트 길이 (설정)"),
    "positions.rotary.unknown": ("unknown", "알 수 없음"),
    "positions.rotary.frequency_caption": (
        "θ_i = rope_theta^(−2i / head_dim), i = 0 … head_dim/2 − 1 (RoFormer, Su et al. 2021, section 3.2.2; "
        "`inv_freq` in transformers). {turns}",
        "θ_i = rope_theta^(−2i / head_dim), i = 0 … head_dim/2 − 1 (RoFormer, Su et al. 2021, 3.2.2절; "
        "transformers의 `inv_freq`). {turns}"),
    "positions.rotary.slow_pairs": (
        "{slow} of {pairs} pairs turn less than once within the {context:,}-position context.",
        "쌍 {pairs}개 가운데 {slow}개는 컨텍스트 길이 {context:,} 안에서 한 바퀴도 다 돌지 못합니다."),
    "positions.rotary.reach_unknown": (
        "Distances 0 to {max_distance:,} (the config states no context length).",
        "거리 0부터 {max_distance:,}까지입니다(설정에 컨텍스트 길이가 없습니다)."),
    "positions.rotary.reach_part": (
        "Distances 0 to {max_distance:,}, the first part of the {context:,}-position context.",
        "거리 0부터 {max_distance:,}까지, 컨텍스트 길이 {context:,} 가운데 앞부분입니다."),
    "positions.rotary.reach_whole": (
        "Distances 0 to {max_distance:,}, the whole context.",
        "거리 0부터 {max_distance:,}까지, 컨텍스트 전체입니다."),
    "positions.rotary.decay_caption": (
        "{reach} RoFormer bound (Su et al. 2021, section 3.4.3): |q_m·k_n| ≤ max_i|h_(i+1) − h_i| · Σ_j |S_j| with "
        "S_j = Σ_(k<j) e^(i(m−n)θ_k); the curve is (1/(head_dim/2)) Σ_j |S_j|, the paper's Figure 2, scaled to 1 at "
        "distance 0. {shape} 'same vector': q·R(m−n)q / |q|² = mean_i cos((m−n)θ_i) for a query equal to the key "
        "with equal energy in every pair.",
        "{reach} RoFormer 상한(Su et al. 2021, 3.4.3절): |q_m·k_n| ≤ max_i|h_(i+1) − h_i| · Σ_j |S_j|, 여기서 "
        "S_j = Σ_(k<j) e^(i(m−n)θ_k)입니다. 곡선은 (1/(head_dim/2)) Σ_j |S_j|(논문의 그림 2)를 거리 0에서 1이 되도록 "
        "맞춘 것입니다. {shape} '같은 벡터' 곡선은 쿼리와 키가 같고 모든 쌍에 에너지가 고르게 나뉜 경우의 "
        "q·R(m−n)q / |q|² = mean_i cos((m−n)θ_i)입니다."),
    "positions.rotary.bound_falls": (
        "On this model's frequencies the bound falls over the whole range shown.",
        "이 모델의 주파수에서는 상한이 보이는 범위 전체에서 줄어듭니다."),
    "positions.rotary.bound_rises": (
        "On this model's frequencies the bound does not fall steadily: it is lowest at distance "
        "{lowest_distance:,} ({lowest_value:.2f} of its value at 0), and it rises again in places, most from distance "
        "{rise_from:,} to {rise_to:,} (by {rise:.2f}).",
        "이 모델의 주파수에서는 상한이 꾸준히 줄지 않습니다. 거리 {lowest_distance:,}에서 가장 낮고(거리 0일 때 값의 "
        "{lowest_value:.2f}배), 군데군데 다시 올라갑니다. 가장 크게 오르는 곳은 거리 {rise_from:,}부터 {rise_to:,}까지"
        "입니다({rise:.2f}만큼)."),
    "positions.rotary.relative": (
        "**{name} has no position table**: positions enter attention as a learned bias per distance bucket, added "
        "to the attention scores, not as vectors added to the tokens, so there is nothing to show here.",
        "**{name}에는 위치 임베딩 테이블이 없습니다.** 위치 정보는 토큰에 더해지는 벡터가 아니라, 거리 구간마다 학습된 "
        "편향으로 어텐션 점수에 더해집니다. 그래서 여기서 보여 줄 것이 없습니다."),
    "positions.rotary.none": (
        "**{name} has no position table** ({note}): these tables carry no position information, so there is nothing "
        "to show here. Load a checkpoint with learned positions (GPT-2, BERT, OPT) or rotary ones (Llama).",
        "**{name}에는 위치 임베딩 테이블이 없습니다** ({note}). 이 테이블들에는 위치 정보가 없어서 여기서 보여 줄 것이 "
        "없습니다. 학습된 위치 임베딩이 있는 체크포인트(GPT-2, BERT, OPT)나 회전 위치 임베딩을 쓰는 체크포인트(Llama)를 "
        "불러오세요."),
    "positions.rotary.frequency_title": ("Rotation frequency of each dimension pair", "차원 쌍마다의 회전 주파수"),
    "positions.rotary.pair_axis": ("dimension pair i (of the head)", "헤드 안의 차원 쌍 i"),
    "positions.rotary.wavelength_axis": ("wavelength 2π / θ_i (positions)", "파장 2π / θ_i (위치 수)"),
    "positions.rotary.full_turn": ("turns fully within the context", "컨텍스트 안에서 한 바퀴를 다 돎"),
    "positions.rotary.pair": ("pair", "쌍"),
    "positions.rotary.frequency": ("θ_i (rad / position)", "θ_i (위치당 라디안)"),
    "positions.rotary.wavelength": ("wavelength (positions)", "파장 (위치 수)"),
    "positions.rotary.decay_title": ("Bound on the query-key score by relative distance",
                                     "상대 거리에 따른 쿼리-키 점수의 상한"),
    "positions.rotary.distance_axis": ("relative distance m - n (positions)", "상대 거리 m - n (위치 수)"),
    "positions.rotary.value_axis": ("value relative to distance 0", "거리 0일 때 값에 대한 비율"),
    "positions.rotary.curve": ("curve", "곡선"),
    "positions.rotary.distance": ("distance", "거리"),
    "positions.rotary.bound": ("RoFormer bound", "RoFormer 상한"),
    "positions.rotary.same_vector": ("same vector", "같은 벡터"),
}
