"""Make a book… (issue 52): from a vacation's menu, the choices asked, the book made in the
background while the screen follows how far it is, then its report, its download and its
preview turning in RoadTrip's own book, page by page as it prints. At a phone and a tablet side
by side, on `vacation_server` as an account of the test's own."""

import pytest

from pages import DETAIL, text_content
from trip_pages import Book
from vacation_pages import MENU, VacationScreens, book_state, browser_as, traveller, vacation_with

pytestmark = pytest.mark.motion

MENU_PRINT = f"{MENU} a.vacation-print"
FORM = f"{DETAIL} form.print-book-form"
STATE = f"{DETAIL} #print-book-state"


@pytest.mark.parametrize("layout", ["phone", "tablet-landscape"])
def test_a_book_is_asked_for_made_then_previewed_turning_its_printed_pages(vacation_server, browser, layout):
    _, session = traveller(vacation_server, f"Printer {layout}")
    vacation = vacation_with(vacation_server, session, "Bridges to print", ["Golden Gate Bridge", "Brooklyn Bridge", "Central Park"])
    b = browser_as(browser, layout, vacation_server, session)
    screens = VacationScreens(b)

    b.open(f"/vacations/{vacation}")
    screens.wait_menu(vacation, "Bridges to print")
    screens.click(MENU_PRINT)
    screens.wait_path(f"/vacations/{vacation}/print")
    screens.wait_shown(FORM)
    screens.assert_targets(f"{FORM} button[type=submit]")
    b.screenshot(f"{layout}-print-book-form")
    screens.mark_document()
    screens.click(f"{FORM} button[type=submit]")

    # The book is made by the server's worker; the screen follows it without a reload.
    screens.wait(lambda: screens.exists(f"{STATE} a.print-download"), "the book should be made and offered for download", timeout=60)
    report = screens.find(f"{STATE} .print-report").text
    assert "pages, 3 photos." in report, report
    b.screenshot(f"{layout}-print-book-made")

    # Preview: the printed pages in the page-turning book, page 1 the cover.
    screens.click(f"{STATE} a.print-preview")
    screens.wait_path(f"/vacations/{vacation}/print/preview/1")
    spread = layout == "tablet-landscape"

    def settled(page: int) -> bool:
        state = book_state(screens) or {}
        return state.get("live") and state.get("page") == page and not state.get("turning") and state.get("images") and all(state["images"])

    screens.wait(lambda: settled(1), "the preview should open at its cover, its picture drawn")
    pages = book_state(screens)["pages"]
    assert pages >= 8 and pages % 2 == 0, f"an even count of pages: {pages}"
    b.screenshot(f"{layout}-print-book-preview-1")
    Book(b).drag(0.75 if spread else 0.5, 0.05, touch=layout.startswith("phone"))
    screens.wait(lambda: settled(2), "a swipe should turn to the title page, its map drawn")
    assert screens.path() == f"/vacations/{vacation}/print/preview/2"
    b.screenshot(f"{layout}-print-book-preview-2")


def test_photos_chosen_in_the_vacations_grid_are_made_a_book_of_those_alone(vacation_server, browser):
    """Chosen photos: Select in the vacation's grid, tap two, "Make a book of 2…" opens the
    choices with Chosen (2) picked; the book made has those two."""
    _, session = traveller(vacation_server, "Chooser")
    vacation = vacation_with(vacation_server, session, "Three to choose from", ["Golden Gate Bridge", "Brooklyn Bridge", "Central Park"])
    b = browser_as(browser, "phone", vacation_server, session)
    screens = VacationScreens(b)
    b.open(f"/vacations/{vacation}/photos")
    screens.show_master()
    screens.assert_targets("form.grid-select .select-toggle")
    screens.click("form.grid-select .select-toggle")
    cells = dict((title, id) for id, title in screens.grid())
    for title in ["Golden Gate Bridge", "Central Park"]:
        screens.click(f'#master-content a.photo-cell[data-photo-id="{cells[title]}"]')
    book = "form.grid-select .book-selected"
    screens.wait(lambda: text_content(screens.find(book)) == "Make a book of 2…", "the action counts the chosen")
    assert screens.path() == f"/vacations/{vacation}/photos", "a tap in select mode chooses, it does not open the photo"
    screens.assert_targets(book)
    b.screenshot("phone-vacation-select-book")
    screens.click(book)

    screens.wait(lambda: screens.path().startswith(f"/vacations/{vacation}/print?photos="), "the book's choices, the chosen in the address")
    screens.wait_shown(FORM)
    chosen = screens.find(f'{FORM} input[name=photos][value=chosen]')
    assert chosen.is_selected() and "Chosen (2)" in text_content(chosen.find_element("xpath", "..")), "the chosen photos picked"
    b.screenshot("phone-print-book-chosen")
    screens.click(f"{FORM} button[type=submit]")
    screens.wait(lambda: screens.exists(f"{STATE} a.print-download"), "the book of the chosen made", timeout=60)
    assert "pages, 2 photos." in screens.find(f"{STATE} .print-report").text
