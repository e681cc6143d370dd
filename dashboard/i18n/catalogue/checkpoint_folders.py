"""Messages of what a model folder holds besides its tables (dashboard/checkpoints): a Hugging Face folder's
config and key names, metadata fields, tokenizers and vocabulary files.
"""

MESSAGES = {
    "note.ckpt.token_alias": (
        "the token table was read from {tensor}: this {architecture} checkpoint stores its tied table once, under "
        "that name, with no {name}",
        "토큰 테이블을 {tensor}에서 읽었습니다. 이 {architecture} 체크포인트는 공유(tied) 테이블을 그 이름으로 한 번만 "
        "저장하고 {name}은(는) 없습니다"),
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
        "{origin}을(를) 읽을 수 없습니다 (원문: {reason}). 파일을 읽을 수 있는지 확인하세요."),
    "err.ckpt.meta_recursion": (
        "{origin} nests lists or objects thousands deep; no real metadata file does: fix or replace it",
        "{origin}은(는) 리스트나 객체가 수천 단계로 중첩되어 있습니다. 실제 메타데이터 파일은 그렇지 않으니 "
        "파일을 고치거나 바꾸세요."),
    "err.ckpt.meta_bad_json": (
        "{origin} is not valid JSON ({error}); fix or replace it",
        "{origin}은(는) 올바른 JSON이 아닙니다 (원문: {error}). 파일을 고치거나 바꾸세요."),
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
        "{name}은(는) tokenizers 라이브러리가 읽을 수 있는 토크나이저가 아닙니다 (원문: {error}). 지우거나 모델의 원래 "
        "tokenizer.json으로 바꾸세요."),
    "err.ckpt.vocab_txt_not_utf8": (
        "vocab.txt in {folder} is not UTF-8 text ({error}); save it as UTF-8, one token a line, or remove it",
        "{folder}의 vocab.txt는 UTF-8 텍스트가 아닙니다 (원문: {error}). 한 줄에 토큰 하나씩 UTF-8로 저장하거나 "
        "지우세요."),
    "note.ckpt.wrapper_prefix": (
        "removed the prefix {prefix!r} from all {count} keys (left by {wrapper})",
        "키 {count}개 모두에서 접두사 {prefix!r}을(를) 뗐습니다 ({wrapper}이(가) 붙인 것입니다)"),
}
