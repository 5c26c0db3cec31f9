// The photo map: Leaflet in place of the server-drawn SVG (maps.js), with the clusters or
// photos of each view asked from /map/photos. app.js loads this module on a page with one.

import { background, canvas, leaflet, startAll } from "./maps.js";

function plural(count) {
  return count === 1 ? "1 photo" : `${count.toLocaleString("en")} photos`;
}

// A cluster: a round marker with its count, as Leaflet.markercluster draws its own.
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
  // The inhabited world, as large as the screen allows.
  map.fitBounds([[-56, -170], [72, 180]]);
  await background(L, map, figure);

  const clusters = L.layerGroup().addTo(map);
  const photos = L.markerClusterGroup({ showCoverageOnHover: false }).addTo(map);
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
    for (const [latitude, longitude, count, x, y] of view.clusters) {
      const marker = L.marker([latitude, longitude], { icon: clusterIcon(L, count), title: plural(count), keyboard: true });
      marker.on("click", () => {
        // Small enough, the cluster opens as a grid of its photos; larger, the map zooms in.
        if (count <= Number(figure.dataset.gridLimit || 200)) location.assign(`/map/cells/${view.level}-${x}-${y}`);
        else map.setView([latitude, longitude], Math.min(map.getZoom() + 2, map.getMaxZoom()));
      });
      clusters.addLayer(marker);
    }
    for (const [id, latitude, longitude] of view.photos) {
      const marker = L.circleMarker([latitude, longitude], { radius: 7, color: "#1f5f8b", fillOpacity: 0.8, className: "map-photo-marker" });
      marker.on("click", () => location.assign(`/photos/${id}`));
      photos.addLayer(marker);
    }
    figure.dataset.zoom = String(map.getZoom());
    figure.dataset.shown = String(view.clusters.reduce((sum, cluster) => sum + cluster[2], 0) + view.photos.length);
  }

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
