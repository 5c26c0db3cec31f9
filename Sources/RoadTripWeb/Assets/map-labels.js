// Place names over the offline basemap, as a map app names them: the gazetteer's largest places
// in view (the server chooses them, /map/places: the great cities from afar, towns as the zoom
// grows), each a label on a pane of its own above the land and under the photos, none drawn
// over another (the larger place keeps its room).

const answers = new Map(); // the server's answer for each view asked, for as long as the page lives
const LINE_PX = 16; // a label's height, and its width per letter: the room it takes
const LETTER_PX = 7;
const RETRY_MS = 1000;

/** Labels of the places in view, drawn again after every move of `map`. */
export function placeLabels(L, map, url) {
  const pane = map.createPane("labels");
  pane.style.zIndex = "450";
  pane.style.pointerEvents = "none";
  const layer = L.layerGroup().addTo(map);
  let asked = 0;
  const draw = async () => {
    const mine = ++asked;
    const bounds = map.getBounds();
    const box = [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()].map((value) => value.toFixed(3));
    const query = `${url}?bbox=${box.join(",")}&zoom=${map.getZoom()}`;
    if (!answers.has(query)) {
      answers.set(query, fetch(query, { credentials: "same-origin" }).then((response) => {
        if (!response.ok) return [];
        // The server is still reading its gazetteer: no names yet, and the map asks again.
        if (response.headers.get("Retry-After")) {
          answers.delete(query);
          setTimeout(() => (mine === asked ? draw() : null), RETRY_MS);
        }
        return response.json();
      }).catch(() => []));
    }
    const places = await answers.get(query);
    if (mine !== asked) return; // the map moved on meanwhile
    layer.clearLayers();
    const taken = [];
    for (const [name, latitude, longitude, population] of places) {
      const at = map.latLngToContainerPoint([latitude, longitude]);
      const half = (String(name).length * LETTER_PX) / 2 + 4;
      const room = { left: at.x - half, right: at.x + half, top: at.y - LINE_PX, bottom: at.y + 2 };
      if (taken.some((other) => other.left < room.right && room.left < other.right && other.top < room.bottom && room.top < other.bottom)) continue;
      taken.push(room);
      const text = document.createElement("span");
      text.textContent = String(name); // a name is text, never markup
      const icon = L.divIcon({ className: population >= 1000000 ? "place-label city" : "place-label", html: text, iconSize: null });
      layer.addLayer(L.marker([latitude, longitude], { icon, pane: "labels", interactive: false, keyboard: false }));
    }
    map.getContainer().dataset.placeLabels = String(layer.getLayers().length);
  };
  map.on("moveend", draw);
  draw();
}
