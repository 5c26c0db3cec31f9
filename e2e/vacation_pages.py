"""The Vacations screens (issue 6) as the tests see them: the list and Add (a screen of its own
on a phone, a popover on a tablet), a vacation's menu, Visit and Unvisit in the photo viewer,
the itinerary, the tags, the book; and what the tests set up over HTTP.

The vacation tests share a server of their own, `vacation_server` (the demo photos, owner and
member as on the session's server; one per pytest worker, started when a test first asks for
it), so that the session's data stays as the other tests expect; each test works as an account
of its own (`traveller`, a name no other test uses), so that tests and layouts never see each
other's vacations, tags or Recents.
"""

from __future__ import annotations

import re
import sqlite3
import time
from pathlib import Path

import pytest

from conftest import RoadTripServer
from pages import SESSION_COOKIE, Account, add_account_over_http, http_get, http_post, sign_in_over_http, text_content
from photo_pages import DEMO_PHOTOS, MASTER_BACK, PhotoScreens, own_photo_server, photo_ids  # noqa: F401 (MASTER_BACK for the tests)

LAYOUTS = ["phone", "tablet-portrait", "tablet-landscape"]

# --------------------------------------------------------------------------------------
# What the pages are made of (Sources/RoadTripWeb/Views/Vacations, Assets/app.js)

LIST = "#master-content nav.vacation-list"
LIST_ROWS = f"{LIST} a.row.vacation-row"
ADD = f"{LIST} a.add-vacation"
IMPORT = f'{LIST} .list-actions a[href="/vacations/import"]'
EMPTY_LIST = f"{LIST} .empty-note"

POPOVER = "dialog.popover"
POPOVER_CLOSE = f"{POPOVER} button.popover-close"
NAME_FORM = "form.vacation-form"
NAME_FIELD = "#vacation-name"
FIELD_ERROR = ".field-error"
ALERT = 'div.alert[role="alertdialog"]'
ALERT_BACK = f"{ALERT} a.alert-back"

MENU = "#master-content section.vacation-menu"
MENU_ITINERARY = f"{MENU} a.vacation-itinerary"
MENU_TAGS = f"{MENU} a.vacation-tags"
MENU_ALL = f"{MENU} a.vacation-all-photos"
MENU_BOOK = f"{MENU} a.vacation-book"
EXPORT = f"{MENU} a.export"
DELETE = f"{MENU} a.delete"
CONFIRM = "#detail section.confirm"

ITINERARY_ROWS = "#master-content section.itinerary a.row.itinerary-place"
TAG_SEARCH = "#master-content section.vacation-tags form.search-form"
TAG_ROWS = "#master-content section.vacation-tags a.row.tag-row"
VACATION_GRID = "#master-content section.photo-grid-screen"
VACATION_CELLS = f"{VACATION_GRID} ul.photo-grid a.photo-cell"

VISITS = "#detail section.photo-viewer div.photo-visits"
VISIT = f"{VISITS} a.visit"
UNVISIT = f"{VISITS} a.unvisit"
VISITED_IN = f"{VISITS} p.visited-in"
CHOICES = "section.visit-choice button.row.choice"
NEW_VISIT_FORM = "section.visit-choice form.new-vacation-visit"
ADD_TAG = "#detail details.photo-info form.add-tag"
TAG_CHIPS = "#detail details.photo-info ul.tag-chips .tag-chip"

IMPORT_FORM = '#detail section.vacation-import form[action^="/vacations/import?upload="]'
IMPORT_ERROR = "#detail section.vacation-import .notice.error"

BOOK = "section#book"

BLANK_NAME = "Give the vacation a name."


def already_exists(name: str) -> str:
    return f"A vacation called “{name}” already exists."


def demo(title: str):
    return next(photo for photo in DEMO_PHOTOS if photo.title == title)


def caption(title: str) -> str:
    """A book page's caption as VacationBookPage writes it: "Title · 19 Oct 2024, 18:03 — description"."""
    photo = demo(title)
    day, time = photo.taken_at.split("T")
    year, month, date = day.split("-")
    months = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
    text = f"{title} · {int(date)} {months[int(month) - 1]} {year}, {time[:5]}"
    return text + (f" — {photo.description}" if photo.description else "")


# --------------------------------------------------------------------------------------
# The server and the accounts


@pytest.fixture(scope="session")
def vacation_server(artifacts: Path, server):
    """A server with the demo photos for the vacation tests (see the module's notes). Depends
    on `server` so that the session's browsers outlive it."""
    yield from own_photo_server(artifacts, "vacations")


def traveller(server: RoadTripServer, name: str) -> tuple[Account, str]:
    """An account of the test's own, added by the owner, and a session of it."""
    account = Account(name, "a long enough password")
    add_account_over_http(server.url, server.owner_session, account)
    return account, sign_in_over_http(server.url, account)


def browser_as(browser, layout: str, server: RoadTripServer, session: str, javascript: bool = True):
    """The layout's browser on `server`, signed in with `session` (its cookie put in the jar)."""
    b = browser(layout, javascript=javascript, server=server, signed_in=False)
    b.set_cookie(SESSION_COOKIE, session)
    return b


def vacations_of(server: RoadTripServer, account: str) -> dict[str, int]:
    """The account's vacations by name, read from the catalogue in library.sqlite."""
    rows = server.query(
        "SELECT v.name, v.id FROM vacations v JOIN accounts a ON a.id = v.account_id WHERE a.name = ?", account
    )
    return dict(rows)


VACATION_TABLES = ("vacation_photos", "vacation_places", "vacation_tags", "vacation_photo_tags")


def vacation_rows(server: RoadTripServer, vacation: int | None = None) -> dict[str, int]:
    """How many rows the library's vacation tables hold, for one vacation or for all: a vacation
    lives in the library, not in a file of its own."""
    where = "" if vacation is None else " WHERE vacation_id = ?"
    parameters = () if vacation is None else (vacation,)
    return {table: server.query(f"SELECT count(*) FROM {table}{where}", *parameters)[0][0] for table in VACATION_TABLES}


def import_leftovers(server: RoadTripServer) -> list[Path]:
    """What imports left in the data folder: nothing once they are done, checked or refused."""
    imports = server.data / "cache" / "imports"
    return sorted(imports.iterdir()) if imports.exists() else []


# --------------------------------------------------------------------------------------
# Over HTTP: what a test sets up before it opens a browser


def _form_token(server: RoadTripServer, session: str, path: str) -> str:
    page = http_get(server(path), cookies={SESSION_COOKIE: session})
    assert page.status == 200, f"{path}: {page.status}"
    return page.form_token()


def create_over_http(server: RoadTripServer, session: str, name: str) -> int:
    """Add a vacation the way the Add form does; its id."""
    answer = http_post(
        server("/vacations/new"), {"csrf": _form_token(server, session, "/vacations/new"), "name": name}, cookies={SESSION_COOKIE: session}
    )
    location = answer.header("Location") or ""
    match = re.fullmatch(r"/vacations/(\d+)", location)
    assert answer.status == 303 and match, f"adding the vacation {name!r}: {answer.status} {location} {answer.text[:300]}"
    return int(match.group(1))


def visit_over_http(server: RoadTripServer, session: str, photo: int, vacation: int) -> None:
    """Visit a photo into a vacation the way the viewer's Visit list does."""
    fields = {"csrf": _form_token(server, session, f"/photos/{photo}/visit"), "vacation": str(vacation)}
    answer = http_post(server(f"/photos/{photo}/visit"), fields, cookies={SESSION_COOKIE: session})
    assert answer.status == 303, f"visiting photo {photo} into vacation {vacation}: {answer.status} {answer.text[:300]}"


def unvisit_over_http(server: RoadTripServer, session: str, photo: int, vacation: int) -> None:
    fields = {"csrf": _form_token(server, session, f"/photos/{photo}/unvisit"), "vacation": str(vacation)}
    answer = http_post(server(f"/photos/{photo}/unvisit"), fields, cookies={SESSION_COOKIE: session})
    assert answer.status == 303, f"unvisiting photo {photo} from vacation {vacation}: {answer.status} {answer.text[:300]}"


def vacation_with(server: RoadTripServer, session: str, name: str, titles: list[str]) -> int:
    """A vacation holding the demo photos of `titles`, visited in that order; its id."""
    ids = photo_ids(server)
    vacation = create_over_http(server, session, name)
    for title in titles:
        visit_over_http(server, session, ids[title], vacation)
    return vacation


def share_link_over_http(server: RoadTripServer, session: str, vacation: int, **fields: str) -> str:
    """Make a link the way Share… does (its switches as posted: "on" or absent); the link's path, /s/<token>."""
    posted = {"csrf": _form_token(server, session, f"/vacations/{vacation}/share"), "expiry": "month", **fields}
    answer = http_post(server(f"/vacations/{vacation}/share"), posted, cookies={SESSION_COOKIE: session})
    match = re.search(r'class="link-address" type="text" value="http://[^/"]+(/s/[A-Za-z0-9_-]{24})"', answer.text)
    assert answer.status == 201 and match, f"making a link to vacation {vacation}: {answer.status} {answer.text[:300]}"
    return match.group(1)


def share_with_over_http(server: RoadTripServer, session: str, vacation: int, account: int, role: str) -> None:
    """Share the vacation with another account of the household the way Share… does."""
    fields = {"csrf": _form_token(server, session, f"/vacations/{vacation}/share"), "account": str(account), "role": role}
    answer = http_post(server(f"/vacations/{vacation}/share/people"), fields, cookies={SESSION_COOKIE: session})
    assert answer.status == 303, f"sharing vacation {vacation} with account {account}: {answer.status} {answer.text[:300]}"


def stop_link_over_http(server: RoadTripServer, session: str, vacation: int) -> None:
    """Stop sharing the vacation's newest link, as its Stop sharing button does."""
    page = http_get(server(f"/vacations/{vacation}/share"), cookies={SESSION_COOKIE: session})
    link = re.search(r'action="(/vacations/\d+/share/links/\d+/stop)"', page.text).group(1)
    answer = http_post(server(link), {"csrf": page.form_token()}, cookies={SESSION_COOKIE: session})
    assert answer.status == 303, f"stopping {link}: {answer.status}"


# --------------------------------------------------------------------------------------
# The screens in a browser


class VacationScreens(PhotoScreens):
    """The shell and the photo screens, with the Vacations screens' parts."""

    @property
    def popovers(self) -> bool:
        """Whether this screen opens popover links in a dialog (app.js: 700 px wide or more)."""
        return self.driver.execute_script("return matchMedia('(min-width: 700px)').matches")

    def popover_open(self) -> bool:
        return self.driver.execute_script("return !!document.querySelector(arguments[0])?.open", POPOVER)

    def focused(self) -> str:
        """The focused element, as `tag#id.class`."""
        return self.driver.execute_script(
            "const e = document.activeElement; return e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + "
            "[...e.classList].map(c => '.' + c).join('')"
        )

    def open_popover_link(self, css: str) -> str:
        """Follow a popover link (Add vacation, Visit…, Unvisit…): a dialog over the screen on a
        tablet, and on a phone too for a link that opens as a sheet there (Visit…, Unvisit…), the
        address as it was; else a screen of its own on a phone (a pane swap). Returns the container
        its form is in."""
        before = self.path()
        link = self.find(css)
        href = link.get_attribute("href")
        in_dialog = self.popovers or "sheet-on-phone" in (link.get_attribute("class") or "").split()
        self.mark_document()
        self.click(css)
        if in_dialog:
            self.wait(self.popover_open, f"{css} should open a popover on {self.where()}")
            assert self.path() == before, "a popover leaves the address as it was"
            assert text_content(self.find(POPOVER_CLOSE)) == "Cancel"
        else:
            self.wait_path(href.removeprefix(self.browser.server.url))
            self.wait(lambda: self.screen() == "detail", "the form is a screen of its own")
            assert self.same_document(), "the form's screen is swapped in, not loaded"
            assert not self.find_all(POPOVER), "no dialog on a phone"
        self.browser.settle()
        return POPOVER if in_dialog else "#detail"

    def wait_popover_closed(self) -> None:
        self.wait(lambda: not self.find_all(POPOVER), "the popover should close")

    def press_submit(self, form: str) -> None:
        """Press a form's submit button (the dialog's post is a fetch; a screen's a page load)."""
        self.click(f"{form} button[type=submit]")

    # The list and the menu

    def open_list(self) -> None:
        self.browser.open("/vacations")
        self.show_master()

    def list_rows(self) -> list[tuple[str, str]]:
        return self.rows(LIST_ROWS)

    def menu(self) -> dict[str, str | None]:
        """A vacation's menu: the detail of each entry (None when it is not there)."""

        def detail(css: str) -> str | None:
            found = self.find_all(css)
            return text_content(found[0].find_element("css selector", ".row-detail")) if found else None

        return {
            "itinerary": detail(MENU_ITINERARY),
            "tags": detail(MENU_TAGS),
            "all photos": detail(MENU_ALL),
            "book": detail(MENU_BOOK),
        }

    def wait_menu(self, vacation: int, name: str) -> None:
        self.wait_path(f"/vacations/{vacation}")
        self.wait(lambda: self.find_all(MENU) and self.find(MENU).get_attribute("aria-label") == name, f"the menu of {name} should show")
        self.show_master()

    # The viewer

    def visited_in(self) -> list[str]:
        """The vacations the viewer says hold the photo ("In A, B"), [] when it says nothing."""
        found = self.driver.execute_script(
            "const p = document.querySelector(arguments[0]);"
            "return p && [p.textContent.trim(), [...p.querySelectorAll('a')].map(a => a.textContent.trim())]",
            VISITED_IN,
        )
        if not found:
            return []
        text, names = found
        assert text == "In " + ", ".join(names), f"the viewer should say “In …”, not {text!r}"
        return names

    def wait_visited_in(self, names: list[str]) -> None:
        self.wait(lambda: self.visited_in() == names, f"the viewer should say the photo is in {names}, not {self.visited_in()}")

    def choices(self, container: str) -> list[str]:
        return [text_content(button) for button in self.find_all(f"{container} {CHOICES}")]

    def choose(self, container: str, name: str) -> None:
        for button in self.find_all(f"{container} {CHOICES}"):
            if text_content(button) == name:
                self.browser.settle()
                button.click()
                return
        raise AssertionError(f"no choice {name!r} in {self.choices(container)}")

    def tag_chips(self) -> list[str]:
        return self.driver.execute_script("return [...document.querySelectorAll(arguments[0])].map(e => e.textContent.trim())", TAG_CHIPS)

    # Grids

    def vacation_grid(self) -> list[str]:
        return [text_content(cell.find_element("css selector", ".photo-caption")) for cell in self.find_all(VACATION_CELLS)]

    def grid_heading(self) -> str:
        return text_content(self.find(f"{VACATION_GRID} .grid-heading h2"))


# --------------------------------------------------------------------------------------
# Export and import: the downloaded document, and a vacation's photos as its grid lists them


def download(b, click, folder: Path, timeout: float = 15) -> Path:
    """Click something that downloads a file into `folder` (Chrome told so through DevTools, for
    this click only); the file once complete."""
    b.driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(folder)})
    try:
        click()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            done = [f for f in folder.iterdir() if not f.name.endswith(".crdownload")]
            if done and not any(folder.glob("*.crdownload")):
                return done[0]
            time.sleep(0.05)
        raise AssertionError(f"no download arrived in {folder}: {list(folder.iterdir())}")
    finally:
        b.driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "default"})


def document_photos(path: Path) -> list[str]:
    """The titles a vacation document holds, sorted, once SQLite has checked the file whole."""
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        assert connection.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        return sorted(title for (title,) in connection.execute("SELECT title FROM photos"))
    finally:
        connection.close()


def all_photos(screens: VacationScreens, vacation: int) -> list[str]:
    """From the vacation's menu on screen, its All photos grid: the captions in order."""
    screens.show_master()
    screens.click(MENU_ALL)
    screens.wait_path(f"/vacations/{vacation}/photos")
    screens.wait(lambda: screens.grid_heading() == "All photos", "the vacation's photos")
    return screens.vacation_grid()


# --------------------------------------------------------------------------------------
# The book (book.js on the Events book's markup, one photo per page)

BOOK_STATE = """
const book = document.getElementById('book');
if (!book) return null;
const visible = (e) => e && e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden'
  && e.getBoundingClientRect().width > 0;
const control = (rel) => [...book.querySelectorAll('.book-' + rel)].find(visible);
const indicator = [...book.querySelectorAll('.book-indicator')].find(visible);
const shown = [...book.querySelectorAll('.book-stage > article.book-page')].filter(visible)
  .sort((a, b) => a.getBoundingClientRect().left - b.getBoundingClientRect().left);
return {
  live: book.classList.contains('live'),
  page: Number(book.dataset.page),
  pages: Number(book.dataset.pages),
  turning: book.dataset.turning || null,
  layout: book.dataset.layout || null,
  indicator: indicator ? indicator.textContent.trim() : null,
  next: control('next') ? {disabled: control('next').getAttribute('aria-disabled') === 'true'} : null,
  shown: shown.map(e => Number(e.dataset.page)),
  captions: shown.map(e => e.querySelector('figcaption.book-caption')?.textContent.trim() ?? null),
  images: shown.map(e => { const i = e.querySelector('figure.book-photo img'); return !!i && i.complete && i.naturalWidth > 0; }),
  boxes: shown.map(e => e.getBoundingClientRect().toJSON()),
  path: location.pathname,
  data: {...book.dataset},  // for a failure's message: the drawn edge, refusals
};
"""


def book_state(screens: VacationScreens) -> dict | None:
    return screens.driver.execute_script(BOOK_STATE)

