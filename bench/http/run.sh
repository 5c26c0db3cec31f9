#!/usr/bin/env bash
# HTTP benchmark: RoadTrip against nginx serving byte-identical copies of the same responses
# (the server core's own answer `/healthz`, a rendered page, a static asset), in the same run,
# on loopback. Prints requests/s and p99 latency for both and the ratio RoadTrip/nginx, then
# the page against `/healthz`: what a page costs beyond the server core; then a shared
# vacation's menu by its share link beside its owner's (issue 34).
set -euo pipefail
cd "$(dirname "$0")/../.."

DURATION=${DURATION:-10s}
CONNECTIONS=${CONNECTIONS:-64}
THREADS=${THREADS:-2}
. bench/lib.sh

# Pages need a signed-in session: an account made from the shell, then a real sign-in.
start_roadtrip
sign_in

page=/destinations/1
asset=$(curl -fsS -H "$cookie" "http://127.0.0.1:$rt_port$page" | grep -o '/static/app\.[0-9a-f]*\.css' | head -1)
mkdir -p "$work/www/destinations" "$work/www/static"
curl -fsS -H "$cookie" "http://127.0.0.1:$rt_port$page" -o "$work/www/destinations/1"
curl -fsS "http://127.0.0.1:$rt_port$asset" -o "$work/www$asset"
curl -fsS "http://127.0.0.1:$rt_port/healthz" -o "$work/www/healthz"
# The gzip variant RoadTrip made at start-up, for nginx's gzip_static to send the same bytes.
curl -fsS -H "Accept-Encoding: gzip" "http://127.0.0.1:$rt_port$asset" -o "$work/www$asset.gz"

start_nginx "$work/www" auto

cmp <(curl -fsS "http://127.0.0.1:$ng_port/healthz") <(curl -fsS "http://127.0.0.1:$rt_port/healthz")
cmp <(curl -fsS "http://127.0.0.1:$ng_port$page") <(curl -fsS -H "$cookie" "http://127.0.0.1:$rt_port$page")
cmp <(curl -fsS "http://127.0.0.1:$ng_port$asset") <(curl -fsS "http://127.0.0.1:$rt_port$asset")
cmp <(curl -fsS -H "Accept-Encoding: gzip" "http://127.0.0.1:$ng_port$asset") <(curl -fsS -H "Accept-Encoding: gzip" "http://127.0.0.1:$rt_port$asset")

# measure URL [HEADER]: prints "requests_per_second p99_milliseconds".
measure() {
    wrk -t"$THREADS" -c"$CONNECTIONS" -d"$DURATION" --latency -H "$cookie" ${2:+-H "$2"} "$1" | awk '
        /Requests\/sec/ { rps = $2 }
        $1 == "99%" { v = $2; if (v ~ /us$/) { sub(/us/, "", v); v /= 1000 } else if (v ~ /ms$/) { sub(/ms/, "", v) } else if (v ~ /s$/) { sub(/s/, "", v); v *= 1000 } p99 = v }
        END { printf "%.0f %.2f\n", rps, p99 }'
}

echo "RoadTrip vs nginx on loopback: wrk -t$THREADS -c$CONNECTIONS -d$DURATION, $(nproc) cores, $(date -u +%Y-%m-%d)"
printf '%-24s %14s %10s %14s %10s %10s\n' "response" "RoadTrip req/s" "p99 ms" "nginx req/s" "p99 ms" "req/s ratio"
for target in "healthz /healthz -" "page $page -" "asset $asset -" "asset,gzip $asset gzip"; do
    set -- $target
    header=""; file="$work/www$2"
    if [ "$3" = gzip ]; then header="Accept-Encoding: gzip"; file="$file.gz"; fi
    read -r rt_rps rt_p99 < <(measure "http://127.0.0.1:$rt_port$2" "$header")
    read -r ng_rps ng_p99 < <(measure "http://127.0.0.1:$ng_port$2" "$header")
    ratio=$(awk -v a="$rt_rps" -v b="$ng_rps" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
    printf '%-24s %14s %10s %14s %10s %10s\n' "$1 ($(wc -c < "$file") B)" "$rt_rps" "$rt_p99" "$ng_rps" "$ng_p99" "$ratio"
    [ "$1" = healthz ] && healthz_rps=$rt_rps
    [ "$1" = page ] && page_rps=$rt_rps && page_nginx_rps=$ng_rps
done
echo "page ÷ /healthz (RoadTrip): $(awk -v a="$page_rps" -v b="$healthz_rps" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"

# The page above is asked for again and again, so after the first it comes from the page cache
# (kept until the database changes). The same page rendered every time, read from the database
# and rendered anew, by a second server on the same library with the cache off:
rendered_port=$(free_port)
"$BIN" serve --data "$work/data" --port "$rendered_port" --page-cache-size 0 > "$work/rendered.log" 2>&1 &
rendered_pid=$!
for _ in $(seq 1 100); do grep -q "running at" "$work/rendered.log" 2>/dev/null && break; sleep 0.1; done
cmp <(curl -fsS -H "$cookie" "http://127.0.0.1:$rendered_port$page") "$work/www$page"
read -r rendered_rps rendered_p99 < <(measure "http://127.0.0.1:$rendered_port$page")
echo "page rendered every time (--page-cache-size 0): $rendered_rps req/s, p99 $rendered_p99 ms;" \
    "÷ /healthz $(awk -v a="$rendered_rps" -v b="$healthz_rps" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')," \
    "÷ nginx $(awk -v a="$rendered_rps" -v b="$page_nginx_rps" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"

# A shared vacation (issue 34): its menu as its owner opens it (a session) beside the same menu
# opened by a share link (no account: the link's token is the key), on both servers, and nginx
# sending the link's bytes. The link's requests carry the cookie a browser has after its first
# page (rt_link_seen), as every page of a visit but the first does: that first one counts the
# opening, a write.
form=$(curl -fsS -H "$cookie" "$base/vacations/new" | form_token)
vacation=$(curl -sS -H "$cookie" -o /dev/null -w '%{redirect_url}' --data "csrf=$form&name=Bench+Trip" "$base/vacations/new" | grep -o '[0-9]*$')
for photo in 1 2 3; do
    form=$(curl -fsS -H "$cookie" "$base/photos/$photo/visit" | form_token)
    curl -sS -H "$cookie" -o /dev/null --data "csrf=$form&vacation=$vacation" "$base/photos/$photo/visit"
done
form=$(curl -fsS -H "$cookie" "$base/vacations/$vacation/share" | form_token)
link=$(curl -sS -H "$cookie" --data "csrf=$form&expiry=month&show_where=on&show_dates=on" "$base/vacations/$vacation/share" \
    | grep -o '/s/[A-Za-z0-9_-]\{24\}' | head -1)
[ -n "$link" ] || { echo "could not make a share link"; exit 1; }
owner_cookie=$cookie
seen="Cookie: rt_link_seen=1"
mkdir -p "$work/www/s"
curl -fsS -H "$seen" "$base$link" -o "$work/www$link"
cmp <(curl -fsS "http://127.0.0.1:$ng_port$link") <(curl -fsS -H "$seen" "$base$link")
menu=/vacations/$vacation
echo "A shared vacation's menu, $menu (owner) and $link (share link), wrk as above. The owner's menu is not a"
echo "page-cached route (rendered every time on both servers); the link's is, per link, on the first:"
printf '%-34s %10s %10s\n' "response" "req/s" "p99 ms"
for target in "owner $base$menu owner" "link $base$link link" "owner,cache-off http://127.0.0.1:$rendered_port$menu owner" \
    "link,cache-off http://127.0.0.1:$rendered_port$link link" "nginx,link-bytes http://127.0.0.1:$ng_port$link link"; do
    set -- $target
    if [ "$3" = link ]; then cookie=$seen; else cookie=$owner_cookie; fi
    read -r rps p99 < <(measure "$2")
    printf '%-34s %10s %10s\n' "$1" "$rps" "$p99"
    eval "rps_${1//[,-]/_}=$rps"
done
cookie=$owner_cookie
kill "$rendered_pid"; wait "$rendered_pid" 2>/dev/null || true
echo "link ÷ owner, same server: $(awk -v a="$rps_link" -v b="$rps_owner" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')" \
    "(goal ≥ 0.8); both rendered every time: $(awk -v a="$rps_link_cache_off" -v b="$rps_owner_cache_off" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }');" \
    "link ÷ nginx: $(awk -v a="$rps_link" -v b="$rps_nginx_link_bytes" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')"
