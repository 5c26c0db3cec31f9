#!/usr/bin/env bash
# A long Events book's keep list and editor (issue 30): a destination of $PAGES event pages
# (10,000, the most a destination may have) and one of 12, imported as a catalogue. For each,
# the first part of the keep list (what /trip/offline answers), the whole list as a device
# asks for it (every part in turn), the editor's first and last page; beside nginx serving the
# same bytes as the long book's first part, in the same run. Medians of $RUNS requests, one at
# a time. The event pages are small pages nginx serves on loopback (--allow-private-fetch);
# the figures are taken once every copy is saved, so nothing else runs meanwhile.
set -euo pipefail
cd "$(dirname "$0")/../.."

PAGES=${PAGES:-10000}
RUNS=${RUNS:-7}
. bench/lib.sh

mkdir -p "$work/www/event"
python3 - "$PAGES" "$work/www/event" <<'PY'
import sys
for n in range(1, int(sys.argv[1]) + 1):
    with open(f"{sys.argv[2]}/{n}.html", "w") as page:
        page.write(f"<!DOCTYPE html><html><head><title>Event {n}</title></head><body><h1>Event {n}</h1></body></html>")
PY
start_nginx "$work/www" 1
python3 - "$PAGES" "$ng_port" > "$work/catalogue.json" <<'PY'
import json, sys
pages, port = int(sys.argv[1]), sys.argv[2]
def destination(name, count):
    return {
        "DestinationName": name, "DestinationImage": "NewYorkCity.svg",
        "DestinationLocation": {"Title": name, "Subtitle": "Bench", "Latitude": 40.7, "Longitude": -74.0},
        "Events": [f"http://127.0.0.1:{port}/event/{n}.html" for n in range(1, count + 1)],
        "Weather": f"http://127.0.0.1:{port}/event/1.html",
    }
print(json.dumps({"DestinationData": [destination("Long Book", pages), destination("Short Book", 12)]}))
PY
data=$work/data
mkdir -p "$data"
"$BIN" destinations import "$work/catalogue.json" --data "$data" > /dev/null
start_roadtrip --allow-private-fetch
sign_in
destination_id() { "$BIN" destinations list --data "$data" | awk -F'\t' -v name="$1" '$2 == name { print $1 }'; }
long=$(destination_id "Long Book")
short=$(destination_id "Short Book")

choose() {
    local csrf
    csrf=$(curl -fsS -H "$cookie" "$base/destinations/$1" | form_token)
    curl -fsS -H "$cookie" -o /dev/null --data "csrf=$csrf" "$base/destinations/$1/choose"
}

# median_ms PATH [BASE]: the median time of $RUNS requests, in milliseconds, and the bytes.
median_ms() {
    local url=${2:-$base}$1
    for _ in $(seq 1 "$RUNS"); do curl -fsS -H "$cookie" -o /dev/null -w '%{time_total} %{size_download}\n' "$url"; done |
        sort -n | awk '{ t[NR] = $1; b = $2 } END { printf "%.1f %d\n", t[int((NR + 1) / 2)] * 1000, b }'
}

# whole_list_ms: every part of the trip's keep list in turn, as offline.js asks: milliseconds
# (median of $RUNS walks), parts, files, bytes the files take.
whole_list_ms() {
    python3 - "$base" "$cookie" "$RUNS" <<'PY'
import json, sys, time, urllib.request
base, cookie, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
def walk():
    address, parts, files, size = "/trip/offline", 0, 0, 0
    start = time.perf_counter()
    while address:
        request = urllib.request.Request(base + address, headers={"Cookie": cookie.split(": ", 1)[1], "Accept": "application/json"})
        part = json.load(urllib.request.urlopen(request))
        parts, files, size = parts + 1, files + len(part["files"]), size + part["bytes"]
        address = part.get("next")
    return (time.perf_counter() - start) * 1000, parts, files, size
walks = sorted(walk() for _ in range(runs))
ms, parts, files, size = walks[len(walks) // 2]
print(f"{ms:.1f} {parts} {files} {size}")
PY
}

# The first look at the long book queues a copy of each of its pages, in one transaction.
choose "$long"
read -r first_ms first_bytes < <(RUNS=1 median_ms /trip/offline)
# Wait until every copy is saved, so nothing runs meanwhile.
for _ in $(seq 1 1200); do
    waiting=$(curl -fsS -H "$cookie" "$base/trip/offline" | python3 -c 'import json, sys; print(json.load(sys.stdin)["waiting"])')
    [ "$waiting" = 0 ] && break
    sleep 1
done
read -r long_part long_part_bytes < <(median_ms /trip/offline)
read -r long_whole long_parts long_files long_files_bytes < <(whole_list_ms)
read -r long_editor long_editor_bytes < <(median_ms /trip/events/edit)
last_page=$(( (PAGES + 49) / 50 ))
read -r long_editor_last long_editor_last_bytes < <(median_ms "/trip/events/edit?page=$last_page")
curl -fsS -H "$cookie" "$base/trip/offline" -o "$work/www/keep.json"

choose "$short"
curl -fsS -H "$cookie" -o /dev/null "$base/trip/offline"
for _ in $(seq 1 100); do
    [ "$(curl -fsS -H "$cookie" "$base/trip/offline" | python3 -c 'import json, sys; print(json.load(sys.stdin)["waiting"])')" = 0 ] && break
    sleep 0.2
done
read -r short_part short_part_bytes < <(median_ms /trip/offline)
read -r short_whole short_parts short_files short_files_bytes < <(whole_list_ms)
read -r short_editor short_editor_bytes < <(median_ms /trip/events/edit)

read -r nginx_ms nginx_bytes < <(median_ms /keep.json "http://127.0.0.1:$ng_port")

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }'; }
echo "Long Events book: $PAGES pages against 12, $(nproc) cores, $(date -u +%Y-%m-%d), medians of $RUNS requests one at a time"
printf '%-44s %9s %10s %12s %12s\n' "request" "ms" "bytes" "÷ nginx" "÷ 12 pages"
printf '%-44s %9s %10s %12s %12s\n' "nginx, the first part's bytes" "$nginx_ms" "$nginx_bytes" "1.0" ""
printf '%-44s %9s %10s %12s %12s\n' "keep list, first look (queues $PAGES copies)" "$first_ms" "$first_bytes" "$(ratio "$first_ms" "$nginx_ms")" "$(ratio "$first_ms" "$short_part")"
printf '%-44s %9s %10s %12s %12s\n' "keep list, a part ($PAGES pages)" "$long_part" "$long_part_bytes" "$(ratio "$long_part" "$nginx_ms")" "$(ratio "$long_part" "$short_part")"
printf '%-44s %9s %10s %12s %12s\n' "keep list, a part (12 pages)" "$short_part" "$short_part_bytes" "$(ratio "$short_part" "$nginx_ms")" "1.0"
printf '%-44s %9s %10s %12s %12s\n' "editor, first page ($PAGES pages)" "$long_editor" "$long_editor_bytes" "$(ratio "$long_editor" "$nginx_ms")" "$(ratio "$long_editor" "$short_editor")"
printf '%-44s %9s %10s %12s %12s\n' "editor, last page ($PAGES pages)" "$long_editor_last" "$long_editor_last_bytes" "$(ratio "$long_editor_last" "$nginx_ms")" "$(ratio "$long_editor_last" "$short_editor")"
printf '%-44s %9s %10s %12s %12s\n' "editor (12 pages)" "$short_editor" "$short_editor_bytes" "$(ratio "$short_editor" "$nginx_ms")" "1.0"
echo "The whole list as a device asks for it, every part in turn:"
printf '  %s pages: %s ms, %s parts, %s files of %s bytes\n' "$PAGES" "$long_whole" "$long_parts" "$long_files" "$long_files_bytes"
printf '  12 pages: %s ms, %s parts, %s files of %s bytes\n' "$short_whole" "$short_parts" "$short_files" "$short_files_bytes"
