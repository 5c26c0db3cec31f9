// Place names over the offline basemap, as a map app names them: the places the basemap's tiles
// carry (the gazetteer's, each from the zoom where its people are enough: the great cities from
// afar, towns as the zoom grows), each a label on a pane of its own above the land and under the
// photos, none drawn over another (the larger place keeps its room) nor under a marker. They
// come with the tiles, so a map shown offline names its places as it draws its land.

import { placesInView } from "./basemap-layer.js";

const LINE_PX = 16; // a label's height, and its width per letter: the room it takes
const LETTER_PX = 7;
const LIMIT = 60; // names a view shows at most: more than fit on a tablet's map without touching

/** Labels of the places in view, drawn again after every move of `map`. */
export function placeLabels(L, map, template, deepest) {
  const pane = map.createPane("labels");
  pane.style.zIndex = "450";
  pane.style.pointerEvents = "none";
  const layer = L.layerGroup().addTo(map);
  let asked = 0;
  const draw = async () => {
    const mine = ++asked;
    const places = await placesInView(L, map, template, deepest);
    if (mine !== asked) return; // the map moved on meanwhile
    layer.clearLayers();
    // What the map marks (photos, an itinerary's numbered places) keeps its room: a name under
    // a marker would show only in part.
    const frame = map.getContainer().getBoundingClientRect();
    const taken = [...map.getPane("markerPane").children].map((marker) => {
      const box = marker.getBoundingClientRect();
      return { left: box.left - frame.left, right: box.right - frame.left, top: box.top - frame.top, bottom: box.bottom - frame.top };
    });
    const marked = taken.length;
    for (const { name, people, at: position } of places) {
      if (taken.length - marked >= LIMIT) break;
      const at = map.latLngToContainerPoint(position);
      const half = (name.length * LETTER_PX) / 2 + 4;
      const room = { left: at.x - half, right: at.x + half, top: at.y - LINE_PX, bottom: at.y + 2 };
      if (taken.some((other) => other.left < room.right && room.left < other.right && other.top < room.bottom && room.top < other.bottom)) continue;
      taken.push(room);
      const text = document.createElement("span");
      text.textContent = name; // a name is text, never markup
      const icon = L.divIcon({ className: people >= 1000000 ? "place-label city" : "place-label", html: text, iconSize: null });
      layer.addLayer(L.marker(position, { icon, pane: "labels", interactive: false, keyboard: false }));
    }
    map.getContainer().dataset.placeLabels = String(layer.getLayers().length);
  };
  // Drawn again, once a frame at most, when the map marks something new: a marker takes the
  // room of any name under it.
  let waiting = false;
  const again = () => {
    if (waiting) return;
    waiting = true;
    requestAnimationFrame(() => {
      waiting = false;
      draw();
    });
  };
  map.on("moveend", draw);
  map.on("layeradd", ({ layer }) => {
    if (layer instanceof L.Marker && layer.options.pane === "markerPane") again();
  });
  draw();
}
