"""The cluster (issue 10) as the tests see it: one throwaway PostgreSQL (bin/test-postgresql),
one storage folder shared by two `roadtrip serve` instances, and Debian's nginx in front of
them, round robin, naming the instance that answered in `X-Upstream` on every response.

The instances listen on 127.0.0.1, trust nginx there (`--trusted-proxy 127.0.0.1`) and answer
to `--public-url http://cluster.test:PORT`, nginx's address. Python reaches nginx at 127.0.0.1
with that Host; this module's browsers resolve cluster.test to 127.0.0.1 by a Chromium switch.
An instance is also reached directly at 127.0.0.1:ITS_PORT (an address it listens on, so its
Host check lets it through): a session cookie put in the browser for 127.0.0.1 serves both.

Everything started here is stopped by `Cluster.close`, whatever state it was left in.
"""

from __future__ import annotations

import json
import re
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path

from conftest import LAYOUTS, REPO, STARTUP_TIMEOUT, Browser, BrowserFactory, RoadTripServer, free_port, make_driver, roadtrip_binary
from nginx_process import NginxProcess
from pages import OWNER, SESSION_COOKIE, Account, HTTPResult, http_get, sign_in_over_http

PUBLIC_HOST = "cluster.test"
TEST_POSTGRESQL = REPO / "bin" / "test-postgresql"
PSQL = shutil.which("psql") or "/usr/bin/psql"
RESOLVER_RULE = f"--host-resolver-rules=MAP {PUBLIC_HOST} 127.0.0.1"


def wait_until(condition, message: str, timeout: float, poll: float = 0.1):
    """The first true value of `condition()`, asked every `poll` seconds for `timeout`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(poll)
    raise AssertionError(f"{message} (within {timeout:.0f} s)")


# --------------------------------------------------------------------------------------
# PostgreSQL


def sql_literal(value) -> str:
    """A value written into SQL for psql, which binds nothing (the tests' own values only)."""
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, bytes):
        return f"'\\x{value.hex()}'::bytea"
    return "'" + str(value).replace("'", "''") + "'"


class ThrowawayPostgreSQL:
    """`bin/test-postgresql` in a temporary folder of its own; `psql` for the tests' looks."""

    def __init__(self):
        self.folder = Path(tempfile.mkdtemp(prefix="roadtrip-e2e-postgresql-"))
        self.url = ""

    def _script(self, command: str) -> str:
        done = subprocess.run([str(TEST_POSTGRESQL), command, str(self.folder)], capture_output=True, text=True, timeout=90)
        assert done.returncode == 0, f"bin/test-postgresql {command} exited {done.returncode}: {done.stdout} {done.stderr}"
        return done.stdout

    def start(self) -> "ThrowawayPostgreSQL":
        self.url = self._script("start").strip().splitlines()[-1]
        assert self.url.startswith("postgresql://"), self.url
        return self

    def pause(self) -> None:
        self._script("pause")

    def resume(self) -> None:
        self._script("resume")

    def stop(self) -> None:
        """Stops the server and removes its folder; safe to call twice or after a failed start."""
        subprocess.run([str(TEST_POSTGRESQL), "stop", str(self.folder)], capture_output=True, timeout=90)
        shutil.rmtree(self.folder, ignore_errors=True)

    def database_url(self, name: str) -> str:
        return self.url.rsplit("/", 1)[0] + "/" + name

    def psql(self, sql: str, database: str | None = None) -> str:
        url = self.database_url(database) if database else self.url
        done = subprocess.run([PSQL, url, "-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-c", sql], capture_output=True, text=True, timeout=30)
        assert done.returncode == 0, f"psql failed on {sql!r}: {done.stderr}"
        return done.stdout

    def query(self, sql: str, *parameters, database: str | None = None) -> list[tuple]:
        """Rows of a query as tuples of JSON values (numbers stay numbers); `?` takes a parameter."""
        pieces = sql.split("?")
        assert len(pieces) == len(parameters) + 1, f"{len(parameters)} parameters for {sql!r}"
        text = pieces[0] + "".join(sql_literal(value) + piece for value, piece in zip(parameters, pieces[1:]))
        rows = json.loads(self.psql(f"SELECT coalesce(json_agg(q), '[]'::json) FROM ({text}) q", database) or "[]")
        return [tuple(row.values()) for row in rows]


class PSQLSession:
    """One psql kept open, for looks a millisecond apart (a new psql takes some 20 ms)."""

    MARK = "--roadtrip-e2e-done--"

    def __init__(self, url: str):
        self.process = subprocess.Popen(
            [PSQL, url, "-X", "-q", "-At", "-F", "\t"],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1,
        )

    def rows(self, sql: str) -> list[list[str]]:
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(f"{sql.rstrip(';')};\n\\echo {self.MARK}\n")
        self.process.stdin.flush()
        lines = []
        while (line := self.process.stdout.readline()) and line.rstrip("\n") != self.MARK:
            lines.append(line.rstrip("\n"))
        assert line, f"psql ended: {lines}"
        assert not any(text.startswith(("ERROR:", "psql:", "FATAL:")) for text in lines), f"{sql}: {lines}"
        return [text.split("\t") for text in lines if text]

    def close(self) -> None:
        try:
            self.process.stdin.close()
            self.process.wait(5)
        except Exception:
            self.process.kill()
            self.process.wait()


# --------------------------------------------------------------------------------------
# HTTP, to an address with the Host of our choosing


def fetch(port: int, host: str, method: str, path: str, session: str | None = None, body: bytes | None = None,
          headers: dict | None = None, timeout: float = 10) -> HTTPResult:
    """One request to 127.0.0.1:`port` naming `host`, with a session's cookie; no redirects followed."""
    sent = {"Host": host, **(headers or {})}
    return http_get(f"http://127.0.0.1:{port}{path}", method=method, headers=sent,
                    cookies={SESSION_COOKIE: session} if session else None, body=body, timeout=timeout)


class Front:
    """nginx's address as a person uses it: http://cluster.test:PORT."""

    def __init__(self, port: int, owner: Account = OWNER):
        self.port = port
        self.host = f"{PUBLIC_HOST}:{port}"
        self.url = f"http://{self.host}"
        self.owner = owner

    def __call__(self, path: str = "/") -> str:
        return self.url + path

    def fetch(self, method: str, path: str, session: str | None = None, **options) -> HTTPResult:
        return fetch(self.port, self.host, method, path, session, **options)


# --------------------------------------------------------------------------------------
# The instances


class Instance(RoadTripServer):
    """One `roadtrip serve` of the cluster, on a port of its own that a restart keeps (nginx's
    upstream names it). Started when its /healthz answers 200, not merely when it printed."""

    def __init__(self, name: str, data: Path, postgresql: ThrowawayPostgreSQL, log_path: Path,
                 public_url: str | None, database: str | None = None):
        self.postgresql = postgresql
        self.database_name = database
        url = postgresql.database_url(database) if database else postgresql.url
        arguments = ["--host", "127.0.0.1", "--database", url, "--trusted-proxy", "127.0.0.1", "--no-offline-copies"]
        if public_url:
            arguments += ["--public-url", public_url]
        super().__init__(roadtrip_binary(), data, log_path, tuple(arguments))
        self.name = name
        self.port = free_port()
        self.owner = OWNER

    def start(self) -> "Instance":
        self.stdout_lines = []
        self._running.clear()
        with open(self.log_path, "ab") as log:
            self.process = subprocess.Popen(
                [str(self.binary), "serve", "--data", str(self.data), "--port", str(self.port), *self.arguments],
                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=log, text=True, bufsize=1,
            )
        threading.Thread(target=self._read_stdout, args=(self.process,), daemon=True).start()
        deadline = time.monotonic() + STARTUP_TIMEOUT
        while time.monotonic() < deadline and self.process.poll() is None:
            if self._running.wait(0.05) and self.healthy():
                return self
        failure = "exited" if self.process.poll() is not None else f"did not answer /healthz within {STARTUP_TIMEOUT} s"
        self.kill()
        raise AssertionError(f"instance {self.name} {failure}.\nstdout: {''.join(self.stdout_lines)}\nlog: {self.log_text()[-3000:]}")

    def healthy(self) -> bool:
        try:
            return self.fetch("GET", "/healthz", timeout=2).status == 200
        except OSError:
            return False

    @property
    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    @property
    def address(self) -> str:
        """As nginx's `$upstream_addr` names it."""
        return f"127.0.0.1:{self.port}"

    def kill(self) -> None:
        """SIGKILL: no shutdown of any kind (the machine it ran on is gone)."""
        if self.running:
            self.process.kill()
        if self.process is not None:
            self.process.wait()

    def freeze(self) -> None:
        self.process.send_signal(signal.SIGSTOP)

    def thaw(self) -> None:
        self.process.send_signal(signal.SIGCONT)

    def worker_pattern(self) -> str:
        """What its job leases say (`host:pid:random`), as an SQL LIKE pattern."""
        return f"%:{self.process.pid}:%"

    def fetch(self, method: str, path: str, session: str | None = None, **options) -> HTTPResult:
        return fetch(self.port, self.address, method, path, session, **options)

    def query(self, sql: str, *parameters) -> list[tuple]:
        return self.postgresql.query(sql, *parameters, database=self.database_name)


# --------------------------------------------------------------------------------------
# nginx


NGINX_CONFIGURATION = """
daemon off;
master_process off;
pid {folder}/nginx.pid;
error_log {folder}/error.log info;
events {{ worker_connections 512; }}
http {{
    map $cookie_rt_session $with_session {{ "" no; default yes; }}
    log_format cluster '$msec $upstream_addr $status $request_method "$request_uri" session=$with_session';
    access_log {folder}/access.log cluster;
    client_max_body_size 1g;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    upstream roadtrip {{
{servers}
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://roadtrip;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_request_buffering off;
            add_header X-Upstream $upstream_addr always;
        }}
    }}
}}
"""


class ClusterNginx(NginxProcess):
    """nginx round robin over the instances (a POST already sent is never retried on another:
    nginx's default), its access log naming the instance that answered each request."""

    def __init__(self, port: int, backends: list[int], artifacts: Path):
        self.artifacts = artifacts
        servers = "\n".join(f"        server 127.0.0.1:{backend};" for backend in backends)
        super().__init__(NGINX_CONFIGURATION, port, "roadtrip-e2e-cluster-nginx-", servers=servers)

    def access_log(self, since: float = 0) -> list[dict]:
        """The requests nginx passed on at or after `since` (time.time()), oldest first."""
        entries = []
        for line in (self.folder / "access.log").read_text().splitlines():
            match = re.match(r'(\S+) (\S+) (\d+) (\S+) "([^"]*)" session=(\w+)', line)
            if match and float(match.group(1)) >= since:
                entries.append({"at": float(match.group(1)), "upstream": match.group(2), "status": int(match.group(3)),
                                "method": match.group(4), "path": match.group(5), "session": match.group(6) == "yes"})
        return entries

    def keep_logs(self) -> None:
        for name in ("access.log", "error.log"):
            if (self.folder / name).exists():
                shutil.copy(self.folder / name, self.artifacts / f"cluster-nginx-{name}")


# --------------------------------------------------------------------------------------
# The whole


class Cluster:
    """PostgreSQL, the shared storage, the owner (made with `roadtrip user add`), instances A and
    B, and nginx. `close` stops all of it however far `start` got."""

    def __init__(self, artifacts: Path):
        self.artifacts = artifacts
        self.postgresql = ThrowawayPostgreSQL()
        self.storage = Path(tempfile.mkdtemp(prefix="roadtrip-e2e-cluster-storage-"))
        self.front = Front(free_port())
        self.instances: list[Instance] = []
        self.nginx: ClusterNginx | None = None

    def start(self) -> "Cluster":
        self.postgresql.start()
        self.roadtrip("user", "add", OWNER.name, "--owner", input=f"{OWNER.password}\n{OWNER.password}\n")
        for name in ("A", "B"):
            log = self.artifacts / f"server-cluster-{name}.log"
            log.unlink(missing_ok=True)
            self.instances.append(Instance(name, self.storage, self.postgresql, log, self.front.url))
        # One after the other: the first start loads the demo library into the empty database.
        for instance in self.instances:
            instance.start()
        self.nginx = ClusterNginx(self.front.port, [instance.port for instance in self.instances], self.artifacts)
        return self

    @property
    def a(self) -> Instance:
        return self.instances[0]

    @property
    def b(self) -> Instance:
        return self.instances[1]

    def roadtrip(self, *arguments: str, input: str | None = None) -> str:
        """A `roadtrip` command on the cluster's storage and database; its output."""
        done = subprocess.run(
            [str(roadtrip_binary()), *arguments, "--data", str(self.storage), "--database", self.postgresql.url],
            input=input, capture_output=True, text=True, timeout=60,
        )
        assert done.returncode == 0, f"roadtrip {' '.join(arguments)} exited {done.returncode}: {done.stdout} {done.stderr}"
        return done.stdout

    def add_account(self, account: Account) -> str:
        """A member added with `roadtrip user add` (password twice on stdin), and a session of it."""
        output = self.roadtrip("user", "add", account.name, input=f"{account.password}\n{account.password}\n")
        assert f"Added {account.name}." in output, output
        return sign_in_over_http(self.a.url, account)

    def ensure_running(self) -> None:
        """Both instances up (one a test killed is started again on its port), nginx using both."""
        for instance in self.instances:
            if not instance.running:
                instance.start()
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            # nginx leaves an instance it saw fail alone for fail_timeout (10 s).
            upstreams = {self.front.fetch("GET", "/healthz").header("X-Upstream") for _ in range(4)}
            if upstreams == {instance.address for instance in self.instances}:
                return
            time.sleep(0.2)
        raise AssertionError(f"nginx should pass requests to both instances again, not only {upstreams}")

    def close(self) -> list[tuple[str, int | None]]:
        """Stops everything; the exit statuses after SIGTERM of the instances that were running."""
        statuses = []
        try:
            if self.nginx:
                self.nginx.stop()
        finally:
            try:
                for instance in self.instances:
                    if instance.running:
                        statuses.append((instance.name, instance.stop()))
            finally:
                self.postgresql.stop()
                shutil.rmtree(self.storage, ignore_errors=True)
        return statuses


# --------------------------------------------------------------------------------------
# Browsers that know cluster.test


class ClusterBrowser(Browser):
    """A pooled browser pointed at the front or at one instance (`server`)."""

    def session_account(self) -> str | None:
        token = self.cookie(SESSION_COOKIE)
        if not token:
            return None
        page = self.server.fetch("GET", "/account", session=token)
        match = re.search(r'<a class="app-tab viewer"[^>]*>(?:<svg.*?</svg>)?<span class="app-tab-label">([^<]*)</span>', page.text) if page.status == 200 else None
        return match.group(1) if match else None


class ClusterBrowsers(BrowserFactory):
    """`browser(layout, endpoint, session)`: this module's Chromium for the layout (one that
    resolves cluster.test), on the front or an instance, with that session's cookie put in its
    jar (for the endpoint's host), or none. The conftest hook checks their logs after each test."""

    def __init__(self, pool: dict, front: Front, artifacts: Path):
        super().__init__(front, artifacts)
        self.pool = pool

    def __call__(self, layout: str, endpoint=None, session: str | None = None) -> ClusterBrowser:
        if layout not in self.pool:
            self.pool[layout] = make_driver(LAYOUTS[layout], True, (RESOLVER_RULE,))
        browser = ClusterBrowser(self.pool[layout], LAYOUTS[layout], True, endpoint or self.server, self.artifacts)
        browser.reset()
        # RoadTrip sends Cross-Origin-Opener-Policy on every answer; over plain HTTP to a name
        # other than localhost (cluster.test: TLS would be the proxy's, outside this test),
        # Chromium ignores it and logs that as an error.
        browser.expect_log(r"The Cross-Origin-Opener-Policy header has been ignored, because the URL's origin was untrustworthy")
        if session:
            browser.set_cookie(SESSION_COOKIE, session)
        self.used.append(browser)
        return browser
