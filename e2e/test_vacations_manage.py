"""Keeping vacations (issue 6): delete after a confirmation that names the vacation and its photo
count; rename, refused for a name the account has; and safety — another account opening a
vacation's addresses gets the 404 page, exactly as for one that does not exist. On
`vacation_server` (vacation_pages.py), each test as an account of its own (the 404 test as the owner
Morgan and the member Robin). Each runs at one layout: what is removed, renamed or refused is
the server's doing, the same at every size (the layouts are test_layouts.py's subject)."""

from pages import MEMBER, sign_in_over_http, text_content
from photo_pages import photo_ids
from vacation_pages import (
    CONFIRM,
    DELETE,
    MASTER_BACK,
    VacationScreens,
    browser_as,
    create_over_http,
    traveller,
    vacation_rows,
    vacation_with,
    vacations_of,
)


def test_delete_asks_first_then_removes_the_vacation(vacation_server, browser):
    layout = "tablet-portrait"
    account, session = traveller(vacation_server, f"Deleter {layout}")
    doomed = vacation_with(vacation_server, session, "Farewell Tour", ["Central Park", "The High Line"])
    create_over_http(vacation_server, session, "Keeper")
    library = len(photo_ids(vacation_server))
    b = browser_as(browser, layout, vacation_server, session)
    screens = VacationScreens(b)

    b.open(f"/vacations/{doomed}")
    screens.wait_menu(doomed, "Farewell Tour")
    assert text_content(screens.find(DELETE)) == "Delete…"
    screens.click(DELETE)
    screens.wait_path(f"/vacations/{doomed}/remove")
    screens.wait_shown(CONFIRM)
    assert text_content(screens.find(f"{CONFIRM} .confirm-message")) == (
        "Delete “Farewell Tour” and its 2 photos? The photos stay in the library."
    )
    b.screenshot(f"{layout}-vacation-delete-confirm")

    # Cancel keeps it.
    screens.click(f'{CONFIRM} a.button[href="/vacations/{doomed}"]')
    screens.wait_menu(doomed, "Farewell Tour")
    assert sorted(vacations_of(vacation_server, account.name)) == ["Farewell Tour", "Keeper"]

    screens.click(DELETE)
    screens.wait_shown(CONFIRM)
    screens.submit(f"{CONFIRM} form")
    screens.wait_path("/vacations")
    screens.show_master()
    assert screens.list_rows() == [("Keeper", "0 photos")], "the list no longer shows it"
    assert list(vacations_of(vacation_server, account.name)) == ["Keeper"]
    assert set(vacation_rows(vacation_server, doomed).values()) == {0}, "its photos, places and tags went with it"
    assert len(photo_ids(vacation_server)) == library, "the photos stay in the library"


def test_rename_refuses_a_taken_name_and_renames(vacation_server, browser):
    account, session = traveller(vacation_server, "Renamer")
    trip = create_over_http(vacation_server, session, "Spring Break")
    create_over_http(vacation_server, session, "Autumn Leaves")
    b = browser_as(browser, "tablet-landscape", vacation_server, session)
    b.expect_log(r"/vacations/\d+/rename - Failed to load resource: .*409")
    screens = VacationScreens(b)
    form = "#master-content form.rename-form"

    b.open(f"/vacations/{trip}")
    screens.wait_menu(trip, "Spring Break")
    screens.type_into(f"{form} #rename", " autumn LEAVES")
    screens.submit(form)
    assert b.status() == 409
    assert text_content(screens.find(f"{form} .field-error")) == "A vacation called “Autumn Leaves” already exists."
    assert sorted(vacations_of(vacation_server, account.name)) == ["Autumn Leaves", "Spring Break"]

    screens.type_into(f"{form} #rename", "Spring in Kyoto")
    screens.submit(form)
    screens.wait_menu(trip, "Spring in Kyoto")
    screens.click(MASTER_BACK)
    screens.wait_path("/vacations")
    assert [name for name, _ in screens.list_rows()] == ["Autumn Leaves", "Spring in Kyoto"]


def test_another_account_gets_the_404_page(vacation_server, browser):
    layout = "phone"
    owners = vacation_with(vacation_server, vacation_server.owner_session, f"Morgan's Secret {layout}", ["Ferry Building"])
    b = browser_as(browser, layout, vacation_server, sign_in_over_http(vacation_server.url, MEMBER))
    b.expect_log(r"Failed to load resource: .*404")
    screens = VacationScreens(b)
    assert screens.browser.session_account() == MEMBER.name

    for path in (
        f"/vacations/{owners}",
        f"/vacations/{owners}/itinerary",
        f"/vacations/{owners}/tags",
        f"/vacations/{owners}/photos",
        f"/vacations/{owners}/book/1",
        f"/vacations/{owners}/remove",
    ):
        b.open(path)
        assert b.status() == 404, f"{path} should answer 404 to {MEMBER.name}"
        screens.wait_error_page(404)
        assert "Secret" not in b.driver.page_source, f"{path} must not show the owner's vacation"
    b.screenshot(f"{layout}-vacation-not-yours")

    # Robin's own list is empty, and the owner's vacation is untouched.
    screens.open_list()
    assert screens.list_rows() == []
    assert f"Morgan's Secret {layout}" in vacations_of(vacation_server, "Morgan")
