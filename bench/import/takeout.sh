#!/usr/bin/env bash
# Google Takeout import benchmark: a generated Takeout of PHOTOS photos (2,000 by default) in 4 zip
# parts, each photo with its JSON sidecar (a date, a position, a description; a quarter of the
# sidecars in the next part, as Google splits them), imported in place with `roadtrip import
# takeout-*.zip`, beside `roadtrip import` of the same photos as plain files in a folder, in the
# same run, alternately ROUNDS times: the ratio of the medians (plain seconds ÷ Takeout seconds;
# 1 means the sidecars, the zips and the import run cost nothing) and the Takeout import's peak
# memory at a quarter of the photos and at all of them (flat: nothing is held per file but its
# name and its sidecar's facts).
set -euo pipefail
cd "$(dirname "$0")/../.."

PHOTOS=${PHOTOS:-2000}
ROUNDS=${ROUNDS:-3}
. bench/lib.sh

# Photos: one 1600×1200 camera-like JPEG without a date of its own, made distinct (a different
# digest each) by a comment segment after its start, as a camera's own varying bytes would.
camera_jpeg "$work/base.jpg"

make_takeout() {  # make_takeout COUNT FOLDER: COUNT photos as files in FOLDER/plain and as 4 parts in FOLDER
    python3 - "$work/base.jpg" "$1" "$2" <<'PY'
import json, os, sys, zipfile
base, count, folder = open(sys.argv[1], "rb").read(), int(sys.argv[2]), sys.argv[3]
os.makedirs(folder + "/plain", exist_ok=True)
parts = [zipfile.ZipFile(f"{folder}/takeout-20260101T000000Z-{n:03}.zip", "w") for n in range(1, 5)]
for i in range(count):
    name = f"IMG_{i:05}.JPG"
    note = f"photo {i}".encode()
    photo = base[:2] + b"\xff\xfe" + (len(note) + 2).to_bytes(2, "big") + note + base[2:]
    with open(f"{folder}/plain/{name}", "wb") as plain:
        plain.write(photo)
    part = i * 4 // count
    folder_name = f"Takeout/Google Photos/Photos from {2015 + i % 8}/"
    parts[part].writestr(zipfile.ZipInfo(folder_name + name, (2020, 1, 1, 0, 0, 0)), photo, zipfile.ZIP_STORED)
    sidecar = {"title": name, "description": f"Day {i}", "photoTakenTime": {"timestamp": str(1_420_000_000 + i * 86_400)},
               "geoData": {"latitude": 38.7 + i % 100 / 1000, "longitude": -9.13}}
    side = parts[(part + 1) % 4] if i % 4 == 0 else parts[part]
    side.writestr(folder_name + name + ".supplemental-metadata.json", json.dumps(sidecar), zipfile.ZIP_DEFLATED)
for part in parts:
    part.close()
PY
}

make_takeout "$PHOTOS" "$work/all"
make_takeout $(( PHOTOS / 4 )) "$work/quarter"
megabytes=$(du -sm "$work/all/plain" | cut -f1)

plain_runs=(); takeout_runs=(); peak_all=0
for round in $(seq 1 "$ROUNDS"); do
    rm -rf "$work/data"
    plain_runs+=("$(timed_peak "$work/plain.log" "$BIN" import "$work/all/plain" --data "$work/data")")
    grep -q "Imported $PHOTOS, already there 0, refused 0." "$work/plain.log" || { cat "$work/plain.log"; exit 1; }
    rm -rf "$work/data"
    takeout_runs+=("$(timed_peak "$work/takeout.log" "$BIN" import "$work"/all/takeout-*.zip --data "$work/data")")
    grep -q "Imported $PHOTOS, already there 0, refused 0." "$work/takeout.log" || { cat "$work/takeout.log"; exit 1; }
    grep -q "Sidecars: $PHOTOS of $PHOTOS photos and videos had one; 0 had no photo." "$work/takeout.log" || { cat "$work/takeout.log"; exit 1; }
    (( $(cat "$work/peak") > peak_all )) && peak_all=$(cat "$work/peak")
done
rm -rf "$work/data"
quarter_seconds=$(timed_peak "$work/quarter.log" "$BIN" import "$work"/quarter/takeout-*.zip --data "$work/data")
peak_quarter=$(cat "$work/peak")
plain=$(echo "${plain_runs[@]}" | median)
takeout=$(echo "${takeout_runs[@]}" | median)

echo "Takeout import: $PHOTOS photos of 1600×1200 ($megabytes MB) with sidecars in 4 zip parts, $(nproc) cores, $(date -u +%Y-%m-%d), median of $ROUNDS rounds"
rate_row ""
rate_row "roadtrip import FOLDER (the plain files)" "$plain" "$PHOTOS" "-" "${plain_runs[@]}"
rate_row "roadtrip import takeout-*.zip (+ sidecars)" "$takeout" "$PHOTOS" "$peak_all" "${takeout_runs[@]}"
rate_row "roadtrip import, a quarter of the Takeout" "$quarter_seconds" $(( PHOTOS / 4 )) "$peak_quarter"
echo "ratio (plain seconds ÷ Takeout seconds, 1 = no cost): $(awk -v a="$plain" -v b="$takeout" 'BEGIN { printf "%.2f", a / b }')"
echo "memory (peak at all ÷ peak at a quarter, 1 = flat): $(awk -v a="$peak_all" -v b="$peak_quarter" 'BEGIN { printf "%.2f", a / b }')"
