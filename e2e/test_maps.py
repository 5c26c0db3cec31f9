"""The maps of a few points (issue 16): the trip's Map (the destination and its points of
interest as named markers, a tapped one telling its name and coordinates), a vacation's
itinerary on a map (places numbered in the order first visited, joined by a line, each opening
its photos), and the small map in the viewer's Info. Leaflet from Debian over the offline
basemap, keyboard and touch; without JavaScript the server's SVG with the list beside it.
--map-tiles draws an owner's tile server instead, and only then does the browser ask anything
outside RoadTrip. The trip on `book_server`; vacations and photos on `vacation_server`.

The markers, their names and numbers, the line and the server's drawings are the same at every
size: those tests run at one layout (the layouts are test_layouts.py's subject). The viewer's
small map keeps every layout: whether the Info panel leaves it room is the layout's doing."""

import json
import re
import struct
import threading
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

from pages import MASTER, OPEN_MASTER, REPO, SESSION_COOKIE, Account, Shell, add_account_over_http, basemap_tile, http_get, sign_in_over_http, text_content
from photo_pages import INFO, photo_ids
from trip_pages import TEST_TOWN, TEST_TOWN_POINTS, choose_over_http
from vacation_pages import browser_as, traveller, vacation_with

LAYOUTS = ["phone", "phone-landscape", "tablet-portrait", "tablet-landscape"]
BASEMAP = REPO / "Sources" / "RoadTripWeb" / "Assets" / "map-countries.json"
TRIP_MAP = "section.trip-map .point-map"
ITINERARY_MAP = "section.itinerary .point-map"  # in the list: a phone's, and the server's drawing
ITINERARY_DETAIL_MAP = "#detail section.itinerary-detail .point-map"  # beside the list: a tablet's
INFO_MAP = f"{INFO} .point-map"
MARKERS = ".map-canvas .map-pin"

# Visited West Coast first; the New York photos were taken months earlier (test_vacations_browse).
VISITED = ["Golden Gate Bridge", "Ferry Building", "Brooklyn Bridge", "Times Square", "Central Park"]
STOPS = ["Manhattan", "New York City", "San Francisco"]


def wait_ready(b, figure: str) -> None:
    Shell(b).wait(lambda: b.driver.execute_script("return document.querySelector(arguments[0])?.dataset.ready", figure) == "true",
                  f"the map {figure} should start on {b.name}")


def markers(b, figure: str) -> list[dict]:
    """The Leaflet markers of the map, in the order drawn: label, name, and whether on screen."""
    return b.driver.execute_script(
        "return [...document.querySelector(arguments[0]).querySelectorAll('.map-canvas .map-pin')]"
        ".map(e => ({label: e.dataset.label || null, name: e.dataset.name, title: e.title}))", figure)


def map_state(b, figure: str) -> tuple[int, tuple[float, float]]:
    zoom, center = b.driver.execute_script(
        "const f = document.querySelector(arguments[0]); return [f.dataset.zoom, f.dataset.center]", figure)
    latitude, longitude = center.split(",")
    return int(zoom), (float(latitude), float(longitude))


def outside_requests(b) -> list[str]:
    resources = b.driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert any("/static/leaflet." in url for url in resources), "the map loaded Leaflet"
    return [url for url in resources if not url.startswith(b.server.url + "/")]


@pytest.fixture()
def trip(book_server):
    choose_over_http(book_server, TEST_TOWN)
    return book_server


# --------------------------------------------------------------------------------------
# The trip's map


def test_the_trip_map_names_the_destination_and_its_points_of_interest(trip, browser):
    layout = "phone"
    b = browser(layout, server=trip)
    shell = Shell(b)
    b.open("/")
    if not shell.shown(MASTER) and shell.shown(OPEN_MASTER):
        shell.click(OPEN_MASTER)

    # MUT: the menu's Map row opens the trip's map
    shell.click("#master-content section.trip a.trip-map")

    shell.wait_path("/trip/map")
    wait_ready(b, TRIP_MAP)
    names = [marker["name"] for marker in markers(b, TRIP_MAP)]
    assert names == [TEST_TOWN] + [point.title for point in TEST_TOWN_POINTS]
    labels = [text_content(e) for e in shell.find_all(f"{TRIP_MAP} .map-canvas .map-label")]
    assert labels == names, "every marker carries its name"
    # The map fits what it shows (issue 33, 6): every marker and every name inside its canvas.
    outside = b.driver.execute_script(
        """const canvas = document.querySelector(arguments[0] + ' .map-canvas').getBoundingClientRect();
           return [...document.querySelectorAll(arguments[0] + ' .map-canvas :is(.map-pin, .map-label)')].filter((e) => {
             const r = e.getBoundingClientRect();
             return r.left < canvas.left || r.top < canvas.top || r.right > canvas.right || r.bottom > canvas.bottom;
           }).map((e) => e.textContent || e.dataset.name);""", TRIP_MAP)
    assert outside == [], f"cut at the map's edge: {outside}"
    assert shell.find_all(f"{TRIP_MAP} .map-canvas path.leaflet-interactive"), "the basemap's countries are drawn"
    b.screenshot(f"{layout}-trip-map")

    # MUT: tapping a point of interest tells its name and coordinates
    harbour = TEST_TOWN_POINTS[1]
    pin = next(e for e in shell.find_all(f"{TRIP_MAP} {MARKERS}") if e.get_attribute("data-name") == harbour.title)
    b.driver.execute_script("arguments[0].click()", pin)
    shell.wait(lambda: shell.shown(f"{TRIP_MAP} .leaflet-popup-content"), "the tapped marker's popup should open")
    assert text_content(shell.find(f"{TRIP_MAP} .leaflet-popup-content")) == f"{harbour.title}{harbour.coordinates}"


def test_the_trip_map_pans_and_zooms_with_the_keyboard(trip, browser):
    b = browser("tablet-landscape", server=trip)
    b.open("/trip/map")
    wait_ready(b, TRIP_MAP)
    zoom, center = map_state(b, TRIP_MAP)
    canvas = b.driver.find_element(By.CSS_SELECTOR, f"{TRIP_MAP} .map-canvas")

    # MUT: a click on the map gives it the keyboard, as a person would; + zooms in, an arrow pans
    ActionChains(b.driver).move_to_element_with_offset(canvas, 0, canvas.size["height"] // 2 - 20).click().send_keys("+").perform()
    # (+ is typed with Shift, which Leaflet takes as three steps at once)
    Shell(b).wait(lambda: map_state(b, TRIP_MAP)[0] > zoom, "+ should zoom in")
    zoom, center = map_state(b, TRIP_MAP)
    ActionChains(b.driver).send_keys("\ue014").perform()  # arrow right
    Shell(b).wait(lambda: map_state(b, TRIP_MAP)[1][1] > center[1] + 1e-4, "the right arrow should pan east")
    ActionChains(b.driver).send_keys("-").perform()
    Shell(b).wait(lambda: map_state(b, TRIP_MAP)[0] == zoom - 1, "− should zoom out")


def touch(b, kind: str, points: list[tuple[float, float]]) -> None:
    b.driver.execute_cdp_cmd("Input.dispatchTouchEvent", {
        "type": kind, "touchPoints": [{"x": x, "y": y, "id": index} for index, (x, y) in enumerate(points)]})


def test_the_trip_map_pinches_and_drags_on_a_touch_screen(trip, browser):
    b = browser("phone", server=trip)
    b.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
    try:
        b.open("/trip/map")
        wait_ready(b, TRIP_MAP)
        box = b.driver.execute_script(
            "const r = document.querySelector(arguments[0] + ' .map-canvas').getBoundingClientRect(); return [r.x, r.y, r.width, r.height]", TRIP_MAP)
        x, y = box[0] + box[2] / 2, box[1] + box[3] / 2
        zoom, center = map_state(b, TRIP_MAP)

        # MUT: two fingers spreading apart zoom in
        b.driver.execute_cdp_cmd("Input.synthesizePinchGesture", {"x": x, "y": y, "scaleFactor": 4, "relativeSpeed": 600, "gestureSourceType": "touch"})
        Shell(b).wait(lambda: map_state(b, TRIP_MAP)[0] > zoom, "a pinch should zoom the map in")

        # MUT: one finger drags the map: the centre moves west as the finger moves east
        zoom, center = map_state(b, TRIP_MAP)
        touch(b, "touchStart", [(x - 60, y)])
        for step in range(1, 7):
            touch(b, "touchMove", [(x - 60 + step * 20, y)])
        touch(b, "touchEnd", [])
        Shell(b).wait(lambda: map_state(b, TRIP_MAP)[1][1] < center[1] - 1e-4, "a drag should pan the map")
    finally:
        b.driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": False})


def test_without_javascript_the_trip_map_is_the_servers_drawing_with_the_list(trip, browser):
    b = browser("tablet-landscape", javascript=False, server=trip)
    b.open("/trip/map")

    points = b.driver.find_elements(By.CSS_SELECTOR, f"{TRIP_MAP} svg.map-drawing g.map-point")
    names = [text_content(e) for e in b.driver.find_elements(By.CSS_SELECTOR, f"{TRIP_MAP} svg.map-drawing text.map-name")]
    rows = [(text_content(r.find_element(By.CSS_SELECTOR, ".row-title")), text_content(r.find_element(By.CSS_SELECTOR, ".coordinates")))
            for r in b.driver.find_elements(By.CSS_SELECTOR, "section.trip-map .map-points li")]

    assert len(points) == 3
    assert names == [TEST_TOWN] + [point.title for point in TEST_TOWN_POINTS]
    assert rows[1:] == [(point.title, point.coordinates) for point in TEST_TOWN_POINTS]
    assert rows[0][0] == TEST_TOWN
    assert b.driver.find_element(By.CSS_SELECTOR, f"{TRIP_MAP} svg.map-drawing").is_displayed()


def test_a_countrys_name_shows_on_hover(trip, browser):
    names = {feature["properties"]["name"] for feature in json.loads(BASEMAP.read_text())["features"]}
    b = browser("tablet-landscape", server=trip)
    b.open("/trip/map")
    wait_ready(b, TRIP_MAP)

    # MUT: the pointer over a country (its outline's middle, found in the page)
    b.driver.execute_script("""
        const country = [...document.querySelectorAll(arguments[0] + ' .map-canvas path.leaflet-interactive')]
          .map(path => [path, path.getBoundingClientRect()]).sort((a, b) => b[1].width * b[1].height - a[1].width * a[1].height)[0];
        const [path, box] = country, x = box.x + box.width / 2, y = box.y + box.height / 2;
        for (const type of ['mouseover', 'mousemove']) path.dispatchEvent(new MouseEvent(type, {bubbles: true, clientX: x, clientY: y}));
        """, TRIP_MAP)

    Shell(b).wait(lambda: b.driver.find_elements(By.CSS_SELECTOR, f"{TRIP_MAP} .leaflet-tooltip.country-name"), "a country's name should show")
    shown = text_content(b.driver.find_element(By.CSS_SELECTOR, f"{TRIP_MAP} .leaflet-tooltip.country-name"))
    assert shown in names


def test_the_trip_map_asks_nothing_outside_roadtrip(trip, browser):
    b = browser("tablet-landscape", server=trip)
    b.open("/trip/map")
    wait_ready(b, TRIP_MAP)

    assert outside_requests(b) == []


def test_the_trip_map_needs_a_trip_and_a_session(book_server):
    newcomer = Account("Map Newcomer", "a long enough password")
    add_account_over_http(book_server.url, book_server.owner_session, newcomer)
    session = sign_in_over_http(book_server.url, newcomer)

    without_trip = http_get(book_server("/trip/map"), cookies={SESSION_COOKIE: session})
    signed_out = http_get(book_server("/trip/map"))

    assert without_trip.status == 404 and "Choose a destination to start" in without_trip.text
    assert signed_out.status == 303 and "/signin" in (signed_out.header("Location") or "")
    assert TEST_TOWN_POINTS[0].title not in signed_out.text


# --------------------------------------------------------------------------------------
# A vacation's itinerary on a map


@pytest.mark.parametrize("layout", ["phone", "tablet-portrait", "tablet-landscape"])
def test_the_itinerary_map_numbers_the_places_in_order_and_joins_them(vacation_server, browser, layout):
    _, session = traveller(vacation_server, f"Mapper {layout}")
    vacation = vacation_with(vacation_server, session, "Coast to Coast", VISITED)
    b = browser_as(browser, layout, vacation_server, session)
    shell = Shell(b)
    b.open(f"/vacations/{vacation}/itinerary")

    # On a tablet the map fills the detail pane, the list beside it (or behind its button); on a
    # phone it heads the list, which is the screen. Only the one on screen starts.
    figure_css = ITINERARY_MAP if layout == "phone" else ITINERARY_DETAIL_MAP
    wait_ready(b, figure_css)
    if layout != "phone":
        figure, (_, height) = shell.rect(figure_css), shell.viewport()
        assert figure["height"] > height * 0.6, f"the map has the detail's height: {figure}"
        if layout == "tablet-landscape":
            assert figure["x"] >= shell.rect(MASTER)["x"] + shell.rect(MASTER)["width"], "in the detail, beside the list"
        others = b.driver.execute_script("return document.querySelectorAll('.point-map[data-started]').length")
        assert others == 1, "the list's own copy of the map waits, unseen"

    assert [(m["label"], m["name"]) for m in markers(b, figure_css)] == [(str(n + 1), name) for n, name in enumerate(STOPS)]
    route = shell.find_all(f"{figure_css} .map-canvas path.map-route")
    assert len(route) == 1, "one line joins the places"
    # The line's vertices are the markers' centres, in the order visited.
    vertices, centres = b.driver.execute_script("""
        const figure = document.querySelector(arguments[0]);
        const line = figure.querySelector('path.map-route'), svg = line.ownerSVGElement, matrix = line.getScreenCTM();
        const vertices = line.getAttribute('d').match(/-?[0-9.]+ -?[0-9.]+/g).map(pair => {
          const [x, y] = pair.split(' ').map(Number), point = new DOMPoint(x, y).matrixTransform(matrix);
          return [point.x, point.y];
        });
        const centres = [...figure.querySelectorAll('.map-canvas .map-pin')].map(pin => {
          const box = pin.getBoundingClientRect();
          return [box.x + box.width / 2, box.y + box.height / 2];
        });
        return [vertices, centres];""", figure_css)
    assert len(vertices) == len(centres) == 3
    assert all(abs(v[0] - c[0]) < 3 and abs(v[1] - c[1]) < 3 for v, c in zip(vertices, centres)), (vertices, centres)
    b.screenshot(f"{layout}-itinerary-map")
    assert outside_requests(b) == []
    # A marker is a finger's target (issue 49, 14): drawn 28 px, San Francisco's (alone on its
    # coast; New York's two lie on each other) answers 20 px from its centre every way.
    missed = b.driver.execute_script("""
        const pin = [...document.querySelector(arguments[0]).querySelectorAll('.map-canvas .map-pin')].find(pin => pin.dataset.name === 'San Francisco');
        const box = pin.getBoundingClientRect(), x = box.x + box.width / 2, y = box.y + box.height / 2;
        return [[x + 20, y], [x - 20, y], [x, y + 20], [x, y - 20]].filter(([px, py]) => document.elementFromPoint(px, py)?.closest('.map-pin') !== pin);""",
        figure_css)
    assert missed == [], f"the marker should answer within 44 px: {missed}"

    # MUT: a marker opens that place's photos in the vacation
    rows = {text_content(r.find_element(By.CSS_SELECTOR, ".row-title")): r.get_attribute("href").removeprefix(vacation_server.url)
            for r in shell.find_all("section.itinerary a.itinerary-place")}
    pin = next(e for e in shell.find_all(f"{figure_css} {MARKERS}") if e.get_attribute("data-name") == "San Francisco")
    b.driver.execute_script("arguments[0].click()", pin)
    shell.wait_path(rows["San Francisco"])


def test_without_javascript_the_itinerary_map_is_the_servers_drawing_with_links(vacation_server, browser):
    layout = "phone"
    _, session = traveller(vacation_server, f"Paper mapper {layout}")
    vacation = vacation_with(vacation_server, session, "Coast to Coast", VISITED)
    b = browser_as(browser, layout, vacation_server, session, javascript=False)
    b.open(f"/vacations/{vacation}/itinerary")

    stops = b.driver.find_elements(By.CSS_SELECTOR, f"{ITINERARY_MAP} svg.map-drawing a")
    numbers = [text_content(e.find_element(By.CSS_SELECTOR, "text.map-number")) for e in stops]
    links = [e.get_dom_attribute("href") for e in stops]
    rows = [r.get_dom_attribute("href") for r in b.driver.find_elements(By.CSS_SELECTOR, "section.itinerary a.itinerary-place")]

    assert numbers == ["1", "2", "3"]
    assert links == rows, "each numbered place links where its row does"
    assert len(b.driver.find_elements(By.CSS_SELECTOR, f"{ITINERARY_MAP} svg.map-drawing polyline.map-route")) == 1


def test_the_itinerary_map_is_its_owners_only(vacation_server):
    _, owner = traveller(vacation_server, "Map owner")
    _, stranger = traveller(vacation_server, "Map stranger")
    vacation = vacation_with(vacation_server, owner, "Private Trip", VISITED[:2])

    mine = http_get(vacation_server(f"/vacations/{vacation}/itinerary"), cookies={SESSION_COOKIE: owner})
    theirs = http_get(vacation_server(f"/vacations/{vacation}/itinerary"), cookies={SESSION_COOKIE: stranger})

    assert mine.status == 200 and "San Francisco" in mine.text and 'class="point-map' in mine.text
    assert theirs.status == 404
    assert "point-map" not in theirs.text and "itinerary-place" not in theirs.text


# --------------------------------------------------------------------------------------
# The viewer's Info


@pytest.mark.parametrize("layout", LAYOUTS)
def test_the_viewers_info_shows_the_photos_position_on_a_small_map(vacation_server, browser, layout):
    b = browser(layout, server=vacation_server)
    shell = Shell(b)
    photo = photo_ids(vacation_server)["Golden Gate Bridge"]
    latitude, longitude = vacation_server.query("SELECT latitude, longitude FROM photos WHERE id = ?", photo)[0]
    b.open(f"/photos/{photo}")
    assert b.driver.execute_script("return document.querySelector(arguments[0]).dataset.started", INFO_MAP) is None, \
        "the map waits for the Info panel to open"

    # MUT: opening Info starts its map, centred on the photo
    shell.click(f"{INFO} summary")
    wait_ready(b, INFO_MAP)

    assert len(markers(b, INFO_MAP)) == 1
    _, center = map_state(b, INFO_MAP)
    assert abs(center[0] - latitude) < 0.01 and abs(center[1] - longitude) < 0.01
    assert shell.find(f"{INFO_MAP} .map-canvas").size["height"] > 100, "the map has room"
    assert outside_requests(b) == []


def test_without_javascript_the_viewers_info_draws_the_position(vacation_server, browser):
    b = browser("phone", javascript=False, server=vacation_server)
    photo = photo_ids(vacation_server)["Golden Gate Bridge"]
    b.open(f"/photos/{photo}")

    label = b.driver.find_element(By.CSS_SELECTOR, f"{INFO_MAP} svg.map-drawing").get_attribute("aria-label")
    assert len(b.driver.find_elements(By.CSS_SELECTOR, f"{INFO_MAP} svg.map-drawing g.map-photo")) == 1
    assert re.search(r"37\.8\d+° N, 122\.4\d+° W", label), label


# --------------------------------------------------------------------------------------
# --map-tiles


def png_tile() -> bytes:
    """A 256×256 sea-blue PNG."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + bytes([0x9c, 0xc0, 0xd9]) * 256 for _ in range(256))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 256, 256, 8, 2, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


@pytest.fixture()
def tile_server():
    tile = png_tile()
    asked: list[str] = []

    class Tiles(BaseHTTPRequestHandler):
        def do_GET(self):
            asked.append(self.path)
            self.send_response(200)
            self.send_header("Content-Type", "image/png")
            self.send_header("Content-Length", str(len(tile)))
            self.end_headers()
            self.wfile.write(tile)

        def log_message(self, *arguments):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Tiles)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    server.asked = asked
    yield server
    server.shutdown()


def test_map_tiles_are_drawn_from_the_owners_server_and_allowed_by_the_policy(start_server, browser, tile_server):
    origin = f"http://127.0.0.1:{tile_server.server_address[1]}"
    own = start_server(arguments=("--map-tiles", origin + "/tiles/{z}/{x}/{y}.png", "--map-attribution", "<b>Test</b> tiles"))

    policy = own.get("/map").header("Content-Security-Policy")
    assert re.search(r"img-src 'self' " + re.escape(origin) + r"(;|$)", policy), policy

    b = browser("tablet-landscape", server=own)
    b.open("/map")
    Shell(b).wait(lambda: b.driver.execute_script("return document.querySelector('.photo-map')?.dataset.ready") == "true", "the map should start")
    Shell(b).wait(lambda: len(b.driver.find_elements(By.CSS_SELECTOR, ".map-canvas img.leaflet-tile-loaded")) > 0, "tiles should load")

    assert tile_server.asked and all(re.fullmatch(r"/tiles/\d+/\d+/\d+\.png", path) for path in tile_server.asked)
    attribution = b.driver.find_element(By.CSS_SELECTOR, ".leaflet-control-attribution")
    assert "<b>Test</b> tiles" in text_content(attribution), "the attribution is text, never HTML"
    assert not attribution.find_elements(By.TAG_NAME, "b")
    outside = outside_requests(b)
    assert outside and all(url.startswith(origin + "/tiles/") for url in outside)


# The basemap down to city scale (issue 33, 6)


def test_the_basemap_has_manhattans_shores_and_draws_them_at_city_scale(server, browser):
    # Over HTTP, without a session (public data): Manhattan's tile at the pack's deepest zoom.
    manhattan = basemap_tile(server, "8-75-96")
    assert manhattan["land"] > 10, f"Manhattan, Staten Island, Long Island and the rest: {manhattan}"
    # Its places (issue 49, 11): every town of the gazetteer in it, the most populous first, each
    # named from the zoom its people call for; the world's tile names only the great cities.
    places = {name: (named_from, people) for name, named_from, people in manhattan["places"]}
    assert (places["Manhattan"][0], places["Hoboken"][0], places["Long Island City"][0]) == (4, 8, 9), places
    assert any(people < 8_000 and named_from == 12 for named_from, people in places.values())
    assert [people for _, _, people in manhattan["places"]] == sorted((people for _, _, people in manhattan["places"]), reverse=True)
    world = basemap_tile(server, "0-0-0")["places"]
    assert {"Shanghai", "New York City", "Istanbul"} <= {name for name, _, _ in world}
    assert all(named_from == 0 and people >= 3_000_000 for _, named_from, people in world), world
    assert basemap_tile(server, "8-0-0") == {}, "the open sea is no tile"
    assert http_get(server("/map/basemap/9-150-192")).status == 404, "no tile deeper than the pack's deepest zoom"

    # In the viewer's Info, zoomed to a city's scale over Central Park: land and water both drawn.
    b = browser("tablet-landscape")
    shell = Shell(b)
    b.open(f"/photos/{photo_ids(server)['Central Park']}")
    shell.click(f"{INFO} summary")
    wait_ready(b, INFO_MAP)
    b.driver.execute_script("document.querySelector(arguments[0]).leafletMap.setView([40.7484, -73.9857], 12, {animate: false})", INFO_MAP)
    shell.wait(lambda: b.driver.execute_script(
        "const t = document.querySelectorAll(arguments[0] + ' .basemap-tiles canvas');"
        "return t.length > 0 && [...t].every(c => c.classList.contains('leaflet-tile-loaded'))", INFO_MAP), "the tiles drawn")
    land, water, shore = b.driver.execute_script(
        """let land = 0, water = 0, shore = 0;
           for (const canvas of document.querySelectorAll(arguments[0] + ' .basemap-tiles canvas')) {
             const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
             for (let i = 0; i < data.length; i += 4) {
               if (data[i + 3] === 0) water += 1;
               else if (data[i] === 0xeb && data[i + 1] === 0xe6 && data[i + 2] === 0xda) land += 1;
               else shore += 1;
             }
           }
           return [land, water, shore];""", INFO_MAP)
    total = land + water + shore
    assert 0.2 < land / total < 0.9 and water / total > 0.05 and shore > 0, f"Manhattan and its rivers: {land} {water} {shore}"
    assert outside_requests(b) == []
    b.screenshot("tablet-landscape-basemap-manhattan")
