"""The few lines of PyTorch that redo the on-screen perturbation in a notebook.

Tests run them against :mod:`dashboard.forward.perturbation`. They bind ``shared``, ``token_change``,
``head_change``, ``before`` and ``after`` (top-5 ``(id, probability)`` lists; empty without a model).
"""

from __future__ import annotations

from pathlib import Path

from dashboard.checkpoints.bundled import find_bundled
from dashboard.forward.loading import BUILDERS
from dashboard.forward.perturbation import PerturbationResult
from dashboard.tables import EmbeddingTables

#: How each kind of file becomes a model in the notebook (keys of ``BUILDERS``), from ``path`` (a ``Path``).
_LOADERS = {
    "hf-folder": ("from transformers import AutoModelForCausalLM",
                  "model = AutoModelForCausalLM.from_pretrained(path, dtype=torch.float32)"),
    "gguf": ("from transformers import AutoModelForCausalLM",
             "model = AutoModelForCausalLM.from_pretrained(path.parent, gguf_file=path.name, dtype=torch.float32)"),
    "nanogpt": ("from dashboard.forward.nanogpt import gpt2_from_nanogpt, read_nanogpt_checkpoint",
                "model = gpt2_from_nanogpt(*read_nanogpt_checkpoint(path))  # nanoGPT -> transformers GPT-2"),
}

#: How the notebook finds the file: a bundled model by name (its install path is the server's), else by path.
_LOCATE = {
    "bundled": ("from dashboard.checkpoints import resolve_source",
                "path, _ = resolve_source({name!r})  # bundled: `python -m dashboard models` lists it"),
    "path": ("from pathlib import Path", "path = Path({path!r})"),
    # An upload's server path is one session's temporary folder: name it as the reader has it.
    "upload": ("from pathlib import Path",
               "path = Path({path!r})  # your upload beside this notebook: the file, the zip unzipped, or a folder "
               "of the files"),
}

_MODEL_TABLES = '''token_table = model.get_input_embeddings().weight  # {token_shape}
head = model.get_output_embeddings().weight  # {head_shape}'''

_STORED_TABLES = '''from dashboard.checkpoints import load_tables

tables = load_tables({source!r})  # no model to run: the stored tensors
token_table = torch.tensor(tables.token)  # {token_shape}
head = token_table  # a tied head stored once is the token table itself
if tables.output_head is not None:  # a head stored on its own
    head = torch.tensor(tables.output_head)  # {head_shape}'''

_TOP5 = '''ids = torch.tensor([[{ids}]])  # {prompt!r}


def top5():
    with torch.no_grad():
        logits = model(input_ids=ids).logits[0, -1]
    probs = logits.double().softmax(-1)
    return [(int(i), float(p)) for p, i in zip(*probs.topk(5))]
'''

_CHANGES = {
    "noise": ("noise = torch.randn({d_model}, generator=torch.Generator().manual_seed({seed}))\n"
              "    {table}[token_id] += {amount!r} * noise"),
    "zero": "{table}[token_id] = 0.0",
    "scale": "{table}[token_id] *= {amount!r}",
}


def bundled_name(tables: EmbeddingTables) -> str | None:
    """The bundled model's name if ``tables`` were loaded by name or alias (not by path), else ``None``."""
    bundled = find_bundled(tables.source)
    if bundled is None or tables.model_path is None:
        return None
    return bundled.name if Path(bundled.path).resolve() == Path(tables.model_path).resolve() else None


def notebook_snippet(result: PerturbationResult, tables: EmbeddingTables, *, uploaded_as: str | None = None) -> str:
    """Python source, runnable in this project's environment, that makes ``result``'s change and prints its numbers.

    Args:
        uploaded_as: an upload's path as the uploader has it (``ckpt.pt``; ``gpt2`` for ``gpt2.zip``), named in
            place of the server's temporary path; ``None`` otherwise.
    """
    lines = ["import torch", ""]
    if result.route == "model":
        path = Path(tables.model_path)
        kind = next(name for name, builder in BUILDERS.items() if builder.detect(path))
        bundled = bundled_name(tables)
        locate_import, locate = _LOCATE["bundled" if bundled else "upload" if uploaded_as else "path"]
        load_import, load = _LOADERS[kind]
        lines += [locate_import, load_import, "", locate.format(path=uploaded_as or str(path), name=bundled), load,
                  _MODEL_TABLES.format(token_shape=tuple(result.token_shape), head_shape=tuple(result.head_shape)),
                  "", _TOP5.format(ids=", ".join(map(str, result.prompt_ids)), prompt=result.prompt)]
    else:
        lines += [_STORED_TABLES.format(source=uploaded_as or tables.source, token_shape=tuple(result.token_shape),
                                        head_shape=tuple(result.head_shape)), "",
                  "def top5():", "    return []  # no model: nothing predicts a next token", ""]
    change = _CHANGES[result.change.kind].format(
        table="token_table" if result.table == "token" else "head", amount=result.change.amount,
        d_model=result.token_shape[1], seed=result.change.seed)
    lines += [
        f"token_id = {result.token_id}  # {result.token}",
        "shared = token_table.data_ptr() == head.data_ptr()",
        "token_before = token_table[token_id].clone()",
        "head_before = head[token_id].clone()",
        "before = top5()",
        "with torch.no_grad():",
        f"    {change}",
        "token_change = (token_table[token_id] - token_before).abs().max().item()",
        "head_change = (head[token_id] - head_before).abs().max().item()",
        "after = top5()",
        "print(token_table.shape, head.shape, 'one storage:', shared)",
        "print('largest change, token row:', token_change, 'head row:', head_change)",
        "print('before:', before)",
        "print('after: ', after)",
    ]
    return "\n".join(lines) + "\n"
