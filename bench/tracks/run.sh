#!/usr/bin/env bash
# Track file benchmark (issue 48, item 2): `roadtrip tracks import` of files far past the
# 500,000-point limit (a 63 MB GeoJSON of 11 million positions, a 63 MB KML line), beside a GPX
# of 500,001 points (the format that was already read as it streamed) as the baseline; then
# files of 500,000 timed points, read and stored, beside a GPX of as many. Each: seconds
# (median of ROUNDS), the peak resident memory (GNU time), that peak less the command's own
# importing a file of one point, and less the file's bytes too (what reading took beyond holding
# the file), and what TrackFile.memoryNeeded reserves of the decode budget for a file of its size
# (the stated bound); the ratios are to the GPX of as many points.
# Before the streaming readers the GeoJSON took 26 s and 1.86 GB, the KML line 7.9 s and 720 MB.
set -euo pipefail
cd "$(dirname "$0")/../.."

ROUNDS=${ROUNDS:-3}
. bench/lib.sh

# Files: positions as short as they come ("[1,2]," is 6 bytes: 11 million fit in 63 MB), a KML
# line of realistic tuples, and 500,000 timed points along a gentle curve (a second apart), as
# GPX, GeoJSON (coordTimes) and KML (gx:Track). The GPX writer repeats the issue's own baseline.
python3 - "$work" <<'PY'
import sys, time
work = sys.argv[1]
def write(name, *parts):
    with open(f"{work}/{name}", "w") as f:
        for part in parts: f.write(part)
write("one.gpx", '<gpx><wpt lat="1" lon="1"/></gpx>')
write("far.geojson", '{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"Far"},',
      '"geometry":{"type":"LineString","coordinates":[', "[1,2]," * 10_999_999, "[1,2]]}}]}")
write("far.kml", '<?xml version="1.0" encoding="UTF-8"?>\n<kml xmlns="http://www.opengis.net/kml/2.2"><Document><Placemark>',
      "<name>Far</name><LineString><coordinates>\n", "8.5,47.2,0 " * 5_700_000, "\n</coordinates></LineString></Placemark></Document></kml>\n")
write("limit.gpx", '<gpx version="1.1" creator="bench"><trk><name>Limit</name><trkseg>\n',
      '<trkpt lat="47.2" lon="8.5"/>\n' * 500_001, "</trkseg></trk></gpx>\n")
n = 500_000
points = [(47 + i * 1e-6, 8 + 0.01 * ((i / 50_000) ** 2), time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(1_719_900_000 + i))) for i in range(n)]
write("day.gpx", '<gpx version="1.1" creator="bench"><trk><name>Day</name><trkseg>\n',
      "".join(f'<trkpt lat="{la:.6f}" lon="{lo:.6f}"><time>{t}</time></trkpt>\n' for la, lo, t in points), "</trkseg></trk></gpx>\n")
write("day.geojson", '{"type":"Feature","properties":{"name":"Day","coordTimes":[', ",".join(f'"{t}"' for _, _, t in points),
      ']},"geometry":{"type":"LineString","coordinates":[', ",".join(f"[{lo:.6f},{la:.6f}]" for la, lo, _ in points), "]}}")
write("day.kml", '<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2"><Document><Placemark>',
      "<name>Day</name><gx:Track>\n", "".join(f"<when>{t}</when>\n" for _, _, t in points),
      "".join(f"<gx:coord>{lo:.6f} {la:.6f} 0</gx:coord>\n" for la, lo, _ in points), "</gx:Track></Placemark></Document></kml>\n")
PY


# run FILE: "seconds peak-MiB outcome" of importing FILE into a fresh library, ROUNDS times
# (the median time, the highest peak); the outcome is the command's last line, cut short.
run() {
    local file=$1 times=() peak=0 round
    for round in $(seq 1 "$ROUNDS"); do
        rm -rf "$work/data"
        "$BIN" tracks list --data "$work/data" > /dev/null
        /usr/bin/time -f "%e %M" -o "$work/time.txt" "$BIN" tracks import "$work/$file" --data "$work/data" > "$work/import.log" 2>&1 || true
        # A refused file exits 2, which GNU time notes on a line of its own before the figures.
        read -r seconds kilobytes < <(tail -1 "$work/time.txt")
        times+=("$seconds")
        (( kilobytes / 1024 > peak )) && peak=$(( kilobytes / 1024 ))
    done
    echo "$(echo "${times[@]}" | median) $peak $(head -1 "$work/import.log" | cut -c1-60)"
}

# The bound TrackFile.memoryNeeded states, in MiB (the same formula: twice the bytes, and
# TrackFile.bytesPerPoint for each point a file of its size may keep).
bound() { awk -v s="$1" 'BEGIN { p = int(s / 4) + 1; if (p > 500000) p = 500000; printf "%.0f", (2 * s + p * 256) / 1048576 }'; }

read -r _ base _ <<< "$(run one.gpx)"
echo "Track files, $(nproc) cores, $(date -u +%Y-%m-%d), median of $ROUNDS rounds; a file of one point peaks at $base MiB"
printf '%-46s %5s %8s %9s %9s %8s %9s %8s %9s   %s\n' "file" "MB" "seconds" "peak MiB" "- 1 point" "- bytes" "bound MiB" "÷ GPX s" "÷ GPX MiB" "outcome"
report() {
    local label=$1 file=$2 baseline=$3 seconds peak outcome bytes
    read -r seconds peak outcome <<< "$(run "$file")"
    bytes=$(wc -c < "$work/$file")
    [ "$file" = "$baseline" ] && { base_seconds=$seconds; base_over=$(( peak - base )); }
    printf '%-46s %5s %8s %9s %9s %8s %9s %8s %9s   %s\n' "$label" "$(( bytes / 1000000 ))" "$seconds" "$peak" "$(( peak - base ))" \
        "$(( peak - base - bytes / 1048576 ))" "$(bound "$bytes")" \
        "$(awk -v a="$seconds" -v b="$base_seconds" 'BEGIN { printf "%.2f", a / b }')" \
        "$(awk -v a="$(( peak - base ))" -v b="$base_over" 'BEGIN { printf "%.2f", a / (b > 0 ? b : 1) }')" "$outcome"
}
report "GPX, 500,001 points (baseline)" limit.gpx limit.gpx
report "GeoJSON, 11,000,000 positions" far.geojson limit.gpx
report "KML LineString, 5,700,000 tuples" far.kml limit.gpx
report "GPX, 500,000 timed points (baseline)" day.gpx day.gpx
report "GeoJSON, 500,000 positions, coordTimes" day.geojson day.gpx
report "KML gx:Track, 500,000 points" day.kml day.gpx

# 2. Uploads at once through the server, as the upload screen's script posts them (the issue: two
# GeoJSON at once took 3.9 GB): two of each far file together, then eight GeoJSON. Each holds
# TrackFile.memoryNeeded (about 250 MiB) of the decode budget while it is read, so however many
# come, together they stay within the budget (a quarter of the memory, 512 MiB to 2 GiB). The
# server's peak resident memory (VmHWM, reset before each batch) less what it held before.
upload_at_once() {
    local file=$1 count=$2 pids=() i
    echo 5 > "/proc/$roadtrip_pid/clear_refs"  # VmHWM starts again from the present
    local before
    before=$(awk '/^VmRSS/ { print int($2 / 1024) }' "/proc/$roadtrip_pid/status")
    local start=$EPOCHREALTIME
    for i in $(seq 1 "$count"); do
        curl -sS -o "$work/answer-$i" -w '%{http_code}\n' -H "$cookie" -H "X-CSRF-Token: $token" -H "Content-Type: application/octet-stream" \
            --data-binary "@$work/$file" "$base/upload/file?name=$i-$file" > "$work/status-$i" &
        pids+=($!)
    done
    wait "${pids[@]}"
    local peak
    peak=$(awk '/^VmHWM/ { print int($2 / 1024) }' "/proc/$roadtrip_pid/status")
    printf '%-46s %8.2f %9s %9s   %s\n' "$count × $file at once" "$(awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { print b - a }')" "$peak" \
        "$(( peak - before ))" "$(for i in $(seq 1 "$count"); do
            echo "$(cat "$work/status-$i") $(grep -o '"message":"[^"]*"' "$work/answer-$i" | cut -c12-60)"
        done | sort | uniq -c | tr -s ' ' | tr '\n' ';')"
    rm -f "$work"/answer-* "$work"/status-*
}
echo
printf '%-46s %8s %9s %9s   %s\n' "uploads" "seconds" "peak MiB" "- before" "outcomes"
stop_roadtrip
start_roadtrip
sign_in
token=$(curl -fsS -H "$cookie" "$base/upload" | grep -o 'data-token="[^"]*"' | head -1 | cut -d'"' -f2)
[ -n "$token" ] || { echo "no upload form token"; exit 1; }
upload_at_once far.geojson 2
upload_at_once far.kml 2
upload_at_once far.geojson 8
