"""The similarity lessons: the Similarity heatmap page and the "Predict the similarity" quiz.

:mod:`.analysis` (pairwise similarity of a few chosen rows; the heatmap itself is
:mod:`dashboard.charts.similarity`, which the Neighbours page shares), :mod:`.quiz` (the quiz's pairs, guesses and
the model's answers), :mod:`.quiz_lesson` (whether the model on screen shows the lesson's claim, from its own
numbers), :mod:`.view_quiz_lesson` (the quiz's word on the lesson).
"""
