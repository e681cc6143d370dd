"""Structure of the position table: neighbour similarity, closeness to sinusoidal, untrained rows.

For rotary models (no table) prints the head width, rope_theta and rotation frequencies instead.

Examples:
  python -m dashboard positions default --json
  python -m dashboard positions path/to/model-folder
"""

from __future__ import annotations

import argparse
from typing import Any

from dashboard.lessons.positions.structure import (SINUSOIDAL_MEASURE, UNTRAINED_CRITERION, compare_subspaces,
                                                   pca_trajectory, summarise_positions, untrained_threshold)
from dashboard.lessons.positions.rotary import DEFAULT_ROPE_THETA, rotary_frequencies, rotary_head_dim, rotated_dims
from dashboard.analysis.untrained_rows import any_row_threshold, untrained_detectable
from dashboard.cli.output import print_json
from dashboard.lessons.positions.text import MIN_ROWS, format_position_ranges
from dashboard.tables import EmbeddingTables

#: Subspace dimension of the token/position overlap number.
OVERLAP_K = 10


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add SOURCE and ``--json`` to the ``positions`` parser."""
    parser.add_argument("source", help="checkpoint path or bundled name (`default`; see `models`)")
    parser.add_argument("--json", action="store_true", help="print one JSON document")


def _rotary_document(tables: EmbeddingTables) -> dict[str, Any]:
    settings = tables.hyperparameters
    head_dim = rotary_head_dim(tables.d_model, settings.get("n_head"), settings.get("head_dim"))
    rotary_dim = rotated_dims(head_dim, settings.get("rotary_dim"), settings.get("rotary_fraction"))
    theta = settings.get("rope_theta")
    frequencies = rotary_frequencies(rotary_dim, theta if theta is not None else DEFAULT_ROPE_THETA)
    return {
        "head_dim": head_dim,
        "rotary_dim": rotary_dim,
        "rope_theta": theta if theta is not None else DEFAULT_ROPE_THETA,
        "rope_theta_assumed": theta is None,
        "frequencies": frequencies.tolist(),
        "source_of_formula": "theta_i = rope_theta ** (-2i / rotary_dim), i < rotary_dim / 2 (rotary_dim: head_dim, "
                             "or the rotated part of it), Su et al. 2021 (RoFormer) section 3.2.2; transformers' "
                             "inv_freq",
    }


def positions_document(tables: EmbeddingTables) -> dict[str, Any]:
    """The JSON document of ``positions`` (the CLI contract; keys only ever added).

    Cosines in [-1, 1], positions 0-based, norms in the table's units; keys that need a table are ``null``
    without one; ``rotary`` is set only for rotary models.

    Raises:
        QueryError: a rotary model whose config lacks the head count.
    """
    document: dict[str, Any] = {
        "source": tables.source,
        "architecture": tables.architecture,
        "position_kind": tables.position_kind,
        "position_note": tables.position_note,
        "n_positions": tables.n_positions,
        "d_model": tables.d_model,
        "context_length": tables.hyperparameters.get("n_positions"),
        "adjacent_cosine_mean": None,
        "sinusoidal_similarity": None,
        "sinusoidal_measure": SINUSOIDAL_MEASURE,
        "untrained_positions": [],
        "untrained_criterion": UNTRAINED_CRITERION,
        "untrained_threshold": untrained_threshold(tables.d_model),
        "untrained_detectable": untrained_detectable(tables.d_model),
        "untrained_any_row_threshold": None,
        "untrained_tail_start": None,
        "row_norm": None,
        "pca_explained_variance": None,
        "token_subspace_overlap": None,
        "token_type_rows": None if tables.token_type is None else int(tables.token_type.shape[0]),
        "rotary": _rotary_document(tables) if tables.position_kind == "rotary" else None,
    }
    if tables.position is None or tables.n_positions < 3:
        return document
    summary = summarise_positions(tables.position)
    overlap = compare_subspaces(tables.token[: len(tables.vocabulary)], tables.position, max_k=OVERLAP_K,
                                angle_k=OVERLAP_K)
    shares = overlap.frame[overlap.frame["measure"] == "position variance in token top-k"]["share"]
    document.update({
        "adjacent_cosine_mean": summary.adjacent_cosine_mean,
        "sinusoidal_similarity": summary.sinusoidal_similarity,
        "untrained_positions": summary.untrained_positions,
        "untrained_tail_start": summary.untrained_tail_start,
        "untrained_any_row_threshold": any_row_threshold(tables.n_positions, tables.d_model),
        "row_norm": {"min": summary.norm_min, "mean": summary.norm_mean, "max": summary.norm_max},
        "pca_explained_variance": pca_trajectory(tables.position).explained["explained_variance_ratio"].tolist(),
        "token_subspace_overlap": {
            "k": int(shares.size),
            "position_variance_in_token_top_k": float(shares.iloc[-1]),
            "random_subspace_baseline": shares.size / tables.d_model,
            "principal_angles_degrees": overlap.angles.tolist(),
        },
    })
    return document


def _print_readable(doc: dict[str, Any]) -> None:
    print(f"{doc['source']}  ({doc['architecture']}): positions {doc['position_kind']}: {doc['position_note']}")
    if doc["rotary"] is not None:
        rotary = doc["rotary"]
        print(f"no position table; head_dim {rotary['head_dim']}, rope_theta {rotary['rope_theta']:,g}"
              + (" (assumed: not in the config)" if rotary["rope_theta_assumed"] else ""))
        print(f"rotation frequencies {rotary['frequencies'][0]:.3g} .. {rotary['frequencies'][-1]:.3g} "
              f"rad/position over {len(rotary['frequencies'])} pairs")
        return
    if doc["adjacent_cosine_mean"] is None:
        # A learned table of 1 or 2 rows is there, only too short for the measures.
        rows = doc["n_positions"]
        print(f"the position table has only {rows} row{'' if rows == 1 else 's'}; its measures need at least "
              f"{MIN_ROWS}" if doc["position_kind"] == "learned" else "no position table to analyse")
        return
    print(f"n_positions {doc['n_positions']:,}   d_model {doc['d_model']:,}")
    print(f"adjacent cosine mean     {doc['adjacent_cosine_mean']:.4f}")
    print(f"sinusoidal similarity    {doc['sinusoidal_similarity']:.4f}  (correlation of cosine matrices)")
    print(f"row norm min/mean/max    {doc['row_norm']['min']:.4f} / {doc['row_norm']['mean']:.4f} / "
          f"{doc['row_norm']['max']:.4f}")
    print(f"untrained positions      {format_position_ranges(doc['untrained_positions'])}"
          + ("" if doc["untrained_detectable"] else f"  (cannot be detected at d_model {doc['d_model']})"))
    overlap = doc["token_subspace_overlap"]
    print(f"position variance in token top-{overlap['k']}: {overlap['position_variance_in_token_top_k']:.2%} "
          f"(random subspace: {overlap['random_subspace_baseline']:.2%})")


def run(args: argparse.Namespace) -> int:
    """Print the position-table summary (readable, or JSON with ``--json``); return 0.

    Raises:
        QueryError: a rotary model whose config lacks the head count.
        ExplorerError: any subclass from :func:`~dashboard.checkpoints.load_tables` when SOURCE cannot be read.
    """
    from dashboard.wall.tables import read_checkpoint

    document = positions_document(read_checkpoint(args.source))
    if args.json:
        print_json(document)
    else:
        _print_readable(document)
    return 0
