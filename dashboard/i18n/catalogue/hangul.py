"""What the model's vocabulary does with a Korean word (dashboard/ui/hangul_note.py)."""

MESSAGES = {
    "hangul.unknown": (
        "{model}'s WordPiece vocabulary lacks a letter of {text}, so its tokenizer turns that word into {unk}: "
        "one row shared by every word the vocabulary cannot spell. {consequence}",
        "{model}의 WordPiece 어휘에는 {text}을(를) 이루는 글자 가운데 없는 것이 있어서, 토크나이저가 그 단어를 {unk} "
        "하나로 바꿉니다. {unk}은(는) 어휘로 적을 수 없는 모든 단어가 함께 쓰는 행 하나입니다. {consequence}"),
    "hangul.unknown_words.many": (
        "{model}'s WordPiece vocabulary lacks a letter of {count} words of {text}, so its tokenizer turns each of "
        "them into {unk}: one row shared by every word the vocabulary cannot spell. {consequence}",
        "{model}의 WordPiece 어휘에는 {text}의 단어 {count}개를 이루는 글자 가운데 없는 것이 있어서, 토크나이저가 그 "
        "단어들을 각각 {unk} 하나로 바꿉니다. {unk}은(는) 어휘로 적을 수 없는 모든 단어가 함께 쓰는 행 하나입니다. "
        "{consequence}"),
    "hangul.unknown_words.one": (
        "{model}'s WordPiece vocabulary lacks a letter of one word of {text}, so its tokenizer turns that word into "
        "{unk}: one row shared by every word the vocabulary cannot spell. {consequence}",
        "{model}의 WordPiece 어휘에는 {text}의 단어 하나를 이루는 글자 가운데 없는 것이 있어서, 토크나이저가 그 단어를 "
        "{unk} 하나로 바꿉니다. {unk}은(는) 어휘로 적을 수 없는 모든 단어가 함께 쓰는 행 하나입니다. {consequence}"),
    "hangul.letters": (
        "{model}'s tokenizer (uncased WordPiece) first splits each Hangul syllable into its letters (jamo), so "
        "{text} (Hangul syllables: {syllables}) becomes {tokens} tokens: {pieces}. These rows stand for letters, not for "
        "the word. {consequence}",
        "{model}의 토크나이저(대소문자 구분 없는 WordPiece)는 한글 음절을 먼저 자모로 나눕니다. 그래서 {text} "
        "({syllables}음절)은(는) 토큰 {tokens}개가 됩니다: {pieces}. 이 행들은 단어가 아니라 자모를 나타냅니다. {consequence}"),
    "hangul.bytes": (
        "{model}'s byte-level BPE keeps much of {text} (Hangul syllables: {syllables}, 3 UTF-8 bytes each) as "
        "bytes: it becomes {tokens} tokens, {byte_pieces} of them bytes that are not text on their own: {pieces}. A byte "
        "row is shared by every character that holds that byte. {consequence}",
        "{model}의 바이트 수준 BPE는 {text} ({syllables}음절, 음절마다 UTF-8 3바이트)의 많은 부분을 바이트 그대로 "
        "둡니다. 토큰 {tokens}개가 되고, 그중 {byte_pieces}개는 그 자체로는 글자가 되지 못하는 바이트 조각입니다: {pieces}. "
        "바이트 행 하나는 그 바이트를 가진 모든 글자가 함께 씁니다. {consequence}"),
    "hangul.bytes_all": (
        "{model}'s byte-level BPE keeps {text} (Hangul syllables: {syllables}, 3 UTF-8 bytes each) as bytes: "
        "all {tokens} of its tokens are bytes that are not text on their own: {pieces}. A byte row is shared by "
        "every character that holds that byte. {consequence}",
        "{model}의 바이트 수준 BPE는 {text} ({syllables}음절, 음절마다 UTF-8 3바이트)을(를) 모두 바이트로 둡니다. "
        "토큰 {tokens}개 모두 그 자체로는 글자가 되지 못하는 바이트 조각입니다: {pieces}. 바이트 행 하나는 그 바이트를 "
        "가진 모든 글자가 함께 씁니다. {consequence}"),
    "hangul.pieces": (
        "{model}'s tokenizer splits {text} (Hangul syllables: {syllables}) into {tokens} pieces: {pieces}. {consequence}",
        "{model}의 토크나이저는 {text} ({syllables}음절)을(를) 조각 {tokens}개로 나눕니다: {pieces}. {consequence}"),
    "hangul.whole": (
        "{text} is one token of {model}'s vocabulary, so it has a row of its own.",
        "{text}은(는) {model} 어휘의 토큰 하나이므로 자기 행이 따로 있습니다."),
    "hangul.use.query": (
        "A word of several tokens is represented here by the mean of their rows, so its neighbours and "
        "similarities describe that mean, not a learned meaning of the word.",
        "여러 토큰으로 나뉜 단어는 여기서 그 행들의 평균으로 나타냅니다. 그래서 이웃과 유사도는 단어의 학습된 뜻이 "
        "아니라 그 평균을 보여 줍니다."),
    "hangul.use.query_unknown": (
        "Its row says nothing about this word; the page cannot show neighbours or similarities of it.",
        "이 행은 이 단어에 대해 아무것도 알려 주지 않으므로, 이 단어의 이웃이나 유사도는 보여 줄 수 없습니다."),
    "hangul.use.sentence": (
        "In the sentence each token takes its own position, so this text is {tokens} positions long.",
        "문장 안에서는 토큰마다 위치를 하나씩 차지하므로, 이 텍스트는 위치 {tokens}개 길이입니다."),
    "hangul.use.sentence_unknown": (
        "Every {unk} in the sentence reads the same row, so the model cannot tell those words apart.",
        "문장 속의 {unk}은(는) 모두 같은 행을 읽으므로, 모델은 그 단어들을 서로 구별할 수 없습니다."),
    "hangul.use.highlight": (
        "The highlight searches the token strings, and none is spelled like this text: search for one of its "
        "pieces instead (they are the rows the model reads for it).",
        "강조 검색은 토큰 문자열에서 찾는데, 이 텍스트와 똑같이 적힌 토큰은 없습니다. 대신 그 조각 가운데 하나를 "
        "검색하세요(모델이 이 텍스트를 읽을 때 쓰는 행들입니다)."),
    "hangul.use.highlight_unknown": (
        "The highlight searches the token strings; search for {unk} to find the one row this word reads.",
        "강조 검색은 토큰 문자열에서 찾습니다. 이 단어가 읽는 행 하나를 찾으려면 {unk}을(를) 검색하세요."),
    "hangul.least": (
        "Of the bundled models that keep every word, {best} splits Korean least: {rate:.2f} tokens per syllable "
        "on {texts} Korean words and sentences of the course (here, {model}: {here:.2f}{unknown}; measured in "
        "models/korean_splits.json).",
        "함께 제공되는 모델 가운데 단어를 잃지 않는 모델 중에서는 {best}이(가) 한국어를 가장 적게 쪼갭니다. 수업의 한국어 "
        "단어와 문장 {texts}개로 재면 음절당 토큰 {rate:.2f}개입니다(지금 모델 {model}: {here:.2f}개{unknown}. "
        "models/korean_splits.json에서 측정)."),
    "hangul.least_unknown": (
        ", and {count} of the {texts} became {unk}",
        ", 그리고 {texts}개 중 {count}개가 {unk}이(가) 됩니다"),
}
