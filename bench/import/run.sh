#!/usr/bin/env bash
# Photo import benchmark, two figures:
#  1. `roadtrip import` of a folder of generated 12–24 megapixel JPEGs (sniff, EXIF, SHA-256,
#     the 250 px WebP thumbnail and the 1440 px JPEG preview, the original stored), beside
#     `vipsthumbnail` making the same two sizes from the same files with as many processes as
#     cores, in the same run: photos/s, the ratio, and the importer's peak memory.
#  2. The Places screen and a place's grid served from libraries of 100,000 and 1,000,000
#     photos, beside nginx serving the same bytes: the cost per page must not grow with the library.
set -euo pipefail
cd "$(dirname "$0")/../.."

PHOTOS=${PHOTOS:-24}
LIBRARIES=${LIBRARIES:-100000:2000 1000000:20000}
DURATION=${DURATION:-5s}
. bench/lib.sh
cores=$(nproc)

# 1. Photos: smooth patterns with a little grain, so that they weigh what camera JPEGs of
# their size weigh (a few MB), each one different, at 12, 16 and 24 megapixels in turn.
mkdir -p "$work/photos" "$work/thumbs"
sizes=("4000 3000" "4896 3264" "6000 4000")
for i in $(seq 1 "$PHOTOS"); do
    read -r w h <<< "${sizes[$(( (i - 1) % 3 ))]}"
    vips sines "$work/r.v" "$w" "$h" --hfreq "0.$((i % 7 + 1))" --vfreq "0.$((i % 5 + 2))"
    vips sines "$work/g.v" "$w" "$h" --hfreq "0.$((i % 3 + 4))" --vfreq "0.$((i % 4 + 1))"
    vips sines "$work/b.v" "$w" "$h" --hfreq "0.$((i % 5 + 1))" --vfreq "0.$((i % 6 + 3))"
    vips bandjoin "$work/r.v $work/g.v $work/b.v" "$work/rgb.v"
    vips linear "$work/rgb.v" "$work/smooth.v" 100 128
    vips gaussnoise "$work/grain.v" "$w" "$h" --sigma 14 --mean 0
    vips add "$work/smooth.v" "$work/grain.v" "$work/grainy.v"
    vips cast "$work/grainy.v" "$work/rgb8.v" uchar
    vips copy "$work/rgb8.v" "$work/photos/photo-$i.jpg[Q=90]" --interpretation srgb
done
rm -f "$work"/*.v
megabytes=$(du -sm "$work/photos" | cut -f1)


# Both, alternately, ROUNDS times (the machine's other load moves either by a fifth from one
# run to the next): the medians are compared, and every round is printed.
ROUNDS=${ROUNDS:-3}
rt_runs=(); vt_runs=(); rt_peak=0
for round in $(seq 1 "$ROUNDS"); do
    rm -rf "$work/data" "$work/thumbs"
    mkdir -p "$work/thumbs"
    start=$(seconds)
    /usr/bin/time -f "%M" -o "$work/peak" "$BIN" import "$work/photos" --data "$work/data" > "$work/import.log"
    end=$(seconds)
    rt_runs+=("$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')")
    peak=$(( $(cat "$work/peak") / 1024 ))
    (( peak > rt_peak )) && rt_peak=$peak
    grep -q "Imported $PHOTOS, already there 0, refused 0." "$work/import.log" || { cat "$work/import.log"; exit 1; }

    start=$(seconds)
    ls "$work"/photos/*.jpg | xargs -P "$cores" -n 1 sh -c '
        vipsthumbnail "$0" -s 250 -o "'"$work"'/thumbs/%s.webp[Q=80,strip]" &&
        vipsthumbnail "$0" -s 1440 -o "'"$work"'/thumbs/%s.jpg[Q=80,strip]"'
    end=$(seconds)
    vt_runs+=("$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }')")
done
rt_seconds=$(echo "${rt_runs[@]}" | median)
vt_seconds=$(echo "${vt_runs[@]}" | median)

echo "Photo import: $PHOTOS JPEGs of 12–24 MP ($megabytes MB), $cores cores, $(date -u +%Y-%m-%d), median of $ROUNDS rounds"
rate_row ""
rate_row "vipsthumbnail, 250 px WebP + 1440 px JPEG" "$vt_seconds" "$PHOTOS" "-" "${vt_runs[@]}"
rate_row "roadtrip import (same sizes, + hash, store)" "$rt_seconds" "$PHOTOS" "$rt_peak" "${rt_runs[@]}"
echo "ratio (roadtrip photos/s ÷ vipsthumbnail photos/s): $(awk -v a="$vt_seconds" -v b="$rt_seconds" 'BEGIN { printf "%.2f", a / b }')"
echo

# 2. Libraries of 100,000 and 1,000,000 photos (LIBRARIES="photos:places …"): rows written
# straight into library.sqlite (the screens read rows, not image files), over 2,000 and 20,000
# places in 60 countries, most photos in a few places. For each, the Places screen and the
# grid of the place with the most photos, beside nginx serving the same bytes, in this run.
# Every page is read and rendered anew (--page-cache-size 0): a kept page would hide what
# the database costs at each size.
measure() {
    wrk -t2 -c16 -d"$DURATION" --latency ${2:+-H "$2"} "$1" | awk '
        function ms(v) { if (v ~ /us$/) { sub(/us/, "", v); return v / 1000 } if (v ~ /ms$/) { sub(/ms/, "", v); return v } sub(/s/, "", v); return v * 1000 }
        $1 == "50%" { p50 = ms($2) } $1 == "99%" { p99 = ms($2) } /Requests\/sec/ { rps = $2 }
        END { printf "%.2f %.2f %.0f\n", p50, p99, rps }'
}

mkdir -p "$work/www"
rows=()
for library in $LIBRARIES; do
    photos=${library%%:*}; places=${library#*:}
    data="$work/library-$photos"
    "$BIN" destinations list --data "$data" > /dev/null  # the schema exists
    sqlite3 "$data/library.sqlite" <<SQL
PRAGMA foreign_keys = ON;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $places)
INSERT INTO places (id, name, region, country, country_code, latitude, longitude, folded_name)
SELECT 900000000 + i, 'Place ' || i, CASE WHEN i % 3 = 0 THEN 'Region ' || (i % 17) END, 'Country ' || (i % 60),
       'C' || (i % 60), (i % 170) - 85, (i % 350) - 175, 'place ' || i FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $photos)
INSERT INTO photos (sha256, format, byte_count, width, height, title, sorted_at, taken_at, place_id, imported_at)
SELECT lower(hex(randomblob(32))), 'jpeg', 4000000, 4000, 3000, 'Photo ' || i,
       strftime('%Y-%m-%dT%H:%M:%S', 1500000000 + i * 30, 'unixepoch'), strftime('%Y-%m-%dT%H:%M:%S', 1500000000 + i * 30, 'unixepoch'),
       900000000 + 1 + (abs(random()) % $places) * (abs(random()) % $places) / $places, 1700000000 FROM n;
SQL
    read -r place_id place_count < <(sqlite3 "$data/library.sqlite" "SELECT id || ' ' || photo_count FROM places ORDER BY photo_count DESC LIMIT 1")
    shown=$(sqlite3 "$data/library.sqlite" 'SELECT count(*) FROM places WHERE photo_count > 0')
    start_roadtrip --no-saved-copies --page-cache-size 0
    sign_in
    curl -fsS -H "$cookie" "$base/places" > "$work/www/places-$photos.html"
    curl -fsS -H "$cookie" "$base/places/$place_id" > "$work/www/grid-$photos.html"
    for target in "Places screen:/places:places-$photos.html" "grid of the top place ($place_count photos, first 50):/places/$place_id:grid-$photos.html"; do
        name=${target%%:*}; rest=${target#*:}; path=${rest%%:*}; file=${rest#*:}
        read -r r50 r99 rrps < <(measure "$base$path" "$cookie")
        rows+=("$photos|$shown|$name ($(wc -c < "$work/www/$file") B)|$file|$r50|$r99|$rrps")
    done
    stop_roadtrip
    rm -rf "$data"
done

start_nginx "$work/www" 1
echo "Libraries of $LIBRARIES photos:places; wrk -t2 -c16 -d$DURATION; RoadTrip signed in, nginx serving the same bytes"
printf '%-10s %-8s %-58s %8s %8s %9s %9s %9s\n' "photos" "places" "request" "p50 ms" "p99 ms" "req/s" "nginx p50" "÷ nginx"
for row in "${rows[@]}"; do
    IFS='|' read -r photos shown name file r50 r99 rrps <<< "$row"
    read -r n50 n99 nrps < <(measure "http://127.0.0.1:$ng_port/$file")
    printf '%-10s %-8s %-58s %8s %8s %9s %9s %9s\n' "$photos" "$shown" "$name" "$r50" "$r99" "$rrps" "$n50" \
        "$(awk -v a="$rrps" -v b="$nrps" 'BEGIN { printf "%.2f", a / b }')"
done
