"""The model card (``README.md``) and loss curve (``loss_curve.png``) of the shipped model.

Everything in the card is read from the saved folder and the training log
(``training_log.json``), so ``scripts/train_default_gpt.py --card-only``
rewrites it without training again. The one hand-made input is
:data:`RELATED`, the words a reader would accept as related to each frequent
word; a neighbour counts as related only when it is listed there.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd

from scripts.default_gpt.corpus import COPYRIGHT_NOTICE, DOCS_PACKAGE

#: Per frequent word (without the leading space): words judged related to it by
#: hand (inflections, synonyms, words of the same kind in Python's vocabulary),
#: for every word that could plausibly be among the ten. Case is ignored.
RELATED = {
    "object": {"objects", "instance", "instances", "value", "type", "class", "item", "element", "attribute",
               "entity", "thing"},
    "version": {"versions", "release", "releases", "python", "pep", "added", "changed", "deprecated", "revision"},
    "function": {"functions", "method", "methods", "callable", "procedure", "routine", "class", "module",
                 "decorator", "generator", "coroutine", "lambda", "builtin", "subroutine"},
    "module": {"modules", "package", "packages", "library", "submodule", "extension", "function", "class"},
    "used": {"use", "uses", "using", "usable", "employed", "applied", "needed", "required", "called", "passed",
             "invoked", "written", "given", "provided", "created"},
    "file": {"files", "directory", "directories", "folder", "path", "stream", "filename", "socket", "pipe",
             "archive", "buffer", "document"},
    "value": {"values", "object", "number", "result", "argument", "integer", "string", "item", "element",
              "attribute", "variable", "parameter", "instance", "tuple", "key"},
    "method": {"methods", "function", "functions", "attribute", "property", "callable", "procedure", "operation",
               "class", "classmethod", "staticmethod", "constructor"},
    "string": {"strings", "bytes", "character", "characters", "text", "str", "sequence", "unicode", "integer",
               "number", "list", "tuple", "buffer", "literal", "substring", "name", "line", "path"},
    "class": {"classes", "subclass", "superclass", "type", "types", "object", "instance", "method", "function",
              "metaclass", "module", "interface", "structure"},
    "return": {"returns", "returned", "returning", "yield", "raise", "produce", "give", "call"},
    "default": {"defaults", "optional", "initial", "value", "fallback", "standard", "specified"},
    "argument": {"arguments", "parameter", "parameters", "keyword", "option", "value", "operand", "input"},
    "data": {"bytes", "content", "contents", "information", "buffer", "text", "input", "output", "stream", "value"},
    "example": {"examples", "instance", "sample", "demonstration", "illustration", "recipe", "case"},
    "type": {"types", "class", "kind", "object", "subtype", "instance", "form"},
    "name": {"names", "attribute", "identifier", "label", "title", "key", "variable", "path", "filename"},
    "list": {"lists", "tuple", "sequence", "array", "dict", "dictionary", "set", "iterable", "string", "items"},
    "python": {"pythons", "cpython", "interpreter", "language", "pep", "version"},
    "exception": {"exceptions", "error", "errors", "warning", "raise", "raised", "traceback"},
}


def word_of(token: str) -> str:
    """``Ġfunction`` -> ``function`` (byte-level BPE marks a leading space with ``Ġ``)."""
    return token.removeprefix("Ġ").lower()


def related_hits(word: dict) -> list[str]:
    """The neighbours of a frequent word that are listed in :data:`RELATED` for it."""
    accepted = RELATED.get(word_of(word["token"]), set())
    return [word_of(n["token"]) for n in word["neighbours"] if word_of(n["token"]) in accepted]


def loss_frame(history: dict, window: int = 25) -> pd.DataFrame:
    """Tidy loss curve: columns ``step``, ``loss`` (nats per token), ``series``.

    The training loss is a trailing mean over ``window`` steps (single-batch
    losses are noisy); the validation loss is the fixed held-out set.
    """
    train = pd.Series(history["train_loss"]).rolling(window, min_periods=1).mean()
    frames = [
        pd.DataFrame({"step": np.arange(1, len(train) + 1), "loss": train.to_numpy(),
                      "series": f"training (mean of last {window} steps)"}),
        pd.DataFrame({"step": [s for s, _ in history["val_loss"]], "loss": [v for _, v in history["val_loss"]],
                      "series": "validation, averaged weights"}),
        pd.DataFrame({"step": [s for s, _ in history.get("raw_val_loss", [])],
                      "loss": [v for _, v in history.get("raw_val_loss", [])], "series": "validation, trained weights"}),
    ]
    return pd.concat(frames, ignore_index=True)


def position_cosine_frame(history: dict) -> pd.DataFrame:
    """Adjacent-position cosine during training: columns ``step``, ``cosine`` in [-1, 1], ``weights``."""
    rows = [(s, c, label) for key, label in (("position_cosine", "averaged (shipped)"), ("raw_position_cosine", "trained"))
            for s, c in history.get(key, []) if c is not None]
    return pd.DataFrame(rows, columns=["step", "cosine", "weights"])


def loss_curve_chart(losses: pd.DataFrame, cosines: pd.DataFrame):
    """Loss (left) and adjacent-position cosine (right) against the training step, drawn with the app's chart
    theme (importing :mod:`dashboard.charts` enables it), so the PNG is the same whatever ran before."""
    import altair as alt

    import dashboard.charts  # noqa: F401 - the theme every chart of the project is drawn with

    loss = alt.Chart(losses, title="Cross-entropy (nats per token)").mark_line(point=False).encode(
        x=alt.X("step:Q", title="training step", axis=alt.Axis(tickCount=6)),
        y=alt.Y("loss:Q", title="loss", scale=alt.Scale(zero=False)),
        color=alt.Color("series:N", title=None, legend=alt.Legend(orient="top-right")),
    ).properties(width=380, height=260)
    cosine = alt.Chart(cosines, title="Mean cosine of adjacent position rows").mark_line(point=True).encode(
        x=alt.X("step:Q", title="training step", axis=alt.Axis(tickCount=5)),
        y=alt.Y("cosine:Q", title="cosine", scale=alt.Scale(domain=[-1, 1])),
        color=alt.Color("weights:N", title=None, legend=alt.Legend(orient="bottom-right")),
    ).properties(width=260, height=260)
    return alt.hconcat(loss, cosine).resolve_scale(color="independent")


def _parameter_table(folder: Path) -> str:
    from dashboard.analysis.accounting import format_count, format_shape, format_share, parameter_rows, spec_from_tables
    from dashboard.checkpoints.hf_folder import read_hf_folder

    rows = parameter_rows(spec_from_tables(read_hf_folder(folder)))
    lines = ["| component | shape | parameters | share | note |", "| --- | ---: | ---: | ---: | --- |"]
    lines += [f"| {r.component} | {format_shape(r.shape)} | {format_count(r.parameters)} | {format_share(r.share)} "
              f"| {r.note} |" for r in rows]
    return "\n".join(lines)


def _file_sizes(folder: Path) -> str:
    files = sorted(p for p in folder.iterdir() if p.is_file() and p.name != "README.md")
    lines = ["| file | bytes |", "| --- | ---: |"] + [f"| `{p.name}` | {p.stat().st_size:,} |" for p in files]
    return "\n".join(lines)


def _snapshot_section(folder: Path, warmup_steps: int) -> str:
    """The "Training snapshots" section, read from ``training/`` (empty when the folder has none)."""
    import json

    from safetensors import safe_open

    from scripts.default_gpt.quality import adjacent_position_cosine

    snapshots = folder / "training"
    files = sorted(snapshots.glob("step-*.safetensors"))
    if not files:
        return ""
    log_path = snapshots / "training_log.json"
    made = json.loads(log_path.read_text()).get("made", {}) if log_path.is_file() else {}
    rows = ["| step | bytes | from | adjacent-position cosine |", "| ---: | ---: | --- | ---: |"]
    for path in files:
        with safe_open(str(path), framework="np") as handle:
            origin = handle.metadata().get("from", "training loop")
            position = handle.get_tensor("transformer.wpe.weight").astype(np.float32)
        cosine = f"{adjacent_position_cosine(position):.3f}" if (position != 0).any(axis=1).all() else "- (all zero)"
        rows.append(f"| {int(path.name[5:10]):,} | {path.stat().st_size:,} | {origin} | {cosine} |")
    total = sum(p.stat().st_size for p in snapshots.iterdir() if p.is_file())
    text = SNAPSHOTS.format(table="\n".join(rows), total=total, mib=total / 2**20, warmup_steps=warmup_steps)
    if made:
        text += SNAPSHOT_PROVENANCE.format(
            retrained=", ".join(f"{s:,}" for s in made["retrained_steps"]), retrain=made["retrain"], note=made.get("retrain_note", ""),
            compared=", ".join(f"{s:,}" for s in made["retrain_evaluations_compared"]),
            largest=made["retrain_largest_printed_difference"], precision=made["printed_precision"],
            shipped=", ".join(f"{s:,}" for s in made["from_shipped_model"]))
    return text


def _neighbour_table(words: list[dict]) -> tuple[str, int]:
    lines = ["| # | word | count in training split | 5 nearest neighbours (cosine) | related (judged) |",
             "| ---: | --- | ---: | --- | --- |"]
    hits = 0
    for rank, word in enumerate(words, 1):
        related = related_hits(word)
        hits += bool(related)
        shown = ", ".join(f"`{n['token'].replace('Ġ', '␣')}` {n['cosine']:.2f}" for n in word["neighbours"])
        lines.append(f"| {rank} | `{word['token'].replace('Ġ', '␣')}` | {word['count']:,} | {shown} | "
                     f"{', '.join(related) or 'none'} |")
    return "\n".join(lines), hits


def _cosine_milestones(history: dict) -> dict:
    """The shipped table's adjacent cosine at about a quarter of the run, and the first step at >= 0.5."""
    measured = [(step, c) for step, c in history["position_cosine"] if c is not None]
    early_step, cosine_early = measured[max(0, len(measured) // 4 - 1)]
    pass_step = next((step for step, c in measured if c >= 0.5), "-")
    return {"early_step": early_step, "cosine_early": cosine_early, "pass_step": pass_step}


def _position_profile(folder: Path) -> str:
    """Markdown table: mean cosine of position rows at several lags, raw and with the mean row removed."""
    from dashboard.checkpoints.hf_folder import read_hf_folder
    from scripts.default_gpt.quality import lag_position_cosine

    position = read_hf_folder(folder).position
    centred = position - position.mean(axis=0)
    lags = (1, 2, 4, 16, 64)
    lines = ["| rows apart | " + " | ".join(str(lag) for lag in lags) + " |", "| --- |" + " ---: |" * len(lags),
             "| mean cosine | " + " | ".join(f"{lag_position_cosine(position, lag):.3f}" for lag in lags) + " |",
             "| same, mean row removed | " + " | ".join(f"{lag_position_cosine(centred, lag):.3f}" for lag in lags)
             + " |"]
    return "\n".join(lines)


def _average_verdict(history: dict) -> str:
    """One sentence comparing averaged and trained validation loss, at the end and where the average helped most."""
    pairs = [(step, raw - averaged) for (step, averaged), (_, raw) in zip(history["val_loss"], history["raw_val_loss"])]
    best_step, best_gain = max(pairs, key=lambda pair: pair[1])
    final_gain = pairs[-1][1]
    if final_gain >= 0:
        return f"The average is the better of the two by {final_gain:.3f} nats per token."
    return (f"Here the average ends slightly worse (by {-final_gain:.3f} nats per token): once the learning rate "
            f"has decayed it mostly lags behind. It was ahead during the run, most at step {best_step} "
            f"(by {best_gain:.3f}); the shipped file is the average, as the script is written to keep.")


#: A full retrain on another machine, compared with the shipped files by the audit of issue 14 (2026-11-30).
RETRAIN_ELSEWHERE = {
    "elsewhere_date": "2026-11-30",
    "elsewhere_loss_diff": "5e-7",  # largest difference of any logged training or validation loss, nats per token
    "elsewhere_weight_diff": 0.008,  # largest absolute difference of any weight against model.safetensors shipped
    "elsewhere_cpu_minutes": 24,  # user + system CPU time of the whole command
}


def _cpu_note(history: dict) -> str:
    """The loop's CPU time beside the retrain elsewhere: CPU time, too, depends on the machine (16 here, 24 there)."""
    if "cpu_seconds" not in history:
        return ""
    share = history["cpu_seconds"] / history["seconds"]
    return (f"; {history['cpu_seconds'] / 60:.1f} CPU-minutes of the process, i.e. {share:.1f} cores busy on "
            f"average, on this machine; CPU time varies from machine to machine too: the retrain on another "
            f"machine used {RETRAIN_ELSEWHERE['elsewhere_cpu_minutes']} CPU-minutes (whole command)")


def write_card(folder: Path, log: dict) -> None:
    """Write ``loss_curve.png`` and ``README.md`` into the model folder.

    Args:
        folder: the saved Hugging Face folder.
        log: the training log (settings, corpus, history, metrics).
    """
    folder = Path(folder)
    history, settings, corpus, metrics = log["history"], log["settings"], log["corpus"], log["metrics"]
    loss_curve_chart(loss_frame(history), position_cosine_frame(history)).save(str(folder / "loss_curve.png"),
                                                                               scale_factor=1.5)
    table, hits = _neighbour_table(metrics["frequent_words"])
    cosine = metrics["adjacent_position_cosine"]
    text = CARD.format(
        name=log["name"], package=DOCS_PACKAGE, notice=COPYRIGHT_NOTICE, corpus_bytes=corpus["bytes"],
        pages=corpus["pages"], train_pages=corpus["train_pages"], val_pages=corpus["validation_pages"],
        train_tokens=corpus["train_tokens"], val_tokens=corpus["validation_tokens"],
        bytes_per_token=corpus["bytes"] / (corpus["train_tokens"] + corpus["validation_tokens"]),
        tokens_seen=settings["steps"] * settings["batch_size"] * settings["n_positions"],
        epochs=settings["steps"] * settings["batch_size"] * settings["n_positions"] / corpus["train_tokens"],
        parameters=_parameter_table(folder), profile=_position_profile(folder), files=_file_sizes(folder),
        snapshots=_snapshot_section(folder, settings["warmup_steps"]), neighbours=table, hits=hits,
        n_words=len(metrics["frequent_words"]), cosine=cosine, cosine_verdict="meets" if cosine >= 0.5 else "MISSES",
        max_diff=metrics["head_max_abs_diff"], verdict=metrics["tying_verdict"],
        val_loss=log["final_val_loss"], raw_val_loss=history["raw_val_loss"][-1][1],
        raw_cosine=history["raw_position_cosine"][-1][1], **_cosine_milestones(history),
        average_verdict=_average_verdict(history),
        ema_window=1 / (1 - min(settings["ema_decay"], (1 + settings["steps"]) / (10 + settings["steps"]))), perplexity=float(np.exp(log["final_val_loss"])),
        first_val=history["val_loss"][0][1], train_minutes=log["train_seconds"] / 60,
        total_minutes=log["total_seconds"] / 60, cpu_note=_cpu_note(history), torch=log["torch"],
        settings="\n".join(f"| `{k}` | {v} |" for k, v in settings.items()),
        run_notes="".join(f"\n- {note}" for note in log.get("notes", [])) or "\n- none",
        **RETRAIN_ELSEWHERE, **settings,
    )
    from scripts.default_gpt.compare_card import comparison_section

    text += comparison_section(folder / "training")  # empty until training snapshots are shipped
    (folder / "README.md").write_text(text, encoding="utf-8")


CARD = """\
# {name}

A small GPT of the kind the lessons build (microGPT, nanoGPT, GPT-2): causal,
with a **learned position table** and an **untied output head**, trained from
scratch on this project's 2-core CPU so that the explorer has a GPT-style
example beside all-MiniLM-L6-v2 (bidirectional, learned positions, no head)
and SmolLM2 (causal, rotary positions, tied head).

| | |
| --- | --- |
| Architecture | `transformers` `GPT2LMHeadModel`, `tie_word_embeddings=false` |
| Token table | {vocab_size:,} x {d_model} (`transformer.wte.weight`) |
| Position table | {n_positions} x {d_model}, learned (`transformer.wpe.weight`) |
| Output head | {vocab_size:,} x {d_model}, its own matrix (`lm_head.weight`): {verdict}, largest absolute difference from the token table {max_diff:.4g} |
| Blocks | {n_layer} layers, {n_head} heads, d_model {d_model}, MLP 4 x d_model, exact GELU, pre-LayerNorm |
| Corpus | prose of the Python 3.11 manual from Debian's `{package}` (PSF License Agreement) |
| Tokenizer | byte-level BPE, {vocab_size:,} entries, trained with `tokenizers` |
| Validation loss | **{val_loss:.3f}** nats per token (perplexity {perplexity:.1f}; {first_val:.2f} at initialisation), averaged weights |
| Adjacent-position cosine | **{cosine:.3f}** (bar: at least 0.5; {cosine_verdict} it) |
| Frequent words with a related neighbour | **{hits} of {n_words}** (bar: most) |
| Training time | {train_minutes:.1f} min wall-clock for the training loop ({total_minutes:.1f} min with corpus, tokenizer and saving) on {threads} CPU threads{cpu_note} |

## Corpus and licence

The English prose of Python's documentation, version 3.11.2 as packaged by
Debian 12 (`{package}`). Install it, as root, with

    apt-get update && apt-get install -y {package}

The training script reads the Sphinx HTML under `/usr/share/doc/python3.11/html`
and stops with a message naming this command when it is missing. Cleaning
(`scripts/default_gpt/corpus.py`): only the text of `<p>` elements inside the
page body is kept, parsed with the standard library's `html.parser`; navigation,
signatures, tables, indexes and code blocks (`<pre>`) are dropped, inline code
names (`iter()`) keep their text. Result: {corpus_bytes:,} bytes of plain text
from {pages} pages, one paragraph per line. Every 20th page in sorted path order
is held out for validation: {train_pages} pages ({train_tokens:,} tokens) for
training, {val_pages} pages ({val_tokens:,} tokens) for validation.

**Licence.** The documentation is licensed under the PSF License Agreement
(see `/usr/share/doc/{package}/copyright` and the manual's *History and License*
page); code examples in it are also under the Zero-Clause BSD licence. The PSF
licence grants a worldwide licence to "prepare derivative works, distribute,
and otherwise use" the software and its documentation provided PSF's notice is
retained. This model and tokenizer are derivative works of that text and are
distributed under the same terms, with the notice:

> {notice}

## Tokenizer

Byte-level BPE like GPT-2's (`tokenizers` `models.BPE` with the `ByteLevel`
pre-tokenizer and decoder, `min_frequency=2`), trained on the training pages
only: {vocab_size:,} entries = the 256 byte symbols, one special token
`<|endoftext|>` (id 0, placed after every page, as in GPT-2) and the learned
merges. A word after a space starts with `Ġ` (shown as `␣` below). About
{bytes_per_token:.2f} bytes per token on this corpus. Files: `tokenizer.json`,
`tokenizer_config.json` (`AutoTokenizer` loads the folder).

## Parameters

From `python -m dashboard info models/{name}` (the explorer's own accounting):

{parameters}

## Training

    make train-default-gpt        # = python scripts/train_default_gpt.py

From scratch with seed {seed}: {steps:,} steps of {batch_size} random crops of
{n_positions} + 1 tokens from the concatenated training pages ({tokens_seen:,}
tokens, {epochs:.2f} passes over the training split). Random crops put every
token at every position, so all {n_positions} position rows get gradient on
every step. AdamW (betas 0.9, 0.95; weight decay {weight_decay} on matrices
only, as nanoGPT, the position table excepted), learning rate warmed up linearly over {warmup_steps} steps to
{learning_rate} then cosine-decayed to {min_learning_rate}, gradient norm
clipped at {grad_clip}, no dropout. The validation loss is the mean over
{eval_batches} fixed batches of the held-out pages, every {eval_every} steps.

**Averaged weights.** The shipped weights are an exponential moving average
of the trained ones (Polyak averaging, as many training recipes ship) with
TensorFlow's decay schedule `min({ema_decay}, (1 + k) / (10 + k))` at update k,
which by the last step averages over roughly the last {ema_window:.0f} steps.
At the last step the weights the optimiser ended with have validation loss
{raw_val_loss:.3f} and adjacent-position cosine {raw_cosine:.3f}; the average
has {val_loss:.3f} and {cosine:.3f}. {average_verdict}

**The position table.** It starts at **zero**, as in minGPT, rather than
GPT-2's N(0, 0.02), so every value in it was written by training, and it is
not weight-decayed (minGPT's choice too). In a trial run with GPT-2's
initialisation the random start still dominated after 200 steps (adjacent
cosine 0.002): a run this short cannot wash it out. From zero, the table first
collects one direction shared by all rows plus step-to-step noise (the
gradient reaching row t is the sum over the batch of what the {batch_size}
tokens at position t want, mostly about the tokens), and the adjacent cosine
stays low ({cosine_early:.2f} at step {early_step}); it climbs once the model
starts to use positions, passing 0.5 at step {pass_step} (right panel). Other
trial runs (shorter schedules, no averaging) reached 0.149 after 400 steps at
this learning rate, -0.005 after 300 steps at 10 x the rate for the table, and
0.100 after 400 steps at 0.1 x. All other weights use GPT-2's initialisation.

**What is reproducible, and on what.** Everything random draws from the
seed. On one machine, with the same CPU, thread count ({threads}) and torch
version ({torch}), two runs of `scripts/train_default_gpt.py --steps 60`
wrote bit-identical `model.safetensors` files (same `sha256sum`), and
`tests/scripts/test_default_gpt.py` checks the same on a tiny model. On
another machine the weights are not the same file: a full retrain there
({elsewhere_date}, same script, seed and torch) gave the same tokenizer and
matched every logged loss to within {elsewhere_loss_diff}, but its weights
differed from the shipped ones by up to {elsewhere_weight_diff} (largest absolute
difference of any weight; floating-point sums round differently on another
CPU), and it used {elsewhere_cpu_minutes} CPU-minutes. Expect the tokenizer and
the loss curve, not byte-identical weights, unless the machine is the same.

Notes on this run (added to `training_log.json` by hand, with how each was measured):
{run_notes}

| setting | value |
| --- | --- |
{settings}

![loss curve and adjacent-position cosine during training](loss_curve.png)

## Quality bar

**Position table.** Mean cosine similarity between adjacent rows
(t, t+1) for t = 0..{n_positions}-2, over the whole trained context: **{cosine:.3f}**.
Rows drawn independently at random score about 0; a table that training has
shaped into a smooth curve scores near 1. The right panel above shows it
growing during training. Part of it is one direction that all rows share; the
profile below separates that from the part that changes with position (with
the mean row removed, rows a few positions apart are still alike, rows far
apart are not):

{profile}

**Token table.** The ten words were picked mechanically
(`scripts/default_gpt/quality.py`): the most frequent tokens in the training
split that are a whole word after a space (`Ġ` + lowercase ASCII letters), at
least 4 letters long, and not in scikit-learn's `ENGLISH_STOP_WORDS`. Their five
nearest neighbours by cosine similarity over the token table
(`transformer.wte.weight`, the input side), the word itself excluded. A
neighbour counts as related when it is in the list of related words written
down for that word in `scripts/default_gpt/card.py` (`RELATED`: inflections,
synonyms, words of the same kind); **{hits} of {n_words}** words have one.

{neighbours}
{snapshots}
## Files

{files}

`training_log.json` holds the settings, the per-step training loss, the
validation loss and adjacent cosine at every evaluation, and the measurements
above. The same weights are exported once in nanoGPT's `ckpt.pt` layout as
`tests/fixtures/{name}/ckpt.pt` for the reader tests.
"""

SNAPSHOTS = """
## Training snapshots

`training/` holds the three embedding tables (token `transformer.wte.weight`,
position `transformer.wpe.weight`, head `lm_head.weight`) at a few steps, one
bare safetensors state dict per step (`step-NNNNN.safetensors`, float16),
with a copy of the tokenizer so that each file opens on its own
(`python -m dashboard info models/tiny-gpt-pydocs/training/step-00000.safetensors`)
and a `training_log.json` of the per-step training loss. The explorer's
Training page steps through them. The steps are roughly doubling gaps, closer
early, where the tables move fastest (the learning rate peaks at step
{warmup_steps} and the loss falls most in the first few hundred steps); step 0
is the initialisation and the last the shipped model.

The tables are the **moving average** of the trained weights that the loop
keeps (what `model.safetensors` holds), not the raw trained weights: at
step 0 the two are the same (the initialisation), and the last snapshot equals
the shipped tables rounded to float16. Saving them only reads the model, so a
run writes the same weights with or without them (tested on a tiny run in
`tests/scripts/test_snapshots.py`).

{table}

Together {total:,} bytes ({mib:.1f} MiB).
"""

SNAPSHOT_PROVENANCE = """
How these were made: steps {retrained} come from a retrain, `{retrain}` ({note}); its printed evaluations at steps {compared} agree
with the shipped run's log to within {largest} (the printout has {precision}
precision). Step {shipped} is the shipped `model.safetensors` itself, rounded to
float16. A full `make train-default-gpt` writes every step from one run.
"""
