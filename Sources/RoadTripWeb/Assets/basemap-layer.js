// The offline basemap down to city scale: the shorelines, lakes, rivers and borders of the
// server's basemap pack (BasemapPack.swift; scripts/make-basemap-tiles.py says the tile format),
// drawn on a canvas a tile at a time. Beyond the pack's deepest zoom a tile is drawn from the
// pack's tile that holds it, magnified: the shapes are vectors, so the coast stays sharp. The
// tiles also carry the places a map names (`placesInView`, drawn by map-labels.js): where the
// land is drawn, offline too, its places are named.

const UNITS = 16383;
const COLOURS = { land: "#ebe6da", coast: "#8f8778", river: "#78aad3", border: "#a1836b" };
const KEPT = 256; // tiles decoded and kept for the page, the oldest dropped first
const tiles = new Map();
const MISSING = "missing"; // a tile the service worker could not give: RoadTrip away, the tile not kept

// A tile's layers (land rings, rivers, borders), each a list of parts, each a flat list of
// x, y in tile units, and its places; null for the open sea (204, no content); MISSING.
function tile(url) {
  if (!tiles.has(url)) {
    if (tiles.size >= KEPT) tiles.delete(tiles.keys().next().value);
    tiles.set(url, fetch(url, { credentials: "same-origin" }).then(async (response) => {
      if (response.status === 204 && response.headers.has("RoadTrip-Missing")) {
        tiles.delete(url); // asked again once RoadTrip answers
        return MISSING;
      }
      if (response.status === 204) return null;
      if (!response.ok) throw new Error(`cannot load ${url}`);
      const unpacked = response.body.pipeThrough(new DecompressionStream("gzip"));
      return decode(new Uint8Array(await new Response(unpacked).arrayBuffer()));
    }));
  }
  return tiles.get(url);
}

// A tile's bytes read as the script wrote them; a tile cut short or with counts its bytes cannot
// hold is refused whole (an error, never a loop over a count read from nowhere).
function decode(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(0, 4)) !== "RTB2") throw new Error("not a basemap tile");
  let at = 4;
  const need = (size) => {
    if (!(at + size <= bytes.length)) throw new Error("a damaged basemap tile");
  };
  const uint32 = () => {
    need(4);
    at += 4;
    return view.getUint32(at - 4, true);
  };
  const varint = () => {
    let value = 0;
    let shift = 0;
    let byte;
    do {
      need(1);
      byte = bytes[at++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80 && shift < 35);
    return value % 2 ? -(value + 1) / 2 : value / 2;
  };
  const layers = [];
  for (let layer = 0; layer < 3; layer += 1) {
    const parts = [];
    const count = uint32();
    need(count * 4); // each part at least its count
    for (let part = 0; part < count; part += 1) {
      const points = uint32();
      need(points * 2); // each point at least two bytes
      const flat = new Float64Array(points * 2);
      let x = 0;
      let y = 0;
      for (let i = 0; i < points; i += 1) {
        x += varint();
        y += varint();
        flat[2 * i] = x;
        flat[2 * i + 1] = y;
      }
      parts.push(flat);
    }
    layers.push(parts);
  }
  // The places to name: position in tile units, the zoom each is named from, its people, its name.
  const places = [];
  const names = new TextDecoder();
  const count = uint32();
  need(count * 10); // each place at least its fixed part
  for (let place = 0; place < count; place += 1) {
    need(10);
    const length = bytes[at + 9];
    need(10 + length);
    const name = names.decode(bytes.subarray(at + 10, at + 10 + length));
    places.push({ u: view.getUint16(at, true), v: view.getUint16(at + 2, true), from: bytes[at + 4], people: view.getUint32(at + 5, true), name });
    at += 10 + length;
  }
  return { land: layers[0], rivers: layers[1], borders: layers[2], places };
}

// The tiles of zoom `z` (at most `deepest`) over the map's view, each [z, x, y] with x as the
// view has it (beyond the world's edge where the map repeats it) and y within the world.
function tilesInView(map, deepest) {
  const zoom = Math.round(map.getZoom());
  const z = Math.min(zoom, deepest);
  const bounds = map.getPixelBounds();
  const scale = 2 ** (z - map.getZoom()) / 256;
  const count = 2 ** z;
  const found = [];
  for (let y = Math.max(0, Math.floor(bounds.min.y * scale)); y <= Math.min(count - 1, Math.floor(bounds.max.y * scale)); y += 1) {
    for (let x = Math.floor(bounds.min.x * scale); x <= Math.floor(bounds.max.x * scale); x += 1) found.push([z, x, y]);
  }
  return { zoom, tiles: found };
}

/** The places the pack's tiles name in the map's view at its zoom, the most populous first:
 * [{ name, people, at: L.LatLng }]. */
export async function placesInView(L, map, template, deepest) {
  const { zoom, tiles } = tilesInView(map, deepest);
  const view = map.getBounds();
  const found = [];
  await Promise.all(tiles.map(async ([z, x, y]) => {
    const count = 2 ** z;
    const wrapped = ((x % count) + count) % count;
    let data;
    try {
      data = await tile(template.replace("{tile}", `${z}-${wrapped}-${y}`));
    } catch {
      return; // a tile not to be had (RoadTrip away, the tile not kept): no names there
    }
    for (const place of data && data !== MISSING ? data.places : []) {
      if (place.from > zoom) continue;
      const at = map.unproject(L.point((x + place.u / UNITS) * 256, (y + place.v / UNITS) * 256), z);
      if (view.contains(at)) found.push({ name: place.name, people: place.people, at });
    }
  }));
  return found.sort((a, b) => b.people - a.people || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

// One part as a path in the canvas's pixels; `edges` false leaves out the steps along the
// source tile's border (where clipping cut a shore, not the shore itself).
function trace(context, flat, place, closed, edges) {
  const onBorder = (a, b) => (a === 0 || a === UNITS) && a === b;
  for (let i = 0; i < flat.length; i += 2) {
    const x = place.x(flat[i]);
    const y = place.y(flat[i + 1]);
    const cut = i > 0 && !edges && (onBorder(flat[i], flat[i - 2]) || onBorder(flat[i + 1], flat[i - 1]));
    if (i === 0 || cut) context.moveTo(x, y);
    else context.lineTo(x, y);
  }
  if (closed && edges) context.closePath();
}

function draw(canvas, data, place, zoom) {
  const context = canvas.getContext("2d");
  context.scale(place.ratio, place.ratio);
  if (!data) return;
  context.beginPath();
  for (const ring of data.land) trace(context, ring, place, true, true);
  context.fillStyle = COLOURS.land;
  context.fill("evenodd");
  const stroke = (parts, colour, width, dash = []) => {
    context.beginPath();
    for (const part of parts) trace(context, part, place, false, false);
    context.strokeStyle = colour;
    context.lineWidth = width;
    context.setLineDash(dash);
    context.stroke();
  };
  stroke(data.land, COLOURS.coast, zoom >= 10 ? 1.2 : 0.8);
  stroke(data.rivers, COLOURS.river, zoom >= 10 ? 2 : 1);
  stroke(data.borders, COLOURS.border, 1, [4, 3]);
}

// A tile RoadTrip could not give (away, the tile not kept) as its land would be from `world`,
// the countries' outlines (GeoJSON), in the units of tile `z`-`x`-`y` of the world's own copy:
// drawn as any tile is, the land without its detail, so the map is not an empty sea there.
function outlineTile(world, map, z, x, y) {
  const land = [];
  for (const { geometry } of world.features) {
    const polygons = geometry.type === "Polygon" ? [geometry.coordinates] : geometry.type === "MultiPolygon" ? geometry.coordinates : [];
    for (const ring of polygons.flat()) {
      const flat = new Float64Array(ring.length * 2);
      ring.forEach(([longitude, latitude], index) => {
        const point = map.project([latitude, longitude], z);
        flat[2 * index] = (point.x / 256 - x) * UNITS;
        flat[2 * index + 1] = (point.y / 256 - y) * UNITS;
      });
      land.push(flat);
    }
  }
  return { land, rivers: [], borders: [], places: [] };
}

// The layer: `template` names a tile's address with `{tile}` for "z-x-y"; `deepest` is the
// pack's deepest zoom; `outlines`, the countries' outlines (a promise of their GeoJSON), drawn
// in a tile RoadTrip could not give.
export function basemapLayer(L, template, deepest, outlines) {
  const Layer = L.GridLayer.extend({
    createTile(coords, done) {
      const canvas = document.createElement("canvas");
      const size = this.getTileSize();
      const ratio = window.devicePixelRatio || 1;
      canvas.width = size.x * ratio;
      canvas.height = size.y * ratio;
      const z = Math.min(coords.z, deepest);
      const scale = 2 ** (coords.z - z);
      const count = 2 ** z;
      const x = Math.floor(coords.x / scale);
      const y = Math.floor(coords.y / scale);
      if (y < 0 || y >= count) {
        setTimeout(() => done(null, canvas));
        return canvas;
      }
      const offset = { x: coords.x - x * scale, y: coords.y - y * scale };
      const place = {
        ratio,
        x: (u) => ((u / UNITS) * scale - offset.x) * size.x,
        y: (v) => ((v / UNITS) * scale - offset.y) * size.y,
      };
      const wrapped = ((x % count) + count) % count;
      tile(template.replace("{tile}", `${z}-${wrapped}-${y}`)).then(
        (data) => {
          if (data !== MISSING) {
            draw(canvas, data, place, coords.z);
            done(null, canvas);
            return;
          }
          canvas.dataset.missing = "";
          outlines.then((world) => draw(canvas, outlineTile(world, this._map, z, wrapped, y), place, coords.z)).finally(() => done(null, canvas));
        },
        (error) => done(error, canvas),
      );
      return canvas;
    },
  });
  return new Layer({ maxZoom: 19, className: "basemap-tiles" });
}
