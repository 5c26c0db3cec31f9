"""The photo map (issue 16): Photos → Map shows every placed photo in clusters over the offline
basemap, with Leaflet from Debian and no request outside RoadTrip; zooming splits a cluster, a
small cluster opens as a grid of its photos; without JavaScript the server's SVG and the list.
On a server with the demo photos, then photos at known positions written as rows: the module's
`world_map` (Paris and Tokyo) and `crowded_map` (thousands) for the tests that only look at them,
a server of the test's own for a photo alone. Each runs at one layout: the clusters and markers are the same
whatever the size of the screen (the layouts are test_layouts.py's subject)."""

import re
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.common.exceptions import TimeoutException
from selenium.webdriver.common.by import By

from conftest import basemap_pack
from pages import LOAD_TIMEOUT, Shell, basemap_tile
from photo_pages import own_photo_server

PARIS = (48.8566, 2.3522)
TOKYO = (35.6762, 139.6503)
LYON = (45.764, 4.8357)


def add_photos(server, groups, spread: float = 0.001) -> int:
    """Photo rows at (latitude, longitude) with a little spread (`spread` degrees between
    neighbours; 0: all at one spot); gives how many photos have a position now, the demo's included."""
    database = server.database()
    try:
        database.execute("BEGIN")
        number = 0
        for (latitude, longitude), count in groups:
            for index in range(count):
                number += 1
                database.execute(
                    "INSERT INTO photos (sha256, format, byte_count, width, height, title, sorted_at, latitude, longitude, imported_at)"
                    " VALUES (?, 'jpeg', 1, 4, 3, ?, '2024-01-01T00:00:00', ?, ?, 0)",
                    (f"{700_000 + number:064x}", f"map {number}", latitude + (index % 10) * spread, longitude + (index // 10) * spread))
        database.execute("COMMIT")
        return database.execute("SELECT count(*) FROM photos WHERE latitude IS NOT NULL").fetchone()[0]
    finally:
        database.close()


# The rows add_photos writes have no image files: a thumbnail the map shows of one is a 404.
NO_FILE = r"/photos/\d+/thumbnail - Failed to load resource: the server responded with a status of 404"


def map_of(start_server, browser, layout, groups, javascript=True):
    own = start_server()
    placed = add_photos(own, groups)
    b = browser(layout, javascript, server=own)
    b.expect_log(NO_FILE)
    b.open("/map")
    return b, placed


@pytest.fixture(scope="module")
def world_map(artifacts: Path, server):
    """The module's server: the demo photos, 300 in Paris and 250 in Tokyo; `placed` is how many
    photos have a position. Its maps are drawn over the tests' basemap, whose tiles name places."""
    for running in own_photo_server(artifacts, "photo-map", ("--basemap", str(basemap_pack()))):
        running.placed = add_photos(running, [(PARIS, 300), (TOKYO, 250)])
        yield running


def world_map_in(world_map, browser, layout, javascript=True):
    b = browser(layout, javascript, server=world_map)
    b.expect_log(NO_FILE)
    b.open("/map")
    return b, world_map.placed


def wait_ready(b):
    Shell(b).wait(lambda: b.driver.execute_script("return document.querySelector('.photo-map')?.dataset.ready") == "true",
           "the map should start")


def shown(b) -> int:
    return int(b.driver.execute_script("return document.querySelector('.photo-map').dataset.shown"))


def cluster_counts(b) -> list[int]:
    """How many photos each marker stands for: the server's clusters (a count in a circle), the
    browser's groups (a thumbnail with its count) and single photos (a thumbnail alone, 1)."""
    texts = b.driver.execute_script(
        "return [...document.querySelectorAll('.map-canvas .marker-cluster span')].map(s => s.textContent)"
        ".concat([...document.querySelectorAll('.map-canvas .map-thumbnail')].map(t => t.querySelector('.map-thumbnail-count')?.textContent || '1'))")
    return sorted(int(text.replace(",", "")) for text in texts)


def test_the_maps_clusters_add_up_to_the_photos_placed(world_map, browser):
    b, placed = world_map_in(world_map, browser, "tablet-portrait")

    wait_ready(b)

    assert shown(b) == placed
    assert sum(cluster_counts(b)) == placed
    assert b.driver.find_elements(By.CSS_SELECTOR, ".map-canvas path.leaflet-interactive"), "the basemap's countries are drawn"
    assert not b.driver.find_element(By.CSS_SELECTOR, ".photo-map .map-drawing").is_displayed(), "Leaflet took the drawing's place"


def open_cluster(b, count: int) -> bool:
    """Clicks the cluster showing `count`, found afresh (each view redraws the markers); False
    when there is none."""
    return b.driver.execute_script(
        "const icon = [...document.querySelectorAll('.map-canvas :is(.marker-cluster, .map-thumbnail)')]"
        ".find(e => e.textContent.replace(/,/g, '') === String(arguments[0]));"
        "if (icon) icon.click(); return Boolean(icon);", count)


@pytest.fixture(scope="module")
def crowded_map(artifacts: Path, server):
    """The module's other server: the demo photos, 1,200 each in Paris and Lyon, 2,100 in Tokyo:
    more than a view shows one by one."""
    for running in own_photo_server(artifacts, "photo-map-crowded"):
        add_photos(running, [(PARIS, 1200), (LYON, 1200), (TOKYO, 2100)])
        yield running


def test_a_large_cluster_zooms_in_when_opened_and_splits(crowded_map, browser):
    # Paris and Lyon share a cell from afar; more photos than a view shows one by one.
    b = browser("tablet-landscape", server=crowded_map)
    b.expect_log(NO_FILE)
    b.open("/map")
    wait_ready(b)
    assert 2400 in cluster_counts(b)
    # The server's clusters drawn as a photo of each, with the count on it (issue 33, 6).
    assert b.driver.execute_script(
        "return [...document.querySelectorAll('.map-canvas .map-thumbnail')].every((t) => /^\\/photos\\/\\d+\\/thumbnail$/.test("
        "t.querySelector('img').getAttribute('src')) && t.querySelector('.map-thumbnail-count'))"), "each cluster a thumbnail with its count"
    assert not b.driver.find_elements(By.CSS_SELECTOR, ".map-canvas .marker-cluster"), "no bare count circles in a view of so few clusters"
    b.screenshot("tablet-landscape-photo-map-clusters")

    # MUT: opened, a cluster too large for a grid zooms in, again until the two are apart
    for _ in range(6):
        zoom = b.driver.execute_script("return document.querySelector('.photo-map').dataset.zoom")
        if not open_cluster(b, 2400):
            break
        zoomed = lambda: b.driver.execute_script("return document.querySelector('.photo-map').dataset.zoom") != zoom  # noqa: E731
        try:
            Shell(b).wait(zoomed, "opening a large cluster should zoom in", timeout=5)
        except TimeoutException:
            # The marker clicked may have been redrawn by the view's answer meanwhile (a loaded machine): once more.
            open_cluster(b, 2400)
            Shell(b).wait(zoomed, "opening a large cluster should zoom in", timeout=LOAD_TIMEOUT)

    def apart() -> bool:
        # Paris north of Lyon, 1,200 photos each: Lyon's may be drawn as several clusters where its
        # photos straddle a cell of the server's grid.
        markers = b.driver.execute_script(
            "return [...document.querySelectorAll('.map-canvas :is(.marker-cluster, .map-thumbnail)')].map(m => ["
            "m.getBoundingClientRect().top, Number((m.querySelector('.map-thumbnail-count, span')?.textContent || '1').replace(/,/g, ''))])")
        markers.sort()
        return len(markers) >= 2 and markers[0][1] == 1200 and sum(count for _, count in markers[1:]) == 1200

    Shell(b).wait(apart, "Paris and Lyon should be apart")
    assert "/map" == b.driver.execute_script("return location.pathname"), "a large cluster never opens a grid"


def test_the_keyboard_zooms_the_map(world_map, browser):
    b, _ = world_map_in(world_map, browser, "phone")
    wait_ready(b)
    before = int(b.driver.execute_script("return document.querySelector('.photo-map').dataset.zoom"))
    canvas = b.driver.find_element(By.CSS_SELECTOR, ".map-canvas")

    # MUT: a click on the sea gives the map the keyboard, as a person would
    ActionChains(b.driver).move_to_element_with_offset(canvas, 0, canvas.size["height"] // 2 - 20).click().send_keys("+").perform()

    Shell(b).wait(lambda: int(b.driver.execute_script("return document.querySelector('.photo-map').dataset.zoom")) > before,
                  "+ should zoom in")


def test_a_small_cluster_opens_as_a_grid_of_its_photos(crowded_map, browser):
    # The rows make the view too full for single photos; the demo's New York photos are real.
    b = browser("tablet-landscape", server=crowded_map)
    b.expect_log(NO_FILE)
    b.open("/map")
    wait_ready(b)
    new_york = next(e for e in b.driver.find_elements(By.CSS_SELECTOR, ".map-canvas :is(.marker-cluster, .map-thumbnail)")
                    if int(e.get_attribute("textContent").replace(",", "")) < 10 and e.location["x"] < 600)
    count = int(new_york.get_attribute("textContent"))

    new_york.click()

    Shell(b).wait(lambda: "/map/cells/" in b.driver.current_url, "the cluster should open its photos")
    b.wait_loaded()
    cells = b.driver.find_elements(By.CSS_SELECTOR, "#master-content .map-cell a.photo-cell")
    assert len(cells) == count
    cells[0].click()
    Shell(b).wait(lambda: "/photos/" in b.driver.current_url, "a photo opens the viewer")


def test_a_single_photo_on_the_map_opens_the_viewer(start_server, browser):
    # One photo far from any other (the demo's are in New York and San Francisco).
    b, _ = map_of(start_server, browser, "phone", [((-33.86, 151.21), 1)])
    wait_ready(b)
    photo = b.server.query("SELECT id FROM photos WHERE title = 'map 1'")[0][0]
    # The row has no image files: its preview is a 404, said in the browser's log.
    b.expect_log(rf"/photos/{photo}/preview - Failed to load resource: the server responded with a status of 404")

    # MUT: the photo's marker, alone in the southern hemisphere
    opened = b.driver.execute_script(
        "const markers = [...document.querySelectorAll('.map-canvas .map-thumbnail:not(:has(.map-thumbnail-count))')];"
        "const lowest = markers.sort((a, b) => b.getBoundingClientRect().y - a.getBoundingClientRect().y)[0];"
        "if (lowest) lowest.dispatchEvent(new MouseEvent('click', {bubbles: true})); return markers.length;")

    assert opened > 0, "single photos are drawn as markers of their own"
    Shell(b).wait(lambda: b.driver.execute_script("return location.pathname") == f"/photos/{photo}", "the photo should open in the viewer")
    b.wait_loaded()
    assert b.driver.find_elements(By.CSS_SELECTOR, "#detail section.photo-viewer")


def test_the_map_asks_nothing_outside_roadtrip(world_map, browser):
    b, _ = world_map_in(world_map, browser, "tablet-landscape")
    wait_ready(b)

    resources = b.driver.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")

    assert resources, "the map loaded Leaflet, the basemap and the clusters"
    outside = [url for url in resources if not url.startswith(b.server.url + "/")]
    assert outside == [], f"requests outside RoadTrip: {outside}"
    assert any("/static/leaflet." in url for url in resources)
    assert any("/static/map-countries." in url for url in resources)


def test_without_javascript_the_map_is_the_servers_drawing_with_the_list(world_map, browser):
    b, placed = world_map_in(world_map, browser, "phone", javascript=False)

    # One script for what would be a round trip per row (slow on a busy machine).
    drawing, circles, titles = b.driver.execute_script("""
        return [document.querySelectorAll('.photo-map svg.map-drawing').length,
                document.querySelectorAll('.photo-map svg.map-drawing a circle').length,
                [...document.querySelectorAll('#master-content .map-clusters a.row .row-title')].map((t) => t.textContent)]""")

    assert drawing and circles
    totals = [int(title.split()[0].replace(",", "")) for title in titles]
    assert titles and sum(totals) == placed


def test_the_map_fits_the_photos_and_draws_them_as_thumbnails(server, browser):
    """Issue 33, 6: the map opens on where the photos are (every one inside the view, with room
    around), not on the world; photos are their thumbnails, a group the thumbnail of one of them
    with its count, as Apple Photos and Immich draw them."""
    b = browser("tablet-landscape")
    b.open("/map")
    wait_ready(b)
    placed = server.query("SELECT latitude, longitude FROM photos WHERE latitude IS NOT NULL")
    view, thumbnails = b.driver.execute_script(
        """const map = document.querySelector('.photo-map').leafletMap, b = map.getBounds();
           return [[b.getSouth(), b.getWest(), b.getNorth(), b.getEast(), map.getZoom()],
                   [...document.querySelectorAll('.map-canvas .map-thumbnail img')].map((i) => i.getAttribute('src'))];""")
    south, west, north, east, zoom = view
    assert all(south < lat < north and west < lon < east for lat, lon in placed), f"every photo in view: {view} {placed}"
    assert zoom >= 3, f"fitted to the photos (New York to San Francisco), not the world: zoom {zoom}"
    assert thumbnails and all(re.fullmatch(r"/photos/\d+/thumbnail", src) for src in thumbnails), thumbnails
    assert sum(cluster_counts(b)) == len(placed)
    b.screenshot("tablet-landscape-photo-map-thumbnails")


def test_tapping_a_cluster_zooms_to_fit_its_photos(world_map, browser):
    """Issue 49, 11: a group of the browser's (Tokyo's 250 photos, a kilometre by two) opens to
    the zoom that fits them all, not to the zoom where it would split, eight zooms deeper."""
    b, _ = world_map_in(world_map, browser, "phone")
    wait_ready(b)
    assert 250 in cluster_counts(b), cluster_counts(b)
    zoom = b.driver.execute_script("return document.querySelector('.photo-map').dataset.zoom")
    assert open_cluster(b, 250)
    Shell(b).wait(lambda: b.driver.execute_script("return document.querySelector('.photo-map').dataset.zoom") != zoom, "the map zooms in")
    Shell(b).wait(lambda: shown(b) == 250, "every photo of the group is in view")
    after = int(b.driver.execute_script("return document.querySelector('.photo-map').dataset.zoom"))
    assert 12 <= after <= 15, f"fitted to a kilometre by two, not to the street: zoom {after}"
    # On a phone the map fills the screen between the bars.
    canvas = b.driver.execute_script("return document.querySelector('.map-canvas').getBoundingClientRect().toJSON()")
    tabs = b.driver.execute_script("return document.getElementById('app-tabs').getBoundingClientRect().top")
    assert canvas["width"] == 390 and tabs - canvas["bottom"] < 40, f"the map fills the phone: {canvas}, tabs at {tabs}"
    b.screenshot("phone-photo-map-fitted")


def test_a_cluster_of_photos_at_one_spot_opens_as_a_grid(start_server, browser):
    """Twenty photos taken at one spot (two metres apart): fitting them would jump to the street
    (zoom 18) and still show one pile; the group opens as a grid of them instead."""
    own = start_server()
    add_photos(own, [((41.8986, 12.4769), 20)], spread=0.00002)  # the Pantheon, Rome
    b = browser("tablet-landscape", server=own)
    b.expect_log(NO_FILE)
    b.open("/map")
    wait_ready(b)
    assert 20 in cluster_counts(b), cluster_counts(b)
    assert open_cluster(b, 20)
    Shell(b).wait(lambda: b.driver.execute_script("return location.pathname").startswith("/map/cells/16-"), "the pile opens as a grid")
    Shell(b).wait(lambda: len(b.driver.find_elements(By.CSS_SELECTOR, "#master-content .photo-cell")) == 20, "its twenty photos")


def test_the_map_names_places_more_of_them_as_it_zooms_in(world_map, browser):
    """Issue 49, 11: over the offline basemap, the gazetteer's places its tiles carry are named —
    the great cities from afar, towns at a city's scale — none over another. (The tests' pack is
    New York's: from afar, the names of the tiles that hold it.)"""
    b, _ = world_map_in(world_map, browser, "tablet-landscape")
    wait_ready(b)
    labels = "return [...document.querySelectorAll('.map-canvas .place-label')].map((label) => label.textContent)"
    Shell(b).wait(lambda: len(b.driver.execute_script(labels)) > 0, "names on the world")
    world = b.driver.execute_script(labels)
    # (New York City and London are under the photos there: a name under a marker is left out.)
    assert {"Bogotá", "Casablanca"} <= set(world) and "New York City" not in world, world
    # Closer than the pack's deepest zoom (8), the browser keeps of zoom 8's tiles the places
    # named at its zoom: the zoom each is named from, as the tiles around New York say.
    named_from: dict[str, int] = {}
    for tile in (f"8-{x}-{y}" for x in (74, 75, 76) for y in (95, 96, 97)):
        for name, zoom, _ in basemap_tile(world_map, tile).get("places", []):
            named_from[name] = min(zoom, named_from.get(name, zoom))
    view = "document.querySelector('.photo-map').leafletMap.setView([40.7580, -73.9855], {}, {{animate: false}})"
    b.driver.execute_script(view.format(10))
    Shell(b).wait(lambda: "Manhattan" in b.driver.execute_script(labels), "Manhattan named at zoom 10")
    ten = [named_from[name] for name in b.driver.execute_script(labels)]
    assert max(ten) <= 10 and {9, 10} & set(ten), ten
    b.driver.execute_script(view.format(12))
    Shell(b).wait(lambda: 12 in [named_from.get(name) for name in b.driver.execute_script(labels)], "towns named at zoom 12")
    city = b.driver.execute_script(labels)
    assert "Manhattan" in city and {"Hoboken", "Long Island City"} & set(city), city
    boxes, markers = b.driver.execute_script(
        "const boxes = (selector) => [...document.querySelectorAll(selector)].map((element) => element.getBoundingClientRect().toJSON());"
        "return [boxes('.map-canvas .place-label span'), boxes('.map-canvas .leaflet-marker-pane > *')]")
    def meet(a, c):
        return a["left"] < c["right"] and c["left"] < a["right"] and a["top"] < c["bottom"] and c["top"] < a["bottom"]
    overlaps = [(a, c) for i, a in enumerate(boxes) for c in boxes[i + 1:] if meet(a, c)]
    assert not overlaps, f"names drawn over each other: {overlaps[:3]}"
    assert markers and not [(a, c) for a in boxes for c in markers if meet(a, c)], "a name under a photo"
    b.screenshot("tablet-landscape-map-place-names")
