"""The similarity lessons: the Similarity heatmap page and the "Predict the similarity" quiz.

:mod:`.analysis` (pairwise similarity; the heatmap is :mod:`dashboard.charts.similarity`), :mod:`.quiz`,
:mod:`.quiz_lesson` (does the model on screen show the lesson's claim), :mod:`.view_quiz_lesson`.
"""
