#!/usr/bin/env bash
# Writes the fuzz targets' seeds into fuzz/corpus/<target>/seed-*: valid inputs made by
# RoadTrip's own writers (an exported vacation, EXIF from the synthetic photos, …), and the
# destination catalogues the tests and the demo use. Other files there (crash-*: inputs a
# fuzzer found, kept as regressions) are left as they are. Run it again when a format changes.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
"$swift" build --product FuzzDriver
TMPDIR=${TMPDIR:-/tmp} .build/debug/FuzzDriver seeds fuzz/corpus
cp Sources/RoadTrip/Resources/DemoDestinations.plist fuzz/corpus/destination-plist/seed-demo
cp Tests/RoadTripTests/Fixtures/Destinations.plist fuzz/corpus/destination-plist/seed-test-fixture
cp Tests/RoadTripTests/Fixtures/Destinations.json fuzz/corpus/destination-json/seed-test-fixture
for fixture in Tests/RoadTripTests/Fixtures/tracks/*.gpx Tests/RoadTripTests/Fixtures/tracks/*.kml Tests/RoadTripTests/Fixtures/tracks/*.geojson; do
    cp "$fixture" "fuzz/corpus/tracks/seed-fixture-$(basename "$fixture")"
done
