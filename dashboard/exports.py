"""Files a user downloads: CSV tables, Embedding Projector TSV, chart images.

Embedding Projector format (projector.tensorflow.org, "Loading data"): ``vectors.tsv`` holds one tab-separated row per
line, no header; ``metadata.tsv`` one label row per vector, with a header row when it has more than one column. Labels
may not hold tabs or line breaks, so token whitespace is made visible. 9 significant digits round-trip float32 exactly.
Chart images are rendered from the page's own Vega-Lite spec by vl-convert.
"""

from __future__ import annotations

import csv
import io
import zipfile
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from dashboard.checkpoints.token_text import make_visible

if TYPE_CHECKING:  # Altair is slow to import; the command line's CSV export needs none of it
    import altair as alt

IMAGE_FORMATS = {"png": "image/png", "svg": "image/svg+xml"}


def csv_bytes(frame: pd.DataFrame) -> bytes:
    """``frame`` as UTF-8 CSV with a header row and no index; NaN is an empty cell."""
    return frame.to_csv(index=False).encode("utf-8")


def _clean_token(text: str) -> str:
    return make_visible(str(text)).replace("\t", "⇥")


def _clean_text(text: str) -> str:
    """A label that is not a token string (a category such as ``whole word``): only tabs and line breaks go."""
    return " ".join(str(text).replace("\t", " ").splitlines())


def projector_files(table: np.ndarray, metadata: pd.DataFrame,
                    token_columns: tuple[str, ...] = ("token",)) -> tuple[bytes, bytes]:
    """``vectors.tsv`` and ``metadata.tsv`` for the Embedding Projector, as UTF-8 bytes.

    Args:
        table: ``(n_rows, d_model)`` float32.
        metadata: one row per table row; its columns become the label columns (``token``, ``id``, ``category``).
        token_columns: columns of token strings, whose whitespace is made visible (``␣``, ``↵``, ``⇥``); other columns
            lose only tabs and line breaks.

    Raises:
        ValueError: ``metadata`` does not have one row per table row.
    """
    if len(metadata) != len(table):
        raise ValueError(f"metadata has {len(metadata)} rows but the table has {len(table)}")
    vectors = io.BytesIO()
    np.savetxt(vectors, table, fmt="%.9g", delimiter="\t")
    cleaned = metadata.copy()
    for column in cleaned.columns:
        cleaned[column] = cleaned[column].map(_clean_token if column in token_columns else _clean_text)
    labels = cleaned.to_csv(sep="\t", index=False, header=len(cleaned.columns) > 1, quoting=csv.QUOTE_NONE,
                            lineterminator="\n")
    return vectors.getvalue(), labels.encode("utf-8")


def projector_zip(table: np.ndarray, metadata: pd.DataFrame) -> bytes:
    """A zip holding ``vectors.tsv`` and ``metadata.tsv`` (see :func:`projector_files`)."""
    vectors, labels = projector_files(table, metadata)
    archive = io.BytesIO()
    # Level 1: most of the default level's compression, much faster.
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as bundle:
        bundle.writestr("vectors.tsv", vectors)
        bundle.writestr("metadata.tsv", labels)
    return archive.getvalue()


def chart_spec(chart: alt.TopLevelMixin) -> dict:
    """The chart's Vega-Lite spec with its data inline, however many rows; Altair's data transformer is process-global,
    so inside a Streamlit server hold Streamlit's lock around this (:func:`dashboard.ui.downloads.export_spec`)."""
    import altair as alt

    with alt.data_transformers.enable("default", max_rows=None):
        return chart.to_dict()


def spec_image(spec: dict, fmt: str, *, width: int = 900) -> bytes:
    """Render a Vega-Lite spec (from :func:`chart_spec`) to ``png`` or ``svg`` with vl-convert.

    Args:
        width: pixels, used where the chart fills its container (a file has none).

    Raises:
        ValueError: ``fmt`` is not one of :data:`IMAGE_FORMATS`.
    """
    import vl_convert

    if fmt not in IMAGE_FORMATS:
        raise ValueError(f"unknown image format {fmt!r}; expected one of {sorted(IMAGE_FORMATS)}")
    if spec.get("width") == "container":
        spec = {**spec, "width": width}
    if fmt == "png":
        return vl_convert.vegalite_to_png(spec, scale=2)
    return vl_convert.vegalite_to_svg(spec).encode("utf-8")
