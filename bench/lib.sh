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
