// The Token map's 2D WebGL element (dashboard/ui/token_map_element.py): a packed map in, plotly.js out.
// The message layout is documented in dashboard/charts/token_map_binary.py. plotly.js is plotly's gl2d bundle
// (dashboard/ui/vendor/), served by Streamlit's static file serving; it is loaded once per page.
// Selections go back as the state value "selection": the row ids (customdata[0]) of the points selected.
const FORMAT = 1;

function loadPlotly(url) {
  if (window.Plotly) return Promise.resolve(window.Plotly);
  if (!window.__tokenMapPlotly) {
    window.__tokenMapPlotly = new Promise((resolve, reject) => {
      const script = document.createElement("script");
      script.src = url;
      script.onload = () => resolve(window.Plotly);
      script.onerror = () => { window.__tokenMapPlotly = undefined; reject(new Error(`could not load ${url}`)); };
      document.head.appendChild(script);
    });
  }
  return window.__tokenMapPlotly;
}

function readMessage(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const length = view.getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length)));
  if (header.format !== FORMAT) throw new Error(`packed map format ${header.format}, expected ${FORMAT}`);
  let offset = bytes.byteOffset + 4 + length;
  const take = (count) => {  // a copy: the message's buffer need not be 4-byte aligned
    const array = new Float32Array(bytes.buffer.slice(offset, offset + 4 * count));
    offset += 4 * count;
    return array;
  };
  const traces = header.traces.map(({ n, width, ...trace }) => {
    trace.x = take(n);
    trace.y = take(n);
    const custom = take(n * width);
    if (width) {
      trace.customdata = new Array(n);
      for (let i = 0; i < n; i++) trace.customdata[i] = Array.from(custom.subarray(i * width, (i + 1) * width));
    }
    return trace;
  });
  return { header, traces };
}

function rowIds(points) {
  const ids = new Set();
  for (const point of points || []) {
    if (point.customdata !== undefined) ids.add(Math.round(point.customdata[0]));
  }
  return Array.from(ids).sort((a, b) => a - b);
}

// Performance marks (token-map:*) let benchmarks/bench_webgl_map.py say where the seconds go.
const mark = (name) => performance.mark(`token-map:${name}`);

function listen(plot) {
  if (plot.dataset.listening) return;
  plot.dataset.listening = "1";
  const select = () => plot.tokenMapSelect;
  const union = (ids) => Array.from(new Set([...select().selected, ...ids])).sort((a, b) => a - b);
  // Whether Shift was held when the drag or click began: plotly's selection event does not say.
  let shift = false;
  plot.addEventListener("pointerdown", (event) => { shift = event.shiftKey; }, true);
  // A box or lasso; with Shift it adds to what was selected before (clicks included). plotly sends no event
  // data when its selection is cleared (a click in select mode outside the points).
  plot.on("plotly_selected", (event) => {
    const ids = event ? rowIds(event.points) : [];
    select().send(event && shift ? union(ids) : ids);
  });
  plot.on("plotly_deselect", () => select().send([]));
  plot.on("plotly_doubleclick", () => select().send([]));  // in pan mode plotly only resets the axes
  plot.on("plotly_click", (event) => {
    const ids = rowIds(event.points);
    select().send(event.event && event.event.shiftKey ? union(ids) : ids);
  });
}

function showError(plot, text) {
  // Beside the graph, not in it (plotly owns the graph's children); the next rerun tries again.
  delete plot.dataset.key;
  plot.tokenMapSelect = undefined;
  let note = plot.parentElement && plot.parentElement.querySelector(".token-map-error");
  if (!note && plot.parentElement) {
    note = document.createElement("p");
    note.className = "token-map-error";
    plot.parentElement.insertBefore(note, plot);
  }
  if (note) note.textContent = text;
}

export default function (component) {
  const { data, parentElement, setStateValue } = component;
  if (typeof data === "string") {  // preload_plotly: plotly.js's URL, mounted before the map is computed
    mark("preload");
    loadPlotly(data).then(() => mark("plotly-loaded"), () => undefined);
    return;
  }
  if (!data) return;
  mark("mounted");
  let plot = parentElement.querySelector(".token-map-plot");
  if (!plot) {
    plot = document.createElement("div");
    plot.className = "token-map-plot";
    parentElement.appendChild(plot);
  }
  // Streamlit calls the returned function when the element goes (a new view is a new element): free the graph's
  // WebGL context and its window resize listener. It may call it while the element stays; then the graph stays.
  const release = () => setTimeout(() => { if (!plot.isConnected && window.Plotly) window.Plotly.purge(plot); }, 0);
  // A rerun of the same view (after a selection, say) sends the same message: keep the drawn map, its zoom and
  // selection, and read nothing but the key (the header's third field, written first by pack_map).
  const start = new TextDecoder().decode(data.subarray(4, Math.min(data.length, 4 + 512)));
  const key = (start.match(/"key": "([0-9a-f]+)"/) || [])[1];
  if (key !== undefined && plot.dataset.key === key && plot.tokenMapSelect) {
    plot.tokenMapSelect.setStateValue = setStateValue;
    return release;
  }
  let message;
  try {
    message = readMessage(data);
  } catch (error) {
    showError(plot, error.message);
    return;
  }
  const { header, traces } = message;
  mark("read");
  plot.dataset.key = header.key;
  delete plot.dataset.drawn;
  // What the listeners call: this mount's setStateValue, and the selection so far (Shift + click adds to it).
  plot.tokenMapSelect = {
    selected: [],
    setStateValue,
    send(ids) { this.selected = ids; this.setStateValue("selection", ids); },
  };
  loadPlotly(header.plotly).then((Plotly) => {
    mark("plotly-ready");
    const drawing = Plotly.react(plot, traces, header.layout, header.config);
    listen(plot);  // Plotly.react has made the div a graph (plot.on) before it resolves: no click is missed
    return drawing;
  }).then(() => {
    mark("drawn");
    plot.dataset.drawn = "1";
    const note = plot.parentElement && plot.parentElement.querySelector(".token-map-error");
    if (note) note.remove();
  }).catch((error) => showError(plot, `${header.messages.undrawable} (${error.message})`));
  return release;
}
