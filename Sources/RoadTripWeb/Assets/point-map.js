// The maps of a few points (the trip's sights, a vacation's itinerary, a photo's position):
// Leaflet in place of the server-drawn SVG (maps.js), with the points the drawing holds. The
// trip's markers carry their names and tell a tapped one's coordinates; the itinerary's are
// numbered, joined in order by a line, and open their place's photos. app.js loads this module
// on a page with one.

import { background, canvas, escapeHTML, leaflet, startAll } from "./maps.js";

const LABELS = {
  trip: "Map of the destination and its points of interest",
  itinerary: "Map of the itinerary",
  position: "Map of where the photo was taken",
  track: "Map of the track",
  placing: "Map of the photos along the tracks",
  pick: "Map: tap where the photos were taken",
};

/** The tracks the drawing holds, each a list of [latitude, longitude]. */
function linesOf(figure) {
  return [...figure.querySelectorAll(".map-drawing .map-track")].map((line) =>
    (line.dataset.path ?? "").split(" ").filter(Boolean).map((pair) => pair.split(",").map(Number)));
}

function pointsOf(figure) {
  return [...figure.querySelectorAll(".map-drawing .map-point")].map((marker) => ({
    latitude: Number(marker.dataset.latitude),
    longitude: Number(marker.dataset.longitude),
    name: marker.dataset.name,
    coordinates: marker.dataset.coordinates,
    label: marker.dataset.label,
    kind: marker.classList.item(1)?.replace("map-", "") ?? "photo",
    link: marker.closest("a")?.getAttribute("href"),
  }));
}

function icon(L, point) {
  const size = point.label ? 28 : point.kind === "destination" ? 22 : 16;
  return L.divIcon({
    className: `map-pin map-pin-${point.kind}`,
    html: point.label ? `<span>${escapeHTML(point.label)}</span>` : "",
    iconSize: [size, size],
  });
}

// How wide a name is as the map's labels write it (.map-label: 600 13px, in a box).
function labelWidth(text) {
  const context = document.createElement("canvas").getContext("2d");
  context.font = "600 13px system-ui, sans-serif";
  return Math.ceil(context.measureText(text).width) + 16;
}

async function start(figure) {
  const style = figure.dataset.style;
  const points = pointsOf(figure);
  const lines = linesOf(figure);
  if (points.length === 0 && lines.length === 0 && style !== "pick") throw new Error("a map without points");
  const L = await leaflet(figure);
  const holder = canvas(figure, LABELS[style] ?? "Map");
  // The small map in the viewer's Info leaves the wheel to the page.
  const map = L.map(holder, { keyboard: true, maxZoom: 18, scrollWheelZoom: style !== "position" });
  const where = points.map((point) => [point.latitude, point.longitude]);
  const everything = [...where, ...lines.flat()];
  // Everything inside the view: the points, and the trip's names written to their right.
  const labels = style === "trip" ? Math.max(...points.map((point) => labelWidth(point.name))) + 24 : 0;
  if (everything.length === 0) map.setView([20, 0], 1);
  else if (everything.length === 1) map.setView(everything[0], style === "position" ? 5 : 11);
  else map.fitBounds(everything, { paddingTopLeft: [36, 36], paddingBottomRight: [36 + labels, 36], maxZoom: 14 });
  await background(L, map, figure);

  for (const line of lines) {
    L.polyline(line, { className: "map-track", color: "#2f6fb5", weight: 4, opacity: 0.8, interactive: false }).addTo(map);
  }
  if (style === "itinerary" && points.length > 1) {
    // Through every place, however close (no smoothing away of a vertex).
    L.polyline(where, { className: "map-route", color: "#b5462f", weight: 3, opacity: 0.85, interactive: false, smoothFactor: 0 }).addTo(map);
  }
  points.forEach((point, index) => {
    const title = point.label ? `${point.label}. ${point.name}` : point.name;
    const marker = L.marker(where[index], { icon: icon(L, point), title, alt: title, keyboard: style !== "position", riseOnHover: true }).addTo(map);
    const element = marker.getElement();
    element.dataset.name = point.name;
    if (point.label) element.dataset.label = point.label;
    if (style === "trip") {
      marker.bindTooltip(escapeHTML(point.name), { permanent: true, direction: "right", offset: [10, 0], className: "map-label" });
      marker.bindPopup(`<strong>${escapeHTML(point.name)}</strong><br>${escapeHTML(point.coordinates)}`, { className: "map-popup" });
    } else if (point.link) {
      marker.bindTooltip(escapeHTML(title), { direction: "top", offset: [0, -14] });
      marker.on("click", () => location.assign(point.link));
    }
  });
  if (style === "pick") choosePoints(L, map, figure);
  // Where the map is, for whoever reads the page (the tests).
  const note = () => {
    const center = map.getCenter();
    figure.dataset.zoom = String(map.getZoom());
    figure.dataset.center = `${center.lat.toFixed(5)},${center.lng.toFixed(5)}`;
  };
  map.on("moveend", note);
  note();
  figure.dataset.ready = "true";
  return map;
}

/** A tap (or a click) on a pick map puts a pin there and writes it into the form's fields. */
function choosePoints(L, map, figure) {
  const form = figure.closest("form");
  const latitude = form?.querySelector("input[name=latitude]");
  const longitude = form?.querySelector("input[name=longitude]");
  if (!latitude || !longitude) return;
  let pin = null;
  map.on("click", (event) => {
    const { lat, lng } = event.latlng.wrap();
    latitude.value = lat.toFixed(5);
    longitude.value = lng.toFixed(5);
    if (pin) pin.setLatLng(event.latlng);
    else pin = L.marker(event.latlng, { icon: icon(L, { kind: "photo" }), title: "Where the photos were taken", keyboard: false }).addTo(map);
    figure.dataset.picked = `${latitude.value},${longitude.value}`;
  });
}

function setUp() {
  startAll(".point-map", start);
}

document.addEventListener("roadtrip:swap", setUp);
setUp();
