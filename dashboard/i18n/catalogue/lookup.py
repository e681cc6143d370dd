"""The lookup page (pages/lookup.py), its frames (dashboard/ui/lookup_frames.py) and the errors of
dashboard/analysis/lookup.py: the course's lesson "임베딩은 함수가 아니라 룩업입니다", with what is true of it."""

MESSAGES = {
    "lookup.title": ("The lookup, on real rows", "실제 행으로 보는 룩업"),
    # The course's sentence, kept, with what is true of it: a lookup is still a (linear) function of the id.
    "lookup.caption": (
        "\"An embedding is a lookup, not a function,\" as the course puts it: token id i selects row i of the token "
        "table, with no learned arithmetic, and the same row is what multiplying the one-hot vector of i by the "
        "table, `one_hot(i) @ W`, gives (the last section computes both). Type a sentence to see the rows its "
        "tokens pick, and what this model's first block really receives.",
        "수업에서는 \"임베딩은 함수가 아니라 룩업입니다\"라고 말합니다. 토큰 id i는 토큰 임베딩 테이블의 i번째 행을 "
        "골라 올 뿐, 학습된 계산을 거치지 않습니다. 그리고 이 행은 i의 원-핫 벡터에 테이블을 곱한 값, "
        "`one_hot(i) @ W`와 같습니다(마지막 절에서 둘 다 계산합니다). 문장을 입력해 보세요. 각 토큰이 꺼내 오는 "
        "행과, 이 모델의 첫 블록이 실제로 받는 입력이 나타납니다."),
    "lookup.sentence": ("Sentence (or token ids: #12 #40 #7)", "문장 (또는 토큰 id: #12 #40 #7)"),
    "lookup.values": ("values shown per row", "행마다 보여 줄 값의 개수"),
    "lookup.one_hot_spinner": ("Multiplying one-hot rows by the whole table ...",
                               "원-핫 행에 테이블 전체를 곱하는 중입니다 ..."),
    "lookup.no_splitting_tokenizer": (
        "{name} has no tokenizer that splits text ({describe}); type token ids instead, e.g. #12 #40 #7",
        "{name}에는 문장을 토큰으로 나누는 토크나이저가 없습니다({describe}). 대신 토큰 id를 입력하세요. "
        "예: #12 #40 #7"),
    "lookup.ids_title": ("1. Token ids ({count})", "1. 토큰 id {count}개"),
    "lookup.ids_caption": (
        "Tokens split by the checkpoint's own tokenizer; positions count from 0.",
        "체크포인트에 딸린 토크나이저로 나눈 토큰입니다. 위치는 0부터 셉니다."),
    "lookup.ids_typed_caption": ("The token ids as typed; positions count from 0.",
                                 "입력한 그대로의 토큰 id입니다. 위치는 0부터 셉니다."),
    "lookup.ids_special": (" {count} of them are special tokens: {names}.", " 이 중 {count}개는 특수 토큰입니다: {names}."),
    "lookup.token_rows_title": ("2. Each id's row of the token table ({vocab_size:,} x {d_model:,})",
                                "2. 각 id가 꺼내 오는 토큰 임베딩 테이블의 행 ({vocab_size:,} x {d_model:,})"),
    "lookup.token_rows_caption": (
        "token_embedding[id]: the first {shown} of {d_model:,} values of each row.",
        "token_embedding[id]: 각 행에 있는 값 {d_model:,}개 가운데 앞의 {shown}개입니다."),
    "lookup.position_rows_title": (
        "3. Each position's row of the position table ({n_positions:,} x {d_model:,})",
        "3. 각 위치가 꺼내 오는 위치 임베딩 테이블의 행 ({n_positions:,} x {d_model:,})"),
    "lookup.position_rows_caption": (
        "position_embedding[t]: row t is added at position t, whatever the token.",
        "position_embedding[t]: 어떤 토큰이 오든, 위치 t에는 t번째 행이 더해집니다."),
    "lookup.token_type_caption": (
        "token_type_embedding[0]: one sentence is all segment 0, so the same row is added at every position.",
        "token_type_embedding[0]: 문장이 하나뿐이므로 모든 토큰이 세그먼트 0입니다. 그래서 모든 위치에 같은 행이 "
        "더해집니다."),
    "lookup.sum_title": ("4. Their sum: token + position", "4. 두 행의 합: 토큰 + 위치"),
    "lookup.sum_title_types": ("4. Their sum: token + position + token type",
                               "4. 세 행의 합: 토큰 + 위치 + 토큰 타입"),
    "lookup.no_position_table": (
        "{name} has no position table ({note}), so nothing is added to the token rows.",
        "{name}에는 위치 임베딩 테이블이 없습니다. 그래서 토큰 행에 더해지는 것이 없습니다. 참고: {note}."),
    "lookup.first_block_title": ("What the first block receives", "첫 블록이 받는 입력"),
    "lookup.rule_unknown": (
        "How architecture {architecture} combines the rows is not known here, so no first-block input is claimed; "
        "the rows and their sum above are what the checkpoint stores.",
        "아키텍처 {architecture}이(가) 이 행들을 어떻게 합치는지는 여기서 알 수 없습니다. 그래서 첫 블록의 입력이 "
        "무엇인지는 말하지 않습니다. 위의 행들과 그 합은 체크포인트에 저장된 값 그대로입니다."),
    "lookup.rule_no_norm": (
        "For {architecture}, {rule}. The LayerNorm could not be read: {note}.",
        "{architecture}의 첫 블록은 {rule}. 그런데 LayerNorm을 읽지 못했습니다: {note}."),
    "lookup.rule": ("For {architecture}: {rule}.", "{architecture}의 첫 블록은 {rule}."),
    "lookup.rule.sum": (
        "the sum, exactly: x_t = token_embedding[id_t] + position_embedding[t] (transformers' GPT2Model adds "
        "inputs_embeds and position_embeds; dropout is off at inference)",
        "정확히 그 합을 받습니다: x_t = token_embedding[id_t] + position_embedding[t] (transformers의 "
        "GPT2Model은 inputs_embeds와 position_embeds를 더합니다. 추론할 때는 드롭아웃이 꺼져 있습니다)"),
    "lookup.rule.layernorm": (
        "the LayerNorm of the sum, not the sum: x_t = LayerNorm(token_embedding[id_t] + position_embedding[t] + "
        "token_type_embedding[0]), with the model's own gain, bias and epsilon (transformers' BertEmbeddings)",
        "합을 그대로 받지 않고, 합에 LayerNorm을 씌운 값을 받습니다: x_t = LayerNorm(token_embedding[id_t] + "
        "position_embedding[t] + token_type_embedding[0]). 게인, 바이어스, 엡실론은 모델 자신의 값을 씁니다"
        "(transformers의 BertEmbeddings)"),
    "lookup.rule.token": (
        "the token row alone: x_t = token_embedding[id_t]. There is no position table: positions enter inside "
        "attention, where rotary embeddings rotate the queries and keys by angles proportional to their positions",
        "토큰 행만 받습니다: x_t = token_embedding[id_t]. 위치 임베딩 테이블은 없습니다. 위치 정보는 어텐션 "
        "안에서 들어갑니다. 회전 위치 임베딩(RoPE)이 쿼리와 키를 위치에 비례하는 각도만큼 돌립니다"),
    "lookup.rule.scaled": (
        "the token row times √d_model: x_t = token_embedding[id_t] × √d_model (transformers' Gemma models multiply "
        "inputs_embeds by hidden_size ** 0.5, in the model's dtype). There is no position table: positions enter "
        "inside attention, where rotary embeddings rotate the queries and keys",
        "토큰 행에 √d_model을 곱한 값을 받습니다: x_t = token_embedding[id_t] × √d_model (transformers의 Gemma "
        "모델은 inputs_embeds에 hidden_size ** 0.5를 모델의 dtype으로 곱합니다). 위치 임베딩 테이블은 없습니다. 위치 "
        "정보는 어텐션 안에서 들어갑니다. 회전 위치 임베딩(RoPE)이 쿼리와 키를 돌립니다"),
    "lookup.norm_caption": (
        "LayerNorm read from {source}, epsilon {eps:g}; largest change it makes to the sum here: {change:.4g}.",
        "LayerNorm은 {source}에서 읽었고, 엡실론은 {eps:g}입니다. 여기서 LayerNorm이 합을 바꾸는 폭은 최대 "
        "{change:.4g}입니다."),
    "lookup.check": ("Check against the real model (transformers)", "실제 모델과 비교하기 (transformers)"),
    "lookup.check_help": (
        "Builds the whole model with transformers and compares these rows with its hidden_states[0], "
        "the vectors entering its first block.",
        "transformers로 모델 전체를 만든 다음, 이 행들을 모델의 hidden_states[0]와 비교합니다. "
        "hidden_states[0]는 첫 블록에 들어가는 벡터들입니다."),
    "lookup.no_forward": ("No forward pass: {why}.", "순전파를 하지 못했습니다: {why}."),
    "lookup.check_result": (
        "transformers' {architecture} model, run on these {count} ids: largest "
        "|hidden_states[0] − these rows| = {found:.3g} over {values:,} values.",
        "transformers의 {architecture} 모델을 이 id {count}개로 실행했습니다. 값 {values:,}개에서 "
        "|hidden_states[0] − 위의 행|의 최댓값은 {found:.3g}입니다."),
    "lookup.one_hot_title": ("A lookup is a matrix product with one-hot rows, only cheaper",
                             "룩업은 원-핫 행을 곱하는 행렬곱과 결과가 같고, 비용은 훨씬 적습니다"),
    "lookup.one_hot_text": (
        "Multiplying one-hot rows by the token table W, `one_hot(ids) @ W`, was computed here for the first "
        "{count} ids: the largest difference from `W[ids]` over {values:,} values is **{diff:g}**. Each one-hot "
        "row is all zeros but a 1 at the token's id, so the product picks that row out; indexing gets the same "
        "rows without touching the others.",
        "원-핫 행에 토큰 임베딩 테이블 W를 곱하는 계산, `one_hot(ids) @ W`를 앞의 id {count}개로 실제로 해 "
        "보았습니다. 값 {values:,}개에서 `W[ids]`와의 차이는 최대 **{diff:g}**입니다. 원-핫 행은 토큰 id 자리만 "
        "1이고 나머지는 모두 0입니다. 그래서 곱하면 바로 그 행이 골라져 나옵니다. 인덱싱은 다른 행을 건드리지 "
        "않고 같은 행을 꺼내 옵니다."),
    "lookup.cost.flops": ("floating-point operations", "부동소수점 연산 수"),
    "lookup.cost.bytes": ("bytes read (float32)", "읽는 바이트 수 (float32)"),
    "lookup.cost.lookup": ("W[ids] (lookup)", "W[ids] (룩업)"),
    "lookup.cost_caption": (
        "For {count} tokens, vocab_size {vocab_size:,} and d_model {d_model:,}: the product costs "
        "2 x tokens x vocab_size x d_model operations and reads the whole table, {ratio:,.0f} times the bytes "
        "the lookup reads.",
        "토큰 {count}개, vocab_size {vocab_size:,}, d_model {d_model:,}일 때: 행렬곱은 "
        "2 x 토큰 수 x vocab_size x d_model 번 연산하고 테이블 전체를 읽습니다. 룩업이 읽는 바이트의 "
        "{ratio:,.0f}배입니다."),
    "lookup.bytes": ("{count:,} bytes", "{count:,}바이트"),
    "lookup.col.t": ("t", "위치 t"),
    "lookup.col.token": ("token", "토큰"),
    "lookup.col.id": ("id", "id"),
    "err.lookup.no_tokens": ("there are no tokens to look up; type a sentence",
                             "룩업할 토큰이 없습니다. 문장을 입력하세요"),
    "err.lookup.id_past_table": (
        "token id {token_id} is past the last row of the token table (ids 0 to {last})",
        "토큰 id {token_id}은(는) 토큰 임베딩 테이블의 마지막 행을 넘어섭니다(id는 0부터 {last}까지입니다)"),
    "err.lookup.too_long": (
        "{count} tokens do not fit: the position table has {rows} rows; type a shorter sentence",
        "토큰 {count}개는 들어가지 않습니다. 위치 임베딩 테이블의 행이 {rows}개뿐입니다. 더 짧은 문장을 "
        "입력하세요"),
    "err.lookup.bad_ids": (
        "{items}: not a token id of this model; write each id as # and a whole number from 0 to {last}, "
        "as in #12 #40 #7",
        "{items}: 이 모델의 토큰 id가 아닙니다. 각 id를 # 뒤에 0부터 {last} 사이의 정수로 쓰세요 "
        "(예: #12 #40 #7)"),
    "err.lookup.one_hot_ids": ("the ids must be between 0 and {last}, at least one",
                               "id는 0부터 {last} 사이여야 하고, 적어도 하나는 있어야 합니다"),
}
