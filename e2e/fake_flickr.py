"""A fake Flickr for the browser tests: Flickr's REST answers (format=json&nojsoncallback=1) for
the two methods RoadTrip calls, photo images, and a switch to refuse the key. RoadTrip is
pointed at it with `--flickr-api` (and `--allow-private-fetch`, as it is on loopback)."""

from __future__ import annotations

import json
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

KEY = "e2e-flickr-key-7d41"


class FakeFlickr:
    def __init__(self, image: bytes):
        self.image = image
        self.mode = "ok"  # or "invalid-key", "rate-limited", "broken", "slow"
        self.asked: list[str] = []
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self.port = self.httpd.server_address[1]
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()

    @property
    def endpoint(self) -> str:
        return f"http://127.0.0.1:{self.port}/services/rest/"

    def stop(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()

    def answer(self, query: dict[str, list[str]]) -> dict:
        if self.mode == "invalid-key" or query.get("api_key") != [KEY]:
            return {"stat": "fail", "code": 100, "message": "Invalid API Key (Key not found)"}
        method = query.get("method", [""])[0]
        if method == "flickr.places.getTopPlacesList":
            return {"stat": "ok", "places": {"total": 2, "place_type": "locality", "place_type_id": 7, "place": [
                {"place_id": "7.MJR8tTVrIO1EgB", "woe_name": "San Francisco", "_content": "San Francisco, California, United States",
                 "photo_count": "1521", "place_type_id": "7"},
                {"place_id": "hV.ib5FSUbmqW7Ac", "woe_name": "London", "_content": "London, England, United Kingdom",
                 "photo_count": 3000, "place_type_id": 7},
            ]}}
        if method == "flickr.photos.search":
            base = f"http://127.0.0.1:{self.port}/img"
            return {"stat": "ok", "photos": {"page": 1, "pages": 1, "perpage": 50, "total": 2, "photo": [
                {"id": "53312345678", "owner": "12345678@N00", "ownername": "Ann Photographer", "title": "Fog over the bay",
                 "description": {"_content": "Morning"}, "datetaken": "2024-10-19 09:12:40", "tags": "fog bay geo:lat=37.8",
                 "latitude": "37.8199", "longitude": "-122.4783",
                 "url_l": f"{base}/53312345678_b.jpg", "width_l": "1600", "height_l": "1200",
                 "url_o": f"{base}/53312345678_o.jpg", "width_o": 1600, "height_o": 1200},
                {"id": "53312345679", "owner": "87654321@N00", "ownername": "Bo", "title": "", "description": {"_content": ""},
                 "datetaken": "2024-10-18 10:00:00", "tags": "", "latitude": 0, "longitude": 0,
                 "url_l": f"{base}/53312345679_b.jpg", "width_l": 1600, "height_l": 1200},
            ]}}
        return {"stat": "fail", "code": 112, "message": f"Method \"{method}\" not found"}

    def _handler(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self):  # noqa: N802 (the standard library's name)
                parts = urlsplit(self.path)
                fake.asked.append(parts.path)
                if fake.mode == "slow":
                    time.sleep(30)  # longer than RoadTrip waits for Flickr
                if fake.mode == "rate-limited":
                    self.send_response(429)
                    self.send_header("Content-Length", "0")
                    self.end_headers()
                    return
                if fake.mode == "broken":
                    body = b'{"stat":"ok","places":{"place":[{"place_id":'
                    self.send_response(200)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(body)))
                    self.end_headers()
                    self.wfile.write(body)
                    return
                if parts.path.startswith("/img/"):
                    body, kind = fake.image, "image/jpeg"
                else:
                    body, kind = json.dumps(fake.answer(parse_qs(parts.query))).encode(), "application/json"
                self.send_response(200)
                self.send_header("Content-Type", kind)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *arguments):
                pass

        return Handler


def a_jpeg(data: Path) -> bytes:
    """One of the demo photos RoadTrip drew into its data folder: a real JPEG for the fake's images."""
    return next(path for path in sorted((data / "originals").rglob("*.jpg"))).read_bytes()
