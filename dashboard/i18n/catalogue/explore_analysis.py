"""Messages of the analysis behind the token map, nearest neighbours and similarity pages.

Typed queries (:mod:`dashboard.analysis.queries`), neighbour search and
similarity (errors and metric names), the map's rows and projections
(:mod:`dashboard.maps.frame`, :mod:`dashboard.maps.projection`)
and the output head's description (:mod:`dashboard.analysis.output_head`).
"""

MESSAGES = {
    # How a typed term was looked up (ResolvedTerm.explain); pages add the final full stop.
    "queries.split_spaced": ("'{tokenized}' (with the space a word has in running text)",
                             "'{tokenized}'(실제 글에서처럼 앞에 공백을 붙인 형태)을(를)"),
    "queries.split_it": ("it", "이 단어를"),
    "queries.explain_split": (
        "'{typed}' is not one token: the tokenizer splits {split} into {count} pieces ({shown}); "
        "their rows are averaged",
        "'{typed}': 토큰 하나가 아닙니다. 토크나이저가 {split} 조각 {count}개({shown})로 나누고, "
        "그 행들의 평균을 씁니다"),
    "queries.mid_word": ("; the mid-word piece {piece} is a different token, #{id}",
                         ". 단어 중간에 오는 조각 {piece}(#{id})도 있지만, 그것은 다른 토큰입니다"),
    "queries.explain_word_initial": (
        "'{typed}' matched the word-initial token {shown} (#{id}), the form a word takes after a space in "
        "running text{mid_word}",
        "'{typed}': 단어 첫머리 토큰 {shown}(#{id})을(를) 찾았습니다. 실제 글에서 공백 뒤에 오는 단어는 "
        "이 형태입니다{mid_word}"),
    "queries.explain_no_tokenizer": (
        "'{typed}' matched token {id} exactly; this checkpoint has no tokenizer to split words",
        "'{typed}': {id}번 토큰과 정확히 같습니다. 이 체크포인트에는 단어를 나눌 토크나이저가 없습니다"),
    "queries.explain_token": ("'{typed}' is token {id} ({shown})", "'{typed}': {id}번 토큰({shown})입니다"),
    "err.queries.empty": ("the query is empty: type a word, a token or #id",
                          "검색어가 비어 있습니다. 단어, 토큰 또는 #id를 입력하세요"),
    "err.queries.id_past_end": (
        "#{id} is past the last row of the token table (ids 0 to {last})",
        "#{id}: 토큰 임베딩 테이블에 없는 행입니다(id는 0부터 {last}까지입니다)"),
    "err.queries.no_match_no_tokenizer": (
        "no token is exactly '{text}', and this checkpoint has no tokenizer to split words into tokens; "
        "type a token as the vocabulary spells it, or #id",
        "정확히 '{text}'인 토큰이 없고, 이 체크포인트에는 단어를 토큰으로 나눌 토크나이저도 없습니다. "
        "어휘에 적힌 그대로 토큰을 입력하거나 #id를 입력하세요"),
    "err.queries.unknown_piece": (
        "the tokenizer turns {lost} of '{text}' into {unknown}: this vocabulary has no token for it, so it has "
        "no row of its own; try another word",
        "토크나이저가 '{text}'에서 {lost} 부분을 알 수 없는 토큰 {unknown}(으)로 바꿉니다. 이 어휘에는 "
        "그 부분에 맞는 토큰이 없어서, 그 부분만의 행도 없습니다. 다른 단어를 입력해 보세요"),
    "err.queries.unknown_word": (
        "the tokenizer turns '{text}' into {unknown}: this vocabulary has no token for it, so it has no row of "
        "its own; try another word",
        "'{text}'은(는) 이 어휘에 없어서 토크나이저가 알 수 없는 토큰 {unknown}(으)로 바꿉니다. 그래서 이 단어만의 "
        "행이 없습니다. 다른 단어를 입력해 보세요"),
    "err.queries.tokenizes_to_nothing": (
        "the tokenizer turns '{text}' into nothing, not into tokens of its vocabulary; try another spelling",
        "토크나이저가 '{text}'에서 어휘의 토큰을 하나도 만들지 못합니다. 다른 철자로 입력해 보세요"),
    "err.queries.tokenizes_to_special": (
        "the tokenizer turns '{text}' into {shown}, not into tokens of its vocabulary; try another spelling",
        "토크나이저가 '{text}'을(를) 어휘의 토큰이 아닌 특수 토큰 {shown}(으)로 바꿉니다. 다른 철자로 입력해 보세요"),
    "err.queries.empty_term": (
        "'{text}' has an empty term; write terms joined by ' + ' and ' - ', e.g. king - man + woman",
        "'{text}'에 빈 항이 있습니다. 항을 ' + '와 ' - '로 이어 쓰세요. 예: king - man + woman"),
    # Neighbour search and similarity (dashboard.analysis.neighbours, dashboard.lessons.similarity.analysis).
    "neighbours.metric.cosine": ("cosine similarity", "코사인 유사도"),
    "neighbours.metric.dot": ("dot product", "내적"),
    "neighbours.metric.centered": ("centred cosine (mean row removed)", "중심화 코사인 유사도(평균 행을 뺀 뒤)"),
    "similarity.metric.cosine": ("cosine similarity", "코사인 유사도"),
    "similarity.metric.dot": ("dot product", "내적"),
    "similarity.metric.centered": ("centred cosine", "중심화 코사인 유사도"),
    "err.neighbours.unknown_metric": ("unknown metric {metric}; choose one of {choices}",
                                      "알 수 없는 측정 방법 {metric}입니다. 다음 중 하나를 고르세요: {choices}"),
    "err.neighbours.query_shape": (
        "the query vector has shape {shape} but the table's rows have d_model={d_model}",
        "검색 벡터의 모양은 {shape}인데, 테이블의 행은 d_model={d_model}입니다"),
    "err.neighbours.no_direction_zero": (
        "the query vector has no direction for {metric} (it is all zero); use dot",
        "검색 벡터가 모두 0이라 방향이 없어서 {metric}을(를) 계산할 수 없습니다. 내적(dot)을 쓰세요"),
    "err.neighbours.no_direction_mean": (
        "the query vector has no direction for {metric} (it equals the mean row); use dot",
        "검색 벡터가 평균 행과 같아서, 평균을 빼면 방향이 없습니다. {metric}을(를) 계산할 수 없으니 내적(dot)을 쓰세요"),
    "err.neighbours.k_too_small": ("k must be at least 1, got {k}", "k는 1 이상이어야 합니다(받은 값: {k})"),
    "err.similarity.centred_needs_mean": ("centred cosine needs the mean row of the table",
                                          "중심화 코사인 유사도에는 테이블의 평균 행이 필요합니다"),
    "err.similarity.repeated_labels": ("each term of the heatmap must be different; remove the repeated ones",
                                       "히트맵의 항은 모두 달라야 합니다. 겹치는 항을 지우세요"),
    "err.similarity.labels_mismatch": ("{count} labels for a {shape} matrix",
                                       "{shape} 행렬에 이름표가 {count}개입니다"),
    # The map's tables, its drawn rows and highlight search (dashboard.maps.frame, pages/token_map.py).
    "token_map.table.token": ("token embedding", "토큰 임베딩"),
    "token_map.table.position": ("position embedding", "위치 임베딩"),
    "token_map.table.head": ("output head", "출력 헤드"),
    "err.token_map.unknown_table": ("unknown table {name}; choose one of {choices}",
                                    "알 수 없는 테이블 {name}입니다. 다음 중 하나를 고르세요: {choices}"),
    "err.token_map.no_position_table": (
        "{name} has no position table ({kind}: {note}); choose the token table",
        "{name}에는 위치 임베딩 테이블이 없습니다({kind}: {note}). 토큰 임베딩 테이블을 고르세요"),
    "err.token_map.no_own_head": (
        "{name} stores no output head of its own ({tying}); choose the token table",
        "{name}에는 따로 저장된 출력 헤드가 없습니다({tying}). 토큰 임베딩 테이블을 고르세요"),
    "err.token_map.head_rows": (
        "the output head has {head_rows:,} rows but the token table {token_rows:,}, so its rows cannot be named "
        "by token; choose the token table",
        "출력 헤드의 행은 {head_rows:,}개인데 토큰 임베딩 테이블의 행은 {token_rows:,}개라서, 헤드의 행에 "
        "토큰 이름을 붙일 수 없습니다. 토큰 임베딩 테이블을 고르세요"),
    "err.token_map.bad_regex": (
        "'{query}' is not a regular expression this search accepts: {reason} (RE2 syntax: no backreferences or "
        "lookaround); untick 'regular expression' to search for the text itself",
        "'{query}'은(는) 이 검색이 받아들이는 정규 표현식이 아닙니다: {reason} (RE2 문법: 역참조와 전후방 탐색은 "
        "쓸 수 없습니다). 글자 그대로 찾으려면 '정규 표현식' 선택을 끄세요"),
    "err.token_map.highlight_too_long": (
        "the highlight has {count:,} characters, more than {limit}; shorten it",
        "강조할 검색어가 {count:,}자로, 최대 {limit}자보다 깁니다. 줄여 주세요"),
    "token_map.drawn.unplaced": ("; {count:,} rows have no point (see the notes)",
                                 ". {count:,}개 행은 점이 없습니다(참고 사항을 보세요)"),
    "token_map.drawn.all": ("all {count:,} rows are drawn{tail}", "{count:,}개 행을 모두 그렸습니다{tail}"),
    # Projections (dashboard.maps.projection): settings, notes on rows handled specially, UMAP's stages.
    "projection.describe": ("{method} to {dims}D ({params}); {libs}", "{method}, {dims}D 투영 ({params}); {libs}"),
    "err.projection.unknown_method": ("unknown projection method {method}; choose one of {choices}",
                                      "알 수 없는 투영 방법 {method}입니다. 다음 중 하나를 고르세요: {choices}"),
    "err.projection.dims": ("a map has 2 or 3 dimensions, not {dims}",
                            "지도는 2차원 또는 3차원입니다({dims}차원은 그릴 수 없습니다)"),
    "err.projection.n_neighbors": ("n_neighbors must be at least 2, got {n_neighbors}",
                                   "n_neighbors는 2 이상이어야 합니다(받은 값: {n_neighbors})"),
    "err.projection.min_dist": ("min_dist must be in [0, 1], got {min_dist}",
                                "min_dist는 0과 1 사이여야 합니다(받은 값: {min_dist})"),
    "err.projection.seed": ("the seed must be in [0, 2**32 - 1] (numpy's limit), got {seed}",
                            "시드는 0부터 2**32 - 1 사이여야 합니다(numpy의 한계, 받은 값: {seed})"),
    "err.projection.rank": ("a projection needs a (rows, d_model) table, got shape {shape}",
                            "투영에는 (행, d_model) 모양의 테이블이 필요한데, 받은 모양은 {shape}입니다"),
    "err.projection.too_narrow": (
        "the table has d_model={d_model}, fewer than the {dims} dimensions asked for; choose {d_model}D or fewer",
        "테이블의 차원 수(d_model={d_model})가 요청한 {dims}차원보다 작습니다. {d_model}D 이하를 고르세요"),
    "err.projection.too_few_rows": (
        "a {dims}D projection needs at least {needed} rows; the table has {n_rows}",
        "테이블의 행이 {n_rows}개뿐입니다. {dims}D 투영에는 행이 적어도 {needed}개 필요합니다"),
    "err.projection.umap_too_few_rows": (
        "UMAP needs more distinct non-zero rows than n_neighbors={n_neighbors}; this table has {count}. "
        "Lower n_neighbors below {count} or use PCA",
        "UMAP에는 서로 다르고 0이 아닌 행이 n_neighbors={n_neighbors}보다 많이 필요한데, 이 테이블에는 "
        "{count}개뿐입니다. n_neighbors를 {count}보다 작게 하거나 PCA를 쓰세요"),
    "projection.note.identical": ("every row is identical, so every row is drawn at the origin",
                                  "모든 행이 똑같아서, 모든 행을 원점에 그립니다"),
    "projection.note.pca_duplicates.one": ("1 row repeats another row exactly and is drawn on top of it",
                                           "1개 행이 다른 행과 똑같아서 그 행의 점 위에 겹쳐 그려집니다"),
    "projection.note.pca_duplicates.many": ("{count:,} rows repeat another row exactly and are drawn on top of it",
                                            "{count:,}개 행이 다른 행과 똑같아서 그 행의 점 위에 겹쳐 그려집니다"),
    "projection.note.pca_zero.one": ("1 row is all zero; PCA places it where the zero vector lands",
                                     "1개 행이 모두 0입니다. PCA는 그 행을 영벡터가 놓이는 자리에 둡니다"),
    "projection.note.pca_zero.many": ("{count:,} rows are all zero; PCA places them where the zero vector lands",
                                      "{count:,}개 행이 모두 0입니다. PCA는 그 행들을 영벡터가 놓이는 자리에 둡니다"),
    "projection.note.unseeded": (
        "unseeded: umap-learn optimised on every core, and another fit would give another layout; a seeded "
        "one repeats exactly",
        "시드 없음: umap-learn이 모든 코어로 최적화했고, 다시 계산하면 다른 배치가 나옵니다. 시드를 주면 "
        "배치가 정확히 반복됩니다"),
    "projection.note.umap_duplicates.one": (
        "1 row repeats another row exactly; UMAP saw each distinct row once and the copy shares its point",
        "1개 행이 다른 행과 똑같습니다. UMAP은 서로 다른 행을 한 번씩만 보았고, 복사본은 원래 행의 점을 함께 씁니다"),
    "projection.note.umap_duplicates.many": (
        "{count:,} rows repeat another row exactly; UMAP saw each distinct row once and the copies share its point",
        "{count:,}개 행이 다른 행과 똑같습니다. UMAP은 서로 다른 행을 한 번씩만 보았고, 복사본은 원래 행의 점을 "
        "함께 씁니다"),
    "projection.note.umap_zero.one": (
        "1 row is all zero: cosine is undefined for it, so it is not placed on the map",
        "1개 행이 모두 0입니다. 그 행은 코사인 유사도를 정의할 수 없어서 지도에 놓이지 않습니다"),
    "projection.note.umap_zero.many": (
        "{count:,} rows are all zero: cosine is undefined for them, so they are not placed on the map",
        "{count:,}개 행이 모두 0입니다. 그 행들은 코사인 유사도를 정의할 수 없어서 지도에 놓이지 않습니다"),
    "projection.stage.graph": ("building the {n_neighbors}-nearest-neighbour graph of {count:,} rows, then the "
                               "layout's start",
                               "{count:,}개 행의 {n_neighbors}-최근접 이웃 그래프를 만든 뒤 배치의 시작점을 정하는 중"),
    "projection.stage.epoch": ("optimising the layout: epoch {done} of {total}",
                               "배치를 최적화하는 중: 에폭 {done}/{total}"),
    "projection.stage.done": ("done", "완료"),
    # What the output head is (dashboard.analysis.output_head.describe_head), for captions.
    "output_head.stored_equal": (
        "the checkpoint stores its own output head, and today it equals the token table exactly "
        "(largest difference 0), so its rows have the same neighbours",
        "이 체크포인트는 출력 헤드(`lm_head`)를 따로 저장하지만, 지금은 토큰 임베딩 테이블과 정확히 같습니다"
        "(가장 큰 차이 0). 그래서 헤드의 행도 이웃이 같습니다"),
    "output_head.stored_untied": (
        "the checkpoint stores its own output head (untied): the token table says how the model reads a token, "
        "the head how it predicts it",
        "이 체크포인트는 출력 헤드(`lm_head`)를 따로 저장합니다(공유되지 않음). 토큰 임베딩 테이블은 모델이 "
        "토큰을 읽는 방식이고, 출력 헤드는 그 토큰을 예측하는 방식입니다"),
    "output_head.tied": (
        "the output head is the token table itself (weight tying; verdict: {verdict}): the model reads and "
        "predicts each token with the same row, so the head's neighbours are the token table's",
        "출력 헤드(`lm_head`)가 토큰 임베딩 테이블 그 자체입니다. 가중치 공유(weight tying)이며 판정은 {verdict}입니다. "
        "모델은 같은 행으로 토큰을 읽고 예측하므로, 헤드의 이웃은 토큰 임베딩 테이블의 이웃과 같습니다"),
    "output_head.none": ("this checkpoint has no output head (an encoder or a bare table)",
                         "이 체크포인트에는 출력 헤드가 없습니다(인코더이거나 테이블만 있는 경우)"),
}
