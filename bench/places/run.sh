#!/usr/bin/env bash
# Placing benchmark (issue 36): `roadtrip tracks place` placing 10,000 photos without a position
# along 50 GPS tracks of 10,000 points each (500,000 points; a day each, a point every 5 s),
# end to end (the process, its plan and its writes), beside the time to read the same tracks'
# bytes (the GPX files, and the points as the library keeps them), in the same run. Then the
# Photos map's data (/map/photos, which now carries the tracks in view) on a library of
# 1,000,000 photos with those tracks, p50 beside nginx serving the same bytes.
set -euo pipefail
cd "$(dirname "$0")/../.."

TRACKS=${TRACKS:-50}
POINTS=${POINTS:-10000}
PHOTOS=${PHOTOS:-10000}
MAP_PHOTOS=${MAP_PHOTOS:-1000000}
PLACES=${PLACES:-20000}
DURATION=${DURATION:-5s}
. bench/lib.sh

# The tracks: day d (1 June 2024 onwards), from 06:00 UTC, a point every 5 s wandering east from
# a start of its own in Europe (no random(): the same files every run).
mkdir -p "$work/tracks"
python3 - "$work/tracks" "$TRACKS" "$POINTS" <<'PY'
import datetime, math, sys
folder, tracks, points = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
for d in range(tracks):
    start = datetime.datetime(2024, 6, 1, 6, tzinfo=datetime.timezone.utc) + datetime.timedelta(days=d)
    lat0, lon0 = 38 + (d * 7 % 20) * 0.7, -9 + (d * 11 % 30) * 0.9
    rows = []
    for i in range(points):
        t = start + datetime.timedelta(seconds=5 * i)
        lat = lat0 + 0.02 * math.sin(i / 300) + i * 0.000005
        lon = lon0 + i * 0.00003
        rows.append(f'<trkpt lat="{lat:.6f}" lon="{lon:.6f}"><ele>{100 + i % 50}</ele><time>{t:%Y-%m-%dT%H:%M:%SZ}</time></trkpt>')
    with open(f"{folder}/day-{d + 1:02d}.gpx", "w") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="bench"><trk><name>Day %d</name><trkseg>\n' % (d + 1))
        out.write("\n".join(rows))
        out.write("\n</trkseg></trk></gpx>\n")
PY
data="$work/data"
"$BIN" destinations list --data "$data" > /dev/null
seconds() { echo "$EPOCHREALTIME"; }
# elapsed COMMAND…: the command's wall time in seconds, to the millisecond.
elapsed() { local start=$EPOCHREALTIME; "$@" > /dev/null; awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.3f", b - a }'; }
started=$(seconds)
"$BIN" tracks import "$work"/tracks/*.gpx --data "$data" > "$work/import.log"
imported=$(seconds)

# The photos: PHOTOS rows without a position, spread over the tracks' days, each taken at a time its
# track covers, written by an iPhone that recorded its zone (UTC+02:00).
sqlite3 "$data/library.sqlite" <<SQL
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < $PHOTOS - 1)
INSERT INTO photos (sha256, format, byte_count, width, height, title, taken_at, sorted_at, camera_make, camera_model, taken_offset, imported_at)
SELECT lower(hex(randomblob(32))), 'jpeg', 4000000, 4000, 3000, 'Photo ' || i,
       strftime('%Y-%m-%dT%H:%M:%S', 1717221600 + (i % $TRACKS) * 86400 + 7200 + (i * 7919) % ($POINTS * 5 - 5), 'unixepoch'),
       strftime('%Y-%m-%dT%H:%M:%S', 1717221600 + (i % $TRACKS) * 86400 + 7200 + (i * 7919) % ($POINTS * 5 - 5), 'unixepoch'),
       'Apple', 'iPhone 15', 120, 1700000000
FROM n;
SQL

# The baselines: the GPX files' bytes read (from the page cache), and the stored points read.
read_files=$(elapsed cat "$work"/tracks/*.gpx)
read_rows=$(elapsed sqlite3 "$data/library.sqlite" "SELECT hex(points) FROM tracks")
place_started=$(seconds)
"$BIN" tracks place --data "$data" > "$work/place.log"
placed_at=$(seconds)
placed=$(grep -o 'Placed [0-9]* photos' "$work/place.log" || true)
place_seconds=$(awk -v a="$place_started" -v b="$placed_at" 'BEGIN { printf "%.2f", b - a }')

echo "Placing, $(nproc) cores, $(date -u +%Y-%m-%d): $TRACKS tracks × $POINTS points, $PHOTOS photos without a position"
echo "  tracks imported (GPX read, stored):       $(awk -v a="$started" -v b="$imported" 'BEGIN { printf "%.2f", b - a }') s ($(du -sh "$work/tracks" | cut -f1) of GPX)"
echo "  read the GPX files' bytes (cat):           $read_files s"
echo "  read the stored points (sqlite3, as hex):  $read_rows s"
echo "  roadtrip tracks place, end to end:         $place_seconds s — $placed (goal < 2 s)"
awk -v p="$place_seconds" -v r="$read_files" -v s="$read_rows" 'BEGIN { printf "  ÷ reading the files: %.1f   ÷ reading the rows: %.1f\n", p / (r > 0 ? r : 0.01), p / (s > 0 ? s : 0.01) }'

# The map at MAP_PHOTOS photos with the tracks drawn: a fresh library of photos, the same tracks.
map="$work/map"
write_photo_library "$map" "$MAP_PHOTOS" "$PLACES"
"$BIN" tracks import "$work"/tracks/*.gpx --data "$map" > /dev/null
data=$map
world="/map/photos?bbox=-180,-85,180,85&zoom=2"
europe="/map/photos?bbox=-12,36,20,56&zoom=5"
street="/map/photos?bbox=-9.02,37.99,-8.98,38.03&zoom=14"
mkdir -p "$work/www"
start_roadtrip --no-saved-copies --page-cache-size 0
sign_in
rows=()
for target in "world (zoom 2)|$world|world" "Europe, every track (zoom 5)|$europe|europe" "a street on a track (zoom 14)|$street|street"; do
    IFS='|' read -r name path file <<< "$target"
    curl -fsS -H "$cookie" "$base$path" > "$work/www/$file.json"
    read -r r50 r99 rrps < <(measure "$base$path" "$cookie")
    rows+=("$name|$file|$r50|$r99|$rrps")
done
stop_roadtrip
start_nginx "$work/www" 1
echo "Map data with tracks, $MAP_PHOTOS photos, $TRACKS tracks; rendered every time; wrk -t2 -c16 -d$DURATION; nginx serving the same bytes"
report_views "view"
