"""Spinner texts of cached functions whose spinner is fixed at decoration (shown in both languages)."""

MESSAGES = {
    "spinner.tokenizer": ("Reading the tokenizer ...", "토크나이저를 읽는 중 ..."),
    "spinner.forward_model": ("Building the whole model for a forward pass ...",
                              "순전파를 위해 모델 전체를 만드는 중 ..."),
    "spinner.reorder_run": ("Running both sentences through the model ...", "두 문장을 모델에 통과시키는 중 ..."),
}
