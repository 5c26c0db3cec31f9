"""Adding a vacation (issue 6, "Vacations"): a name and a button, pushed as a screen of its own
on a phone and opened as a popover on a tablet; a blank name is refused on the field, a name
the account has already (case and surrounding spaces ignored) gets an alert with a button back;
neither creates anything. Without JavaScript the form is a page at every size; a double click
opens one popover and adds once. On `vacation_server` (vacation_pages.py), each test as an
account of its own.

The server's refusals of a blank or taken name (422, 409, the field's message, the alert and its
Back link, nothing created) are the Swift suite's
(VacationPagesTests.aBlankNameIsRefusedOnTheFieldAndADuplicateWithAnAlertAndNothingIsCreated) and
are seen as pages in `test_adding_without_javascript`, as a phone shows them too (its Add is an
ordinary link to the form's screen). What only a browser does is the tablet's popover holding
the refusal: those run at one tablet layout."""

import pytest
from selenium.webdriver.common.action_chains import ActionChains

from pages import text_content
from vacation_pages import (
    ADD,
    ALERT,
    ALERT_BACK,
    BLANK_NAME,
    EMPTY_LIST,
    FIELD_ERROR,
    LAYOUTS,
    MASTER_BACK,
    NAME_FIELD,
    NAME_FORM,
    POPOVER,
    POPOVER_CLOSE,
    VacationScreens,
    already_exists,
    browser_as,
    create_over_http,
    traveller,
    vacation_rows,
    vacations_of,
)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_adding_a_vacation_shows_it_in_the_list(vacation_server, browser, layout):
    account, session = traveller(vacation_server, f"Adder {layout}")
    b = browser_as(browser, layout, vacation_server, session)
    screens = VacationScreens(b)

    screens.open_list()
    assert text_content(screens.find(EMPTY_LIST)).startswith("No vacations yet.")
    assert text_content(screens.find(ADD)) == "Add vacation"
    where = screens.open_popover_link(ADD)
    form = f"{where} {NAME_FORM}"
    screens.wait_shown(f"{form} {NAME_FIELD}")
    assert screens.focused() == "input#vacation-name", "the name field has the focus, ready for typing"
    if screens.popovers:
        assert screens.find(POPOVER).get_attribute("aria-label") == "Add vacation"
    b.screenshot(f"{layout}-vacation-add")

    screens.type_into(f"{form} {NAME_FIELD}", "Lisbon in Spring")
    screens.press_submit(form)
    screens.wait(lambda: "Lisbon in Spring" in vacations_of(vacation_server, account.name), "the vacation should be created")
    vacation = vacations_of(vacation_server, account.name)["Lisbon in Spring"]
    screens.wait_path(f"/vacations/{vacation}")
    screens.wait_popover_closed()
    screens.wait_menu(vacation, "Lisbon in Spring")
    assert screens.menu() == {"itinerary": "0 places", "tags": "0 tags", "all photos": "0 photos", "book": None}
    assert set(vacation_rows(vacation_server, vacation).values()) == {0}, "it is made empty, in the library"
    assert not (vacation_server.data / "vacations").exists(), "and no file of its own"

    screens.click(MASTER_BACK)  # ‹ Vacations
    screens.wait_path("/vacations")
    screens.show_master()
    screens.wait(lambda: screens.list_rows() == [("Lisbon in Spring", "0 photos")], f"the list should show the new vacation: {screens.list_rows()}")
    b.screenshot(f"{layout}-vacation-added")


def test_a_blank_name_is_refused_on_the_field(vacation_server, browser):
    layout = "tablet-landscape"
    account, session = traveller(vacation_server, f"Blank {layout}")
    b = browser_as(browser, layout, vacation_server, session)
    b.expect_log(r"/vacations/new - Failed to load resource: .*422")
    screens = VacationScreens(b)

    screens.open_list()
    form = f"{screens.open_popover_link(ADD)} {NAME_FORM}"
    screens.type_into(f"{form} {NAME_FIELD}", "   ")
    screens.press_submit(form)
    screens.wait(lambda: screens.find_all(f"{form} {FIELD_ERROR}"), "the field should say what is wrong")
    assert text_content(screens.find(f"{form} {FIELD_ERROR}")) == BLANK_NAME
    field = screens.find(f"{form} {NAME_FIELD}")
    assert field.get_attribute("aria-invalid") == "true"
    assert field.get_attribute("aria-describedby") == screens.find(f"{form} {FIELD_ERROR}").get_attribute("id")
    assert screens.popovers and screens.popover_open(), "the refusal is shown in the dialog"
    assert screens.path() == "/vacations"
    assert screens.focused() == "input#vacation-name", "the refused field has the focus"
    b.screenshot(f"{layout}-vacation-blank")
    assert vacations_of(vacation_server, account.name) == {}, "nothing is created"

    # A name then goes through from the same form.
    screens.type_into(f"{form} {NAME_FIELD}", "Porto")
    screens.press_submit(form)
    screens.wait(lambda: "Porto" in vacations_of(vacation_server, account.name), "the corrected name should be created")
    screens.wait_popover_closed()
    screens.wait_menu(vacations_of(vacation_server, account.name)["Porto"], "Porto")


def test_a_taken_name_gives_an_alert_with_a_way_back(vacation_server, browser):
    layout = "tablet-portrait"
    account, session = traveller(vacation_server, f"Duplicate {layout}")
    create_over_http(vacation_server, session, "Road to Big Sur")
    b = browser_as(browser, layout, vacation_server, session)
    b.expect_log(r"/vacations/new - Failed to load resource: .*409")
    screens = VacationScreens(b)

    screens.open_list()
    assert screens.list_rows() == [("Road to Big Sur", "0 photos")]
    where = screens.open_popover_link(ADD)
    screens.type_into(f"{where} {NAME_FORM} {NAME_FIELD}", "  road TO big sur ")
    screens.press_submit(f"{where} {NAME_FORM}")
    screens.wait(lambda: screens.find_all(f"{where} {ALERT}"), "an alert should say the vacation exists")
    assert text_content(screens.find(f"{where} {ALERT} .alert-message")) == already_exists("Road to Big Sur")
    assert text_content(screens.find(f"{where} {ALERT_BACK}")) == "Back"
    assert not screens.find_all(f"{where} {NAME_FORM}"), "the alert stands in place of the form"
    assert screens.popovers and screens.popover_open() and screens.path() == "/vacations"
    assert screens.focused() == "a.button.alert-back", "the alert's button has the focus"
    b.screenshot(f"{layout}-vacation-duplicate")
    assert list(vacations_of(vacation_server, account.name)) == ["Road to Big Sur"], "nothing is created"

    screens.click(f"{where} {ALERT_BACK}")
    screens.wait(lambda: screens.find_all(f"{where} {NAME_FORM} {NAME_FIELD}"), "Back should return to the form")
    assert not screens.find_all(f"{where} {ALERT}")
    assert screens.popover_open(), "Back returns to the form inside the dialog"
    assert screens.focused() == "input#vacation-name"
    screens.click(POPOVER_CLOSE)  # Cancel
    screens.wait_popover_closed()
    assert screens.path() == "/vacations"
    assert list(vacations_of(vacation_server, account.name)) == ["Road to Big Sur"], "still nothing created"


@pytest.mark.parametrize("layout", ["phone", "tablet-portrait"])
def test_adding_without_javascript(vacation_server, browser, layout):
    """No popover without JavaScript: the form is a page of its own at every size."""
    account, session = traveller(vacation_server, f"Plain adder {layout}")
    create_over_http(vacation_server, session, "Taken")
    b = browser_as(browser, layout, vacation_server, session, javascript=False)
    b.expect_log(r"/vacations/new - Failed to load resource: .*(422|409)")
    screens = VacationScreens(b)
    form = f"#detail {NAME_FORM}"

    b.open("/vacations")
    add = screens.find(ADD)
    assert add.get_attribute("href") == vacation_server("/vacations/new")
    b.open("/vacations/new")
    screens.wait_shown(f"{form} {NAME_FIELD}")

    screens.fill(form, name=" ")
    screens.submit(form)
    assert b.status() == 422 and text_content(screens.find(f"{form} {FIELD_ERROR}")) == BLANK_NAME

    screens.fill(form, name="TAKEN ")
    screens.submit(form)
    assert b.status() == 409 and text_content(screens.find(f"#detail {ALERT} .alert-message")) == already_exists("Taken")
    assert screens.find(f"#detail {ALERT_BACK}").get_attribute("href") == vacation_server("/vacations/new")
    screens.find(f"#detail {ALERT_BACK}").click()
    b.wait_loaded()
    screens.wait_shown(f"{form} {NAME_FIELD}")

    screens.fill(form, name="Untaken")
    screens.submit(form)
    vacation = vacations_of(vacation_server, account.name)["Untaken"]
    assert screens.path() == f"/vacations/{vacation}"
    assert sorted(vacations_of(vacation_server, account.name)) == ["Taken", "Untaken"]


def test_a_double_click_opens_one_popover_and_adds_once(vacation_server, browser):
    account, session = traveller(vacation_server, "Double clicker")
    b = browser_as(browser, "tablet-landscape", vacation_server, session)
    screens = VacationScreens(b)
    screens.open_list()
    b.settle()
    ActionChains(b.driver).double_click(screens.find(ADD)).perform()
    screens.wait(screens.popover_open, "the popover should open")
    b.settle()
    assert len(screens.find_all(POPOVER)) == 1, "one dialog, however many clicks"

    screens.type_into(f"{POPOVER} {NAME_FIELD}", "Twice Over")
    ActionChains(b.driver).double_click(screens.find(f"{POPOVER} {NAME_FORM} button[type=submit]")).perform()
    screens.wait_popover_closed()
    vacation = vacations_of(vacation_server, account.name)["Twice Over"]
    screens.wait_menu(vacation, "Twice Over")
    b.settle()
    assert not screens.find_all(POPOVER) and not screens.find_all(ALERT), "no second dialog, no alert about the name"
    assert list(vacations_of(vacation_server, account.name)) == ["Twice Over"]


def test_the_plus_of_a_vacation_picks_photos_from_the_library(vacation_server, browser):
    """A vacation's "+" (issue 49, 9): the library's photos to tap, each thumbnail the target,
    then Add: they are in the vacation. On a phone, where a thumb does it."""
    account, session = traveller(vacation_server, "Picker")
    vacation = create_over_http(vacation_server, session, "Weekend")
    b = browser_as(browser, "phone", vacation_server, session)
    screens = VacationScreens(b)
    b.open(f"/vacations/{vacation}/photos")
    plus = "#master-bar a.bar-add"
    screens.wait_shown(plus)
    assert screens.find(plus).get_attribute("aria-label") == "Add photos to Weekend"
    screens.click(plus)
    screens.wait_path(f"/vacations/{vacation}/add-photos")
    cells = "#detail .pick-cell"
    screens.wait_shown(cells)
    screens.assert_targets(cells)
    picked = [cell.find_element("css selector", "input").get_attribute("value") for cell in screens.find_all(cells)[:2]]
    for cell in screens.find_all(cells)[:2]:
        cell.click()  # the thumbnail toggles its box
    assert [box.get_attribute("value") for box in screens.find_all(f"{cells} input:checked")] == picked
    b.screenshot("phone-vacation-picker")
    screens.click("#detail .picker-actions button")
    screens.wait_path(f"/vacations/{vacation}/photos")
    screens.wait(lambda: set(vacation_rows(vacation_server, vacation).values()) != {0}, "the photos are in the vacation")
    assert vacation_server.query("SELECT count(*) FROM vacation_photos WHERE vacation_id = ?", vacation)[0][0] == 2
