"""Messages of the tables' contract, weight tying, parameter accounting and token categories (helper "start")."""

MESSAGES = {
    # dashboard/tables.py: position kinds, tying labels, table names, errors
    "tables.position_kind.learned": ("learned", "학습된 위치 임베딩"),
    "tables.position_kind.sinusoidal": ("sinusoidal", "사인파 위치 인코딩"),
    "tables.position_kind.rotary": ("rotary", "회전 위치 임베딩(RoPE)"),
    "tables.position_kind.relative": ("relative", "상대 위치 편향"),
    "tables.position_kind.none": ("none", "위치 정보 없음"),
    "tables.tying.tied_shared": ("tied (shared storage)", "공유됨(저장 공간을 함께 씀)"),
    "tables.tying.tied_implied": ("tied (head absent, implied)", "공유됨(헤드가 따로 저장되지 않아 공유로 봄)"),
    "tables.tying.tied_equal_copy": ("tied (equal copy)", "공유됨(같은 값의 사본)"),
    "tables.tying.untied": ("untied", "공유되지 않음"),
    "tables.tying.no_head": ("no head", "출력 헤드 없음"),
    "tables.tying.head_missing": ("head missing", "출력 헤드 빠짐"),
    "tables.name.token": ("token", "토큰 임베딩"),
    "tables.name.position": ("position", "위치 임베딩"),
    "tables.name.token_type": ("token-type", "토큰 타입 임베딩"),
    "tables.name.output_head": ("output head", "출력 헤드"),
    "err.tables.too_many_rows": (
        "the {name} table has {rows:,} rows (shape {shape}); this explorer reads at most {limit:,}, 16 times the "
        "largest vocabularies of today's models. Check that the file is a table of one row per token.",
        "{name} 테이블의 행이 {rows:,}개입니다(모양 {shape}). 이 탐색기는 오늘날 모델의 가장 큰 어휘의 16배인 "
        "{limit:,}행까지만 읽습니다. 파일이 토큰마다 행이 하나인 테이블인지 확인하세요."),
    "err.tables.too_many_columns": (
        "the {name} table has {columns:,} columns; this explorer reads at most {limit:,}, 4 times "
        "the widest models of today (d_model 16,384). Check that each line or row of the file is one token's vector.",
        "{name} 테이블의 열이 {columns:,}개입니다. 이 탐색기는 오늘날 가장 넓은 모델(d_model 16,384)의 "
        "4배인 {limit:,}열까지만 읽습니다. 파일의 줄이나 행 하나가 토큰 하나의 벡터인지 확인하세요."),
    "err.tables.rank": ("the {name} table must have {rank} axes, got shape {shape}",
                        "{name} 테이블은 축이 {rank}개여야 하는데, 모양이 {shape}입니다"),
    "err.tables.empty": ("the {name} table is empty (shape {shape})", "{name} 테이블이 비어 있습니다 (모양 {shape})"),
    "err.tables.not_finite": (
        "the {name} table has {count} rows with NaN or Inf values (rows {rows}); "
        "the checkpoint is damaged or was saved mid-divergence: use an earlier checkpoint",
        "{name} 테이블에 NaN이나 Inf 값이 든 행이 {count}개 있습니다 (행 {rows}). 체크포인트가 손상되었거나 "
        "학습이 발산하는 중에 저장된 것입니다. 더 이른 체크포인트를 쓰세요"),
    "err.tables.width": ("the {name} table has d_model={width} but the token table has d_model={d_model}",
                         "{name} 테이블은 d_model={width}인데, 토큰 임베딩 테이블은 d_model={d_model}입니다"),
    "err.tables.vocabulary_too_long": (
        "the tokenizer has {tokens} tokens but the token table has only {rows} rows; "
        "the tokenizer belongs to another model",
        "토크나이저의 토큰은 {tokens}개인데 토큰 임베딩 테이블의 행은 {rows}개뿐입니다. 다른 모델의 토크나이저입니다"),
    "err.tables.vocabulary_lengths": ("vocabulary has {raw} raw strings but {display} display strings",
                                      "어휘의 저장된 문자열은 {raw}개인데 화면용 문자열은 {display}개입니다"),
    # dashboard/checkpoints/tying.py: the evidence behind each verdict
    "tying.the_config": ("the config", "설정"),
    "tying.class_default": (
        "transformers' {config_class}, by default (config.json does not set tie_word_embeddings),",
        "transformers의 {config_class} 기본값(config.json에는 tie_word_embeddings가 없습니다)"),
    "tying.shared": ("{head} and {token} are one stored tensor (same storage)",
                     "{head}와(과) {token}은(는) 저장된 텐서 하나입니다 (같은 저장 공간)"),
    "tying.implied": ("the model class needs an output head but the checkpoint stores none; it reuses {token}",
                      "이 모델 구조에는 출력 헤드가 있어야 하는데 체크포인트에는 없습니다. 그래서 {token}을(를) 다시 씁니다"),
    "tying.head_missing": (
        "{source} sets tie_word_embeddings=false, so the model has an output head of its own, but the checkpoint "
        "stores no {head}: the head's weights are missing (transformers would start it from random values)",
        "{source}에 tie_word_embeddings=false라고 되어 있어 이 모델에는 따로 된 출력 헤드가 있어야 하는데, "
        "체크포인트에는 {head}이(가) 없습니다. 헤드의 가중치가 빠져 있습니다(transformers는 헤드를 무작위 값으로 "
        "시작합니다)"),
    "tying.no_head": ("the checkpoint has no output head (an encoder or base model)",
                      "체크포인트에 출력 헤드가 없습니다 (인코더나 기본 모델입니다)"),
    "tying.shapes_differ": ("{head} has shape {head_shape}, {token} has shape {token_shape}",
                            "{head}의 모양은 {head_shape}, {token}의 모양은 {token_shape}입니다"),
    "tying.values_differ": ("{head} differs from {token}: largest absolute difference {diff:.4g}",
                            "{head}와(과) {token}은(는) 값이 다릅니다. 가장 큰 절댓값 차이는 {diff:.4g}입니다"),
    "tying.config_disagrees": ("the config says tie_word_embeddings={flag}, but the tensors show {label}",
                               "설정에는 tie_word_embeddings={flag}라고 되어 있지만, 텐서를 보면 {label}입니다"),
    "tying.equal_but_flag_false": (
        "{head} is stored separately and equals {token} exactly today, but {source} sets "
        "tie_word_embeddings=false, so transformers builds two independent matrices that only hold equal values now "
        "(a change to one leaves the other as it is)",
        "{head}은(는) 따로 저장되어 있고 지금은 {token}와(과) 값이 똑같습니다. 하지만 {source}에 "
        "tie_word_embeddings=false라고 되어 있어 transformers는 서로 독립인 행렬 두 개를 만듭니다. 지금만 값이 "
        "같을 뿐, 하나를 바꿔도 다른 하나는 그대로입니다"),
    "tying.equal_and_flag_true": (
        "{head} is stored separately and equals {token} exactly, and {source} sets tie_word_embeddings=true, "
        "so transformers uses one matrix for both: one matrix saved twice",
        "{head}은(는) 따로 저장되어 있고 {token}와(과) 값이 똑같습니다. {source}에 tie_word_embeddings=true라고 되어 "
        "있어 transformers는 행렬 하나를 둘 다에 씁니다. 한 행렬을 두 번 저장한 것입니다"),
    "tying.equal_no_flag": (
        "{head} is stored separately and equals {token} exactly; no config sets tie_word_embeddings, and equal "
        "values alone cannot tell one tied matrix saved twice from two independent matrices that are equal now "
        "(counted once, as a tie would be)",
        "{head}은(는) 따로 저장되어 있고 {token}와(과) 값이 똑같습니다. tie_word_embeddings를 정한 설정이 없고, 값이 "
        "같다는 것만으로는 공유된 행렬 하나를 두 번 저장한 것인지, 지금 우연히 같은 독립 행렬 두 개인지 알 수 "
        "없습니다 (공유일 때처럼 한 번만 셉니다)"),
    # dashboard/analysis/accounting.py: the accounting rows and the spec errors
    "acct.row.token": ("token embedding", "토큰 임베딩"),
    "acct.row.position": ("position embedding", "위치 임베딩"),
    "acct.row.token_type": ("token-type embedding", "토큰 타입 임베딩"),
    "acct.row.output_head": ("output head", "출력 헤드(lm_head)"),
    "acct.row.embeddings": ("input embeddings together", "입력 임베딩 합계"),
    "acct.row.other": ("everything else", "나머지 전부"),
    "acct.row.total": ("total", "전체"),
    "acct.note.head_tied": ("tied: reuses the token table, 0 extra",
                            "공유됨: 토큰 임베딩 테이블을 다시 쓰므로 추가 파라미터는 0입니다"),
    "acct.note.head_untied": ("untied: its own matrix", "공유되지 않음: 자기 행렬을 따로 가집니다"),
    "acct.note.no_head": ("no output head", "출력 헤드가 없습니다"),
    "acct.note.head_tied_copy": ("stored again with the token table's values: counted once, as a tie",
                                 "토큰 임베딩 테이블과 같은 값으로 한 번 더 저장되어 있습니다. 공유로 보고 한 번만 셉니다"),
    "acct.note.head_untied_equal": ("untied: its own matrix, currently equal to the token table",
                                    "공유되지 않음: 자기 행렬이지만 지금은 토큰 임베딩 테이블과 값이 같습니다"),
    "acct.note.no_position": ("no position table", "위치 임베딩 테이블이 없습니다"),
    "acct.note.position_offset": ("{n_positions:,} positions and {offset} rows stored before position 0",
                                  "위치 {n_positions:,}개, 그리고 위치 0 앞에 저장된 행 {offset}개"),
    "acct.note.no_token_type": ("no token-type table", "토큰 타입 임베딩 테이블이 없습니다"),
    # "input tables", not "receives": BERT's first block receives the LayerNorm of the sum.
    "acct.note.embeddings.token_position_type": (
        "token + position + token-type: the first block's input tables",
        "토큰 + 위치 + 토큰 타입: 첫 번째 블록의 입력 테이블"),
    "acct.note.embeddings.token_position": ("token + position: the first block's input tables",
                                            "토큰 + 위치: 첫 번째 블록의 입력 테이블"),
    "acct.note.embeddings.token_type": ("token + token-type: the first block's input tables",
                                        "토큰 + 토큰 타입: 첫 번째 블록의 입력 테이블"),
    "acct.note.embeddings.token": ("the token table alone: its row is the first block's input",
                                   "토큰 임베딩 테이블만: 그 행이 첫 번째 블록의 입력입니다"),
    "acct.note.total_unknown": ("total unknown", "전체 파라미터 수를 모릅니다"),
    "acct.unknown": ("unknown", "알 수 없음"),
    "err.acct.bad_head": ("head must be tied, untied or none, got {value}",
                          "head는 tied, untied, none 중 하나여야 합니다. 받은 값: {value}"),
    "err.acct.not_key_value": ("spec item {item} is not key=value", "스펙 항목 {item}이(가) key=value 꼴이 아닙니다"),
    "err.acct.not_whole": ("{field} must be a whole number, got {value}", "{field}은(는) 정수여야 합니다. 받은 값: {value}"),
    "err.acct.negative": ("{field} must not be negative, got {value}", "{field}은(는) 음수일 수 없습니다. 받은 값: {value}"),
    "err.acct.bad_tied": ("tied must be true or false, got {value}",
                          "tied는 true 또는 false여야 합니다. 받은 값: {value}"),
    "err.acct.unknown_key": ("unknown spec key {field}; known: {known}",
                             "모르는 스펙 키 {field}입니다. 쓸 수 있는 키: {known}"),
    "err.acct.missing": ("the spec needs {keys}, e.g. vocab_size=8449,d_model=768",
                         "스펙에 {keys}이(가) 있어야 합니다. 예: vocab_size=8449,d_model=768"),
    "err.acct.not_positive": ("vocab_size and d_model must be positive", "vocab_size와 d_model은 양수여야 합니다"),
    "err.acct.total_too_small": (
        "total_parameters={total:,} is smaller than the embedding tables alone ({tables:,})",
        "total_parameters={total:,}이(가) 임베딩 테이블만의 파라미터 수({tables:,})보다 작습니다"),
    # dashboard/charts/norms.py
    "charts.norms.title": ("Row norms of the token table", "토큰 임베딩 테이블의 행 노름"),
    "charts.norms.x": ("L2 norm of row", "행의 L2 노름"),
    "charts.norms.rows": ("rows", "행 수"),
    "charts.norms.from": ("from", "시작"),
    "charts.norms.to": ("to", "끝"),
    # dashboard/analysis/token_categories.py: category names as a page shows them (the data keeps the English)
    "categories.padding_row": ("padding row", "채움 행"),
    "categories.reserved_token": ("reserved token", "예약 토큰"),
    "categories.special": ("special", "특수 토큰"),
    "categories.byte": ("byte", "바이트"),
    "categories.number": ("number", "숫자"),
    "categories.punctuation": ("punctuation", "문장 부호"),
    "categories.non_latin": ("non-Latin script", "라틴 문자가 아닌 글자"),
    "categories.word_piece": ("word piece", "단어 조각"),
    "categories.whole_word": ("whole word", "온전한 단어"),
    "categories.unknown": ("unknown", "알 수 없음"),
}
