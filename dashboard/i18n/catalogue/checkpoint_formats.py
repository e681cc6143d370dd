"""Messages of the container formats' readers (dashboard/checkpoints): GGUF, nanoGPT, NumPy, pickles and TSV, state
dicts, torch files and the tensor store; the formats' names as the Load page lists them.
"""

MESSAGES = {
    # gguf_file.py
    "err.ckpt.gguf_decode": (
        "{name} cannot be read: its tensor {tensor!r} is damaged (cut short or changed on the way) or stored as "
        "{kind}, a type the gguf library cannot turn back into numbers; download or convert it again (as F16, F32 "
        "or Q8_0 if the type is the problem). Technical detail: {detail}",
        "{name}을(를) 읽을 수 없습니다. 텐서 {tensor!r}이(가) 손상되었거나(중간에 잘렸거나 옮기는 도중 바뀜), gguf "
        "라이브러리가 숫자로 되돌리지 못하는 {kind} 형식으로 저장되어 있습니다. 다시 내려받거나 다시 변환하세요"
        "(형식이 문제라면 F16, F32, Q8_0으로). (원문: {detail})"),
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
        "바뀌었거나, 이름만 .gguf인 다른 파일일 수 있습니다). 다시 내려받거나 다시 변환하세요. "
        "(원문: {detail})"),
    "err.ckpt.gguf_field": (
        "{name} is damaged: its metadata {field!r} is not readable text or is cut short; download or convert it "
        "again. Technical detail: {detail}",
        "{name}이(가) 손상되었습니다. 메타데이터 {field!r}이(가) 읽을 수 있는 글자가 아니거나 중간에 잘렸습니다. "
        "다시 내려받거나 다시 변환하세요. (원문: {detail})"),
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
        "again (uploading: choose both files in one upload)",
        "{name} 옆에 meta.pkl도 토크나이저도 없어서 행을 #id로 보여 줍니다. 데이터셋의 meta.pkl "
        "(prepare.py가 만든 data/<dataset>/meta.pkl)이나 tokenizer.json을 {name}의 폴더에 넣고 다시 여세요"
        "(올리는 경우에는 두 파일을 한 번에 함께 고르세요)."),
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
        "{name}은(는) 읽을 수 있는 NumPy 파일이 아닙니다 (원문: {error}). np.save / np.savez로 다시 저장하세요."),
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
        "{name}의 배열 {array!r}을(를) 읽을 수 없습니다 (원문: {error}). 다시 저장하세요."),
    "err.ckpt.npy_array_corrupt": (
        "array {array!r} of {name} cannot be read ({error}); the file is truncated or corrupt: save it again",
        "{name}의 배열 {array!r}을(를) 읽을 수 없습니다 (원문: {error}). 파일이 잘렸거나 손상되었으니 다시 저장하세요."),
    "err.ckpt.vocab_file_missing": (
        "vocabulary file {path} does not exist; give a text file with one token a line",
        "어휘 파일 {path}이(가) 없습니다. 한 줄에 토큰 하나씩 적힌 텍스트 파일을 주세요."),
    "err.ckpt.vocab_file_not_file": (
        "vocabulary file {path} is not a file; give a text file with one token a line",
        "어휘 파일 {path}은(는) 파일이 아닙니다. 한 줄에 토큰 하나씩 적힌 텍스트 파일을 주세요."),
    "err.ckpt.vocab_file_not_utf8": (
        "vocabulary file {name} cannot be read as UTF-8 text ({error}); save it as UTF-8 text, one token a line",
        "어휘 파일 {name}을(를) UTF-8 텍스트로 읽을 수 없습니다 (원문: {error}). 한 줄에 토큰 하나씩, UTF-8 텍스트로 "
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
        "파일 옆의 {vocab}은(는) 쓰지 않았습니다(원문: {error}). 행은 #0, #1, ...로 표시합니다"),
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
        "{name}은(는) UTF-8 텍스트가 아닙니다 (원문: {error}). UTF-8로 다시 내보내세요."),
    "err.ckpt.tsv_empty": ("{name} holds no vectors; export the table again",
                           "{name}에 벡터가 없습니다. 테이블을 다시 내보내세요."),
    "err.ckpt.tsv_not_numbers": (
        "{name} is not a table of tab-separated numbers ({error}); vectors.tsv holds only numbers, labels go in "
        "metadata.tsv",
        "{name}은(는) 탭으로 구분된 수의 표가 아닙니다 (원문: {error}). vectors.tsv에는 수만 넣고, 레이블은 "
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
        "인덱스에 적힌 텐서 {count}개가 해당 샤드에 없습니다 (첫 번째: {shard}의 {first!r}). 덜 내려받았으니 "
        "샤드를 다시 받으세요."),
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
        "{name}은(는) 읽을 수 있는 safetensors 파일이 아닙니다 (원문: {error}). 파일이 잘렸거나 손상되었으니 다시 "
        "내려받거나 저장하세요."),
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
        "{name}은(는) 읽을 수 있는 torch 체크포인트가 아닙니다 (원문: {reason}). 파일이 잘렸거나 손상되었으니 다시 "
        "저장하거나 내려받으세요."),
    "err.ckpt.torch_unreadable": (
        "{name} is not a readable torch checkpoint ({reason}); it is truncated, corrupt or not written by "
        "torch.save: save or download it again",
        "{name}은(는) 읽을 수 있는 torch 체크포인트가 아닙니다 (원문: {reason}). 파일이 잘렸거나 손상되었거나 "
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
}
