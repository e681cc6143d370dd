"""Messages of the Compare page, its analysis (dashboard.training.compare, checkpoint_compare) and its charts."""

MESSAGES = {
    # dashboard/training/checkpoint_compare.py
    "compare.table.token": ("token embedding", "토큰 임베딩"),
    "compare.table.position": ("position embedding", "위치 임베딩"),
    "compare.table.head": ("output head", "출력 헤드"),
    "compare.table_of": ("the {table} table of {name}", "{name}의 {table} 테이블"),
    "err.compare.unknown_table": ("unknown table {name}; choose one of {choices}",
                                  "알 수 없는 테이블 {name}입니다. 다음 중에서 고르세요: {choices}"),
    "err.compare.no_position": (
        "{name} has no position table ({kind}: {note}); compare the token table",
        "{name}에는 위치 임베딩 테이블이 없습니다({kind}: {note}). 토큰 임베딩 테이블을 비교하세요."),
    "err.compare.no_head": ("{name} has no output head ({tying}); compare the token table",
                            "{name}에는 출력 헤드가 없습니다({tying}). 토큰 임베딩 테이블을 비교하세요."),
    "note.compare.tied_head": (
        "{name} has no separate output head ({tying}), so its token embedding table is compared as its head",
        "{name}에는 따로 저장된 출력 헤드가 없어서({tying}) 토큰 임베딩 테이블을 출력 헤드로 삼아 비교합니다"),
    "err.compare.vocab_sizes": (
        "the vocabularies differ: {a} has {a_rows:,} token rows and {b} has {b_rows:,}; only checkpoints that share "
        "a vocabulary (two steps of a run, a base model and its fine-tune) can be compared",
        "어휘가 다릅니다. {a}의 토큰 행은 {a_rows:,}개이고 {b}의 토큰 행은 {b_rows:,}개입니다. 어휘가 같은 "
        "체크포인트끼리만 비교할 수 있습니다(한 학습의 두 스텝, 또는 기본 모델과 그 파인튜닝 모델)."),
    "err.compare.vocab_tokens": (
        "the vocabularies differ: both tables have {rows:,} rows, but {differing:,} ids hold different tokens and "
        "the tokenizers have {a_tokens:,} and {b_tokens:,} tokens (first difference at id {first}: {a_token} vs "
        "{b_token}); compare checkpoints that share a tokenizer",
        "어휘가 다릅니다. 두 테이블 모두 행이 {rows:,}개이지만, 토큰 id {differing:,}개에 서로 다른 토큰이 있고 "
        "두 토크나이저의 토큰 수는 {a_tokens:,}개와 {b_tokens:,}개입니다(처음 다른 곳은 id {first}: {a_token} 대 "
        "{b_token}). 토크나이저가 같은 체크포인트끼리 비교하세요."),
    "err.compare.positions": (
        "{a} has {a_rows:,} positions and {b} has {b_rows:,}: position tables must have the same length to be "
        "compared",
        "{a}의 위치는 {a_rows:,}개이고 {b}의 위치는 {b_rows:,}개입니다. 위치 임베딩 테이블은 길이가 같아야 비교할 "
        "수 있습니다."),
    # dashboard/training/compare.py
    "err.compare.all_rows_equal": (
        "every row of {name} is the same (an all-zero table, as at step 0 of a run that starts its position table "
        "at zero): there is nothing to align; choose a later checkpoint",
        "{name}의 모든 행이 같습니다. 위치 임베딩 테이블을 0에서 시작하는 학습의 스텝 0처럼 모든 값이 0인 "
        "테이블입니다. 맞춰 정렬할 것이 없으니 더 뒤의 체크포인트를 고르세요."),
    "err.compare.cka_rows": ("CKA needs the same rows in both tables, got {a:,} and {b:,}",
                             "CKA는 두 테이블의 행이 같아야 합니다. 받은 행은 {a:,}개와 {b:,}개입니다."),
    "err.compare.cka_equal": ("CKA is undefined for a table whose rows are all equal; choose a trained checkpoint",
                              "모든 행이 같은 테이블에서는 CKA를 정의할 수 없습니다. 학습된 체크포인트를 고르세요."),
    "err.compare.rows": (
        "{a} has {a_rows:,} rows but {b} has {b_rows:,}: only tables of the same vocabulary (or the same "
        "positions) can be compared",
        "{a}의 행은 {a_rows:,}개인데 {b}의 행은 {b_rows:,}개입니다. 어휘(또는 위치)가 같은 테이블끼리만 비교할 수 "
        "있습니다."),
    "err.compare.too_few_rows": (
        "the tables have {rows} rows; the overlap of {k} nearest neighbours needs at least {needed}",
        "테이블의 행이 {rows}개뿐입니다. 최근접 이웃 {k}개의 겹침을 재려면 적어도 {needed}개가 필요합니다."),
    # pages/compare.py
    "compare.title": ("Compare two checkpoints", "두 체크포인트 비교"),
    "compare.caption": (
        "The checkpoint shown (B) beside another with the same vocabulary (A): two steps of one run, or a base "
        "model and its fine-tune. A is centred, rotated and scaled onto B by orthogonal Procrustes, so that what "
        "remains is how the rows lie relative to each other, not where the whole table sits, how it is turned or "
        "how large it is (a rotation of the table alone would change what the model computes: the weights that read "
        "it do not turn with it), then each row's drift, each row's 10 nearest neighbours and the tables' linear "
        "CKA are compared.",
        "지금 보고 있는 체크포인트(B)를 어휘가 같은 다른 체크포인트(A)와 나란히 놓습니다. 한 학습의 두 스텝이나, "
        "기본 모델과 그 파인튜닝 모델을 비교할 때 씁니다. 먼저 직교 프로크루스테스(orthogonal Procrustes)로 A를 "
        "B에 맞춥니다. 중심을 옮기고, 회전하고, 크기를 맞춥니다. 그러면 테이블 전체의 위치, 방향, 크기의 차이는 "
        "빠지고, 행들이 서로 어떻게 놓여 있는지의 차이만 남습니다(테이블만 회전하면 모델이 계산하는 것은 바뀝니다. "
        "테이블을 읽는 가중치는 함께 회전하지 않기 때문입니다). 그다음 행마다 얼마나 이동했는지, 행마다 최근접 이웃 10개가 얼마나 같은지, 두 테이블의 "
        "선형 CKA를 비교합니다."),
    "compare.other_path": ("another checkpoint (path) ...", "다른 체크포인트 (경로) ..."),
    "compare.with": ("Compare with (A)", "비교할 체크포인트 (A)"),
    "compare.with_help": (
        "Training snapshots of the bundled GPT (when shipped), the bundled checkpoints, or a checkpoint file or "
        "folder on the server's disk.",
        "함께 제공되는 GPT의 학습 스냅숏(있을 때), 함께 제공되는 모델, 또는 서버 디스크에 있는 체크포인트 "
        "파일이나 폴더입니다."),
    "compare.path_of_a": ("Path of A", "A의 경로"),
    "compare.table": ("Table", "테이블"),
    "compare.radio.token": ("token", "토큰"),
    "compare.radio.position": ("position", "위치"),
    "compare.radio.head": ("head", "출력 헤드"),
    "compare.type_path": ("Type the path of the checkpoint to compare with, then press Enter.",
                          "비교할 체크포인트의 경로를 입력하고 Enter를 누르세요."),
    "compare.same_checkpoint": (
        "A is the checkpoint shown: choose another checkpoint to compare it with (a training snapshot, another "
        "bundled model with the same vocabulary, or a path).",
        "A가 지금 보고 있는 체크포인트와 같습니다. 비교할 다른 체크포인트를 고르세요. 학습 스냅숏, 어휘가 같은 "
        "다른 함께 제공되는 모델, 또는 경로를 고를 수 있습니다."),
    "compare.no_upload": (
        "An uploaded file cannot be chosen here; open the upload as the checkpoint shown, and compare it with a "
        "checkpoint on the server's disk.",
        "업로드한 파일은 여기서 고를 수 없습니다. 업로드한 파일을 보고 있는 체크포인트로 열고, 서버 디스크에 있는 "
        "체크포인트와 비교하세요."),
    "compare.ab_line": ("**A** = {a}, **B** = {b}: the {table} tables, {rows:,} rows each.",
                        "**A** = {a}, **B** = {b}: 두 {table} 테이블, 각각 {rows:,}개 행."),
    "compare.metric.rows": ("rows", "행 수"),
    "compare.metric.residual": ("Procrustes residual", "프로크루스테스 잔차"),
    "compare.metric.residual_help": (
        "||s A R - B||_F / ||B||_F after centring both, the best rotation R and scale s: 0 when A is a rotated, "
        "scaled, shifted copy of B, 1 when A explains none of B.",
        "둘 다 중심을 옮긴 뒤 가장 잘 맞는 회전 R과 크기 s로 구한 ||s A R - B||_F / ||B||_F 값입니다. A가 B를 "
        "회전하고 크기를 바꾸고 옮긴 복사본이면 0이고, A가 B를 전혀 설명하지 못하면 1입니다."),
    "compare.metric.cka": ("linear CKA", "선형 CKA"),
    "compare.metric.cka_help": (
        "Kornblith et al. 2019: 1 when the tables are the same up to rotation, scale and shift; near 0 for "
        "unrelated tables with many more rows than columns.",
        "Kornblith 외(2019)의 척도입니다. 두 테이블이 회전, 크기, 이동만 다를 때 1입니다. 서로 관계없는 "
        "테이블이고 행이 열보다 훨씬 많으면 0에 가깝습니다."),
    "compare.metric.overlap": ("10-NN overlap", "10-NN 이웃 겹침"),
    "compare.metric.overlap_help": (
        "Mean over rows of the share of a row's 10 nearest rows (centred cosine) that are the same in A and B.",
        "한 행의 가장 가까운 행 10개(중심화 코사인 유사도 기준) 중 A와 B에서 같은 것의 비율을 모든 행에 "
        "걸쳐 평균 낸 값입니다."),
    # {share} is a fraction (shown as a percentage), {every} and {none} are whole numbers of rows, {chance} is in %.
    "compare.summary": (
        "After alignment the difference left is {residual:.1%} of B's size (Frobenius norm, both centred). On "
        "average {share:.1%} of a row's {k} nearest rows are the same in A and B, over {rows:,} {sample}: "
        "{every:,} of these {rows:,} rows share all {k}, {none:,} share none. Two tables with unrelated neighbours "
        "would share about {chance:.2g}%.",
        "맞춰 정렬한 뒤에 남은 차이는 B 크기의 {residual:.1%}입니다(프로베니우스 노름, 둘 다 중심을 옮긴 뒤). "
        "{rows:,}개 {sample}에서 보면, 한 행의 가장 가까운 행 {k}개 중 평균 {share:.1%}가 A와 B에서 같습니다. "
        "{rows:,}개 행 중 {every:,}개는 {k}개가 모두 같고, {none:,}개는 하나도 같지 않습니다. 이웃이 서로 관계없는 "
        "두 테이블이라면 약 {chance:.2g}%가 같을 것입니다."),
    "compare.sampled": ("rows sampled uniformly", "행(균일하게 뽑은 표본)"),
    "compare.all_rows": ("rows (all)", "행 전체"),
    "compare.maps_title": ("{table} tables on B's first two principal components",
                           "B의 처음 두 주성분 위에 놓은 두 {table} 테이블"),
    "compare.maps_drawn": (
        "A rotated onto B (centred, scaled to the same size); {drawn:,} of {rows:,} rows drawn",
        "A를 B에 맞춰 회전했습니다(중심을 옮기고 같은 크기로 맞춤). {rows:,}개 행 중 {drawn:,}개를 그렸습니다."),
    "compare.maps_marked": ("in red and named: the {marked} rows that moved most after alignment",
                            "빨간색에 이름이 붙은 점: 정렬한 뒤 가장 많이 이동한 {marked}개 행"),
    "compare.drift_title": ("The {count} rows that moved most (A aligned onto B)",
                            "가장 많이 이동한 {count}개 행 (A를 B에 맞춘 뒤)"),
    "compare.overlap_title": ("Rows by nearest neighbours shared (of {k})",
                              "공유하는 최근접 이웃 수({k}개 중)별 행 수"),
    "compare.drift_caption": (
        "Drift: a row's distance between A (aligned) and B, in units of B's root-mean-square row length (0: did not "
        "move; 1: moved as far as a typical row is long). The root mean square of all drifts is the Procrustes "
        "residual.",
        "이동 거리는 정렬한 A와 B에서 같은 행 사이의 거리입니다. 단위는 B의 행 길이의 제곱평균제곱근입니다. 0이면 "
        "움직이지 않았고, 1이면 보통 행의 길이만큼 움직였습니다. 모든 이동 거리의 제곱평균제곱근이 프로크루스테스 "
        "잔차입니다."),
    "compare.col.rank": ("rank", "순위"),
    "compare.col.id": ("id", "id"),
    "compare.col.token": ("token", "토큰"),
    "compare.col.position": ("position", "위치"),
    "compare.col.drift": ("drift", "이동 거리"),
    "compare.col.shared": ("nearest neighbours shared", "공유한 최근접 이웃"),
    # A printf format for Streamlit's NumberColumn: %d is the count of the row's {k} nearest neighbours shared.
    "compare.shared_format": ("%d of {k}", "{k}개 중 %d개"),
    "compare.download_movers": ("Largest movers (CSV)", "가장 많이 이동한 행 (CSV)"),
    "compare.cli": ("The same numbers from the command line: {command}.", "명령줄에서도 같은 숫자를 얻습니다: {command}."),
    # dashboard/training/compare_charts.py
    "chart.compare.pc1": ("PC1 of B", "B의 주성분 1"),
    "chart.compare.pc2": ("PC2 of B", "B의 주성분 2"),
    "chart.compare.token": ("token", "토큰"),
    "chart.compare.drift": ("drift", "이동 거리"),
    "chart.compare.position": ("position {position}", "위치 {position}"),
    "chart.compare.position_title": ("position", "위치"),
    "chart.compare.drift_axis": ("drift (units of B's root-mean-square row length)",
                                 "이동 거리 (단위: B의 행 길이 제곱평균제곱근)"),
    "chart.compare.shared_axis": ("nearest neighbours shared (of {k})", "공유하는 최근접 이웃 수 ({k}개 중)"),
    "chart.compare.shared": ("shared", "공유 수"),
    "chart.compare.rows": ("rows", "행 수"),
    "chart.compare.start": ("start", "구간 시작"),
    "chart.compare.stop": ("stop", "구간 끝"),
    "chart.compare.threshold": ("threshold", "문턱값"),
}
