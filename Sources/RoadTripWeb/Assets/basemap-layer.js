// The offline basemap down to city scale: the shorelines, lakes, rivers and borders of the
// server's basemap pack (BasemapPack.swift; scripts/make-basemap-tiles.py says the tile format),
// drawn on a canvas a tile at a time. Beyond the pack's deepest zoom a tile is drawn from the
// pack's tile that holds it, magnified: the shapes are vectors, so the coast stays sharp.

const UNITS = 16383;
const COLOURS = { land: "#ebe6da", coast: "#8f8778", river: "#78aad3", border: "#a1836b" };
const KEPT = 256; // tiles decoded and kept for the page, the oldest dropped first
const tiles = new Map();

// A tile's layers (land rings, rivers, borders), each a list of parts, each a flat list of
// x, y in tile units; null for the open sea (204, no content).
function tile(url) {
  if (!tiles.has(url)) {
    if (tiles.size >= KEPT) tiles.delete(tiles.keys().next().value);
    tiles.set(url, fetch(url, { credentials: "same-origin" }).then(async (response) => {
      if (response.status === 204) return null;
      if (!response.ok) throw new Error(`cannot load ${url}`);
      const unpacked = response.body.pipeThrough(new DecompressionStream("gzip"));
      return decode(new Uint8Array(await new Response(unpacked).arrayBuffer()));
    }));
  }
  return tiles.get(url);
}

function decode(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(0, 4)) !== "RTB1") throw new Error("not a basemap tile");
  let at = 4;
  const varint = () => {
    let value = 0;
    let shift = 0;
    let byte;
    do {
      byte = bytes[at++];
      value += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte & 0x80);
    return value % 2 ? -(value + 1) / 2 : value / 2;
  };
  const layers = [];
  for (let layer = 0; layer < 3; layer += 1) {
    const parts = [];
    const count = view.getUint32(at, true);
    at += 4;
    for (let part = 0; part < count; part += 1) {
      const points = view.getUint32(at, true);
      at += 4;
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
  return { land: layers[0], rivers: layers[1], borders: layers[2] };
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

// The layer: `template` names a tile's address with `{tile}` for "z-x-y"; `deepest` is the
// pack's deepest zoom.
export function basemapLayer(L, template, deepest) {
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
        (data) => { draw(canvas, data, place, coords.z); done(null, canvas); },
        (error) => done(error, canvas),
      );
      return canvas;
    },
  });
  return new Layer({ maxZoom: 19, className: "basemap-tiles" });
}
