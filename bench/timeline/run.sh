#!/usr/bin/env bash
# Timeline benchmark (issue 37): the timeline's first page, a jump to a month ten years back and the
# Photos screen with On this day, at 100,000 and at 1,000,000 photos taken over 20 years, p50 beside
# nginx serving the same bytes, and the two sizes side by side (they should be flat: every page reads
# a bounded number of rows). Then looking for trips over the million photos (`roadtrip trips find
# --all`): its time and memory beside a full scan of the same rows by sqlite3, and again after an import
# of one day's photos (the incremental run the server makes).
set -euo pipefail
cd "$(dirname "$0")/../.."

SIZES=${SIZES:-"100000 1000000"}
DURATION=${DURATION:-5s}
. bench/lib.sh

# write_dated_library DATA PHOTOS: PHOTOS photo rows taken from 2006 to 2025, about as many each
# day, at home in New York but for five days in every 61 spent 300 to 900 km or more away (about
# 120 trips), written straight into DATA/library.sqlite through the triggers that keep the counts.
write_dated_library() {
    local folder=$1 photos=$2 started
    "$BIN" destinations list --data "$folder" > /dev/null  # the schema exists
    started=$(date +%s)
    sqlite3 "$folder/library.sqlite" <<SQL
WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < $photos - 1),
     t(i, day, at) AS (SELECT i, (i * 7305) / $photos, 1136073600 + ((i * 7305) / $photos) * 86400 + 28800 + (i * 7919) % 43200 FROM n)
INSERT INTO photos (sha256, format, byte_count, width, height, title, taken_at, sorted_at, latitude, longitude, imported_at)
SELECT lower(hex(randomblob(32))), 'jpeg', 4000000, 4000, 3000, 'Photo ' || i,
       strftime('%Y-%m-%dT%H:%M:%S', at, 'unixepoch'), strftime('%Y-%m-%dT%H:%M:%S', at, 'unixepoch'),
       CASE WHEN day % 61 < 5 THEN 44.0 + (day % 7) * 0.9 ELSE 40.71 + (i % 100) * 0.0005 END,
       CASE WHEN day % 61 < 5 THEN 2.0 + (day % 11) * 0.8 ELSE -74.0 + (i % 77) * 0.0005 END,
       1700000000
FROM t;
SQL
    echo "library of $photos dated photos written in $(( $(date +%s) - started )) s"
}

# timed COMMAND…: "seconds max-RSS-MiB" of the command (GNU time).
timed() {
    /usr/bin/time -f "%e %M" -o "$work/time.txt" "$@" > "$work/timed.log"
    awk '{ printf "%.2f %.0f\n", $1, $2 / 1024 }' "$work/time.txt"
}

# measure_alone URL [HEADER]: "p50 p99 req/s" of one connection asking again and again (wrk -t1
# -c1): what one person waits for a page, where `measure`'s sixteen connections on two cores
# mostly wait for each other.
measure_alone() {
    wrk -t1 -c1 -d"$DURATION" --latency ${2:+-H "$2"} "$1" | awk '
        function ms(v) { if (v ~ /us$/) { sub(/us/, "", v); return v / 1000 } if (v ~ /ms$/) { sub(/ms/, "", v); return v } sub(/s/, "", v); return v * 1000 }
        $1 == "50%" { p50 = ms($2) } $1 == "99%" { p99 = ms($2) } /Requests\/sec/ { rps = $2 }
        END { printf "%.2f %.2f %.0f\n", p50, p99, rps }'
}

# peak_private COMMAND…: "seconds peak-private-MiB" of the command: its anonymous memory (RssAnon)
# sampled every 20 ms, without the database file's pages it maps, which the kernel's cache holds
# and shares (a reader maps up to 1 GiB of the file).
peak_private() {
    local start=$EPOCHREALTIME peak=0 now
    "$@" > "$work/timed.log" &
    local pid=$!
    while kill -0 "$pid" 2> /dev/null; do
        now=$(awk '/^RssAnon/ { print $2 }' "/proc/$pid/status" 2> /dev/null || echo 0)
        [ "${now:-0}" -gt "$peak" ] && peak=$now
        sleep 0.02
    done
    wait "$pid"
    awk -v a="$start" -v b="$EPOCHREALTIME" -v p="$peak" 'BEGIN { printf "%.2f %.0f\n", b - a, p / 1024 }'
}

declare -A p50
mkdir -p "$work/www"
rows=()
alone=()
for size in $SIZES; do
    data="$work/data-$size"
    write_dated_library "$data" "$size"
    if [ "$size" = "1000000" ]; then
        read -r scan_s scan_mb < <(timed sqlite3 "$data/library.sqlite" "SELECT count(*), sum(latitude), sum(longitude), max(taken_at) FROM photos")
        read -r find_s find_mb < <(timed "$BIN" trips find --all --data "$data")
        sqlite3 "$data/library.sqlite" "DELETE FROM found_trips; DELETE FROM trip_home"
        read -r _ find_private < <(peak_private "$BIN" trips find --all --data "$data")
        found=$(grep -o 'Looked at .*' "$work/timed.log")
        sqlite3 "$data/library.sqlite" "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50)
            INSERT INTO photos (sha256, format, byte_count, width, height, title, taken_at, sorted_at, latitude, longitude, imported_at)
            SELECT lower(hex(randomblob(32))), 'jpeg', 1, 4, 3, 'New ' || i, '2025-06-0' || (1 + i % 3) || 'T12:00:00', '2025-06-01T12:00:00',
                   45.76, 4.84, 1800000000 FROM n"
        read -r again_s again_mb < <(timed "$BIN" trips find --data "$data")
        again=$(grep -o 'Looked at .*' "$work/timed.log")
    else
        "$BIN" trips find --all --data "$data" > /dev/null
    fi
    start_roadtrip --no-saved-copies --page-cache-size 0
    sign_in
    for target in "the timeline's first page|/timeline|first" "a jump to a month ten years back|/timeline/2015-12|jump" "the Photos screen, On this day|/places|today"; do
        IFS='|' read -r name path file <<< "$target"
        curl -fsS -H "$cookie" "$base$path" > "$work/www/$file-$size.json"
        read -r r50 r99 rrps < <(measure "$base$path" "$cookie")
        read -r one50 one99 _ < <(measure_alone "$base$path" "$cookie")
        p50["$file-$size"]=$one50
        alone+=("$(printf '%-52s %8s %8s' "$name, $size photos" "$one50" "$one99")")
        rows+=("$name, $size photos|$file-$size|$r50|$r99|$rrps")
    done
    stop_roadtrip
done
start_nginx "$work/www" 1
echo "Timeline, $(nproc) cores, $(date -u +%Y-%m-%d); rendered every time"
echo "One person asking (wrk -t1 -c1 -d$DURATION; goal: p50 < 20 ms, flat between the sizes):"
printf '%-52s %8s %8s\n' "page" "p50 ms" "p99 ms"
printf '%s\n' "${alone[@]}"
echo "Sixteen connections at once (wrk -t2 -c16 -d$DURATION), beside nginx serving the same bytes:"
report_views "page"
set -- $SIZES
if [ $# -ge 2 ]; then
    for file in first jump today; do
        awk -v f="$file" -v a="${p50[$file-$1]}" -v b="${p50[$file-$2]}" -v s="$1" -v l="$2" \
            'BEGIN { printf "  %-6s p50 at %d ÷ at %d: %.2f\n", f, l, s, b / (a > 0 ? a : 0.01) }'
    done
fi
if [ -n "${find_s:-}" ]; then
    echo "Trips over 1,000,000 photos (roadtrip trips find): $found"
    echo "  every day, home found again (--all):   $find_s s, at most $find_mb MiB resident ($find_private MiB of its own; the rest is the database file mapped)"
    echo "  sqlite3 reading the same rows once:    $scan_s s, at most $scan_mb MiB resident   ÷ $(awk -v a="$find_s" -v b="$scan_s" 'BEGIN { printf "%.1f", a / (b > 0 ? b : 0.01) }')"
    echo "  after 50 photos of three days came:    $again_s s, at most $again_mb MiB resident — $again"
fi
