"""RoadTrip without a network (issue 17): the trip and a vacation kept on the phone, RoadTrip
stopped (the server really is away: every request to it fails), and what a person does then.

The module has a server of its own, stopped and started again on the same port by the tests.
Each test signs in with an account of its own, so that what one keeps is not another's.
"""

from __future__ import annotations

import re
import shutil
import socket
import tempfile
from pathlib import Path

import pytest
from selenium.webdriver.support.ui import WebDriverWait

from conftest import LAYOUTS as LAYOUTS_BY_NAME
from conftest import RoadTripServer, basemap_pack, catalogue_folder, make_driver, roadtrip_binary, worker_suffix
from pages import OWNER, SESSION_COOKIE, SIGN_OUT, VIEWER_TAB, Shell, http_get, http_post, new_york
from photo_pages import ZOOM_IN, PhotoScreens, photo_ids
from trip_pages import Book, choose_over_http, location
from vacation_pages import (
    book_state,
    browser_as,
    create_over_http,
    share_link_over_http,
    stop_link_over_http,
    traveller,
    vacation_with,
    vacations_of,
)

TOWN = "Offline Town"
EVENTS = ("/event/1", "/event/2", "/event/4")
KEEP_ROW = "#master .keep-offline"
STATUS = "#network-status"
LAYOUTS = ["phone", "phone-landscape"]


@pytest.fixture(scope="module")
def roadtrip(artifacts: Path, server, event_site):
    """The module's own server: the demo photos and one destination whose three event pages and
    forecast are on the event site. Depends on `server`, so that the browsers outlive it."""
    folder = Path(tempfile.mkdtemp(prefix="roadtrip-e2e-offline-"))
    data = catalogue_folder(folder / "data", {"DestinationData": [{
        "DestinationName": TOWN, "DestinationImage": "NewYorkCity.svg", "DestinationLocation": location(TOWN, 48.0, 11.0),
        "Events": [event_site(path) for path in EVENTS], "Weather": event_site("/weather"),
        "POIs": [location("Market Square", 48.1, 11.1)],
    }]})
    log_path = artifacts / f"server-offline{worker_suffix()}.log"
    log_path.unlink(missing_ok=True)
    # The event site is on 127.0.0.1: its pages are copied only where private fetching is allowed.
    running = RoadTripServer(roadtrip_binary(), data, log_path, ("--allow-private-fetch", "--basemap", str(basemap_pack()))).start().set_up(OWNER)
    running.ids = {name: id for id, name in running.query("SELECT id, name FROM destinations")}
    yield running
    status = running.stop()
    shutil.rmtree(folder, ignore_errors=True)
    assert status == 0, f"the offline server should exit 0 after SIGTERM, not {status}. Log: {log_path}"


@pytest.fixture
def away(roadtrip):
    """Stops RoadTrip when called; it is running again after the test, whatever happened."""
    def stop():
        assert roadtrip.stop() == 0
    yield stop
    if roadtrip.process.poll() is not None:
        roadtrip.start(port=port_of(roadtrip))


def port_of(server: RoadTripServer) -> int:
    return int(server.url.rsplit(":", 1)[1])


def back(server: RoadTripServer) -> None:
    server.start(port=port_of(server))


KEPT = """
const done = arguments[arguments.length - 1];
(async () => {
  const names = await caches.keys();
  const entries = {};
  for (const name of names) entries[name] = (await (await caches.open(name)).keys()).map(r => new URL(r.url).pathname + new URL(r.url).search);
  const databases = (await indexedDB.databases()).map(d => d.name);
  let changes = [];
  if (databases.includes('roadtrip')) {
    changes = await new Promise((resolve, reject) => {
      const open = indexedDB.open('roadtrip');
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('changes')) { db.close(); resolve([]); return; }
        const all = db.transaction('changes').objectStore('changes').getAll();
        all.onsuccess = () => { db.close(); resolve(all.result); };
        all.onerror = () => reject(all.error);
      };
      open.onerror = () => reject(open.error);
    });
  }
  done({ caches: entries, databases, changes });
})().catch(e => done({ error: String(e) }));
"""


def kept(b) -> dict:
    answer = b.driver.execute_async_script(KEPT)
    assert "error" not in answer, answer
    return answer


def kept_sets(b) -> list[str]:
    return [name for name in kept(b)["caches"] if name.startswith("kept:") and not name.endswith(":recent")]


def wait_controlled(b) -> None:
    Shell(b).wait(lambda: b.driver.execute_script("return !!navigator.serviceWorker.controller"),
                  "the service worker should control the page")


def keep(b, kind: str) -> str:
    """Press the row's Download…, check what it says it will fetch, download, and return the
    row's status once kept."""
    shell = Shell(b)
    wait_controlled(b)
    shell.wait(lambda: b.driver.find_elements("css selector", f"{KEEP_ROW} .keep-start"), f"the {kind} row should offer to keep it")
    shell.click(f"{KEEP_ROW} .keep-start")
    shell.wait(lambda: "to download" in shell.find(f"{KEEP_ROW} .keep-status").text, "the row should say how much it will download")
    size = shell.find(f"{KEEP_ROW} .keep-status").text
    assert re.fullmatch(r"\d+(\.\d)? (KB|MB) to download \(\d+ files\)\.", size), size
    shell.click(f"{KEEP_ROW} .keep-download")
    shell.wait(lambda: shell.find(f"{KEEP_ROW} .keep-status").text.startswith("Available offline"), "the row should say it is kept", timeout=60)
    return shell.find(f"{KEEP_ROW} .keep-status").text


def indicator(b) -> str:
    return b.driver.execute_script(
        "const s = document.querySelector(arguments[0]); return s && !s.hidden ? s.textContent.trim() : ''", STATUS)


def frame_text(b, article: str) -> str:
    """The text of the page shown in a book page's (or Weather's) frame, read through the frame."""
    frame = b.driver.find_element("css selector", f"{article} iframe")
    b.driver.switch_to.frame(frame)
    try:
        return b.driver.find_element("css selector", "body").text
    finally:
        b.driver.switch_to.default_content()


def wait_frame_shows(b, article: str, text: str) -> None:
    def shows() -> bool:
        try:
            return text in frame_text(b, article)
        except Exception:
            return False
    Shell(b).wait(shows, f"{article}'s frame should show {text!r}")


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_trip_taken_offline_works_while_roadtrip_is_away(browser, roadtrip, away, layout):
    account, session = traveller(roadtrip, f"Trip Keeper {layout}")
    choose_over_http(roadtrip, TOWN, session)
    b = browser_as(browser, layout, roadtrip, session)
    b.open("/")

    status = keep(b, "trip")

    assert re.fullmatch(r"Available offline · \d+(\.\d)? (KB|MB) · updated just now", status), status
    away()
    shell = Shell(b)
    book = Book(b)

    # MUT: the whole Events book, turned page by page with RoadTrip away
    book.open(1)
    shell.wait(lambda: indicator(b) == "Offline", f"the indicator should say Offline, not {indicator(b)!r}")
    for page in range(1, len(EVENTS) + 1):
        if page > 1:
            book.press("\ue014")  # the right arrow: the next page
            book.wait_page(page)
        wait_frame_shows(b, f"article.book-page[data-page='{page}']", f"Event {EVENTS[page - 1].rsplit('/', 1)[1]}")

    b.open("/trip/weather")
    wait_frame_shows(b, "section.web-view", "Weather in Test Town")
    assert indicator(b) == "Offline"

    b.open("/trip/map")
    shell.wait(lambda: b.driver.find_elements("css selector", ".leaflet-marker-icon:not(.place-label)"), "the trip's map should draw its markers")

    # A page that was not kept: the offline page (503), listing what is.
    b.expect_log(r"/recents - Failed to load resource: the server responded with a status of 503")
    b.open("/recents")
    shell.wait(lambda: "This page is not kept on this device" in shell.find("#detail").text, "a page not kept shows the offline page")
    shell.wait(lambda: f"Trip to {TOWN}" in shell.find("#kept-list").text, "the offline page lists the kept trip")
    back(roadtrip)
    shell.wait(lambda: indicator(b) == "", "the indicator goes once RoadTrip answers again", timeout=20)


@pytest.mark.parametrize("transition, orientation", [("curl", "horizontal"), ("scroll", "vertical")])
def test_the_kept_events_book_turns_in_spreads_in_the_style_chosen(browser, roadtrip, away, transition, orientation):
    account, session = traveller(roadtrip, f"Spread Reader {transition}")
    choose_over_http(roadtrip, TOWN, session)
    cookies = {SESSION_COOKIE: session}
    fields = {"csrf": http_get(roadtrip("/trip/book-settings?from=/trip/events/1"), cookies=cookies).form_token(), "from": "/trip/events/1",
              "transition": transition, "orientation": orientation}
    assert http_post(roadtrip("/trip/book-settings"), fields, cookies=cookies).status == 303
    b = browser_as(browser, "tablet-landscape", roadtrip, session)
    b.open("/")
    keep(b, "trip")
    away()
    book = Book(b)

    state = book.open(1)

    assert state["layout"] == "spread" and state["shown"] == [1]
    section = Shell(b).find("#book")
    assert [section.get_attribute("data-transition"), section.get_attribute("data-orientation")] == [transition, orientation]
    wait_frame_shows(b, "article.book-page[data-page='1']", "Event 1")
    book.press("\ue015" if orientation == "vertical" else "\ue014")  # the down or the right arrow: the next spread
    state = book.wait_page(2)
    assert state["shown"] == [2, 3]
    wait_frame_shows(b, "article.book-page[data-page='2']", "Event 2")
    wait_frame_shows(b, "article.book-page[data-page='3']", "Event 4")
    assert indicator(b) == "Offline"


# The land-coloured pixels of the tiles a map drew from the countries' outlines.
LAND_IN_MISSING_TILES = """
let land = 0;
for (const tile of document.querySelectorAll('.point-map .basemap-tiles canvas[data-missing]')) {
  const data = tile.getContext('2d').getImageData(0, 0, tile.width, tile.height).data;
  for (let i = 0; i < data.length; i += 4) if (data[i] === 0xeb && data[i + 1] === 0xe6 && data[i + 2] === 0xda) land += 1;
}
return land;
"""


def place_labels(b) -> list[str]:
    return b.driver.execute_script("return [...document.querySelectorAll('.place-label')].map((label) => label.textContent)")


def recent_entries(b) -> list[str]:
    return [path for name, paths in kept(b)["caches"].items() if name.endswith(":recent") for path in paths]


def account_id(server: RoadTripServer, name: str) -> int:
    return server.query("SELECT id FROM accounts WHERE name = ?", name)[0][0]


# What is kept and sent is the same at any size: the trip's test above runs sideways too.
@pytest.mark.parametrize("layout", ["phone"])
def test_a_kept_vacation_and_changes_made_offline_arrive_once_in_order(browser, roadtrip, away, layout):
    account, session = traveller(roadtrip, f"Vacation Keeper {layout}")
    ids = photo_ids(roadtrip)
    alps = vacation_with(roadtrip, session, "Alps", ["Central Park", "Brooklyn Bridge"])
    beach = create_over_http(roadtrip, session, "Beach")
    times = ids["Times Square"]
    b = browser_as(browser, layout, roadtrip, session)
    screens = PhotoScreens(b)
    b.open(f"/vacations/{alps}")
    status = keep(b, "vacation")
    assert re.fullmatch(r"Available offline · \d+(\.\d)? (KB|MB) · updated just now", status), status
    # A library photo opened while RoadTrip answers is kept, and so is its Visit list.
    b.open(f"/photos/{times}")
    screens.wait(lambda: f"/photos/{times}/visit" in recent_entries(b), "the photo's Visit list should be kept with it")
    # The basemap's tiles over its places are kept with it, and with them the places they name.
    assert any("/map/basemap/8-75-96?v=" in entry for entries in kept(b)["caches"].values() for entry in entries)
    away()

    # The kept vacation's photos, one opened and zoomed on its preview.
    b.open(f"/vacations/{alps}/photos")
    screens.wait(lambda: indicator(b) == "Offline", f"the indicator should say Offline, not {indicator(b)!r}")
    screens.click("#master-content ul.photo-grid > li > a.photo-cell")
    screens.wait(lambda: (screens.viewer() or {}).get("loaded"), "the kept preview should load in the viewer")
    before = screens.viewer()["scale"]
    screens.click(ZOOM_IN)
    screens.wait(lambda: screens.viewer()["scale"] > before, "Zoom in should zoom the kept preview")
    assert screens.viewer()["src"].endswith("/preview")

    # Its itinerary, and a place's photos from there.
    b.open(f"/vacations/{alps}/itinerary")
    screens.wait(lambda: "Manhattan" in screens.find("#master-content").text, "the kept itinerary should list its places")
    screens.wait(lambda: "Hoboken" in place_labels(b), "its map should name places offline, from the kept tiles")
    # Taken where nothing was kept, the map draws those tiles from the countries' outlines,
    # quietly (the browser's log would fail the test on a failed load); the kept ones as they are.
    b.driver.execute_script("document.querySelector('.point-map').leafletMap.setView([35.68, 139.76], 6, {animate: false})")
    screens.wait(lambda: b.driver.execute_script(LAND_IN_MISSING_TILES) > 1000, "Japan drawn from the outlines where no tile was kept")
    b.driver.execute_script("document.querySelector('.point-map').leafletMap.setView([40.70, -74.02], 10, {animate: false})")
    screens.wait(lambda: b.driver.execute_script(
        "const tiles = document.querySelectorAll('.point-map .basemap-tiles canvas.leaflet-tile-loaded');"
        "return tiles.length > 0 && [...tiles].every((tile) => !('missing' in tile.dataset))"), "New York's kept tiles drawn as they are")

    # The kept vacation's book turns.
    b.open(f"/vacations/{alps}/book/1")
    screens.wait(lambda: (book_state(screens) or {}).get("live") and book_state(screens)["images"] == [True],
                 "the book's first page should show its kept photo")
    screens.press("\ue014")  # the right arrow
    screens.wait(lambda: book_state(screens)["path"] == f"/vacations/{alps}/book/2" and book_state(screens)["images"] == [True]
                 and book_state(screens)["captions"][0].startswith("Brooklyn Bridge"), f"the book should turn to its kept page 2: {book_state(screens)}")

    # MUT: a tag added and a Visit made while RoadTrip is away
    b.open(f"/photos/{times}")
    screens.info()
    screens.find("#add-tag").send_keys("night")
    screens.click("form.add-tag button[type=submit]")
    screens.wait(lambda: indicator(b) == "Offline · 1 change waiting", f"the tag should wait, not {indicator(b)!r}")
    b.open(f"/photos/{times}/visit")
    screens.wait(lambda: indicator(b) == "Offline · 1 change waiting", "the Visit list is kept")
    b.driver.find_element("xpath", "//button[contains(@class, 'choice')][normalize-space()='Beach']").click()
    screens.wait(lambda: screens.path() == f"/photos/{times}", "the Visit made offline returns to the photo")
    screens.wait(lambda: indicator(b) == "Offline · 2 changes waiting", f"both changes should wait, not {indicator(b)!r}")
    assert [change["note"] for change in kept(b)["changes"]] == [
        "Tag “Times Square” with “night”", "Visit “Times Square” into “Beach”"]
    assert not roadtrip.query("SELECT 1 FROM vacation_photos WHERE vacation_id = ?", beach), "nothing reached RoadTrip yet"

    back(roadtrip)
    screens.wait(lambda: indicator(b) == "", f"the changes should be sent once RoadTrip answers, not {indicator(b)!r}", timeout=30)

    assert kept(b)["changes"] == []
    owner = account_id(roadtrip, account.name)
    assert roadtrip.query("SELECT name FROM photo_tags WHERE account_id = ? AND photo_id = ?", owner, times) == [("night",)]
    assert roadtrip.query(
        "SELECT count(*) FROM vacation_photos WHERE vacation_id = ? AND sha256 = (SELECT sha256 FROM photos WHERE id = ?)", beach, times
    ) == [(1,)], "the Visit arrives once"
    # In order: the tag was there when the photo was visited, so the vacation's copy carries it.
    assert roadtrip.query(
        "SELECT t.name FROM vacation_photo_tags pt JOIN vacation_tags t ON t.vacation_id = pt.vacation_id AND t.id = pt.tag_id"
        " WHERE pt.vacation_id = ?", beach) == [("night",)]


def test_a_visit_into_a_vacation_deleted_meanwhile_is_reported(browser, roadtrip, away):
    account, session = traveller(roadtrip, "Late Visitor")
    ids = photo_ids(roadtrip)
    gone = create_over_http(roadtrip, session, "Gone Soon")
    photo = ids["Ferry Building"]
    b = browser_as(browser, "phone", roadtrip, session)
    screens = PhotoScreens(b)
    b.open("/vacations")
    wait_controlled(b)
    # Pages opened lately are kept for the account whose pages are shown (no set needs to be kept).
    b.open(f"/photos/{photo}/visit")
    b.open(f"/photos/{photo}")
    # Kept by the service worker after the answers (`waitUntil`): on a busy machine, seconds later.
    screens.wait(lambda: {f"/photos/{photo}/visit", f"/photos/{photo}"} <= set(recent_entries(b)), "the photo and its Visit list should be kept",
                 timeout=30)
    away()
    b.open(f"/photos/{photo}/visit")
    b.driver.find_element("xpath", "//button[contains(@class, 'choice')][normalize-space()='Gone Soon']").click()
    screens.wait(lambda: indicator(b) == "Offline · 1 change waiting", f"the Visit should wait, not {indicator(b)!r}")
    # Meanwhile, on another device, the vacation is deleted.
    with roadtrip.database() as database:
        database.execute("PRAGMA foreign_keys = ON")
        database.execute("DELETE FROM vacations WHERE id = ?", (gone,))

    b.expect_log(rf"/photos/{photo}/visit - Failed to load resource: the server responded with a status of 404")
    back(roadtrip)

    screens.wait(lambda: "Not made: Visit “Ferry Building” into “Gone Soon”. There is no such vacation." in indicator(b),
                 f"the Visit that could not be made should be reported, not {indicator(b)!r}", timeout=30)
    assert kept(b)["changes"] == []
    screens.click(f"{STATUS} .report-dismiss")
    screens.wait(lambda: indicator(b) == "", "OK dismisses the report")


def test_a_share_links_visitor_keeps_the_vacation_offline_until_the_link_is_stopped(browser, roadtrip, away):
    account, session = traveller(roadtrip, "Link Keeper")
    vacation = vacation_with(roadtrip, session, "Shared Alps", ["Central Park", "Brooklyn Bridge"])
    path = share_link_over_http(roadtrip, session, vacation, show_where="on", show_dates="on")
    b = browser("phone", server=roadtrip, signed_in=False)  # a visitor without an account
    screens = PhotoScreens(b)
    b.open(path)
    status = keep(b, "vacation")
    assert re.fullmatch(r"Available offline · \d+(\.\d)? (KB|MB) · updated just now", status), status
    assert len(kept_sets(b)) == 1
    away()

    b.open(f"{path}/photos")
    screens.wait(lambda: indicator(b) == "Offline", f"the indicator should say Offline, not {indicator(b)!r}")
    screens.click("#master-content ul.photo-grid > li > a.photo-cell")
    screens.wait(lambda: (screens.viewer() or {}).get("loaded"), "the kept preview should load in the viewer")
    b.open(f"{path}/book/2")
    screens.wait(lambda: (book_state(screens) or {}).get("images") == [True], "the kept book's page 2 should show its photo")

    # Stopped while the device kept it: the next page RoadTrip answers says so, and the copies go.
    back(roadtrip)
    stop_link_over_http(roadtrip, session, vacation)
    b.expect_log(r"Failed to load resource: .*410")
    b.open(path)
    screens.wait(lambda: "This link has ended" in screens.find("#detail").text, "the stopped link's page says it ended")
    screens.wait(lambda: kept_sets(b) == [], "what the device kept of the link goes with it")


def test_signing_out_empties_what_the_account_kept(browser, roadtrip):
    account, session = traveller(roadtrip, "Shared Phone User")
    choose_over_http(roadtrip, TOWN, session)
    b = browser_as(browser, "phone", roadtrip, session)
    b.open("/")
    keep(b, "trip")
    b.open("/vacations")
    Shell(b).wait(lambda: "/vacations" in recent_entries(b), "a page opened is kept among the recent")
    assert kept_sets(b)

    Shell(b).click(VIEWER_TAB)
    Shell(b).click(SIGN_OUT)

    Shell(b).wait(lambda: Shell(b).path().startswith("/signin"), "signing out should land on the sign-in page")
    Shell(b).wait(lambda: not [name for name in kept(b)["caches"] if name.startswith("kept:")], "no kept page stays")
    assert kept(b)["changes"] == []


def test_another_account_on_the_same_browser_sees_nothing_the_first_kept(browser, roadtrip, away):
    first, first_session = traveller(roadtrip, "First Traveller")
    second, second_session = traveller(roadtrip, "Second Traveller")
    choose_over_http(roadtrip, TOWN, first_session)
    b = browser_as(browser, "phone", roadtrip, first_session)
    b.open("/")
    keep(b, "trip")
    # The first session's cookie goes (as when it expires in the browser) and another account signs in.
    first_key = b.driver.execute_script("return document.body.dataset.account")
    b.set_cookie(SESSION_COOKIE, second_session)
    b.open("/")
    second_key = b.driver.execute_script("return document.body.dataset.account")
    assert first_key and second_key and first_key != second_key
    Shell(b).wait(lambda: not kept_sets(b), "the first account's kept trip should go")
    b.open("/vacations")
    Shell(b).wait(lambda: "/vacations" in recent_entries(b), "the second account's pages are kept for it")
    assert [name for name in kept(b)["caches"] if name.startswith("kept:")] == [f"kept:{second_key}:recent"]
    away()

    b.expect_log(r"/trip/events/1 - Failed to load resource: the server responded with a status of 503")
    b.open("/trip/events/1")

    Shell(b).wait(lambda: "This page is not kept on this device" in Shell(b).find("#detail").text, "nothing of the first account shows")
    assert TOWN not in Shell(b).find("body").text


def test_over_plain_http_from_another_machine_the_rows_say_why_they_are_not_offered(start_server):
    """A name that is not this machine's loopback, over HTTP, is no secure context: no service
    worker, and the trip's row says why instead of offering to keep it. The rest works as ever."""
    server = start_server(setup=False, arguments=("--host", "0.0.0.0"))
    # It prints its address as 0.0.0.0, a name no browser sends: asked at loopback instead.
    server.url = server.url.replace("0.0.0.0", "127.0.0.1")
    server.setup_link = server.setup_link.replace("0.0.0.0", "127.0.0.1")
    server.set_up(OWNER)
    server.ids = {name: id for id, name in server.query("SELECT id, name FROM destinations")}
    choose_over_http(server, new_york().name)
    name = f"{socket.gethostname().lower()}.local"  # a name the server answers to when it listens everywhere
    port = port_of(server)
    driver = make_driver(LAYOUTS_BY_NAME["phone"], True, (f"--host-resolver-rules=MAP {name} 127.0.0.1",))
    try:
        driver.get(f"http://{name}:{port}/signin")
        driver.add_cookie({"name": SESSION_COOKIE, "value": server.owner_session, "path": "/"})
        driver.get(f"http://{name}:{port}/")
        WebDriverWait(driver, 10).until(lambda d: d.execute_script(
            "const row = document.querySelector(arguments[0]); return row && !row.hidden && row.textContent.includes('secure connection')", KEEP_ROW))

        assert driver.execute_script("return [window.isSecureContext, 'serviceWorker' in navigator]") == [False, False]
        status = driver.find_element("css selector", f"{KEEP_ROW} .keep-status").text
        assert status == ("Keeping this trip on this device needs a secure connection: open RoadTrip over HTTPS "
                          "(see docs/running.md: behind a reverse proxy) or at this computer's own address (localhost)."), status
        assert not driver.find_elements("css selector", f"{KEEP_ROW} button"), "nothing is offered"
        assert driver.find_element("css selector", "h2.trip-name").text == new_york().name, "the rest of the menu is as ever"
    finally:
        driver.quit()


QUEUE = """
const [account, change] = arguments;
const done = arguments[arguments.length - 1];
const open = indexedDB.open('roadtrip', 1);
open.onsuccess = () => {
  const db = open.result;
  const put = db.transaction('changes', 'readwrite').objectStore('changes').add({ account, ...change });
  put.onsuccess = () => { db.close(); done(true); };
  put.onerror = () => done(String(put.error));
};
open.onerror = () => done(String(open.error));
"""


def test_a_change_whose_answer_was_lost_is_not_made_twice_nor_reported(browser, roadtrip):
    """A new vacation sent, its answer lost (the change is marked sent), sent again: RoadTrip
    says the vacation exists, which is that same change having arrived: no report, one vacation.
    The same change never sent before is a real refusal, and is reported."""
    account, session = traveller(roadtrip, "Lost Answer")
    create_over_http(roadtrip, session, "Twice")
    b = browser_as(browser, "phone", roadtrip, session)
    b.open("/vacations")
    wait_controlled(b)
    key = b.driver.execute_script("return document.body.dataset.account")
    sent = {"url": "/vacations/new", "fields": "name=Twice", "note": "Add the vacation “Twice”", "at": 1, "sent": True}
    assert b.driver.execute_async_script(QUEUE, key, sent) is True

    b.open("/vacations")
    Shell(b).wait(lambda: kept(b)["changes"] == [], "the change should be sent")
    # The indicator is redrawn after the outbox is emptied, not with it.
    Shell(b).wait(lambda: indicator(b) == "", f"nothing is reported and nothing waits, not {indicator(b)!r}")
    assert list(vacations_of(roadtrip, account.name)) == ["Twice"]

    b.expect_log(r"/vacations/new - Failed to load resource: the server responded with a status of 409")
    never_sent = {key: value for key, value in sent.items() if key != "sent"}
    assert b.driver.execute_async_script(QUEUE, key, never_sent) is True
    b.open("/vacations")
    Shell(b).wait(lambda: "Not made: Add the vacation “Twice”. A vacation called “Twice” already exists." in indicator(b),
                  f"a refusal of a change never sent before is reported, not {indicator(b)!r}")
    assert list(vacations_of(roadtrip, account.name)) == ["Twice"]


def test_a_kept_trip_is_updated_and_removed(browser, roadtrip):
    account, session = traveller(roadtrip, "Tidy Keeper")
    choose_over_http(roadtrip, TOWN, session)
    b = browser_as(browser, "phone", roadtrip, session)
    b.open("/")
    keep(b, "trip")
    first = kept_sets(b)
    shell = Shell(b)

    # MUT: Update, then Remove
    shell.click(f"{KEEP_ROW} .keep-update")
    shell.wait(lambda: "to download" in shell.find(f"{KEEP_ROW} .keep-status").text, "Update should say how much it will download")
    shell.click(f"{KEEP_ROW} .keep-download")
    # While it downloads, the old copy stays; once done, the new one alone.
    shell.wait(lambda: shell.find(f"{KEEP_ROW} .keep-status").text.startswith("Available offline") and len(kept_sets(b)) == 1
               and kept_sets(b) != first, f"Update should keep the trip anew, in place of the old copy: {kept_sets(b)}")
    shell.click(f"{KEEP_ROW} .keep-remove")

    shell.wait(lambda: shell.find_all(f"{KEEP_ROW} .keep-start"), "after Remove the row offers to keep the trip again")
    assert kept_sets(b) == []


PLANT_OLD_SET = """
const [picture, done] = [arguments[0], arguments[arguments.length - 1]];
(async () => {
  const account = await new Promise((resolve, reject) => {
    const opening = indexedDB.open('roadtrip');
    opening.onerror = () => reject(opening.error);
    opening.onsuccess = () => {
      const asked = opening.result.transaction('state').objectStore('state').get('account');
      asked.onsuccess = () => { opening.result.close(); resolve(asked.result && asked.result.value); };
      asked.onerror = () => reject(asked.error);
    };
  });
  if (!account) return done({ error: 'no account recorded yet' });
  const name = `kept:${account}:${encodeURIComponent('/trip/offline')}:1000`;
  const cache = await caches.open(name);
  // As a RoadTrip before the HTML-only fix kept them: a copy the site sent as a script, and an
  // SVG picture under the page policy of then (scripts of RoadTrip's origin allowed).
  await cache.put('/trip/events/1/copy', new Response('window.hostileRan = (window.hostileRan || 0) + 1;',
    { headers: { 'Content-Type': 'text/javascript' } }));
  const svg = () => new Response('<svg xmlns="http://www.w3.org/2000/svg"><script href="/trip/events/1/copy"/></svg>',
    { headers: { 'Content-Type': 'image/svg+xml', 'Content-Security-Policy': "default-src 'self'; script-src 'self'" } });
  await cache.put(picture, svg());
  // The menu's pictures are among the recent too, and answered from there first.
  await (await caches.open(`kept:${account}:recent`)).put(picture, svg());
  await cache.put('/__kept__', new Response(JSON.stringify(
    { list: '/trip/offline', title: 'Trip to Offline Town', start: '/', bytes: 200, files: 2, updated: Date.now() }),
    { headers: { 'Content-Type': 'application/json' } }));
  done({ name });
})().catch((error) => done({ error: String(error) }));
"""

LOAD_KEPT_AS_SCRIPT = """
const [picture, done] = [arguments[0], arguments[arguments.length - 1]];
(async () => {
  // As the hostile SVG would: the kept copy as a script of RoadTrip's origin, first.
  await new Promise((resolve) => {
    const script = document.createElement('script');
    script.src = '/trip/events/1/copy';
    script.onload = script.onerror = resolve;
    document.head.append(script);
  });
  const copy = await fetch('/trip/events/1/copy').then((r) => ({ status: r.status, type: r.headers.get('Content-Type') }),
    (error) => ({ refused: String(error) }));
  const svg = await fetch(picture).then((r) => ({ status: r.status, policy: r.headers.get('Content-Security-Policy'),
    nosniff: r.headers.get('X-Content-Type-Options') }), (error) => ({ refused: String(error) }));
  done({ copy, svg, ran: window.hostileRan || 0 });
})().catch((error) => done({ error: String(error) }));
"""


UNREGISTER = """
const done = arguments[arguments.length - 1];
navigator.serviceWorker.getRegistration().then((r) => r.unregister()).then(done, (error) => done(String(error)));
"""


def test_a_set_kept_before_the_html_only_fix_is_never_run_and_is_dropped_when_the_worker_updates(browser, roadtrip, away):
    # setup: a device that kept the trip with an old RoadTrip: a script as a copy, an SVG that runs it
    account, session = traveller(roadtrip, "Old Keeper")
    choose_over_http(roadtrip, TOWN, session)
    b = browser_as(browser, "phone", roadtrip, session)
    b.open("/")
    wait_controlled(b)
    shell = Shell(b)
    picture = f"/destinations/{roadtrip.ids[TOWN]}/image"
    planted = {}
    def plant() -> bool:
        planted.update(b.driver.execute_async_script(PLANT_OLD_SET, picture))
        return "error" not in planted
    shell.wait(plant, f"the old set should be planted: {planted}")
    b.open("/")
    shell.wait(lambda: shell.find(f"{KEEP_ROW} .keep-status").text.startswith("Available offline"), "the row shows the old set as kept")

    # MUT 1: RoadTrip away, the old worker's answers: the copy loaded as a script, the picture
    away()
    b.expect_log(r"/trip/events/1/copy")
    shown = b.driver.execute_async_script(LOAD_KEPT_AS_SCRIPT, picture)

    # validate: the copy is not answered (it is not a page), the SVG runs nothing
    assert "error" not in shown, shown
    assert "refused" in shown["copy"] or shown["copy"]["status"] != 200, shown
    assert shown["ran"] == 0, f"a kept script ran at RoadTrip's origin: {shown}"
    assert "sandbox" in shown["svg"]["policy"] and "default-src 'none'" in shown["svg"]["policy"], shown
    assert shown["svg"]["nosniff"] == "nosniff", shown

    # MUT 2: RoadTrip back, and a new worker activates
    back(roadtrip)
    assert b.driver.execute_async_script(UNREGISTER) is True
    b.open("/")
    wait_controlled(b)

    # validate: the old set is gone, and the row offers Download again
    shell.wait(lambda: planted["name"] not in kept(b)["caches"], f"the old set should be dropped: {kept_sets(b)}")
    b.open("/")
    shell.wait(lambda: shell.find_all(f"{KEEP_ROW} .keep-start"), "the row should offer to keep the trip again")
