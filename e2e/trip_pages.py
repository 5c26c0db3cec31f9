"""The trip and its Events book as the tests see them: the test catalogue (two destinations
whose pages are on the local event site), choosing a destination and the book's settings over
HTTP, and `Book`, the viewer of Views/Book/Book+View.swift driven by book.js."""

from __future__ import annotations

import re
from dataclasses import dataclass

from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.keys import Keys

from pages import SESSION_COOKIE, Shell, http_get, http_post

# --------------------------------------------------------------------------------------
# The test catalogue (imported into `book_server` before its first start)

TEST_TOWN = "Test Town"  # events on the event site: 1 (with a link inside), 2, and one that never answers
EDIT_TOWN = "Edit Town"  # no events: the editor's playground
SAMPLE = "Page-Based Sample"  # added by `roadtrip serve`: 12 generated pages
HANGING_PAGE = 3  # Test Town's page that never answers (until the site is told to)


@dataclass(frozen=True)
class Point:
    title: str
    latitude: float
    longitude: float
    coordinates: str  # as the menu writes them


TEST_TOWN_POINTS = (
    Point("Town Hall", 51.5007, -0.1246, "51.5007° N, 0.1246° W"),
    Point("Old Harbour", -33.8568, 151.2153, "33.8568° S, 151.2153° E"),
)


def town_events(site) -> list[str]:
    return [site("/event/1"), site("/event/2"), site("/hang")]


def location(title: str, latitude: float, longitude: float) -> dict:
    return {"Title": title, "Subtitle": f"Around {title}", "Latitude": latitude, "Longitude": longitude}


def trip_catalogue(site) -> dict:
    return {
        "DestinationData": [
            {
                "DestinationName": TEST_TOWN,
                "DestinationImage": "NewYorkCity.svg",
                "DestinationLocation": location(TEST_TOWN, 50.0, 8.0),
                "Events": town_events(site),
                "POIs": [location(p.title, p.latitude, p.longitude) for p in TEST_TOWN_POINTS],
                "Weather": site("/weather"),
            },
            {
                "DestinationName": EDIT_TOWN,
                "DestinationImage": "SanFrancisco.svg",
                "DestinationLocation": location(EDIT_TOWN, 10.0, 20.0),
                "Events": [],
                "Weather": site("/weather"),
            },
        ]
    }


# --------------------------------------------------------------------------------------
# Over HTTP: what a test sets up before it opens a browser


def one_town_server(start_server, folder, name: str, events: list[str], weather: str, arguments: tuple[str, ...] = ()):
    """A server of the test's own whose catalogue is one destination, `name`, with these event
    pages, chosen as the owner's trip."""
    from conftest import catalogue_folder  # the fixtures' module, imported by the tests that use this

    data = catalogue_folder(folder / "data", {"DestinationData": [{
        "DestinationName": name, "DestinationImage": "NewYorkCity.svg", "DestinationLocation": location(name, 1.0, 2.0),
        "Events": events, "Weather": weather,
    }]})
    server = start_server(data=data, arguments=arguments)
    server.ids = {id_name: id for id, id_name in server.query("SELECT id, name FROM destinations")}
    choose_over_http(server, name)
    return server


def choose_over_http(server, name: str, session: str | None = None) -> None:
    """Choose a destination for the trip the way its page's button does."""
    session = session or server.owner_session
    cookies = {SESSION_COOKIE: session}
    id = server.ids[name]
    page = http_get(server(f"/destinations/{id}"), cookies=cookies)
    assert page.status == 200, f"/destinations/{id}: {page.status}"
    if "This is your trip." in page.text:
        return
    answer = http_post(server(f"/destinations/{id}/choose"), {"csrf": page.form_token()}, cookies=cookies)
    assert answer.status == 303, f"choosing {name}: {answer.status} {answer.text[:300]}"


def trip_name_over_http(server, session: str) -> str | None:
    """The name of the account's trip as its menu shows it, or None before one is chosen."""
    page = http_get(server("/"), cookies={SESSION_COOKIE: session})
    assert page.status == 200
    match = re.search(r'<h2 class="trip-name">([^<]*)</h2>', page.text)
    if match:
        return match.group(1)
    assert "Choose a destination to start" in page.text, "without a trip the menu asks to choose one"
    return None


def save_book_settings_over_http(server, transition: str = "curl", orientation: str = "horizontal") -> None:
    cookies = {SESSION_COOKIE: server.owner_session}
    page = http_get(server("/trip/book-settings?from=/trip/events/1"), cookies=cookies)
    assert page.status == 200, f"/trip/book-settings: {page.status}"
    fields = {"csrf": page.form_token(), "from": "/trip/events/1", "transition": transition, "orientation": orientation}
    answer = http_post(server("/trip/book-settings"), fields, cookies=cookies)
    assert answer.status == 303, f"saving the book settings: {answer.status}"


# --------------------------------------------------------------------------------------
# The book in a browser

BOOK = "section#book"
STAGE = f"{BOOK} .book-stage"
BACK_TO_EVENTS = "#detail header.bar button.web-back"

STATE = """
const book = document.getElementById('book');
if (!book) return null;
const visible = (e) => e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
const indicator = [...book.querySelectorAll('.book-indicator')].find(visible);
const control = (rel) => [...book.querySelectorAll('.book-' + rel)].find(visible);
const describe = (e) => e && {tag: e.tagName.toLowerCase(), disabled: e.getAttribute('aria-disabled') === 'true', href: e.getAttribute('href')};
return {
  live: book.classList.contains('live'),
  page: Number(book.dataset.page),
  pages: Number(book.dataset.pages),
  turning: book.dataset.turning || null,
  refusals: Number(book.dataset.refusals || 0),
  layout: book.dataset.layout || null,
  indicator: indicator ? indicator.textContent.trim() : null,
  prev: describe(control('prev')),
  next: describe(control('next')),
  shown: [...book.querySelectorAll('.book-stage > .book-page')].filter(visible).map(e => Number(e.dataset.page)).sort((a, b) => a - b),
  held: book.querySelectorAll('.book-stage > .book-page').length,
  path: location.pathname,
  history: history.length,
};
"""


def expected_indicator(page: int, count: int, spread: bool) -> str:
    if not spread:
        return f"Page {page} of {count}"
    left = page - page % 2
    pages = [n for n in (left, left + 1) if 1 <= n <= count]
    return f"Pages {pages[0]}–{pages[1]} of {count}" if len(pages) == 2 else f"Page {pages[0]} of {count}"


def visible_pages(page: int, count: int, spread: bool) -> list[int]:
    if not spread:
        return [page]
    left = page - page % 2
    return [n for n in (left, left + 1) if 1 <= n <= count]


class Book:
    def __init__(self, browser):
        self.browser = browser
        self.shell = Shell(browser)
        self.driver = browser.driver

    @property
    def spread(self) -> bool:
        """Wide landscape screens show spreads (app.css: min-width 1000px, min-height 501px, landscape; book.js reads it from there)."""
        return self.driver.execute_script("return matchMedia('(min-width: 1000px) and (orientation: landscape)').matches")

    def state(self) -> dict:
        return self.driver.execute_script(STATE)

    def open(self, page: int) -> dict:
        self.browser.open(f"/trip/events/{page}")
        return self.wait_page(page)

    def wait_live(self) -> None:
        self.shell.wait(lambda: (self.state() or {}).get("live"), "book.js should take over the book")

    def wait_page(self, page: int, count: int | None = None) -> dict:
        """The book settled on `page`: address, indicator and the pages on screen agree."""
        self.wait_live()
        spread = self.spread
        count = count or self.state()["pages"]
        expected = {
            "page": page,
            "turning": None,
            "path": f"/trip/events/{page}",
            "indicator": expected_indicator(page, count, spread),
            "shown": visible_pages(page, count, spread),
        }
        last = {}

        def settled() -> bool:
            nonlocal last
            last = self.state()
            return all(last[key] == value for key, value in expected.items())

        try:
            self.shell.wait(settled, "")
        except Exception:
            raise AssertionError(f"the book should settle on page {page}: expected {expected}, have {last}") from None
        return last

    def neighbours(self) -> list[int]:
        """The pages a turn either way would show (book.js loads them ahead), as Book.swift says."""
        state = self.state()
        page, count, spread = state["page"], state["pages"], state["layout"] == "spread"
        found = []
        if spread:
            left = page - page % 2
            targets = [left + 2 if left + 2 <= count else None, (left - 2 if left - 2 >= 1 else left - 1) if left - 2 >= 0 else None]
        else:
            targets = [page + 1 if page < count else None, page - 1 if page > 1 else None]
        for target in targets:
            if target is not None and 1 <= target <= count:
                found += visible_pages(target, count, spread)
        return found

    def wait_loaded_ahead(self) -> None:
        """Until the neighbours' frames have loaded: no fetch of the book's own is on its way."""
        for number in self.neighbours():
            self.wait_frame_loaded(number)

    def press(self, key: str) -> None:
        ActionChains(self.driver).send_keys(key).perform()

    def stage_rect(self) -> dict:
        return self.driver.execute_script("return document.querySelector(arguments[0]).getBoundingClientRect().toJSON()", STAGE)

    def point(self, fraction_x: float, fraction_y: float = 0.45) -> tuple[int, int]:
        """A point of the stage (fractions of its width and height), in the viewport."""
        rect = self.stage_rect()
        return int(rect["left"] + rect["width"] * fraction_x), int(rect["top"] + rect["height"] * fraction_y)

    def tap(self, fraction_x: float, fraction_y: float = 0.45) -> None:
        x, y = self.point(fraction_x, fraction_y)
        builder = ActionBuilder(self.driver, duration=25)
        builder.pointer_action.move_to_location(x, y).click()
        builder.perform()

    def drag(self, from_x: float, to_x: float, *, touch: bool = False, release: bool = True, vertical: bool = False,
             across: float = 0.45) -> tuple[tuple[int, int], tuple[int, int]]:
        """Press at `from_x` of the stage's width (at `across` of its height), move in steps to
        `to_x`, rest a moment (no flick) and let go, or not, for a look mid-turn: then call
        `release()`. With `vertical` the fractions are of its height (and width). Returns where
        the pointer was pressed and where it ended, in the viewport."""
        rect = self.stage_rect()
        if vertical:
            x = int(rect["left"] + rect["width"] * across)
            start, end = rect["top"] + rect["height"] * from_x, rect["top"] + rect["height"] * to_x
        else:
            y = int(rect["top"] + rect["height"] * across)
            start, end = rect["left"] + rect["width"] * from_x, rect["left"] + rect["width"] * to_x
        pressed = (x, int(start)) if vertical else (int(start), y)
        # The press must land on the book (not on something laid over it for a moment).
        hit = self.driver.execute_script(
            "const e = document.elementFromPoint(arguments[0], arguments[1]);"
            "return e && (e.closest('.book-stage') ? (e.tagName === 'IFRAME' ? 'frame' : 'page') : e.outerHTML.slice(0, 200))", *pressed)
        assert hit in ("page", "frame"), f"the press at {pressed} would land on {hit}, not on the book's stage"
        at = lambda v: (x, int(v)) if vertical else (int(v), y)  # noqa: E731
        # Whether the page was given the press at all: a full run's shared browser has twice
        # dropped a finger's whole drag before the page saw it (no pointerdown), which says nothing
        # of the book. Such a drag is done again, once; a press the page saw is never repeated.
        # Over a frame the press is the frame's document's, so it is not counted here.
        presses = "return window.bookPresses || 0"
        self.driver.execute_script(
            "if (!window.bookPresses) { window.bookPresses = 0;"
            " addEventListener('pointerdown', () => { window.bookPresses += 1; }, true); }")
        for attempt in (1, 2):
            before = self.driver.execute_script(presses)
            kind = interaction.POINTER_TOUCH if touch else interaction.POINTER_MOUSE
            self.pointer = PointerInput(kind, "finger" if touch else "mouse")
            builder = ActionBuilder(self.driver, mouse=self.pointer, duration=25)  # a quick drag, 8 moves
            builder.pointer_action.move_to_location(*at(start)).pointer_down().pause(0.1)  # a finger rests before it moves
            steps = 8
            for step in range(1, steps + 1):
                builder.pointer_action.move_to_location(*at(start + (end - start) * step / steps))
            if release:
                builder.pointer_action.pause(0.2)  # a finger rests before it lets go: no flick
                builder.pointer_action.pointer_up()
            builder.perform()
            # (A frame's document tells the book by message, not by an event of this window.)
            if hit == "frame" or self.driver.execute_script(presses) > before:
                break
            assert attempt == 1, f"the browser gave the page no press for a drag from {pressed}, twice"
        return at(start), at(end)  # where the pointer was pressed, and where it is (or was let go)

    def fold(self) -> dict | None:
        """The curl's fold while a turn is drawn: a point on it and its normal, in the stage's pixels."""
        value = self.driver.execute_script("return document.getElementById('book').dataset.fold || null")
        if value is None:
            return None
        x, y, nx, ny = (float(part) for part in value.split())
        return {"x": x, "y": y, "nx": nx, "ny": ny}

    def release(self) -> None:
        """Let go of a drag held by `drag(release=False)`, after a rest (no flick), as `drag` does."""
        builder = ActionBuilder(self.driver, mouse=self.pointer, duration=25)
        builder.pointer_action.pause(0.2).pointer_up()
        builder.perform()

    def click_control(self, rel: str) -> None:
        """Click the visible previous ("prev") or next control."""
        element = self.driver.execute_script(
            "return [...document.querySelectorAll('#book .book-' + arguments[0])].find(e => e.getClientRects().length > 0)", rel
        )
        element.click()

    def loaded_paths(self, prefix: str = "/trip/events/") -> list[str]:
        """The book pages this document fetched (Resource Timing), in order."""
        return self.driver.execute_script(
            "return performance.getEntriesByType('resource').map(e => new URL(e.name).pathname)"
            ".filter(p => p.startsWith(arguments[0]))",
            prefix,
        )

    def frame_status(self, page: int) -> dict:
        return self.driver.execute_script(
            """
            const article = document.querySelector(`#book .book-page[data-page="${arguments[0]}"]`);
            if (!article) return null;
            const status = article.querySelector('.page-status');
            return {classes: status.className, text: status.textContent.trim(), src: article.querySelector('iframe')?.getAttribute('src'),
                    retry: !!status.querySelector('button.retry'), open: status.querySelector('a.open-original')?.getAttribute('href') || null};
            """,
            page,
        )

    def wait_frame_loaded(self, page: int) -> None:
        self.shell.wait(
            lambda: (self.frame_status(page) or {}).get("classes") == "page-status",
            f"the frame of page {page} should load (its status hidden)",
        )

    def frame_heading(self, css: str) -> str:
        """The <h1> of the page inside a frame (another origin: WebDriver switches into it)."""
        self.driver.switch_to.frame(self.shell.find(css))
        try:
            return self.driver.find_element("css selector", "h1").text
        finally:
            self.driver.switch_to.default_content()


KEYS = {"right": Keys.ARROW_RIGHT, "left": Keys.ARROW_LEFT, "up": Keys.ARROW_UP, "down": Keys.ARROW_DOWN,
        "page down": Keys.PAGE_DOWN, "page up": Keys.PAGE_UP, "home": Keys.HOME, "end": Keys.END}
