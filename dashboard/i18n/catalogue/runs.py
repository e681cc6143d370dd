"""Messages of a training run's folder (dashboard.checkpoints.runs): its layouts and why a folder is not a run."""

MESSAGES = {
    "runs.layout.snapshots": ("step-NNNNN.safetensors snapshots", "이름에 스텝 번호가 든 스냅숏 파일(step-NNNNN.safetensors)"),
    "runs.layout.nanogpt": ("nanoGPT ckpt*.pt checkpoints (iter_num)", "nanoGPT가 저장한 체크포인트 파일(ckpt*.pt, 스텝은 iter_num에서 읽음)"),
    "runs.layout.hf_trainer": ("Hugging Face Trainer checkpoint-* folders (trainer_state.json)",
                               "Hugging Face Trainer가 저장한 체크포인트 폴더(checkpoint-*, 스텝은 trainer_state.json에서 읽음)"),
    "runs.layouts": ("{snapshots}; {nanogpt}; {hf_trainer}", "{snapshots}; {nanogpt}; {hf_trainer}"),
    "err.runs.no_step": (
        "step {step} has no checkpoint in {folder}; steps: {steps}",
        "{folder}에는 스텝 {step}의 체크포인트가 없습니다. 있는 스텝: {steps}"),
    "err.runs.bad_json": (
        "{file} is not readable JSON ({error}); write it again or remove it",
        "{file}은(는) 읽을 수 있는 JSON이 아닙니다(원문: {error}). 다시 쓰거나 지우세요."),
    "err.runs.log_not_object": (
        "{log} in {folder} is not a JSON object; write it again or remove it",
        "{folder}의 {log}은(는) JSON 객체가 아닙니다. 다시 쓰거나 지우세요."),
    "err.runs.not_nanogpt": (
        "{name} is not a nanoGPT checkpoint (no 'model' and 'model_args' entries); a run folder of ckpt*.pt files "
        "holds only what nanoGPT's train.py saves: move it out of the folder",
        "{name}은(는) nanoGPT 체크포인트가 아닙니다('model'과 'model_args' 항목이 없습니다). ckpt*.pt 파일로 된 "
        "학습 폴더에는 nanoGPT의 train.py가 저장한 파일만 둡니다. 이 파일을 폴더 밖으로 옮기세요."),
    "err.runs.no_iter_num": (
        "{name} has no whole-number iter_num ({step}), so its place in the run is unknown; save checkpoints with "
        "nanoGPT's train.py, which records iter_num",
        "{name}에는 정수 iter_num이 없어서({step}) 학습의 몇 번째 스텝인지 알 수 없습니다. iter_num을 기록하는 "
        "nanoGPT의 train.py로 체크포인트를 저장하세요."),
    "err.runs.no_global_step": (
        "{state} has no whole-number global_step, so the checkpoint's step is unknown; save the run with "
        "transformers' Trainer, which writes it",
        "{state}에 정수 global_step이 없어서 체크포인트의 학습 스텝을 알 수 없습니다. global_step을 기록하는 "
        "transformers의 Trainer로 저장하세요."),
    "err.runs.repeated_step": (
        "{first} and {second} are both at step {step}; a run has one checkpoint a step: move one of them out of "
        "the folder",
        "{first}와(과) {second}이(가) 모두 스텝 {step}입니다. 한 스텝에는 체크포인트가 하나만 있어야 합니다. 둘 중 "
        "하나를 폴더 밖으로 옮기세요."),
    "err.runs.not_folder": (
        "{folder} is not a folder; give the folder that holds the run's checkpoints",
        "{folder}은(는) 폴더가 아닙니다. 학습 체크포인트가 든 폴더를 주세요."),
    "err.runs.cannot_list": (
        "cannot list {folder} ({reason}); make it readable (chmod +rx)",
        "{folder}의 목록을 읽을 수 없습니다(원문: {reason}). 읽을 수 있게 권한을 바꾸세요(chmod +rx)."),
    "err.runs.no_layout": (
        "{folder} holds no checkpoints of a run; a run folder holds one of: {layouts}",
        "{folder}에는 학습 체크포인트가 없습니다. 학습 폴더에는 다음 중 하나가 있어야 합니다: {layouts}"),
    "err.runs.one_checkpoint": (
        "{folder} holds one checkpoint ({name}, step {step}); a run needs two or more: open a single checkpoint "
        "from the sidebar instead",
        "{folder}에는 체크포인트가 하나뿐입니다({name}, 스텝 {step}). 학습 과정을 보려면 둘 이상 필요합니다. "
        "체크포인트 하나는 사이드바에서 여세요."),
}
