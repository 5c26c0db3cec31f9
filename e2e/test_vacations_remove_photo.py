"""Remove from this vacation (issue 12, "Finish the originals"): a vacation's own photo viewer
removes the photo after a confirmation that names the photo and the vacation, then shows the
vacation's photos; a place and a tag go with their last photo. On `vacation_server`
(vacation_pages.py)."""

import pytest

from pages import SESSION_COOKIE, http_get, http_post, text_content
from photo_pages import photo_ids
from vacation_pages import (
    CONFIRM,
    ITINERARY_ROWS,
    TAG_ROWS,
    VacationScreens,
    browser_as,
    traveller,
    vacation_with,
)

LAYOUTS = ["phone", "tablet-landscape"]
REMOVE = "#detail section.photo-viewer a.remove-from-vacation"


def tag_over_http(server, session: str, photo: int, tag: str) -> None:
    token = http_get(server(f"/photos/{photo}"), cookies={SESSION_COOKIE: session}).form_token()
    answer = http_post(server(f"/photos/{photo}/tags"), {"csrf": token, "add": tag}, cookies={SESSION_COOKIE: session})
    assert answer.status == 303, f"tagging {photo}: {answer.status}"


@pytest.mark.parametrize("layout", LAYOUTS)
def test_remove_from_this_vacation(vacation_server, browser, layout):
    _, session = traveller(vacation_server, f"Remover {layout}")
    ids = photo_ids(vacation_server)
    tag_over_http(vacation_server, session, ids["Muir Woods"], "Redwoods")
    tag_over_http(vacation_server, session, ids["Golden Gate Bridge"], "Bridges")
    name = f"Coast <{layout}>"
    vacation = vacation_with(vacation_server, session, name, ["Golden Gate Bridge", "Muir Woods"])
    screens = VacationScreens(browser_as(browser, layout, vacation_server, session))

    screens.browser.open(f"/vacations/{vacation}/photos")
    screens.show_master()
    muir = next(id for id, title in screens.grid() if title == "Muir Woods")
    screens.open_cell(muir)
    screens.wait_viewer(muir, "Muir Woods")
    assert text_content(screens.find(REMOVE)) == "Remove from this vacation…"
    where = screens.open_popover_link(REMOVE)
    confirm = f"{where} section.confirm" if where != "#detail" else CONFIRM
    screens.wait_shown(confirm)
    assert text_content(screens.find(f"{confirm} .confirm-message")).startswith(f"Remove “Muir Woods” from “{name}”?")
    assert screens.grid_titles() == ["Golden Gate Bridge", "Muir Woods"], "nothing removed before the confirmation"
    screens.browser.screenshot(f"{layout}-vacation-remove-photo-confirm")
    screens.click(f"{confirm} form button[type=submit]")

    screens.wait_path(f"/vacations/{vacation}/photos")
    screens.wait_popover_closed()
    screens.show_master()
    screens.wait(lambda: screens.grid_titles() == ["Golden Gate Bridge"], "back at the vacation's photos, without it")
    screens.browser.screenshot(f"{layout}-vacation-photo-removed")
    screens.browser.open(f"/vacations/{vacation}/itinerary")
    screens.show_master()
    assert [title for title, _ in screens.rows(ITINERARY_ROWS)] == ["San Francisco"], "Mill Valley went with its last photo"
    screens.browser.open(f"/vacations/{vacation}/tags")
    screens.show_master()
    tags = [title for title, _ in screens.rows(TAG_ROWS)]
    assert "Bridges" in tags and "Redwoods" not in tags, f"the tag went with its last photo: {tags}"
