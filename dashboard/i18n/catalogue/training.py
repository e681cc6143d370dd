"""Messages of the Training page, its sentences (dashboard.training.text), its curves and charts."""

MESSAGES = {
    # pages/training.py
    "training.title": ("Training, step by step", "학습 과정, 스텝별로 보기"),
    "training.caption": (
        "A run's embedding tables at each saved step: what training did to the token table, the position table "
        "and the output head. Leave the folder empty for the bundled GPT's own training; or give a folder of one "
        "run: {layouts}.",
        "한 번의 학습에서 저장된 스텝마다 임베딩 테이블을 봅니다. 학습이 토큰 임베딩 테이블, 위치 임베딩 테이블, "
        "출력 헤드(`lm_head`)를 어떻게 바꾸었는지 볼 수 있습니다. 폴더를 비워 두면 함께 제공되는 GPT의 학습을 "
        "보여 줍니다. 직접 학습한 폴더를 줄 수도 있습니다. 다음 형식을 읽습니다: {layouts}."),
    "training.paths_off": (
        "Server paths are off on this server (EXPLORER_LOCAL_PATHS=off): this page shows the bundled GPT's run.",
        "이 서버에서는 서버 경로를 열 수 없습니다(EXPLORER_LOCAL_PATHS=off). 그래서 함께 제공되는 GPT의 학습을 "
        "보여 줍니다."),
    "training.folder_inside": ("Run folder inside {folder}", "학습 폴더 ({folder} 안)"),
    "training.folder_on_server": ("Run folder on the server", "서버의 학습 폴더"),
    "training.folder_placeholder": ("empty: the bundled GPT's run; or /path/to/out",
                                    "비워 두면 함께 제공되는 GPT의 학습, 또는 /path/to/out"),
    "training.folder_help": (
        "A folder holding the checkpoints of one run; empty: the bundled tiny-gpt-pydocs run.",
        "한 번의 학습에서 저장한 체크포인트가 든 폴더입니다. 비워 두면 함께 제공되는 tiny-gpt-pydocs의 학습을 "
        "봅니다."),
    "training.what_run_folder": ("run folder", "학습 폴더"),
    "training.no_such_folder": (
        "That folder does not exist on the server; give the folder that holds the run's checkpoints",
        "서버에 그런 폴더가 없습니다. 학습 체크포인트가 든 폴더를 주세요."),
    "training.run_line": (
        "**{name}**: {count} checkpoints ({layout}), steps {steps}.",
        "**{name}**: 체크포인트 {count}개, 형식은 {layout}입니다. 학습 스텝: {steps}."),
    "training.step": ("Step", "학습 스텝"),
    "training.play": ("Play", "재생"),
    "training.play_help": ("Show every step in turn from the first.", "첫 스텝부터 차례로 모든 스텝을 보여 줍니다."),
    "training.words": ("Words whose nearest neighbours to follow (comma-separated)",
                       "최근접 이웃을 따라가 볼 단어 (쉼표로 구분)"),
    "training.at_step": ("At step {step:,}", "학습 스텝 {step:,}"),
    "training.heatmap_title": ("Cosine between positions, step {step:,}", "위치 사이의 코사인 유사도, 스텝 {step:,}"),
    "training.position_zero": (
        "Every row of the position table is zero at this step, so no cosine is defined; the heatmap shows 0 for "
        "each pair.",
        "이 스텝에서는 위치 임베딩 테이블의 모든 행이 0입니다. 그래서 코사인 유사도를 정의할 수 없고, 히트맵은 "
        "모든 쌍을 0으로 보여 줍니다."),
    "training.no_position_table": ("This checkpoint has no learned position table ({kind}).",
                                   "이 체크포인트에는 학습된 위치 임베딩 테이블이 없습니다({kind})."),
    "training.norms_title": ("Row norms of the token table, step {step:,}", "토큰 임베딩 테이블의 행 노름, 스텝 {step:,}"),
    "training.loss_title": ("Loss, the shown step marked", "손실 (보고 있는 스텝 표시)"),
    "training.no_loss": ("No loss was logged with these checkpoints.", "이 체크포인트들에는 기록된 손실이 없습니다."),
    "training.neighbours_heading": (
        "**Nearest neighbours at step {step:,}** (cosine over the token table, {k} nearest)",
        "**스텝 {step:,}의 최근접 이웃** (토큰 임베딩 테이블에서 코사인 유사도로 가장 가까운 {k}개)"),
    "training.over_all_steps": ("Over all steps", "모든 스텝에 걸쳐"),
    "training.over_all_caption": (
        "One point per checkpoint. Distance from the first: the mean over rows of the L2 distance between a row "
        "and the same row at step {first:,}, in the units of the row norms. Token rows past the vocabulary "
        "(padding) are left out.",
        "점 하나가 체크포인트 하나입니다. 처음부터의 거리는 각 행과 스텝 {first:,}의 같은 행 사이 L2 거리를 "
        "모든 행에 걸쳐 평균 낸 값이고, 단위는 행 노름과 같습니다. 어휘 뒤에 붙은 채움 행은 뺍니다."),
    "training.head_tied": (
        "The output head is the token table itself ({tying}): it has no line of its own, the token table's is "
        "the head's too.",
        "출력 헤드는 토큰 임베딩 테이블 그 자체입니다({tying}). 따로 그린 선이 없고, 토큰 임베딩 테이블의 선이 곧 "
        "출력 헤드의 선입니다."),
    "training.y_adjacent": ("mean cosine of rows t, t + 1", "t번째와 t + 1번째 행의 평균 코사인 유사도"),
    "training.y_norm": ("mean L2 row norm", "평균 L2 행 노름"),
    "training.y_distance": ("mean L2 distance per row", "행마다의 평균 L2 거리"),
    "training.numbers": ("The numbers", "숫자로 보기"),
    "training.col.word": ("word", "단어"),
    "training.col.token": ("token", "토큰"),
    "training.col.neighbours": ("neighbours", "최근접 이웃"),
    "training.col.step": ("step", "학습 스텝"),
    "training.col.table": ("table", "테이블"),
    "training.col.measure": ("measure", "측정 항목"),
    # dashboard/training/text.py
    "training.weights.ema": (
        "Each snapshot holds the exponential moving average of the trained weights that the training loop keeps "
        "(the weights that ship as the model), rounded to float16; at step 0 that average is the initialisation. "
        "The training loss is of the trained weights on each step's batch, the validation loss of the averaged "
        "weights.",
        "각 스냅숏에는 학습 루프가 따로 유지하는 가중치의 지수 이동 평균이 float16으로 반올림되어 들어 있습니다. "
        "모델로 배포되는 가중치도 바로 이것입니다. 스텝 0에서 이 평균은 초기화 값 그대로입니다. 학습 손실은 각 "
        "스텝의 배치에서 학습 중인 가중치로 잰 값이고, 검증 손실은 평균 낸 가중치로 잰 값입니다."),
    "training.weights.nanogpt": (
        "The loss shown is each checkpoint's best_val_loss: the best validation loss nanoGPT had seen up to that "
        "step.",
        "보이는 손실은 각 체크포인트의 best_val_loss입니다. 그 스텝까지 nanoGPT가 본 가장 낮은 검증 손실입니다."),
    "training.weights.hf_trainer": (
        "The losses are the log_history of the last checkpoint's trainer_state.json.",
        "손실은 마지막 체크포인트의 trainer_state.json에 있는 log_history에서 가져옵니다."),
    "training.weights.saved": ("The checkpoints hold the weights as they were saved.",
                               "체크포인트에는 저장된 그대로의 가중치가 들어 있습니다."),
    "training.step.token_first": ("Token rows: mean L2 norm {norm:.4f}.", "토큰 행의 평균 L2 노름은 {norm:.4f}입니다."),
    "training.step.token": (
        "Token rows: mean L2 norm {norm:.4f}, on average {distance:.4f} from their value at step {first:,}.",
        "토큰 행의 평균 L2 노름은 {norm:.4f}이고, 스텝 {first:,}의 값에서 평균 {distance:.4f}만큼 멀어졌습니다."),
    "training.step.position_zero": (
        "Position table: every row is zero, so adjacent positions have no cosine yet.",
        "위치 임베딩 테이블은 모든 행이 0입니다. 그래서 이웃한 위치 사이의 코사인 유사도는 아직 없습니다."),
    "training.step.position": ("Mean cosine of adjacent position rows: {cosine:.3f}.",
                               "이웃한 위치 행 사이의 평균 코사인 유사도는 {cosine:.3f}입니다."),
    "training.step.both": ("{token} {position}", "{token} {position}"),
    # dashboard/training/curves.py
    "curves.table.token": ("token table", "토큰 임베딩 테이블"),
    "curves.table.position": ("position table", "위치 임베딩 테이블"),
    "curves.table.head": ("output head", "출력 헤드"),
    "curves.measure.norm": ("mean row norm", "평균 행 노름"),
    "curves.measure.distance": ("mean distance from first", "처음부터의 평균 거리"),
    "curves.measure.adjacent": ("adjacent-position cosine", "이웃한 위치의 코사인 유사도"),
    "curves.list": ("{first}, {then}", "{first}, {then}"),
    "err.curves.shapes": (
        "a table of shape {shape} cannot be compared row by row with one of shape {start}; every checkpoint of a "
        "run must have the same shapes",
        "모양이 {shape}인 테이블은 모양이 {start}인 테이블과 행끼리 비교할 수 없습니다. 한 학습의 체크포인트는 "
        "모두 모양이 같아야 합니다."),
    "err.curves.step_shapes": (
        "the {table} of the checkpoint at step {step} has shape {shape}, the first checkpoint's has shape {start}; "
        "every checkpoint of a run must have the same shapes (a vocabulary changed in the middle of a run is "
        "another run)",
        "스텝 {step} 체크포인트의 {table}은(는) 모양이 {shape}이고, 첫 체크포인트의 것은 {start}입니다. 한 학습의 "
        "체크포인트는 모두 모양이 같아야 합니다(학습 도중 어휘가 바뀌었다면 다른 학습입니다)."),
    "err.curves.tables": (
        "the checkpoint at step {step} has {now} but the first has {first}; every checkpoint of a run must hold the "
        "same tables",
        "스텝 {step}의 체크포인트에는 {now}이(가) 있지만 첫 체크포인트에는 {first}이(가) 있습니다. 한 학습의 "
        "체크포인트는 모두 같은 테이블을 가져야 합니다."),
    # dashboard/training/run_charts.py
    "chart.training.step": ("step", "학습 스텝"),
    "chart.training.shown_step": ("shown step", "보고 있는 스텝"),
    "chart.training.loss_axis": ("loss (nats per token)", "손실 (토큰당 nat)"),
    "chart.training.loss": ("loss", "손실"),
    "chart.training.split": ("split", "구분"),
    "chart.training.split.train": ("train", "학습"),
    "chart.training.split.validation": ("validation", "검증"),
    "chart.training.table": ("table", "테이블"),
    # The token map across steps (dashboard/maps/aligned.py)
    "training.aligned_heading": ("Token map across steps, on fixed axes", "스텝별 토큰 지도, 고정된 축 위에서"),
    "training.aligned_caption": (
        "PCA fitted on the token table of the last step ({basis:,}); the table of every step is projected on the same "
        "two axes, which explain {first:.1%} and {second:.1%} of step {basis:,}'s variance. The axes do not move "
        "between steps, so a token that moves here moved in the table. {shown} {origin}",
        "마지막 스텝({basis:,})의 토큰 테이블로 PCA를 맞추고, 모든 스텝의 테이블을 같은 두 축에 투영했습니다. 두 축은 "
        "스텝 {basis:,} 분산의 {first:.1%}와 {second:.1%}를 설명합니다. 축이 스텝마다 바뀌지 않으므로, 여기서 "
        "움직이는 토큰은 테이블 안에서 움직인 것입니다. {shown} {origin}"),
    "training.aligned_all_rows": ("All {rows:,} token rows are drawn.", "토큰 행 {rows:,}개를 모두 그렸습니다."),
    "training.aligned_sample": (
        "{shown:,} of {rows:,} token rows are drawn (a sample drawn with seed 0, the same at every step), and the "
        "tokens of the followed words always.",
        "토큰 행 {rows:,}개 중 {shown:,}개를 그렸습니다(시드 0으로 뽑은 표본, 모든 스텝에서 같음). 따라가는 단어의 "
        "토큰은 항상 그립니다."),
    "training.aligned_read": ("Read from the maps precompute wrote ({file}).",
                              "precompute가 써 둔 지도를 읽었습니다({file})."),
    "training.aligned_computed": (
        "Computed by this server (nothing was precomputed) and kept on disk; `python -m dashboard precompute RUN_FOLDER` "
        "computes it beforehand.",
        "미리 계산된 것이 없어 이 서버가 계산해 디스크에 저장했습니다. `python -m dashboard precompute 학습_폴더`로 "
        "미리 계산할 수 있습니다."),
    "training.aligned_too_large": (
        "This run is too large to align in the page ({values:,} values in its token tables, more than {limit:,}): "
        "compute it beforehand with `python -m dashboard precompute {folder}`, and this page reads it.",
        "이 학습 실행은 페이지에서 정렬하기에 너무 큽니다(토큰 테이블 값 {values:,}개, 한도 {limit:,}개). "
        "`python -m dashboard precompute {folder}`로 미리 계산하면 이 페이지가 읽어 옵니다."),
    "training.aligned_title": ("Token map at step {step:,}", "스텝 {step:,}의 토큰 지도"),
    "training.aligned_x": ("axis 1 of step {basis:,}", "스텝 {basis:,}의 축 1"),
    "training.aligned_y": ("axis 2 of step {basis:,}", "스텝 {basis:,}의 축 2"),
    "training.aligned_token": ("token", "토큰"),
    "err.aligned.too_small": (
        "the last step's token table has {rows} rows and {cols} columns: two axes need at least 3 rows and 2 columns",
        "마지막 스텝의 토큰 테이블이 {rows}행 {cols}열입니다. 두 축을 만들려면 3행 2열 이상이어야 합니다"),
    "err.aligned.shape": (
        "step {step}'s token table is {shape}, the last step's ({last}) is {last_shape}: a run whose vocabulary or "
        "width changed cannot be drawn on one pair of axes",
        "스텝 {step}의 토큰 테이블은 {shape}, 마지막 스텝({last})의 테이블은 {last_shape}입니다. 어휘나 폭이 바뀐 "
        "학습 실행은 한 쌍의 축 위에 그릴 수 없습니다"),
    "training_frames.spinner.aligned": ("Projecting every step on the last step's axes ...",
                                        "모든 스텝을 마지막 스텝의 축에 투영하는 중입니다 ..."),
}
