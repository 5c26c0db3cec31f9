// The photo map: Leaflet (from Debian, served by RoadTrip) in place of the server-drawn SVG,
// over the offline basemap of country outlines, with the clusters or photos of each view
// asked from /map/photos. No tiles, nothing from outside RoadTrip. app.js loads this module on
// a page with a map.

const loaded = new Map();

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

async function leaflet(figure) {
  const styles = [figure.dataset.leafletStyle, ...figure.dataset.markerClusterStyles.split(" ")];
  await Promise.all(styles.map((url) => load(url, "style")));
  await load(figure.dataset.leaflet, "script");
  await load(figure.dataset.markerCluster, "script");
  return window.L;
}

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
  const L = await leaflet(figure);
  const drawing = figure.querySelector(".map-drawing");
  const holder = document.createElement("div");
  holder.className = "map-canvas";
  holder.setAttribute("role", "application");
  holder.setAttribute("aria-label", "Map of where the photos were taken: arrows pan, + and − zoom");
  figure.insertBefore(holder, drawing);
  // An SVG element has no `hidden` property: the attribute, which the stylesheet honours.
  drawing.setAttribute("hidden", "");

  const map = L.map(holder, { worldCopyJump: true, minZoom: 0, maxZoom: 18, keyboard: true, attributionControl: true });
  map.attributionControl.setPrefix(false);
  map.attributionControl.addAttribution("Natural Earth");
  // The inhabited world, as large as the screen allows.
  map.fitBounds([[-56, -170], [72, 180]]);

  const countries = await (await fetch(figure.dataset.basemap, { credentials: "same-origin" })).json();
  L.geoJSON(countries, {
    style: { color: "#8c8577", weight: 1, fillColor: "#d9d4c7", fillOpacity: 1 },
    onEachFeature: (feature, layer) => layer.bindTooltip(feature.properties.name, { sticky: true, className: "country-name" }),
  }).addTo(map);

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
      const marker = L.circleMarker([latitude, longitude], { radius: 7, color: "#1f5f8b", fillOpacity: 0.8 });
      marker.on("click", () => location.assign(`/photos/${id}`));
      photos.addLayer(marker);
    }
    figure.dataset.zoom = String(map.getZoom());
    figure.dataset.shown = String(view.clusters.reduce((sum, cluster) => sum + cluster[2], 0) + view.photos.length);
  }

  map.on("moveend", refresh);
  await refresh();
  figure.dataset.ready = "true";
}

function setUp() {
  for (const figure of document.querySelectorAll(".photo-map:not([data-started])")) {
    figure.dataset.started = "true";
    start(figure).catch(() => {
      // Leaflet could not start: the server-drawn map stays, with its links.
      const drawing = figure.querySelector(".map-drawing");
      if (drawing) drawing.removeAttribute("hidden");
    });
  }
}

document.addEventListener("roadtrip:swap", setUp);
setUp();
