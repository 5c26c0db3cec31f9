"""Hostile content never runs as RoadTrip (issue 30, 2). The attack as it was confirmed: an event
page answering `text/javascript` was kept and served from RoadTrip's origin as JavaScript, and a
destination picture in SVG, served under the pages' `script-src 'self'`, loaded it with
`<script href>`: it fetched `/session/form-token` and changed the viewer's trip.

Here the event site's `/hostile/script` (that script, `text/javascript`) and `/hostile/polyglot`
(an HTML page that is the same script read as JavaScript) are the first two pages of Hostile
Town's book and its Weather page; its picture is an SVG holding `<script href>` of the first
page's copy and an inline script. Each of RoadTrip's addresses for them (the copies, the weather
copy, the picture) is loaded as a `<script>` and as an `<iframe>` in a RoadTrip page (whose policy
lets scripts of RoadTrip's origin run), and as a top-level document; nothing runs: no marker is
set on any window or in RoadTrip's localStorage, no beacon of a RoadTrip address reaches the event
site, and the trip is unchanged. The book says why the script has no copy. One layout: it is about
the server's answers, not the screen."""

import re
import time

import pytest
from selenium.common.exceptions import WebDriverException

from conftest import catalogue_folder
from event_site import hostile_script
from pages import Shell, text_content
from trip_pages import choose_over_http, location, trip_name_over_http

HOSTILE = "Hostile Town"
SAFE = "Safe Town"

# What Chromium logs while it refuses, each on purpose here.
REFUSALS = [
    r"Refused to execute script from .* because its MIME type \('(text/html|image/svg\+xml)'\) is not executable",
    r"Blocked script execution in .* because the document's frame is sandboxed",
    r"violates the following Content Security Policy directive",
    r"the server responded with a status of 404",  # the copies RoadTrip does not have
]


def originals_asking_their_site(event_site) -> list[str]:
    """The book frames the originals, sandboxed at their own site's (opaque) origin, where the
    polyglot's script may run: its requests of the site's own `/session/form-token` fail there."""
    return [re.escape(event_site("/hostile/polyglot")) + " .*(blocked by CORS policy|Failed to load resource)"]


def hostile_svg(copy: str, script: str) -> str:
    """The picture of the report: a script of RoadTrip's origin by its address, and one of its own."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 36">'
        f'<script href="{copy}"/><script><![CDATA[{script}]]></script>'
        '<rect width="64" height="36" fill="#c33"/></svg>'
    )


@pytest.fixture
def hostile_server(start_server, event_site, tmp_path):
    """Hostile Town (the owner's trip) and Safe Town, where the hostile pages try to move it."""
    def town(name: str, picture: str, events: list[str], weather: str) -> dict:
        return {"DestinationName": name, "DestinationImage": picture, "DestinationLocation": location(name, 1.0, 2.0),
                "Events": events, "Weather": weather}

    data = catalogue_folder(tmp_path / "data", {"DestinationData": [
        town(HOSTILE, "Hostile.svg", [event_site("/hostile/script"), event_site("/hostile/polyglot"), event_site("/event/2")],
             event_site("/hostile/script")),
        town(SAFE, "NewYorkCity.svg", [event_site("/event/2")], event_site("/weather")),
    ]})
    server = start_server(data=data, arguments=("--allow-private-fetch",))
    server.ids = {name: id for id, name in server.query("SELECT id, name FROM destinations")}
    choose_path = f"/destinations/{server.ids[SAFE]}/choose"
    pictures = data / "destination-images"
    pictures.mkdir(exist_ok=True)
    (pictures / "Hostile.svg").write_text(hostile_svg("/trip/events/1/copy", hostile_script(event_site.url, choose_path)))
    choose_over_http(server, HOSTILE)
    event_site.choose_path = choose_path
    try:
        yield server
    finally:
        event_site.choose_path = "/destinations/1/choose"


def wait_for_copies(server, timeout: float = 20) -> None:
    """Until the server has fetched (or refused) every copy it was asked for: no copy job left."""
    deadline = time.monotonic() + timeout
    while server.query("SELECT count(*) FROM jobs WHERE kind = 'offline-copy'")[0][0] > 0:
        assert time.monotonic() < deadline, "the copies were not fetched in time"
        time.sleep(0.05)


LOAD_AS_SCRIPT = """
const [src, done] = arguments;
const script = document.createElement("script");
script.src = src;
script.onload = () => done("load");
script.onerror = () => done("error");
document.body.append(script);
"""

LOAD_IN_FRAME = """
const [src, done] = arguments;
const frame = document.createElement("iframe");
frame.src = src;
frame.onload = () => done("load");
document.body.append(frame);
"""

MARKERS = "return {window: window.pwned ?? null, storage: localStorage.getItem('pwned')}"


def attempt(b, server, load) -> dict:
    """What one load left behind: the markers (a RoadTrip page's window, RoadTrip's localStorage)
    and the trip. Each starts from the markers cleared and Hostile Town chosen, so one load's
    doing never hides the next one's; the hostile script does all it does before it ends."""
    if trip_name_over_http(server, server.owner_session) != HOSTILE:
        choose_over_http(server, HOSTILE)
    b.open("/")
    b.driver.execute_script("localStorage.removeItem('pwned')")
    result = load()
    if b.driver.execute_script("return location.pathname") == "/":
        markers = b.driver.execute_script(MARKERS)
    else:  # the address itself is on screen: its own window, then RoadTrip's storage from a page of RoadTrip's
        try:
            own = b.driver.execute_script("return window.pwned ?? null")
        except WebDriverException:  # a document that runs no script at all
            own = None
        b.open("/")
        markers = {"window": own, "storage": b.driver.execute_script(MARKERS)["storage"]}
    return {"how": result, **markers, "trip": trip_name_over_http(server, server.owner_session)}


def test_a_hostile_copy_and_a_hostile_svg_run_nothing_however_they_are_loaded(hostile_server, browser, event_site):
    server = hostile_server
    b = browser("phone", server=server)
    for refusal in REFUSALS + originals_asking_their_site(event_site):
        b.expect_log(refusal)
    shell = Shell(b)
    # setup: the book and Weather ask for their copies
    b.open("/trip/events/1")
    b.open("/trip/weather")
    wait_for_copies(server)
    b.open("/")  # away from the originals' frames, whose scripts run at their own site (that is allowed)
    beacons_before = {path: count for path, count in event_site.requests.items() if path.startswith("/ran/")}
    picture = f"/destinations/{server.ids[HOSTILE]}/image"
    addresses = ["/trip/events/1/copy", "/trip/events/2/copy", "/trip/weather/copy", picture]

    # MUT: each address as a script and as a frame in a page of RoadTrip's, and as the page itself
    seen = {}
    for address in addresses:
        seen[f"{address} as a script"] = attempt(b, server, lambda: b.driver.execute_async_script(LOAD_AS_SCRIPT, address))
        seen[f"{address} in a frame"] = attempt(b, server, lambda: b.driver.execute_async_script(LOAD_IN_FRAME, address))
        seen[f"{address} as the page"] = attempt(b, server, lambda: b.open(address))

    # validate: nothing ran anywhere, and nothing changed
    ran = {how: left for how, left in seen.items() if (left["window"], left["storage"], left["trip"]) != (None, None, HOSTILE)}
    assert not ran, f"hostile content ran at RoadTrip's origin: {ran}"
    beacons = {path: count for path, count in event_site.requests.items()
               if path.startswith("/ran/") and count != beacons_before.get(path, 0) and not path.startswith("/ran/hostile/")}
    assert not beacons, f"hostile content ran (its beacons reached the site): {beacons}"
    assert trip_name_over_http(server, server.owner_session) == HOSTILE, "the trip is unchanged"
    script_copy = server.get("/trip/events/1/copy")
    assert script_copy.status == 404 and script_copy.header("Content-Type").startswith("text/html"), "a script is never a copy"
    served = [server.get(address) for address in ["/trip/events/2/copy", picture]]
    assert [answer.header("X-Content-Type-Options") for answer in served] == ["nosniff", "nosniff"]
    assert served[0].header("Content-Type") == "text/html; charset=utf-8" and served[0].header("Content-Security-Policy").startswith("sandbox")
    assert served[1].header("Content-Security-Policy") == "default-src 'none'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'self'"

    # validate: the book says why the script has no copy
    b.open("/trip/events/1")
    note = '#book .book-page[data-page="1"] .page-source .copy-fetch'
    shell.wait(lambda: shell.find_all(note), "the page says where its copy stands")
    assert text_content(shell.find(note)) == (
        "RoadTrip has no copy of this page: The site answered text/javascript, not a web page; RoadTrip copies only HTML pages."
    )
    b.screenshot("phone-book-hostile-copy-refused")
