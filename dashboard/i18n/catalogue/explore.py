"""Messages of the Token map, Nearest neighbours and Similarity heatmap pages, their charts and cached data."""

MESSAGES = {
    # Shared by the three pages.
    "explore.output_head_caption": ("Output head: {description}.", "출력 헤드: {description}."),
    "explore.column.rank": ("rank", "순위"),
    "explore.column.token": ("token", "토큰"),
    "explore.column.id": ("id", "id"),
    "explore.column.score": ("score", "점수"),
    "explore.column.norm": ("norm", "노름"),
    "explore.column.category": ("category", "범주"),
    # Token map page.
    "token_map.title": ("Token map", "토큰 지도"),
    "token_map.caption": (
        "Every row projected to 2D or 3D. PCA is shown first (several seconds for the largest vocabularies, once: "
        "the map is kept); UMAP or t-SNE runs in the background and replaces it when done.",
        "모든 행을 2D 또는 3D로 투영합니다. PCA가 먼저 보이고(가장 큰 어휘는 처음 한 번 몇 초 걸리며, 지도는 저장됩니다), "
        "UMAP이나 t-SNE는 뒤에서 계산하다가 끝나면 PCA 대신 보입니다."),
    "token_map.table_label": ("Table", "테이블"),
    "token_map.method_label": ("Method", "투영 방법"),
    "token_map.dims_label": ("Dimensions", "차원"),
    "token_map.colour_label": ("Colour by", "색 기준"),
    "token_map.colour.category": ("token category", "토큰 범주"),
    "token_map.colour.norm": ("row norm", "행 노름"),
    "token_map.colour.id": ("row id", "행 id"),
    "token_map.colour.position": ("position", "위치"),
    "token_map.highlight_label": ("Highlight tokens", "강조할 토큰"),
    "token_map.highlight_label.position": ("Highlight positions", "강조할 위치"),
    "token_map.highlight_placeholder.position": ("0, 7, 100   or, as a regex, ^1\\d$",
                                                 "0, 7, 100   또는 정규 표현식으로 ^1\\d$"),
    "token_map.highlight_help.position": (
        "Positions (0-based) separated by commas, or a regular expression (RE2 syntax: no backreferences or "
        "lookaround) searched in each position's number.",
        "쉼표로 구분한 위치(0부터 셉니다)를 입력하세요. 또는 각 위치의 번호 안에서 찾을 정규 표현식(RE2 문법: "
        "역참조와 전후방 탐색은 안 됩니다)을 입력하세요."),
    "token_map.highlight_placeholder": ("cat, dog, tuesday   or, as a regex, {example}",
                                        "cat, dog, tuesday   또는 정규 표현식으로 {example}"),
    "token_map.highlight_help": (
        "Words separated by commas (case and the word-start markers ##, Ġ, ▁ ignored), or a regular expression "
        "(RE2 syntax: no backreferences or lookaround) searched in each token.",
        "쉼표로 구분한 단어들을 입력하세요(대소문자와 단어 시작 표시 ##, Ġ, ▁는 무시합니다). 또는 각 토큰 안에서 "
        "찾을 정규 표현식을 입력하세요(RE2 문법: 역참조와 전후방 탐색은 쓸 수 없습니다)."),
    "token_map.regex_label": ("regular expression", "정규 표현식"),
    "token_map.undertrained_label": ("mark under-trained candidates", "덜 학습된 토큰 후보 표시"),
    "token_map.undertrained_help": (
        "Highlight the rows at or below the 2nd percentile of Land & Bartolo's (2024) indicator, as on the "
        "Under-trained tokens page (its automatic indicator choice).",
        "Land & Bartolo(2024)의 지표로 하위 2백분위수 이하인 행을 강조합니다. '덜 학습된 토큰' 페이지와 같은 "
        "기준입니다(지표는 그 페이지처럼 자동으로 고릅니다)."),
    "token_map.umap_expander": ("Seed and UMAP parameters", "시드와 UMAP 파라미터"),
    # The checkbox seeds UMAP and t-SNE alike; {threads} is a seeded t-SNE's fixed thread count.
    "token_map.seeded_label": ("reproducible map (seeded)", "재현 가능한 지도(시드 고정)"),
    "token_map.seeded_help": (
        "On: UMAP (umap-learn) and t-SNE (openTSNE) run seeded, UMAP on one thread and t-SNE on {threads}, and "
        "the same seed always gives the same map. Off: they run on every core, usually faster when the machine "
        "has cores to spare, but each new computation gives another layout (the one computed is cached and shown "
        "again).",
        "켜면: UMAP(umap-learn)과 t-SNE(openTSNE)가 시드를 고정해 계산합니다. UMAP은 스레드 하나로, t-SNE는 "
        "스레드 {threads}개로 계산하며, 같은 시드는 언제나 같은 지도를 줍니다. 끄면: 모든 코어를 써서 한가한 "
        "코어가 있으면 대개 더 빠르지만, 새로 계산할 때마다 배치가 달라집니다(계산한 배치는 캐시에 저장해 다시 "
        "보여 줍니다)."),
    "token_map.seed_label": ("seed", "시드"),
    "token_map.seed_help": (
        "UMAP's and t-SNE's random_state (when reproducible): the same seed gives the same map.",
        "UMAP과 t-SNE의 random_state입니다(재현 가능할 때). 같은 시드는 같은 지도를 줍니다."),
    "token_map.n_neighbors_help": ("UMAP's neighbourhood size: larger keeps more of the global structure.",
                                   "UMAP의 이웃 크기입니다. 클수록 전체 구조를 더 많이 지킵니다."),
    "token_map.min_dist_help": ("UMAP's minimum distance between points: smaller packs clusters tighter.",
                                "UMAP에서 점 사이의 최소 거리입니다. 작을수록 군집이 더 촘촘하게 모입니다."),
    "token_map.umap_failed": ("{failure}. Showing PCA instead.", "{failure}. 대신 PCA를 보여 줍니다."),
    # {checkbox} and {expander} are token_map.seeded_label and token_map.umap_expander, in the same language.
    "token_map.umap_unseeded_hint": (
        " Maps that need not repeat exactly are faster with \"{checkbox}\" off (under \"{expander}\"); "
        "a fit already running finishes first.",
        " 똑같이 반복될 필요가 없는 지도라면 \"{expander}\" 아래의 \"{checkbox}\" 항목의 체크를 해제하면 더 "
        "빠릅니다. 이미 돌고 있는 계산은 먼저 끝납니다."),
    "token_map.undertrained_failed": ("Under-trained candidates cannot be marked: {error}",
                                      "덜 학습된 토큰 후보를 표시할 수 없습니다: {error}"),
    "token_map.axis_pc": ("PC{n} ({share:.1%} of variance)", "PC{n} (설명된 분산 {share:.1%})"),
    "token_map.chart_title": ("{method} of the {table} table of {name} ({rows:,} x {cols:,})",
                              "{name}의 {table} 테이블, {method} ({rows:,} x {cols:,})"),
    "token_map.drawn_caption": ("**Drawn:** {drawn}.  \n**Computed:** {computed}.",
                                "**그린 점:** {drawn}.  \n**계산:** {computed}."),
    "token_map.note": ("Note: {note}.", "참고: {note}."),
    "token_map.matches.many": ("**{count:,}** rows match the highlight: {shown}",
                          "강조 검색어에 맞는 행은 **{count:,}**개입니다: {shown}"),
    "token_map.matches.one": ("**1** row matches the highlight: {shown}",
                              "강조 검색어에 맞는 행은 **1**개입니다: {shown}"),
    "token_map.no_matches": ("**{count:,}** rows match the highlight.",
                             "강조 검색어에 맞는 행은 **{count:,}**개입니다."),
    "token_map.undertrained_marked": (
        "**{count:,}** under-trained candidates marked ({indicator} at or below {threshold:.4f}); the list is on "
        "the Under-trained tokens page.",
        "덜 학습된 토큰 후보 **{count:,}**개를 표시했습니다({indicator} 값이 {threshold:.4f} 이하). "
        "목록은 '덜 학습된 토큰' 페이지에 있습니다."),
    "token_map.export": ("Export", "내보내기"),
    "token_map.download_csv": ("Coordinates of every row (CSV)", "모든 행의 좌표 (CSV)"),
    "token_map.download_projector": ("Table for the Embedding Projector (vectors.tsv + metadata.tsv, zip)",
                                     "Embedding Projector용 테이블 (vectors.tsv + metadata.tsv, zip)"),
    "token_map.link_caption": (
        "The link in the address bar reopens this view: checkpoint, table, method, parameters and highlight.",
        "주소창의 링크를 열면 이 화면이 그대로 다시 열립니다: 체크포인트, 테이블, 투영 방법, 파라미터, "
        "강조 검색어까지 같습니다."),
    # Nearest neighbours page.
    "neighbours.title": ("Nearest neighbours", "최근접 이웃"),
    "neighbours.caption": (
        "The rows of the token table (or of the output head, where the checkpoint stores one) nearest to a token, "
        "a word or a sum of them, searched over every row in the original d_model-dimensional space (not on the "
        "map).",
        "토큰, 단어, 또는 그 합에 가장 가까운 토큰 임베딩 테이블의 행을 찾습니다(체크포인트가 출력 헤드를 "
        "저장했다면 출력 헤드의 행도 찾을 수 있습니다). 지도 위가 아니라 원래의 d_model차원 공간에서 모든 행을 "
        "비교합니다."),
    "neighbours.query_label": ("Token, word or expression", "토큰, 단어 또는 식"),
    "neighbours.query_help": (
        "A word as it appears in running text (in GPT-2 and Llama-style vocabularies the word-initial token ␣king; "
        "split by the checkpoint's tokenizer if it is not one token), a token as the vocabulary spells or shows it "
        "(##ing, Ġking, ␣king), #id for a row, or terms joined by ' + ' and ' - ' (king - man + woman).",
        "실제 글에 쓰이는 단어를 입력하세요(GPT-2나 Llama 계열 어휘에서는 단어 첫머리 토큰 ␣king입니다. 토큰 "
        "하나가 아니면 체크포인트의 토크나이저로 나눕니다). 어휘에 적히거나 보이는 그대로의 토큰(##ing, Ġking, "
        "␣king), 행을 가리키는 #id, 또는 ' + '와 ' - '로 이은 항들(king - man + woman)도 됩니다."),
    "neighbours.table_label": ("Table", "테이블"),
    "neighbours.table.token": ("token table", "토큰 임베딩 테이블"),
    "neighbours.table.head": ("output head", "출력 헤드"),
    "neighbours.table.both": ("both, side by side", "둘 다 나란히"),
    "neighbours.table_help": (
        "Row i of the token table is how the model reads token i; row i of the output head is how it predicts "
        "token i (its logit is the dot product of that row with the last hidden state, plus a bias where the "
        "model has one).",
        "토큰 임베딩 테이블의 i번째 행은 모델이 토큰 i를 읽는 방식이고, 출력 헤드의 i번째 행은 토큰 i를 "
        "예측하는 방식입니다(토큰 i의 로짓은 그 행과 마지막 은닉 상태의 내적이고, 모델에 편향이 있으면 "
        "편향을 더합니다)."),
    "neighbours.side.token": ("Token table: how the model reads the token",
                              "토큰 임베딩 테이블: 모델이 토큰을 읽는 방식"),
    "neighbours.side.head": ("Output head: how it predicts it", "출력 헤드: 모델이 토큰을 예측하는 방식"),
    "neighbours.query_vector": ("Query vector: **{expression}**, each term's vector added with its sign.",
                                "검색 벡터: **{expression}**. 각 항의 벡터를 부호대로 더했습니다."),
    "neighbours.query_vector_head": (
        "Query vector: **{expression}**, each term's vector added with its sign (in the output head: the same "
        "terms' head rows).",
        "검색 벡터: **{expression}**. 각 항의 벡터를 부호대로 더했습니다(출력 헤드에서는 같은 항들의 헤드 행을 "
        "더합니다)."),
    "neighbours.left_out.many": ("{count} tokens of the query itself are left out of the results. Scores: {metric}.",
                            "검색어 자체의 토큰 {count}개는 결과에서 뺐습니다. 점수: {metric}."),
    "neighbours.left_out.one": ("1 token of the query itself is left out of the results. Scores: {metric}.",
                                "검색어 자체의 토큰 1개는 결과에서 뺐습니다. 점수: {metric}."),
    "neighbours.skipped.token": (
        "{count:,} all-zero rows of the token table have no cosine and were skipped.",
        "토큰 임베딩 테이블에서 모두 0인 행 {count:,}개는 코사인 유사도가 정의되지 않아 건너뛰었습니다."),
    "neighbours.skipped.head": (
        "{count:,} all-zero rows of the output head have no cosine and were skipped.",
        "출력 헤드에서 모두 0인 행 {count:,}개는 코사인 유사도가 정의되지 않아 건너뛰었습니다."),
    "neighbours.chart_title.token": ("Nearest to {expression} by {metric}",
                                     "{metric} 기준으로 {expression}에 가장 가까운 행"),
    "neighbours.chart_title.head": ("Nearest to {expression} by {metric}, output head",
                                    "{metric} 기준으로 {expression}에 가장 가까운 행, 출력 헤드"),
    "neighbours.shared": ("**{shared} of {total}** neighbours are in both lists.",
                          "이웃 **{total}개 중 {shared}개**가 두 목록에 모두 있습니다."),
    "neighbours.download_csv": ("Neighbour table (CSV)", "이웃 표 (CSV)"),
    # Similarity heatmap page.
    "similarity.title": ("Similarity heatmap", "유사도 히트맵"),
    "similarity.caption": (
        "How similar the token-table rows (or output-head rows, where the checkpoint stores a head) of chosen "
        "tokens or words are. Only these rows are compared, never the whole vocabulary.",
        "고른 토큰이나 단어의 토큰 임베딩 테이블 행이 서로 얼마나 비슷한지 보여 줍니다(체크포인트가 출력 헤드를 "
        "저장했다면 출력 헤드의 행도 볼 수 있습니다). 고른 행끼리만 비교하고, 어휘 전체는 비교하지 않습니다."),
    "similarity.terms_label": ("Tokens or words, separated by commas", "쉼표로 구분한 토큰 또는 단어"),
    "similarity.terms_help": (
        "Words as in running text (␣cat in GPT-2 and Llama-style vocabularies); a word that is several tokens is "
        "represented by the mean of their rows; ␣cat or Ġcat picks that token, #id a row.",
        "실제 글에 쓰이는 단어를 입력하세요(GPT-2나 Llama 계열 어휘에서는 ␣cat). 여러 토큰으로 나뉘는 단어는 "
        "그 행들의 평균으로 나타냅니다. ␣cat이나 Ġcat은 그 토큰을, #id는 그 행을 고릅니다."),
    "similarity.metric_help": (
        "cosine in [-1, 1]; dot product unbounded; centred cosine removes the mean row first.",
        "코사인 유사도는 [-1, 1] 범위이고, 내적은 범위가 정해져 있지 않습니다. 중심화 코사인 유사도는 먼저 "
        "평균 행을 뺍니다."),
    "similarity.table_label": ("Table", "테이블"),
    "similarity.table.token": ("token table (how the model reads a token)",
                               "토큰 임베딩 테이블(모델이 토큰을 읽는 방식)"),
    "similarity.table.head": ("output head (how it predicts it)", "출력 헤드(모델이 토큰을 예측하는 방식)"),
    "err.similarity_page.too_few": ("type at least two tokens or words, separated by commas",
                                    "토큰이나 단어를 쉼표로 구분해 두 개 이상 입력하세요"),
    "err.similarity_page.too_many": (
        "{count} terms is more than a readable heatmap holds; keep at most {limit}",
        "항이 {count}개로, 읽기 좋은 히트맵에 담기에는 너무 많습니다. {limit}개 이하로 줄이세요"),
    "err.similarity_page.too_few_known": (
        "only {count} of the terms has a row; type at least two that this vocabulary knows",
        "행이 있는 항이 {count}개뿐입니다. 이 어휘에 있는 항을 두 개 이상 입력하세요"),
    "similarity.left_out": ("Left out of the heatmap: {left_out}.", "히트맵에서 뺀 항: {left_out}."),
    "similarity.subtitle.head": ("output head rows; ", "출력 헤드의 행; "),
    "similarity.subtitle.terms": ("{count} terms", "항 {count}개"),
    "similarity.subtitle.mean": ("{term} = mean of {pieces}", "{term} = {pieces}의 평균"),
    "similarity.subtitle.one_token": ("; each term is one token", "; 각 항이 토큰 하나입니다"),
    "similarity.scale.dot": ("symmetric around 0, to the largest |value|", "0을 중심으로 대칭, 가장 큰 |값|까지"),
    "similarity.scale": ("Colour scale over {domain}: blue negative, white 0, red positive.",
                         "색 범위는 {domain}입니다. 파랑은 음수, 흰색은 0, 빨강은 양수입니다."),
    "similarity.download_csv": ("Matrix (CSV)", "행렬 (CSV)"),
    # Charts (dashboard.maps.chart, neighbours, similarity).
    "chart.token_map.title": ("Token map", "토큰 지도"),
    "chart.token_map.colour.category": ("token category", "토큰 범주"),
    "chart.token_map.colour.norm": ("row norm (L2)", "행 노름 (L2)"),
    "chart.token_map.colour.id": ("row id", "행 id"),
    "chart.token_map.tip.token": ("token", "토큰"),
    "chart.token_map.tip.raw": ("raw token", "저장된 토큰 문자열"),
    "chart.token_map.tip.norm": ("norm", "노름"),
    "chart.token_map.tip.category": ("category", "범주"),
    "chart.neighbours.title": ("Nearest neighbours by {label}", "{label} 기준 최근접 이웃"),
    "chart.neighbours.tip.token": ("token", "토큰"),
    "chart.neighbours.tip.norm": ("norm", "노름"),
    "chart.similarity.title": ("{label} between chosen terms", "고른 항 사이의 {label}"),
    "chart.similarity.tip.row": ("row", "행"),
    "chart.similarity.tip.column": ("column", "열"),
    "chart.similarity.undefined": ("n/a", "없음"),
    # Cached data and background UMAP and t-SNE (dashboard.maps.view_data, dashboard.maps.view_requests).
    "map_data.spinner.labelling": ("Labelling the rows ...", "행에 이름을 붙이는 중 ..."),
    "map_data.spinner.token_index": ("Indexing the token table ...", "토큰 임베딩 테이블을 색인하는 중 ..."),
    "map_data.spinner.head_index": ("Indexing the output head ...", "출력 헤드를 색인하는 중 ..."),
    "map_data.spinner.vocabulary": ("Indexing the vocabulary ...", "어휘를 색인하는 중 ..."),
    "map_data.spinner.pca": ("Computing PCA of every row ...", "모든 행의 PCA를 계산하는 중 ..."),
    "err.map_data.no_own_head": ("{name} stores no output head of its own ({tying})",
                                 "{name}에는 따로 저장된 출력 헤드가 없습니다({tying})"),
    # {method} is UMAP or t-SNE, the job's own method (the Korean avoids a particle right after it).
    "err.map_data.umap_failed": (
        "{method} failed unexpectedly ({error}); change a setting or reload to retry",
        "{method} 계산이 예기치 않게 실패했습니다(원문: {error}). 설정을 바꾸거나 페이지를 새로 고쳐 다시 시도하세요"),
    # {limit} comes from EXPLORER_LIVE_FIT_ROWS; the page adds "Showing PCA instead" (token_map.umap_failed).
    "err.map_data.live_fit_rows": (
        "This server computes a {method} for a page of at most {limit:,} rows ({env}), and this table has "
        "{rows:,}, so that one large map cannot keep everyone else's waiting. A map computed beforehand is shown "
        "at once: ask whoever runs the server to compute this one with python -m dashboard precompute (it has "
        "no such limit), or run the explorer on your own computer, where the limit is off unless set",
        "이 서버는 페이지에서 요청한 {method} 계산을 {limit:,}개 행까지만 합니다({env}). 이 테이블은 {rows:,}개 "
        "행이라서, 큰 지도 하나 때문에 다른 사람의 지도가 모두 기다리지 않도록 계산하지 않습니다. 미리 계산해 둔 "
        "지도는 바로 보여 줍니다. 서버 관리자에게 python -m dashboard precompute로 이 지도를 미리 계산해 달라고 "
        "요청하거나(여기에는 이 제한이 없습니다), 자기 컴퓨터에서 탐색기를 실행하세요(따로 설정하지 않으면 제한이 "
        "없습니다)"),
    # Spinners of the Compare and Under-trained tokens pages' cached results (dashboard.training.view_compare).
    "compare_frames.spinner.comparing": ("Aligning the two tables and comparing neighbours ...",
                                         "두 테이블을 맞추고 이웃을 비교하는 중 ..."),
    "compare_frames.spinner.undertrained": ("Scoring every row for under-training ...",
                                            "모든 행이 덜 학습되었는지 점수를 매기는 중 ..."),
}
