# Shared by the benchmarks: a work folder removed on exit, a RoadTrip server and an nginx on
# free loopback ports, and a signed-in session. Source it from a script run from the repository root.

BIN=${ROADTRIP_BIN:-.build/release/roadtrip}
work=$(mktemp -d)
chmod 755 "$work"  # nginx workers run as an unprivileged user
roadtrip_pid=""
nginx_pid=""
cleanup() {
    [ -n "$roadtrip_pid" ] && kill "$roadtrip_pid" 2>/dev/null && wait "$roadtrip_pid" 2>/dev/null || true
    [ -n "$nginx_pid" ] && kill "$nginx_pid" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }

# start_roadtrip [serve options…]: an account "bench", the server on $rt_port, its address in $base.
# Its data folder is $data, "$work/data" unless set.
start_roadtrip() {
    local folder=${data:-$work/data}
    # Once per folder: a benchmark may start several servers on one library.
    if ! "$BIN" user list --data "$folder" 2>/dev/null | grep -qx 'bench.*'; then
        printf 'bench password\nbench password\n' | "$BIN" user add bench --owner --data "$folder" > /dev/null
    fi
    rt_port=$(free_port)
    "$BIN" serve --data "$folder" --port "$rt_port" "$@" > "$work/roadtrip.log" 2>&1 &
    roadtrip_pid=$!
    # A first start loads the demo library: a while on a busy machine.
    for _ in $(seq 1 600); do grep -q "running at" "$work/roadtrip.log" 2>/dev/null && break; sleep 0.1; done
    grep -q "running at" "$work/roadtrip.log" || { cat "$work/roadtrip.log"; exit 1; }
    base="http://127.0.0.1:$rt_port"
}

# stop_roadtrip: stops the server start_roadtrip started, before another is started.
stop_roadtrip() {
    kill "$roadtrip_pid" 2>/dev/null && wait "$roadtrip_pid" 2>/dev/null || true
    roadtrip_pid=""
}

form_token() { grep -o 'name="csrf" value="[^"]*"' | head -1 | cut -d'"' -f4; }

# sign_in: a real sign-in through the form; the session's header in $cookie.
sign_in() {
    local jar="$work/cookies" form session
    form=$(curl -fsS -c "$jar" "$base/signin" | form_token)
    curl -fsS -b "$jar" -c "$jar" -o /dev/null --data "csrf=$form&name=bench&password=bench+password" "$base/signin"
    session=$(awk '$6 == "rt_session" { print $7 }' "$jar")
    [ -n "$session" ] || { echo "could not sign in"; exit 1; }
    cookie="Cookie: rt_session=$session"
}

# start_nginx ROOT WORKERS: nginx serving ROOT on $ng_port.
start_nginx() {
    ng_port=$(free_port)
    cat > "$work/nginx.conf" <<CONF
daemon off;
worker_processes $2;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 100000;
    gzip_static on;
    default_type text/html;
    types { text/css css; }
    server { listen 127.0.0.1:$ng_port; root $1; }
}
CONF
    nginx -c "$work/nginx.conf" -p "$work" &
    nginx_pid=$!
    # Any answer means it listens (the root itself may be a 403).
    for _ in $(seq 1 50); do curl -s -o /dev/null "http://127.0.0.1:$ng_port/" && break; sleep 0.1; done
}

# write_photo_library DATA PHOTOS PLACES: a library of PHOTOS photo rows at known positions in
# PLACES places, written straight into DATA/library.sqlite (the map reads rows, not image files):
# places spread over the world, most photos in a few of them, each photo a little off its place
# (no random(): the same library every run).
write_photo_library() {
    local folder=$1 photos=$2 places=$3 started
    "$BIN" destinations list --data "$folder" > /dev/null  # the schema exists
    started=$(date +%s)
    sqlite3 "$folder/library.sqlite" <<SQL
PRAGMA foreign_keys = ON;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $places)
INSERT INTO places (id, name, region, country, country_code, latitude, longitude, folded_name)
SELECT 900000000 + i, 'Place ' || i, NULL, 'Country ' || (i % 60), 'C' || (i % 60),
       ((i * 37) % 15000) / 100.0 - 70, ((i * 91) % 35000) / 100.0 - 175, 'place ' || i FROM n;
WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $photos),
     chosen(i, place) AS MATERIALIZED (
         SELECT i, 900000000 + 1 + ((i * 2654435761) % $places) * ((i * 40503) % $places) / $places FROM n)
INSERT INTO photos (sha256, format, byte_count, width, height, title, sorted_at, place_id, latitude, longitude, imported_at)
SELECT lower(hex(randomblob(32))), 'jpeg', 4000000, 4000, 3000, 'Photo ' || c.i,
       strftime('%Y-%m-%dT%H:%M:%S', 1500000000 + c.i * 30, 'unixepoch'), c.place,
       p.latitude + ((c.i * 7919) % 2000) / 100000.0, p.longitude + ((c.i * 104729) % 2000) / 100000.0, 1700000000
FROM chosen c JOIN places p ON p.id = c.place;
SQL
    echo "library of $photos photos in $places places written in $(( $(date +%s) - started )) s"
}

# measure URL [HEADER]: "p50 p99 req/s" of wrk -t2 -c16 for $DURATION.
measure() {
    command -v wrk > /dev/null || { echo "wrk is missing: make bench-deps installs it" >&2; exit 1; }
    wrk -t2 -c16 -d"$DURATION" --latency ${2:+-H "$2"} "$1" | awk '
        function ms(v) { if (v ~ /us$/) { sub(/us/, "", v); return v / 1000 } if (v ~ /ms$/) { sub(/ms/, "", v); return v } sub(/s/, "", v); return v * 1000 }
        $1 == "50%" { p50 = ms($2) } $1 == "99%" { p99 = ms($2) } /Requests\/sec/ { rps = $2 }
        END { printf "%.2f %.2f %.0f\n", p50, p99, rps }'
}

# report_views HEADING: each of "${rows[@]}" ("name|file|p50|p99|req/s", the file's bytes in
# $work/www/FILE.json) beside nginx serving the same file on $ng_port, with the ratio of their rates.
report_views() {
    printf '%-52s %10s %8s %8s %9s %9s %9s\n' "$1" "bytes" "p50 ms" "p99 ms" "req/s" "nginx p50" "÷ nginx"
    local row name file r50 r99 rrps n50 n99 nrps
    for row in "${rows[@]}"; do
        IFS='|' read -r name file r50 r99 rrps <<< "$row"
        read -r n50 n99 nrps < <(measure "http://127.0.0.1:$ng_port/$file.json")
        printf '%-52s %10s %8s %8s %9s %9s %9s\n' "$name" "$(wc -c < "$work/www/$file.json")" "$r50" "$r99" "$rrps" "$n50" \
            "$(awk -v a="$rrps" -v b="$nrps" 'BEGIN { printf "%.2f", a / b }')"
    done
}

# seconds: a monotonic clock's reading, for timing a step. median: the median of the numbers on stdin.
seconds() { python3 -c 'import time; print(time.monotonic())'; }
median() { tr ' ' '\n' | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
# rate_row LABEL SECONDS COUNT PEAK [ROUNDS…]: a row of a timing table: the label, the seconds, COUNT
# per second, the peak memory (MB, "-" for none) and each round's seconds; rate_row "" prints the header.
rate_row() {
    if [ -z "$1" ]; then printf '%-46s %9s %9s %12s   %s\n' "" "seconds" "per s" "peak RSS MB" "rounds (s)"; return; fi
    local label=$1 secs=$2 count=$3 peak=$4; shift 4
    printf '%-46s %9s %9s %12s   %s\n' "$label" "$secs" "$(awk -v n="$count" -v s="$secs" 'BEGIN { printf "%.2f", n / s }')" "$peak" "$*"
}

# camera_jpeg OUT: a 1600×1200 camera-like JPEG (waves and grain, no metadata) written to OUT.
camera_jpeg() {
    vips sines "$work/s.v" 1600 1200 --hfreq 0.3 --vfreq 0.2
    vips gaussnoise "$work/n.v" 1600 1200 --sigma 14 --mean 0
    vips add "$work/s.v" "$work/n.v" "$work/a.v"
    vips linear "$work/a.v" "$work/b.v" 100 128
    vips cast "$work/b.v" "$work/c.v" uchar
    vips bandjoin "$work/c.v $work/c.v $work/c.v" "$work/rgb.v"
    vips copy "$work/rgb.v" "$1[Q=88,strip]" --interpretation srgb
    rm -f "$work"/*.v
}

# timed_peak LOG COMMAND…: runs it, its seconds on stdout, its peak RSS (MB) in $work/peak.
timed_peak() {
    local log=$1; shift
    local start end
    start=$(seconds)
    /usr/bin/time -f "%M" -o "$work/peak.kb" "$@" > "$log"
    end=$(seconds)
    echo "$(( $(cat "$work/peak.kb") / 1024 ))" > "$work/peak"
    awk -v a="$start" -v b="$end" 'BEGIN { printf "%.2f", b - a }'
}
