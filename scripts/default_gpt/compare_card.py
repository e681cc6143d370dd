"""The model card's "Comparing training snapshots" section, measured with the explorer's ``compare``.

    python scripts/default_gpt/compare_card.py [TRAINING_FOLDER]   # prints the section

Reads ``training/step-NNNNN.safetensors`` beside the model (bare GPT-2 state
dicts, step 0 included) and compares, on each table, the first snapshot with
the last and the last two with each other, exactly as
``python -m dashboard compare A B --table T --json`` does. Without snapshots
the section is empty.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from dashboard.checkpoints import load_tables  # noqa: E402
from dashboard.errors import InvalidTableError  # noqa: E402
from dashboard.training.compare import compare_checkpoints  # noqa: E402

_STEP = re.compile(r"step-(\d+)\.safetensors$")


def find_snapshots(folder: Path) -> list[tuple[int, Path]]:
    """``(step, path)`` of every ``step-NNNNN.safetensors`` in ``folder``, by step."""
    found = [(int(m.group(1)), p) for p in Path(folder).glob("step-*.safetensors") if (m := _STEP.search(p.name))]
    return sorted(found)


def _row(label: str, a: Path, b: Path, table: str) -> str:
    try:
        result = compare_checkpoints(load_tables(a), load_tables(b), table).result
    except InvalidTableError:  # a zero-initialised position table at step 0 has nothing to align
        return f"| {label} | {table} | - | - | - | all rows equal in one snapshot (zero initialisation) |"
    return (f"| {label} | {table} | {result.procrustes_residual:.3f} | {result.cka:.3f} | "
            f"{result.mean_overlap:.3f} | |")


def comparison_section(folder: Path) -> str:
    """Markdown of the section for the snapshots in ``folder`` (``""`` when there are fewer than two)."""
    snapshots = find_snapshots(folder)
    if len(snapshots) < 2:
        return ""
    (first, first_path), (before, before_path), (last, last_path) = snapshots[0], snapshots[-2], snapshots[-1]
    pairs = [(f"step {first} vs step {last}", first_path, last_path)]
    if before != first:
        pairs.append((f"step {before} vs step {last}", before_path, last_path))
    rows = [_row(label, a, b, table) for label, a, b in pairs for table in ("token", "position", "head")]
    steps = ", ".join(str(step) for step, _ in snapshots)
    return f"""
## Comparing training snapshots

`python -m dashboard compare A B --table T --json` on the snapshots in `training/` (steps {steps}):
A is aligned onto B by orthogonal Procrustes after centring; the residual is
`||s A R - B||_F / ||B||_F` in [0, 1], CKA is linear CKA (Kornblith et al. 2019),
and the overlap is the mean share of each row's 10 nearest rows (centred cosine)
that both snapshots agree on (unrelated tables of 4,096 rows would share about
0.002, of 256 rows about 0.04). Made by `scripts/default_gpt/compare_card.py`.

| snapshots | table | Procrustes residual | linear CKA | 10-NN overlap | note |
| --- | --- | ---: | ---: | ---: | --- |
""" + "\n".join(rows) + "\n"


if __name__ == "__main__":
    print(comparison_section(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "models" / "tiny-gpt-pydocs" /
                             "training"))
