"""Errors and notes of building and running whole models (dashboard/forward): what was wrong, what to do.

The English text is what ``str(error)`` and the command line show; the Korean
is what a page shows under ``lang=ko``. Paths, file names, keys and library
error texts are parameters and are never translated.
"""

MESSAGES = {
    # loading.py
    "err.forward.model_type": (
        "model_type {model_type!r} is not supported for a forward pass; supported: {supported}",
        "model_type {model_type!r}은(는) 순전파를 지원하지 않습니다. 순전파를 지원하는 model_type: {supported}"),
    "err.forward.missing_weights": (
        "{path} lacks {count} weights of the {model_type} model ({first} ...); a forward pass would run on random "
        "weights, so only the lookup level is shown",
        "{path}에는 {model_type} 모델의 가중치 {count}개가 없습니다 ({first} ...). 순전파가 무작위 가중치로 돌게 "
        "되므로 룩업 단계만 보여 줍니다."),
    "err.forward.kind.hf_folder": ("a Hugging Face folder (config.json + weights)",
                                   "Hugging Face 폴더 (config.json + 가중치)"),
    "err.forward.kind.gguf": ("a GGUF file", "GGUF 파일"),
    "err.forward.kind.nanogpt": ("a nanoGPT ckpt.pt", "nanoGPT ckpt.pt"),
    "err.forward.bare_table": (
        "{name} is a bare table ({format}): it holds the embedding rows but no attention or MLP weights, so there "
        "is no model to run; only the lookup level can be shown",
        "{name}은(는) 테이블만 있는 파일입니다 ({format}). 임베딩 행은 있지만 어텐션이나 MLP 가중치가 없어 돌릴 "
        "모델이 없습니다. 룩업 단계만 보여 줄 수 있습니다"),
    "err.forward.unsupported_file": (
        "a forward pass can be built only from {kinds}; {name} is none of these",
        "순전파는 {kinds}에서만 만들 수 있습니다. {name}은(는) 이 중 어느 것도 아닙니다."),
    "err.forward.transformers_failed": (
        "transformers could not build the model from {name} ({reason}); only the lookup level can be shown",
        "transformers가 {name}에서 모델을 만들지 못했습니다 (원문: {reason}). 룩업 단계만 보여 줄 수 있습니다."),
    "err.forward.model_type_built": (
        "model_type {model_type!r} is not supported for a forward pass",
        "model_type {model_type!r}은(는) 순전파를 지원하지 않습니다."),
    "note.forward.model_built": ("transformers {kind} built from {name}", "{name}(으)로 만든 transformers {kind}"),
    # model_size.py
    "err.forward.layers_over_cap": (
        "the config of {origin} asks for {layers:,} layers; the sentence reorder demo builds models of at most "
        "{most:,} (the largest published ones have about 130), so no model was built: only the lookup level is shown",
        "{origin}의 설정은 층 {layers:,}개를 요구합니다. 문장 순서 바꾸기 데모는 층이 최대 {most:,}개인 모델만 "
        "만듭니다(공개된 가장 큰 모델도 130개 정도). 그래서 모델을 만들지 않았습니다. 룩업 단계만 보여 줍니다."),
    "err.forward.too_many_layers": (
        "the config of {origin} asks for {layers:,} layers of width {d_model:,}, but the checkpoint stores only "
        "{stored:,} parameters, fewer than so many layers hold; the config does not belong to these weights, so no "
        "model was built: only the lookup level is shown",
        "{origin}의 설정은 폭 {d_model:,}짜리 층 {layers:,}개를 요구하지만, 체크포인트에 저장된 파라미터는 "
        "{stored:,}개뿐이라 그만큼의 층을 채울 수 없습니다. 설정이 이 가중치의 것이 아니어서 모델을 만들지 "
        "않았습니다. 룩업 단계만 보여 줍니다."),
    "err.forward.too_big": (
        "the config of {origin} asks for a model of {asked_mb:,.0f} MB in float32, but the checkpoint stores only "
        "{stored:,} parameters ({stored_mb:,.1f} MB); building it would fill the rest with random weights, so no "
        "model was built: only the lookup level is shown",
        "{origin}의 설정은 float32로 {asked_mb:,.0f} MB 인 모델을 요구하지만, 체크포인트에 저장된 파라미터는 "
        "{stored:,}개 ({stored_mb:,.1f} MB) 뿐입니다. 만들면 나머지를 무작위 가중치로 채우게 되므로 모델을 만들지 "
        "않았습니다. 룩업 단계만 보여 줍니다."),
    # nanogpt.py
    "err.forward.nanogpt_args_missing": (
        "nanoGPT model_args lacks {missing}; the checkpoint is not a complete nanoGPT ckpt.pt",
        "nanoGPT model_args에 {missing}이(가) 없습니다. 완전한 nanoGPT ckpt.pt가 아닙니다."),
    "err.forward.nanogpt_key_missing": (
        "the nanoGPT state dict has no {tensor!r}; it does not match its model_args (n_layer={n_layer})",
        "nanoGPT state dict에 {tensor!r}이(가) 없습니다. model_args (n_layer={n_layer})와 맞지 않습니다."),
    "err.forward.nanogpt_shape": (
        "nanoGPT tensor {tensor!r} has shape {shape} but model_args imply {expected}",
        "nanoGPT 텐서 {tensor!r}의 모양은 {shape}인데 model_args에 따르면 {expected} 모양이어야 합니다."),
    "err.forward.not_nanogpt": (
        "{name} is not a nanoGPT ckpt.pt (no 'model' and 'model_args' keys), so there are no sizes to build the "
        "model from; only the tables can be shown",
        "{name}은(는) nanoGPT ckpt.pt가 아닙니다 ('model'과 'model_args' 키가 없습니다). 모델을 만들 크기 "
        "정보가 없어 테이블만 보여 줄 수 있습니다."),
    # positions.py, passes.py, tokenizing.py
    "err.forward.no_learned_positions": (
        "architecture {architecture!r} has no learned position table to remove",
        "아키텍처 {architecture!r}에는 뺄 수 있는 학습된 위치 임베딩 테이블이 없습니다."),
    "err.forward.no_position_module": (
        "the {architecture} model has no module {module!r}; positions cannot be removed",
        "{architecture} 모델에 모듈 {module!r}이(가) 없어 위치 정보를 뺄 수 없습니다."),
    "err.forward.no_rotary_module": (
        "the {architecture} model has no {module!r} module, so its rotary positions cannot be replaced by the "
        "identity",
        "{architecture} 모델에 {module!r} 모듈이 없어, 회전 위치 임베딩(RoPE)을 항등 변환으로 바꿀 수 없습니다."),
    "err.forward.positions_not_removable": (
        "positions of kind {kind!r} cannot be removed; supported: learned tables and rotary embeddings",
        "종류가 {kind!r} 인 위치 정보는 뺄 수 없습니다. 뺄 수 있는 것은 학습된 위치 임베딩 테이블과 회전 위치 "
        "임베딩(RoPE)입니다."),
    "err.forward.no_first_attention": (
        "{kind} has no first-layer attention module named like {pattern}; the attention level cannot be recorded",
        "{kind}에는 {pattern}와(과) 같은 이름의 첫 층 어텐션 모듈이 없습니다. 그래서 어텐션 단계를 기록할 수 "
        "없습니다."),
    "err.forward.sentence_empty": (
        "the sentence is empty; type a few words, e.g. 'the cat sat on a mat'",
        "문장이 비어 있습니다. 단어 몇 개를 입력하세요 (예: 'the cat sat on a mat')."),
    "err.forward.sentence_too_long": (
        "the sentence has {count} tokens; at most {limit} are allowed here (one sentence is enough to show the "
        "effect)",
        "문장의 토큰이 {count}개입니다. 여기서는 최대 {limit}개까지 쓸 수 있습니다 (효과를 보려면 한 문장이면 "
        "충분합니다)."),
}
