"""Train the bundled GPT (``tiny-gpt-pydocs``) from scratch on the CPU and ship it.

    apt-get install -y python3.11-doc      # the corpus (PSF licence), once, as root
    make train-default-gpt                 # = python scripts/train_default_gpt.py

Writes ``models/tiny-gpt-pydocs/`` (Hugging Face folder, model card, loss
curve, training log) and the nanoGPT-style export
``tests/fixtures/tiny-gpt-pydocs/ckpt.pt``. Fixed seed; with the same thread
count the run is repeatable. ``--steps N --out DIR --fixture ''`` makes a short
trial run elsewhere; ``--card-only`` rewrites the card from a saved training log.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.default_gpt.corpus import CorpusMissingError, read_pages  # noqa: E402
from scripts.default_gpt.tokenizer import END_OF_TEXT, save_tokenizer, train_tokenizer  # noqa: E402

NAME = "tiny-gpt-pydocs"
VALIDATION_EVERY = 20  # every 20th page (sorted by path) is held out for validation
LOG_FILE = "training_log.json"
SNAPSHOT_FOLDER = "training"  # the tables at a few steps (scripts/default_gpt/snapshots.py)


def encode_pages(tokenizer, pages: list[str]) -> np.ndarray:
    """Token ids ``(n_tokens,)`` uint16 of the pages, each followed by ``<|endoftext|>``."""
    end = tokenizer.token_to_id(END_OF_TEXT)
    ids: list[int] = []
    for encoding in tokenizer.encode_batch(pages):
        ids.extend(encoding.ids)
        ids.append(end)
    return np.asarray(ids, dtype=np.uint16)


def measure(folder: Path, train_tokens: np.ndarray) -> dict:
    """The quality bar and the tying evidence, read back from the saved folder."""
    from dashboard.checkpoints.hf_folder import read_hf_folder
    from scripts.default_gpt.quality import adjacent_position_cosine, frequent_words, nearest_neighbours

    tables = read_hf_folder(folder, NAME)
    raw = list(tables.vocabulary.raw)
    words = []
    for token_id, count in frequent_words(train_tokens, raw, 10):
        neighbours = nearest_neighbours(tables.token, token_id, 5)
        words.append({"token_id": token_id, "token": raw[token_id], "count": count,
                      "neighbours": [{"token_id": i, "token": raw[i], "cosine": c} for i, c in neighbours]})
    return {
        "adjacent_position_cosine": adjacent_position_cosine(tables.position),
        "tying_verdict": tables.tying.verdict,
        "head_max_abs_diff": tables.tying.max_abs_diff,
        "frequent_words": words,
    }


def parse_overrides(items: list[str]) -> dict:
    """``["name=value", ...]`` -> TrainSettings overrides, each value cast to the field's default's type."""
    from scripts.default_gpt.training import TrainSettings

    defaults = TrainSettings().as_dict()
    overrides = {}
    for item in items:
        name, _, value = item.partition("=")
        if name not in defaults:
            raise SystemExit(f"error: --set {item}: unknown setting {name!r}; settings: {', '.join(defaults)}")
        overrides[name] = type(defaults[name])(value)
    return overrides


def main(argv: list[str] | None = None) -> int:
    from scripts.default_gpt.training import TrainSettings

    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=ROOT / "models" / NAME)
    parser.add_argument("--fixture", default=str(ROOT / "tests" / "fixtures" / NAME / "ckpt.pt"),
                        help="where to write the nanoGPT ckpt.pt ('' for nowhere)")
    parser.add_argument("--steps", type=int, default=TrainSettings.steps, help="training steps (trial runs)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="override one TrainSettings field for a trial run, e.g. --set position_init=normal")
    parser.add_argument("--card-only", action="store_true", help="rewrite README.md and the loss curve from the log")
    args = parser.parse_args(argv)
    if args.card_only:
        from scripts.default_gpt.card import write_card

        write_card(args.out, json.loads((args.out / LOG_FILE).read_text()))
        return 0
    try:
        return train_and_ship(args, replace(TrainSettings(), steps=args.steps, **parse_overrides(args.set)))
    except CorpusMissingError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


def train_and_ship(args, settings) -> int:
    import torch

    from scripts.default_gpt.card import write_card
    from scripts.default_gpt.nanogpt import nanogpt_checkpoint, write_nanogpt_checkpoint
    from scripts.default_gpt.snapshots import SnapshotWriter, write_run_log
    from scripts.default_gpt.training import build_model, train

    torch.set_num_threads(settings.threads)
    started = time.perf_counter()
    pages = read_pages()
    train_pages = [p for i, p in enumerate(pages) if i % VALIDATION_EVERY != VALIDATION_EVERY - 1]
    val_pages = [p for i, p in enumerate(pages) if i % VALIDATION_EVERY == VALIDATION_EVERY - 1]
    tokenizer = train_tokenizer(train_pages, settings.vocab_size)
    train_tokens, val_tokens = encode_pages(tokenizer, train_pages), encode_pages(tokenizer, val_pages)
    prepared = time.perf_counter() - started
    print(f"corpus: {len(pages)} pages, {sum(len(p.encode()) for p in pages):,} bytes; "
          f"tokens: {len(train_tokens):,} train, {len(val_tokens):,} validation ({prepared:.0f}s)")

    torch.manual_seed(settings.seed)
    model = build_model(settings)
    snapshots = SnapshotWriter(args.out / SNAPSHOT_FOLDER)
    history = train(model, train_tokens, val_tokens, settings, snapshots=snapshots)

    args.out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(args.out)
    save_tokenizer(tokenizer, args.out, settings.n_positions)
    # Beside the snapshots too: a reader finds a table's tokenizer only in its own folder.
    save_tokenizer(tokenizer, args.out / SNAPSHOT_FOLDER, settings.n_positions)
    final_val = history["val_loss"][-1][1]
    log = {
        "name": NAME,
        "settings": settings.as_dict(),
        "corpus": {"pages": len(pages), "train_pages": len(train_pages), "validation_pages": len(val_pages),
                   "bytes": sum(len(p.encode()) for p in pages),
                   "train_tokens": int(len(train_tokens)), "validation_tokens": int(len(val_tokens))},
        "history": history,
        "final_val_loss": final_val,
        "train_seconds": history["seconds"],
        "total_seconds": time.perf_counter() - started,
        "prepare_seconds": prepared,
        "torch": torch.__version__,
        "metrics": measure(args.out, train_tokens),
    }
    (args.out / LOG_FILE).write_text(json.dumps(log, indent=1) + "\n")
    write_run_log(args.out / SNAPSHOT_FOLDER, history, snapshots.saved)
    if args.fixture:
        write_nanogpt_checkpoint(nanogpt_checkpoint(model, iter_num=settings.steps, best_val_loss=final_val,
                                                    config=settings.as_dict()), Path(args.fixture))
    write_card(args.out, log)
    metrics = log["metrics"]
    print(f"final validation loss {final_val:.4f} nats/token; training {history['seconds']:.0f}s, "
          f"total {log['total_seconds']:.0f}s")
    print(f"adjacent-position cosine {metrics['adjacent_position_cosine']:.3f}; head vs token table: "
          f"{metrics['tying_verdict']}, largest |difference| {metrics['head_max_abs_diff']:.4g}")
    for word in metrics["frequent_words"]:
        print(f"  {word['token']:>14} ({word['count']:,}): " + ", ".join(n["token"] for n in word["neighbours"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
