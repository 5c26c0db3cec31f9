"""The timeline (issue 37): the photos by day with a scrubber a finger drags (and Back after the
jump), the Years and Months zoom levels, the viewer turning through the timeline, On this day's
book, a trip found in the photos made into a vacation; at a phone's and a tablet's sizes, and
without JavaScript.

On a server of its own, `timeline_server`, whose library is imported once for the module (beside
the demo photos): a home in New York with three photos on one day of each of the last 54 months
(more than a page of 120), a Paris trip of six photos over three days two years ago, six months
away from today's date, and four photos at home three years ago, on today's date and the day
before: On this day. Nothing is dated within three days of today's date in any other year, so that
memory is the only one. Today is the server's (and this machine's) real date."""

from __future__ import annotations

import datetime
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.interaction import POINTER_TOUCH
from selenium.webdriver.common.actions.pointer_input import PointerInput

from conftest import RoadTripServer, data_folder, roadtrip_binary, worker_suffix
from pages import BACK, MASTER, OWNER, text_content
from photo_files import PhotoFacts, write_jpeg
from photo_pages import import_folder
from vacation_pages import BOOK, VacationScreens, book_state, vacation_rows, vacations_of

# What the pages are made of (Sources/RoadTripWeb/Views/Timeline, Assets/timeline.js)
DAYS_SCREEN = "#detail section.timeline.timeline-days-screen"
TILES_SCREEN = "#detail section.timeline.timeline-tiles-screen"
ZOOM = "#detail nav.timeline-zoom a.timeline-zoom-level"
MONTHS = f"{DAYS_SCREEN} .timeline-days h2.timeline-month"
DAYS = f"{DAYS_SCREEN} .timeline-days section.timeline-day"
CELLS = f"{DAYS} ul.timeline-grid > li > a.photo-cell"
NEWER = f"{DAYS_SCREEN} p.timeline-newer a"
OLDER = f"{DAYS_SCREEN} p.timeline-older a.more-photos"
SCRUBBER = f"{DAYS_SCREEN} nav.timeline-scrubber"
SCRUBBER_LINKS = f"{SCRUBBER} li.scrubber-month > a"
YEAR_LINKS = f"{SCRUBBER} li.scrubber-month.year-start > a"  # without JavaScript, the scrubber: its years
TICKS = f"{SCRUBBER} li.scrubber-month > span.scrubber-tick"  # with it: a slider's ticks
BUBBLE = f"{SCRUBBER} .scrubber-bubble"
TILES = f"{TILES_SCREEN} ul.timeline-tile-grid > li > a.timeline-tile"
MEMORY = "#master-content section.memories li.memory"
FOUND_TRIP = "#master-content section.found-trips li.found-trip"

HOME = (40.71, -73.99)  # one 0.5° square: home is where the photos are taken on the most days
PARIS = (48.8566, 2.3522)
MONTH_NAMES = "January February March April May June July August September October November December".split()


@dataclass(frozen=True)
class Library:
    today: datetime.date
    newest_month: str  # "2026-11": the last month before today's
    home_day: int  # the day of each month with photos at home
    paris_days: tuple[datetime.date, ...]
    anniversary: datetime.date  # today's date three years ago

    @property
    def paris_month(self) -> str:
        return self.paris_days[0].strftime("%Y-%m")


def month_before(day: datetime.date, back: int) -> tuple[int, int]:
    year, month = divmod(day.year * 12 + day.month - 1 - back, 12)
    return year, month + 1


def write_library(folder: Path, today: datetime.date) -> Library:
    written = 0

    def photo(title: str, when: datetime.datetime, where: tuple[float, float]) -> None:
        nonlocal written
        write_jpeg(folder / f"{title}.jpg", PhotoFacts(taken_at=when.strftime("%Y-%m-%dT%H:%M:%S"), latitude=where[0], longitude=where[1]), written)
        written += 1

    # A day of the month at least six days from today's (and from 1–3 and 28–31, which the
    # window around a date near a month's end or start reaches).
    home_day = 24 if 4 <= today.day <= 16 else 10
    for back in range(1, 55):
        year, month = month_before(today, back)
        for hour in (9, 12, 15):
            photo(f"Home {year}-{month:02d} {hour}h", datetime.datetime(year, month, home_day, hour), HOME)
    paris_start = datetime.date(today.year - 2, (today.month + 5) % 12 + 1, 15 if home_day == 10 else 2)
    paris_days = tuple(paris_start + datetime.timedelta(days=n) for n in range(3))
    for day in paris_days:
        for hour in (10, 16):
            photo(f"Paris {day.isoformat()} {hour}h", datetime.datetime.combine(day, datetime.time(hour)), PARIS)
    try:
        anniversary = today.replace(year=today.year - 3)
    except ValueError:  # 29 February
        anniversary = today.replace(year=today.year - 3, day=28)
    for day in (anniversary - datetime.timedelta(days=1), anniversary):
        for hour in (10, 11):
            photo(f"Memory {day.isoformat()} {hour}h", datetime.datetime.combine(day, datetime.time(hour)), HOME)
    year, month = month_before(today, 1)
    return Library(today, f"{year}-{month:02d}", home_day, paris_days, anniversary)


@pytest.fixture(scope="module")
def timeline_server(artifacts, tmp_path_factory):
    """The demo photos and the module's library, imported before the first start: the photos'
    triggers have queued the search for trips, which the server's worker runs when it starts
    (home found again, the library having grown well past the demo photos)."""
    data = data_folder(prefix="roadtrip-e2e-timeline-")
    folder = tmp_path_factory.mktemp("timeline-photos")
    library = write_library(folder, datetime.date.today())
    import_folder(data, folder)
    log_path = artifacts / f"server-timeline{worker_suffix()}.log"
    log_path.unlink(missing_ok=True)
    running = RoadTripServer(roadtrip_binary(), data, log_path).start().set_up(OWNER)
    running.library = library
    yield running
    status = running.stop()
    shutil.rmtree(data, ignore_errors=True)
    assert status == 0, f"the timeline server should exit 0 after SIGTERM, not {status}. Log: {log_path}"


def month_title(key: str) -> str:
    year, month = key.split("-")
    return f"{MONTH_NAMES[int(month) - 1]} {year}"


def day_title(day: datetime.date) -> str:
    """"Saturday 18 October 2008", as TimelineText.day writes it."""
    return f"{day.strftime('%A')} {day.day} {MONTH_NAMES[day.month - 1]} {day.year}"


def short_range(days: list[datetime.date]) -> str:
    """"1–7 Dec 2023", "30 Nov – 6 Dec 2023" (TimelineText.range)."""
    first, last = days[0], days[-1]
    end = f"{last.day} {MONTH_NAMES[last.month - 1][:3]} {last.year}"
    if first.year != last.year:
        return f"{first.day} {MONTH_NAMES[first.month - 1][:3]} {first.year} – {end}"
    if first.month != last.month:
        return f"{first.day} {MONTH_NAMES[first.month - 1][:3]} – {end}"
    return f"{first.day}–{end}"


class TimelineScreens(VacationScreens):
    def months(self) -> list[str]:
        return self.driver.execute_script("return [...document.querySelectorAll(arguments[0])].map(h => h.dataset.month)", MONTHS)

    def days(self) -> list[str]:
        return self.driver.execute_script("return [...document.querySelectorAll(arguments[0])].map(s => s.dataset.day)", DAYS)

    def zoom(self) -> list[tuple[str, str, bool]]:
        """(label, path, current) of Years | Months | Days."""
        return [(text_content(a), a.get_attribute("href").removeprefix(self.browser.server.url), a.get_attribute("aria-current") == "page")
                for a in self.find_all(ZOOM)]

    def tiles(self) -> list[tuple[str, str, str]]:
        """(title, count, path) of the Years or Months tiles."""
        return [tuple(tile) for tile in self.driver.execute_script(
            "return [...document.querySelectorAll(arguments[0])].map(a => [a.querySelector('.tile-title').textContent.trim(),"
            " a.querySelector('.tile-count').textContent.trim(), a.getAttribute('href')])", TILES)]

    def wait_days_from(self, path: str, month: str) -> None:
        """The days screen at `path`, its first month header `month` ("2024-10")."""
        self.wait_path(path)
        self.wait(lambda: self.months()[:1] == [month], f"the timeline at {path} should start with {month}, not {self.months()[:1]}")
        self.browser.wait_loaded()

    def follow(self, css: str, path: str) -> None:
        """A link followed; the address becomes `path`."""
        self.click(css)
        self.wait_path(path)
        self.browser.wait_loaded()


def photo_counts(server, length: int) -> dict[str, int]:
    """Dated photos per year (length 4) or month (7) in the library."""
    return dict(server.query(f"SELECT substr(taken_at, 1, {length}) AS k, count(*) FROM photos WHERE taken_at IS NOT NULL GROUP BY k"))


def counted(count: int) -> str:
    return f"{count} photo" if count == 1 else f"{count} photos"


# --------------------------------------------------------------------------------------


def test_phone_a_finger_dragged_down_the_scrubber_jumps_to_a_month_in_place(timeline_server, browser):
    b = browser("phone", server=timeline_server)
    screens = TimelineScreens(b)
    library = timeline_server.library
    newest = library.newest_month
    newest_day = datetime.date(int(newest[:4]), int(newest[5:]), library.home_day)

    b.open("/timeline")
    screens.wait_shown(DAYS_SCREEN, SCRUBBER)
    assert screens.months()[:2] == [newest, "%04d-%02d" % month_before(library.today, 2)], "newest first, a header a month"
    header = screens.find(MONTHS)
    assert text_content(header) == f"{month_title(newest)}3 photos", "the month's name and its count"
    assert screens.days()[0] == newest_day.isoformat()
    assert text_content(screens.find(f"{DAYS} h3.timeline-day-title")) == f"{day_title(newest_day)}3 photos"
    assert len(screens.find_all(CELLS)) == 120, "a page holds 120 photos"
    assert screens.zoom() == [("Years", "/timeline/years", False), ("Months", f"/timeline/{newest[:4]}", False),
                              ("Days", f"/timeline/{newest}", True)]
    screens.assert_targets(ZOOM)
    assert not screens.find_all(SCRUBBER_LINKS), "with a script the months are ticks of one control, not links"
    assert screens.find(f"{TICKS}.current").get_attribute("data-href") == f"/timeline/{newest}"
    assert screens.find(SCRUBBER).get_attribute("role") == "slider"
    assert screens.find(SCRUBBER).get_attribute("aria-valuetext") == month_title(newest)
    b.screenshot("phone-timeline")

    # A finger down near the rail's top, dragged to 70 % of its height and let go. What the
    # rail shows under the moving finger is noted at each move (a listener after timeline.js's).
    b.driver.execute_script(
        """const rail = document.querySelector(arguments[0]);
        window.__scrubbed = [];
        const pane = rail.closest('.pane-content');
        rail.addEventListener('pointermove', () => {
          const link = rail.querySelector('.scrubber-tick.under-finger'), bubble = rail.querySelector('.scrubber-bubble');
          const top = pane.getBoundingClientRect().top;
          const header = [...pane.querySelectorAll('.timeline-month')].find((h) => h.getBoundingClientRect().bottom > top + 1);
          window.__scrubbed.push({scrubbing: rail.classList.contains('scrubbing'), href: link && link.dataset.href,
            label: link && link.dataset.label, bubble: bubble && bubble.textContent,
            shown: !!bubble && getComputedStyle(bubble).display !== 'none', path: location.pathname,
            inView: header && header.dataset.month});
        });""", SCRUBBER)
    # Years down the rail never touch: those that would are left out (issue 49, 10).
    years = b.driver.execute_script(
        "return [...document.querySelectorAll(arguments[0] + ' .scrubber-year')].filter((y) => getComputedStyle(y).visibility !== 'hidden')"
        ".map((y) => { const r = y.getBoundingClientRect(); return [r.top, r.bottom]; });", SCRUBBER)
    assert len(years) >= 2 and all(below[0] >= above[1] for above, below in zip(years, years[1:])), f"years drawn over each other: {years}"
    rail = screens.rect(SCRUBBER)
    x = int(rail["x"] + rail["width"] / 2)
    top, bottom = rail["y"] + 8, rail["y"] + rail["height"] * 0.7
    builder = ActionBuilder(b.driver, mouse=PointerInput(POINTER_TOUCH, "finger"), duration=25)
    builder.pointer_action.move_to_location(x, int(top)).pointer_down().pause(0.1)
    for step in range(1, 9):
        builder.pointer_action.move_to_location(x, int(top + (bottom - top) * step / 8))
    builder.pointer_action.pause(0.1).pointer_up()
    entries = b.driver.execute_script("return history.length")
    builder.perform()

    moves = b.driver.execute_script("return window.__scrubbed")
    assert len(moves) >= 8, f"the rail followed the finger: {moves}"
    for under in moves:
        assert under["scrubbing"] and under["shown"] and under["href"], f"the bubble shows all along the drag: {under}"
        assert under["bubble"] == under["label"] == month_title(under["href"].removeprefix("/timeline/")), under
        assert under["path"] == "/timeline", "the address waits for the finger to let go"
    # The days follow the finger live (issue 49, 10): the month under it is the one at the top,
    # for as long as that month is on the page.
    live = [under for under in moves if under["inView"] == under["href"].removeprefix("/timeline/")]
    assert len(live) >= 4 and len({under["inView"] for under in live}) >= 4, f"the days scroll with the finger: {moves}"
    hrefs = [under["href"] for under in moves]
    assert hrefs == sorted(hrefs, reverse=True) and len(set(hrefs)) > 5, f"the months pass by, older and older: {hrefs}"
    chosen = hrefs[-1].removeprefix("/timeline/")
    assert chosen < "%04d-%02d" % month_before(library.today, 24), f"70 % down the rail is years back: {chosen}"
    screens.wait_days_from(f"/timeline/{chosen}", chosen)
    assert not screens.shown(BUBBLE), "the bubble goes with the finger"
    assert screens.find(f"{TICKS}.current").get_attribute("data-href") == f"/timeline/{chosen}"
    assert screens.shown(NEWER), "a jump back in time has newer photos above it"
    # The timeline is the tab's first screen: a jump moves it in place, as scrolling there would (issue 49, 7).
    assert b.driver.execute_script("return history.length") == entries, "a jump adds no history entry"
    assert not screens.shown("#detail header.bar a.back"), "and no Back to a screen before it"


def test_phone_the_days_follow_the_finger_to_a_month_not_on_the_page(timeline_server, browser):
    """Issue 49, 10: a finger resting on a month years back, far past the loaded page, brings its
    days into view before it lets go (fetched in place); the address waits for the release."""
    b = browser("phone", server=timeline_server)
    screens = TimelineScreens(b)
    b.open("/timeline")
    screens.wait_shown(DAYS_SCREEN, SCRUBBER)
    rail = screens.rect(SCRUBBER)
    x, y = int(rail["x"] + rail["width"] / 2), int(rail["y"] + rail["height"] * 0.9)
    finger = PointerInput(POINTER_TOUCH, "finger")
    press = ActionBuilder(b.driver, mouse=finger, duration=25)
    press.pointer_action.move_to_location(x, int(rail["y"] + 8)).pointer_down().pause(0.1).move_to_location(x, y).pause(1.5)
    press.perform()  # the finger rests, still down
    under = b.driver.execute_script("return document.querySelector(arguments[0] + ' .scrubber-tick.under-finger')?.dataset.href", SCRUBBER)
    in_view = b.driver.execute_script(
        """const pane = document.querySelector('#detail .pane-content'); const top = pane.getBoundingClientRect().top;
           return [...pane.querySelectorAll('.timeline-month')].find((h) => h.getBoundingClientRect().bottom > top + 1)?.dataset.month""")
    path = b.driver.execute_script("return location.pathname")
    assert under and under.removeprefix("/timeline/") < "%04d-%02d" % month_before(timeline_server.library.today, 24), under
    assert in_view == under.removeprefix("/timeline/"), f"the days show the month under the finger: {in_view} for {under}"
    assert path == "/timeline", "the address waits for the finger (the jump on letting go: the test above)"
    b.screenshot("phone-timeline-scrubbing-far")


def test_tablet_zoom_levels_lead_from_years_to_a_months_days_and_the_viewer_turns_through_the_timeline(timeline_server, browser):
    b = browser("tablet-portrait", server=timeline_server)
    screens = TimelineScreens(b)
    years, months = photo_counts(timeline_server, 4), photo_counts(timeline_server, 7)

    b.open("/timeline")
    screens.wait_shown(DAYS_SCREEN)
    screens.follow(f'{ZOOM}[href="/timeline/years"]', "/timeline/years")
    screens.wait_shown(TILES_SCREEN)
    assert screens.tiles() == [(year, counted(count), f"/timeline/{year}") for year, count in sorted(years.items(), reverse=True)]
    assert [current for _, _, current in screens.zoom()] == [True, False, False]
    b.screenshot("tablet-portrait-timeline-years")

    # 2024: the demo's New York days in October.
    screens.follow(f'{TILES}[href="/timeline/2024"]', "/timeline/2024")
    expected = [(month_title(key), counted(count), f"/timeline/{key}") for key, count in sorted(months.items(), reverse=True) if key.startswith("2024-")]
    screens.wait(lambda: screens.tiles() == expected, f"the months of 2024: {expected}, not {screens.tiles()}")
    assert [current for _, _, current in screens.zoom()] == [False, True, False]
    screens.follow(f'{TILES}[href="/timeline/2024-10"]', "/timeline/2024-10")
    screens.wait_days_from("/timeline/2024-10", "2024-10")
    assert [current for _, _, current in screens.zoom()] == [False, False, True]
    days = screens.days()
    assert days[0].startswith("2024-10-") and days[1].startswith("2024-10-") and days[0] > days[1]

    # The last photo of the month's first day, then ArrowRight: the first of the next day, older.
    last_of_day = screens.find(f'{DAYS}[data-day="{days[0]}"] li:last-child > a.photo-cell')
    first_of_next = screens.find(f'{DAYS}[data-day="{days[1]}"] li:first-child > a.photo-cell')
    photo, older = (int(cell.get_attribute("data-photo-id")) for cell in (last_of_day, first_of_next))
    titles = {photo: text_content(last_of_day.find_element("css selector", ".photo-caption")),
              older: text_content(first_of_next.find_element("css selector", ".photo-caption"))}
    b.driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", last_of_day)
    screens.click(f'{CELLS}[data-photo-id="{photo}"]')
    screens.wait_path(f"/timeline/photos/{photo}")
    screens.wait_viewer(photo, titles[photo])
    screens.focus_stage()
    screens.press("\ue014")  # ArrowRight: the next, older photo
    screens.wait_path(f"/timeline/photos/{older}")
    screens.wait_viewer(older, titles[older])
    b.screenshot("tablet-portrait-timeline-viewer")

    # Back (a phone's top bar's; hidden here, where the list is beside the photo) leads to the
    # photo's day in the timeline.
    assert screens.find(BACK).get_attribute("href") == timeline_server(f"/timeline/{days[1]}")


def test_tablet_landscape_on_this_day_opens_the_memorys_book_and_a_photo_hidden_leaves_it(timeline_server, browser):
    b = browser("tablet-landscape", server=timeline_server)
    screens = TimelineScreens(b)
    anniversary = timeline_server.library.anniversary
    window = [anniversary + datetime.timedelta(days=n) for n in range(-3, 4)]
    book_path = f"/memories/{anniversary.isoformat()}"

    b.open("/places")
    screens.wait_shown(MASTER, MEMORY)
    [memory] = screens.find_all(MEMORY)
    assert text_content(memory.find_element("css selector", ".memory-title")) == "3 years ago · New York City"
    assert text_content(memory.find_element("css selector", ".memory-subtitle")) == f"{short_range(window)} · 4 photos"
    assert text_content(screens.find("#master-content section.memories h2")) == "On this day"
    screens.assert_targets(f"{MEMORY} a.memory-open, {MEMORY} form.memory-hide button")
    b.screenshot("tablet-landscape-on-this-day")

    screens.click(f'{MEMORY} a.memory-open[href="{book_path}/1"]')
    screens.wait_path(f"{book_path}/1")
    screens.wait(lambda: (book_state(screens) or {}).get("live"), "the memory's book, live")
    state = book_state(screens)
    assert (state["page"], state["pages"], state["shown"]) == (1, 4, [1]), state
    assert state["captions"][0].startswith(f"Memory {window[2].isoformat()} 10h"), "the oldest first"

    screens.press("\ue014")  # ArrowRight: pages 2 and 3 facing each other
    screens.wait(lambda: (book_state(screens) or {}).get("page") == 2 and not book_state(screens)["turning"], "page 2")
    screens.wait_path(f"{book_path}/2")
    assert book_state(screens)["shown"] == [2, 3]
    hidden = int(screens.find(f'{BOOK} article.book-page[data-page="2"] form.memory-hide-photo input[name="photo"]').get_attribute("value"))
    hidden_caption, next_caption = book_state(screens)["captions"]
    screens.assert_targets(f"{BOOK} article.book-page form.memory-hide-photo button")

    screens.click(f'{BOOK} article.book-page[data-page="2"] form.memory-hide-photo button[type="submit"]')
    screens.wait(lambda: (book_state(screens) or {}).get("pages") == 3 and book_state(screens)["live"], "the book, a page shorter")
    screens.wait_path(f"{book_path}/2")
    state = book_state(screens)
    assert state["captions"][0] == next_caption and hidden_caption not in state["captions"], (
        f"page 2 is the photo after the one hidden, {hidden_caption} is gone: {state['captions']}")
    assert timeline_server.query("SELECT photo_id FROM on_this_day_hidden_photos") == [(hidden,)]
    assert timeline_server.query("SELECT count(*) FROM photos WHERE id = ?", hidden) == [(1,)], "hidden from memories, not removed"


def test_phone_a_trip_found_in_the_photos_is_made_into_a_vacation(timeline_server, browser):
    b = browser("phone", server=timeline_server)
    screens = TimelineScreens(b)
    paris = timeline_server.library.paris_days
    row = f"Paris, {short_range(list(paris))}"

    # Found in the background after the import: the list shows it once the search has run.
    def proposed() -> bool:
        b.open("/vacations")
        screens.wait_shown("#master-content nav.vacation-list")
        return bool(screens.find_all(FOUND_TRIP))
    screens.wait(proposed, "the trip found by the server's background search")
    [trip] = screens.find_all(FOUND_TRIP)
    assert text_content(trip.find_element("css selector", ".row-title")) == row
    assert text_content(trip.find_element("css selector", ".row-subtitle")).startswith("6 photos · ")
    screens.assert_targets(f"{FOUND_TRIP} button")
    b.screenshot("phone-trips-found")

    screens.click(f'{FOUND_TRIP} button[aria-label="Make a vacation of {row}"]')
    screens.wait(lambda: screens.path().startswith("/vacations/") and screens.path()[11:].isdigit(), "the new vacation's menu")
    name = f"Paris, {MONTH_NAMES[paris[0].month - 1]} {paris[0].year}"
    vacation = vacations_of(timeline_server, "Morgan")[name]
    screens.wait_menu(vacation, name)
    # The photos are put in by the server's trip worker, in date order; the menu says so until they are in.

    def filled() -> bool:
        b.open(f"/vacations/{vacation}")
        screens.wait_menu(vacation, name)
        return screens.menu()["all photos"] == "6 photos" and not screens.find_all(f"{MASTER} .vacation-menu .notice")
    screens.wait(filled, "the trip's six photos in the vacation")
    assert vacation_rows(timeline_server, vacation)["vacation_photos"] == 6
    titles = timeline_server.query(
        "SELECT title FROM vacation_photos WHERE vacation_id = ? ORDER BY taken_at", vacation)
    assert [title for (title,) in titles] == [f"Paris {day.isoformat()} {hour}h" for day in paris for hour in (10, 16)]

    b.open("/vacations")
    screens.wait_shown("#master-content nav.vacation-list")
    assert not screens.find_all(FOUND_TRIP), "a trip made into a vacation is no longer proposed"


def test_without_javascript_older_photos_and_the_scrubbers_years_are_plain_links(timeline_server, browser):
    b = browser("phone", javascript=False, server=timeline_server)
    screens = TimelineScreens(b)
    library = timeline_server.library

    b.open("/timeline")
    screens.wait_days_from("/timeline", library.newest_month)
    assert not screens.find_all(NEWER) and not screens.find_all(BUBBLE), "no script: no bubble, nothing newer"
    last_day = screens.days()[-1]
    screens.click(OLDER)
    screens.wait(lambda: screens.path().startswith("/timeline?before="), "the older page")
    b.wait_loaded()
    days = screens.days()
    assert days and days[0] <= last_day and days == sorted(days, reverse=True), f"older days after {last_day}: {days[:3]}"
    assert screens.shown(NEWER)

    # Without a script the scrubber is its years, each a link to the year's newest month, a finger's target.
    year = library.paris_month[:4]
    [(newest_of_year,)] = timeline_server.query("SELECT max(month) FROM timeline_months WHERE month LIKE ?", f"{year}-%")
    screens.assert_targets(YEAR_LINKS)
    assert [text_content(link) for link in screens.find_all(YEAR_LINKS)][:2] == [library.today.strftime("%Y"), str(library.today.year - 1)]
    assert all(not link.is_displayed() for link in screens.find_all(f"{SCRUBBER} li.scrubber-month:not(.year-start) > a"))
    screens.follow(f'{YEAR_LINKS}[href="/timeline/{newest_of_year}"]', f"/timeline/{newest_of_year}")
    screens.wait_days_from(f"/timeline/{newest_of_year}", newest_of_year)
    b.open(f"/timeline/{library.paris_month}")
    screens.wait_days_from(f"/timeline/{library.paris_month}", library.paris_month)
    paris = [day.isoformat() for day in library.paris_days]
    assert [day for day in screens.days() if day in paris] == paris[::-1], "the trip's days, newest first"


def test_a_short_scrubber_leaves_out_the_years_that_would_touch(timeline_server, browser):
    """On a rail too short for every year's name (a phone on its side, squeezed further here),
    the years that would touch the one above are left out, as iOS Photos drops them (issue 49, 10)."""
    b = browser("phone-landscape", server=timeline_server)
    screens = TimelineScreens(b)
    b.open("/timeline")
    screens.wait_shown(DAYS_SCREEN, SCRUBBER)
    b.driver.execute_script("document.querySelector(arguments[0]).style.height = '90px'", SCRUBBER)

    def shown_years():
        return b.driver.execute_script(
            "return [...document.querySelectorAll(arguments[0] + ' .scrubber-year')].map((y) => {"
            " const r = y.getBoundingClientRect(); return [getComputedStyle(y).visibility !== 'hidden', r.top, r.bottom]; });", SCRUBBER)
    screens.wait(lambda: any(not shown for shown, _, _ in shown_years()), "some years left out on a short rail")
    kept = [(top, bottom) for shown, top, bottom in shown_years() if shown]
    assert kept and all(below[0] >= above[1] for above, below in zip(kept, kept[1:])), f"years drawn over each other: {kept}"
    b.screenshot("phone-landscape-timeline-short-rail")
