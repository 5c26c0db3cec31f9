"""What the browser hides: status codes, fingerprinted static assets with a year-long
immutable cache, error pages that are real pages (in the shell for a signed-in person) and
show no internals, and which addresses answer without a session. These talk HTTP directly
(http.client), with the owner's session unless a test says otherwise, plus the browser where
it matters.

The security headers of every kind of response, a refused form's included, are the Swift
suite's (SecurityHeadersTests.everyResponseCarriesTheContentSecurityPolicyAndNosniff, applied
in App.respond to every answer; SessionGateTests' redirects; PicturePolicyTests for pictures;
HTTPServerTests' EveryResponseHeadersTests and OwnAnswerHeadersTests for the server's own
answers; CommandLineTests+Serve through the real process). The pages here that are checked for
other reasons still have them checked (`assert_security_headers`)."""

import gzip
import hashlib
import re
import sqlite3

import pytest

from conftest import data_folder
from pages import (
    SESSION_COOKIE,
    Shell,
    csp_directives,
    http_get,
    http_post,
    missing_shell_parts,
    sign_in_over_http,
    OWNER,
)

ASSET = re.compile(r"^/static/(?P<stem>[A-Za-z0-9_-]+)\.(?P<hash>[0-9a-f]{8,})\.(?P<ext>[a-z0-9]+)$")
IMMUTABLE = "public, max-age=31536000, immutable"
CONTENT_TYPES = {"css": "text/css", "js": "text/javascript", "svg": "image/svg+xml"}


def asset_links(html: str) -> dict[str, str]:
    """The stylesheet, script and icon the shell links, by kind."""
    found = {
        "stylesheet": re.search(r'<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"', html),
        "script": re.search(r'<script[^>]*src="([^"]+)"', html),
        "icon": re.search(r'<link[^>]*rel="icon"[^>]*href="([^"]+)"', html),
    }
    missing = [kind for kind, match in found.items() if not match]
    assert not missing, f"the shell should link its {missing}"
    return {kind: match.group(1) for kind, match in found.items()}


def assert_security_headers(result, what: str) -> None:
    policy = result.header("Content-Security-Policy")
    assert policy, f"{what}: no Content-Security-Policy"
    directives = csp_directives(policy)
    assert "'self'" in directives.get("default-src", []), f"{what}: default-src should be 'self': {policy}"
    assert directives.get("frame-ancestors") == ["'self'"], f"{what}: frame-ancestors should be 'self': {policy}"
    scripts = directives.get("script-src", directives.get("default-src", []))
    assert "'unsafe-inline'" not in scripts and "'unsafe-eval'" not in scripts, f"{what}: no inline script: {policy}"
    assert "*" not in scripts, f"{what}: scripts from anywhere: {policy}"
    assert result.header("X-Content-Type-Options") == "nosniff", f"{what}: X-Content-Type-Options should be nosniff"


@pytest.fixture(scope="module")
def home(server):
    result = server.get("/")
    assert result.status == 200
    return result


def test_pages_are_html_and_not_cached_as_assets(server, home):
    assert (home.header("Content-Type") or "").startswith("text/html")
    assert "immutable" not in (home.header("Cache-Control") or ""), "a page must not be cached as immutable"
    assert not missing_shell_parts(home.text)
    for path in ("/account", "/accounts"):
        page = server.get(path)
        assert "no-store" in (page.header("Cache-Control") or ""), f"{path} holds account data: no-store"
        assert not missing_shell_parts(page.text), f"{path} should be in the shell, the list beside it"


# --------------------------------------------------------------------------------------
# Without a session: only signing in, setting up, /healthz and assets answer


@pytest.mark.parametrize(
    "path",
    ["/", "/destinations/1", "/destinations/2", "/destinations/999", "/destinations/1/image", "/account", "/accounts",
     "/destinations/2?from=a%20bookmark"],
)
def test_pages_redirect_to_sign_in_without_a_session(server, path):
    result = server.get(path, signed_in=False)
    assert result.status == 303, f"{path} without a session: {result.status}"
    location = result.header("Location") or ""
    expected = "/signin?next=" + path.replace("/", "%2F").replace("?", "%3F").replace("=", "%3D").replace("%20", "%2520")
    assert location.startswith("/signin?next="), f"{path} should send to the sign-in page, not {location!r}"
    assert location == expected, f"{path}: the sign-in page should come back to it: {location!r}, expected {expected!r}"
    assert result.body == b"", "a redirect shows nothing of the page"
    # A cookie that is no session of this server is no better than none.
    forged = http_get(server(path), cookies={SESSION_COOKIE: "A" * 43})
    assert forged.status == 303, f"{path} with a made-up session id: {forged.status}"


@pytest.mark.parametrize("path", ["/signin", "/setup", "/healthz"])
def test_public_addresses_answer_without_a_session(server, path):
    result = server.get(path, signed_in=False)
    assert result.status == 200, f"{path} without a session: {result.status}"


def test_state_changes_need_a_post(server):
    """GET /signout does not sign out; a POST from another site is refused even with the token."""
    assert server.get("/signout").status == 405
    assert server.get("/account").status == 200, "GET /signout must not end the session"
    token = server.get("/account").form_token()
    for headers in ({"Sec-Fetch-Site": "cross-site"}, {"Origin": "https://evil.example"}):
        result = http_post(server("/signout"), {"csrf": token}, cookies={SESSION_COOKIE: server.owner_session}, headers=headers)
        assert result.status == 403, f"a sign-out posted with {headers} should be refused: {result.status}"
    assert server.get("/account").status == 200, "the refused sign-outs changed nothing"


@pytest.mark.parametrize("kind", ["stylesheet", "script", "icon"])
def test_static_assets_are_fingerprinted_and_immutable(server, home, kind):
    path = asset_links(home.text)[kind]
    match = ASSET.match(path)
    assert match, f"the {kind} link {path!r} should be /static/NAME.HASH.EXT"
    result = http_get(server(path))
    assert result.status == 200, f"{path}: {result.status}"
    assert result.header("Cache-Control") == IMMUTABLE
    assert (result.header("Content-Type") or "").startswith(CONTENT_TYPES[match["ext"]]), result.header("Content-Type")
    assert hashlib.sha256(result.body).hexdigest().startswith(match["hash"]), (
        f"the fingerprint in {path} should be the content's hash (SHA-256 prefix)"
    )
    # Every page links the same fingerprinted file, and the old names are not served.
    assert path in server.get("/destinations/2").text
    assert path in server.get("/signin", signed_in=False).text, "pages of their own link the same file"
    assert http_get(server(f"/static/{match['stem']}.{match['ext']}")).status == 404, "the unfingerprinted name is not an address"
    wrong = "0" * len(match["hash"]) if match["hash"] != "0" * len(match["hash"]) else "1" * len(match["hash"])
    stale = http_get(server(f"/static/{match['stem']}.{wrong}.{match['ext']}"))
    assert stale.status == 404 and stale.header("Cache-Control") != IMMUTABLE, "a wrong fingerprint is a 404, never cached forever"


def test_static_asset_answers_304_when_unchanged(server, home):
    path = asset_links(home.text)["stylesheet"]
    first = http_get(server(path))
    etag = first.header("ETag")
    assert etag and first.header("Last-Modified"), "assets carry ETag and Last-Modified"
    again = http_get(server(path), headers={"If-None-Match": etag})
    assert again.status == 304 and again.body == b""
    assert_security_headers(again, f"304 for {path}")


@pytest.mark.parametrize("kind", ["stylesheet", "script", "icon"])
def test_text_assets_come_gzipped_to_who_asks_and_decode_to_their_fingerprint(server, home, kind):
    path = asset_links(home.text)[kind]
    plain = http_get(server(path))
    packed = http_get(server(path), headers={"Accept-Encoding": "gzip"})
    assert plain.header("Content-Encoding") is None, "without Accept-Encoding the bytes come as they are"
    assert packed.status == 200 and packed.header("Content-Encoding") == "gzip", f"{path}: {packed.header('Content-Encoding')}"
    assert packed.header("Vary") == "Accept-Encoding" and plain.header("Vary") == "Accept-Encoding"
    assert gzip.decompress(packed.body) == plain.body
    assert len(packed.body) < len(plain.body)
    assert packed.header("ETag") != plain.header("ETag"), "each coding is a representation with a tag of its own"


def test_the_browser_gets_the_stylesheet_and_scripts_compressed_and_uses_them(browser):
    b = browser("phone")
    # From the network, as RoadTrip sends them: the service worker's cache holds assets decoded.
    b.driver.execute_cdp_cmd("Network.enable", {})
    b.driver.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": True})
    try:
        b.open("/")
    finally:
        b.driver.execute_cdp_cmd("Network.setBypassServiceWorker", {"bypass": False})
        b.driver.execute_cdp_cmd("Network.disable", {})
    sizes = b.driver.execute_script(
        "return performance.getEntriesByType('resource')"
        ".filter(e => /\\/static\\/app\\.[0-9a-f]{16}\\.(css|js)$/.test(new URL(e.name).pathname))"
        ".map(e => [new URL(e.name).pathname, e.encodedBodySize, e.decodedBodySize])"
    )
    assert len(sizes) == 2, f"app.css and app.js should be loaded: {sizes}"
    for path, encoded, decoded in sizes:
        assert 0 < encoded < decoded / 2, f"{path} should arrive compressed: {encoded} bytes for {decoded}"
    # Decoded and applied: the stylesheet's phone breakpoint is in force.
    assert b.driver.execute_script("return getComputedStyle(document.documentElement).getPropertyValue('--layout-phone').trim()") == "1"


@pytest.mark.parametrize("path", ["/nowhere", "/destinations/999", "/destinations/01", "/destinations/1/", "/static/app.css"])
def test_unknown_addresses_are_404_pages_in_the_shell(server, path):
    """Signed in, a 404 is a page in the shell: the list and the account footer beside it."""
    result = server.get(path)
    assert result.status == 404, f"{path}: {result.status}"
    assert (result.header("Content-Type") or "").startswith("text/html")
    assert not missing_shell_parts(result.text), f"{path}: the 404 page should be in the shell: {missing_shell_parts(result.text)}"
    assert ">404<" in result.text
    assert_security_headers(result, f"404 {path}")


@pytest.mark.parametrize("path", ["/nowhere", "/destinations/01", "/static/app.css"])
def test_unknown_addresses_without_a_session_are_pages_of_their_own(server, path):
    """Signed out, an address RoadTrip does not know is still a real page (detail pane,
    stylesheet), but without the list: nothing of the catalogue shows without a session."""
    result = server.get(path, signed_in=False)
    assert result.status == 404, f"{path}: {result.status}"
    assert not missing_shell_parts(result.text, master=False), f"{path}: {missing_shell_parts(result.text, master=False)}"
    assert not re.search(r'<aside[^>]*\bid="master"', result.text), "no list for someone not signed in"
    assert 'id="app-tabs"' not in result.text, "no tab bar, no account's tab"
    for destination in ("New York City", "San Francisco"):
        assert destination not in result.text, f"the 404 page shows {destination} without a session"
    assert ">404<" in result.text


def test_server_error_page_shows_no_internals(start_server, browser, tmp_path):
    """Break the catalogue under a running server (its table renamed away): the person gets
    a 500 page that says nothing of SQL, files or Swift; the log gets the cause. (The list
    cannot be beside it: the list is what broke.)"""
    data = data_folder(tmp_path / "data")
    broken = start_server(data)
    assert broken.get("/").status == 200
    session = sign_in_over_http(broken.url, OWNER)  # before the break, for the browser below
    with sqlite3.connect(data / "library.sqlite", timeout=10) as connection:
        connection.execute("ALTER TABLE destinations RENAME TO destinations_moved_away")

    result = broken.get("/")
    assert result.status == 500, f"a page whose query fails should be a 500, got {result.status}"
    assert not missing_shell_parts(result.text, master=False), "the 500 page should be a real page of the shell"
    assert_security_headers(result, "500 page")
    assert "no-store" in (result.header("Cache-Control") or "")
    for internal in ("destinations_moved_away", "no such table", "SQLITE", "sqlite", "SELECT", ".swift", str(data), "Error(", "error:"):
        assert internal not in result.text, f"the 500 page shows internals: {internal!r}"
    # The cause goes to the server's log instead.
    assert "no such table" in broken.log_text(), f"the server log should name the cause: {broken.log_text()[-2000:]}"

    # In a browser signed in on that server (its session cookie put in the browser's jar).
    b = browser("phone", server=broken, signed_in=False)
    b.add_cookie(SESSION_COOKIE, session)
    b.expect_log(r"Failed to load resource: .*500")
    b.open("/")
    shell = Shell(b)
    shell.wait_error_page(500)
    assert b.status() == 500
    b.screenshot("phone-server-error")


def test_server_error_page_keeps_the_list_for_a_signed_in_person(start_server, browser, tmp_path):
    """When only a destination's own rows fail (a point of interest of it is damaged: a latitude
    that is not a number) the list still works, so a signed-in person's 500 page, like their 404
    page, has the list and the account footer (Sign out) beside it, and still shows no internals."""
    data = data_folder(tmp_path / "data")
    broken = start_server(data)
    session = sign_in_over_http(broken.url, OWNER)
    with sqlite3.connect(data / "library.sqlite", timeout=10) as connection:
        connection.execute("UPDATE destination_points_of_interest SET latitude = 'north-ish' WHERE destination_id = 1")
    assert broken.get("/").status == 200, "the list itself still works"

    result = broken.get("/destinations/1")
    assert result.status == 500, f"a destination whose rows cannot be read should be a 500, got {result.status}"
    for internal in ("north-ish", "latitude", "SQLITE", "SELECT", ".swift", str(data)):
        assert internal not in result.text, f"the 500 page shows internals: {internal!r}"

    b = browser("tablet-landscape", server=broken, signed_in=False)
    b.add_cookie(SESSION_COOKIE, session)
    b.expect_log(r"/destinations/1 - Failed to load resource: .*500")
    b.open("/destinations/1")
    shell = Shell(b)
    shell.wait_error_page(500)
    b.screenshot("tablet-landscape-server-error-signed-in")
    assert not missing_shell_parts(result.text), (
        f"a signed-in person's 500 page should have the list and footer beside it: {missing_shell_parts(result.text)}"
    )
