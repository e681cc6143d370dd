"""Messages of the Overview and Load pages and their frames (helper "start")."""

MESSAGES = {
    # pages/overview.py and dashboard/ui/overview_frames.py
    "overview.title": ("Overview: {name}", "개요: {name}"),
    "overview.caption": ("{format} · architecture {architecture} · stored as {dtype} · read from {source}",
                         "{format} · 구조 {architecture} · 저장 형식 {dtype} · 읽은 곳 {source}"),
    "overview.none": ("none", "없음"),
    "overview.none_context": ("none (context {context})", "없음(컨텍스트 {context})"),
    "overview.n_positions_help": (
        "Rows of the learned position table. A model without one (rotary, relative) shows the context length "
        "its config gives, when it gives one.",
        "학습된 위치 임베딩 테이블의 행 수입니다. 이 테이블이 없는 모델(회전, 상대 위치)은 설정 파일에 컨텍스트 길이가 "
        "있으면 그 값을 보여 줍니다."),
    "overview.total_parameters": ("total parameters", "전체 파라미터 수"),
    "overview.parameters": ("Where the parameters are", "파라미터는 어디에 있을까요"),
    "overview.col.component": ("component", "구성 요소"),
    "overview.col.shape": ("shape", "모양"),
    "overview.col.parameters": ("parameters", "파라미터 수"),
    "overview.col.share": ("share of all parameters", "전체 중 비율"),
    "overview.col.note": ("note", "설명"),
    "overview.tying": ("Weight tying", "가중치 공유(weight tying)"),
    "overview.tying_verdict": ("**{label}**: {evidence}.", "**{label}**: {evidence}."),
    "overview.note_sentence": ("Note: {note}.", "참고: {note}."),
    "overview.note": ("Note: {note}", "참고: {note}"),
    "overview.positions": ("Positions", "위치 임베딩"),
    "overview.position_line": ("**{kind}** — {note}.", "**{kind}** — {note}."),
    "overview.norms": ("Row norms of the token table", "토큰 임베딩 테이블의 행 노름"),
    "overview.norms.empty": ("The table has no token rows to measure.", "이 테이블에는 잴 토큰 행이 없습니다."),
    "overview.norms.caption": (
        "How long each token's vector is (L2 norm): median {median:.3g}, 90% of the {rows:,} rows between "
        "{low:.3g} and {high:.3g}. In some trained models rarely seen tokens keep a norm near the one they "
        "started with, and tokens training never touched form a separate spike; the histogram alone cannot "
        "tell which rows those are here.",
        "각 토큰 벡터의 길이(L2 노름)입니다. 중앙값은 {median:.3g}이고, {rows:,}개 행 가운데 90%가 "
        "{low:.3g}에서 {high:.3g} 사이에 있습니다. 학습된 모델 중에는 드물게 나온 토큰이 처음 값에 가까운 노름을 "
        "그대로 지니고, 학습 중 한 번도 쓰이지 않은 토큰이 따로 뾰족한 봉우리를 이루는 경우가 있습니다. 하지만 "
        "히스토그램만으로는 여기서 어느 행이 그런지 알 수 없습니다."),
    "overview.padding_rows": (
        "{count:,} padding rows past the vocabulary (ids {first:,} to {last:,}) have no token and are not "
        "counted in the histogram.",
        "어휘 뒤에 붙은 채움 행 {count:,}개(id {first:,}부터 {last:,}까지)에는 토큰이 없어서 히스토그램에 넣지 "
        "않았습니다."),
    # pages/load.py, dashboard/ui/load_actions.py and dashboard/ui/load_frames.py
    "load.title": ("Load a checkpoint", "체크포인트 불러오기"),
    "load.formats": ("Readable formats: {formats}. Any of them may also come as a .zip of its file or folder.",
                     "읽을 수 있는 형식: {formats}. 어느 형식이든 파일이나 폴더를 .zip으로 묶어도 됩니다."),
    # Between two formats: names such as "state dict" and "Embedding Projector" stay in Latin letters, and a
    # Korean list of them reads best with a middle dot.
    "load.formats_separator": ("; ", " · "),
    "load.upload": ("Upload", "업로드"),
    "load.upload_files": ("Checkpoint files", "체크포인트 파일"),
    "load.uploader_button": ("Upload", "파일 업로드"),
    "load.uploader_limit": ("{limit_mb:,}MB per file", "파일당 {limit_mb:,}MB"),
    "load.upload_help": (
        "One checkpoint file, several files of one model folder (config.json, weights, tokenizer), "
        "or a .zip of the folder.",
        "체크포인트 파일 하나, 한 모델 폴더의 여러 파일(config.json, 가중치, 토크나이저), 또는 그 폴더를 묶은 "
        ".zip 파일을 올리세요."),
    "load.upload_limit": ("Upload limit: **{limit_mb:,} MB per file**. {rules}",
                          "업로드 한도: **파일당 {limit_mb:,} MB**. {rules}"),
    # The settings behind what the page says, by name, folded away: a student cannot change them.
    "load.teacher": ("For the teacher", "교사용"),
    "load.teacher.intro": (
        "What this page allows is set by whoever runs the server (the README explains each setting):",
        "이 페이지에서 할 수 있는 일은 서버를 실행하는 사람이 정합니다(설정마다 README에 설명이 있습니다):"),
    "load.teacher.upload_limit": (
        "upload limit per file: `server.maxUploadSize` = {limit_mb:,} MB (in `.streamlit/config.toml`, or "
        "`STREAMLIT_SERVER_MAX_UPLOAD_SIZE`)",
        "파일당 업로드 한도: `server.maxUploadSize` = {limit_mb:,} MB (`.streamlit/config.toml`에서, 또는 "
        "`STREAMLIT_SERVER_MAX_UPLOAD_SIZE`로)"),
    "load.uploads_impossible": (
        "Uploads cannot be stored: this server has no writable temporary folder. To fix: {advice}.",
        "업로드한 파일을 저장할 수 없습니다. 이 서버에는 쓸 수 있는 임시 폴더가 없습니다. 고치는 방법: {advice}."),
    "load.open_uploads": ("Open the uploaded files", "업로드한 파일 열기"),
    "load.local_path": ("Local path", "로컬 경로"),
    "load.paths_off": (
        "Server paths are off on this server: open a bundled checkpoint or upload the files.",
        "이 서버에서는 서버 경로가 꺼져 있습니다. 함께 제공되는 체크포인트를 열거나 파일을 업로드하세요."),
    "load.path_inside": ("File or folder inside {folder}", "{folder} 안의 파일이나 폴더"),
    "load.path_on_server": ("File or folder on the server", "서버에 있는 파일이나 폴더"),
    "load.path_help": ("For checkpoints larger than the upload limit; the sidebar's path field does the same.",
                       "업로드 한도보다 큰 체크포인트에 씁니다. 사이드바의 경로 칸도 같은 일을 합니다."),
    "load.open_path": ("Open path", "경로 열기"),
    "load.hub_off_here": (
        "fetching from the Hub is off on this server (it opens only some of its folders, and the Hub's cache is "
        "not one of them); upload the model's files instead",
        "이 서버에서는 Hub에서 내려받기가 꺼져 있습니다 (이 서버는 일부 폴더만 여는데, Hub 캐시는 거기에 들지 "
        "않습니다). 대신 모델 파일을 업로드하세요"),
    "load.hub_off_info": (
        "Fetching from the Hub is off on this server (it opens only some of its folders, and the Hub's cache is "
        "not one of them); upload the model's files instead.",
        "이 서버에서는 Hub에서 내려받기가 꺼져 있습니다 (이 서버는 일부 폴더만 여는데, Hub 캐시는 거기에 들지 "
        "않습니다). 대신 모델 파일을 업로드하세요."),
    "load.hub_unreachable": ("Models cannot be fetched by id here: {reason}. Instead, {advice}.",
                             "여기서는 id로 모델을 내려받을 수 없습니다: {reason}. 대신 이렇게 하세요: {advice}."),
    "load.model_id": ("Model id", "모델 id"),
    "load.model_id_help": (
        "Fetches the config, tokenizer and weights (not the whole repository) into the hub cache.",
        "설정, 토크나이저, 가중치만 (저장소 전체가 아니라) Hub 캐시로 내려받습니다."),
    "load.fetch": ("Fetch and open", "내려받아 열기"),
    "load.fetch_failed": ("Could not fetch {repo_id}: {reason}", "{repo_id}을(를) 내려받을 수 없습니다: {reason}"),
    "load.arrays_of": ("Arrays of {name}", "{name}의 배열"),
    "load.token_array": ("Token table", "토큰 임베딩 테이블"),
    "load.position_array": ("Position table", "위치 임베딩 테이블"),
    "load.no_array": ("none", "없음"),
    "load.vocab_file": ("Vocabulary file (one token a line)", "어휘 파일 (한 줄에 토큰 하나)"),
    "load.use_arrays": ("Use these arrays", "이 배열 쓰기"),
    "load.what_was_read": ("What was read: {name}", "읽어 들인 내용: {name}"),
    "load.col.what": ("what", "항목"),
    "load.col.value": ("value", "값"),
    "load.col.setting": ("setting", "설정"),
    "load.col.id": ("id", "id"),
    "load.col.token": ("token", "토큰"),
    "load.col.stored_as": ("stored as", "저장된 형태"),
    "load.col.special": ("special", "특수 토큰"),
    "load.fact.format": ("format", "형식"),
    "load.fact.architecture": ("architecture", "구조"),
    "load.fact.dtype": ("stored dtype of the token table", "토큰 임베딩 테이블의 저장 dtype"),
    "load.fact.token_table": ("token table (vocab_size x d_model)", "토큰 임베딩 테이블 (vocab_size x d_model)"),
    "load.fact.position_table": ("position table (n_positions x d_model)",
                                 "위치 임베딩 테이블 (n_positions x d_model)"),
    "load.fact.tying": ("weight tying", "가중치 공유(weight tying)"),
    "load.fact.tokens": ("tokens with strings", "문자열이 있는 토큰"),
    "load.fact.no_strings": ("none: rows are shown as #id", "없음: 행을 #id로 보여 줍니다"),
    "load.fact.padding_rows": ("padding rows past the vocabulary (no token)", "어휘 뒤의 채움 행 (토큰 없음)"),
    "load.fact.reserved_tokens": ("reserved tokens like [unused0] (in the vocabulary; no text produces them)",
                                  "[unused0] 같은 예약 토큰 (어휘에는 있지만 어떤 텍스트에서도 나오지 않음)"),
    "load.fact.total": ("total parameters", "전체 파라미터 수"),
    # The evidence is a clause that starts in lower case (or with a tensor's name): a dash, not a full stop, before it.
    "load.tying": ("**Weight tying: {label}** — {evidence}.", "**가중치 공유(weight tying): {label}** — {evidence}."),
    "load.training": ("Training run (as saved in the checkpoint)", "학습 기록 (체크포인트에 저장된 그대로)"),
    "load.best_val_loss": ("{loss:.4f} nats per token on the validation split (perplexity {perplexity:,.2f})",
                           "검증 데이터에서 토큰당 {loss:.4f} nat (퍼플렉시티 {perplexity:,.2f})"),
    "load.token_strings": ("Token strings", "토큰 문자열"),
    "load.token_caption": (
        "{sample} As the tokenizer stores them and as the text they stand for (␣ is a space, ↵ a newline); "
        "special tokens are marked.",
        "{sample} 토크나이저가 저장한 형태와, 그 토큰이 나타내는 텍스트를 함께 보여 줍니다 (␣는 공백, ↵는 줄바꿈). "
        "특수 토큰은 따로 표시합니다."),
    "load.sample.all": ("All {count:,} tokens.", "토큰 {count:,}개 전부입니다."),
    "load.sample.head": ("A sample of {count} of {total:,} tokens: the first {head} (ids 0-{last_head}).",
                         "토큰 {total:,}개 중 {count}개를 골랐습니다: 처음 {head}개(id 0-{last_head})."),
    "load.sample.head_and_rest": (
        "A sample of {count} of {total:,} tokens: the first {head} (ids 0-{last_head}), then {rest} spread "
        "evenly from id {first_rest:,} to the last, {last:,}.",
        "토큰 {total:,}개 중 {count}개를 골랐습니다: 처음 {head}개(id 0-{last_head})와, id {first_rest:,}부터 "
        "마지막 {last:,}까지 고르게 뽑은 {rest}개입니다."),
}
