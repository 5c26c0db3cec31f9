#!/usr/bin/env bash
# Events book benchmark: the server time of page 1 and page 10,000 of the sample book, and
# of a turn (the neighbour page the viewer fetches), beside nginx serving a static file of
# the same size, in the same run. One connection at a time, so the figures are latencies.
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=${DURATION:-5s}
PAGES=${PAGES:-10000}
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

printf 'bench password\nbench password\n' | "$BIN" user add bench --owner --data "$work/data" > /dev/null
port=$(free_port)
"$BIN" serve --data "$work/data" --port "$port" --sample-pages "$PAGES" --no-offline-copies > "$work/roadtrip.log" 2>&1 &
roadtrip_pid=$!
for _ in $(seq 1 100); do grep -q "running at" "$work/roadtrip.log" 2>/dev/null && break; sleep 0.1; done
base="http://127.0.0.1:$port"

# Sign in through the form and choose the sample book for the trip.
jar="$work/cookies"
token() { grep -o 'name="csrf" value="[^"]*"' | head -1 | cut -d'"' -f4; }
form=$(curl -fsS -c "$jar" "$base/signin" | token)
curl -fsS -b "$jar" -c "$jar" -o /dev/null --data "csrf=$form&name=bench&password=bench+password" "$base/signin"
session=$(awk '$6 == "rt_session" { print $7 }' "$jar")
cookie="Cookie: rt_session=$session"
sample="/destinations/$("$BIN" destinations list --data "$work/data" | awk -F'\t' '$2 == "Page-Based Sample" { print $1 }')"
csrf=$(curl -fsS -H "$cookie" "$base$sample" | token)
curl -fsS -H "$cookie" -o /dev/null --data "csrf=$csrf" "$base$sample/choose"

page_size=$(curl -fsS -H "$cookie" "$base/trip/events/1" | wc -c)
mkdir -p "$work/www"
head -c "$page_size" /dev/urandom | base64 -w 0 | head -c "$page_size" > "$work/www/static.html"

ng_port=$(free_port)
cat > "$work/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 64; }
http { access_log off; sendfile on; default_type text/html; server { listen 127.0.0.1:$ng_port; root $work/www; } }
CONF
nginx -c "$work/nginx.conf" -p "$work" &
nginx_pid=$!
for _ in $(seq 1 50); do curl -fsS -o /dev/null "http://127.0.0.1:$ng_port/static.html" 2>/dev/null && break; sleep 0.1; done

# Prints "p50_ms p99_ms requests_per_second" for one connection.
measure() {
    wrk -t1 -c1 -d"$DURATION" --latency -H "$cookie" "$1" | awk '
        function ms(v) { if (v ~ /us$/) { sub(/us/, "", v); return v / 1000 } if (v ~ /ms$/) { sub(/ms/, "", v); return v } sub(/s/, "", v); return v * 1000 }
        $1 == "50%" { p50 = ms($2) } $1 == "99%" { p99 = ms($2) } /Requests\/sec/ { rps = $2 }
        END { printf "%.3f %.3f %.0f\n", p50, p99, rps }'
}

read -r st50 st99 strps < <(measure "http://127.0.0.1:$ng_port/static.html")
echo "Events book, sample of $PAGES pages: wrk -t1 -c1 -d$DURATION, $(nproc) cores, $(date -u +%Y-%m-%d); pages of ~$page_size B"
printf '%-34s %9s %9s %9s %14s\n' "request" "p50 ms" "p99 ms" "req/s" "p50 / static"
printf '%-34s %9s %9s %9s %14s\n' "static file, same size (nginx)" "$st50" "$st99" "$strps" "1.00"
for target in "page 1:/trip/events/1" "page $PAGES:/trip/events/$PAGES" "a turn (page 5001):/trip/events/5001" "generated sample page:/sample/pages/$PAGES"; do
    name=${target%%:*}
    path=${target#*:}
    read -r p50 p99 rps < <(measure "$base$path")
    printf '%-34s %9s %9s %9s %14s\n' "$name" "$p50" "$p99" "$rps" "$(awk -v a="$p50" -v b="$st50" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
done
