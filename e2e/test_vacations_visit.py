"""Visit and Unvisit from the photo viewer (issue 6): Visit… lists the account's vacations (a
popover on a tablet, a pushed screen on a phone) with "New vacation…" at the end; the viewer
then says which vacations hold the photo; Unvisit… removes it from the one chosen. The
vacations' menus and the list count what was visited. The popover keeps its keys to itself (an
arrow does not turn the photo behind it, Escape closes it and not the list under it); Cancel,
Escape and "Back to the photo" close it and change nothing. On `vacation_server`
(vacation_pages.py)."""

import pytest

from pages import text_content
from photo_pages import GRID_CELLS, photo_ids, place_ids
from vacation_pages import (
    LAYOUTS,
    LIST_ROWS,
    NEW_VISIT_FORM,
    POPOVER,
    UNVISIT,
    VISIT,
    VISITED_IN,
    VacationScreens,
    browser_as,
    create_over_http,
    traveller,
    vacations_of,
)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_visit_and_unvisit_from_the_viewer(vacation_server, browser, layout):
    account, session = traveller(vacation_server, f"Visitor {layout}")
    create_over_http(vacation_server, session, "Wine Country")
    create_over_http(vacation_server, session, "Golden Coast")
    golden_gate = photo_ids(vacation_server)["Golden Gate Bridge"]
    b = browser_as(browser, layout, vacation_server, session)
    screens = VacationScreens(b)

    b.open(f"/photos/{golden_gate}")
    screens.wait_viewer(golden_gate, "Golden Gate Bridge")
    assert screens.visited_in() == [] and not screens.find_all(UNVISIT), "no vacation holds the photo yet"
    assert text_content(screens.find(VISIT)) == "Visit…"

    # Visit… → choose a vacation
    where = screens.open_popover_link(VISIT)
    screens.wait_shown(f"{where} section.visit-list")
    assert text_content(screens.find(f"{where} section.visit-list h2")) == "Visit “Golden Gate Bridge” into…"
    assert screens.choices(where) == ["Golden Coast", "Wine Country"], "the account's vacations, by name"
    assert text_content(screens.find(f'{where} {NEW_VISIT_FORM} label[for="visit-new"]')) == "New vacation…"
    for button in screens.find_all(f"{where} section.visit-list button.row.choice"):  # a row is a target from edge to edge
        row = button.find_element("xpath", "./ancestor::li[1]")
        assert abs(button.rect["width"] - row.rect["width"]) <= 1, f"the choice should be as wide as its row: {button.rect} {row.rect}"
    b.screenshot(f"{layout}-vacation-visit-list")
    screens.choose(where, "Golden Coast")
    screens.wait_path(f"/photos/{golden_gate}")
    screens.wait_popover_closed()
    screens.wait_visited_in(["Golden Coast"])
    screens.wait_viewer(golden_gate, "Golden Gate Bridge")
    assert text_content(screens.find(UNVISIT)) == "Unvisit…"
    screens.assert_targets(f"{VISITED_IN} a")

    # Visit… → New vacation… creates it and visits
    where = screens.open_popover_link(VISIT)
    screens.type_into(f"{where} {NEW_VISIT_FORM} #visit-new", "Fog City")
    screens.press_submit(f"{where} {NEW_VISIT_FORM}")
    screens.wait_popover_closed()
    screens.wait_visited_in(["Fog City", "Golden Coast"])
    assert screens.path() == f"/photos/{golden_gate}"
    b.screenshot(f"{layout}-vacation-visited")
    vacations = vacations_of(vacation_server, account.name)
    assert sorted(vacations) == ["Fog City", "Golden Coast", "Wine Country"]

    # Unvisit… → choose which
    where = screens.open_popover_link(UNVISIT)
    screens.wait_shown(f"{where} section.unvisit-list")
    assert text_content(screens.find(f"{where} section.unvisit-list h2")) == "Remove “Golden Gate Bridge” from…"
    assert screens.choices(where) == ["Fog City", "Golden Coast"], "only the vacations holding the photo"
    assert not screens.find_all(f"{where} {NEW_VISIT_FORM}")
    screens.choose(where, "Golden Coast")
    screens.wait_popover_closed()
    screens.wait_visited_in(["Fog City"])
    assert screens.path() == f"/photos/{golden_gate}"

    # The menus count it: Fog City holds the photo (one place), Golden Coast holds nothing.
    screens.click(f'{VISITED_IN} a[href="/vacations/{vacations["Fog City"]}"]')
    screens.wait_menu(vacations["Fog City"], "Fog City")
    assert screens.menu() == {"itinerary": "1 place", "tags": "0 tags", "all photos": "1 photo", "book": ""}
    b.screenshot(f"{layout}-vacation-menu")
    b.open(f"/vacations/{vacations['Golden Coast']}")
    screens.wait_menu(vacations["Golden Coast"], "Golden Coast")
    assert screens.menu() == {"itinerary": "0 places", "tags": "0 tags", "all photos": "0 photos", "book": None}
    screens.open_list()
    assert screens.rows(LIST_ROWS) == [("Fog City", "1 photo · 3 May 2025"), ("Golden Coast", "0 photos"), ("Wine Country", "0 photos")]


@pytest.mark.parametrize("layout", ["tablet-portrait", "tablet-landscape"])
def test_cancel_and_escape_close_the_popover_and_change_nothing(vacation_server, browser, layout):
    account, session = traveller(vacation_server, f"Canceller {layout}")
    create_over_http(vacation_server, session, "Undecided")
    ladies = photo_ids(vacation_server)["Painted Ladies"]
    b = browser_as(browser, layout, vacation_server, session)
    b.expect_log(r"/photos/\d+/visit - Failed to load resource: .*(422|409)")
    screens = VacationScreens(b)
    b.open(f"/photos/{ladies}")
    screens.wait_viewer(ladies, "Painted Ladies")

    screens.open_popover_link(VISIT)
    screens.click(f"{POPOVER} button.popover-close")
    screens.wait_popover_closed()
    assert screens.focused() == "a.button.visit.popover-link.sheet-on-phone", "the focus returns to Visit…"

    history = b.driver.execute_script("return history.length")
    where = screens.open_popover_link(VISIT)
    screens.assert_targets(f'{where} section.visit-list a.tap-target[href="/photos/{ladies}"]')
    screens.click(f'{where} section.visit-list a[href="/photos/{ladies}"]')  # Back to the photo
    screens.wait_popover_closed()
    assert screens.path() == f"/photos/{ladies}"
    assert b.driver.execute_script("return history.length") == history, "closing the popover is no navigation"

    screens.open_popover_link(VISIT)
    assert screens.focused() == "button.row.choice", "the first choice has the focus"
    screens.press("\ue014")  # ArrowRight: the dialog's, not the viewer's (no turn to the next photo)
    screens.press("\ue012")  # ArrowLeft
    assert screens.popover_open() and screens.path() == f"/photos/{ladies}"
    assert screens.viewer()["id"] == ladies, "the photo behind the dialog stays"
    screens.press("\ue00c")  # Escape
    screens.wait_popover_closed()
    assert screens.path() == f"/photos/{ladies}" and screens.visited_in() == []

    # New vacation… refuses a blank or taken name inside the dialog.
    where = screens.open_popover_link(VISIT)
    for name, message in (("  ", "Give the vacation a name."), (" UNDECIDED", "A vacation called “Undecided” already exists.")):
        screens.type_into(f"{where} {NEW_VISIT_FORM} #visit-new", name)
        screens.press_submit(f"{where} {NEW_VISIT_FORM}")
        # The answer replaces the dialog's list, and with it the notice of the name before.
        screens.wait(lambda: [text_content(notice) for notice in screens.find_all(f"{where} section.visit-list .notice.error")] == [message],
                     f"the dialog should say {message!r}")
        assert screens.popover_open() and screens.choices(where) == ["Undecided"], "the list is there to choose from"
    screens.click(f"{POPOVER} button.popover-close")
    screens.wait_popover_closed()
    assert list(vacations_of(vacation_server, account.name)) == ["Undecided"], "nothing was created"
    b.open(f"/photos/{ladies}")  # and nothing was visited, as the server says
    screens.wait_viewer(ladies, "Painted Ladies")
    assert screens.visited_in() == []


def test_escape_closes_the_popover_not_the_list_under_it(vacation_server, browser):
    """Tablet portrait: Add vacation is in the list's overlay; Escape closes the dialog only."""
    account, session = traveller(vacation_server, "Escaper")
    b = browser_as(browser, "tablet-portrait", vacation_server, session)
    screens = VacationScreens(b)
    screens.open_list()
    assert "master-open" in screens.body_classes()
    screens.open_popover_link("#master-content a.add-vacation")
    screens.press("\ue00c")  # Escape
    screens.wait_popover_closed()
    b.settle()
    assert "master-open" in screens.body_classes(), "the list stays open under the closed popover"
    assert screens.shown("#master-content a.add-vacation")
    screens.press("\ue00c")  # a second Escape closes the list
    screens.wait(lambda: "master-open" not in screens.body_classes(), "a second Escape closes the list")


def test_visit_and_unvisit_without_javascript(vacation_server, browser):
    account, session = traveller(vacation_server, "Plain visitor")
    create_over_http(vacation_server, session, "Rail Trail")
    high_line = photo_ids(vacation_server)["The High Line"]
    b = browser_as(browser, "tablet-landscape", vacation_server, session, javascript=False)
    screens = VacationScreens(b)

    b.open(f"/photos/{high_line}")
    screens.find(VISIT).click()
    b.wait_loaded()
    assert screens.path() == f"/photos/{high_line}/visit" and not screens.find_all(POPOVER)
    assert screens.choices("#detail") == ["Rail Trail"]
    screens.mark_document()
    screens.choose("#detail", "Rail Trail")
    screens.wait(lambda: not screens.same_document(), "the choice posts")
    b.wait_loaded()
    assert screens.path() == f"/photos/{high_line}" and screens.visited_in() == ["Rail Trail"]

    screens.find(UNVISIT).click()
    b.wait_loaded()
    assert screens.path() == f"/photos/{high_line}/unvisit"
    screens.mark_document()
    screens.choose("#detail", "Rail Trail")
    screens.wait(lambda: not screens.same_document(), "the choice posts")
    b.wait_loaded()
    assert screens.path() == f"/photos/{high_line}" and screens.visited_in() == []


def test_on_a_phone_a_completed_visit_leaves_no_entry_and_back_pops_to_the_grid(vacation_server, browser):
    """Issue 33, 1: Visit… is a sheet on a phone; choosing closes it and the photo shows that it
    is in the vacation, with no screen of the form left in the history: Back goes to the grid the
    photo was opened from, as iOS pops after a sheet."""
    _, session = traveller(vacation_server, "Sheet visitor")
    create_over_http(vacation_server, session, "Bay Days")
    b = browser_as(browser, "phone", vacation_server, session)
    screens = VacationScreens(b)
    place = place_ids(vacation_server)["San Francisco"]
    golden_gate = photo_ids(vacation_server)["Golden Gate Bridge"]
    b.open(f"/places/{place}")
    screens.open_cell(golden_gate)
    screens.wait_viewer(golden_gate, "Golden Gate Bridge")
    length = b.driver.execute_script("return history.length")

    where = screens.open_popover_link(VISIT)
    assert where == POPOVER and "sheet" in screens.find(POPOVER).get_attribute("class").split(), "a sheet from the foot"
    screens.choose(where, "Bay Days")
    screens.wait_popover_closed()
    screens.wait_visited_in(["Bay Days"])

    assert b.driver.execute_script("return history.length") == length, "no entry for the form"
    b.driver.back()
    screens.wait_path(f"/places/{place}")
    screens.wait_shown(GRID_CELLS)
