// What every map shares: Leaflet (from Debian, served by RoadTrip) loaded once per page, the
// canvas that takes the place of the server's drawing, and what lies under the points: the
// offline basemap of country outlines or, when the owner named one (--map-tiles), that tile
// server's tiles. A map's figure carries every address it needs in its data attributes.

const loaded = new Map();
const basemaps = new Map();

// A script or stylesheet of RoadTrip's, once per page.
function load(url, kind) {
  if (!loaded.has(url)) {
    loaded.set(url, new Promise((resolve, reject) => {
      const element = document.createElement(kind === "style" ? "link" : "script");
      if (kind === "style") {
        element.rel = "stylesheet";
        element.href = url;
      } else {
        element.src = url;
        element.async = false;
      }
      element.addEventListener("load", resolve);
      element.addEventListener("error", () => reject(new Error(`cannot load ${url}`)));
      document.head.append(element);
    }));
  }
  return loaded.get(url);
}

// Leaflet, and Leaflet.markercluster when the map groups its markers.
export async function leaflet(figure, { clusters = false } = {}) {
  const styles = [figure.dataset.leafletStyle, ...(clusters ? figure.dataset.markerClusterStyles.split(" ") : [])];
  await Promise.all(styles.map((url) => load(url, "style")));
  await load(figure.dataset.leaflet, "script");
  if (clusters) await load(figure.dataset.markerCluster, "script");
  return window.L;
}

// The element Leaflet draws in, where the server's drawing was. The drawing stays, hidden (an
// SVG element has no `hidden` property: the attribute, which the stylesheet honours), and comes
// back if Leaflet cannot start.
export function canvas(figure, label) {
  const drawing = figure.querySelector(".map-drawing");
  const holder = document.createElement("div");
  holder.className = "map-canvas";
  holder.setAttribute("role", "application");
  holder.setAttribute("aria-label", `${label}: arrows pan, + and − zoom`);
  figure.insertBefore(holder, drawing);
  drawing.setAttribute("hidden", "");
  return holder;
}

export function fallBack(figure) {
  figure.querySelector(".map-canvas")?.remove();
  figure.querySelector(".map-drawing")?.removeAttribute("hidden");
}

export function escapeHTML(text) {
  return String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

// Under the points: the owner's tiles, or the offline basemap: the pack's tiles where the server
// has them with the places they name (map-labels.js), and the countries' outlines, each naming
// its country on hover or tap. The outlines are fetched once per page, however many maps it has.
export async function background(L, map, figure) {
  map.attributionControl.setPrefix(false);
  if (figure.dataset.tiles) {
    // Leaflet reads an attribution as HTML; the owner's is plain text.
    L.tileLayer(figure.dataset.tiles, { attribution: escapeHTML(figure.dataset.tilesAttribution), maxZoom: 19 }).addTo(map);
    return;
  }
  // With the pack: its shores, rivers and borders drawn down to city scale and its places named,
  // the countries' outlines over them unseen, for their names.
  const url = figure.dataset.basemap;
  if (!basemaps.has(url)) {
    basemaps.set(url, fetch(url, { credentials: "same-origin" }).then((response) => {
      if (!response.ok) throw new Error(`cannot load ${url}`);
      return response.json();
    }));
  }
  const detailed = figure.dataset.basemapTiles;
  if (detailed) {
    const { basemapLayer } = await import("./basemap-layer.js");
    const deepest = Number(figure.dataset.basemapMaxZoom);
    // Offline, a tile never kept is drawn from the countries' outlines instead.
    basemapLayer(L, detailed, deepest, basemaps.get(url)).addTo(map);
    const { placeLabels } = await import("./map-labels.js");
    placeLabels(L, map, detailed, deepest);
    map.attributionControl.addAttribution("GSHHG");
    map.attributionControl.addAttribution("GeoNames");
  }
  map.attributionControl.addAttribution("Natural Earth");
  L.geoJSON(await basemaps.get(url), {
    style: detailed ? { stroke: false, fillOpacity: 0 } : { color: "#8c8577", weight: 1, fillColor: "#d9d4c7", fillOpacity: 1 },
    onEachFeature: (feature, layer) => layer.bindTooltip(escapeHTML(feature.properties.name), { sticky: true, className: "country-name" }),
  }).addTo(map);
}

// Each figure of `selector` not started yet, started once it takes room on the page (Leaflet
// measures its canvas: a map in a closed panel, such as the viewer's Info, or in a list not on
// screen, such as a tablet's master column in portrait, waits until it shows); the server's
// drawing stays when Leaflet cannot start. A started map follows its figure's size.
const sized = new ResizeObserver((entries) => {
  for (const { target } of entries) {
    if (!target.isConnected) sized.unobserve(target);
    if (target.leafletMap && target.offsetWidth > 0) target.leafletMap.invalidateSize();
    else beginIfShown(target);
  }
});

// A closed panel's content keeps its size in Chromium (content-visibility): asked for apart.
function shows(figure) {
  return figure.offsetWidth > 0 && !figure.closest("details:not([open])");
}

function beginIfShown(figure) {
  if (figure.dataset.started || !figure.startMap || !shows(figure)) return;
  figure.dataset.started = "true";
  figure.startMap(figure).then((map) => { figure.leafletMap = map; }, () => fallBack(figure));
}

export function startAll(selector, start) {
  for (const figure of document.querySelectorAll(`${selector}:not([data-started])`)) {
    if (figure.startMap) continue;
    figure.startMap = start;
    sized.observe(figure);
    figure.closest("details")?.addEventListener("toggle", () => beginIfShown(figure));
    beginIfShown(figure);
  }
}
