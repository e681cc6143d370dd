"""Messages of the Under-trained tokens page and of dashboard.training.undertrained."""

MESSAGES = {
    # dashboard/training/undertrained.py
    "undertrained.indicator.cosine": ("E_out cosine distance w/o 1st PC", "E_out 코사인 거리(첫 주성분 제거)"),
    "undertrained.indicator.norm": ("E_in L2 norm", "E_in L2 노름"),
    "undertrained.table.token": ("token table", "토큰 임베딩 테이블"),
    "undertrained.table.head": ("output head", "출력 헤드"),
    "err.undertrained.no_unused": (
        "the cosine indicator needs rows known to be unused (reserved tokens such as [unused0], padding rows, or "
        "ids given with --unused); none are known for this checkpoint: give some, or use the norm indicator",
        "코사인 지표에는 쓰이지 않는다고 알려진 행이 필요합니다([unused0] 같은 예약 토큰, 채움 행, 또는 --unused로 "
        "준 id). 이 체크포인트에서는 그런 행을 알 수 없습니다. 직접 주거나 노름 지표를 쓰세요."),
    "err.undertrained.unused_range": (
        "unused ids must be between 0 and {last}, got {low} .. {high}",
        "쓰이지 않는 id는 0부터 {last} 사이여야 하는데, {low} .. {high}을(를) 받았습니다."),
    "err.undertrained.unknown_indicator": (
        "unknown indicator {indicator}; choose auto, {choices}",
        "알 수 없는 지표 {indicator}입니다. auto, {choices} 중에서 고르세요."),
    "err.undertrained.percentile": (
        "the threshold percentile must be between 0 and 100, got {percentile}",
        "문턱값 백분위수는 0과 100 사이여야 하는데, {percentile}을(를) 받았습니다."),
    # pages/undertrained.py
    "undertrained.title": ("Under-trained tokens", "덜 학습된 토큰"),
    "undertrained.caption": (
        "Tokens whose rows training barely touched (Land & Bartolo 2024, \"Fishing for Magikarp\", EMNLP), found "
        "with their indicator and their threshold: the rows at or below its {percentile} (the lowest {share:g}%) "
        "are candidates. Candidates are a list to check, not a verdict.",
        "학습이 거의 건드리지 않은 행의 토큰을 찾습니다. Land와 Bartolo(2024, \"Fishing for Magikarp\", EMNLP)의 "
        "지표와 문턱값을 씁니다. 지표 값이 {percentile}(아래에서 {share:g}%) 이하인 행이 후보입니다. 후보는 확인해 볼 "
        "목록일 뿐, 판정이 아닙니다."),
    "undertrained.indicator": ("Indicator", "지표"),
    "undertrained.radio.auto": ("auto ({choice})", "자동 ({choice})"),
    "undertrained.radio.cosine": ("cosine", "코사인"),
    "undertrained.radio.norm": ("norm", "노름"),
    "undertrained.indicator_help": (
        "cosine: {cosine}, for models whose head is the token table (tied). norm: {norm}, for untied models and "
        "checkpoints without a head.",
        "코사인: {cosine}. 출력 헤드가 곧 토큰 임베딩 테이블인 모델, 즉 가중치 공유(weight tying) 모델에 씁니다. "
        "노름: {norm}. 가중치를 공유하지 않는 모델과 출력 헤드가 없는 체크포인트에 씁니다."),
    "err.undertrained.ids": ("{field} must be token ids separated by commas (like 100,101,102), got {text!r}",
                             "{field}에는 쉼표로 구분한 토큰 id를 적어야 합니다(예: 100,101,102). 받은 값: {text!r}"),
    "undertrained.unused": ("Rows known to be unused (cosine only)", "쓰이지 않는다고 알려진 행 (코사인 지표 전용)"),
    "undertrained.unused_placeholder": ("e.g. 100,101,102", "예: 100,101,102"),
    "undertrained.unused_help": (
        "Token ids that no text produces, the cosine indicator's reference. Empty: the reserved tokens ([unused0] "
        "...) and padding rows of the vocabulary.",
        "어떤 텍스트에서도 나오지 않는 토큰 id입니다. 코사인 지표가 기준으로 삼습니다. 비워 두면 어휘의 예약 "
        "토큰([unused0] ...)과 채움 행을 씁니다."),
    "undertrained.why.tied": ("{name}'s head is its token table ({tying})",
                              "{name}의 출력 헤드는 토큰 임베딩 테이블 그 자체입니다({tying})"),
    "undertrained.why.tied_no_unused": (
        "{name}'s head is its token table, but no row of it is known to be unused, which the cosine indicator "
        "measures against; the norm is this explorer's own fallback, not Land & Bartolo's choice (they compute it "
        "only for untied models): give ids known to be unused to use the cosine indicator",
        "{name}의 출력 헤드는 토큰 임베딩 테이블 그 자체이지만, 코사인 지표의 기준이 되는 쓰이지 않는 행이 알려져 "
        "있지 않습니다. 노름 지표는 이 탐색기가 스스로 고른 대안이며, Land와 Bartolo가 고르는 지표가 아닙니다(그들은 "
        "가중치를 공유하지 않는 모델에만 이 노름을 씁니다). 코사인 지표를 쓰려면 쓰이지 않는다고 알려진 id를 "
        "입력하세요"),
    "undertrained.why.untied": ("{name} has an untied head", "{name}의 출력 헤드는 가중치를 공유하지 않습니다"),
    "undertrained.why.no_head": ("{name} has no output head", "{name}에는 출력 헤드가 없습니다"),
    "undertrained.found_auto": (
        "**{indicator}** on the {table}, the automatic choice ({why}).",
        "{table}에 **{indicator}** 지표를 씁니다. 자동으로 고른 지표입니다({why})."),
    "undertrained.found_manual": (
        "**{indicator}** on the {table}, chosen by hand.",
        "{table}에 **{indicator}** 지표를 씁니다. 직접 고른 지표입니다."),
    "undertrained.meaning.cosine": (
        "Lower means more like the reference rows: cosine distance, after removing the first principal component, "
        "to the mean of {count:,} rows known to be unused.",
        "값이 낮을수록 기준 행과 닮았습니다. 첫 주성분을 뺀 뒤, 쓰이지 않는다고 알려진 {count:,}개 행의 평균까지 "
        "잰 코사인 거리입니다."),
    "undertrained.meaning.norm": (
        "Lower means a shorter row: a row that is never looked up gets no gradient, so training can only leave it "
        "at its initial length or shrink it (weight decay).",
        "값이 낮을수록 짧은 행입니다. 한 번도 룩업되지 않는 행은 기울기를 받지 못합니다. 그래서 학습은 그 행을 "
        "처음 길이 그대로 두거나 가중치 감쇠(weight decay)로 줄일 수만 있습니다."),
    # A tied head's row gets a gradient at every step (softmax over the whole vocabulary), looked up or not.
    "undertrained.meaning.norm_tied": (
        "Lower means a shorter row. In this model the row is also the output head's row, which every softmax step "
        "updates, whether or not its token occurs in the text: a row never looked up can still grow or shrink. So "
        "the list shows the rows training left shortest, which need not be tokens seen rarely; it cannot show that "
        "a row was never looked up, and it misses never-seen tokens whose rows grew.",
        "값이 낮을수록 짧은 행입니다. 이 모델에서는 이 행이 출력 헤드의 행이기도 해서, 소프트맥스를 계산하는 "
        "스텝마다 갱신됩니다. 그 토큰이 텍스트에 나오든 나오지 않든 마찬가지입니다. 그래서 한 번도 룩업되지 않는 "
        "행도 길어지거나 짧아질 수 있습니다. 그래서 이 목록은 학습 뒤 가장 짧게 남은 행을 보여 줄 뿐이고, 그 행의 "
        "토큰이 드물게 나온 토큰이라는 보장은 없습니다. 어떤 행이 한 번도 룩업되지 않았다는 것도 보여 주지 못하고, "
        "학습에 나오지 않았는데 행이 길어진 토큰은 놓칩니다."),
    # No head stored: whether one shared the table in training is not in the file.
    "undertrained.meaning.norm_no_head": (
        "Lower means a shorter row. This checkpoint stores no output head: if no head was tied to the table in "
        "training either, a row that is never looked up got no gradient, so training could only leave it at its "
        "initial length or shrink it (weight decay); a head tied to it in training (as BERT's masked-language-model "
        "head is) would have updated every row at every softmax step.",
        "값이 낮을수록 짧은 행입니다. 이 체크포인트에는 출력 헤드가 저장되어 있지 않습니다. 학습할 때도 이 테이블을 "
        "공유하는 출력 헤드가 없었다면, 한 번도 룩업되지 않는 행은 기울기를 받지 못했습니다. 그러면 학습은 그 행을 "
        "처음 길이 그대로 두거나 가중치 감쇠(weight decay)로 줄일 수만 있었습니다. 학습할 때 이 테이블을 공유하는 "
        "출력 헤드가 있었다면(BERT의 마스크 언어 모델 헤드처럼) 그 헤드가 소프트맥스를 계산하는 스텝마다 모든 행을 "
        "갱신했을 것입니다."),
    "undertrained.metric.candidates": ("candidates", "후보 수"),
    "undertrained.metric.threshold": ("threshold", "문턱값"),
    "undertrained.metric.threshold_help": (
        "The {percentile} of the indicator over the {rows:,} vocabulary rows that are not special tokens: "
        "{share:g}% of them lie at or below it.",
        "특수 토큰이 아닌 어휘 행 {rows:,}개에서 구한 지표의 {percentile}입니다. 그중 {share:g}%가 이 값 "
        "이하입니다."),
    "undertrained.metric.scored": ("rows scored", "점수를 매긴 행 수"),
    "undertrained.histogram_title": (
        "{indicator} of every row (dashed: the threshold; rows counted on a log scale)",
        "모든 행의 {indicator} — 점선: 문턱값, 행 수: 로그 스케일"),
    "undertrained.candidates_heading": ("The {count:,} candidates, most under-trained first",
                                        "후보 {count:,}개 (가장 덜 학습된 것부터)"),
    "undertrained.col.score": ("score", "점수"),
    "undertrained.col.category": ("category", "범주"),
    "undertrained.download": ("Candidates (CSV)", "후보 목록 (CSV)"),
    "undertrained.map_link": (
        "See them on the Token map (tick \"mark under-trained candidates\")",
        "토큰 지도에서 보기 (덜 학습된 후보를 표시하는 체크박스를 켜세요)"),
    "undertrained.cli": (
        "The same list from the command line: {command}. How well it finds known never-trained tokens is "
        "measured in {doc}.",
        "명령줄에서도 같은 목록을 얻습니다: {command}. 한 번도 학습되지 않은 것으로 알려진 토큰을 얼마나 잘 찾는지는 "
        "{doc}에 재어 두었습니다."),
}
