"""The "Where training starts" page (``pages/initialisation.py``), its sentences, charts and initialisations."""

MESSAGES = {
    "init.title": ("Where training starts: {name}", "학습의 출발점: {name}"),
    "init.caption": (
        "Before training, the entries of an embedding table are drawn at random (or, for some tables, set to "
        "zero). Here the loaded table's values and row norms stand beside the usual initialisations, computed for "
        "this model's d_model, and beside the bundled GPT's own tables at step 0.",
        "학습을 시작하기 전, 임베딩 테이블의 원소는 무작위로 뽑습니다(어떤 테이블은 0으로 둡니다). 이 페이지는 "
        "불러온 테이블의 값과 행 노름을 흔히 쓰는 초기화 방법과 나란히 보여 줍니다. 초기화는 이 모델의 d_model에 "
        "맞춰 계산했고, 함께 제공되는 GPT의 스텝 0 테이블도 옆에 둡니다."),
    "init.spinner": ("Measuring every value of the table's {rows:,} rows ...",
                     "테이블의 {rows:,}개 행에 있는 값을 모두 재는 중 ..."),
    "init.table.token": ("token table", "토큰 임베딩 테이블"),
    "init.table.head": ("output head", "출력 헤드"),
    "init.table.position": ("position table", "위치 임베딩 테이블"),
    "init.table_label": ("Table", "테이블"),
    "init.metric.std": ("std of the entries", "원소의 표준편차"),
    "init.metric.median": ("median row norm", "행 노름의 중앙값"),
    "init.metric.closest": ("nearest initialisation scale", "표준편차가 가장 가까운 초기화"),
    "init.metric.closest_help": (
        "By standard deviation, on a log scale. Training moves the values, so this does not say which "
        "initialisation the model started from.",
        "표준편차를 로그 스케일에서 비교합니다. 학습하면서 값이 바뀌므로, 모델이 어떤 초기화에서 시작했는지를 "
        "알려 주지는 않습니다."),
    "init.density_title": ("Entries of the {table}, beside N(0, σ) densities (σ: standard deviation)",
                           "{table}의 원소 값과 N(0, σ) 밀도 (σ: 표준편차)"),
    "init.loaded": ("loaded ({name}): {table}", "불러온 모델 ({name}): {table}"),
    "init.bundled_step0": ("bundled GPT at step 0: {table}", "함께 제공되는 GPT, 스텝 0: {table}"),
    "init.no_step0": ("The bundled GPT's step-0 tables are not available ({error}).",
                      "함께 제공되는 GPT의 스텝 0 테이블을 쓸 수 없습니다({error})."),
    "init.note.exact": (
        "Initialisation ranges are exact (a chi distribution with {d_model:,} degrees of freedom, scaled by the std).",
        "초기화의 범위는 정확히 계산한 값입니다(자유도 {d_model:,}인 카이 분포에 표준편차를 곱한 것)."),
    "init.note.width": (
        "The bundled GPT's tables are {width:,} wide, this model's {d_model:,}: its row norms belong to another "
        "width.",
        "함께 제공되는 GPT의 테이블 폭은 {width:,}, 이 모델은 {d_model:,}입니다. 그래서 그 행 노름은 다른 폭에서 "
        "잰 값입니다."),
    "init.and": (" and ", ", "),
    "init.note.zeros": (
        "The bundled GPT's {tables} at step 0 is all zeros (it starts at zero, as minGPT's did), so it has no "
        "place on a log scale.",
        "함께 제공되는 GPT에서는 스텝 0의 {tables} 값이 모두 0입니다(minGPT처럼 0에서 시작합니다). 그래서 "
        "로그 스케일에는 나타낼 수 없습니다."),
    "init.note.left_out": ("Left out: {names} (some rows have norm 0).", "빠진 항목: {names} (노름이 0인 행이 있습니다)."),
    "init.col.name": ("name", "이름"),
    "init.col.kind": ("kind", "종류"),
    "init.col.std": ("std", "표준편차"),
    "init.col.mean": ("mean", "평균"),
    "init.col.norm_low": ("row norm 5 %", "행 노름 5 %"),
    "init.col.norm_median": ("row norm median", "행 노름 중앙값"),
    "init.col.norm_high": ("row norm 95 %", "행 노름 95 %"),
    "init.kind.measured": ("measured", "측정값"),
    "init.kind.initialisation": ("initialisation", "초기화"),
    "init.who_uses": (
        "Each N(0, σ) here gives the standard deviation σ of the entries, not the variance. Who uses each: {uses}.",
        "여기서 N(0, σ)의 σ는 원소의 분산이 아니라 표준편차입니다. 각 초기화를 쓰는 곳: {uses}."),
    "init.used_by.gpt2": ("GPT-2, BERT and Llama in transformers (initializer_range 0.02)",
                          "transformers의 GPT-2, BERT, Llama (initializer_range 0.02)"),
    "init.used_by.torch": ("torch.nn.Embedding's default", "torch.nn.Embedding의 기본값"),
    "init.used_by.unit": ("σ = 1/√d_model: rows of norm about 1", "σ = 1/√d_model: 행 노름이 약 1"),
    "init.scaling_header": ("√d_model is a scale in the forward pass, not an initialisation",
                            "√d_model은 초기화가 아니라 순전파에서 곱하는 배율입니다"),
    # dashboard/lessons/initialisation/text.py
    "init.closest.zero": ("Every entry of the {table} is zero: it starts at zero, not at random.",
                          "{table}의 원소는 모두 0입니다. 무작위가 아니라 0에서 시작합니다."),
    "init.closest": (
        "The {table}'s entries have standard deviation {std:.4g} (mean {mean:.2g}) and its median row norm is "
        "{median:.4g}. Of the three initialisations, {best} is the closest in standard deviation: the table's is "
        "{ratio:.3g} times its {best_std:.4g}. Training moves the values, so this compares scales; it does not "
        "say which initialisation the model started from.",
        "{table}의 원소는 표준편차가 {std:.4g}(평균 {mean:.2g})이고, 행 노름의 중앙값은 {median:.4g}입니다. "
        "세 가지 초기화 가운데 표준편차가 가장 가까운 것은 {best}입니다. 이 테이블의 표준편차는 {best}의 "
        "표준편차 {best_std:.4g}의 {ratio:.3g}배입니다. 학습하면서 값이 바뀌므로 이것은 크기를 견준 것일 뿐, "
        "모델이 어떤 초기화에서 시작했는지를 알려 주지는 않습니다."),
    "init.scaling": (
        "In the original Transformer (Vaswani et al. 2017, section 3.4) the looked-up rows are multiplied by "
        "√d_model in the forward pass, before the position encoding is added; for this model's d_model of "
        "{d_model:,} that factor would be {factor:.4g}. It changes what the first block receives, not how the "
        "table is initialised or stored. ",
        "원래의 Transformer(Vaswani 외, 2017, 3.4절)는 순전파에서 룩업한 행에 √d_model을 곱한 다음 위치 "
        "인코딩을 더합니다. 이 모델은 d_model이 {d_model:,}이므로 그 배율은 {factor:.4g}입니다. 이 배율은 첫 "
        "블록이 받는 값을 바꿀 뿐, 테이블을 초기화하거나 저장하는 방식은 바꾸지 않습니다. "),
    "init.scaling.unknown": ("Whether {architecture} applies it is not recorded here.",
                             "{architecture} 아키텍처가 이 배율을 쓰는지는 여기에 기록되어 있지 않습니다."),
    "init.scaling.yes": ("{architecture} applies it: the first block receives √d_model × the token row.",
                         "{architecture} 아키텍처는 이 배율을 씁니다. 첫 블록은 √d_model × 토큰 행을 받습니다."),
    "init.scaling.no": (
        "{architecture} does not: its first block receives the stored rows unscaled (checked in transformers' "
        "modeling code).",
        "{architecture} 아키텍처는 이 배율을 쓰지 않습니다. 첫 블록은 저장된 행을 배율 없이 그대로 받습니다"
        "(transformers의 모델링 코드에서 확인했습니다)."),
    # BERT normalises the sum before its first block (the Lookup page shows it): "the stored rows" would be untrue.
    "init.scaling.no_layernorm": (
        "{architecture} does not: its first block receives LayerNorm(token row + position row + token-type row), "
        "with no √d_model factor anywhere on the way (checked in transformers' modeling code).",
        "{architecture} 아키텍처는 이 배율을 쓰지 않습니다. 첫 블록은 LayerNorm(토큰 행 + 위치 행 + 토큰 타입 행)을 "
        "받습니다. 그 사이 어디에서도 √d_model을 곱하지 않습니다(transformers의 모델링 코드에서 확인했습니다)."),
    # dashboard/lessons/initialisation/chart.py
    "init.chart.density": ("density", "밀도"),
    "init.chart.entry_value": ("entry value", "원소 값"),
    "init.chart.value": ("value", "값"),
    "init.chart.initialisation": ("initialisation", "초기화"),
    "init.chart.norm_axis": ("L2 row norm (log scale)", "L2 행 노름 (로그 스케일)"),
    "init.chart.name": ("name", "이름"),
    "init.chart.low": ("5 %", "5 %"),
    "init.chart.median": ("median", "중앙값"),
    "init.chart.high": ("95 %", "95 %"),
    "init.chart.norms_title": ("Row norms: 5 % to 95 % of rows, median as a dot",
                               "행 노름: 행의 5 %~95 % 범위, 점은 중앙값"),
    # dashboard/training/view_run.py (shown by the Training page)
    "training_frames.spinner.run": ("Finding the run's checkpoints ...", "학습 실행의 체크포인트를 찾는 중입니다 ..."),
    "training_frames.spinner.curves": ("Measuring every checkpoint of the run ...",
                                       "학습 실행의 체크포인트를 하나씩 재는 중입니다 ..."),
    "training_frames.spinner.step": ("Reading the checkpoint ...", "체크포인트를 읽는 중입니다 ..."),
    "training_frames.problem": ("{word}: {error}", "{word}: {error}"),
}
