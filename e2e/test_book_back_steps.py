"""Back to Events goes back one step (issue 12, D): as the original's `goBack`, each press is
one step back in the page's own history, and the button goes once the page is back where it
opened; a page that reloads or redirects itself, with no link followed, shows no button.
Test Town's event 1 links on to event 3, which links on to event 4 (event_site.py)."""

import pytest

from pages import Shell
from trip_pages import BACK_TO_EVENTS, KEYS, TEST_TOWN, Book, choose_over_http, one_town_server

# Pages turn and panes slide here as a person sees them: these browsers do not ask for reduced motion (conftest).
pytestmark = pytest.mark.motion


def frame(page: int) -> str:
    return f'#book .book-page[data-page="{page}"] .page-frame iframe'


def follow(b, css: str, link: str) -> None:
    """Click a link inside a page's frame, as a person does."""
    b.driver.switch_to.frame(Shell(b).find(css))
    try:
        b.driver.find_element("css selector", link).click()
    finally:
        b.driver.switch_to.default_content()


def wait_heading(book: Book, shell: Shell, css: str, heading: str, why: str) -> None:
    def shows() -> bool:
        try:
            return book.frame_heading(css) == heading
        except Exception:  # the frame is between two pages
            return False
    shell.wait(shows, f"{why}: the frame should show {heading!r}")


@pytest.mark.parametrize("layout", ["phone", "tablet-landscape"])
def test_back_to_events_goes_back_one_step_per_press(book_server, browser, layout):
    choose_over_http(book_server, TEST_TOWN)
    b = browser(layout, server=book_server)
    book = Book(b)
    shell = Shell(b)
    book.open(1)
    book.wait_frame_loaded(1)
    shell.wait_hidden(BACK_TO_EVENTS)

    follow(b, frame(1), "#next")
    wait_heading(book, shell, frame(1), "Event 3", "the first link")
    follow(b, frame(1), "#next")
    wait_heading(book, shell, frame(1), "Event 4", "the second link")
    shell.wait_shown(BACK_TO_EVENTS)

    shell.click(BACK_TO_EVENTS)
    wait_heading(book, shell, frame(1), "Event 3", "one press is one step back")
    book.wait_frame_loaded(1)
    assert shell.shown(BACK_TO_EVENTS), "one step from the event's first page: Back stays"
    shell.click(BACK_TO_EVENTS)
    wait_heading(book, shell, frame(1), "Event 1", "the second press is the second step")
    shell.wait_hidden(BACK_TO_EVENTS)
    book.wait_frame_loaded(1)
    assert book.state()["page"] == 1 and shell.path() == "/trip/events/1", "stepping back inside the page never turns the book"
    assert not shell.shown(BACK_TO_EVENTS)
    b.screenshot(f"{layout}-book-back-steps")


def test_a_page_that_refreshes_itself_shows_no_back_button(start_server, browser, event_site, tmp_path):
    server = one_town_server(start_server, tmp_path, "Refresh Town", [event_site("/event/2"), event_site("/refresh")],
                             event_site("/weather"), ("--allow-private-fetch",))
    b = browser("phone", server=server)
    book = Book(b)
    shell = Shell(b)
    # Counts the load events of each page's frame from the start (a capturing listener sees them first).
    script = b.driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
        if (window.top === window) {
          window.frameLoads = {};
          document.addEventListener('load', (event) => {
            const page = event.target.closest?.('.book-page')?.dataset.page;
            if (event.target.tagName === 'IFRAME' && page) window.frameLoads[page] = (window.frameLoads[page] || 0) + 1;
          }, true);
        }
    """})
    try:
        book.open(1)
    finally:
        b.driver.execute_cdp_cmd("Page.removeScriptToEvaluateOnNewDocument", script)
    book.wait_frame_loaded(1)
    book.press(KEYS["right"])  # turned to, not a link followed
    book.wait_page(2)
    wait_heading(book, shell, frame(2), "Landed by itself", "the page's meta refresh")
    shell.wait(lambda: b.driver.execute_script("return window.frameLoads['2'] || 0") >= 2,
               "the frame has loaded the page and the one it redirected itself to")
    book.wait_frame_loaded(2)
    assert not shell.shown(BACK_TO_EVENTS), "a page that redirects itself is no link followed"
    assert book.state()["page"] == 2
