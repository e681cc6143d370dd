"""The Perturb and watch page (``pages/perturb.py``) and its library (``dashboard/forward/perturbation.py``).

The course's exercise in Korean: "wte 와 lm_head 를 비교하고, 하나를 바꾸고 다른 하나를 지켜보기".
"""

MESSAGES = {
    # The page
    "perturb.title": ("Perturb and watch: one tensor or two?", "바꿔 보고 지켜보기: 텐서는 하나일까, 둘일까?"),
    "perturb.intro": (
        "The exercise: take the token table (`wte`) and the output head (`lm_head`) of the loaded model, check "
        "whether they are the same tensor or independent, then change one row of one and see what happens to "
        "the other. The change is made for real on the model `transformers` builds from the checkpoint (or, "
        "when none can be built, on copies of the stored tensors) and undone right after, so the other pages "
        "still see the model as it was loaded.",
        "실습 과제: `wte`와 `lm_head`를 비교하고, 하나를 바꾸고 다른 하나를 지켜봅니다. 먼저 불러온 모델의 "
        "토큰 임베딩 테이블(`wte`)과 출력 헤드(`lm_head`)가 같은 텐서인지, 서로 독립된 텐서인지 확인합니다. "
        "그다음 한쪽의 행 하나를 바꿔 보고(섭동) 다른 쪽에 무슨 일이 생기는지 봅니다. 변경은 `transformers`가 "
        "체크포인트로 만든 실제 모델에 합니다(모델을 만들 수 없으면 저장된 텐서의 사본에 합니다). 바꾼 행은 "
        "곧바로 되돌리므로, 다른 페이지는 불러온 그대로의 모델을 봅니다."),
    "perturb.table.token": ("token table (input)", "토큰 임베딩 테이블(입력)"),
    "perturb.table.head": ("output head", "출력 헤드"),
    "perturb.change.noise": ("add Gaussian noise", "가우스 잡음 더하기"),
    "perturb.change.zero": ("zero the row", "행을 0으로 만들기"),
    "perturb.change.scale": ("multiply by k", "k를 곱하기"),
    "perturb.change_label": ("Change", "바꾸는 방법"),
    "perturb.noise_label": ("Noise standard deviation", "잡음의 표준편차"),
    "perturb.seed_label": ("Seed", "시드"),
    "perturb.seed_help": (
        "The noise comes from torch.Generator().manual_seed(seed): the same seed gives the same noise.",
        "잡음은 torch.Generator().manual_seed(seed)로 만듭니다. 시드가 같으면 잡음도 같습니다."),
    "perturb.scale_label": ("k", "곱할 수 k"),
    "perturb.no_tokenizer.ids": (
        "**{name} came without a tokenizer and without token strings**: its rows are only numbered, so no word can "
        "be turned into a token id. Give the token as #id (0 to {last:,}) and the prompt as #ids separated by "
        "spaces, as filled in below ({token}; {prompt}). To use words, load the checkpoint together with its "
        "tokenizer files (tokenizer.json, or vocab.json and merges.txt).",
        "**{name}에는 토크나이저도 토큰 문자열도 없습니다.** 행에 번호만 있어서 어떤 단어도 토큰 id로 바꿀 수 "
        "없습니다. 아래에 채워 둔 것처럼({token}; {prompt}) 토큰은 #id(0~{last:,})로, 프롬프트는 공백으로 구분한 "
        "#id들로 입력하세요. 단어를 쓰려면 체크포인트를 토크나이저 파일(tokenizer.json, 또는 vocab.json과 "
        "merges.txt)과 함께 불러오세요."),
    "perturb.no_tokenizer": (
        "**{name} came without a tokenizer**: words cannot be split into tokens. Give the token as the vocabulary "
        "spells it or as #id (0 to {last:,}), and the prompt as such tokens separated by spaces; ids are filled in "
        "below ({token}; {prompt}). To use words, load the checkpoint together with its tokenizer files "
        "(tokenizer.json, or vocab.json and merges.txt).",
        "**{name}에는 토크나이저가 없습니다.** 단어를 토큰으로 나눌 수 없습니다. 토큰은 어휘에 적힌 그대로 또는 "
        "#id(0~{last:,})로, 프롬프트는 그런 토큰을 공백으로 구분해 입력하세요. 아래에 id를 채워 두었습니다"
        "({token}; {prompt}). 단어를 쓰려면 체크포인트를 토크나이저 파일(tokenizer.json, 또는 vocab.json과 "
        "merges.txt)과 함께 불러오세요."),
    "perturb.token_label": ("Token (a word, a token as shown, or #id)", "토큰 (단어, 화면에 보이는 토큰, 또는 #id)"),
    "perturb.table_label": ("Table to change", "바꿀 테이블"),
    "perturb.prompt_label": ("Prompt (the next token after it is predicted before and after)",
                             "프롬프트 (바꾸기 전과 후에 이 글 다음에 올 토큰을 예측합니다)"),
    "perturb.row": ("row #{token_id} ({token})", "#{token_id}번 행({token})"),
    "perturb.unchanged": (
        "This change leaves {row} of the {changed} as it was, so there is nothing to watch; pick another.",
        "이 변경을 해도 {changed}의 {row}은 그대로입니다. 지켜볼 것이 없으니 다른 변경을 고르세요."),
    "perturb.tied": (
        "Changing {row} of the {changed} moved the same row of the {other} too (largest change "
        "{other_moved:.4g} in both): the two names point to **one storage**, so the model is tied.",
        "{changed}의 {row}을 바꾸자 {other}의 같은 행도 함께 바뀌었습니다(가장 큰 변화는 둘 다 "
        "{other_moved:.4g}). 두 이름이 **하나의 저장 공간**을 가리키기 때문입니다. 이 모델은 "
        "가중치 공유(weight tying)를 합니다."),
    "perturb.moved_apart": (
        "Changing {row} of the {changed} also changed the {other}'s row (by {other_moved:.4g}), "
        "although the two are stored apart.",
        "{changed}의 {row}을 바꾸자 {other}의 행도 {other_moved:.4g}만큼 바뀌었습니다. 두 텐서는 따로 "
        "저장되어 있는데도 그렇습니다."),
    "perturb.untied": (
        "Changing {row} of the {changed} left the same row of the {other} exactly as it was (every entry "
        "compared): they are **two independent matrices**.",
        "{changed}의 {row}을 바꿔도 {other}의 같은 행은 그대로입니다(모든 원소를 비교했습니다). 둘은 "
        "**서로 독립된 두 행렬**입니다."),
    "perturb.what_moved": ("What moved", "무엇이 바뀌었나"),
    "perturb.yes": ("yes", "예"),
    "perturb.no": ("no", "아니요"),
    "perturb.shapes": (
        "Token table {token_shape}, output head {head_shape}; one storage (`data_ptr` equal): **{shared}**. "
        "The reader's verdict: **{verdict}** ({evidence}).",
        "토큰 임베딩 테이블 {token_shape}, 출력 헤드 {head_shape}. 저장 공간이 하나인가(`data_ptr`가 같은가): "
        "**{shared}**. 체크포인트를 읽고 내린 판정: **{verdict}**. 근거: {evidence}."),
    "perturb.biggest_help": ("Largest absolute change of one entry of the row, max |after - before|.",
                             "행의 원소 하나가 바뀐 크기(절댓값) 가운데 가장 큰 값입니다: `max |after - before|`."),
    "perturb.change_size": (
        "The change has L2 norm {change:.4g}: {ratio:.3g} times the changed row's own norm, {row:.4g}.",
        "이번 변화의 L2 노름은 {change:.4g}입니다. 바뀐 행 자체의 노름 {row:.4g}의 {ratio:.3g}배입니다."),
    # Only under Gaussian noise: a d_model-wide vector of N(0, s²) entries has L2 norm close to s × √d_model.
    "perturb.noise_size": (
        " Gaussian noise of standard deviation {std:.3g} adds a vector of norm about {std:.3g} × √{d_model} = "
        "{expected:.4g}.",
        " 표준편차 {std:.3g}인 가우스 잡음은 노름이 대략 {std:.3g} × √{d_model} = {expected:.4g}인 벡터를 더합니다."),
    "perturb.metric.token": ("token row change", "토큰 행의 변화"),
    "perturb.metric.head": ("head row change", "헤드 행의 변화"),
    "perturb.metric.other": ("other table changed", "다른 테이블도 바뀜"),
    "perturb.next_token": ("Next token after “{prompt}”", "“{prompt}” 다음에 올 토큰"),
    "perturb.col.rank": ("rank", "순위"),
    "perturb.col.before": ("before", "바꾸기 전"),
    "perturb.col.p_before": ("p before", "바꾸기 전 확률"),
    "perturb.col.after": ("after", "바꾼 후"),
    "perturb.col.p_after": ("p after", "바꾼 후 확률"),
    "perturb.same_top5": ("The top-5 is exactly the same before and after. ",
                          "상위 5개 토큰이 바꾸기 전과 후에 똑같습니다. "),
    "perturb.run_on": ("Run on {describe}; change: {change}. ", "실행한 모델: {describe}. 변경: {change}. "),
    "perturb.restored": ("The model's rows were put back exactly afterwards.",
                         "실행 뒤 모델의 행을 정확히 원래대로 되돌렸습니다."),
    "perturb.not_restored": ("Warning: the model's rows could not be put back exactly.",
                             "경고: 모델의 행을 정확히 원래대로 되돌리지 못했습니다."),
    "perturb.no_model": (
        "No model can run, so there is no next-token prediction: {note}. The change was made on copies of the "
        "stored tensors.",
        "실행할 수 있는 모델이 없어 다음 토큰 예측은 보여 드릴 수 없습니다: {note}. 변경은 저장된 텐서의 "
        "사본에 했습니다."),
    "perturb.notebook": ("The same in a notebook", "노트북에서 똑같이 해 보기"),
    "perturb.notebook_caption": ("Runs as is in this project's environment and prints the numbers shown here.",
                                 "이 프로젝트의 환경에서 그대로 실행되며, 여기 보이는 숫자를 출력합니다."),
    "perturb.spinner": ("Changing the row and running the prompt before and after ...",
                        "행을 바꾸고, 바꾸기 전과 후에 프롬프트를 실행하는 중입니다 ..."),
    # dashboard/forward/perturbation.py: the change as people read it, and the typed errors
    "perturb.describe.noise": ("noise (std {amount:g}, seed {seed})", "잡음 (표준편차 {amount:g}, 시드 {seed})"),
    "perturb.describe.zero": ("zero", "0으로 만들기"),
    "perturb.describe.scale": ("scale x {amount:g}", "{amount:g}배"),
    "perturb.stored_describe": ("copies of the tensors stored in {name}", "{name}에 저장된 텐서의 사본"),
    "perturb.note.encoder": ("{describe} has no output head (an encoder class)",
                             "{describe}에는 출력 헤드가 없습니다(인코더 클래스)"),
    "perturb.note.no_model": ("no model was given", "주어진 모델이 없습니다"),
    "perturb.note.id_prompt": (
        "no --prompt was given and {name} has no tokenizer to turn {default!r} into tokens, so the prompt is the "
        "token ids {prompt}, which include the changed row; give --prompt to choose another",
        "--prompt가 주어지지 않았고 {name}에는 {default!r}을(를) 토큰으로 바꿀 토크나이저가 없어서, 바꾼 행을 "
        "포함한 토큰 id {prompt}을(를) 프롬프트로 썼습니다. 다른 프롬프트를 쓰려면 --prompt를 주세요"),
    "err.perturb.unknown_change": ("unknown change {kind!r}; choose one of {choices}",
                                   "알 수 없는 변경 {kind!r}입니다. 다음 중 하나를 고르세요: {choices}"),
    "err.perturb.not_finite": ("the {kind} amount must be a finite number, got {amount}",
                               "{kind}의 값은 유한한 수여야 합니다. 받은 값: {amount}"),
    "err.perturb.noise_not_positive": ("the noise scale must be above 0, got {amount}; e.g. --noise 0.5",
                                       "잡음의 크기는 0보다 커야 합니다(받은 값: {amount}). 예: --noise 0.5"),
    "err.perturb.split_token": (
        "'{text}' is {count} tokens here ({pieces}); a row belongs to one token, so type one of them as #id{shared}",
        "'{text}': 이 모델의 어휘에서는 토큰 {count}개입니다({pieces}). 행 하나는 토큰 하나의 것이므로, 이 중 "
        "하나를 #id로 입력하세요.{shared}"),
    "err.perturb.byte_rows": (
        ". Pieces such as '<0xEA>' are UTF-8 bytes: such a row is shared by every character that holds the byte, "
        "so changing it changes all of them, not this word alone",
        " '<0xEA>' 같은 조각은 UTF-8 바이트입니다. 그런 행은 그 바이트를 가진 모든 글자가 함께 쓰므로, 바꾸면 이 "
        "단어만이 아니라 그 글자들이 모두 바뀝니다."),
    "err.perturb.no_head": (
        "{name} has no output head: it is an encoder or base model that outputs vectors, not next-token scores, "
        "so there is no second table to watch. Load a model that predicts tokens, e.g. tiny-gpt-pydocs (untied) "
        "or smollm2-135m (tied)",
        "{name}에는 출력 헤드가 없습니다. 다음 토큰의 점수가 아니라 벡터를 내놓는 인코더나 기본 모델이라서, "
        "지켜볼 두 번째 테이블이 없습니다. 토큰을 예측하는 모델을 불러오세요. 예: tiny-gpt-pydocs(공유되지 않음), "
        "smollm2-135m(공유됨)"),
    "err.perturb.head_missing": (
        "{name}'s output head is missing: {evidence}. A run would watch a random head, not a trained one. Load "
        "the checkpoint with its head saved (save_pretrained stores lm_head.weight), or a model that has one, "
        "e.g. tiny-gpt-pydocs (untied) or smollm2-135m (tied)",
        "{name}의 출력 헤드가 빠져 있습니다. {evidence}. 실행하면 학습된 헤드가 아니라 무작위 헤드를 지켜보게 "
        "됩니다. 헤드까지 저장된 체크포인트(save_pretrained는 lm_head.weight를 저장합니다)나 헤드가 있는 모델을 "
        "불러오세요. 예: tiny-gpt-pydocs(공유되지 않음), smollm2-135m(공유됨)"),
    "err.perturb.no_head_bare": (
        "{name} holds embedding tables only ({format}): no output head and no model around it, so there is no "
        "second table to watch. Load a model that predicts tokens, with its head or tied to its token table, "
        "e.g. tiny-gpt-pydocs (untied) or smollm2-135m (tied)",
        "{name}에는 임베딩 테이블만 있습니다({format}). 출력 헤드도, 함께 쓸 모델도 없어서 지켜볼 "
        "두 번째 테이블이 없습니다. 토큰을 예측하는 모델(출력 헤드가 있거나 토큰 임베딩 테이블과 공유하는 모델)을 "
        "불러오세요. 예: tiny-gpt-pydocs(공유되지 않음), smollm2-135m(공유됨)"),
    "err.perturb.model_no_head": ("{describe} has no output head to watch",
                                  "{describe}에는 지켜볼 출력 헤드가 없습니다"),
    "err.perturb.outside": ("#{token_id} is outside the model's tables ({rows:,} rows)",
                            "#{token_id}번 행은 모델의 테이블 밖에 있습니다(행 {rows:,}개)"),
    "err.perturb.unknown_table": (
        "unknown table {table!r}; choose token (the token embedding) or head (the output head)",
        "알 수 없는 테이블 {table!r}입니다. token(토큰 임베딩) 또는 head(출력 헤드)를 고르세요"),
}
