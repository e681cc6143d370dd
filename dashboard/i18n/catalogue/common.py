"""Messages shared by every page: the language switch, the app's name, the navigation."""

MESSAGES = {
    "app.title": ("Embedding Table Explorer", "임베딩 테이블 탐색기"),
    # The switch reads the same in both languages: a label that changed with the language would make
    # Streamlit see a new widget on the rerun after a switch.
    "language.switch": ("Language · 언어", "Language · 언어"),
    # {default}: the language this server opens in; {other}, {other_name}: the value that makes the other one
    # default. The help, unlike the label, is in the reader's language: Streamlit 1.67 knows a radio with a key by
    # its key alone (key_as_main_identity), so a help that changes with the language keeps the widget.
    "language.switch_help": (
        "Server default: {default}. To make {other_name} the default, start the server with {env}={other}.",
        "서버의 기본 언어: {default}. 기본 언어 바꾸기({other_name}): 서버를 {env}={other} 설정으로 시작하세요."),
    "nav.section.start": ("Start", "시작"),
    "nav.section.lessons": ("Lessons, hands-on", "직접 해 보는 수업"),
    "nav.section.explore": ("Explore the tables", "테이블 살펴보기"),
    "nav.section.training": ("Training and comparison", "학습과 비교"),
    "nav.overview": ("Overview", "개요"),
    "nav.load": ("Load a checkpoint", "체크포인트 불러오기"),
    "nav.lookup": ("The lookup, on real rows", "실제 행으로 보는 룩업"),
    "nav.similarity_quiz": ("Predict the similarity", "유사도 맞히기"),
    "nav.parameter_calculator": ("Parameter calculator", "파라미터 계산기"),
    "nav.perturb": ("Perturb and watch", "바꿔 보고 지켜보기"),
    "nav.initialisation": ("Where training starts", "학습의 출발점"),
    "nav.token_map": ("Token map", "토큰 지도"),
    "nav.neighbours": ("Nearest neighbours", "최근접 이웃"),
    "nav.similarity": ("Similarity heatmap", "유사도 히트맵"),
    "nav.positions": ("Positions", "위치 임베딩"),
    "nav.reorder": ("Sentence reorder", "문장 순서 바꾸기"),
    "nav.training": ("Training", "학습 과정"),
    "nav.compare": ("Compare two checkpoints", "두 체크포인트 비교"),
    "nav.undertrained": ("Under-trained tokens", "덜 학습된 토큰"),
}
