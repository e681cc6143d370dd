"""The similarity lessons: the Similarity heatmap page and the "Predict the similarity" quiz.

:mod:`.analysis` (pairwise similarity; the heatmap is :mod:`dashboard.charts.similarity`), :mod:`.quiz` (the
activity, and whether the model on screen shows the lesson's claim), :mod:`.view_quiz_lesson`.
"""
