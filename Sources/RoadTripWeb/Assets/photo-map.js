// The photo map: Leaflet in place of the server-drawn SVG (maps.js), with the clusters or
// photos of each view asked from /map/photos. app.js loads this module on a page with one.

import { background, canvas, escapeHTML, leaflet, startAll } from "./maps.js";

function plural(count) {
  return count === 1 ? "1 photo" : `${count.toLocaleString("en")} photos`;
}

// A photo as its thumbnail, as Photos and Immich draw them; a group of photos as the thumbnail
// of the one added last, with the group's count on it.
// `counted`: the count shows even when it is 1 (a cluster of the server's grid is one).
function thumbnailIcon(L, id, count = 1, counted = false) {
  const badge = count > 1 || counted ? `<span class="map-thumbnail-count">${count.toLocaleString("en")}</span>` : "";
  return L.divIcon({
    html: `<img src="/photos/${Number(id)}/thumbnail" alt="" loading="lazy" decoding="async">${badge}`,
    className: "map-thumbnail",
    iconSize: L.point(48, 48),
  });
}

const SAME_SPOT_M = 50; // a cluster's photos within this are at one spot: opened, not zoomed to
const FIT_PADDING_PX = 40;
const FINEST_LEVEL = 16; // the server's finest grid (`PhotoMapGrid.finestLevel`)
const cellSize = (level) => 360 / 2 ** level;

/** The box of a cell of the server's grid (`PhotoMapGrid`: 360° ÷ 2^level square cells from
 * -180°, -90°), within Web Mercator's latitudes. */
function cellBounds(level, x, y) {
  const size = cellSize(level);
  const latitude = (value) => Math.max(-85, Math.min(85, value));
  return [[latitude(-90 + y * size), -180 + x * size], [latitude(-90 + (y + 1) * size), -180 + (x + 1) * size]];
}

// A cluster of the server's grid (a library too large to send photo by photo) in a view of too
// many to draw as pictures: a round marker with its count, as Leaflet.markercluster draws its own.
function clusterIcon(L, count) {
  const size = count < 10 ? "small" : count < 100 ? "medium" : "large";
  const icon = L.divIcon({
    html: `<div><span>${count.toLocaleString("en")}</span></div>`,
    className: `marker-cluster marker-cluster-${size}`,
    iconSize: L.point(40, 40),
  });
  return icon;
}

async function start(figure) {
  const L = await leaflet(figure, { clusters: true });
  const holder = canvas(figure, "Map of where the photos were taken");
  const map = L.map(holder, { worldCopyJump: true, minZoom: 0, maxZoom: 18, keyboard: true, attributionControl: true });
  // The inhabited world first; once the photos are known, the map fits them (below), before
  // anything is drawn under them.
  map.fitBounds([[-56, -170], [72, 180]]);

  const tracks = L.layerGroup().addTo(map);
  const clusters = L.layerGroup().addTo(map);
  // A tap on a cluster zooms to fit its photos (not to the zoom where it splits, which can be
  // eight zooms deeper); photos all at one spot open as a grid instead.
  const photos = L.markerClusterGroup({
    showCoverageOnHover: false,
    zoomToBoundsOnClick: false,
    iconCreateFunction: (group) => {
      const newest = group.getAllChildMarkers().reduce((a, b) => (a.options.photo > b.options.photo ? a : b));
      return thumbnailIcon(L, newest.options.photo, group.getChildCount());
    },
  }).addTo(map);
  photos.on("clusterclick", (event) => {
    const bounds = event.layer.getBounds();
    if (bounds.getNorthEast().distanceTo(bounds.getSouthWest()) >= SAME_SPOT_M) {
      zoomNearer(bounds);
      return;
    }
    // Photos taken at one spot: no zoom would part them; they open as a grid, as a small
    // cluster of the server's does (its finest cell around the spot).
    const { lat, lng } = bounds.getCenter();
    const size = cellSize(FINEST_LEVEL);
    location.assign(`/map/cells/${FINEST_LEVEL}-${Math.floor((lng + 180) / size)}-${Math.floor((lat + 90) / size)}`);
  });
  // To fit `bounds`, and always at least a step nearer: a tap on a cluster never does nothing.
  // Where fitting would not come nearer, a step nearer around `focus` (the cluster's own
  // middle, where its photos are: its cell's middle may be far from them).
  const zoomNearer = (bounds, focus = bounds.getCenter()) => {
    map.invalidateSize({ pan: false });
    const fit = map.getBoundsZoom(bounds, false, L.point(2 * FIT_PADDING_PX, 2 * FIT_PADDING_PX));
    if (fit > map.getZoom()) map.setView(bounds.getCenter(), Math.min(map.getMaxZoom(), fit));
    else map.setView(focus, Math.min(map.getMaxZoom(), map.getZoom() + 1));
  };
  let asked = 0;

  async function refresh() {
    const mine = ++asked;
    const bounds = map.getBounds();
    const url = `${figure.dataset.photos}?bbox=${bounds.getWest()},${bounds.getSouth()},${bounds.getEast()},${bounds.getNorth()}&zoom=${map.getZoom()}`;
    const response = await fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (!response.ok || mine !== asked) return;
    const view = await response.json();
    clusters.clearLayers();
    photos.clearLayers();
    tracks.clearLayers();
    // The household's tracks under the photos, each line opening its track.
    for (const [id, name, segments] of view.tracks ?? []) {
      const lines = segments.map((flat) => flat.reduce((pairs, value, index) => (index % 2 ? pairs.at(-1).push(value) : pairs.push([value]), pairs), []));
      const line = L.polyline(lines, { className: "map-track", color: "#2f6fb5", weight: 4, opacity: 0.75 });
      line.bindTooltip(escapeHTML(name), { sticky: true });
      line.on("click", () => location.assign(`/map/tracks/${Number(id)}`));
      tracks.addLayer(line);
    }
    figure.dataset.tracks = String((view.tracks ?? []).length);
    for (const [latitude, longitude, count, x, y, photo] of view.clusters) {
      const icon = photo ? thumbnailIcon(L, photo, count, true) : clusterIcon(L, count);
      const marker = L.marker([latitude, longitude], { icon, title: plural(count), keyboard: true });
      marker.on("click", () => {
        // Small enough, the cluster opens as a grid of its photos; larger, the map zooms to fit
        // its cell of the server's grid, where its photos are.
        if (count <= Number(figure.dataset.gridLimit || 200)) location.assign(`/map/cells/${view.level}-${x}-${y}`);
        else zoomNearer(L.latLngBounds(cellBounds(view.level, x, y)), L.latLng(latitude, longitude));
      });
      clusters.addLayer(marker);
    }
    for (const [id, latitude, longitude] of view.photos) {
      const marker = L.marker([latitude, longitude], { icon: thumbnailIcon(L, id), photo: id, title: "Open the photo", keyboard: true });
      marker.on("click", () => location.assign(`/photos/${id}`));
      photos.addLayer(marker);
    }
    figure.dataset.zoom = String(map.getZoom());
    figure.dataset.shown = String(view.clusters.reduce((sum, cluster) => sum + cluster[2], 0) + view.photos.length);
    return view;
  }

  // Fitted to what there is: every photo (or cluster) inside the view, with a thumbnail's room
  // around them, no deeper than a city's scale.
  const world = await refresh();
  const where = [...(world?.photos ?? []).map(([, latitude, longitude]) => [latitude, longitude]),
    ...(world?.clusters ?? []).map(([latitude, longitude]) => [latitude, longitude])];
  if (where.length > 0) map.fitBounds(where, { padding: [40, 40], maxZoom: 13, animate: false });
  await background(L, map, figure);
  map.on("moveend", refresh);
  await refresh();
  figure.dataset.ready = "true";
  return map;
}

function setUp() {
  startAll(".photo-map", start);
}

document.addEventListener("roadtrip:swap", setUp);
setUp();
