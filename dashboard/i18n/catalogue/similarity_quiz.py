"""The "Predict the similarity" page (pages/similarity_quiz.py) and the errors of
dashboard/lessons/similarity/quiz.py: the lesson "내적은 유사도를 측정합니다"."""

MESSAGES = {
    "quiz.title": ("Predict the similarity", "유사도 맞히기"),
    "quiz.caption": (
        "Guess first: are the two words of each pair similar for this model, or unrelated? "
        "Then reveal the cosine similarity and dot product of their token-table rows, and your score.",
        "먼저 짐작해 보세요. 이 모델이 보기에 각 쌍의 두 단어는 비슷할까요, 아니면 관계가 없을까요? 그다음 두 단어의 "
        "토큰 임베딩 테이블 행으로 구한 코사인 유사도와 내적, 그리고 내 점수를 확인합니다."),
    "quiz.pairs": ("Pairs, one a line, two words separated by a comma",
                   "단어 쌍: 한 줄에 한 쌍씩, 두 단어는 쉼표로 구분합니다"),
    "quiz.share": ("similar means: among the nearest ... % of the vocabulary",
                   "'비슷함'의 기준: 어휘 중 가장 가까운 몇 % 안에 드는지"),
    "quiz.share_help": (
        "The model's verdict for a pair (a, b): b's rank among a's neighbours by cosine, against every row of the "
        "token table. A fixed cosine threshold would not do: trained tables differ in how high their cosines run.",
        "쌍 (a, b)에 대한 모델의 판정은 순위로 정합니다. 토큰 임베딩 테이블의 모든 행을 a와의 코사인 유사도 순으로 "
        "세웠을 때 b가 몇 번째인지를 봅니다. 코사인 값에 고정된 기준선을 둘 수는 없습니다. 학습된 테이블마다 "
        "코사인 값이 전반적으로 얼마나 높은지가 다르기 때문입니다."),
    "quiz.guesses_title": ("1. Your guesses", "1. 내 짐작"),
    "quiz.pair_label": ("**{first}** and **{second}**", "**{first}** · **{second}**"),
    "quiz.guess.similar": ("similar", "비슷함"),
    "quiz.guess.unrelated": ("unrelated", "관계없음"),
    "quiz.reveal": ("Reveal the model's answer", "모델의 답 보기"),
    "quiz.reset": ("Start over", "처음부터 다시"),
    "quiz.unanswered": ("{unanswered} of {total} pairs still without a guess.",
                        "{total}쌍 가운데 {unanswered}쌍은 아직 짐작하지 않았습니다."),
    "quiz.all_answered": ("Every pair has a guess.", "모든 쌍을 짐작했습니다."),
    # No pair guessed yet: "all of them", not "6 of 6" (Korean "6쌍 가운데 6쌍").
    "quiz.none_answered.one": ("The pair has no guess yet.", "이 쌍은 아직 짐작하지 않았습니다."),
    "quiz.none_answered.many": ("None of the {total} pairs has a guess yet.", "{total}쌍 모두 아직 짐작하지 않았습니다."),
    "quiz.answers_title": ("2. What the model says", "2. 모델의 답"),
    "quiz.col.pair": ("pair", "쌍"),
    "quiz.col.guess": ("your guess", "내 짐작"),
    "quiz.col.cosine": ("cosine", "코사인 유사도"),
    "quiz.col.dot": ("dot", "내적"),
    "quiz.col.rank": ("rank among neighbours", "이웃 가운데 순위"),
    "quiz.col.verdict": ("model says", "모델의 판정"),
    "quiz.col.right": ("right?", "맞혔나요?"),
    "quiz.rank": ("{rank:,} of {total:,}", "{total:,}개 중 {rank:,}위"),
    "quiz.not_judged": ("not judged: byte pieces", "판정하지 않음: 바이트 조각"),
    "quiz.left_out": ("The pair **{first}** · **{second}** is left out: {error}.",
                      "**{first}** · **{second}** 쌍은 뺐습니다. {error}."),
    "quiz.not_judged_note": (
        "Pairs with a word this vocabulary spells only with UTF-8 byte pieces ({words}) are not judged, and not "
        "scored. Each byte row (such as `<0xEA>`) is shared by every character that holds the byte, so the mean of "
        "the pieces says little about the word's meaning: a high cosine here is no sign of similar meanings. The "
        "cosine and rank are shown all the same. Words that are whole tokens make a fair test.",
        "이 어휘가 UTF-8 바이트 조각으로만 적는 단어({words})가 든 쌍은 판정하지 않고 점수에도 넣지 않습니다. "
        "바이트 하나의 행(`<0xEA>` 같은)은 그 바이트를 가진 모든 글자가 함께 쓰므로, 조각들의 평균은 단어의 뜻을 거의 "
        "말해 주지 않습니다. 여기서 코사인 유사도가 높아도 뜻이 비슷하다는 표시가 아닙니다. 코사인 유사도와 순위는 "
        "그래도 보여 줍니다. 공정하게 시험하려면 토큰 하나로 된 단어를 쓰세요."),
    "quiz.yes": ("yes", "맞음"),
    "quiz.no": ("no", "틀림"),
    "quiz.score": ("Your score", "내 점수"),
    "quiz.score_value": ("{right} of {answered}", "{answered}쌍 중 {right}쌍 맞힘"),
    "quiz.no_guesses": ("no guesses", "짐작 없음"),
    "quiz.score_help": ("Guesses that match the model's verdict, out of the pairs you guessed.",
                        "짐작한 쌍 가운데 모델의 판정과 같은 쌍의 수입니다."),
    "quiz.threshold_caption": (
        "A pair (a, b) counts as similar when b is among a's {threshold:,} nearest rows by cosine "
        "({share:.2g}% of the vocabulary, both words' own rows left out); the rank says where b falls. "
        "Cosine is in [-1, 1]; the dot product also grows with the rows' lengths.",
        "b가 코사인 유사도로 a에 가장 가까운 행 {threshold:,}개 안에 들면, 쌍 (a, b)는 '비슷함'입니다(어휘의 "
        "{share:.2g}%이고, 두 단어 자신의 행은 빼고 셉니다). 순위는 b가 몇 번째인지를 보여 줍니다. 코사인 유사도는 "
        "[-1, 1] 범위에 있습니다. 내적은 두 행의 길이에 따라서도 커집니다."),
    "quiz.order": ("By cosine, most similar first: {order}.", "코사인 유사도가 높은 쌍부터: {order}."),
    "quiz.split_title": ("Words split into pieces", "여러 조각으로 나뉜 단어"),
    "quiz.split_text": (
        "**{word}** is {count} tokens ({pieces}). The model never looks up one row for it: it reads the pieces one "
        "at a time, at {count} positions, and only the blocks after the lookup can combine them. Here the mean "
        "of their rows stands in for the word: a stand-in that is no row of the table (its norm is {norm:.3f}, "
        "against a median row norm of {median:.3f}).",
        "**{word}** — 토큰 {count}개입니다({pieces}). 모델은 이 단어 하나를 위한 행을 꺼내 오지 않습니다. "
        "조각마다 행을 하나씩, {count}개 위치에서 따로 읽습니다. 조각들을 하나로 합치는 일은 룩업 다음의 블록들만 "
        "할 수 있습니다. 여기서는 조각 행들의 평균을 이 단어 대신 씁니다. 이 평균은 테이블의 어느 행도 아닙니다"
        "(노름은 {norm:.3f}이고, 행 노름의 중앙값은 {median:.3f}입니다)."),
    "quiz.lesson.fails": (
        "**This model does not show the lesson's claim**, that the token rows of related words (cat, dog, pet) "
        "lie closer together than those of unrelated ones. {reasons}",
        "**이 모델은 이 수업의 주장을 보여 주지 않습니다.** 주장은 관련된 단어(cat, dog, pet)의 토큰 행이 관련 없는 "
        "단어의 행보다 서로 가깝다는 것입니다. {reasons}"),
    "quiz.lesson.split": (
        "Its vocabulary of {vocab:,} tokens splits {split} of the lesson's {words} words into several pieces "
        "({pieces}); this page stands in for such a word with the mean of its pieces' rows, which is no row of the "
        "table: averaged pieces are not words.",
        "이 모델의 어휘(토큰 {vocab:,}개)는 수업의 단어 {words}개 가운데 {split}개를 여러 조각으로 나눕니다({pieces}). "
        "이 페이지는 그런 단어 대신 조각 행들의 평균을 쓰는데, 그 평균은 테이블의 어느 행도 아닙니다. 조각의 평균은 "
        "단어가 아닙니다."),
    "quiz.lesson.word_pieces": ("{word}: {count}", "{word}: {count}개"),
    "quiz.lesson.order": (
        "Its related pairs do not rank nearer than its unrelated ones: the farthest related pair, {related}, ranks "
        "{related_rank} among the neighbours (cosine {related_cosine:.2f}), the nearest unrelated pair, {unrelated}, "
        "ranks {unrelated_rank} (cosine {unrelated_cosine:.2f}).",
        "관련된 쌍이 관련 없는 쌍보다 가까운 순위에 오지 않습니다. 관련된 쌍 가운데 가장 먼 {related}은(는) 이웃 가운데 "
        "{related_rank}(코사인 유사도 {related_cosine:.2f})이고, 관련 없는 쌍 가운데 가장 가까운 {unrelated}은(는) "
        "{unrelated_rank}(코사인 유사도 {unrelated_cosine:.2f})입니다."),
    "quiz.lesson.offer": (
        "The bundled **{name}** shows it: it keeps {whole} of the lesson's {words} words whole, and its farthest "
        "related pair, {related}, ranks {related_rank}, nearer than its nearest unrelated pair, {unrelated}, at "
        "{unrelated_rank}.",
        "함께 제공되는 **{name}** 모델은 이 주장을 보여 줍니다. 수업의 단어 {words}개 가운데 {whole}개를 토큰 하나로 "
        "두고, 관련된 쌍 가운데 가장 먼 {related}({related_rank})도 관련 없는 쌍 가운데 가장 가까운 {unrelated}"
        "({unrelated_rank})보다 가깝습니다."),
    "quiz.lesson.switch": ("Open this page on {name}", "이 페이지를 {name} 모델로 열기"),
    "err.quiz.not_two_words": (
        "line {number} ('{line}') is not two words separated by a comma, e.g. cat, dog",
        "{number}번째 줄('{line}')은 쉼표로 구분한 두 단어가 아닙니다. 예: cat, dog"),
    "err.quiz.same_word": (
        "line {number} pairs '{word}' with itself; pick two different words",
        "{number}번째 줄의 두 단어가 똑같이 '{word}'입니다. 서로 다른 두 단어를 고르세요"),
    "err.quiz.no_pairs": ("type at least one pair, one a line, e.g. cat, dog",
                          "단어 쌍을 적어도 하나 입력하세요. 한 줄에 한 쌍씩 씁니다. 예: cat, dog"),
    "err.quiz.too_many": ("{count} pairs is more than one round holds; keep at most {most}",
                          "{count}쌍은 한 번에 풀기에 너무 많습니다. {most}쌍까지만 남기세요"),
    "err.quiz.share": ("the share of nearest rows that counts as similar must be in (0, 1], got {share}",
                       "'비슷함'으로 칠 가장 가까운 행의 비율은 (0, 1] 범위여야 합니다. 받은 값: {share}"),
    "err.quiz.same_tokens": ("'{first}' and '{second}' are the same tokens ({pieces}); pick two different words",
                             "'{first}', '{second}' 두 단어는 같은 토큰입니다({pieces}). 서로 다른 두 단어를 고르세요"),
    "err.quiz.zero_vector": (
        "'{first}' or '{second}' has an all-zero vector, which has no cosine; pick another word",
        "'{first}' 또는 '{second}'의 벡터는 모두 0이라 코사인 유사도를 구할 수 없습니다. 다른 단어를 고르세요"),
}
