"""Measure how each bundled model's tokenizer splits Korean; writes models/korean_splits.json.

Run: ``.venv/bin/python scripts/measure_korean_splits.py``. The sample is
``dashboard.analysis.hangul.KOREAN_SAMPLE``; ``tests/analysis/test_hangul.py``
recomputes the file and fails if it is stale.
"""

from __future__ import annotations

import json
import sys
from dataclasses import asdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

OUTPUT = ROOT / "models" / "korean_splits.json"


def measure() -> dict:
    """``{"sample": [...], "models": [summary...], "least": name}`` for every bundled model."""
    from dashboard.analysis.hangul import KOREAN_SAMPLE, least_splitting, split_hangul, summarise_splits
    from dashboard.checkpoints import load_tables
    from dashboard.checkpoints.bundled import BUNDLED
    from dashboard.checkpoints.tokenizer import load_tokenizer

    summaries = []
    for model in BUNDLED:
        tables = load_tables(model.name)
        tokenizer = load_tokenizer(tables)
        splits = [split_hangul(tokenizer, tables.vocabulary.display, text) for text in KOREAN_SAMPLE]
        summaries.append(summarise_splits(model.name, splits))
    return {"sample": list(KOREAN_SAMPLE),
            "models": [{**asdict(s), "tokens_per_syllable": round(s.tokens_per_syllable, 3)} for s in summaries],
            "least": least_splitting(summaries).model}


if __name__ == "__main__":
    OUTPUT.write_text(json.dumps(measure(), ensure_ascii=False, indent=1) + "\n")
    print(OUTPUT.read_text())
