#!/usr/bin/env bash
# Cluster benchmark, in one run on this machine:
#  1. one instance on SQLite vs one instance on PostgreSQL over the same rows (the PostgreSQL
#     database made from the SQLite folder by `roadtrip migrate`, the same files): a signed-in
#     page and a place's grid; the goal is PostgreSQL >= 0.5x SQLite;
#  2. nginx in front of one PostgreSQL instance vs nginx round-robin over two. On one machine
#     with two cores this measures the cost of the extra instance and hop, not scaling: the
#     instances, nginx, PostgreSQL and wrk share the same two cores;
#  3. database round trips per page on PostgreSQL, and the statements they carry (see below);
#  and for both engines, the page and the grid against nginx serving the same bytes as a file.
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=${DURATION:-8s}
CONNECTIONS=${CONNECTIONS:-16}
THREADS=${THREADS:-2}
BIN=${ROADTRIP_BIN:-.build/release/roadtrip}
work=$(mktemp -d)
chmod 755 "$work"
pids=()
cleanup() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait 2>/dev/null || true
    bin/test-postgresql stop "$work/pg" >/dev/null 2>&1 || true
    rm -rf "$work"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()'; }

# serve NAME [options…]: an instance over the shared folder; its port in ${NAME}_port.
serve() {
    local name=$1 port
    shift
    port=$(free_port)
    "$BIN" serve --data "$work/data" --port "$port" --no-saved-copies "$@" > "$work/$name.log" 2>&1 &
    pids+=($!)
    printf -v "${name}_pid" '%s' "$!"
    for _ in $(seq 1 300); do grep -q "running at" "$work/$name.log" 2>/dev/null && break; sleep 0.1; done
    grep -q "running at" "$work/$name.log" || { cat "$work/$name.log"; exit 1; }
    printf -v "${name}_port" '%s' "$port"
}

# sign_in PORT: a real sign-in through the form; prints the session cookie header.
sign_in() {
    local jar="$work/cookies-$1" form
    form=$(curl -fsS -c "$jar" "http://127.0.0.1:$1/signin" | grep -o 'name="csrf" value="[^"]*"' | head -1 | cut -d'"' -f4)
    curl -fsS -b "$jar" -c "$jar" -o /dev/null --data "csrf=$form&name=bench&password=bench+password" "http://127.0.0.1:$1/signin"
    echo "Cookie: rt_session=$(awk '$6 == "rt_session" { print $7 }' "$jar")"
}

# measure URL COOKIE: prints "requests_per_second p50_ms p99_ms".
measure() {
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -H "$2" "$1" | awk '
        function ms(v) { if (v ~ /us$/) { sub(/us/, "", v); return v / 1000 } if (v ~ /ms$/) { sub(/ms/, "", v); return v } sub(/s/, "", v); return v * 1000 }
        /Requests\/sec/ { rps = $2 }
        $1 == "50%" { p50 = ms($2) }
        $1 == "99%" { p99 = ms($2) }
        /Non-2xx/ { bad = $NF }
        END { if (bad > 0) { print "non-2xx answers: " bad > "/dev/stderr"; exit 1 } printf "%.0f %.2f %.2f\n", rps, p50, p99 }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }'; }

# The household: a SQLite folder with the demo destinations and photos, and an owner.
printf 'bench password\nbench password\n' | "$BIN" user add bench --owner --data "$work/data" > /dev/null
serve sqlite
sqlite_cookie=$(sign_in "$sqlite_port")
place=$(curl -fsS -H "$sqlite_cookie" "http://127.0.0.1:$sqlite_port/places" | grep -o 'href="/places/[0-9]*"' | head -1 | grep -o '[0-9]*')
page=/destinations/1
grid=/places/$place

# The same rows in PostgreSQL, with pg_stat_statements to count round trips.
url=$(bin/test-postgresql start "$work/pg")
psql -q "$url" -c "ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'" >/dev/null
bin/test-postgresql restart "$work/pg" >/dev/null
psql -q "$url" -c "CREATE DATABASE roadtrip" >/dev/null
database=${url%/postgres}/roadtrip
"$BIN" migrate --from "$work/data" --to "$database" > "$work/migrate.log"
psql -q "$database" -c "CREATE EXTENSION pg_stat_statements" >/dev/null
serve pg1 --database "$database"
serve pg2 --database "$database"
pg_cookie=$(sign_in "$pg1_port")
# The same, with the page cache off: every page read from the database and rendered anew.
serve sqlite_rendered --page-cache-size 0
serve pg_rendered --database "$database" --page-cache-size 0

# Both engines answer the same page the same way (the form token and the session differ).
strip() { sed -E 's/value="[A-Za-z0-9_-]{43}"/value=""/g; s/content="[A-Za-z0-9_-]{43}"/content=""/g'; }
cmp <(curl -fsS -H "$sqlite_cookie" "http://127.0.0.1:$sqlite_port$grid" | strip) \
    <(curl -fsS -H "$pg_cookie" "http://127.0.0.1:$pg1_port$grid" | strip)

# nginx: one upstream of one instance, another of both, and the two answers as files.
ng_one=$(free_port)
ng_two=$(free_port)
ng_files=$(free_port)
mkdir -p "$work/www"
curl -fsS -H "$pg_cookie" "http://127.0.0.1:$pg1_port$page" -o "$work/www/page.html"
curl -fsS -H "$pg_cookie" "http://127.0.0.1:$pg1_port$grid" -o "$work/www/grid.html"
cat > "$work/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $work/nginx.pid;
error_log $work/nginx-error.log;
events { worker_connections 1024; }
http {
    access_log off;
    upstream one { server 127.0.0.1:$pg1_port; keepalive 32; }
    upstream two { server 127.0.0.1:$pg1_port; server 127.0.0.1:$pg2_port; keepalive 32; }
    server {
        listen 127.0.0.1:$ng_one;
        location / { proxy_pass http://one; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header Host \$http_host; }
    }
    server {
        listen 127.0.0.1:$ng_two;
        location / { proxy_pass http://two; proxy_http_version 1.1; proxy_set_header Connection ""; proxy_set_header Host \$http_host; }
    }
    server { listen 127.0.0.1:$ng_files; root $work/www; default_type text/html; sendfile on; keepalive_requests 100000; }
}
CONF
nginx -c "$work/nginx.conf" -p "$work" &
pids+=($!)
for _ in $(seq 1 50); do curl -s -o /dev/null "http://127.0.0.1:$ng_one/healthz" && break; sleep 0.1; done

echo "Cluster benchmark: wrk -t$THREADS -c$CONNECTIONS -d$DURATION, $(nproc) cores, $(date -u +%Y-%m-%d), $(grep -c . "$work/migrate.log") lines of migrate output"
printf '%-44s %10s %8s %8s %8s %9s\n' "request" "req/s" "p50 ms" "p99 ms" "ratio" "÷ nginx"
for target in "signed-in page|$page|page.html" "a place's grid|$grid|grid.html"; do
    IFS='|' read -r label path file <<< "$target"
    read -r n_rps n_p50 n_p99 < <(measure "http://127.0.0.1:$ng_files/$file" "$sqlite_cookie")
    read -r s_rps s_p50 s_p99 < <(measure "http://127.0.0.1:$sqlite_port$path" "$sqlite_cookie")
    read -r p_rps p_p50 p_p99 < <(measure "http://127.0.0.1:$pg1_port$path" "$pg_cookie")
    printf '%-44s %10s %8s %8s %8s %9s\n' "$label ($(wc -c < "$work/www/$file") B), nginx file" "$n_rps" "$n_p50" "$n_p99" "" "1.00"
    printf '%-44s %10s %8s %8s %8s %9s\n' "$label, SQLite instance" "$s_rps" "$s_p50" "$s_p99" "1.00" "$(ratio "$s_rps" "$n_rps")"
    printf '%-44s %10s %8s %8s %8s %9s\n' "$label, PostgreSQL instance" "$p_rps" "$p_p50" "$p_p99" "$(ratio "$p_rps" "$s_rps")" "$(ratio "$p_rps" "$n_rps")"
    # Asked for again and again, the page above comes from the page cache after the first time.
    read -r sr_rps sr_p50 sr_p99 < <(measure "http://127.0.0.1:$sqlite_rendered_port$path" "$sqlite_cookie")
    read -r pr_rps pr_p50 pr_p99 < <(measure "http://127.0.0.1:$pg_rendered_port$path" "$pg_cookie")
    printf '%-44s %10s %8s %8s %8s %9s\n' "$label, SQLite, rendered every time" "$sr_rps" "$sr_p50" "$sr_p99" "1.00" "$(ratio "$sr_rps" "$n_rps")"
    printf '%-44s %10s %8s %8s %8s %9s\n' "$label, PostgreSQL, rendered every time" "$pr_rps" "$pr_p50" "$pr_p99" "$(ratio "$pr_rps" "$sr_rps")" "$(ratio "$pr_rps" "$n_rps")"
done
read -r one_rps one_p50 one_p99 < <(measure "http://127.0.0.1:$ng_one$page" "$pg_cookie")
read -r two_rps two_p50 two_p99 < <(measure "http://127.0.0.1:$ng_two$page" "$pg_cookie")
printf '%-44s %10s %8s %8s %8s\n' "page via nginx, one PostgreSQL instance" "$one_rps" "$one_p50" "$one_p99" "1.00"
printf '%-44s %10s %8s %8s %8s\n' "page via nginx, two PostgreSQL instances" "$two_rps" "$two_p50" "$two_p99" "$(ratio "$two_rps" "$one_rps")"

# Round trips and statements for 100 requests of each, divided by 100, less what the idle
# instance's job workers do meanwhile (measured alone just before). Round trips: the instance's
# poll() calls on a socket to PostgreSQL's port, traced by strace with each descriptor's address
# (libpq waits for the server with poll(); libmicrohttpd polls too, on its own sockets, which are
# left out). Statements: every one PostgreSQL ran, BEGIN and COMMIT included (pg_stat_statements).
pg_port=${url##*:}
pg_port=${pg_port%%/*}
statements() { psql -At "$database" -c "SELECT coalesce(sum(calls), 0) FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%'"; }
# counted PID COMMAND…: prints "seconds poll_calls statements" while COMMAND runs.
counted() {
    local pid=$1
    shift
    psql -q "$database" -c "SELECT pg_stat_statements_reset()" >/dev/null
    strace -f -qq -yy -e trace=poll -o "$work/strace.txt" -p "$pid" &
    local tracer=$! started ended
    sleep 0.5
    started=$(date +%s.%N)
    "$@"
    ended=$(date +%s.%N)
    kill -INT "$tracer"
    wait "$tracer" 2>/dev/null || true
    echo "$(awk -v a="$started" -v b="$ended" 'BEGIN { print b - a }') $(grep -c -- "->127.0.0.1:$pg_port\]" "$work/strace.txt" || true) $(statements)"
}
requests() { for _ in $(seq 1 100); do curl -fsS -o /dev/null -H "$pg_cookie" "http://127.0.0.1:$1$2"; done; }
for instance in "kept|$pg1_pid|$pg1_port" "rendered every time|$pg_rendered_pid|$pg_rendered_port"; do
    IFS='|' read -r label pid port <<< "$instance"
    read -r idle_seconds idle_polls idle_statements < <(counted "$pid" sleep 3)
    for target in "$page" "$grid"; do
        read -r seconds polls calls < <(counted "$pid" requests "$port" "$target")
        awk -v s="$seconds" -v p="$polls" -v c="$calls" -v is="$idle_seconds" -v ip="$idle_polls" -v ic="$idle_statements" -v t="$target" -v l="$label" 'BEGIN {
            printf "database round trips per request of %s (%s): %.1f, carrying %.1f statements (idle job polling taken off: %.1f round trips/s)\n",
                t, l, (p - ip * s / is) / 100, (c - ic * s / is) / 100, ip / is }'
    done
done
if [ -n "${SHOW_STATEMENTS:-}" ]; then
    psql -q "$database" -c "SELECT pg_stat_statements_reset()" >/dev/null
    for _ in $(seq 1 10); do curl -fsS -o /dev/null -H "$pg_cookie" "http://127.0.0.1:$pg1_port$page"; done
    psql "$database" -c "SELECT calls, left(regexp_replace(query, '\s+', ' ', 'g'), 110) AS statement FROM pg_stat_statements WHERE query NOT LIKE '%pg_stat_statements%' ORDER BY calls DESC LIMIT 25"
fi
