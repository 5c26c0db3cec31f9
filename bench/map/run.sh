#!/usr/bin/env bash
# Map benchmark: /map/photos (what the map's script asks for each view) on a library of
# 1,000,000 photos at known positions in 20,000 places, for a view of the world and a view of a
# city, each read and answered anew (--page-cache-size 0) and as a kept answer, on SQLite and on
# PostgreSQL (the same rows, moved by `roadtrip migrate` into a throwaway server); its p50 and
# size beside nginx serving a file of the same bytes, in the same run.
set -euo pipefail
cd "$(dirname "$0")/../.."

PHOTOS=${PHOTOS:-1000000}
PLACES=${PLACES:-20000}
DURATION=${DURATION:-5s}
. bench/lib.sh
trap 'bin/test-postgresql stop "$work/pg" >/dev/null 2>&1 || true; cleanup' EXIT

data="$work/data"
write_photo_library "$data" "$PHOTOS" "$PLACES"
read -r city_lat city_lon < <(sqlite3 -separator ' ' "$data/library.sqlite" "SELECT latitude, longitude FROM places ORDER BY photo_count DESC LIMIT 1")
world="/map/photos?bbox=-180,-85,180,85&zoom=2"
city="/map/photos?bbox=$(awk -v a="$city_lon" -v b="$city_lat" 'BEGIN { printf "%.4f,%.4f,%.4f,%.4f", a - 0.04, b - 0.03, a + 0.04, b + 0.03 }')&zoom=13"

mkdir -p "$work/www"
rows=()
# measure_views LABEL PREFIX [serve options…]: the world and the city view on a server started
# with the options; each answer saved for nginx as PREFIXworld.json and PREFIXcity.json.
measure_views() {
    local label=$1 prefix=$2
    shift 2
    start_roadtrip --no-saved-copies "$@"
    sign_in
    for target in "world view (zoom 2)|$world|${prefix}world" "city view (zoom 13)|$city|${prefix}city"; do
        IFS='|' read -r name path file <<< "$target"
        curl -fsS -H "$cookie" "$base$path" > "$work/www/$file.json"
        read -r r50 r99 rrps < <(measure "$base$path" "$cookie")
        rows+=("$name, $label|$file|$r50|$r99|$rrps")
    done
    stop_roadtrip
}
measure_views "rendered every time" "" --page-cache-size 0
measure_views "kept" ""

# The same rows on PostgreSQL, read anew for every answer.
url=$(bin/test-postgresql start "$work/pg")
psql -q "$url" -c "CREATE DATABASE roadtrip" >/dev/null
database=${url%/postgres}/roadtrip
started=$(date +%s)
"$BIN" migrate --from "$data" --to "$database" > "$work/migrate.log"
echo "moved into PostgreSQL in $(( $(date +%s) - started )) s"
measure_views "PostgreSQL, rendered every time" "pg-" --page-cache-size 0 --database "$database"

start_nginx "$work/www" 1
echo "Map data, $PHOTOS photos in $PLACES places; wrk -t2 -c16 -d$DURATION, $(nproc) cores, $(date -u +%Y-%m-%d); nginx serving the same bytes"
report_views "request"
