"""What the tests look at: the adaptive shell, the demo catalogue, and a few HTTP helpers.

Every check that depends on the page changing is a wait for a condition (WebDriverWait),
never a fixed sleep.
"""

from __future__ import annotations

import http.client
import plistlib
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

from selenium.common.exceptions import JavascriptException, NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT = 10
REPO = Path(__file__).resolve().parent.parent
DEMO_PLIST = REPO / "Sources" / "RoadTrip" / "Resources" / "DemoDestinations.plist"

# The parts of the shell (Sources/RoadTripWeb/Views/Shell.swift).
MASTER = "aside#master"
DETAIL = "main#detail"
BACK = "main#detail header.bar a.back"
OPEN_MASTER = "main#detail header.bar a.open-master"
BACKDROP = "a.backdrop"
ROWS = "#master-content a.row"


# --------------------------------------------------------------------------------------
# The demo catalogue a fresh data folder gets


@dataclass(frozen=True)
class Demo:
    id: int
    name: str
    title: str
    subtitle: str
    latitude: float
    longitude: float
    events: int

    @property
    def path(self) -> str:
        return f"/destinations/{self.id}"

    @property
    def coordinates(self) -> str:
        def part(value: float, positive: str, negative: str) -> str:
            return f"{abs(value):.4f}° {negative if value < 0 else positive}"

        return f"{part(self.latitude, 'N', 'S')}, {part(self.longitude, 'E', 'W')}"

    @property
    def event_count(self) -> str:
        return {0: "No events", 1: "1 event"}.get(self.events, f"{self.events} events")


@lru_cache(maxsize=1)
def demo() -> tuple[Demo, ...]:
    """The bundled demo catalogue, in order; ids are given 1, 2, ... on first start."""
    with open(DEMO_PLIST, "rb") as file:
        data = plistlib.load(file)["DestinationData"]
    return tuple(
        Demo(
            id=index + 1,
            name=entry["DestinationName"],
            title=entry["DestinationLocation"]["Title"],
            subtitle=entry["DestinationLocation"]["Subtitle"],
            latitude=float(entry["DestinationLocation"]["Latitude"]),
            longitude=float(entry["DestinationLocation"]["Longitude"]),
            events=len(entry.get("Events", [])),
        )
        for index, entry in enumerate(data)
    )


def new_york() -> Demo:
    found = demo()[0]
    assert found.name == "New York City", f"the demo catalogue should start with New York City, not {found.name}"
    return found


def san_francisco() -> Demo:
    found = demo()[1]
    assert found.name == "San Francisco", f"the demo's second destination should be San Francisco, not {found.name}"
    return found


# --------------------------------------------------------------------------------------
# The shell in a browser


def text_content(element: WebElement) -> str:
    """An element's text whether or not it is displayed (Selenium's .text is only visible text)."""
    return (element.get_attribute("textContent") or "").strip()


class Shell:
    def __init__(self, browser):
        self.browser = browser
        self.driver = browser.driver

    # Finding and waiting

    def find(self, css: str) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def find_all(self, css: str) -> list[WebElement]:
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def shown(self, css: str) -> bool:
        """Whether an element matching `css` exists and Selenium considers it displayed."""
        try:
            return any(element.is_displayed() for element in self.find_all(css))
        except StaleElementReferenceException:
            return False

    def wait(self, condition, message: str, timeout: float = TIMEOUT):
        return WebDriverWait(
            self.driver, timeout, ignored_exceptions=(StaleElementReferenceException, NoSuchElementException, JavascriptException)
        ).until(lambda _: condition(), message)

    def wait_shown(self, *selectors: str) -> None:
        for css in selectors:
            self.wait(lambda: self.shown(css), f"{css} should be visible on {self.where()}")

    def wait_hidden(self, *selectors: str) -> None:
        for css in selectors:
            self.wait(lambda: not self.shown(css), f"{css} should be hidden on {self.where()}")

    def where(self) -> str:
        return f"{self.browser.name} at {self.path()}"

    # Reading

    def path(self) -> str:
        parts = urlsplit(self.driver.current_url)
        return parts.path + (f"?{parts.query}" if parts.query else "")

    def fragment(self) -> str:
        return urlsplit(self.driver.current_url).fragment

    def screen(self) -> str | None:
        return self.find("body").get_attribute("data-screen")

    def body_classes(self) -> list[str]:
        return (self.find("body").get_attribute("class") or "").split()

    def detail_title(self) -> str:
        # textContent, not .text: on a phone's home screen the detail (and its title) is hidden.
        return text_content(self.find("h2#detail-title"))

    def row_names(self) -> list[str]:
        return [text_content(row.find_element(By.CSS_SELECTOR, ".row-title")) for row in self.find_all(ROWS)]

    def row(self, destination: Demo) -> WebElement:
        return self.find(f'{ROWS}[href="{destination.path}"]')

    def current_rows(self) -> list[str]:
        return [row.get_attribute("href") for row in self.find_all(f'{ROWS}[aria-current="page"]')]

    def rect(self, css: str) -> dict:
        """Where an element is once the panes have stopped sliding."""
        self.browser.settle()
        return self.find(css).rect

    def viewport(self) -> tuple[int, int]:
        return tuple(self.driver.execute_script("return [window.innerWidth, window.innerHeight]"))

    # Acting

    def click(self, css: str) -> None:
        """Click a visible element once the panes have stopped sliding (a moving target can be missed)."""
        self.wait_shown(css)
        self.browser.settle()
        self.find(css).click()

    def choose(self, destination: Demo) -> None:
        self.click(f'{ROWS}[href="{destination.path}"]')

    def tap_backdrop(self) -> None:
        """Click the overlay's backdrop halfway between the list's right edge and the screen's."""
        master, backdrop = self.rect(MASTER), self.rect(BACKDROP)
        target_x = (master["x"] + master["width"] + backdrop["x"] + backdrop["width"]) / 2
        offset_x = int(target_x - (backdrop["x"] + backdrop["width"] / 2))  # offsets are from the centre
        ActionChains(self.driver).move_to_element_with_offset(self.find(BACKDROP), offset_x, 0).click().perform()

    def mark_document(self) -> None:
        """Put a marker on the current document; a full page load loses it."""
        self.driver.execute_script("window.__roadtripMarker = 'same document'")

    def same_document(self) -> bool:
        return self.driver.execute_script("return window.__roadtripMarker === 'same document'")

    def wait_path(self, path: str) -> None:
        self.wait(lambda: self.path() == path, f"the address should become {path}")

    def wait_destination(self, destination: Demo) -> None:
        """Wait for `destination` to fill the detail pane, then check what it shows."""
        self.wait_path(destination.path)
        self.wait(
            lambda: self.find("article.destination h2.destination-name").text.strip() == destination.name,
            f"the detail should show {destination.name}",
        )
        self.wait_shown(DETAIL, "article.destination")
        self.check_destination(destination)

    def check_destination(self, destination: Demo) -> None:
        article = "article.destination"
        assert self.detail_title() == destination.name
        assert self.driver.title == f"{destination.name} · RoadTrip"
        picture = self.find(f"{article} img.destination-picture")
        self.wait(lambda: picture.is_displayed(), "the destination's picture should be visible")
        self.wait(
            lambda: self.driver.execute_script("return arguments[0].complete && arguments[0].naturalWidth > 0", picture),
            f"the picture of {destination.name} should load",
        )
        assert self.find(f"{article} .location-title").text.strip() == destination.title
        assert self.find(f"{article} .coordinates").text.strip() == destination.coordinates
        assert self.find(f"{article} .event-count").text.strip() == destination.event_count
        assert self.current_rows() == [self.browser.server(destination.path)], (
            "exactly the chosen destination's row is marked aria-current=page"
        )

    def wait_home(self) -> None:
        self.wait_path("/")
        self.wait(lambda: self.screen() == "master", "the home page's body should say data-screen=master")
        self.wait(lambda: self.detail_title() == "RoadTrip", "the home page's detail title should be RoadTrip")
        assert self.driver.title == "RoadTrip"
        assert self.row_names() == [d.name for d in demo()]
        assert self.current_rows() == [], "no row is current on the home page"


def assert_side_by_side(shell: Shell) -> None:
    """Tablet landscape and desktop: the master column left of the detail, both full height."""
    shell.wait_shown(MASTER, DETAIL)
    master, detail = shell.rect(MASTER), shell.rect(DETAIL)
    width, height = shell.viewport()
    assert master["width"] > 0 and detail["width"] > 0, (master, detail)
    assert master["x"] + master["width"] <= detail["x"] + 1, f"the master column should be left of the detail: {master} {detail}"
    assert master["x"] >= 0 and detail["x"] + detail["width"] <= width + 1, "both panes should be on screen"
    assert detail["width"] > master["width"], "the detail should be the wider pane"
    assert master["height"] >= height - 1 and detail["height"] >= height - 1, "both panes should be full height"
    shell.wait_hidden(BACK, OPEN_MASTER, BACKDROP)


def assert_titles_fit(shell: Shell) -> None:
    """Every visible top-bar title shows in full (the demo's names are short), not cut to "R…"."""
    cut = shell.driver.execute_script(
        """
        return [...document.querySelectorAll('header.bar .bar-title')]
          .filter(e => e.getClientRects().length > 0 && e.scrollWidth > e.clientWidth)
          .map(e => `${e.closest('aside, main').id}: "${e.textContent}" needs ${e.scrollWidth}px, has ${e.clientWidth}px`);
        """
    )
    assert not cut, f"top-bar titles are cut off on {shell.where()}: {cut}"


# --------------------------------------------------------------------------------------
# Plain HTTP (no browser): status codes and headers a browser hides


@dataclass
class HTTPResult:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    def header(self, name: str) -> str | None:
        return self.headers.get(name)

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")


def http_get(url: str, method: str = "GET", headers: dict | None = None) -> HTTPResult:
    """One request, no redirects followed, no exception for 4xx/5xx."""
    parts = urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)
    try:
        connection.request(method, parts.path + (f"?{parts.query}" if parts.query else ""), headers=headers or {})
        response = connection.getresponse()
        return HTTPResult(response.status, response.headers, response.read())
    finally:
        connection.close()


def csp_directives(policy: str) -> dict[str, list[str]]:
    directives: dict[str, list[str]] = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            directives[words[0].lower()] = words[1:]
    return directives


SHELL_MARKERS = (
    re.compile(r'<aside[^>]*\bid="master"'),
    re.compile(r'<main[^>]*\bid="detail"'),
    re.compile(r'<h2[^>]*\bid="detail-title"'),
    re.compile(r'<link[^>]*rel="stylesheet"[^>]*href="/static/'),
)


def missing_shell_parts(html: str) -> list[str]:
    return [marker.pattern for marker in SHELL_MARKERS if not marker.search(html)]
