"""Every screen at the four sizes (issue 33): one walk per layout that, on each screen, measures
what a person meets first — every control a finger's target of at least 44 × 44 px (Apple's
HIG; links inside running text are the text's), the bars taking at most a quarter of the height
in landscape and a fifth in portrait, and (on a phone and a tablet in landscape) no critical or
serious problem by axe-core (the engine of Lighthouse's accessibility audit: e2e/axe_core.py) — and saves a screenshot
into the artifacts folder. One script per screen does the measuring, so a walk costs a page load
and an audit per screen and no more.

The trip's screens are on `book_server` (its Events book on the event site); the photo screens
on `vacation_server`, as an account of this test's own with a vacation of three demo photos, its
Share… screen, the screens its share link opens, and a password link's first page."""

import pytest

import axe_core
from photo_pages import photo_ids, place_ids
from trip_pages import TEST_TOWN, choose_over_http
from vacation_pages import browser_as, share_link_over_http, traveller, vacation_with

AXE = axe_core.source()

LAYOUTS = ["phone", "phone-landscape", "tablet-portrait", "tablet-landscape"]

# Where axe-core audits each screen: a phone's one-pane stack and a tablet's side-by-side panes
# (the markup a screen reader meets is the same at every size; what differs is which pane is
# shown). The other two sizes are measured, not audited: the audit is most of a walk's time.
AUDITED = {"phone", "tablet-landscape"}

# The most of the height bars may take: a quarter in landscape, a fifth in portrait.
CHROME_SHARE = {"phone": 0.20, "phone-landscape": 0.25, "tablet-portrait": 0.20, "tablet-landscape": 0.25}

MEASURE = """
const visible = (e) => e && e.checkVisibility({visibilityProperty: true, opacityProperty: true, contentVisibilityAuto: true});
const onScreen = (r) => r.right > 0 && r.bottom > 0 && r.left < innerWidth && r.top < innerHeight;
const small = [...document.querySelectorAll('a[href], button, input:not([type=hidden]), select, summary')]
  .filter((e) => visible(e) && !e.closest('[hidden], p, .page-source, .leaflet-control-attribution'))
  .map((e) => [e, e.getBoundingClientRect()])
  .filter(([, r]) => onScreen(r) && (r.width < 43.5 || r.height < 43.5))
  .map(([e, r]) => [e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).split(' ')[0] : ''),
                    (e.textContent || e.value || e.getAttribute('aria-label') || '').trim().slice(0, 30),
                    Math.round(r.width), Math.round(r.height)]);
// The bars over each pane on screen: its top bar, the photo tabs and the app tab bar under it,
// as the share of the height they cover (a bar beside another counts once).
const chrome = {};
for (const pane of document.querySelectorAll('#master, #detail')) {
  if (!visible(pane)) continue;
  const box = pane.getBoundingClientRect();
  const bars = [...pane.querySelectorAll(':scope > header.bar, :scope > nav.tab-bar'), document.getElementById('app-tabs')]
    .filter((e) => visible(e)).map((e) => e.getBoundingClientRect())
    .filter((r) => r.height > 0 && r.left < box.right - 1 && r.right > box.left + 1)
    .map((r) => [Math.max(0, r.top), Math.min(innerHeight, r.bottom)]).sort((a, b) => a[0] - b[0]);
  let covered = 0, end = -1;
  for (const [top, bottom] of bars) {
    if (bottom <= end) continue;
    covered += bottom - Math.max(top, end);
    end = bottom;
  }
  chrome[pane.id] = covered / innerHeight;
}
// Text set against a pane's edge: every screen keeps its words an inset from the edges (full-bleed
// pictures, maps and pages may touch them; the bars place their own).
const flush = [];
for (const pane of document.querySelectorAll('#master-content, #detail-content')) {
  if (!visible(pane)) continue;
  const box = pane.getBoundingClientRect();
  for (const e of pane.querySelectorAll('*')) {
    if (!visible(e) || e.closest('svg, .leaflet-container, .photo-stage, .book-stage, .photo-cell, .drop-plus')) continue;
    const text = [...e.childNodes].find((n) => n.nodeType === 3 && n.textContent.trim());
    if (!text) continue;
    const range = document.createRange();
    range.selectNodeContents(text);
    const r = range.getBoundingClientRect();
    if (r.width && onScreen(r) && (r.left - box.left < 8 || box.right - r.right < 8 && r.right <= box.right))
      flush.push([e.tagName.toLowerCase() + (e.className ? '.' + String(e.className).split(' ')[0] : ''), e.textContent.trim().slice(0, 30), Math.round(r.left - box.left)]);
  }
}
return {small, chrome, flush};
"""

AUDIT = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ['violations'], iframes: false})
  .then((results) => done(results.violations.filter((v) => ['critical', 'serious'].includes(v.impact))
    .map((v) => [v.id, v.impact, v.nodes.slice(0, 4).map((n) => n.target.join(' ') + ': ' + (n.failureSummary || '').slice(0, 160))])))
  .catch((error) => done([['axe failed', String(error), []]]));
"""


# Screens that open over another: the viewer's Info.
OPENED = {"info": "document.querySelector('details.photo-info').open = true"}


def walk(b, paths: list[str], found: dict, layout: str) -> None:
    """Each path, and "path#name" for `path` with OPENED[name] done on it."""
    for path in paths:
        address, _, opened = path.partition("#")
        b.open(address)
        if opened:
            b.driver.execute_script(OPENED[opened])
        name = path.strip("/").replace("/", "-").replace("?", "-").replace("=", "-").replace("#", "-") or "home"
        b.screenshot(f"{layout}-screen-{name}")  # settled, and before the audit scrolls anything
        measured = b.driver.execute_script(MEASURE)
        problems = []
        if layout in AUDITED:
            b.driver.execute_script(AXE)
            problems = b.driver.execute_async_script(AUDIT)
        if measured["flush"]:
            found.setdefault(path, {})["text against the edge"] = measured["flush"][:6]
        if measured["small"]:
            found.setdefault(path, {})["under 44 px"] = measured["small"]
        crowded = {pane: round(share, 3) for pane, share in measured["chrome"].items() if share > CHROME_SHARE[layout]}
        if crowded:
            found.setdefault(path, {})["bars' share of the height"] = crowded
        if problems:
            found.setdefault(path, {})["axe-core"] = problems


@pytest.mark.parametrize("layout", LAYOUTS)
def test_every_screen_is_usable_by_finger_and_by_screen_reader(book_server, vacation_server, browser, layout):
    b = browser(layout, server=book_server)
    choose_over_http(book_server, TEST_TOWN)  # the trip's screens: its book, weather and map
    found: dict = {}
    walk(b, ["/", f"/destinations/{book_server.ids[TEST_TOWN]}", "/trip/events/1", "/trip/weather", "/trip/map", "/find",
             "/account", "/accounts", "/settings", "/import", "/trip/book-settings?from=/trip/events/1"], found, layout)

    _, session = traveller(vacation_server, f"Walker {layout}")
    photos = photo_ids(vacation_server)
    vacation = vacation_with(vacation_server, session, "Walk", ["Central Park", "Times Square", "Golden Gate Bridge"])
    link = share_link_over_http(vacation_server, session, vacation, show_where="on", show_dates="on")
    locked = share_link_over_http(vacation_server, session, vacation, password="sardines", show_where="on", show_dates="on")
    b = browser_as(browser, layout, vacation_server, session)
    for used in browser.used:  # one driver per layout: its log is read for each browser made on it
        used.expect_log(r"/s/[A-Za-z0-9_-]{24} - Failed to load resource: .*403")  # a password link's page, before its password
    walk(b, ["/places", f"/places/{place_ids(vacation_server)['Manhattan']}", f"/photos/{photos['Central Park']}", f"/photos/{photos['Central Park']}#info",
             f"/photos/{photos['Central Park']}/visit", "/recents", "/vacations", f"/vacations/{vacation}",
             f"/vacations/{vacation}/photos", f"/vacations/{vacation}/itinerary", f"/vacations/{vacation}/tags",
             f"/vacations/{vacation}/book/1", f"/vacations/{vacation}/share", link, f"{link}/photos/1", locked, "/map", "/upload",
             "/timeline", "/timeline/years", f"/timeline/photos/{photos['Central Park']}"], found, layout)
    assert not found, "\n".join(f"{path}: {problems}" for path, problems in found.items())
