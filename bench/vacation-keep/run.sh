#!/usr/bin/env bash
# Keeping a large vacation offline (issue 48): a vacation of $PHOTOS photos in $PLACES places,
# a tenth of them tagged, written straight into the library (the pages read rows, not images),
# and its whole keep list asked for as a device asks (every part in turn, each part answering
# its hundred addresses to measure them). The server's CPU seconds for the whole list (from
# /proc), the HTML of the largest photo page, beside the same for a vacation of $BASELINE
# photos in the same run: the ratio of CPU per photo is 1 when keeping costs the same per photo
# whatever the vacation's size (it was the square before: each photo page held the whole grid).
set -euo pipefail
cd "$(dirname "$0")/../.."

PHOTOS=${PHOTOS:-5000}
BASELINE=${BASELINE:-500}
PLACES=${PLACES:-50}
. bench/lib.sh

data=$work/data
mkdir -p "$data"
"$BIN" destinations list --data "$data" > /dev/null  # the schema exists
printf 'bench password\nbench password\n' | "$BIN" user add bench --owner --data "$data" > /dev/null

# write_vacation ID NAME PHOTOS: the vacation's rows, photos a minute apart in $PLACES places.
write_vacation() {
    sqlite3 "$data/library.sqlite" <<SQL
PRAGMA foreign_keys = ON;
INSERT INTO vacations (id, account_id, name, name_key, created_at) SELECT $1, id, '$2', lower('$2'), 1700000000 FROM accounts LIMIT 1;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $PLACES)
INSERT INTO vacation_places (vacation_id, id, name, region, country, latitude, longitude)
SELECT $1, i, 'Place ' || i, NULL, 'Country', (i % 80) - 40.0, (i % 160) - 80.0 FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $3)
INSERT INTO vacation_photos (vacation_id, id, sha256, title, taken_at, sorted_at, latitude, longitude, place_id, width, height, added_at,
    preview, thumbnail)
SELECT $1, i, printf('%064x', i), 'Photo ' || i, strftime('%Y-%m-%dT%H:%M:%S', 1500000000 + i * 60, 'unixepoch'),
       strftime('%Y-%m-%dT%H:%M:%S', 1500000000 + i * 60, 'unixepoch'), (i % 80) - 40.0, (i % 160) - 80.0, 1 + (i * $PLACES) / ($3 + 1),
       4000, 3000, 1700000000, randomblob(2000), randomblob(300) FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 10)
INSERT INTO vacation_tags (vacation_id, id, name, name_key) SELECT $1, i, 'Tag ' || i, 'tag ' || i FROM n;
INSERT INTO vacation_photo_tags (vacation_id, photo_id, tag_id) SELECT $1, id, 1 + (id / 10) % 10 FROM vacation_photos WHERE vacation_id = $1 AND id % 10 = 0;
SQL
}
write_vacation 1 Large "$PHOTOS"
write_vacation 2 Small "$BASELINE"
start_roadtrip
sign_in

# keep ID: the whole keep list of vacation ID, every part in turn: "cpu-seconds parts files
# largest-photo-page-bytes photo-pages", the CPU read from the server's /proc before and after.
keep() {
    python3 - "$base" "$cookie" "$1" "$roadtrip_pid" <<'PY'
import json, os, re, sys, urllib.request
base, cookie, vacation, pid = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
def cpu():
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
photo_page = re.compile(rf"^/vacations/{vacation}/photos/\d+")
before = cpu()
address, parts, files, largest, photo_pages = f"/vacations/{vacation}/offline", 0, 0, 0, 0
while address:
    request = urllib.request.Request(base + address, headers={"Cookie": cookie.split(": ", 1)[1], "Accept": "application/json"})
    part = json.load(urllib.request.urlopen(request))
    parts, files = parts + 1, files + len(part["files"])
    for file in part["files"]:
        if photo_page.match(file["url"]) and not file["url"].endswith(("/thumbnail", "/preview")):
            photo_pages += 1
            largest = max(largest, file["bytes"])
    address = part.get("next")
print(f"{cpu() - before:.2f} {parts} {files} {largest} {photo_pages}")
PY
}

read -r small_cpu small_parts small_files small_largest small_pages < <(keep 2)
read -r large_cpu large_parts large_files large_largest large_pages < <(keep 1)

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }
per_photo_large=$(awk -v c="$large_cpu" -v n="$PHOTOS" 'BEGIN { printf "%.3f", c * 1000 / n }')
per_photo_small=$(awk -v c="$small_cpu" -v n="$BASELINE" 'BEGIN { printf "%.3f", c * 1000 / n }')
echo "A vacation's whole keep list: $PHOTOS photos beside $BASELINE, $PLACES places, 10 tags; $(nproc) cores, $(date -u +%Y-%m-%d)"
printf '%-26s %10s %7s %8s %12s %16s %14s\n' "vacation" "server CPU s" "parts" "files" "photo pages" "largest page B" "CPU ms/photo"
printf '%-26s %10s %7s %8s %12s %16s %14s\n' "$BASELINE photos (baseline)" "$small_cpu" "$small_parts" "$small_files" "$small_pages" "$small_largest" "$per_photo_small"
printf '%-26s %10s %7s %8s %12s %16s %14s\n' "$PHOTOS photos" "$large_cpu" "$large_parts" "$large_files" "$large_pages" "$large_largest" "$per_photo_large"
echo "ratio, CPU per photo ($PHOTOS ÷ $BASELINE; 1 = linear): $(ratio "$per_photo_large" "$per_photo_small")"
echo "ratio, largest photo page ($PHOTOS ÷ $BASELINE): $(ratio "$large_largest" "$small_largest")"
