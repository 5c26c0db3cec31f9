"""What the browser hides: status codes, security headers, fingerprinted static assets with
a year-long immutable cache, and error pages that are real pages in the shell and show
no internals. These talk HTTP directly (http.client), plus the browser where it matters."""

import hashlib
import re
import sqlite3

import pytest

from pages import DETAIL, Shell, csp_directives, http_get, missing_shell_parts

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
    result = http_get(server("/"))
    assert result.status == 200
    return result


def security_header_targets(server, home) -> dict[str, str]:
    links = asset_links(home.text)
    return {
        "home page": "/",
        "destination page": "/destinations/1",
        "destination picture": "/destinations/1/image",
        "stylesheet": links["stylesheet"],
        "script": links["script"],
        "icon": links["icon"],
        "404 page": "/nowhere",
        "unknown asset": "/static/app.0000000000000000.css",
    }


@pytest.mark.parametrize(
    "what",
    ["home page", "destination page", "destination picture", "stylesheet", "script", "icon", "404 page", "unknown asset"],
)
def test_security_headers_on_every_response(server, home, what):
    path = security_header_targets(server, home)[what]
    result = http_get(server(path))
    assert result.status in (200, 404), f"{what} {path}: status {result.status}"
    assert_security_headers(result, f"{what} ({path})")


def test_pages_are_html_and_not_cached_as_assets(server, home):
    assert (home.header("Content-Type") or "").startswith("text/html")
    assert "immutable" not in (home.header("Cache-Control") or ""), "a page must not be cached as immutable"
    assert not missing_shell_parts(home.text)


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
    assert path in http_get(server("/destinations/2")).text
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


@pytest.mark.parametrize("path", ["/nowhere", "/destinations/999", "/destinations/01", "/destinations/1/", "/static/app.css"])
def test_unknown_addresses_are_404_pages_in_the_shell(server, path):
    result = http_get(server(path))
    assert result.status == 404, f"{path}: {result.status}"
    assert (result.header("Content-Type") or "").startswith("text/html")
    assert not missing_shell_parts(result.text), f"{path}: the 404 page should be in the shell: {missing_shell_parts(result.text)}"
    assert ">404<" in result.text
    assert_security_headers(result, f"404 {path}")


def test_server_error_page_shows_no_internals(start_server, browser, tmp_path):
    """Break the catalogue under a running server (its table renamed away): the person gets
    a 500 page in the shell that says nothing of SQL, files or Swift; the log gets the cause."""
    data = tmp_path / "data"
    data.mkdir()
    broken = start_server(data)
    assert http_get(broken("/")).status == 200
    with sqlite3.connect(data / "library.sqlite", timeout=10) as connection:
        connection.execute("ALTER TABLE destinations RENAME TO destinations_moved_away")

    result = http_get(broken("/"))
    assert result.status == 500, f"a page whose query fails should be a 500, got {result.status}"
    assert not missing_shell_parts(result.text), "the 500 page should be in the shell"
    assert_security_headers(result, "500 page")
    assert "no-store" in (result.header("Cache-Control") or "")
    for internal in ("destinations_moved_away", "no such table", "SQLITE", "sqlite", "SELECT", ".swift", str(data), "Error(", "error:"):
        assert internal not in result.text, f"the 500 page shows internals: {internal!r}"
    # The cause goes to the server's log instead.
    assert "no such table" in broken.log_text(), f"the server log should name the cause: {broken.log_text()[-2000:]}"

    b = browser("phone")
    b.expect_log(r"Failed to load resource: .*500")
    b.driver.get(broken("/"))
    b.wait_loaded()
    shell = Shell(b)
    shell.wait_shown(DETAIL, ".empty-state.error")
    assert shell.find(".empty-state.error .status-code").text.strip() == "500"
    b.screenshot("phone-server-error")
