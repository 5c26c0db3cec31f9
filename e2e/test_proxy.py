"""Behind a real nginx (issue 11): the sign-in throttle counts the client nginx names in
X-Forwarded-For when RoadTrip is told to trust it (`--trusted-proxy 127.0.0.1`), so five
wrong guesses from one client no longer lock everybody out; RoadTrip answers only to the host
of its `--public-url`. Directly, without a proxy, a client's own X-Forwarded-For counts for
nothing.

Every address on 127.0.0.0/8 is this machine: each "client" connects from an address of its
own (127.0.0.66 guesses, 127.0.0.7 is the owner), so nginx sees them apart, while nginx itself
reaches RoadTrip from 127.0.0.1. nginx is Debian's nginx-light, started here on a free port
with a configuration of its own, and stopped after the module."""

from __future__ import annotations

import http.client
import re
import shutil
from urllib.parse import urlencode, urlsplit

import pytest

from conftest import free_port
from nginx_process import NginxProcess
from pages import FORM_COOKIE, OWNER, SESSION_COOKIE

PUBLIC_HOST = "trips.test"
GUESSER = "127.0.0.66"
OWNERS_BROWSER = "127.0.0.7"
TOKEN = re.compile(r'name="csrf" value="([A-Za-z0-9_-]{43})"')

NGINX_CONFIGURATION = """
daemon off;
master_process off;
pid {folder}/nginx.pid;
error_log {folder}/error.log info;
events {{ worker_connections 64; }}
http {{
    access_log off;
    client_max_body_size 1g;
    client_body_temp_path {folder}/body;
    proxy_temp_path {folder}/proxy;
    fastcgi_temp_path {folder}/fastcgi;
    uwsgi_temp_path {folder}/uwsgi;
    scgi_temp_path {folder}/scgi;
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://127.0.0.1:{backend};
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_request_buffering off;
        }}
    }}
}}
"""


class Nginx(NginxProcess):
    def __init__(self, port: int, backend_port: int):
        super().__init__(NGINX_CONFIGURATION, port, "roadtrip-nginx-", backend=backend_port)


class Client:
    """One browser at `source` (an address of its own on loopback), talking to `port`."""

    def __init__(self, port: int, source: str, host: str | None = None):
        self.port = port
        self.source = source
        self.host = host
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, body: dict | None = None, headers: dict | None = None):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=15, source_address=(self.source, 0))
        sent = {"Host": self.host or f"127.0.0.1:{self.port}", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{name}={value}" for name, value in self.cookies.items())
        encoded = None
        if body is not None:
            encoded = urlencode(body)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        connection.request(method, path, body=encoded, headers=sent)
        response = connection.getresponse()
        text = response.read().decode(errors="replace")
        for name, value in response.getheaders():
            if name.lower() == "set-cookie":
                cookie, _, _ = value.partition(";")
                key, _, cookie_value = cookie.partition("=")
                self.cookies[key] = cookie_value
        connection.close()
        return response.status, dict(response.getheaders()), text

    def sign_in(self, name: str, password: str, headers: dict | None = None):
        status, _, page = self.request("GET", "/signin", headers=headers)
        assert status == 200, page
        token = TOKEN.search(page).group(1)
        return self.request("POST", "/signin", {"csrf": token, "name": name, "password": password}, headers=headers)


@pytest.fixture(scope="module")
def proxied(artifacts):
    """RoadTrip trusting 127.0.0.1 and answering at http://trips.test:PORT, behind nginx on PORT."""
    from conftest import RoadTripServer, data_folder, roadtrip_binary, worker_suffix

    data = data_folder(prefix="roadtrip-e2e-proxy-")
    port = free_port()
    arguments = ("--trusted-proxy", "127.0.0.1", "--public-url", f"http://{PUBLIC_HOST}:{port}", "--no-offline-copies")
    server = RoadTripServer(roadtrip_binary(), data, artifacts / f"server-proxy{worker_suffix()}.log", arguments).start().set_up(OWNER)
    nginx = Nginx(port, urlsplit(server.url).port)
    yield server, nginx
    nginx.stop()
    assert server.stop() == 0
    shutil.rmtree(data, ignore_errors=True)


def test_through_nginx_one_clients_guesses_do_not_lock_out_the_owner(proxied):
    server, nginx = proxied
    guesser = Client(nginx.port, GUESSER, host=f"{PUBLIC_HOST}:{nginx.port}")
    for attempt in range(5):
        status, _, _ = guesser.sign_in(f"nobody {attempt}", "a wrong guess")
        assert status == 401

    held, headers, page = guesser.sign_in("nobody else", "a wrong guess")
    owner = Client(nginx.port, OWNERS_BROWSER, host=f"{PUBLIC_HOST}:{nginx.port}")
    signed_in, owner_headers, _ = owner.sign_in(OWNER.name, OWNER.password)

    assert held == 429
    assert 0 < int(headers["Retry-After"]) <= 900
    assert "Too many attempts" in page
    assert signed_in == 303, "the owner behind the same proxy signs in"
    assert SESSION_COOKIE in owner.cookies
    counted = {address for (address,) in server.query("SELECT DISTINCT address FROM sign_in_failures")}
    assert counted == {GUESSER}, "failures are counted against the client nginx named"


def test_through_nginx_only_the_public_host_is_answered(proxied):
    server, nginx = proxied
    status, headers, page = Client(nginx.port, "127.0.0.9", host=f"rebound.attacker.test:{nginx.port}").request("GET", "/signin")
    ours, _, _ = Client(nginx.port, "127.0.0.9", host=f"{PUBLIC_HOST}:{nginx.port}").request("GET", "/signin")

    assert status == 421
    assert "does not answer to this host name" in page
    assert "Content-Security-Policy" in headers
    assert FORM_COOKIE not in headers.get("Set-Cookie", "")
    assert ours == 200


def test_through_nginx_a_strangers_upload_is_refused_at_once(proxied):
    server, nginx = proxied
    connection = http.client.HTTPConnection("127.0.0.1", nginx.port, timeout=15, source_address=(GUESSER, 0))
    connection.putrequest("POST", "/upload/file?name=a.jpg", skip_host=True)
    connection.putheader("Host", f"{PUBLIC_HOST}:{nginx.port}")
    connection.putheader("Content-Length", str(300_000_000))
    # Only the headers: the answer must come without RoadTrip waiting for a byte of the body.
    # (A client already streaming the body may see nginx's 502 instead: RoadTrip closes without
    # reading it, and the reset can overtake the 403 on the way back.)
    connection.endheaders()
    response = connection.getresponse()
    body = response.read().decode(errors="replace")
    connection.close()

    assert response.status == 403
    assert "Sign in first. Nothing was uploaded." in body
    assert not any((server.data / "cache" / "incoming").glob("*"))


def test_directly_a_clients_own_forwarded_for_counts_for_nothing(start_server):
    server = start_server()
    port = urlsplit(server.url).port
    for attempt in range(5):
        guesser = Client(port, GUESSER)
        status, _, _ = guesser.sign_in(f"nobody {attempt}", "a wrong guess", headers={"X-Forwarded-For": f"198.51.100.{attempt}"})
        assert status == 401

    held, _, _ = Client(port, GUESSER).sign_in("nobody", "a wrong guess", headers={"X-Forwarded-For": "198.51.100.99"})
    owner, _, _ = Client(port, OWNERS_BROWSER).sign_in(OWNER.name, OWNER.password)

    assert held == 429, "a client cannot choose the address it is counted by"
    assert owner == 303, "another address is not held"
    counted = {address for (address,) in server.query("SELECT DISTINCT address FROM sign_in_failures")}
    assert counted == {GUESSER}
