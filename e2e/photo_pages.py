"""The photo screens (issue 5) as the tests see them: Places, a place's grid, the viewer,
Recents, Upload; the photo libraries the tests use; and the servers that hold them.

- The session's `server` has the demo photos only (Sources/RoadTrip/Photos/DemoPhotos.swift,
  drawn and imported on its first start): `DEMO_PHOTOS` below, filed by the gazetteer under
  Manhattan, New York City, Mill Valley and San Francisco, and "IMG_0042" with no position.
- `photo_server` (session-wide, made here) has the demo photos and `world_photos()`: generated JPEGs
  (photo_files.py) imported with `roadtrip import` before its first start, in seven countries,
  60 of them in Lisbon (more than one page of a grid), names with accents (Évora, Zürich,
  São Paulo, Reykjavík). Its owner is Morgan and its member Robin, as on the session's server.
  Tests that change a library (setting a place, uploads) use servers of their own.
"""

from __future__ import annotations

import shutil
import sqlite3
import subprocess
import tempfile
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.interaction import POINTER_MOUSE, POINTER_TOUCH
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
from selenium.webdriver.common.keys import Keys

from conftest import RoadTripServer, data_folder, made_once, roadtrip_binary, worker_suffix
from pages import MASTER, MEMBER, OPEN_MASTER, OWNER, Shell, add_account_over_http, text_content
from photo_files import PhotoFacts, write_jpeg

# --------------------------------------------------------------------------------------
# What the pages are made of (Sources/RoadTripWeb/Views/Photos, Views/Shell.swift)

TABS = "nav#tab-bar a.tab"
MASTER_TITLE = "aside#master header#master-bar .bar-title"
MASTER_BACK = "aside#master header#master-bar a.master-back"
SEARCH = "#master-content form.search-form"
SEGMENTS = "#master-content .segmented a.segment"
PLACE_SECTIONS = "#master-content nav.place-list section.place-section"
PLACE_ROWS = "#master-content a.row.place-row"
TOP_PLACES = "#master-content ul.top-places a.row.place-row"
NO_LOCATION = "#master-content ul.no-location a.row"
FIND_RESULTS = "#master-content ul.find-results a.row.place-row"
RESULT_COUNT = "#master-content .result-count"
UPLOAD_BUTTON = "#master-content .list-actions a.button"
GRID = "#master-content ul.photo-grid"
GRID_CELLS = f"{GRID} > li > a.photo-cell"
GRID_HEADING = "#master-content .grid-heading"
MORE_PHOTOS = "#master-content p.grid-more a.more-photos"
RECENT_ROWS = "#master-content a.row.recent-row"

VIEWER = "#detail section.photo-viewer"
STAGE = f"{VIEWER} div.photo-stage"
IMAGE = f"{STAGE} img.photo-image"
SPINNER = f"{STAGE} div.spinner"
PREVIOUS = f"{VIEWER} a.photo-previous"
NEXT = f"{VIEWER} a.photo-next"
ZOOM_IN = f"{VIEWER} .zoom-controls button.zoom-in"
ZOOM_OUT = f"{VIEWER} .zoom-controls button.zoom-out"
ZOOM_LEVEL = f"{VIEWER} .zoom-controls .zoom-level"
INFO = f"{VIEWER} details.photo-info"

UPLOAD_FORM = "#detail form.upload-form"
UPLOAD_INPUT = f"{UPLOAD_FORM} input[type=file]"
DROP_ZONE = f"{UPLOAD_FORM} .drop-zone"
UPLOAD_ITEMS = "#detail ol.upload-list li.upload-item"
UPLOAD_SUMMARY = "#detail .upload-summary"
UPLOAD_TOTALS = "#detail .upload-result .upload-totals"  # the page after a post without JavaScript
UPLOAD_OUTCOMES = "#detail .upload-result li.upload-outcome"

NOT_AN_IMAGE = "not a photo or video RoadTrip takes (JPEG, PNG, WebP, HEIC, MP4, MOV, M4V, 3GP, WebM or Matroska)"
MIN_SCALE, MAX_SCALE = 0.1, 10.0


def folded(text: str) -> str:
    """A name as a person sorts it: accents and case ignored (Évora between Basel and Kyoto)."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


# --------------------------------------------------------------------------------------
# The libraries


@dataclass(frozen=True)
class LibraryPhoto:
    title: str  # the file name without its extension: the importer's title
    place: str | None  # the place the gazetteer files it under
    country: str | None
    taken_at: str
    camera: str | None = None
    description: str | None = None
    latitude: float | None = None
    longitude: float | None = None
    size: tuple[int, int] = (96, 64)  # of a generated photo


# The demo library (DemoPhotos.swift), as the gazetteer files it.
DEMO_PHOTOS = (
    LibraryPhoto("Central Park", "Manhattan", "United States", "2024-10-19T09:12:40", "Fujifilm X-T5", "Bow Bridge on an autumn morning", 40.7752, -73.9716),
    LibraryPhoto("Brooklyn Bridge", "New York City", "United States", "2024-10-19T18:03:11", "Fujifilm X-T5", "Walking across at sunset", 40.7061, -73.9969),
    LibraryPhoto("Times Square", "New York City", "United States", "2024-10-20T21:40:05", "Apple iPhone 15 Pro", None, 40.7580, -73.9855),
    LibraryPhoto("The High Line", "New York City", "United States", "2024-10-21T11:25:00", "Apple iPhone 15 Pro", "Gardens on the old rail line", 40.7480, -74.0048),
    LibraryPhoto("Golden Gate Bridge", "San Francisco", "United States", "2025-05-03T07:45:12", "Sony ILCE-7M4", "Fog rolling in over the towers", 37.8199, -122.4783),
    LibraryPhoto("Painted Ladies", "San Francisco", "United States", "2025-05-03T16:20:48", "Sony ILCE-7M4", "Alamo Square", 37.7763, -122.4328),
    LibraryPhoto("Ferry Building", "San Francisco", "United States", "2025-05-04T10:02:33", "Google Pixel 8", None, 37.7955, -122.3937),
    LibraryPhoto("Muir Woods", "Mill Valley", "United States", "2025-05-05T13:14:15", "Sony ILCE-7M4", "Redwoods, quiet trail", 37.8970, -122.5811),
    LibraryPhoto("IMG_0042", None, None, "2025-06-01T12:00:00", "Apple iPhone 15 Pro", "A photo without a position"),
)
DEMO_SIZE = (1600, 1200)
US_REGIONS = {"Manhattan": "New York", "New York City": "New York", "San Francisco": "California", "Mill Valley": "California"}


def demo_photos(place: str | None) -> list[LibraryPhoto]:
    """The demo photos of a place (None: no location), newest first as a grid shows them."""
    return sorted((p for p in DEMO_PHOTOS if p.place == place), key=lambda p: p.taken_at, reverse=True)


# Places of the generated library: (place, country, latitude, longitude of the GeoNames place, titles).
LISBON_COUNT = 60
WORLD_PLACES = (
    ("Lisbon", "Portugal", 38.7251, -9.1498, [f"Lisbon {n:02d}" for n in range(1, LISBON_COUNT + 1)]),
    ("Porto", "Portugal", 41.1485, -8.611, ["Ribeira", "Dom Luís I Bridge"]),
    ("Évora", "Portugal", 38.5659, -7.904, ["Temple of Diana"]),
    ("Zürich", "Switzerland", 47.3667, 8.55, ["Lake Zurich", "Grossmünster"]),
    ("Basel", "Switzerland", 47.5584, 7.5733, ["Rhine ferry"]),
    ("São Paulo", "Brazil", -23.5475, -46.6361, ["Avenida Paulista"]),
    ("Tokyo", "Japan", 35.6895, 139.6917, ["Shibuya crossing", "Senso-ji", "Tokyo Tower", "Ueno Park"]),
    ("Kyoto", "Japan", 35.0211, 135.7538, ["Fushimi Inari"]),
    ("Reykjavík", "Iceland", 64.1355, -21.8954, ["Hallgrímskirkja"]),
    ("Paris", "France", 48.8534, 2.3488, ["Pont Neuf"]),  # 48 × 32: a photo far smaller than any view
)


def world_photos() -> list[LibraryPhoto]:
    """The generated photos, one hour apart (so newest first is the reverse of this list)."""
    photos, start, index = [], datetime(2023, 6, 1, 8, 0, 0), 0
    for place, country, latitude, longitude, titles in WORLD_PLACES:
        for title in titles:
            taken = (start + timedelta(hours=index)).strftime("%Y-%m-%dT%H:%M:%S")
            size = (48, 32) if title == "Pont Neuf" else (96, 64)
            photos.append(LibraryPhoto(title, place, country, taken, "Canon EOS R6", None, latitude, longitude, size))
            index += 1
    return photos


def facts(photo: LibraryPhoto) -> PhotoFacts:
    make, _, model = (photo.camera or "").partition(" ")
    return PhotoFacts(photo.taken_at, photo.latitude, photo.longitude, make or None, model or None, photo.description)


def write_photos(folder: Path, photos: list[LibraryPhoto], first_colour: int = 0) -> list[Path]:
    """Each photo as a small JPEG named after its title (the importer's title), colours all different."""
    return [write_jpeg(folder / f"{photo.title}.jpg", facts(photo), first_colour + i, photo.size) for i, photo in enumerate(photos)]


def import_folder(data: Path, folder: Path) -> str:
    """`roadtrip import FOLDER --data DATA`; its output."""
    done = subprocess.run(
        [str(roadtrip_binary()), "import", str(folder), "--data", str(data)], capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, f"roadtrip import failed: {done.stdout} {done.stderr}"
    return done.stdout + done.stderr


def place_counts(photos) -> dict[tuple[str, str], int]:
    counts: dict[tuple[str, str], int] = {}
    for photo in photos:
        if photo.place:
            counts[(photo.place, photo.country)] = counts.get((photo.place, photo.country), 0) + 1
    return counts


def subtitle(place: str, country: str, count: int) -> str:
    region = US_REGIONS.get(place)
    where = f"{region}, {country}" if region else country
    return f"{where} · {count} photo{'s' if count != 1 else ''}"


@pytest.fixture(scope="session")
def photo_server(artifacts: Path, server):
    """The demo photos and the generated world library (see the module's notes). Depends on
    `server` so that the browsers (quit after it) never outlive their servers' sign-ins."""
    library = made_once("world-library", _make_world_library)
    data = Path(tempfile.mkdtemp(prefix="roadtrip-e2e-photos-"))
    shutil.copytree(library, data, dirs_exist_ok=True)
    log_path = artifacts / f"server-photos{worker_suffix()}.log"
    log_path.unlink(missing_ok=True)
    running = RoadTripServer(roadtrip_binary(), data, log_path).start().set_up(OWNER)
    add_account_over_http(running.url, running.owner_session, MEMBER)
    running.photos = world_photos() + list(DEMO_PHOTOS)
    yield running
    status = running.stop()
    shutil.rmtree(data, ignore_errors=True)
    assert status == 0, f"the photo server should exit 0 after SIGTERM, not {status}. Log: {log_path}"


def _make_world_library(data: Path) -> None:
    """The started data folder with the world's photos imported (once per run: `made_once`)."""
    data_folder(data)
    folder = Path(tempfile.mkdtemp(prefix="roadtrip-e2e-photo-files-"))
    write_photos(folder, world_photos())
    report = import_folder(data, folder)
    assert f"Imported {len(world_photos())}, already there 0, refused 0." in report, report
    shutil.rmtree(folder, ignore_errors=True)
    # The import leaves its write-ahead log: moved into the database, so that copies are one file.
    connection = sqlite3.connect(data / "library.sqlite", isolation_level=None)
    try:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()
    assert not list(data.glob("library.sqlite-*")), "the library's database should be closed whole"


def own_photo_server(artifacts: Path, name: str, arguments: tuple[str, ...] = ()):
    """A generator for a fixture of a wider scope than `start_server`'s: a fresh server with the
    demo photos only, set up like the session's (owner and member), stopped at the end;
    `arguments` are more of `roadtrip serve`'s."""
    data = data_folder(prefix=f"roadtrip-e2e-{name}-")
    log_path = artifacts / f"server-{name}{worker_suffix()}.log"
    log_path.unlink(missing_ok=True)
    running = RoadTripServer(roadtrip_binary(), data, log_path, arguments).start().set_up(OWNER)
    add_account_over_http(running.url, running.owner_session, MEMBER)
    yield running
    status = running.stop()
    shutil.rmtree(data, ignore_errors=True)
    assert status == 0, f"the {name} server should exit 0 after SIGTERM, not {status}. Log: {log_path}"


def photo_ids(server: RoadTripServer) -> dict[str, int]:
    """Photo ids by title, read from the server's database."""
    return {title: id for id, title in server.query("SELECT id, title FROM photos")}


def place_ids(server: RoadTripServer) -> dict[str, int]:
    return {name: id for id, name in server.query("SELECT id, name FROM places")}


# --------------------------------------------------------------------------------------
# The screens in a browser


class PhotoScreens(Shell):
    """The shell with the photo screens' parts and gestures."""

    # The master column

    def show_master(self) -> None:
        """The master column on screen: beside the detail, a phone's list screen, or the portrait overlay."""

        def on_screen() -> bool:
            if self.shown(MASTER):
                return True
            if self.shown(OPEN_MASTER):  # tablet portrait: the top bar's button (again, if a swap raced it)
                self.find(OPEN_MASTER).click()
                # Not again while the overlay slides in: a second press would close it (seen once
                # in a full run: the place's row then pressed as it slid away).
                self.browser.settle()
            return False

        self.wait(on_screen, f"the master column should be on screen on {self.where()}")
        self.browser.settle()

    def tabs(self) -> list[tuple[str, bool]]:
        return [(text_content(tab), tab.get_attribute("aria-current") == "page") for tab in self.find_all(TABS)]

    def current_tab(self) -> str | None:
        """The tab marked current, after checking the bar starts Places | Timeline | Recents (more may follow)."""
        tabs = self.tabs()
        assert [label for label, _ in tabs][:3] == ["Places", "Timeline", "Recents"], f"the tab bar: Places | Timeline | Recents | …: {tabs}"
        current = [label for label, is_current in tabs if is_current]
        assert len(current) <= 1, f"one current tab at most: {tabs}"
        return current[0] if current else None

    def place_sections(self) -> list[tuple[str, list[tuple[str, str]]]]:
        """(country, [(city, subtitle)]) of the Places screen by country."""
        found = self.driver.execute_script(
            """
            return [...document.querySelectorAll(arguments[0])].map(section => [
              section.querySelector('h2.section-title').textContent.trim(),
              [...section.querySelectorAll('a.row.place-row')].map(row => [
                row.querySelector('.row-title').textContent.trim(), row.querySelector('.row-subtitle').textContent.trim()])]);
            """,
            PLACE_SECTIONS,
        )
        return [(country, [tuple(row) for row in rows]) for country, rows in found]

    def rows(self, css: str) -> list[tuple[str, str]]:
        """(title, subtitle) of the rows matching `css`."""
        return [tuple(row) for row in self.driver.execute_script(
            """
            return [...document.querySelectorAll(arguments[0])].map(row => [
              row.querySelector('.row-title').textContent.trim(), (row.querySelector('.row-subtitle')?.textContent || '').trim()]);
            """,
            css,
        )]

    def grid(self) -> list[tuple[int, str]]:
        """(photo id, caption) of the grid's cells, in order."""
        return [
            (int(cell[0]), cell[1])
            for cell in self.driver.execute_script(
                "return [...document.querySelectorAll(arguments[0])].map(a => [a.dataset.photoId, a.querySelector('.photo-caption').textContent.trim()])",
                GRID_CELLS,
            )
        ]

    def grid_titles(self) -> list[str]:
        return [title for _, title in self.grid()]

    def current_cells(self) -> list[int]:
        return [int(c.get_attribute("data-photo-id")) for c in self.find_all(f'{GRID_CELLS}[aria-current="page"]')]

    def cell(self, photo_id: int) -> str:
        return f'{GRID_CELLS}[data-photo-id="{photo_id}"]'

    def scroll_master_down(self) -> None:
        """Turn the wheel over the master list until it is at its end (the end moves when more load)."""
        content = self.find("#master-content")
        for _ in range(40):
            at_end = self.driver.execute_script("const e = arguments[0]; return e.scrollTop + e.clientHeight >= e.scrollHeight - 2", content)
            if at_end:
                return
            ActionChains(self.driver).scroll_from_origin(ScrollOrigin.from_element(content), 0, 600).perform()
        raise AssertionError("the master list did not scroll to its end")

    def open_cell(self, photo_id: int) -> None:
        """Tap a photo of the grid, scrolled into view first (a long grid)."""
        element = self.find(self.cell(photo_id))
        self.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
        self.click(self.cell(photo_id))

    # The viewer

    def viewer(self) -> dict:
        """The viewer's state: its photo, the scale photo-viewer.js rendered, the stage and the image on screen."""
        return self.driver.execute_script(
            """
            const root = document.querySelector(arguments[0]);
            if (!root) return null;
            const stage = root.querySelector('.photo-stage'), image = stage.querySelector('.photo-image');
            const spinner = stage.querySelector('.spinner');
            const box = (e) => { const r = e.getBoundingClientRect(); return {x: r.x, y: r.y, width: r.width, height: r.height}; };
            return {
              id: Number(root.dataset.photoId), width: Number(root.dataset.width), height: Number(root.dataset.height),
              previewSize: Number(root.dataset.previewSize), originalPath: root.dataset.original || null,
              scale: stage.dataset.scale === undefined ? null : Number(stage.dataset.scale),
              fill: stage.dataset.fillScale === undefined ? null : Number(stage.dataset.fillScale),
              stageWidth: stage.clientWidth, stageHeight: stage.clientHeight,
              stage: box(stage), image: box(image), src: image.currentSrc || image.src,
              loaded: image.complete && image.naturalWidth > 0, original: stage.dataset.original || null,
              spinnerShown: !spinner.hidden && getComputedStyle(spinner).display !== 'none',
              level: root.querySelector('.zoom-level')?.textContent.trim() || '',
              previous: stage.dataset.previous, next: stage.dataset.next,
            };
            """,
            VIEWER,
        )

    def wait_viewer(self, photo_id: int, title: str) -> dict:
        """The photo in the viewer, loaded, laid out by photo-viewer.js, with its title in the detail's bar."""
        self.wait(lambda: (self.viewer() or {}).get("id") == photo_id, f"the viewer should show photo {photo_id} ({title})")
        self.wait(lambda: self.detail_title() == title, f"the detail's title should be {title!r}, not {self.detail_title()!r}")
        self.wait(lambda: self.viewer()["loaded"], f"the photo {title} should load")
        self.wait(lambda: self.viewer()["scale"] is not None, "photo-viewer.js should lay the photo out (data-scale)")
        self.wait(lambda: not self.viewer()["spinnerShown"], "the spinner should hide once the photo is in")
        self.browser.settle()
        return self.viewer()

    def scale(self) -> float:
        return self.viewer()["scale"]

    def wait_scale(self, condition, message: str) -> float:
        self.wait(lambda: condition(self.scale()), f"{message} (scale {self.scale()})")
        return self.scale()

    def focus_stage(self) -> None:
        self.driver.execute_script("document.querySelector(arguments[0]).focus()", STAGE)

    def press(self, keys: str) -> None:
        """Keys as a person types them, to whatever has the focus."""
        ActionChains(self.driver).send_keys(keys).perform()

    def wheel(self, delta_y: int, ctrl: bool = False) -> None:
        """A real wheel turn over the middle of the stage (ctrl: a trackpad pinch)."""
        stage = self.find(STAGE)
        chain = ActionChains(self.driver)
        if ctrl:
            chain.key_down(Keys.CONTROL)
        chain.scroll_from_origin(ScrollOrigin.from_element(stage), 0, delta_y)
        if ctrl:
            chain.key_up(Keys.CONTROL)
        chain.perform()

    def drag(self, dx: int, dy: int, touch: bool = False, start: tuple[int, int] = (0, 0), steps: int = 8) -> None:
        """Press on the stage (`start` from its centre), move by (dx, dy) in steps, release: a
        mouse drag, or a finger's (pointer events of type touch) with `touch`."""
        stage = self.find(STAGE)
        kind = PointerInput(POINTER_TOUCH if touch else POINTER_MOUSE, "finger" if touch else "mouse")
        builder = ActionBuilder(self.driver, mouse=kind, duration=20)
        pointer = builder.pointer_action
        pointer.move_to(stage, start[0], start[1])
        pointer.pointer_down()
        for step in range(1, steps + 1):
            pointer.move_to(stage, start[0] + dx * step // steps, start[1] + dy * step // steps)
        pointer.pointer_up()
        builder.perform()

    def pinch(self, from_apart: int, to_apart: int, steps: int = 8) -> None:
        """Two fingers on the middle of the stage, side by side `from_apart` px apart, moved to
        `to_apart` px apart (wider: zoom in), then lifted."""
        stage = self.find(STAGE)
        builder = ActionBuilder(self.driver, duration=20)
        fingers = [builder.add_pointer_input(POINTER_TOUCH, f"finger{n}") for n in (1, 2)]
        for finger, side in zip(fingers, (-1, 1)):
            finger.create_pointer_move(origin=stage, x=side * from_apart // 2, y=0)
            finger.create_pointer_down(button=0)
        for step in range(1, steps + 1):
            apart = from_apart + (to_apart - from_apart) * step // steps
            for finger, side in zip(fingers, (-1, 1)):
                finger.create_pointer_move(duration=20, origin=stage, x=side * apart // 2, y=0)
        for finger in fingers:
            finger.create_pointer_up(button=0)
        builder.perform()

    def double_tap(self) -> None:
        """Two quick taps of a finger in the middle of the stage."""
        stage = self.find(STAGE)
        builder = ActionBuilder(self.driver, mouse=PointerInput(POINTER_TOUCH, "finger"))
        finger = builder.pointer_action
        finger.move_to(stage).pointer_down().pointer_up().pause(0.08).pointer_down().pointer_up()
        builder.perform()

    def double_click_stage(self) -> None:
        ActionChains(self.driver).double_click(self.find(STAGE)).perform()

    def info(self) -> dict[str, str]:
        """The info panel's terms and descriptions (white space as a browser shows it), opened first."""
        details = self.find(INFO)
        if details.get_attribute("open") is None:
            details.find_element("css selector", "summary").click()
        self.wait(lambda: self.find(f"{INFO} dl").is_displayed(), "the info panel should open")
        pairs = self.driver.execute_script(
            """
            const dl = document.querySelector(arguments[0] + ' dl');
            const text = (e) => e.textContent.replace(/\\s+/g, ' ').trim();  // as it reads on screen
            return [...dl.querySelectorAll('dt')].map(dt => [text(dt), text(dt.nextElementSibling)]);
            """,
            INFO,
        )
        return dict(pairs)  # in the panel's order

    # Upload

    def choose_files(self, paths: list[Path]) -> None:
        """Pick files with the form's file input, as a person does with the picker."""
        self.find(UPLOAD_INPUT).send_keys("\n".join(str(p) for p in paths))

    def upload_rows(self) -> list[dict]:
        return self.driver.execute_script(
            """
            return [...document.querySelectorAll(arguments[0])].map(row => ({
              name: row.querySelector('.upload-name').textContent.trim(),
              status: row.querySelector('.upload-status').textContent.trim(),
              progress: row.querySelector('progress').value,
              outcome: ['imported', 'already-there', 'refused'].find(c => row.classList.contains(c)) || null,
              link: row.querySelector('.upload-name a')?.getAttribute('href') || null,
              thumbnail: row.querySelector('img.upload-thumb')?.getAttribute('src') || null,
            }));
            """,
            UPLOAD_ITEMS,
        )

    def summary(self) -> str | None:
        """The upload screen's summary once shown, else None."""
        found = self.find_all(UPLOAD_SUMMARY)
        return text_content(found[0]) if found and found[0].is_displayed() else None
