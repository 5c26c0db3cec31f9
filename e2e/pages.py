"""What the tests look at: the adaptive shell, the demo catalogue, the accounts the tests
use, the sign-in and account pages, and a few HTTP helpers.

Every check that depends on the page changing is a wait for a condition (WebDriverWait),
never a fixed sleep.
"""

from __future__ import annotations

import base64
import hashlib
import http.client
import pkgutil
import plistlib
import re
import struct
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from selenium.common.exceptions import JavascriptException, NoSuchElementException, StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webelement import WebElement
from selenium.webdriver.support.ui import WebDriverWait

TIMEOUT = 10
LOAD_TIMEOUT = 30  # a server's answer (a picture, a page), when the machine is busy with both suites
POLL = 0.05  # seconds between checks of a condition (WebDriverWait's default, 0.5 s, adds up)
REPO = Path(__file__).resolve().parent.parent
DEMO_PLIST = REPO / "Sources" / "RoadTrip" / "Resources" / "DemoDestinations.plist"

# The parts of the shell (Sources/RoadTripWeb/Views/Shell.swift).
MASTER = "aside#master"
DETAIL = "main#detail"
BACK = "main#detail header.bar a.back"
OPEN_MASTER = "main#detail header.bar a.open-master"
BACKDROP = "a.backdrop"
# The destination list (the trip's own rows, Events and Weather, sit above it in section.trip).
ROWS = "#master-content nav a.row"
# The trip section on top of the master column (Views/Menu/Menu+View.swift).
TRIP = "#master-content section.trip"
TRIP_PROMPT = f"{TRIP} .trip-prompt"
TRIP_NAME = f"{TRIP} .trip-name"
TRIP_EVENTS = f"{TRIP} a.trip-events"
TRIP_WEATHER = f"{TRIP} a.trip-weather"
# The app tab bar (Views/AppTabs.swift): RoadTrip | Photos | who is signed in (their account's tab).
APP_TABS = "nav#app-tabs"
VIEWER_TAB = f"{APP_TABS} a.app-tab.viewer"
VIEWER_NAME = f"{VIEWER_TAB} .app-tab-label"
# Your account (Views/Account): Sign out on its card; the owner's Accounts in the account's list
# beside it (a tablet) or in the screen itself (a phone).
SIGN_OUT = '#detail form.sign-out[action="/signout"] button[type="submit"]'
ACCOUNTS_LINK = '#detail ul.account-links a[href="/accounts"], #master-content ul.account-menu a[href="/accounts"]'
# Pages of their own (sign in, set up): the detail pane alone, no list.
FORM_PAGE = "main#detail section.form-page"
SIGN_IN_FORM = 'form[action="/signin"]'
NOTICE = "section.form-page .notice"
ERROR_STATE = ".empty-state.error"

# What the pages say (Controllers/SignInController.swift, Auth/CSRFGuard.swift).
WRONG_NAME_OR_PASSWORD = "The name or password is not right."
TOO_MANY_ATTEMPTS = re.compile(r"^Too many attempts\. For your safety, try again in (a minute|(\d+) minutes)\.$")
FORM_REFUSED = (
    "This form has expired or did not come from a RoadTrip page, so nothing was changed. "
    "Go back, reload the page and try again."
)
SESSION_COOKIE = "rt_session"
DEVICE_COOKIE = "rt_device"
FORM_COOKIE = "rt_form"


# --------------------------------------------------------------------------------------
# The accounts the tests use


@dataclass(frozen=True)
class Account:
    name: str
    password: str


# The owner every server of the tests gets (through its setup link), and a member account.
OWNER = Account("Morgan", "correct horse battery")
MEMBER = Account("Robin", "robin's own password")


def token_hash(token: str) -> bytes:
    """What the server stores for a session id (or setup token): SHA-256 of its 32 bytes."""
    return hashlib.sha256(base64.urlsafe_b64decode(token + "=")).digest()


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


# The built-in sample destination (Sources/RoadTrip/Trips/SampleBook.swift), added after the
# demo catalogue on every start; its book has `roadtrip serve --sample-pages N` pages (12 by default).
SAMPLE_NAME = "Page-Based Sample"
SAMPLE_PAGES = 12


@lru_cache(maxsize=1)
def demo() -> tuple[Demo, ...]:
    """The destinations of a fresh server, in order: the bundled demo catalogue (ids 1, 2, ...
    on first start), then the page-based sample."""
    with open(DEMO_PLIST, "rb") as file:
        data = plistlib.load(file)["DestinationData"]
    catalogue = tuple(
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
    sample = Demo(
        id=len(catalogue) + 1,
        name=SAMPLE_NAME,
        title="Cupertino",
        subtitle="Where the page-based example came from",
        latitude=37.3230,
        longitude=-122.0322,
        events=SAMPLE_PAGES,
    )
    return catalogue + (sample,)


def new_york() -> Demo:
    found = demo()[0]
    assert found.name == "New York City", f"the demo catalogue should start with New York City, not {found.name}"
    return found


def san_francisco() -> Demo:
    found = demo()[1]
    assert found.name == "San Francisco", f"the demo's second destination should be San Francisco, not {found.name}"
    return found


def sample() -> Demo:
    found = demo()[-1]
    assert found.name == SAMPLE_NAME
    return found


# --------------------------------------------------------------------------------------
# The shell in a browser


def text_content(element: WebElement) -> str:
    """An element's text whether or not it is displayed (Selenium's .text is only visible text)."""
    return (element.get_property("textContent") or "").strip()


# Selenium's own test of whether an element is displayed (what WebElement.is_displayed runs),
# here run over every element a selector matches in one script rather than one call per element.
IS_DISPLAYED = pkgutil.get_data("selenium.webdriver.remote", "isDisplayed.js").decode("utf8")
ANY_SHOWN = f"const isDisplayed = ({IS_DISPLAYED}); return [...document.querySelectorAll(arguments[0])].some((e) => isDisplayed(e));"


class Shell:
    def __init__(self, browser):
        self.browser = browser
        self.driver = browser.driver

    # Finding and waiting

    def find(self, css: str) -> WebElement:
        return self.driver.find_element(By.CSS_SELECTOR, css)

    def find_all(self, css: str) -> list[WebElement]:
        return self.driver.find_elements(By.CSS_SELECTOR, css)

    def exists(self, css: str) -> bool:
        return bool(self.find_all(css))

    def assert_targets(self, css: str, minimum: float = 44) -> None:
        """Every element on screen matching `css` (one at least) is a finger's target: `minimum` px each way."""
        boxes = self.driver.execute_script(
            "return [...document.querySelectorAll(arguments[0])].filter(e => e.getClientRects().length).map(e => {"
            " const r = e.getBoundingClientRect();"
            " return [e.textContent.trim(), r.width, r.height] })", css)
        assert boxes, f"nothing matches {css}"
        small = [box for box in boxes if box[1] < minimum - 0.5 or box[2] < minimum - 0.5]
        assert not small, f"targets smaller than {minimum} px: {small}"

    def shown(self, css: str) -> bool:
        """Whether an element matching `css` exists and Selenium considers it displayed."""
        return self.driver.execute_script(ANY_SHOWN, css)

    def wait(self, condition, message: str, timeout: float = TIMEOUT):
        return WebDriverWait(
            self.driver, timeout, poll_frequency=POLL, ignored_exceptions=(StaleElementReferenceException, NoSuchElementException, JavascriptException)
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
        element = self.find(css)
        # Into the middle of its own scrolling pane: WebDriver counts an element half under the
        # tab bar as in view (it is, in the window) and would click the bar.
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'nearest'}); "
                                   "const r = arguments[0].getBoundingClientRect(); const x = r.left + r.width / 2, y = r.top + r.height / 2;"
                                   "if (!arguments[0].contains(document.elementFromPoint(x, y))) arguments[0].scrollIntoView({block: 'center'});", element)
        element.click()

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
        # A new address waits on the server's answer: a busy machine may take longer than a glance.
        self.wait(lambda: self.path() == path, f"the address should become {path}", timeout=LOAD_TIMEOUT)

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
        # Found afresh each time: a pane swapped while this waits leaves an element found once stale for good.
        picture = f"{article} img.destination-picture"
        self.wait(lambda: self.find(picture).is_displayed(), "the destination's picture should be visible")
        self.wait(
            lambda: self.driver.execute_script(
                "const img = document.querySelector(arguments[0]); return img.complete && img.naturalWidth > 0", picture),
            f"the picture of {destination.name} should load",
            timeout=LOAD_TIMEOUT,
        )
        assert self.find(f"{article} .location-title").text.strip() == destination.title
        assert self.find(f"{article} .coordinates").text.strip() == destination.coordinates
        assert self.find(f"{article} .event-count").text.strip() == destination.event_count
        assert self.current_rows() == [self.browser.server(destination.path)], (
            "exactly the chosen destination's row is marked aria-current=page"
        )

    # Accounts

    def reveal_master(self) -> None:
        """Bring the master column on screen: in tablet portrait it is an overlay behind the top
        bar's button; a phone must be on its home screen for it."""
        if self.shown(MASTER):
            return
        if self.shown(OPEN_MASTER):
            self.click(OPEN_MASTER)
        elif self.shown(BACK):
            self.click(BACK)
        self.wait_shown(MASTER)
        self.browser.settle()  # the list slides in

    def open_account(self) -> None:
        """Your account by the account's tab, as a person reaches it: home first, where the tab
        bar is on screen on every layout."""
        self.browser.open("/")
        self.wait_home()
        self.click(VIEWER_TAB)
        self.wait_path("/account")
        self.wait_shown(SIGN_OUT)

    def viewer_name(self) -> str:
        return text_content(self.find(VIEWER_NAME))

    def notice(self) -> str:
        return text_content(self.find(NOTICE))

    def hidden_value(self, form: str, name: str) -> str | None:
        found = self.find_all(f'{form} input[type="hidden"][name="{name}"]')
        return found[0].get_attribute("value") if found else None

    def fill(self, form: str, **fields: str) -> None:
        """Replace each field's text, as a paste or an input method enters it: one input event
        per field (DevTools' Input.insertText), where typing key by key costs a round trip to
        the browser per key. `type_into` types keys where a test is about typing."""
        for name, value in fields.items():
            field = self.find(f'{form} input[name="{name}"]')
            field.clear()
            self.driver.execute_script("arguments[0].focus()", field)
            self.driver.execute_cdp_cmd("Input.insertText", {"text": value})
            entered = field.get_property("value")
            assert entered == value, f"{form} {name}: {entered!r} entered, not {value!r}"

    def type_into(self, css: str, text: str) -> None:
        """Replace the field's text by typing it key by key, as a person at a keyboard does."""
        field = self.find(css)
        field.clear()
        field.send_keys(text)

    def submit(self, form: str) -> None:
        """Press the form's submit button and wait for the page the server answers with: loaded
        whole, or (a refusal of a form that completes in place, with the script) its pane swapped in."""
        self.mark_document()
        self.driver.execute_script("document.getElementById('detail-content').__answered = false")
        self.click(f'{form} button[type="submit"]')
        self.wait(lambda: not self.same_document() or self.driver.execute_script(
            "return document.getElementById('detail-content')?.__answered === undefined"), f"submitting {form} should show the server's answer")
        self.browser.wait_loaded()

    def sign_in(self, account: Account) -> None:
        """Fill the sign-in form on screen with `account` and send it."""
        self.wait_shown(SIGN_IN_FORM)
        self.fill(SIGN_IN_FORM, name=account.name, password=account.password)
        self.submit(SIGN_IN_FORM)

    def wait_sign_in_page(self, next_path: str | None = None) -> None:
        """The sign-in page: a page of its own (no list, no footer), asking for name and password."""
        self.wait(lambda: urlsplit(self.driver.current_url).path == "/signin", f"should be on the sign-in page, not {self.path()}")
        self.wait_shown(FORM_PAGE, SIGN_IN_FORM)
        assert self.driver.title == "Sign in · RoadTrip"
        assert text_content(self.find(f"{FORM_PAGE} h2")) == "Sign in to RoadTrip"
        assert "single" in self.body_classes() and not self.find_all(MASTER), "the sign-in page has no list beside it"
        assert not self.find_all(APP_TABS), "nobody is signed in: no app tabs, no account's tab"
        for name in ("name", "password"):
            assert self.find(f'{SIGN_IN_FORM} input[name="{name}"]').is_displayed(), f"the sign-in form asks for {name}"
        assert self.find(f'{SIGN_IN_FORM} input[name="password"]').get_attribute("type") == "password"
        assert self.hidden_value(SIGN_IN_FORM, "csrf"), "the sign-in form carries its form token"
        assert self.hidden_value(SIGN_IN_FORM, "next") == next_path, (
            f"the form should go on to {next_path!r}, not {self.hidden_value(SIGN_IN_FORM, 'next')!r}"
        )

    def wait_signed_in_as(self, account: Account) -> None:
        """The account's tab names the person (whether the tab bar is on screen or not)."""
        self.wait(lambda: self.find_all(VIEWER_NAME) and self.viewer_name() == account.name, f"the account's tab should name {account.name}")

    def wait_error_page(self, status: int) -> None:
        self.wait_shown(DETAIL, ERROR_STATE)
        assert self.find(f"{ERROR_STATE} .status-code").text.strip() == str(status)

    def wait_home(self) -> None:
        self.wait_path("/")
        self.wait(lambda: self.screen() == "master", "the home page's body should say data-screen=master")
        self.wait(lambda: self.detail_title() == "RoadTrip", "the home page's detail title should be RoadTrip")
        assert self.driver.title == "RoadTrip"
        assert self.find_all(TRIP), "the trip (or the prompt to choose one) heads the master column"
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
    tabs = shell.rect(APP_TABS)["height"] if shell.find_all(APP_TABS) else 0
    assert master["height"] + tabs >= height - 1 and detail["height"] >= height - 1, (
        "the list (over its tab bar) and the detail should be full height"
    )
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


    def set_cookies(self) -> dict[str, str]:
        """The cookies the answer sets, by name (an empty value: deleted)."""
        found = {}
        for header in self.headers.get_all("Set-Cookie") or []:
            name, _, rest = header.partition("=")
            found[name.strip()] = rest.split(";", 1)[0]
        return found

    def form_token(self) -> str:
        match = re.search(r'<input type="hidden" name="csrf" value="([^"]+)"', self.text)
        assert match, f"the page should carry a form token: {self.text[:500]}"
        return match.group(1)


def http_get(
    url: str, method: str = "GET", headers: dict | None = None, cookies: dict | None = None, body: bytes | None = None,
    timeout: float = 10,
) -> HTTPResult:
    """One request, no redirects followed, no exception for 4xx/5xx."""
    parts = urlsplit(url)
    headers = dict(headers or {})
    if cookies:
        headers["Cookie"] = "; ".join(f"{name}={value}" for name, value in cookies.items())
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
    try:
        connection.request(method, parts.path + (f"?{parts.query}" if parts.query else ""), body=body, headers=headers)
        response = connection.getresponse()
        return HTTPResult(response.status, response.headers, response.read())
    finally:
        connection.close()


def http_post(url: str, fields: dict, cookies: dict | None = None, headers: dict | None = None) -> HTTPResult:
    """A form post the way a browser sends it (urlencoded), no redirects followed."""
    headers = {"Content-Type": "application/x-www-form-urlencoded", **(headers or {})}
    return http_get(url, "POST", headers=headers, cookies=cookies, body=urlencode(fields).encode())


def setup_owner_over_http(setup_link: str, owner: Account) -> str:
    """Create the owner through the printed setup link the way the form does; the session id."""
    page = http_get(setup_link)
    assert page.status == 200 and 'name="token"' in page.text, f"the setup link should show the form: {page.status}"
    form_cookie = page.set_cookies()[FORM_COOKIE]
    token = re.search(r'<input type="hidden" name="token" value="([^"]+)"', page.text).group(1)
    fields = {"csrf": page.form_token(), "token": token, "name": owner.name, "password": owner.password, "repeated": owner.password}
    answer = http_post(setup_link.split("?")[0], fields, cookies={FORM_COOKIE: form_cookie})
    assert answer.status == 303 and answer.header("Location") == "/", f"setup should sign the owner in and go home: {answer.status} {answer.text[:500]}"
    return answer.set_cookies()[SESSION_COOKIE]


def sign_in_over_http(base: str, account: Account) -> str:
    """A real sign-in through the form's fields (as a browser without JavaScript sends them); the session id."""
    page = http_get(base + "/signin")
    assert page.status == 200, f"the sign-in page: {page.status}"
    answer = http_post(
        base + "/signin",
        {"csrf": page.form_token(), "name": account.name, "password": account.password},
        cookies={FORM_COOKIE: page.set_cookies()[FORM_COOKIE]},
    )
    assert answer.status == 303, f"signing in as {account.name} should redirect: {answer.status} {answer.text[:500]}"
    return answer.set_cookies()[SESSION_COOKIE]


def add_account_over_http(base: str, owner_session: str, account: Account) -> None:
    """The owner adds an account through the Accounts screen's form."""
    cookies = {SESSION_COOKIE: owner_session}
    page = http_get(base + "/accounts", cookies=cookies)
    assert page.status == 200, f"the owner's Accounts screen: {page.status}"
    fields = {"csrf": page.form_token(), "name": account.name, "password": account.password, "repeated": account.password}
    answer = http_post(base + "/accounts", fields, cookies=cookies)
    assert answer.status == 200 and f"Added {account.name}." in answer.text, f"adding {account.name}: {answer.status}"


def csp_directives(policy: str) -> dict[str, list[str]]:
    directives: dict[str, list[str]] = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            directives[words[0].lower()] = words[1:]
    return directives


MASTER_MARKER = re.compile(r'<aside[^>]*\bid="master"')
APP_TABS_MARKER = re.compile(r'<nav[^>]*\bid="app-tabs"')
SHELL_MARKERS = (
    re.compile(r'<main[^>]*\bid="detail"'),
    re.compile(r'<h2[^>]*\bid="detail-title"'),
    re.compile(r'<link[^>]*rel="stylesheet"[^>]*href="/static/'),
)


def missing_shell_parts(html: str, master: bool = True) -> list[str]:
    """The parts of the shell a page lacks: with `master`, the list and the app tabs with the
    account's too (a signed-in person's pages); without, the detail pane alone (a page of its own)."""
    markers = SHELL_MARKERS + ((MASTER_MARKER, APP_TABS_MARKER) if master else ())
    return [marker.pattern for marker in markers if not marker.search(html)]


def basemap_tile(server, tile: str) -> dict:
    """The number of parts in each layer of a basemap tile as the server sends it (see
    scripts/make-basemap-tiles.py for the format), and its places to name as (name, the zoom it
    is named from, people); {} for the open sea (204, no content)."""
    answer = http_get(server(f"/map/basemap/{tile}"))
    if answer.status == 204:
        assert answer.body == b""
        return {}
    assert answer.status == 200 and answer.header("Content-Type") == "application/octet-stream", answer.status
    body = zlib.decompress(answer.body, 16 + zlib.MAX_WBITS)
    assert body[:4] == b"RTB2"
    at, counts = 4, {}
    for layer in ("land", "rivers", "borders"):
        (count,) = struct.unpack_from("<I", body, at)
        at += 4
        counts[layer] = count
        for _ in range(count):
            (points,) = struct.unpack_from("<I", body, at)
            at += 4
            for _ in range(points * 2):  # varints: the last byte of each under 0x80
                while body[at] & 0x80:
                    at += 1
                at += 1
    (count,) = struct.unpack_from("<I", body, at)
    at += 4
    counts["places"] = []
    for _ in range(count):
        u, v, named_from, people, length = struct.unpack_from("<HHBIB", body, at)
        assert u <= 16383 and v <= 16383, (u, v)
        counts["places"].append((body[at + 10:at + 10 + length].decode("utf-8"), named_from, people))
        at += 10 + length
    assert at == len(body), "nothing after the places"
    return counts
