"""A vacation's book (issue 6, "Looking back"): its photos in date order, one per page with its
caption, turned like the Events book (book.js on the same markup): the keys and the controls,
nothing after the last page, and on a wide landscape screen two pages facing each other. On
`vacation_server` (vacation_pages.py), each test as an account of its own."""

import pytest

from pages import text_content
from trip_pages import Book
from vacation_pages import (
    BOOK,
    MENU_BOOK,
    VacationScreens,
    book_state,
    browser_as,
    caption,
    traveller,
    vacation_with,
)

# Pages turn and panes slide here as a person sees them: these browsers do not ask for reduced motion (conftest).
pytestmark = pytest.mark.motion

# Visited in this order; the book is in date order: Central Park (19 Oct 2024, 09:12), Brooklyn
# Bridge (19 Oct 2024, 18:03), Golden Gate Bridge (3 May 2025).
VISITED = ["Golden Gate Bridge", "Brooklyn Bridge", "Central Park"]
IN_DATE_ORDER = ["Central Park", "Brooklyn Bridge", "Golden Gate Bridge"]


def wait_book(screens: VacationScreens, vacation: int, page: int, shown: list[int]) -> dict:
    """The book settled on `page` with the pages `shown` on screen (left to right), their photos loaded."""
    expected = {"live": True, "page": page, "pages": 3, "turning": None, "path": f"/vacations/{vacation}/book/{page}", "shown": shown}
    last = {}

    def settled() -> bool:
        nonlocal last
        last = book_state(screens) or {}
        return all(last.get(key) == value for key, value in expected.items()) and all(last["images"])

    try:
        screens.wait(settled, "")
    except Exception:
        raise AssertionError(f"the book should settle on page {page}: expected {expected}, have {last}") from None
    assert last["captions"] == [caption(IN_DATE_ORDER[n - 1]) for n in shown], "each page's photo has its caption"
    return last


# A page at a time on a phone (held either way: on its side, one page across the screen) and a
# spread on a tablet in landscape; a tablet in portrait turns single pages as a phone does, by mouse.
@pytest.mark.parametrize("layout", ["phone", "phone-landscape", "tablet-landscape"])
def test_the_book_turns_through_the_photos_in_date_order(vacation_server, browser, layout):
    account, session = traveller(vacation_server, f"Reader {layout}")
    vacation = vacation_with(vacation_server, session, "Bridges Book", VISITED)
    b = browser_as(browser, layout, vacation_server, session)
    screens = VacationScreens(b)
    spread = layout == "tablet-landscape"  # 1180×820: wide and landscape

    b.open(f"/vacations/{vacation}")
    screens.wait_menu(vacation, "Bridges Book")
    screens.mark_document()
    screens.click(MENU_BOOK)
    state = wait_book(screens, vacation, 1, [1])  # in a spread too: page 1 faces nothing, as a cover
    assert screens.same_document(), "the book opens in the detail pane without a page load"
    assert state["layout"] == ("spread" if spread else "single")
    assert state["indicator"] == "Page 1 of 3"
    assert screens.detail_title() == "Book"
    if layout == "phone-landscape":  # the whole screen, not a detail pane beside the list
        (page,) = state["boxes"]
        width, height = screens.viewport()
        assert page["width"] >= width - 30 and page["height"] >= 0.45 * height, f"one page across the screen: {page}"
    b.screenshot(f"{layout}-vacation-book-1")
    if not spread:
        # A photo's page curls from anywhere on it (no frame takes the finger), and the photo
        # shows through the back of the sheet, mirrored; let go short of half way, it stays.
        book = Book(b)
        book.drag(0.8, 0.6, release=False, touch=False)
        leaf = b.driver.execute_script(
            """const leaf = document.querySelector('#book .book-leaf');
               return leaf && {shown: !leaf.hidden, print: !!leaf.querySelector('.book-leaf-print img'), transform: leaf.style.transform}""")
        assert leaf and leaf["shown"] and leaf["print"] and leaf["transform"].startswith("matrix("), f"the photo shows through the folded paper: {leaf}"
        b.capture(f"{layout}-vacation-book-curl")
        book.release()
        wait_book(screens, vacation, 1, [1])

    # A swipe from the middle of the photo's page turns to page 2 (in a spread, pages 2 and 3
    # facing each other).
    Book(b).drag(0.75 if spread else 0.5, 0.05, touch=layout.startswith("phone"))
    state = wait_book(screens, vacation, 2, [2, 3] if spread else [2])
    if spread:
        left, right = state["boxes"]
        assert abs(left["right"] - right["left"]) <= 1 and abs(left["top"] - right["top"]) <= 1, f"the two pages meet at the spine: {state['boxes']}"
        assert abs(left["width"] - right["width"]) <= 1 and left["width"] > 300
        assert state["indicator"] == "Pages 2–3 of 3"
        assert state["next"]["disabled"], "nothing after the last spread"
    else:
        assert state["indicator"] == "Page 2 of 3"
        # The Next control turns to the last page; then there is nothing further.
        next_control = screens.driver.execute_script(
            "return [...document.querySelectorAll('#book .book-next')].find(e => e.getClientRects().length > 0)"
        )
        next_control.click()
        state = wait_book(screens, vacation, 3, [3])
        assert state["next"]["disabled"], "nothing after the last page"
    b.screenshot(f"{layout}-vacation-book-turned")
    before = book_state(screens)["path"]
    screens.press("\ue014")  # ArrowRight at the end: refused
    b.settle()
    assert book_state(screens)["path"] == before

    # ArrowLeft turns back.
    screens.press("\ue012")  # ArrowLeft
    wait_book(screens, vacation, 1, [1]) if spread else wait_book(screens, vacation, 2, [2])
    assert screens.same_document(), "turning pages never loads a new document"


@pytest.mark.parametrize("layout", ["phone", "tablet-landscape"])
def test_the_book_without_javascript(vacation_server, browser, layout):
    account, session = traveller(vacation_server, f"Plain reader {layout}")
    vacation = vacation_with(vacation_server, session, "Plain Book", VISITED)
    b = browser_as(browser, layout, vacation_server, session, javascript=False)
    screens = VacationScreens(b)
    spread = layout == "tablet-landscape"

    b.open(f"/vacations/{vacation}/book/2")
    shown = screens.driver.execute_script(
        "return [...document.querySelectorAll('#book .book-stage > article.book-page')].filter(e => e.getClientRects().length > 0)"
        ".map(e => [Number(e.dataset.page), e.querySelector('figcaption').textContent.trim()])"
    )
    expected = [2, 3] if spread else [2]
    assert shown == [[n, caption(IN_DATE_ORDER[n - 1])] for n in expected], f"pages on screen: {shown}"
    next_links = [e for e in screens.find_all(f"{BOOK} a.book-next") if e.is_displayed()]
    if spread:
        assert not next_links, "nothing after the last spread"
    else:
        assert len(next_links) == 1 and next_links[0].get_attribute("href") == vacation_server(f"/vacations/{vacation}/book/3")
        next_links[0].click()
        b.wait_loaded()
        assert screens.path() == f"/vacations/{vacation}/book/3"
        captions = [text_content(e) for e in screens.find_all(f"{BOOK} figcaption.book-caption") if e.is_displayed()]
        assert captions == [caption("Golden Gate Bridge")]
