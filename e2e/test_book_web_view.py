"""The book's web view (issue 4, "The Events book" 6): each page is another site's page in a
sandboxed frame, with a spinner until it has loaded; following a link inside it shows "Back to
Events" in the top bar, which goes back inside the page and goes away; a page that does not
load within 15 s says so, with Retry and "Open in a new tab"; a page whose site refuses to be
framed is shown from RoadTrip's saved copy (issue 4, 7). Test Town's pages are on the local
event site: 1 (with a link inside), 2, and 3, which never answers until told to."""

import time
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput

from conftest import catalogue_folder
from pages import Shell, text_content
from trip_pages import BACK_TO_EVENTS, HANGING_PAGE, KEYS, TEST_TOWN, Book, choose_over_http, location

# Pages turn and panes slide here as a person sees them: these browsers do not ask for reduced motion (conftest).
pytestmark = pytest.mark.motion

LAYOUTS = ["phone", "tablet-portrait", "tablet-landscape"]


@pytest.fixture
def test_town(book_server):
    choose_over_http(book_server, TEST_TOWN)
    return book_server


def frame(page: int) -> str:
    return f'#book .book-page[data-page="{page}"] .page-frame iframe'


@pytest.mark.parametrize("layout", LAYOUTS)
def test_back_to_events_after_following_a_link_inside_a_page(test_town, browser, event_site, layout):
    b = browser(layout, server=test_town)
    book = Book(b)
    shell = Shell(b)
    state = book.open(1)
    assert state["pages"] == 3
    book.wait_frame_loaded(1)
    iframe = shell.find(frame(1))
    assert iframe.get_attribute("src") == event_site("/event/1")
    sandbox = set(iframe.get_attribute("sandbox").split())
    assert "allow-same-origin" not in sandbox and "allow-scripts" in sandbox, f"a sandboxed frame of its own origin: {sandbox}"
    assert book.frame_heading(frame(1)) == "Event 1"
    shell.wait_hidden(BACK_TO_EVENTS)

    b.driver.switch_to.frame(iframe)
    b.driver.find_element("css selector", "#more").click()
    b.driver.switch_to.default_content()
    shell.wait_shown(BACK_TO_EVENTS)
    assert text_content(shell.find(BACK_TO_EVENTS)) == "‹ Back to Events"
    assert book.frame_heading(frame(1)) == "More about event 1"
    assert book.state()["page"] == 1 and shell.path() == "/trip/events/1", "a link inside the page does not turn the book"
    b.screenshot(f"{layout}-book-back-to-events")

    shell.click(BACK_TO_EVENTS)
    shell.wait_hidden(BACK_TO_EVENTS)
    shell.wait(lambda: book.frame_heading(frame(1)) == "Event 1", "Back to Events shows the event's own page again")
    book.wait_frame_loaded(1)
    assert shell.path() == "/trip/events/1"


# Before the page's own scripts: its 15 s timers are held until the test lets them run out
# (`window.loadTimeouts.expire()`), so the time-out is not waited for; one cleared meanwhile
# (its frame loaded) never runs.
HELD_LOAD_TIMEOUTS = """
    if (window.top === window) {
      const set = window.setTimeout, clear = window.clearTimeout, held = new Map();
      let next = -1;
      window.loadTimeouts = {asked: 0, expire() { for (const [id, run] of held) { held.delete(id); run(); } }};
      window.setTimeout = (callback, delay, ...rest) => {
        if (delay !== 15000) return set(callback, delay, ...rest);
        window.loadTimeouts.asked += 1;
        held.set(next, () => callback(...rest));
        return next--;
      };
      window.clearTimeout = (id) => (held.has(id) ? held.delete(id) : clear(id));
    }
"""


def test_a_page_that_does_not_load_says_so_with_retry(test_town, browser, event_site):
    """The page's own 15 s time-out, run out when the test says (HELD_LOAD_TIMEOUTS)."""
    b = browser("phone", server=test_town)
    book = Book(b)
    shell = Shell(b)
    event_site.hanging = True
    script = b.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": HELD_LOAD_TIMEOUTS})
    try:
        book.open(HANGING_PAGE - 1)  # its neighbour starts loading ahead of the turn
        b.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", script)
        book.wait_frame_loaded(HANGING_PAGE - 1)
        book.press(KEYS["right"])
        book.wait_page(HANGING_PAGE)
        status = book.frame_status(HANGING_PAGE)
        assert "loading" in status["classes"].split() and status["text"] == "Loading…", f"a spinner while it loads: {status}"
        shell.wait_shown(f'#book .book-page[data-page="{HANGING_PAGE}"] .page-status .spinner')
        assert b.driver.execute_script("return window.loadTimeouts.asked") >= 1, "a frame is given 15 s to load"

        b.driver.execute_script("window.loadTimeouts.expire()")  # the 15 s are up
        shell.wait(lambda: "failed" in book.frame_status(HANGING_PAGE)["classes"].split(), "after 15 s the page says it failed")
        status = book.frame_status(HANGING_PAGE)
        assert status["text"].startswith("This page did not load within 15 seconds."), status
        assert status["retry"] and status["open"] == event_site("/hang"), f"Retry and Open in a new tab: {status}"
        open_link = shell.find(f'#book .book-page[data-page="{HANGING_PAGE}"] .page-status a.open-original')
        assert open_link.get_attribute("target") == "_blank" and open_link.is_displayed()
        b.screenshot("phone-book-page-failed")

        event_site.hanging = False  # the site answers again
        shell.click(f'#book .book-page[data-page="{HANGING_PAGE}"] .page-status button.retry')
        book.wait_frame_loaded(HANGING_PAGE)
        assert book.frame_heading(frame(HANGING_PAGE)) == "Finally here"
        assert book.state()["page"] == HANGING_PAGE
    finally:
        event_site.hanging = True



def town(start_server, tmp_path, name: str, events: list[str], weather: str, *, page: int, until: str):
    """A server (allowed to fetch from this machine) whose one destination, `name`, is the trip,
    once its page `page` says `until`: its first look asked the server for the page's copy."""
    data = catalogue_folder(tmp_path / "data", {"DestinationData": [{
        "DestinationName": name, "DestinationImage": "NewYorkCity.svg", "DestinationLocation": location(name, 1.0, 2.0),
        "Events": events, "Weather": weather,
    }]})
    server = start_server(data=data, arguments=("--allow-private-fetch",))
    server.ids = {name: id for id, name in server.query("SELECT id, name FROM destinations")}
    choose_over_http(server, name)
    deadline = time.monotonic() + 10
    while until not in server.get(f"/trip/events/{page}").text:
        assert time.monotonic() < deadline, f"page {page} should say {until!r} within 10 s"
        time.sleep(0.1)
    return server


def deny_town(start_server, event_site, tmp_path):
    """A server whose one destination's first page refuses framing (its second does not), with
    the copy of the first saved."""
    return town(start_server, tmp_path, "Deny Town", [event_site("/deny"), event_site("/event/2")], event_site("/weather"),
                page=1, until="RoadTrip's copy of")


def test_a_page_that_refuses_framing_is_shown_from_the_saved_copy(start_server, browser, event_site, tmp_path):
    """A site sending X-Frame-Options: DENY: the server's fetcher (allowed to fetch from this
    machine) saves a copy and marks the page; the book frames the copy, never the original."""
    server = deny_town(start_server, event_site, tmp_path)
    # The server's fetcher may fetch it again meanwhile (a slow machine's second look): only the browser's count.
    fetched = event_site.browser_requests["/deny"]

    b = browser("tablet-landscape", server=server)
    book = Book(b)
    shell = Shell(b)
    book.open(1)
    assert shell.find(frame(1)).get_attribute("src") == server("/trip/events/1/copy")
    book.wait_frame_loaded(1)
    assert book.frame_heading(frame(1)) == "Not in a frame"
    source = text_content(shell.find('#book .book-page[data-page="1"] .page-source'))
    assert "RoadTrip's copy of" in source, source
    assert shell.find('#book .book-page[data-page="1"] .page-source a[target="_blank"]').get_attribute("href") == event_site("/deny")
    assert event_site.browser_requests["/deny"] == fetched, "the browser never asks for the page that refuses framing"
    b.screenshot("tablet-landscape-book-saved-copy")


def test_a_swipe_on_a_saved_copy_turns_it_and_a_tap_on_its_link_follows(start_server, browser, event_site, tmp_path):
    """RoadTrip's copy is its own document: the book's gesture is written into it, so a swipe
    from the middle of the page turns it, while a tap on a link inside still follows the link.
    "Live page" shows the site's own page in place (and RoadTrip's copy again): another site's
    page cannot turn the book by posting what the script posts."""
    server = deny_town(start_server, event_site, tmp_path)
    b = browser("phone", server=server)
    book = Book(b)
    shell = Shell(b)
    before = book.open(1)
    book.wait_frame_loaded(1)
    assert shell.find(frame(1)).get_attribute("src") == server("/trip/events/1/copy")
    assert len(shell.find_all('#book article[data-page="1"] .page-source a')) == 2, "Open in a new tab, and the copy's own link"
    assert shell.find_all('#book article[data-page="1"] .page-source button.page-switch') == [], "page 1's site refuses framing"
    shell.assert_targets('#book article[data-page="1"] .page-source a')

    book.drag(0.6, 0.05, touch=True)
    after = book.wait_page(2)
    assert after["history"] == before["history"], "a turn adds no history entry"
    book.wait_frame_loaded(2)
    assert shell.find(frame(2)).get_attribute("src") == server("/trip/events/2/copy")
    live = '#book article[data-page="2"] .page-source button.page-switch'
    assert text_content(shell.find(live)) == "Live page"
    shell.assert_targets(live)
    shell.click(live)
    book.wait_frame_loaded(2)
    assert shell.find(frame(2)).get_attribute("src") == event_site("/event/2") and text_content(shell.find(live)) == "RoadTrip's copy"
    assert "over-live" in shell.find("#book .book-stage").get_attribute("class").split(), "the edge handles show over a live page"
    assert after["history"] == book.state()["history"], "switching adds no history entry"

    # The live page of another site says what the script would say: the book does not listen.
    b.driver.switch_to.frame(shell.find(frame(2)))
    b.driver.execute_script("""
        const say = (phase, x) => parent.postMessage({roadtripBook: phase, x, y: 200, t: performance.timeOrigin + performance.now()}, "*");
        say("press", 300); for (let x = 280; x > 0; x -= 40) say("move", x); say("release", 10);""")
    b.driver.switch_to.default_content()
    b.settle()
    assert book.state()["page"] == 2 and book.state()["turning"] is None, "another site's page cannot turn the book"
    shell.click(live)
    shell.wait(lambda: shell.find(frame(2)).get_attribute("src") == server("/trip/events/2/copy"), "back to RoadTrip's copy")

    book.press(KEYS["left"])
    book.wait_page(1)
    book.wait_frame_loaded(1)
    link = b.driver.execute_script(
        """const frame = document.querySelector(arguments[0]).getBoundingClientRect();
           return [frame.left, frame.top]""", frame(1))
    b.driver.switch_to.frame(shell.find(frame(1)))
    inside = b.driver.execute_script("return document.getElementById('elsewhere').getBoundingClientRect().toJSON()")
    b.driver.switch_to.default_content()
    x, y = int(link[0] + inside["left"] + inside["width"] / 2), int(link[1] + inside["top"] + inside["height"] / 2)
    finger = PointerInput(interaction.POINTER_TOUCH, "finger")
    tap = ActionBuilder(b.driver, mouse=finger, duration=25)
    tap.pointer_action.move_to_location(x, y).pointer_down().pause(0.05).pointer_up()
    tap.perform()
    shell.wait_shown(BACK_TO_EVENTS)
    shell.wait(lambda: book.frame_heading(frame(1)) == "Event 2", "the tap follows the link inside the copy")
    assert book.state()["page"] == 1, "a tap on a link does not turn the page"


def assert_plain_unreachable(text: str, site: str, retry_at: str) -> None:
    """RoadTrip's words for a site that answered nothing: whose site, and when RoadTrip asks
    again in the reader's time (New York's, as the test sets it); no words of the fetcher's."""
    when = datetime.fromisoformat(retry_at.replace("Z", "+00:00")).astimezone(ZoneInfo("America/New_York"))
    said = text.replace("\u202f", " ")
    expected = f"{site} can't be reached right now. RoadTrip will try again at {when.hour % 12 or 12}:{when.minute:02d} {'AM' if when.hour < 12 else 'PM'}."
    assert said == expected or said == f"{site} can't be reached right now.", said  # the time may have passed meanwhile
    for word in ("curl", "resolve", "connect", "port", "UTC", "127.0.0.1"):
        assert word not in said, f"{word!r} in {said!r}"


def test_a_first_look_at_a_page_whose_site_answers_nothing_never_shows_the_browsers_error_page(start_server, browser, tmp_path, event_site):
    """While RoadTrip's fetch of the copy is under way nothing is framed, so the browser never
    asks the site nor shows its error page: RoadTrip's placeholder stays until the server knows,
    then RoadTrip's message takes its place (issue 49, 2)."""
    asked = event_site.requests["/gone/late"]  # the site is shared by the tests of this worker
    event_site.hold_copies()
    try:
        server = town(start_server, tmp_path, "Gone Town", [event_site("/event/2"), event_site("/gone/late")], event_site("/weather"),
                      page=2, until="Fetching a copy of this page")
        b = browser("phone", server=server)
        book = Book(b)
        shell = Shell(b)
        book.open(2)
        shell.wait_shown('#book .book-page[data-page="2"] .page-status.placeholder')
        time.sleep(1)  # a frame of the site would have had the browser's error page by now
        assert "loading" in book.frame_status(2)["classes"].split(), f"the placeholder stays: {book.frame_status(2)}"
        assert event_site.requests["/gone/late"] == asked + 1, "only RoadTrip's own fetch asked the site"
    finally:
        event_site.release_copies()
    shell.wait(lambda: "failed" in book.frame_status(2)["classes"].split(), "RoadTrip's message once the server knows")
    text = shell.find('#book .book-page[data-page="2"] .page-status .status-text').text
    assert text.startswith("Gone Town's events site can't be reached right now."), text
    assert text_content(shell.find('#book .book-page[data-page="2"] .copy-fetch')) == "The site could not be reached"


def test_a_page_whose_site_cannot_be_reached_says_so_in_the_page(start_server, browser, tmp_path, event_site):
    """The server's fetch found nothing listening (port 9 of this machine): the book shows
    RoadTrip's message in place of the page — which site, why, when RoadTrip asks again — with
    Try again and Open in a new tab, never the browser's error page."""
    unreachable = "http://127.0.0.1:9/tonight"
    server = town(start_server, tmp_path, "Quiet Town", [event_site("/event/2"), unreachable], "http://127.0.0.1:9/weather",
                  page=2, until="The site could not be reached")

    b = browser("phone", server=server)
    # The reader is in New York: the time RoadTrip asks again is said in New York's time.
    b.driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "America/New_York"})
    book = Book(b)
    shell = Shell(b)
    book.open(2)
    shell.wait(lambda: "failed" in book.frame_status(2)["classes"].split(), "RoadTrip's message in place of the page")
    status = book.frame_status(2)
    retry_at = shell.find('#book .book-page[data-page="2"] iframe').get_attribute("data-retry-at")
    assert_plain_unreachable(shell.find('#book .book-page[data-page="2"] .page-status .status-text').text, "Quiet Town's events site", retry_at)
    assert status["retry"] and status["open"] == unreachable, status
    shell.assert_targets(f'#book .book-page[data-page="2"] .page-status button.retry')
    b.screenshot("phone-book-page-unreachable")

    shell.click('#book .book-page[data-page="2"] .page-status button.retry')
    shell.wait(lambda: "failed" in book.frame_status(2)["classes"].split() and book.frame_status(2)["retry"],
               "asked again: still nothing there, and it says so again")
    assert book.frame_status(2)["text"].startswith("Quiet Town's events site can't be reached right now."), book.frame_status(2)
    assert book.state()["page"] == 2


    # The Weather page of a site that answers nothing says so the same way (issue 33, 9).
    deadline = time.monotonic() + 10
    while "data-unreachable" not in server.get("/trip/weather").text:  # the first look asks for the copy
        assert time.monotonic() < deadline, "the server should have tried the weather's site within 10 s"
        time.sleep(0.1)
    b.open("/trip/weather")
    status = ".web-view .page-status"
    shell.wait(lambda: "failed" in shell.find(status).get_attribute("class").split(), "RoadTrip's message in place of the forecast")
    retry_at = shell.find(".web-view iframe").get_attribute("data-retry-at")
    assert_plain_unreachable(shell.find(f"{status} .status-text").text, "Quiet Town's weather site", retry_at)
    assert shell.find(f"{status} a.open-original").get_attribute("href") == "http://127.0.0.1:9/weather"
    shell.assert_targets(f"{status} button.retry, {status} a.open-original")
    b.screenshot("phone-weather-unreachable")
