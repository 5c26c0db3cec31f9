#!/usr/bin/env bash
# Events book benchmark: the server time of page 1 and page 10,000 of the sample book, and
# of a turn (the neighbour page the viewer fetches), beside nginx serving a static file of
# the same size, in the same run. One connection at a time, so the figures are latencies.
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=${DURATION:-5s}
PAGES=${PAGES:-10000}
. bench/lib.sh

start_roadtrip --sample-pages "$PAGES" --no-saved-copies
sign_in

# Choose the sample book for the trip, as its page's button does.
sample="/destinations/$("$BIN" destinations list --data "$work/data" | awk -F'\t' '$2 == "Page-Based Sample" { print $1 }')"
csrf=$(curl -fsS -H "$cookie" "$base$sample" | form_token)
curl -fsS -H "$cookie" -o /dev/null --data "csrf=$csrf" "$base$sample/choose"

page_size=$(curl -fsS -H "$cookie" "$base/trip/events/1" | wc -c)
mkdir -p "$work/www"
head -c "$page_size" /dev/urandom | base64 -w 0 | head -c "$page_size" > "$work/www/static.html"

start_nginx "$work/www" 1

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
turn=$((PAGES / 2 + 1))
for target in "page 1:/trip/events/1" "page $PAGES:/trip/events/$PAGES" "a turn (page $turn):/trip/events/$turn" "generated sample page:/sample/pages/$PAGES"; do
    name=${target%%:*}
    path=${target#*:}
    read -r p50 p99 rps < <(measure "$base$path")
    printf '%-34s %9s %9s %9s %14s\n' "$name" "$p50" "$p99" "$rps" "$(awk -v a="$p50" -v b="$st50" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
done

# The page curl's frame rate in Chromium on a slowed CPU, beside a CSS transition (bench/book/curl.py).
echo
python3 bench/book/curl.py "$base" "${cookie#Cookie: rt_session=}"
