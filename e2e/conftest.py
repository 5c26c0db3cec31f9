"""Fixtures of RoadTrip's browser tests.

- `server`: the real `roadtrip serve` on a free port with a fresh data folder, one for the
  whole session, stopped with SIGTERM at the end (it must exit 0: a graceful shutdown).
  Its owner (`pages.OWNER`) is created through the setup link it prints, over HTTP, and a
  member (`pages.MEMBER`) through the owner's Accounts form; `server.owner_session` is a
  session of the owner for plain HTTP requests (`server.get(path)`).
- `start_server`: a factory for extra servers a test needs for itself (stopped after it),
  set up the same way unless the test asks for one with no account yet (`setup=False`).
- `event_site` and `book_server`: event pages on another origin (event_site.py), and a server
  whose catalogue (imported before its first start) points at them, for the trip and the book.
- `browser`: a factory of headless Chromium drivers, one per layout (and JavaScript on/off)
  for the whole session. A browser is signed in as the owner unless the test asks for an
  anonymous one (`signed_in=False`, all cookies gone); a driver's first session is made
  through the real sign-in form, later ones (after a test ended it: signed out, expired)
  by a real sign-in over HTTP whose cookie is put in the browser.
  After every test the browser log of each driver it used is read,
  and any SEVERE entry (a JavaScript error, a CSP violation, a resource that failed to
  load) fails the test, unless the test declared that entry as expected.

Nothing is built here: `make test` builds before it runs pytest. The binary is
`$ROADTRIP_BIN`, else `.build/debug/roadtrip` in the repository holding this folder.
"""

from __future__ import annotations

import atexit
import fcntl
import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.support.ui import WebDriverWait

from event_site import EventSite
from pages import (
    MEMBER,
    OWNER,
    SESSION_COOKIE,
    Account,
    HTTPResult,
    Shell,
    add_account_over_http,
    http_get,
    setup_owner_over_http,
    sign_in_over_http,
    token_hash,
)
from trip_pages import trip_catalogue

# The session-wide servers defined beside their pages (photo_server, vacation_server): a plugin's
# fixture is one for the whole run. Imported into a test module instead, a fixture is that
# module's own, and a session-scoped one is then started again for every module that imports it.
pytest_plugins = ["photo_pages", "vacation_pages"]

E2E = Path(__file__).resolve().parent
REPO = E2E.parent
ARTIFACTS = E2E / "artifacts"

# Chromium's headless shell (Debian's chromium-headless-shell): the same Blink without the
# browser around it: the photo viewer's and the book's tests took a fifth less time than
# with `chromium --headless=new`.
CHROMIUM = os.environ.get("CHROMIUM_BIN", "/usr/lib/chromium/chromium-headless-shell")
CHROMEDRIVER = os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver")

# A first start of a fresh data folder draws the demo photos and reads the gazetteer: about 7 s
# for the debug build on an idle machine, and over 30 s while `make test` compiles the Swift
# suite beside the browser suite (the book server's start timed out so). Only a broken start
# waits this long.
STARTUP_TIMEOUT = 120
# The servers and commands the tests start (the debug build) hash passwords at the least work
# Argon2id takes, not INTERACTIVE's 64 MiB: the tests make and sign in to accounts hundreds of
# times and check nothing of what a hash costs (the Swift tests check that). About 25 CPU-seconds
# of a run.
os.environ.setdefault("ROADTRIP_LEAST_WORK_HASHES", "1")
# The screenshots the tests take of what they saw, for a person to look at and for
# bin/docs-screenshots: taken unless E2E_SCREENSHOTS=0, which bin/test-suites sets (`make test`
# looks at none of them, and the ~400 of a run cost the browsers about 20 CPU-seconds). A
# failure's screenshots are taken either way.
SCREENSHOTS = os.environ.get("E2E_SCREENSHOTS", "1") != "0"
POLL = 0.05  # seconds between checks of a condition (WebDriverWait's default, 0.5 s, adds up)
SHUTDOWN_TIMEOUT = 15


# --------------------------------------------------------------------------------------
# The server


def roadtrip_binary() -> Path:
    path = Path(os.environ.get("ROADTRIP_BIN", REPO / ".build" / "debug" / "roadtrip"))
    if not path.is_absolute():
        path = REPO / path
    if not os.access(path, os.X_OK):
        pytest.exit(f"RoadTrip binary not found at {path}: run `swift build` first (or set ROADTRIP_BIN)", returncode=2)
    return path


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class RoadTripServer:
    """One `roadtrip serve` process. Its stdout is read by a thread (so the pipe never
    fills); its stderr (the access log and errors) goes to a file. On a first start with
    no account it prints a one-time setup link before the "running at" line."""

    RUNNING = re.compile(r"running at (http://\S+)")
    SETUP_LINK = re.compile(r"^\s+(http://\S+/setup\?token=[A-Za-z0-9_-]+)\s*$")

    def __init__(self, binary: Path, data: Path, log_path: Path, arguments: tuple[str, ...] = ()):
        self.binary = binary
        self.data = data
        self.log_path = log_path
        self.arguments = tuple(arguments)  # more options of `roadtrip serve` (--sample-pages N)
        self.url = ""
        self.setup_link: str | None = None
        self.owner: Account | None = None
        self.owner_session: str | None = None
        self.process: subprocess.Popen | None = None
        self.stdout_lines: list[str] = []
        self._running = threading.Event()

    def start(self, port: int | None = None) -> "RoadTripServer":
        """On a free port, or on `port` (a restart where the browser knew it)."""
        last_failure = ""
        for _ in range(1 if port else 3):  # the free port may be taken between probing and binding
            chosen = port or free_port()
            self.stdout_lines = []
            self.setup_link = None
            self._running.clear()
            log = open(self.log_path, "ab")
            self.process = subprocess.Popen(
                [str(self.binary), "serve", "--data", str(self.data), "--port", str(chosen), *self.arguments],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.PIPE,
                stderr=log,
                text=True,
                bufsize=1,
            )
            log.close()
            threading.Thread(target=self._read_stdout, args=(self.process,), daemon=True).start()
            deadline = time.monotonic() + STARTUP_TIMEOUT
            while time.monotonic() < deadline:
                if self._running.wait(0.05):
                    return self
                if self.process.poll() is not None:
                    break
            if self.process.poll() is None:
                self.process.kill()
                self.process.wait()
                raise AssertionError(
                    f"roadtrip serve did not print 'running at' within {STARTUP_TIMEOUT} s.\n"
                    f"stdout: {''.join(self.stdout_lines)}\nstderr: {self.log_text()}"
                )
            last_failure = f"exit {self.process.returncode}\nstdout: {''.join(self.stdout_lines)}\nstderr: {self.log_text()}"
        raise AssertionError(f"roadtrip serve failed to start: {last_failure}")

    def restart(self) -> "RoadTripServer":
        """Stopped (SIGTERM, exit 0), then started again on the same port and data folder: to a
        browser, RoadTrip away for a while and back."""
        status = self.stop()
        assert status == 0, f"the server should exit 0 after SIGTERM, not {status}"
        return self.start(port=int(self.url.rsplit(":", 1)[1]))

    def _read_stdout(self, process: subprocess.Popen) -> None:
        assert process.stdout is not None
        for line in process.stdout:
            self.stdout_lines.append(line)
            link = self.SETUP_LINK.match(line)
            if link and not self._running.is_set():
                self.setup_link = link.group(1)
            match = self.RUNNING.search(line)
            if match and not self._running.is_set():
                self.url = match.group(1).rstrip("/")
                self._running.set()

    def stop(self) -> int:
        """SIGTERM, then the exit status (killed and reported as None after the timeout)."""
        if self.process is None or self.process.poll() is not None:
            return self.process.returncode if self.process else 0
        self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(SHUTDOWN_TIMEOUT)
        except subprocess.TimeoutExpired:
            self._log_threads()
            self.process.kill()
            self.process.wait()
            return None

    def _log_threads(self) -> None:
        """Where each of a server's threads is (gdb's backtraces, when gdb is there), in its log:
        what a server that does not stop is waiting for."""
        gdb = shutil.which("gdb")
        if not gdb:
            return
        with open(self.log_path, "ab") as log:
            log.write(f"\n--- did not stop within {SHUTDOWN_TIMEOUT} s of SIGTERM; its threads:\n".encode())
            log.flush()
            subprocess.run([gdb, "-p", str(self.process.pid), "-batch", "-ex", "thread apply all bt"],
                           stdout=log, stderr=subprocess.STDOUT, timeout=60, check=False)

    def log_text(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except FileNotFoundError:
            return ""

    def __call__(self, path: str = "/") -> str:
        """The absolute URL of a path on this server."""
        return self.url + path

    # Accounts and sessions

    def set_up(self, owner: Account = OWNER) -> "RoadTripServer":
        """Create the owner through the printed setup link (over HTTP; test_setup does it in
        a browser); its session is kept for plain HTTP requests."""
        assert self.setup_link, f"a first start should print a setup link:\n{''.join(self.stdout_lines)}"
        assert self.setup_link.startswith(self.url + "/setup?token="), f"the setup link should be on this server: {self.setup_link}"
        self.owner_session = setup_owner_over_http(self.setup_link, owner)
        self.owner = owner
        return self

    def get(self, path: str, signed_in: bool = True, **options) -> HTTPResult:
        """GET over plain HTTP, with the owner's session unless `signed_in` is False."""
        cookies = {SESSION_COOKIE: self.owner_session} if signed_in else None
        return http_get(self(path), cookies=cookies, **options)

    def database(self) -> sqlite3.Connection:
        """The server's own database, for what a browser cannot do (age a session)."""
        return sqlite3.connect(self.data / "library.sqlite", timeout=10, isolation_level=None)

    def query(self, sql: str, *parameters) -> list[tuple]:
        connection = self.database()
        try:
            return connection.execute(sql, parameters).fetchall()
        finally:
            connection.close()

    def session_row(self, token: str) -> tuple | None:
        """(account name, created_at, last_used_at) of the session with this id, if stored."""
        rows = self.query(
            "SELECT a.name, s.created_at, s.last_used_at FROM sessions s JOIN accounts a ON a.id = s.account_id "
            "WHERE s.token_hash = ?",
            token_hash(token),
        )
        return rows[0] if rows else None

    def account_names(self) -> list[str]:
        return [name for (name,) in self.query("SELECT name FROM accounts ORDER BY name")]


# --------------------------------------------------------------------------------------
# Data folders

_started_template: Path | None = None
# The run's folder that pytest-xdist's workers share (made by the controller, removed when the
# run ends), for what a run makes once for all of them; None in a run without workers.
_run_folder: Path | None = None


def made_once(name: str, make) -> Path:
    """A folder `make(path)` fills once per run: under pytest-xdist the first worker to ask makes
    it in the run's shared folder while the others wait for it (a lock), then all use it; without
    workers, in a temporary folder of this process. It must not be changed: copy it."""
    if _run_folder is None:
        folder = Path(tempfile.mkdtemp(prefix=f"roadtrip-e2e-{name}-"))
        atexit.register(shutil.rmtree, folder, True)
        make(folder)
        return folder
    folder, made = _run_folder / name, _run_folder / f"{name}.made"
    with open(_run_folder / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not made.exists():
            shutil.rmtree(folder, ignore_errors=True)  # a worker that failed to make it left a part
            folder.mkdir()
            make(folder)
            made.touch()
    return folder


def data_folder(path: Path | None = None, prefix: str = "roadtrip-e2e-") -> Path:
    """A data folder as a first start leaves it when no account is made yet: the demo
    catalogue and the demo photos loaded, a fresh setup link printed on the next start.
    Drawing and importing the demo photos takes seconds in a debug build, so a run does that
    once (`made_once`: one worker for all), into a template, and every server gets a copy of
    it: at `path` (which must be missing or empty), else in a new temporary folder. The
    template keeps no signing key and no setup token, so each copy makes its own as a
    fresh folder does. A test whose folder must be empty before the first start (a
    catalogue imported first) makes its own with `tempfile.mkdtemp`."""
    global _started_template
    if _started_template is None:
        _started_template = made_once("template", _make_started_template)
    if path is None:
        path = Path(tempfile.mkdtemp(prefix=prefix))
    shutil.copytree(_started_template, path, dirs_exist_ok=True)
    return path


def catalogue_folder(path: Path, catalogue: dict) -> Path:
    """A data folder as a first start leaves it after `catalogue` was imported into the empty
    folder (so the demo catalogue was not loaded): a copy of the started one (`data_folder`)
    with its destinations removed, then `catalogue` imported. The demo catalogue is loaded
    once in a library's life, so it does not come back; the sample book is added again by
    every start, after the catalogue, as a first start adds it. (The book server really
    imports before its first start.)"""
    data_folder(path)
    with sqlite3.connect(path / "library.sqlite", isolation_level=None) as connection:
        connection.execute("PRAGMA foreign_keys = ON")
        connection.execute("DELETE FROM destinations")
    connection.close()
    import_catalogue(path, catalogue)
    return path


def _make_started_template(template: Path) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    log_path = ARTIFACTS / f"server-template{worker_suffix()}.log"
    log_path.unlink(missing_ok=True)
    first = RoadTripServer(roadtrip_binary(), template, log_path).start()
    status = first.stop()
    assert status == 0, (
        f"the template's first start should end with exit 0, not {status}. stdout: {''.join(first.stdout_lines)} Log: {log_path}"
    )
    with sqlite3.connect(template / "library.sqlite", isolation_level=None) as connection:
        connection.execute("DELETE FROM settings WHERE name = 'form_token_key'")
        connection.execute("DELETE FROM setup_tokens")
    connection.close()
    assert not list(template.glob("library.sqlite-*")), "the template's database should be closed whole"


def worker_suffix() -> str:
    """'-gw0' under pytest-xdist's worker gw0, else nothing: each worker's logs of its own."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    return f"-{worker}" if worker else ""


# The longest files first (seconds each took in a run of the suite alone, `--durations=0`):
# workers take whole files in the order collected, and a long file taken last keeps one
# worker busy after the others are done, while the CPU they leave goes unused.
LONGEST_FILES = [
    "test_photos_viewer.py", "test_book.py", "test_cluster.py", "test_offline.py", "test_every_screen.py",
    "test_layouts.py", "test_app_tabs.py", "test_videos.py", "test_maps.py", "test_flickr.py", "test_photo_map.py",
]


def pytest_collection_modifyitems(session, config, items) -> None:
    """The files of `LONGEST_FILES` first, longest first; the others after them, as collected."""
    rank = {name: index for index, name in enumerate(LONGEST_FILES)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


def pytest_configure(config) -> None:
    """Once per run (in pytest-xdist's controller, not in each worker): the screenshots of an
    earlier run's failures go. In a worker: where the run's shared folder is."""
    global _run_folder
    if os.environ.get("PYTEST_XDIST_WORKER"):
        shared = getattr(config, "workerinput", {}).get("roadtrip_run_folder")
        _run_folder = Path(shared) if shared else None
        threading.Thread(target=_cut_basemap_early, name="basemap", daemon=True).start()
    else:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        for stale in ARTIFACTS.glob("FAILED-*.png"):
            stale.unlink()


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:
    """pytest-xdist's controller, for each worker it starts: the run's shared folder."""
    if not hasattr(node.config, "_roadtrip_run_folder"):
        node.config._roadtrip_run_folder = tempfile.mkdtemp(prefix="roadtrip-e2e-run-")
    node.workerinput["roadtrip_run_folder"] = node.config._roadtrip_run_folder


def pytest_unconfigure(config) -> None:
    """The controller removes the run's shared folder once every worker is done."""
    shared = getattr(config, "_roadtrip_run_folder", None)
    if shared:
        shutil.rmtree(shared, ignore_errors=True)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


# The offline basemap's tiles over New York (where the demo photos are), cut from the real
# GSHHG data by the script `make basemap` runs for the whole world; the tests' pack is one city's,
# made in seconds (the world's takes a minute).
BASEMAP_AREA = "-74.3,40.5,-73.6,41.0"


_basemap_lock = threading.Lock()
_basemap: Path | None = None


def basemap_pack() -> Path:
    """The pack, cut once per run (`made_once`); a worker starts cutting it as it starts
    (`pytest_configure`), beside its first server's start, and this waits for it."""
    global _basemap

    def make(folder: Path) -> None:
        made = subprocess.run(
            [sys.executable, str(E2E.parent / "scripts" / "make-basemap-tiles.py"), "--output", str(folder / "basemap.pack"), f"--area={BASEMAP_AREA}"],
            capture_output=True, text=True, timeout=300,
        )
        assert made.returncode == 0, f"cutting the basemap's tiles failed: {made.stderr[-2000:]}"

    with _basemap_lock:
        if _basemap is None:
            _basemap = made_once("basemap", make) / "basemap.pack"
        return _basemap


def _cut_basemap_early() -> None:
    try:
        basemap_pack()
    except Exception:  # noqa: BLE001 - the fixture that needs it asks again and fails with the reason
        pass


@pytest.fixture(scope="session")
def server(artifacts: Path):
    """The RoadTrip server every browser test talks to (demo catalogue, fresh data, the basemap's
    tiles over New York)."""
    binary = roadtrip_binary()
    data = data_folder()
    log_path = artifacts / f"server{worker_suffix()}.log"
    log_path.unlink(missing_ok=True)
    running = RoadTripServer(binary, data, log_path, ("--basemap", str(basemap_pack()))).start().set_up(OWNER)
    add_account_over_http(running.url, running.owner_session, MEMBER)
    yield running
    status = running.stop()
    shutil.rmtree(data, ignore_errors=True)
    assert status == 0, (
        f"after SIGTERM roadtrip serve should exit 0 within {SHUTDOWN_TIMEOUT} s; "
        f"it {'did not exit' if status is None else f'exited {status}'}. Log: {log_path}"
    )


@pytest.fixture
def start_server(artifacts: Path, request):
    """Start a server of the test's own on a data folder the test prepares (else a copy of
    the run's started one: `data_folder`). Each is stopped after the test, and must exit 0."""
    started: list[RoadTripServer] = []
    folders: list[Path] = []

    def start(data: Path | None = None, setup: bool = True, arguments: tuple[str, ...] = ()) -> RoadTripServer:
        if data is None:
            data = data_folder()
            folders.append(data)
        name = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.name)
        log_path = artifacts / f"server-{name}-{len(started)}.log"
        log_path.unlink(missing_ok=True)
        server = RoadTripServer(roadtrip_binary(), data, log_path, arguments).start()
        started.append(server)
        return server.set_up(OWNER) if setup else server

    yield start
    statuses = [(s.url, s.stop()) for s in started]
    for folder in folders:
        shutil.rmtree(folder, ignore_errors=True)
    bad = [(url, status) for url, status in statuses if status != 0]
    assert not bad, f"servers did not stop cleanly on SIGTERM: {bad}"


def import_catalogue(data: Path, catalogue: dict) -> None:
    """`roadtrip destinations import` of a catalogue (as JSON) into a data folder; before a
    folder's first start, the demo catalogue is then not loaded."""
    file = data.parent / f"{data.name}-catalogue.json"
    file.write_text(json.dumps(catalogue))
    try:
        imported = subprocess.run(
            [str(roadtrip_binary()), "destinations", "import", str(file), "--data", str(data)], capture_output=True, text=True, timeout=30
        )
    finally:
        file.unlink()
    assert imported.returncode == 0, f"importing a test catalogue failed: {imported.stdout} {imported.stderr}"


@pytest.fixture(scope="session")
def event_site():
    """Event and weather pages on another origin (127.0.0.1, a port of its own): see event_site.py."""
    site = EventSite().start()
    yield site
    site.stop()


@pytest.fixture(scope="session")
def book_server(artifacts: Path, event_site: EventSite):
    """A server for the trip and the Events book: before its first start, a catalogue of two
    destinations of the event site's pages is imported (so the demo catalogue is not loaded),
    then the page-based sample (12 pages) is added by `serve` itself. Its owner and member are
    set up like the session's server's. `book_server.ids` maps names to destination ids."""
    binary = roadtrip_binary()
    data = Path(tempfile.mkdtemp(prefix="roadtrip-e2e-book-"))
    import_catalogue(data, trip_catalogue(event_site))
    log_path = artifacts / f"server-book{worker_suffix()}.log"
    log_path.unlink(missing_ok=True)
    running = RoadTripServer(binary, data, log_path).start().set_up(OWNER)
    add_account_over_http(running.url, running.owner_session, MEMBER)
    running.ids = {name: id for id, name in running.query("SELECT id, name FROM destinations")}
    yield running
    status = running.stop()
    shutil.rmtree(data, ignore_errors=True)
    assert status == 0, f"the book server should exit 0 after SIGTERM, not {status}. Log: {log_path}"


# --------------------------------------------------------------------------------------
# The browsers


@dataclass(frozen=True)
class Layout:
    name: str
    width: int
    height: int
    mobile: bool = False


LAYOUTS = {
    "phone": Layout("phone", 390, 844, mobile=True),
    # A phone on its side: wide as a tablet, but short, so still a phone (issue 12).
    "phone-landscape": Layout("phone-landscape", 844, 390, mobile=True),
    "phone-landscape-large": Layout("phone-landscape-large", 932, 430, mobile=True),
    "tablet-portrait": Layout("tablet-portrait", 820, 1180),
    "tablet-landscape": Layout("tablet-landscape", 1180, 820),
    "desktop": Layout("desktop", 1440, 900),
}


def make_driver(layout: Layout, javascript: bool, arguments: tuple[str, ...] = ()) -> webdriver.Chrome:
    """A headless Chromium at `layout`; `arguments` are more switches (a host resolver rule)."""
    options = Options()
    options.binary_location = CHROMIUM
    for argument in (
        "--headless",
        "--no-sandbox",
        "--disable-dev-shm-usage",
        "--disable-gpu",
        "--no-first-run",
        "--disable-extensions",
        "--disable-background-networking",
        # A new document reuses its frame's renderer objects instead of building new ones
        # (Chromium's RenderDocument). Nothing a page can see changes, back-forward cache
        # included; a navigation costs the browser about a fifth less CPU.
        "--disable-features=RenderDocument",
        "--lang=en-US",
        # The browser, its renderers and its compositor as threads of one process: the same Blink,
        # V8 and same-origin rules, without a process started for each site a browser visits and
        # the messages between them. The whole browser suite, alone on a 2-core machine: 377 s and
        # 720 CPU-seconds with a process each, 293 s and 543 so.
        "--single-process",
        f"--window-size={layout.width},{layout.height}",
        *arguments,
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if not javascript:
        options.add_argument("--blink-settings=scriptEnabled=false")
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    emulate(driver, layout)
    driver.set_page_load_timeout(20)
    return driver


def emulate(driver: webdriver.Chrome, layout: Layout) -> None:
    """The layout's viewport, in the driver's current tab. In headless mode the window size
    is the outer size, so the viewport is pinned exactly (per tab: a new tab needs it too)."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {
            "width": layout.width,
            "height": layout.height,
            "deviceScaleFactor": 1,
            "mobile": layout.mobile,
            "screenWidth": layout.width,
            "screenHeight": layout.height,
            "screenOrientation": {
                "type": "portraitPrimary" if layout.height >= layout.width else "landscapePrimary",
                "angle": 0 if layout.height >= layout.width else 90,
            },
        },
    )


@dataclass
class Browser:
    """One pooled driver at one layout, plus what the current test expects of its log."""

    driver: webdriver.Chrome
    layout: Layout
    javascript: bool
    server: RoadTripServer
    artifacts: Path
    allowed: list[re.Pattern] = field(default_factory=list)
    log: list[dict] = field(default_factory=list)
    motion: bool = False

    @property
    def name(self) -> str:
        return self.layout.name if self.javascript else f"nojs-{self.layout.name}"

    # Cookies (read and written through DevTools, so no page of the server needs to be open)

    def cookie(self, name: str) -> str | None:
        cookies = self.driver.execute_cdp_cmd("Network.getCookies", {"urls": [self.server("/")]})["cookies"]
        return next((c["value"] for c in cookies if c["name"] == name), None)

    def add_cookie(self, name: str, value: str) -> None:
        """Put a cookie back the way the server set it (HttpOnly, SameSite=Lax, Path=/)."""
        if not self.driver.current_url.startswith(self.server.url + "/"):
            self.open("/signin")  # add_cookie needs a page of the site (a real one: it loads its icon)
        self.driver.add_cookie({"name": name, "value": value, "path": "/", "httpOnly": True, "sameSite": "Lax"})

    def set_cookie(self, name: str, value: str) -> None:
        """The same without opening a page (DevTools), for the pool's sessions."""
        self.driver.execute_cdp_cmd(
            "Network.setCookie",
            {"name": name, "value": value, "url": self.server("/"), "path": "/", "httpOnly": True, "sameSite": "Lax"},
        )

    def clear_cookies(self) -> None:
        self.driver.execute_cdp_cmd("Network.clearBrowserCookies", {})

    def status(self) -> int:
        """The HTTP status of the page on screen (Navigation Timing's responseStatus)."""
        return self.driver.execute_script("return performance.getEntriesByType('navigation')[0].responseStatus")

    def session_account(self) -> str | None:
        """Whom this browser's session cookie signs in on its server (asked over HTTP), or None."""
        token = self.cookie(SESSION_COOKIE)
        if not token:
            return None
        page = http_get(self.server("/account"), cookies={SESSION_COOKIE: token})
        match = re.search(r'<a class="app-tab viewer"[^>]*>(?:<svg.*?</svg>)?<span class="app-tab-label">([^<]*)</span>', page.text) if page.status == 200 else None
        return match.group(1) if match else None

    def sign_in(self, account: Account) -> None:
        """Sign in through the real form, from no session, and land on the home page."""
        self.clear_cookies()
        self.open("/signin")
        shell = Shell(self)
        shell.sign_in(account)
        shell.wait_path("/")
        shell.wait_signed_in_as(account)

    def open(self, path: str = "/") -> None:
        self.driver.get(self.server(path))
        self.wait_loaded()

    def wait_loaded(self, timeout: float = 10) -> None:
        WebDriverWait(self.driver, timeout, poll_frequency=POLL).until(
            lambda d: d.execute_script("return document.readyState") == "complete",
            "the page did not finish loading",
        )

    def settle(self, timeout: float = 10) -> None:
        """Wait until no CSS animation (pane slides, a page turn's bounce) is running, e.g. before
        a screenshot; endless ones (a spinner) never finish and do not count."""
        WebDriverWait(self.driver, timeout, poll_frequency=POLL).until(
            lambda d: d.execute_script(
                "return document.getAnimations().every(a => a.playState !== 'running'"
                " || a.effect?.getComputedTiming().iterations === Infinity)"
            ),
            "animations did not finish",
        )

    def screenshot(self, name: str) -> None:
        """Once the animations are done, what the page shows, as e2e/artifacts/NAME.png (when
        SCREENSHOTS)."""
        self.settle()
        self.capture(name)

    def capture(self, name: str) -> None:
        """What the page shows now, mid-gesture too, as e2e/artifacts/NAME.png (when SCREENSHOTS)."""
        if SCREENSHOTS:
            self.driver.save_screenshot(str(self.artifacts / f"{name}.png"))

    def expect_log(self, pattern: str) -> None:
        """Declare a SEVERE log entry this test causes on purpose (e.g. a 404 page load)."""
        self.allowed.append(re.compile(pattern))

    def drain_log(self) -> list[dict]:
        entries = self.driver.get_log("browser")
        self.log.extend(entries)
        return entries

    def forget_session_storage(self) -> None:
        """What the last test left in the tab's sessionStorage (the tabs' remembered places,
        tab-memory.js) must not steer the next: cleared on the page the tab is on, the one origin
        written to since the last reset."""
        try:
            self.driver.execute_script("try { sessionStorage.clear(); } catch (error) {}")
        except Exception:  # a browser without JavaScript, or a page that is gone
            pass

    def leave(self) -> None:
        """Leaves the page for a blank one, forgetting its sessionStorage first."""
        self.forget_session_storage()
        self.driver.get("about:blank")

    def reset(self) -> None:
        self.allowed = []
        self.log = []
        self.leave()  # again for a browser the last test did not leave (a cluster's)
        # Chromium keeps at most 50 entries of a tab's history (history.length stops growing
        # there), and a test may count them: a pooled tab getting near that is swapped for a
        # new one (same cookies; the viewport set again).
        if self.driver.execute_script("return history.length") > 20:
            worn = self.driver.current_window_handle
            self.driver.switch_to.new_window("tab")
            fresh = self.driver.current_window_handle
            self.driver.switch_to.window(worn)
            self.driver.close()
            self.driver.switch_to.window(fresh)
            emulate(self.driver, self.layout)
        # Browsers ask for reduced motion (the product's own setting for people who do:
        # no pane slides, no page-turn frames, no spinning) unless the test's module is about
        # motion (`pytestmark = pytest.mark.motion`). Set for every test: a pooled tab serves
        # both kinds, and a test may change it itself.
        self.driver.execute_cdp_cmd(
            "Emulation.setEmulatedMedia",
            {"features": [{"name": "prefers-reduced-motion", "value": "no-preference" if self.motion else "reduce"}]},
        )
        self.driver.get_log("browser")  # start the test with an empty log

    def unexpected_severe(self) -> list[dict]:
        return [
            entry
            for entry in self.log
            if entry.get("level") == "SEVERE"
            and not any(pattern.search(entry.get("message", "")) for pattern in self.allowed)
        ]


_pool: dict[tuple[str, bool], webdriver.Chrome] = {}
_signed_in_by_form: set[tuple[tuple[str, bool], str]] = set()  # (driver, server) pairs


class BrowserFactory:
    """`browser("phone")`, `browser("tablet-portrait", javascript=False)`: the session's
    driver for that layout, reset for this test. Remembers which the test used."""

    def __init__(self, server: RoadTripServer, artifacts: Path, motion: bool = False):
        self.server = server
        self.artifacts = artifacts
        self.motion = motion
        self.used: list[Browser] = []

    def __call__(
        self, layout: str, javascript: bool = True, *, server: RoadTripServer | None = None, signed_in: bool = True
    ) -> Browser:
        """`server` is the session's unless a test brings its own; `signed_in` as its owner,
        else with no cookies at all (cookies are per host, not per port: one jar serves all
        the servers on 127.0.0.1, so a test on a server of its own may end the pooled session)."""
        spec = LAYOUTS[layout]
        key = (layout, javascript)
        if key not in _pool:
            _pool[key] = make_driver(spec, javascript)
        browser = Browser(_pool[key], spec, javascript, server or self.server, self.artifacts, motion=self.motion)
        browser.reset()
        if not signed_in:
            browser.clear_cookies()
        elif browser.session_account() != browser.server.owner.name:
            if (key, browser.server.url) not in _signed_in_by_form:
                # The first time, through the real form in this browser.
                browser.sign_in(browser.server.owner)
                signing_in = browser.drain_log()  # checked with the test's own entries
                browser.reset()
                browser.log = signing_in
                _signed_in_by_form.add((key, browser.server.url))
            else:
                # After a test ended that session: a real sign-in over HTTP, its cookie put
                # in the browser (half a second quicker than the form, which is tested enough).
                browser.clear_cookies()
                browser.set_cookie(SESSION_COOKIE, sign_in_over_http(browser.server.url, browser.server.owner))
            assert browser.session_account() == browser.server.owner.name, "the browser should be signed in now"
        self.used.append(browser)
        return browser


@pytest.fixture(scope="session", autouse=True)
def _quit_browsers(server):
    # Depends on `server` so that the browsers are quit before the server is stopped.
    yield
    quit_drivers(_pool)


def quit_drivers(pool: dict) -> None:
    """Quits every driver of a pool (one already gone is no matter) and empties it."""
    for driver in pool.values():
        try:
            driver.quit()
        except Exception:
            pass
    pool.clear()


@pytest.fixture
def browser(server, artifacts, request):
    factory = BrowserFactory(server, artifacts, motion=request.node.get_closest_marker("motion") is not None)
    yield factory
    # After the failure's screenshot (taken as the test's report is made): a pooled browser
    # waits for its next test on a blank page, not on a page whose animations, videos and
    # timers would go on using the CPU the other tests need.
    for used in factory.used:
        try:
            used.leave()
        except Exception:  # a browser that is gone: the next test's reset says so
            pass


def _used_browsers(item) -> list[Browser]:
    factory = getattr(item, "funcargs", {}).get("browser")
    return factory.used if isinstance(factory, BrowserFactory) else []


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    """After the test body: fail it if any browser it used logged a SEVERE entry."""
    try:
        result = yield
    finally:
        for used in _used_browsers(item):
            try:
                used.wait_loaded(5)
                used.drain_log()
            except Exception as error:  # the browser itself is broken: say so, don't hide the test's error
                used.log.append({"level": "SEVERE", "message": f"(could not read the browser log: {error})"})
    problems = [
        f"[{used.name}] {entry.get('source', '')}: {entry.get('message', '')}"
        for used in _used_browsers(item)
        for entry in used.unexpected_severe()
    ]
    if problems:
        pytest.fail("the browser log has SEVERE entries:\n  " + "\n  ".join(problems), pytrace=False)
    return result


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """On a failure, keep a screenshot of every browser the test used, and its log."""
    report = yield
    if report.when == "call" and report.failed:
        safe = re.sub(r"[^A-Za-z0-9_.-]+", "_", item.name)
        for used in _used_browsers(item):
            try:
                path = ARTIFACTS / f"FAILED-{safe}-{used.name}.png"
                used.driver.save_screenshot(str(path))
                report.sections.append((f"browser {used.name}", f"screenshot: {path}\nurl: {used.driver.current_url}\nlog: {used.log}"))
            except Exception as error:
                report.sections.append((f"browser {used.name}", f"no screenshot: {error}"))
    return report
