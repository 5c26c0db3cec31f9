#!/usr/bin/env bash
# HTTP benchmark: RoadTrip against nginx serving byte-identical copies of the same two
# responses (a rendered page and a static asset), in the same run, on loopback.
# Prints requests/s and p99 latency for both and the ratio RoadTrip/nginx.
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
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

# Pages need a signed-in session: an account made from the shell, then a real sign-in.
printf 'bench password\nbench password\n' | "$BIN" user add bench --owner --data "$work/data" > /dev/null
rt_port=$(free_port)
"$BIN" serve --data "$work/data" --port "$rt_port" > "$work/roadtrip.log" 2>&1 &
roadtrip_pid=$!
for _ in $(seq 1 100); do
    grep -q "running at" "$work/roadtrip.log" 2>/dev/null && break
    sleep 0.1
done
grep -q "running at" "$work/roadtrip.log" || { cat "$work/roadtrip.log"; exit 1; }

jar="$work/cookies"
form=$(curl -fsS -c "$jar" "http://127.0.0.1:$rt_port/signin" | grep -o 'name="csrf" value="[^"]*"' | cut -d'"' -f4)
curl -fsS -b "$jar" -c "$jar" -o /dev/null --data "csrf=$form&name=bench&password=bench+password" "http://127.0.0.1:$rt_port/signin"
session=$(awk '$6 == "rt_session" { print $7 }' "$jar")
[ -n "$session" ] || { echo "could not sign in"; exit 1; }
cookie="Cookie: rt_session=$session"

page=/destinations/1
asset=$(curl -fsS -H "$cookie" "http://127.0.0.1:$rt_port$page" | grep -o '/static/app\.[0-9a-f]*\.css' | head -1)
mkdir -p "$work/www/destinations" "$work/www/static"
curl -fsS -H "$cookie" "http://127.0.0.1:$rt_port$page" -o "$work/www/destinations/1"
curl -fsS "http://127.0.0.1:$rt_port$asset" -o "$work/www$asset"

ng_port=$(free_port)
cat > "$work/nginx.conf" <<CONF
daemon off;
worker_processes auto;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
    access_log off;
    sendfile on;
    tcp_nopush on;
    keepalive_requests 100000;
    default_type text/html;
    types { text/css css; }
    server {
        listen 127.0.0.1:$ng_port;
        root $work/www;
    }
}
CONF
nginx -c "$work/nginx.conf" -p "$work" &
nginx_pid=$!
for _ in $(seq 1 50); do curl -fsS -o /dev/null "http://127.0.0.1:$ng_port$asset" 2>/dev/null && break; sleep 0.1; done

cmp <(curl -fsS "http://127.0.0.1:$ng_port$page") <(curl -fsS -H "$cookie" "http://127.0.0.1:$rt_port$page")
cmp <(curl -fsS "http://127.0.0.1:$ng_port$asset") <(curl -fsS "http://127.0.0.1:$rt_port$asset")

# Prints "requests_per_second p99_milliseconds".
measure() {
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -H "$cookie" "$1" | awk '
        /Requests\/sec/ { rps = $2 }
        $1 == "99%" { v = $2; if (v ~ /us$/) { sub(/us/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms/, "", v) } else if (v ~ /s$/) { sub(/s/, "", v); v *= 1000 } p99 = v }
        END { printf "%.0f %.2f\n", rps, p99 }'
}

echo "RoadTrip vs nginx on loopback: wrk -t$THREADS -c$CONNECTIONS -d$DURATION, $(nproc) cores, $(date -u +%Y-%m-%d)"
printf '%-24s %14s %10s %14s %10s %10s\n' "response" "RoadTrip req/s" "p99 ms" "nginx req/s" "p99 ms" "req/s ratio"
for target in "page $page" "asset $asset"; do
    set -- $target
    read -r rt_rps rt_p99 < <(measure "http://127.0.0.1:$rt_port$2")
    read -r ng_rps ng_p99 < <(measure "http://127.0.0.1:$ng_port$2")
    ratio=$(awk -v a="$rt_rps" -v b="$ng_rps" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
    printf '%-24s %14s %10s %14s %10s %10s\n' "$1 ($(wc -c < "$work/www$2") B)" "$rt_rps" "$rt_p99" "$ng_rps" "$ng_p99" "$ratio"
done
