"""Messages of the Sentence reorder page, its charts and frames, and the reorder errors (``OrderError``)."""

MESSAGES = {
    # --- the page ---------------------------------------------------------------------------------------------
    "reorder.title": ("Sentence reorder: what tells word orders apart",
                      "문장 순서 바꾸기: 단어 순서를 무엇이 구별할까요"),
    "reorder.intro": (
        "Without position information and without a causal mask, self-attention is **permutation equivariant**: "
        "reorder the words and every word's output is the same, only reordered. In a bidirectional model "
        "(BERT) position is then the only thing that breaks the symmetry; in a causal model (GPT) the mask "
        "already breaks it. Below, the loaded model's own weights run a sentence and its reordering twice, with "
        "the positions and with them removed (learned table zeroed, rotary rotation replaced by the identity), "
        "and the outputs are compared token by token.",
        "위치 정보도 인과 마스크도 없으면 셀프 어텐션은 **순열 등변**(permutation equivariant)입니다. "
        "단어 순서를 바꿔도 각 단어의 출력은 그대로이고, 순서만 같이 바뀝니다. 양방향 모델(BERT)에서는 "
        "이 대칭을 깨는 것이 위치뿐입니다. 인과 모델(GPT)에서는 마스크가 이미 대칭을 깹니다. 아래에서는 "
        "불러온 모델의 실제 가중치로 원래 문장과 순서를 바꾼 문장을 두 번씩 실행합니다. 한 번은 위치를 넣고, "
        "한 번은 위치를 뺍니다(학습된 위치 임베딩 테이블은 0으로 채우고, 회전 위치 임베딩(RoPE)의 회전은 "
        "항등 변환으로 바꿉니다). 그다음 출력을 토큰별로 비교합니다."),
    "reorder.sentence": ("Sentence", "문장"),
    "reorder.order": ("Order", "순서"),
    "reorder.kind.reverse": ("reverse", "역순"),
    "reorder.kind.shuffle": ("seeded shuffle", "시드로 섞기"),
    "reorder.kind.swap": ("swap two", "두 토큰 맞바꾸기"),
    "reorder.kind.custom": ("custom order", "직접 정한 순서"),
    "reorder.whole_words": ("move whole words", "단어째 옮기기"),
    "reorder.whole_words_help": (
        "Keep each word's tokens together and reverse or shuffle the words, as the lesson does (the cat sat on a "
        "mat becomes mat a on sat cat the). Unticked, the tokens themselves move: a word this vocabulary splits "
        "into pieces has its pieces moved apart.",
        "수업에서처럼 한 단어의 토큰들을 붙여 둔 채 단어의 순서를 뒤집거나 섞습니다. 끄면 토큰 하나하나가 "
        "움직여서, 이 어휘가 여러 조각으로 나누는 단어는 조각들이 흩어집니다."),
    "reorder.shuffle_seed": ("Shuffle seed", "섞기 시드"),
    "reorder.swap_i": ("Swap the token at position", "맞바꿀 첫 토큰의 위치"),
    "reorder.swap_i_help": ("Positions as the charts number them, from 0 (special tokens included).",
                            "차트와 같은 위치 번호입니다. 0부터 세고, 특수 토큰도 셉니다."),
    "reorder.swap_j": ("with the token at position", "맞바꿀 둘째 토큰의 위치"),
    "reorder.custom": ("Order (positions as the charts number them, commas or spaces)",
                       "순서 (차트와 같은 위치 번호, 쉼표나 공백으로 구분)"),
    "reorder.custom_help": (
        "The k-th token that can move is replaced by the token at position order[k]. "
        "Tokens the tokenizer adds around the sentence ([CLS], [SEP], BOS) never move "
        "and are not listed.",
        "움직일 수 있는 토큰 중 k번째 자리에는, 적은 순서의 k번째 번호(order[k])가 가리키는 위치의 토큰이 "
        "들어갑니다. 토크나이저가 "
        "문장 앞뒤에 붙이는 토큰([CLS], [SEP], BOS)은 움직이지 않으므로 적지 않습니다."),
    "reorder.last_good": ("Still showing the last input that worked: “{sentence}”, {description}.",
                          "마지막으로 계산에 성공한 입력을 계속 보여 줍니다: “{sentence}”, {description}."),
    "reorder.tokens_caption": (
        "Tokens from {tokenizer}.{special} "
        "Permutation (position t of the reordered sentence holds original token): `{perm}`.",
        "토크나이저: {tokenizer}.{special} "
        "순열(바꾼 문장의 위치 t에 원래 문장의 몇 번 토큰이 오는지): `{perm}`."),
    "reorder.special_in_place": (" Special tokens (orange) stay in place.", " 특수 토큰(주황색)은 제자리에 있습니다."),
    "reorder.unknown": (
        "The tokenizer has no token for {unknown}, so each became {unk}, one row shared by every unknown "
        "word. {unk} stands in for a word of the sentence, so it moves like one; only the tokens the "
        "tokenizer adds around the sentence stay in place.",
        "토크나이저에 {unknown}에 맞는 토큰이 없어서, 각각 알 수 없는 토큰 {unk}이(가) 되었습니다. {unk}은(는) "
        "알 수 없는 단어 모두가 함께 쓰는 한 행입니다. {unk}은(는) 문장의 단어 하나를 대신하므로 단어처럼 "
        "움직입니다. 제자리에 있는 것은 토크나이저가 문장 앞뒤에 붙이는 토큰뿐입니다."),
    "reorder.too_few.many": (
        "The sentence has {count} tokens that can move{fixed}, so every order is the same sentence; "
        "type more words.",
        "이 문장에서 움직일 수 있는 토큰은 {count}개입니다{fixed}. 그래서 어떤 순서로 바꿔도 같은 문장입니다. "
        "단어를 더 입력하세요."),
    "reorder.too_few.one": (
        "The sentence has 1 token that can move{fixed}, so every order is the same sentence; type more words.",
        "이 문장에서 움직일 수 있는 토큰은 1개입니다{fixed}. 그래서 어떤 순서로 바꿔도 같은 문장입니다. "
        "단어를 더 입력하세요."),
    # {tokens}: this sentence's special tokens, e.g. "[CLS], [SEP]"; the clause is left out when it has none
    "reorder.too_few.fixed": (" (the tokens the tokenizer added around it, {tokens}, stay in place)",
                              "(토크나이저가 앞뒤에 붙인 토큰 {tokens}은(는) 제자리에 있습니다)"),
    "reorder.unchanged": ("This order leaves the sentence unchanged; pick another seed or order to see a difference.",
                          "이 순서로는 문장이 바뀌지 않습니다. 차이를 보려면 다른 시드나 순서를 고르세요."),
    "reorder.same_tokens": (
        "The tokens that moved are identical, so the reordered sentence reads the same; each copy is still "
        "followed to its new place, so positions still show a difference.",
        "자리를 옮긴 토큰끼리 서로 같아서, 바꾼 문장도 원래 문장과 똑같이 읽힙니다. 그래도 각 토큰을 새 "
        "자리까지 따라가므로, 위치를 넣으면 차이가 보입니다."),
    "reorder.haviv": (
        "Haviv et al., 2022, [*Transformer Language Models without Positional Encodings Still Learn Positional "
        "Information*](https://arxiv.org/abs/2203.16634)",
        "Haviv 외, 2022, [*Transformer Language Models without Positional Encodings Still Learn Positional "
        "Information*](https://arxiv.org/abs/2203.16634) (위치 인코딩이 없는 트랜스포머 언어 모델도 위치 정보를 학습한다)"),
    "reorder.causal": (
        "**This model is causal**: each token sees itself and the tokens before it, so the mask alone depends on "
        "order and the outputs change even with positions removed; here the mask, not position, breaks the "
        "symmetry. A causal model can count how many tokens it sees and so learns position without any position "
        "embedding ({haviv}).",
        "**이 모델은 인과(causal) 모델입니다**. 각 토큰은 자기 자신과 그 앞의 토큰만 봅니다. 그래서 마스크만으로도 "
        "순서에 따라 결과가 달라지고, 위치를 빼도 출력이 바뀝니다. 여기서 대칭을 깨는 것은 위치가 아니라 "
        "마스크입니다. 인과 모델은 자기가 보는 토큰의 수를 셀 수 있으므로, 위치 임베딩이 없어도 위치를 "
        "배웁니다({haviv})."),
    "reorder.lookup_only": ("Only the lookup level can run: {note}.", "룩업 단계만 실행할 수 있습니다: {note}."),
    "reorder.level1": ("1. Lookup: the vectors entering the first block", "1. 룩업: 첫 블록에 들어가는 벡터"),
    "reorder.lookup_explain": (
        "Each token's vector in the reordered sentence is compared with the same token's vector in the original. "
        "Without positions a token gets the same vector wherever it stands.",
        "바꾼 문장의 각 토큰 벡터를 원래 문장에서 같은 토큰의 벡터와 비교합니다. 위치가 없으면 토큰은 어디에 "
        "있든 같은 벡터를 받습니다."),
    "reorder.lookup_explain_learned": (
        "Each token's vector in the reordered sentence is compared with the same token's vector in the original. "
        "Without positions a token gets the same vector wherever it stands; with a learned position table it "
        "gets a different one at a different place.",
        "바꾼 문장의 각 토큰 벡터를 원래 문장에서 같은 토큰의 벡터와 비교합니다. 위치가 없으면 토큰은 어디에 "
        "있든 같은 벡터를 받습니다. 학습된 위치 임베딩 테이블이 있으면 자리가 바뀔 때 다른 벡터를 받습니다."),
    "reorder.no_position_table": (
        "This checkpoint has no position table, so there is nothing to add: both settings are the same.",
        "이 체크포인트에는 위치 임베딩 테이블이 없어서 더할 것이 없습니다. 두 설정의 결과가 같습니다."),
    "reorder.rotary_lookup": (
        "Rotary positions add nothing at lookup: they rotate queries and keys inside attention, so this "
        "level is the same with and without them. Position shows from level 2 on.",
        "회전 위치 임베딩(RoPE)은 룩업에서 아무것도 더하지 않습니다. 어텐션 안에서 쿼리와 키를 회전시키기 "
        "때문입니다. 그래서 이 단계는 위치가 있든 없든 같습니다. 위치의 효과는 2단계부터 보입니다."),
    "reorder.mean_input": (
        "The mean of the (token + position) inputs is the same for both sentences (largest difference "
        "{difference:.1e}): the same rows are used, only paired differently. A mean "
        "over tokens cannot see the new pairing, but anything that acts on each token's vector on its own "
        "and is not linear already can: BERT's embedding LayerNorm, GPT-2's ln_1 before its first "
        "attention.",
        "(토큰 + 위치) 입력의 평균은 두 문장에서 같습니다(가장 큰 차이 {difference:.1e}). 같은 행을 쓰고, "
        "짝만 다르게 짓기 때문입니다. 토큰들의 평균으로는 새 짝짓기가 보이지 않습니다. 하지만 각 토큰의 "
        "벡터에 따로 작용하는 비선형 연산에는 이미 보입니다. BERT의 임베딩 LayerNorm, 첫 어텐션 앞에 있는 "
        "GPT-2의 ln_1이 그런 예입니다."),
    "reorder.bar_caption": (
        "A bar of height zero means the token got the same vector in both orders; hover a bar for its value.",
        "높이가 0인 막대는 그 토큰이 두 순서에서 같은 벡터를 받았다는 뜻입니다. 막대에 마우스를 올리면 값이 "
        "보입니다."),
    "reorder.level2": ("2. First attention layer", "2. 첫 번째 어텐션 층"),
    "reorder.attention_explain": (
        "The output of the first attention layer for the reordered sentence, put back in the original order, "
        "compared with the original's. Without positions they are equal to float precision.",
        "바꾼 문장의 첫 어텐션 층 출력을 원래 순서로 되돌려, 원래 문장의 출력과 비교합니다. 위치가 없으면 "
        "두 출력은 부동소수점 정밀도 안에서 같습니다."),
    "reorder.attention_explain_causal": (
        "The output of the first attention layer for the reordered sentence, put back in the original order, "
        "compared with the original's. Without positions and without a causal mask they are equal to float "
        "precision.",
        "바꾼 문장의 첫 어텐션 층 출력을 원래 순서로 되돌려, 원래 문장의 출력과 비교합니다. 위치도 인과 "
        "마스크도 없다면 두 출력은 부동소수점 정밀도 안에서 같습니다."),
    "reorder.head": ("Head", "헤드"),
    "reorder.head_mean": ("mean over heads", "모든 헤드의 평균"),
    "reorder.head_n": ("head {head}", "헤드 {head}"),
    "reorder.original_order": ("Lay the reordered sentence out in the original order",
                               "바꾼 문장을 원래 순서대로 놓기"),
    "reorder.level3": ("3. Whole model", "3. 모델 전체"),
    "reorder.model_explain": (
        "Final hidden states compared the same way, and the cosine between the two sentences' mean-pooled "
        "vectors (for a sentence encoder such as all-MiniLM-L6-v2 that is the model's own sentence embedding).",
        "마지막 은닉 상태를 같은 방법으로 비교합니다. 두 문장의 평균 풀링 벡터 사이의 코사인 유사도도 "
        "구합니다(all-MiniLM-L6-v2 같은 문장 인코더에서는 이것이 곧 모델이 내놓는 문장 임베딩입니다)."),
    "reorder.model_explain_causal": (
        "Final hidden states compared the same way, and the cosine between the two sentences' mean-pooled vectors.",
        "마지막 은닉 상태를 같은 방법으로 비교합니다. 두 문장의 평균 풀링 벡터 사이의 코사인 유사도도 구합니다."),
    "reorder.next_tokens": ("Next-token prediction after each sentence", "각 문장 뒤에 올 다음 토큰 예측"),
    "reorder.next_caption": (
        "{setting}: “{original}” after the original, “{permuted}” after the reordered",
        "{setting}: 원래 문장 뒤에는 “{original}”, 바꾼 문장 뒤에는 “{permuted}”"),
    "reorder.model_caption": ("Model: {model}, float32, eval mode.", "모델: {model}, float32, 평가(eval) 모드."),
    # metrics
    "reorder.metric.without": ("{label}, without positions", "{label}, 위치 제거"),
    "reorder.metric.with": ("{label}, with positions", "{label}, 위치 포함"),
    "reorder.metric.largest": ("largest |difference|", "가장 큰 |차이|"),
    "reorder.metric.pooled_cosine": ("cosine of mean-pooled sentence vectors", "평균 풀링한 문장 벡터의 코사인 유사도"),
    "reorder.value.na": ("n/a", "없음"),
    "reorder.value.exact_zero": ("0 (exactly)", "0 (정확히)"),
    # orders in words (describe_order and the page's swap and custom orders)
    "reorder.order.reversed": ("reversed", "역순"),
    "reorder.order.shuffled": ("shuffled with seed {seed}", "시드 {seed}(으)로 섞음"),
    "reorder.order.words_reversed": ("words reversed", "단어 역순"),
    "reorder.order.words_shuffled": ("words shuffled with seed {seed}", "시드 {seed}(으)로 단어 섞음"),
    "reorder.order.tokens_swapped": ("tokens {i} and {j} swapped", "토큰 {i}, {j} 맞바꿈"),
    "reorder.order.positions_swapped": ("positions {i} and {j} swapped", "위치 {i}, {j} 맞바꿈"),
    "reorder.order.custom": ("custom order {order}", "직접 정한 순서 {order}"),
    # --- frames and charts ------------------------------------------------------------------------------------
    "reorder.setting.with_positions": ("with positions", "위치 포함"),
    "reorder.setting.without_positions": ("without positions", "위치 제거"),
    "reorder.sentence.original": ("original", "원래 문장"),
    "reorder.sentence.permuted": ("permuted", "바꾼 문장"),
    "reorder.level.lookup": ("vectors entering the first block", "첫 블록에 들어가는 벡터"),
    "reorder.level.attention": ("first attention layer output", "첫 어텐션 층의 출력"),
    "reorder.level.model": ("final hidden states", "마지막 은닉 상태"),
    "reorder.chart.order_title": ("The sentence and its reordering", "원래 문장과 순서를 바꾼 문장"),
    "reorder.chart.position": ("position (0-based)", "위치 (0부터)"),
    "reorder.chart.original_position": ("original position", "원래 위치"),
    "reorder.chart.sentence": ("sentence", "문장"),
    "reorder.chart.position_short": ("position", "위치"),
    "reorder.chart.token": ("token", "토큰"),
    "reorder.chart.setting": ("setting", "설정"),
    "reorder.chart.token_original_order": ("token (original order)", "토큰 (원래 순서)"),
    "reorder.chart.key": ("key (attended to)", "키 (어텐션을 받는 토큰)"),
    "reorder.chart.key_short": ("key", "키"),
    "reorder.chart.query": ("query", "쿼리"),
    "reorder.chart.weight": ("weight", "가중치"),
    "reorder.chart.probability": ("probability of the next token", "다음 토큰의 확률"),
    "reorder.chart.probability_short": ("probability", "확률"),
    "reorder.chart.rank": ("rank", "순위"),
    # --- experiment -------------------------------------------------------------------------------------------
    "reorder.no_model": ("no model was given", "모델이 주어지지 않았습니다"),
    # --- errors (OrderError) ----------------------------------------------------------------------------------
    "err.reorder.positions_range": ("positions {first} to {last}", "위치 {first}~{last}"),
    "err.reorder.positions_list": ("positions {positions}", "위치 {positions}"),
    "err.reorder.outside_sentence": (
        "position {position} is outside the sentence (positions 0 to {last}); "
        "the tokens that can move are at {allowed}",
        "위치 {position}은(는) 문장 밖입니다(위치는 0~{last}). 움직일 수 있는 토큰은 {allowed}에 있습니다."),
    "err.reorder.special_position": (
        "position {position} is {label}, which the tokenizer adds and which never moves; "
        "the tokens that can move are at {allowed}",
        "위치 {position}에는 {label}이(가) 있습니다. 토크나이저가 붙이는 토큰이라 움직이지 않습니다. "
        "움직일 수 있는 토큰은 {allowed}에 있습니다."),
    "err.reorder.repeats_position": (
        "the order repeats position {repeated}; give each of {allowed} exactly once",
        "순서에 위치 {repeated}이(가) 여러 번 나옵니다. {allowed}을(를) 한 번씩만 적어 주세요."),
    "err.reorder.position_count": (
        "the order has {count} positions but the sentence has {n_movable} tokens "
        "that can move; give each of {allowed} once",
        "순서에는 위치가 {count}개 있는데, 문장에서 움직일 수 있는 토큰은 {n_movable}개입니다. "
        "{allowed}을(를) 빠짐없이 한 번씩 적어 주세요."),
    "err.reorder.not_numbers": (
        "'{text}' is not an order of token numbers; type each 0-based number once, "
        "separated by commas or spaces, e.g. 2 0 1",
        "'{text}'은(는) 토큰 번호의 순서가 아닙니다. 0부터 센 번호를 하나씩, 쉼표나 공백으로 구분해 적어 "
        "주세요. 예: 2 0 1"),
    "err.reorder.negative_seed": ("the shuffle seed must be 0 or more, got {seed}",
                                  "섞기 시드는 0 이상이어야 합니다(받은 값: {seed})."),
    "err.reorder.order_help": (
        "reverse, shuffle:SEED, reverse-words, shuffle-words:SEED (whole words move, each word's tokens kept "
        "together), swap:I,J or an order of indices such as 2,0,1 (commas and/or spaces)",
        "reverse, shuffle:SEED, reverse-words, shuffle-words:SEED(단어째 움직이고, 한 단어의 토큰들은 붙어 다님), "
        "swap:I,J, 또는 2,0,1 같은 인덱스 순서(쉼표나 공백으로 구분)"),
    "err.reorder.not_understood": ("order {spec} is not understood; use {help}",
                                   "순서 {spec}을(를) 알아볼 수 없습니다. 다음 중 하나를 쓰세요: {help}"),
    "err.reorder.index_count": (
        "the order {shown} has {count} indices but the sentence has {n_movable} tokens "
        "that can move; give each of 0..{last} once",
        "순서 {shown}에는 인덱스가 {count}개 있는데, 문장에서 움직일 수 있는 토큰은 {n_movable}개입니다. "
        "0..{last}을(를) 빠짐없이 한 번씩 적어 주세요."),
    "err.reorder.repeats_index": (
        "the order {shown} repeats {repeated}; give each of 0..{last} exactly once",
        "순서 {shown}에 {repeated}이(가) 여러 번 나옵니다. 0..{last}을(를) 한 번씩만 적어 주세요."),
    "err.reorder.index_outside": (
        "token {bad} is outside 0..{last}: the sentence has {n_movable} tokens that can move, "
        "numbered from 0 (special tokens excluded)",
        "토큰 {bad}은(는) 0..{last} 범위 밖입니다. 문장에서 움직일 수 있는 토큰은 {n_movable}개이고, "
        "특수 토큰을 빼고 0부터 번호를 붙입니다."),
    "err.reorder.too_long": (
        "the sentence has {count} tokens but the position table has only {rows} rows; use a shorter sentence",
        "문장의 토큰은 {count}개인데, 위치 임베딩 테이블의 행은 {rows}개뿐입니다. 더 짧은 문장을 쓰세요."),
}
