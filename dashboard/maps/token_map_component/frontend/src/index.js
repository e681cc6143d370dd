// The Token map's renderer: one plotly.js graph (scattergl in 2D, scatter3d in 3D) in a Streamlit custom
// component. Python (dashboard/maps/wire.py) sends two arguments:
//   points: an Arrow IPC stream, one row per drawn point, grouped trace by trace: x, y (and z) uint16 grid steps,
//           id uint32, norm float32, text utf8 (the hover's token), colour uint8 (only when coloured by norm or id);
//   spec:   JSON: {view, data: plotly traces without their per-point arrays, each point trace naming its rows
//           [start, stop) of `points`, layout, config, dims, messages}.
// The component's value, sent on every selection: {view, ids: sorted row ids}; 2D: click, box, lasso (Shift adds,
// a double-click clears); 3D: click (Shift adds or removes a point).
import { Streamlit } from "streamlit-component-lib/dist/streamlit";
import { tableFromIPC } from "apache-arrow";
import Plotly from "plotly.js/lib/core";
import scattergl from "plotly.js/lib/scattergl";
import scatter3d from "plotly.js/lib/scatter3d";

Plotly.register([scattergl, scatter3d]);

const graph = document.getElementById("map");
let shownView = null; // the view drawn now: a render with the same view (a rerun) leaves the graph as it is
let traceIds = []; // per trace, the row ids of its points in order (empty for legend entries and the axes)
let selected = new Set();

/** The strings of a utf8 Arrow vector without nulls: each chunk's bytes decoded once, then cut at its offsets
 * (counted in UTF-16 units: one per character that starts a UTF-8 sequence, two for a 4-byte one). Decoding
 * 256,000 short strings one by one, as Vector.toArray does, takes a few hundred milliseconds. */
function stringsOf(vector) {
  const strings = new Array(vector.length);
  let at = 0;
  const decoder = new TextDecoder();
  for (const chunk of vector.data) {
    const offsets = chunk.valueOffsets; // a sliced chunk's offsets start at its first value
    const bytes = chunk.values.subarray(offsets[0], offsets[chunk.length]);
    const text = decoder.decode(bytes);
    let units = 0;
    let byte = 0;
    for (let k = 0; k < chunk.length; k++) {
      const start = units;
      for (const stop = offsets[k + 1] - offsets[0]; byte < stop; byte++) {
        const b = bytes[byte];
        if ((b & 0xc0) !== 0x80) units += b >= 0xf0 ? 2 : 1;
      }
      strings[at++] = text.slice(start, units);
    }
  }
  return strings;
}

/** Per-point columns of an Arrow table: typed arrays for numbers, an array of strings for text. */
function columnsOf(table) {
  const columns = {};
  for (const field of table.schema.fields) {
    const vector = table.getChild(field.name);
    columns[field.name] = field.name === "text" ? stringsOf(vector) : vector.toArray();
  }
  return columns;
}

/** The plotly traces of `spec`, each point trace given its rows' columns. */
function tracesOf(spec, columns) {
  traceIds = [];
  return spec.data.map((trace) => {
    const { rows, ...drawn } = trace;
    if (!rows) {
      traceIds.push(new Uint32Array(0));
      return drawn;
    }
    const [start, stop] = rows;
    for (const axis of ["x", "y", "z"]) if (columns[axis]) drawn[axis] = columns[axis].subarray(start, stop);
    drawn.text = columns.text.slice(start, stop);
    const ids = columns.id.subarray(start, stop);
    const norms = columns.norm.subarray(start, stop);
    drawn.customdata = Array.from(ids, (id, k) => [id, norms[k]]);
    if (columns.colour && drawn.marker && drawn.marker.color === undefined) {
      drawn.marker = { ...drawn.marker, color: columns.colour.subarray(start, stop) };
    }
    traceIds.push(ids);
    return drawn;
  });
}

/** Row ids of plotly's event points (trace `curveNumber`, point `pointNumber`); unknown points are skipped. */
function idsOf(points) {
  const ids = [];
  for (const point of points || []) {
    const rows = traceIds[point.curveNumber];
    const index = point.pointNumber ?? point.pointIndex;
    if (rows && index >= 0 && index < rows.length) ids.push(rows[index]);
  }
  return ids;
}

function send(view) {
  Streamlit.setComponentValue({ view, ids: Array.from(selected).sort((a, b) => a - b) });
}

function listen(spec) {
  const view = spec.view;
  graph.on("plotly_selected", (event) => {
    selected = new Set(idsOf(event && event.points));
    send(view);
  });
  graph.on("plotly_deselect", () => {
    selected = new Set();
    send(view);
  });
  if (spec.dims === 3) {
    // plotly.js selects nothing in a 3D scene, but names the point under a pressed button in plotly_click, on
    // every frame drawn while it is held: one press counts once.
    let counted = true;
    let adding = false; // Shift held on the press: the point is added to the selection, or taken out of it
    graph.addEventListener("pointerdown", (press) => {
      counted = false;
      adding = press.shiftKey;
    }, true);
    graph.on("plotly_click", (event) => {
      if (counted) return;
      counted = true;
      const ids = idsOf(event && event.points);
      if (!adding) selected = new Set(ids);
      else for (const id of ids) selected.has(id) ? selected.delete(id) : selected.add(id);
      send(view);
    });
  }
}

// performance marks (token-map:args, :decoded, :drawn, :painted: two frames later) let a benchmark see where a draw's time goes
async function draw(spec, points) {
  const columns = columnsOf(tableFromIPC(points));
  const data = tracesOf(spec, columns);
  performance.mark("token-map:decoded");
  selected = new Set();
  Plotly.purge(graph);
  drawnWidth = graph.clientWidth;
  await Plotly.newPlot(graph, data, spec.layout, spec.config);
  performance.mark("token-map:drawn");
  requestAnimationFrame(() => requestAnimationFrame(() => performance.mark("token-map:painted")));
  listen(spec);
  graph.dataset.view = spec.view;
  graph.dataset.points = String(columns.id.length);
}

// The map follows the width of its frame; its height is the layout's. plotly.js's own `responsive` would also
// redraw every point when Streamlit sets the frame's height, which arrives after the first draw.
let drawnWidth = 0;
window.addEventListener("resize", () => {
  if (!graph.data || graph.clientWidth === drawnWidth) return;
  drawnWidth = graph.clientWidth;
  Plotly.Plots.resize(graph);
});

Streamlit.events.addEventListener(Streamlit.RENDER_EVENT, (event) => {
  const { spec, points } = event.detail.args;
  Streamlit.setFrameHeight(spec.layout.height);
  if (spec.view === shownView) return;
  shownView = spec.view;
  performance.mark("token-map:args");
  draw(spec, points).catch((error) => {
    graph.textContent = `${spec.messages.failed} (${error})`;
    console.error(error);
  });
});
Streamlit.setComponentReady();
