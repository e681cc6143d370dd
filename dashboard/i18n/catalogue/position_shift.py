"""The shift experiment of the Positions page (``dashboard/lessons/positions/view_shift.py``, ``shift_chart.py``).

One query and one key scored at positions (m, n) and at (m + k, n + k): a
rotary model's own rotation beside a learned table and the sinusoidal
reference. Every number comes in through a placeholder; sentences that hold
only for some models are separate keys, chosen by the panel from what it measured.
"""

MESSAGES = {
    "positions.shift.subheader": ("Move both positions by k: which scores stay the same?",
                                  "두 위치를 함께 k만큼 옮기면 어떤 점수가 그대로일까요?"),
    "positions.shift.intro": (
        "An attention score is a dot product of a query and a key. Pick a query token at position m, a key token "
        "at position n and a shift k: each row of the table below scores the same two tokens at (m, n) and again "
        "at (m + k, n + k), the distance m − n unchanged. Positions are 0-based.",
        "어텐션 점수는 쿼리와 키의 내적입니다. 위치 m의 쿼리 토큰, 위치 n의 키 토큰, 옮길 거리 k를 고르세요. 아래 표의 "
        "행마다 같은 두 토큰의 점수를 (m, n)에서 한 번, 두 위치를 k만큼 옮긴 (m + k, n + k)에서 또 한 번 계산합니다. "
        "두 위치의 차이 m − n은 그대로입니다. 위치는 0부터 셉니다."),
    "positions.shift.vectors_rotary": (
        "**Rotary position embedding ({name})**: this page does not run the attention layers that make the "
        "model's real queries and keys, so a head-sized stand-in is used: dimensions {start} to {end} of each "
        "token's row of {name}'s token embedding table ({head_dim} dimensions, one head's width). The query is "
        "rotated at m and the key at n with {name}'s own rope_theta = {theta:,g} ({pairs} pairs (2i, 2i+1), as in "
        "RoFormer), then the two are dotted.",
        "**회전 위치 임베딩 ({name})**: 이 페이지는 모델의 실제 쿼리와 키를 만드는 어텐션 층을 실행하지 않습니다. 그래서 "
        "헤드 하나 크기의 벡터를 대신 씁니다. {name}의 토큰 임베딩 테이블에서 각 토큰의 행 가운데 {start}번부터 {end}번 "
        "차원까지입니다(헤드 하나의 너비인 {head_dim}차원). 쿼리는 위치 m에서, 키는 위치 n에서 {name}의 rope_theta = "
        "{theta:,g}(으)로 회전시킨 뒤(차원 쌍 (2i, 2i+1) {pairs}개, RoFormer와 같은 방식) 둘의 내적을 구합니다."),
    "positions.shift.vectors_learned": (
        "**Learned position embedding ({name})**: (token row of the query + position row m) · (token row of the "
        "key + position row n), with {name}'s own token and position embedding tables, before any LayerNorm or "
        "attention layer.",
        "**학습된 위치 임베딩 ({name})**: (쿼리 토큰의 행 + 위치 m의 행) · (키 토큰의 행 + 위치 n의 행)입니다. "
        "{name}의 토큰 임베딩 테이블과 위치 임베딩 테이블을 쓰고, LayerNorm이나 어텐션 층을 거치기 전의 값입니다."),
    "positions.shift.vectors_learned_other": (
        "**Learned position embedding ({name}, another bundled model)**: {model} has no position table to add, so "
        "this row takes {name}'s: (token row of the query + position row m) · (token row of the key + position row "
        "n), the two tokens looked up in {name}'s own vocabulary and token embedding table.",
        "**학습된 위치 임베딩 ({name}, 함께 제공되는 다른 모델)**: {model}에는 더할 위치 임베딩 테이블이 없어서, 이 행은 "
        "{name}의 테이블을 씁니다. (쿼리 토큰의 행 + 위치 m의 행) · (키 토큰의 행 + 위치 n의 행)이고, 두 토큰은 "
        "{name}의 어휘와 토큰 임베딩 테이블에서 찾습니다."),
    "positions.shift.vectors_sinusoidal": (
        "**Sinusoidal position encoding**: the same sum with {name}'s token rows and the sinusoidal table of width "
        "{d_model} (Vaswani et al. 2017), its entries in [−1, 1] as computed, not scaled.",
        "**사인파 위치 인코딩**: 같은 합을 {name}의 토큰 행과 너비 {d_model}인 사인파 위치 인코딩(Vaswani et al. "
        "2017)으로 계산합니다. 사인파 값은 [−1, 1] 범위 그대로이며 크기를 바꾸지 않았습니다."),
    "positions.shift.query": ("query token", "쿼리 토큰"),
    "positions.shift.key": ("key token", "키 토큰"),
    "positions.shift.token_help": (
        "A token as the pages show it (␣data), a word (data: the word-initial token where there is one), or #id.",
        "페이지에 보이는 그대로의 토큰(␣data), 단어(data: 단어 첫머리 토큰이 있으면 그것), 또는 #id를 적으세요."),
    "positions.shift.m": ("query position m", "쿼리 위치 m"),
    "positions.shift.n": ("key position n", "키 위치 n"),
    "positions.shift.k": ("shift k", "옮길 거리 k"),
    "positions.shift.slice": ("head-sized slice", "헤드 크기 조각"),
    "positions.shift.slice_help": (
        "Which {head_dim} dimensions of the token rows stand in for one head's query and key: slice h is dimensions "
        "h × {head_dim} to h × {head_dim} + {last}.",
        "토큰 행의 어느 {head_dim}차원을 헤드 하나의 쿼리와 키 대신 쓸지 고릅니다. 조각 h는 h × {head_dim}번부터 "
        "h × {head_dim} + {last}번 차원까지입니다."),
    "positions.shift.context_rotary": (
        "{name}'s context of {context:,} positions", "{name}의 컨텍스트 길이 {context:,}"),
    "positions.shift.context_unstated": (
        "the positions offered here ({context:,}; the config states no context length)",
        "여기서 고를 수 있는 위치 범위({context:,}개, 설정에 컨텍스트 길이가 없습니다)"),
    "positions.shift.context_learned": (
        "{name}'s position table ({context:,} rows)", "{name}의 위치 임베딩 테이블({context:,}행)"),
    "positions.shift.past_end": (
        "(m + k, n + k) = ({m:,}, {n:,}) passes position {last:,}, the last of {context}. Pick a smaller k.",
        "(m + k, n + k) = ({m:,}, {n:,})은(는) {context}의 마지막 위치 {last:,}을(를) 넘습니다. k를 더 작게 고르세요."),
    "positions.shift.learned_missing": (
        "The learned row is left out: {error}", "학습된 위치 임베딩의 행은 뺐습니다: {error}"),
    "positions.shift.empty_token": (
        "The {field} box is empty: type one token there (as the pages show it, ␣data; a word that is one token, data; "
        "or #id).",
        "{field} 칸이 비어 있습니다. 토큰 하나를 적으세요(페이지에 보이는 그대로의 토큰 ␣data, 토큰 하나인 단어 data, 또는 #id)."),
    "positions.shift.not_a_token": (
        "{text} is not one token of {name}'s vocabulary ({vocab_size:,} rows). This experiment needs one token "
        "row each: type a token as the pages show it (␣data), a word that is a single token (data), or #id.",
        "{text}은(는) {name}의 어휘에 있는 토큰 하나가 아닙니다(행 {vocab_size:,}개). 이 실험에는 토큰 행이 하나씩 "
        "필요합니다. 페이지에 보이는 그대로의 토큰(␣data), 토큰 하나인 단어(data), 또는 #id를 적으세요."),
    "positions.shift.past_table": (
        "{scheme}: its {rows:,} rows cover positions 0 to {last:,}, so there is no row for position {position:,}: a "
        "learned table cannot place a token there at all.",
        "{scheme}: 행 {rows:,}개가 위치 0부터 {last:,}까지만 덮으므로 위치 {position:,}에 해당하는 행이 없습니다. 학습된 "
        "테이블은 그 위치에 토큰을 아예 놓을 수 없습니다."),
    "positions.shift.scheme.rotary": ("Rotary ({name})", "회전 위치 임베딩 ({name})"),
    "positions.shift.scheme.learned": ("Learned ({name})", "학습된 위치 임베딩 ({name})"),
    "positions.shift.scheme.sinusoidal": ("Sinusoidal reference", "사인파 위치 인코딩"),
    "positions.shift.col.scheme": ("position scheme", "위치 정보 방식"),
    "positions.shift.col.before": ("score at ({m}, {n})", "({m}, {n})에서의 점수"),
    "positions.shift.col.after": ("score at ({m}, {n}) (shifted)", "({m}, {n})에서의 점수 (옮긴 뒤)"),
    "positions.shift.col.difference": ("difference", "차이"),
    "positions.shift.col.relative": ("difference / |score|", "차이 / |점수|"),
    "positions.shift.rotary_result": (
        "{scheme}: {before:.6g} and {after:.6g}, a difference of {difference:.1e} in float64. With every step in "
        "float32 (transformers computes its rotation angles in float32) the difference is {difference32:.1e}.",
        "{scheme}: {before:.6g}와(과) {after:.6g}(으)로, float64에서 차이는 {difference:.1e}입니다. 모든 계산을 "
        "float32로 하면(transformers는 회전 각도를 float32로 계산합니다) 차이는 {difference32:.1e}입니다."),
    "positions.shift.sum_result": (
        "{scheme}: {before:.4g} and {after:.4g}, a difference of {difference:+.3g}. Of that, the token–position "
        "parts a·P[n] + P[m]·b change by {token_position:+.3g} and the position–position part P[m]·P[n] by "
        "{position_position:+.3g}; the token–token part a·b stays {token_token:.4g}.",
        "{scheme}: {before:.4g}와(과) {after:.4g}(으)로, 차이는 {difference:+.3g}입니다. 그 가운데 토큰과 위치가 섞인 항 "
        "a·P[n] + P[m]·b가 {token_position:+.3g}, 위치끼리의 항 P[m]·P[n]이(가) {position_position:+.3g}만큼 바뀌고, "
        "토큰끼리의 항 a·b는 {token_token:.4g}(으)로 그대로입니다."),
    "positions.shift.sinusoidal_why": (
        "In the sinusoidal table P[m]·P[n] = Σ_i cos((m − n)·ω_i) depends on m − n alone; the token–position parts "
        "do not, and they move the sum.",
        "사인파 위치 인코딩에서는 P[m]·P[n] = Σ_i cos((m − n)·ω_i)이므로 이 항은 m − n에만 달려 있습니다. 토큰과 위치가 "
        "섞인 항은 그렇지 않아서 합이 달라집니다."),
    "positions.shift.distance_axis": ("m − n (positions)", "m − n (위치 수)"),
    "positions.shift.score_axis": ("score (dot product)", "점수 (내적)"),
    "positions.shift.pair": ("positions", "위치"),
    "positions.shift.query_position": ("query position", "쿼리 위치"),
    "positions.shift.key_position": ("key position", "키 위치"),
    "positions.shift.chart_caption": (
        "Each chart scores the same two tokens with the key at n = {n:,} (solid line) and at n + k = {shifted:,} "
        "(dashed), the query m − n positions from the key, for m − n from {low:,} to {high:,} ({window:,} either side "
        "of the chosen {distance:,}), wherever both positions exist. Largest gap between the two lines: {gaps}.",
        "각 그림은 같은 두 토큰의 점수를, 키를 n = {n:,}에 둔 경우(실선)와 n + k = {shifted:,}에 둔 경우(점선)로 "
        "그립니다. 쿼리는 키에서 m − n만큼 떨어져 있고, m − n이 {low:,}부터 {high:,}까지(고른 {distance:,}의 앞뒤로 "
        "{window:,}씩)인 거리 가운데 두 위치가 모두 있는 거리만 그립니다. 두 선 사이의 가장 큰 차이: {gaps}."),
    "positions.shift.gap": ("{scheme} {gap:.1e} (m − n from {low:,} to {high:,})",
                            "{scheme} {gap:.1e} (m − n이 {low:,}부터 {high:,}까지)"),
    "positions.shift.rotary_range": (
        "Over these distances the rotary score runs from {low:.3g} to {high:.3g}: the distance m − n moves it; "
        "where the pair sits does not.",
        "이 거리 범위에서 회전 위치 임베딩의 점수는 {low:.3g}부터 {high:.3g}까지 달라집니다. 점수를 바꾸는 것은 거리 "
        "m − n이고, 두 토큰이 놓인 자리는 점수를 바꾸지 않습니다."),
}
