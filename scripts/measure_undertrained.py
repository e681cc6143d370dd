"""Precision and recall of the under-trained-token candidates against ground truth we know.

    python scripts/measure_undertrained.py

Two checks, printed as a Markdown table (the figures of ``docs/undertrained.md``):

- ``tiny-gpt-pydocs`` (untied head, so Land & Bartolo's indicator is the token
  rows' L2 norm): truth = the token ids that never occur in its training split,
  from ``models/tiny-gpt-pydocs/token_counts.json``
  (``scripts/default_gpt/token_counts.py``). Also the head's cosine indicator,
  with half of those ids (even positions in id order) as the known-unused
  reference and the other half as the truth it must find.
- ``all-minilm-l6-v2`` (no head, so the L2 norm): truth = its ``[unused]`` rows.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from dashboard.analysis.token_categories import reserved_token_ids  # noqa: E402
from dashboard.training.undertrained import find_undertrained, precision_recall  # noqa: E402
from dashboard.checkpoints import load_tables  # noqa: E402
from scripts.default_gpt.token_counts import read_never_seen  # noqa: E402


def measure_row(model: str, truth_name: str, found, truth: np.ndarray, population: np.ndarray) -> str:
    """One Markdown row: model, indicator, truth, candidates and truth (both within ``population``), hits,
    precision, recall, the highest recall that many candidates allow, threshold."""
    truth = np.intersect1d(truth, np.flatnonzero(population))
    candidates = found.candidates[population[found.candidates]]
    precision, recall = precision_recall(candidates, truth)
    hits = len(np.intersect1d(candidates, truth))
    ceiling = min(1.0, len(candidates) / len(truth))  # a 2% threshold flags at most 2% of the rows
    return (f"| {model} | {found.name} ({found.table}) | {truth_name} | {len(candidates)} | {len(truth)} | "
            f"{hits} | {precision:.3f} | {recall:.3f} | {ceiling:.3f} | {found.threshold:.4f} |")


def main() -> int:
    print("| model | indicator | ground truth | candidates | true under-trained | found | precision | recall "
          "| highest possible recall | threshold |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    gpt = load_tables("tiny-gpt-pydocs")
    never = read_never_seen()
    found = find_undertrained(gpt)
    print(measure_row("tiny-gpt-pydocs", "never in the training split", found, never, found.population))
    reference, held_out = never[0::2], never[1::2]
    found = find_undertrained(gpt, "cosine", unused_ids=reference)
    population = found.population.copy()
    population[reference] = False  # the reference rows are given, not found
    print(measure_row("tiny-gpt-pydocs", "held-out half of never-in-training (other half: reference)",
                      found, held_out, population))
    minilm = load_tables("all-minilm-l6-v2")
    found = find_undertrained(minilm)
    print(measure_row("all-minilm-l6-v2", "[unused] rows", found, np.asarray(reserved_token_ids(minilm.vocabulary)),
                      found.population))
    return 0


if __name__ == "__main__":
    sys.exit(main())
