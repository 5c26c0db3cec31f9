"""The Flickr viewer as the library's (issue 12, "Finish the originals"): Unvisit… beside "In A,
B" removes the photo from the vacation chosen; a Flickr photo opened from Recents has Recents as
its tab and beside it, turns through Recents, and leaves Recents in its order. Against the fake
Flickr of `test_flickr.py`, a server of its own per test."""

import re

import pytest

from pages import BACK, SESSION_COOKIE, http_get, http_post, text_content
from photo_pages import NEXT, PREVIOUS, RECENT_ROWS, photo_ids
from test_flickr import flickr  # noqa: F401 (a fixture)
from vacation_pages import UNVISIT, VacationScreens, create_over_http

# Pages turn and panes slide here as a person sees them: these browsers do not ask for reduced motion (conftest).
pytestmark = pytest.mark.motion

LAYOUTS = ["phone", "tablet-landscape"]
PLACE = "7.MJR8tTVrIO1EgB"
FOG, UNTITLED = "53312345678", "53312345679"


def get(server, path: str) -> str:
    page = http_get(server(path), cookies={SESSION_COOKIE: server.owner_session})
    assert page.status == 200, f"{path}: {page.status}"
    return page.text


def flickr_visit_over_http(server, photo: str, vacation: int) -> None:
    token = http_get(server(f"/flickr/photos/{photo}/visit"), cookies={SESSION_COOKIE: server.owner_session}).form_token()
    answer = http_post(server(f"/flickr/photos/{photo}/visit"), {"csrf": token, "vacation": str(vacation)},
                       cookies={SESSION_COOKIE: server.owner_session})
    assert answer.status == 303, f"visiting {photo} into {vacation}: {answer.status} {answer.text[:300]}"


def recents_over_http(server) -> list[str]:
    """The Recents rows' addresses, in order."""
    return re.findall(r'class="row recent-row" href="([^"]+)"', get(server, "/recents"))


@pytest.mark.parametrize("layout", LAYOUTS)
def test_unvisit_from_the_flickr_viewer(flickr, browser, layout):  # noqa: F811 (the fixture)
    _, server = flickr
    get(server, f"/flickr/places/{PLACE}")  # RoadTrip records the place's photos
    bay = create_over_http(server, server.owner_session, "Bay Area")
    tuscany = create_over_http(server, server.owner_session, "Tuscany")
    for vacation in (bay, tuscany):
        flickr_visit_over_http(server, FOG, vacation)
    screens = VacationScreens(browser(layout, server=server))

    screens.browser.open(f"/flickr/photos/{FOG}")
    screens.wait_viewer(int(FOG), "Fog over the bay")
    screens.wait_visited_in(["Bay Area", "Tuscany"])
    assert text_content(screens.find(UNVISIT)) == "Unvisit…"
    where = screens.open_popover_link(UNVISIT)
    screens.wait_shown(f"{where} section.unvisit-list")
    assert text_content(screens.find(f"{where} section.unvisit-list h2")) == "Remove “Fog over the bay” from…"
    assert screens.choices(where) == ["Bay Area", "Tuscany"]
    assert not screens.find_all("#master-content .empty-note"), "Flickr's places beside it, not an empty list"
    screens.browser.screenshot(f"{layout}-flickr-unvisit-list")
    screens.choose(where, "Bay Area")
    screens.wait_path(f"/flickr/photos/{FOG}")
    screens.wait_popover_closed()
    screens.wait_visited_in(["Tuscany"])
    screens.wait_viewer(int(FOG), "Fog over the bay")
    screens.browser.screenshot(f"{layout}-flickr-unvisited")
    assert f"/flickr/photos/{FOG}" not in get(server, f"/vacations/{bay}/photos")
    assert "Fog over the bay" not in get(server, f"/vacations/{bay}/photos")
    assert "Fog over the bay" in get(server, f"/vacations/{tuscany}/photos")


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_flickr_photo_opened_from_recents(flickr, browser, layout):  # noqa: F811 (the fixture)
    _, server = flickr
    golden_gate = photo_ids(server)["Golden Gate Bridge"]
    for path in (f"/flickr/places/{PLACE}", f"/flickr/photos/{UNTITLED}?place={PLACE}", f"/flickr/photos/{FOG}?place={PLACE}", f"/photos/{golden_gate}"):
        get(server, path)
    order = [f"/photos/{golden_gate}?from=recents", f"/flickr/photos/{FOG}?from=recents", f"/flickr/photos/{UNTITLED}?from=recents"]
    assert recents_over_http(server) == order
    screens = VacationScreens(browser(layout, server=server))

    screens.browser.open("/recents")
    screens.show_master()
    screens.click(f'{RECENT_ROWS}[href="/flickr/photos/{FOG}?from=recents"]')
    screens.wait_viewer(int(FOG), "Fog over the bay")
    assert screens.path() == f"/flickr/photos/{FOG}?from=recents"
    assert screens.current_tab() == "Recents", "the Recents tab is current (aria-current), not Flickr"
    if layout == "phone":
        assert text_content(screens.find(BACK)) == "‹ Recents"
    else:
        assert screens.shown(f"{RECENT_ROWS}[aria-current='page'][href='/flickr/photos/{FOG}?from=recents']"), "Recents beside it"
        assert [r.get_attribute("href") for r in screens.find_all(RECENT_ROWS)] == [server(p) for p in order]
        assert not screens.find_all("#master-content .empty-note")
    screens.browser.screenshot(f"{layout}-flickr-from-recents")

    # Previous and next through Recents, in its order, across library and Flickr photos.
    screens.click(NEXT)
    screens.wait_viewer(int(UNTITLED), "Unknown")
    assert screens.path() == f"/flickr/photos/{UNTITLED}?from=recents"
    assert not screens.find_all(NEXT), "the last of Recents has no next"
    screens.click(PREVIOUS)
    screens.wait_viewer(int(FOG), "Fog over the bay")
    screens.click(PREVIOUS)
    screens.wait_viewer(golden_gate, "Golden Gate Bridge")
    assert screens.path() == f"/photos/{golden_gate}?from=recents"
    assert recents_over_http(server) == order, "looking through Recents does not reorder it"
