"""The Parameter calculator page (pages/parameter_calculator.py) and its frames (dashboard/ui/calculator_frames.py)."""

MESSAGES = {
    "calculator.title": ("Parameter calculator", "파라미터 계산기"),
    "calculator.caption": (
        "How many parameters the embedding tables of a model hold, and what share of the whole model they are, "
        "from its sizes alone: no weights needed. Every field can be edited; the preset only fills them in.",
        "모델의 임베딩 테이블에 파라미터가 몇 개 있는지, 그리고 그것이 모델 전체에서 어느 정도의 비율인지를 크기만으로 "
        "계산합니다. 가중치 파일은 필요 없습니다. 모든 칸은 고칠 수 있고, 프리셋은 값을 채워 줄 뿐입니다."),
    "calculator.preset": ("Preset", "프리셋"),
    "calculator.preset_help": (
        "The lesson's ANDREA-120M, GPT-2 small, or the sizes of the checkpoint loaded in the sidebar.",
        "수업에서 다룬 ANDREA-120M, GPT-2 small, 또는 사이드바에서 불러온 체크포인트의 크기를 채웁니다."),
    "calculator.preset.andrea": ("ANDREA-120M (the lesson)", "ANDREA-120M (수업의 예)"),
    "calculator.preset.gpt2_small": ("GPT-2 small (tied, 12 layers)", "GPT-2 small (공유됨, 12층)"),
    "calculator.preset_loaded": ("the loaded model ({name})", "불러온 모델 ({name})"),
    "calculator.vocab_size": ("vocab_size (V)", "어휘 크기(`vocab_size`, V)"),
    "calculator.vocab_size_help": ("Rows of the token embedding table: one per token of the vocabulary.",
                                   "토큰 임베딩 테이블의 행 수입니다. 어휘의 토큰마다 한 행씩 있습니다."),
    "calculator.d_model": ("d_model", "모델 차원(`d_model`)"),
    "calculator.d_model_help": ("Width of every table's rows.", "모든 테이블에 공통인 행의 길이입니다."),
    "calculator.n_positions": ("n_positions (T)", "컨텍스트 길이(`n_positions`, T)"),
    "calculator.n_positions_help": (
        "Rows of a learned position table; 0 for none (rotary or relative positions).",
        "학습된 위치 임베딩 테이블의 행 수입니다. 테이블이 없으면 0을 넣습니다(회전 위치 임베딩이나 상대 위치를 쓰는 "
        "모델)."),
    "calculator.n_token_types": ("token types", "토큰 타입 수"),
    "calculator.n_token_types_help": ("Rows of BERT's segment table (2); 0 for none.",
                                      "BERT의 세그먼트 테이블(토큰 타입 임베딩)의 행 수입니다(2). 없으면 0입니다."),
    "calculator.head": ("Output head", "출력 헤드(`lm_head`)"),
    "calculator.head.untied": ("untied (its own matrix)", "공유되지 않음 (자기 행렬)"),
    "calculator.head.tied": ("tied (reuses the token table)", "공유됨 (토큰 임베딩 테이블을 다시 씀)"),
    "calculator.head.none": ("no head", "출력 헤드 없음"),
    "calculator.total": ("total parameters (0: unknown)", "전체 파라미터 수 (0: 모름)"),
    "calculator.total_help": ("Parameters of the whole model, as its authors give them.",
                              "모델을 만든 사람들이 밝힌, 모델 전체의 파라미터 수입니다."),
    "calculator.n_layer": ("layers (0: unknown)", "층 수 (0: 모름)"),
    "calculator.n_layer_help": (
        "Used only when the total is unknown: the total then follows from the GPT-2 block formula, "
        "12 d_model² + 13 d_model per layer (biases and two LayerNorms).",
        "전체 파라미터 수를 모를 때만 씁니다. 그때는 GPT-2 블록 공식으로 전체를 계산합니다. 층마다 "
        "12 d_model² + 13 d_model 개입니다(바이어스와 LayerNorm 두 개를 포함합니다)."),
    "calculator.total_from_layers": ("Total from the GPT-2 block formula with {n_layer} layers: {total}.",
                                     "GPT-2 블록 공식으로 층 {n_layer}개를 계산한 전체 파라미터 수: {total}."),
    "calculator.layers_unused": ("The total is given, so the number of layers is not used.",
                                 "전체 파라미터 수가 주어졌으므로 층 수는 쓰지 않습니다."),
    "calculator.where_title": ("Where the parameters are", "파라미터는 어디에 있을까요"),
    "calculator.token_share": (
        "The token table alone is {count} parameters ({vocab_size} x {d_model}), {share} of the total.",
        "토큰 임베딩 테이블 하나만으로 파라미터가 {count}개입니다({vocab_size} x {d_model}). 전체의 {share}입니다."),
    "calculator.token_no_total": (
        "The token table alone is {count} parameters ({vocab_size} x {d_model}); the total is unknown.",
        "토큰 임베딩 테이블 하나만으로 파라미터가 {count}개입니다({vocab_size} x {d_model}). 전체 파라미터 수는 "
        "알 수 없습니다."),
    "calculator.tying_title": ("The same model, head tied and untied",
                               "가중치 공유(weight tying): 같은 모델에서 출력 헤드를 공유할 때와 공유하지 않을 때"),
    "calculator.untying": (
        "Untying the head adds one more {vocab_size} x {d_model} matrix: **{count}** parameters; everything else "
        "stays the same.",
        "출력 헤드를 공유하지 않으면 {vocab_size} x {d_model} 행렬이 하나 더 생깁니다. 파라미터가 **{count}**개 "
        "늘어나고, 나머지는 그대로입니다."),
    "calculator.cli": ("On the command line: {command}", "명령줄에서는 이렇게 씁니다: {command}"),
    "calculator.col.component": ("component", "구성 요소"),
    "calculator.col.shape": ("shape", "모양"),
    "calculator.col.parameters": ("parameters", "파라미터 수"),
    "calculator.col.share_of_all": ("share of all parameters", "전체 중 비율"),
    "calculator.col.note": ("note", "설명"),
    "calculator.col.tied_parameters": ("tied: parameters", "공유됨: 파라미터 수"),
    "calculator.col.tied_share": ("tied: share", "공유됨: 비율"),
    "calculator.col.untied_parameters": ("untied: parameters", "공유되지 않음: 파라미터 수"),
    "calculator.col.untied_share": ("untied: share", "공유되지 않음: 비율"),
}
