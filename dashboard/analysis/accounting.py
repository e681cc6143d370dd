"""Parameter accounting: how much of a model its embedding tables are, from loaded tables or a configuration.

A GPT-2 block (Radford et al. 2019; nanoGPT ``model.py``) has ``12 d^2 + 13 d`` parameters (attention
``4 d^2 + 4 d``, MLP ``8 d^2 + 5 d``, two LayerNorms ``4 d``), plus ``2 d`` for the final LayerNorm.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from dashboard.errors import SpecError
from dashboard.i18n import Text, msg
from dashboard.tables import EmbeddingTables

#: Canonical names of the tables, as used in the CLI's JSON ``tables`` list.
TABLE_NAMES = ("token", "position", "token_type", "output_head")


@dataclass(frozen=True)
class ModelSpec:
    """Shapes of the embedding tables and what is known of the rest.

    ``vocab_size``, ``n_positions``, ``n_token_types``: rows of the token, position and token-type (BERT: 2) tables,
    0 for none, each ``d_model`` wide; ``head``: ``"tied"``, ``"untied"`` or ``"none"`` (``head_equal``: stored but
    equal to the token table); ``total_parameters`` when known, else ``n_layer`` GPT-2-style blocks to derive it;
    ``position_offset``: position rows stored before position 0 (OPT: 2), counted in the position row.
    """

    vocab_size: int
    d_model: int
    n_positions: int = 0
    n_token_types: int = 0
    head: str = "tied"
    total_parameters: int | None = None
    n_layer: int | None = None
    head_equal: bool = False
    position_offset: int = 0

    def resolved_total(self) -> int | None:
        """``total_parameters``, or the GPT-2 formula's total when only ``n_layer`` is known."""
        if self.total_parameters is not None:
            return self.total_parameters
        if self.n_layer is None:
            return None
        d = self.d_model
        embeddings = (self.vocab_size + self.n_positions + self.n_token_types) * d
        head = self.vocab_size * d if self.head == "untied" else 0
        return embeddings + self.n_layer * (12 * d * d + 13 * d) + 2 * d + head


@dataclass(frozen=True)
class ParameterRow:
    """One line of the accounting table.

    ``name``: ``token``, ``position``, ``token_type``, ``output_head``, ``embeddings`` (inputs), ``other`` or
    ``total``; ``component``, ``note``: label and remark (catalogue messages; ``note`` may be ``""``); ``shape``:
    ``(rows, d_model)`` or ``None``; ``parameters``: what this row adds (0 for a tied head); ``share``:
    ``parameters / total`` in [0, 1], ``None`` when the total is unknown.
    """

    name: str
    component: Text
    shape: tuple[int, int] | None
    parameters: int | None
    share: float | None
    note: Text | str = ""


#: The calculator's presets: name (a catalogue message) -> spec. ANDREA-120M is the course's own example;
#: GPT-2 small is Radford et al. 2019 (124,439,808 parameters).
PRESET_SPECS: dict[str, ModelSpec] = {
    msg("calculator.preset.andrea"): ModelSpec(vocab_size=8449, d_model=768, n_positions=1024, head="untied",
                                               total_parameters=120_000_000),
    msg("calculator.preset.gpt2_small"): ModelSpec(vocab_size=50257, d_model=768, n_positions=1024, head="tied",
                                                   n_layer=12),
}


def change_head(spec: ModelSpec, head: str) -> ModelSpec:
    """The same model with another output head; a known total moves by ``vocab_size * d_model`` per untied head.

    Raises:
        SpecError: ``head`` is not ``"tied"``, ``"untied"`` or ``"none"``.
    """
    if head not in ("tied", "untied", "none"):
        raise SpecError(msg("err.acct.bad_head", value=repr(head)))
    if spec.total_parameters is None:
        return replace(spec, head=head)
    head_rows = spec.vocab_size * spec.d_model
    delta = head_rows * ((head == "untied") - (spec.head == "untied"))
    return replace(spec, head=head, total_parameters=spec.total_parameters + delta)


def spec_from_tables(tables: EmbeddingTables) -> ModelSpec:
    """The :class:`ModelSpec` of loaded tables."""
    head = "none" if tables.tying.verdict == "no-head" else ("tied" if tables.tying.is_tied else "untied")
    return ModelSpec(
        vocab_size=tables.vocab_size,
        d_model=tables.d_model,
        n_positions=tables.n_positions or 0,
        n_token_types=0 if tables.token_type is None else tables.token_type.shape[0],
        head=head,
        total_parameters=tables.total_parameters,
        head_equal=tables.output_head is not None and tables.tying.max_abs_diff == 0.0,
        position_offset=int(tables.hyperparameters.get("position_offset", 0)),  # counted only with a table
    )


_INT_FIELDS = ("vocab_size", "d_model", "n_positions", "n_token_types", "total_parameters", "n_layer")
_TRUE, _FALSE = ("true", "yes", "1"), ("false", "no", "0")


def parse_spec(text: str) -> ModelSpec:
    """Parse ``vocab_size=8449,d_model=768,tied=false,...`` into a :class:`ModelSpec`.

    Keys: ``vocab_size`` and ``d_model`` (required), ``n_positions``, ``n_token_types``, ``tied`` (true/false),
    ``head`` (tied/untied/none), ``total_parameters``, ``n_layer``; integers may use ``_`` separators.

    Raises:
        SpecError: an item not ``key=value``, an unknown key, a value that is not a whole number >= 0 (or not one of
            the listed words), or ``vocab_size`` or ``d_model`` missing or 0.
    """
    values: dict[str, object] = {}
    for item in filter(None, (part.strip() for part in text.split(","))):
        key, sep, value = item.partition("=")
        key, value = key.strip(), value.strip().lower()
        if not sep:
            raise SpecError(msg("err.acct.not_key_value", item=repr(item)))
        if key in _INT_FIELDS:
            try:
                values[key] = int(value.replace("_", ""))
            except ValueError:
                raise SpecError(msg("err.acct.not_whole", field=key, value=repr(value))) from None
            if values[key] < 0:
                raise SpecError(msg("err.acct.negative", field=key, value=value))
        elif key == "tied":
            if value not in _TRUE + _FALSE:
                raise SpecError(msg("err.acct.bad_tied", value=repr(value)))
            values["head"] = "tied" if value in _TRUE else "untied"
        elif key == "head":
            if value not in ("tied", "untied", "none"):
                raise SpecError(msg("err.acct.bad_head", value=repr(value)))
            values["head"] = value
        else:
            raise SpecError(msg("err.acct.unknown_key", field=repr(key), known=", ".join(_INT_FIELDS + ("tied", "head"))))
    missing = [k for k in ("vocab_size", "d_model") if k not in values]
    if missing:
        raise SpecError(msg("err.acct.missing", keys=" and ".join(missing)))
    if values["vocab_size"] == 0 or values["d_model"] == 0:
        raise SpecError(msg("err.acct.not_positive"))
    return ModelSpec(**values)  # type: ignore[arg-type]


def _inputs_note(*, has_position: bool, has_token_type: bool) -> Text:
    """What the first block receives, naming only the tables this model adds (a rotary model: the token row alone)."""
    key = {(False, False): "token", (True, False): "token_position", (False, True): "token_type",
           (True, True): "token_position_type"}[(has_position, has_token_type)]
    return msg(f"acct.note.embeddings.{key}")


def parameter_rows(spec: ModelSpec) -> list[ParameterRow]:
    """The accounting table: one row per table, their sum, everything else, total.

    Raises:
        SpecError: the given total is smaller than the tables it must contain.
    """
    d = spec.d_model
    total = spec.resolved_total()
    token = spec.vocab_size * d
    stored_positions = spec.n_positions + spec.position_offset if spec.n_positions else 0
    position = stored_positions * d
    token_type = spec.n_token_types * d
    head_extra = token if spec.head == "untied" else 0
    inputs = token + position + token_type
    tables_sum = inputs + head_extra
    if total is not None and total < tables_sum:
        raise SpecError(msg("err.acct.total_too_small", total=total, tables=tables_sum))

    def share(n: int | None) -> float | None:
        return None if total in (None, 0) or n is None else n / total

    head_note = {"tied": msg("acct.note.head_tied"), "untied": msg("acct.note.head_untied"),
                 "none": msg("acct.note.no_head")}[spec.head]
    if spec.head_equal:
        head_note = {"tied": msg("acct.note.head_tied_copy"),
                     "untied": msg("acct.note.head_untied_equal")}.get(spec.head, head_note)
    rows = [
        ParameterRow("token", msg("acct.row.token"), (spec.vocab_size, d), token, share(token)),
        ParameterRow("position", msg("acct.row.position"), (stored_positions, d) if position else None, position,
                     share(position), msg("acct.note.position_offset", offset=spec.position_offset,
                                          n_positions=spec.n_positions) if position and spec.position_offset
                     else "" if position else msg("acct.note.no_position")),
        ParameterRow("token_type", msg("acct.row.token_type"), (spec.n_token_types, d) if token_type else None,
                     token_type, share(token_type), "" if token_type else msg("acct.note.no_token_type")),
        ParameterRow("output_head", msg("acct.row.output_head"), None if spec.head == "none" else (spec.vocab_size, d),
                     head_extra, share(head_extra), head_note),
        ParameterRow("embeddings", msg("acct.row.embeddings"), None, inputs, share(inputs),
                     _inputs_note(has_position=bool(position), has_token_type=bool(token_type))),
    ]
    other = None if total is None else total - tables_sum
    rows.append(ParameterRow("other", msg("acct.row.other"), None, other, share(other),
                             "" if total is not None else msg("acct.note.total_unknown")))
    rows.append(ParameterRow("total", msg("acct.row.total"), None, total, None if total is None else 1.0))
    return rows


def format_count(n: int | None) -> str:
    """``6488832`` -> ``6,488,832``; ``None`` -> ``unknown`` (a catalogue message: render it on a page)."""
    return msg("acct.unknown") if n is None else f"{n:,}"


def format_share(share: float | None) -> str:
    """A share in [0, 1] as a percentage: ``0.05407`` -> ``5.4%``, ``0.000016`` -> ``0.0016%``, ``None`` -> ``-``."""
    if share is None:
        return "-"
    percent = share * 100
    if percent == 0 or percent >= 0.1:
        return f"{percent:.1f}%"
    return f"{percent:.2g}%"


def format_shape(shape: tuple[int, ...] | None) -> str:
    """``(8449, 768)`` -> ``8,449 x 768``; ``None`` -> ``-``."""
    return "-" if shape is None else " x ".join(f"{n:,}" for n in shape)


def format_spec(spec: ModelSpec) -> str:
    """The ``info --spec`` text of ``spec`` (inverse of :func:`parse_spec`); fields 0 or unknown are left out."""
    parts = [f"vocab_size={spec.vocab_size}", f"d_model={spec.d_model}"]
    parts += [f"{name}={value}" for name, value in (("n_positions", spec.n_positions),
                                                    ("n_token_types", spec.n_token_types)) if value]
    parts.append(f"head={spec.head}")
    parts += [f"{name}={value}" for name, value in (("total_parameters", spec.total_parameters),
                                                    ("n_layer", spec.n_layer)) if value is not None]
    return ",".join(parts)
