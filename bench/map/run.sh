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

measure() {
    wrk -t2 -c16 -d"$DURATION" --latency ${2:+-H "$2"} "$1" | awk '
        function ms(v) { if (v ~ /us$/) { sub(/us/, "", v); return v / 1000 } if (v ~ /ms$/) { sub(/ms/, "", v); return v } sub(/s/, "", v); return v * 1000 }
        $1 == "50%" { p50 = ms($2) } $1 == "99%" { p99 = ms($2) } /Requests\/sec/ { rps = $2 }
        END { printf "%.2f %.2f %.0f\n", p50, p99, rps }'
}

# Rows written straight into library.sqlite (the map reads rows, not image files): places spread
# over the world, most photos in a few of them, each photo a little off its place (no random(): the
# same library every run).
data="$work/data"
"$BIN" destinations list --data "$data" > /dev/null  # the schema exists
started=$(date +%s)
sqlite3 "$data/library.sqlite" <<SQL
PRAGMA foreign_keys = ON;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $PLACES)
INSERT INTO places (id, name, region, country, country_code, latitude, longitude, folded_name)
SELECT 900000000 + i, 'Place ' || i, NULL, 'Country ' || (i % 60), 'C' || (i % 60),
       ((i * 37) % 15000) / 100.0 - 70, ((i * 91) % 35000) / 100.0 - 175, 'place ' || i FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $PHOTOS),
     chosen(i, place) AS MATERIALIZED (
         SELECT i, 900000000 + 1 + ((i * 2654435761) % $PLACES) * ((i * 40503) % $PLACES) / $PLACES FROM n)
INSERT INTO photos (sha256, format, byte_count, width, height, title, sorted_at, place_id, latitude, longitude, imported_at)
SELECT lower(hex(randomblob(32))), 'jpeg', 4000000, 4000, 3000, 'Photo ' || c.i,
       strftime('%Y-%m-%dT%H:%M:%S', 1500000000 + c.i * 30, 'unixepoch'), c.place,
       p.latitude + ((c.i * 7919) % 2000) / 100000.0, p.longitude + ((c.i * 104729) % 2000) / 100000.0, 1700000000
FROM chosen c JOIN places p ON p.id = c.place;
SQL
echo "library of $PHOTOS photos in $PLACES places written in $(( $(date +%s) - started )) s"
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
printf '%-52s %10s %8s %8s %9s %9s %9s\n' "request" "bytes" "p50 ms" "p99 ms" "req/s" "nginx p50" "÷ nginx"
for row in "${rows[@]}"; do
    IFS='|' read -r name file r50 r99 rrps <<< "$row"
    read -r n50 n99 nrps < <(measure "http://127.0.0.1:$ng_port/$file.json")
    printf '%-52s %10s %8s %8s %9s %9s %9s\n' "$name" "$(wc -c < "$work/www/$file.json")" "$r50" "$r99" "$rrps" "$n50" \
        "$(awk -v a="$rrps" -v b="$nrps" 'BEGIN { printf "%.2f", a / b }')"
done
