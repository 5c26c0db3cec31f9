"""A page that refuses framing, shown from its copy without a reload (issue 12, E): the first
time a page whose site sends X-Frame-Options: DENY is turned to, its copy is still being
fetched; the page says so, and switches to the copy in place as soon as the server has it, the
book staying on that page. A page whose copy could not be fetched says why at once."""

import re

import pytest

from pages import Shell, text_content
from trip_pages import KEYS, Book, one_town_server

# Pages turn and panes slide here as a person sees them: these browsers do not ask for reduced motion (conftest).
pytestmark = pytest.mark.motion


def frame(page: int) -> str:
    return f'#book .book-page[data-page="{page}"] .page-frame iframe'


def note(page: int) -> str:
    return f'#book .book-page[data-page="{page}"] .page-source .copy-fetch'


def refused_in_a_frame(event_site) -> str:
    """Chromium's console line for a frame refused by X-Frame-Options (it names the origin only)."""
    return re.escape(f"Refused to display '{event_site('/')}' in a frame because it set 'X-Frame-Options' to 'deny'")


def town(start_server, event_site, tmp_path, refused: str, arguments: tuple[str, ...]):
    """A trip whose page 2 is `refused`; page 1 frames fine, and is where the book opens."""
    return one_town_server(start_server, tmp_path, "Deny Town", [event_site("/event/2"), event_site(refused), event_site("/event/4")],
                           event_site("/weather"), arguments)


@pytest.mark.parametrize("layout", ["phone", "tablet-landscape"])
def test_a_refused_page_switches_to_its_copy_as_soon_as_it_exists(start_server, browser, event_site, tmp_path, layout):
    server = town(start_server, event_site, tmp_path, "/deny/late", ("--allow-private-fetch",))
    b = browser(layout, server=server)
    b.expect_log(refused_in_a_frame(event_site))
    book = Book(b)
    shell = Shell(b)
    event_site.hold_copies()
    try:
        opened_with_copy_pending(book, shell, b, layout, event_site)
    finally:
        event_site.release_copies()
    shell.wait(lambda: shell.find(frame(2)).get_attribute("src") == server("/trip/events/2/copy"), "the frame switches to the copy", timeout=15)
    book.wait_frame_loaded(2)
    assert book.frame_heading(frame(2)) == "Not in a frame, at last"
    assert text_content(shell.find(note(2))).startswith("Showing RoadTrip's copy of"), text_content(shell.find(note(2)))
    assert book.state()["page"] == 2 and shell.path() == "/trip/events/2", "the book stays on the page"
    assert b.driver.execute_script("return window.notReloaded === true"), "switched in place, without a reload"
    b.screenshot(f"{layout}-book-copy-arrived")


def opened_with_copy_pending(book, shell, b, layout, event_site) -> None:
    """Page 1, then a turn to page 2, whose copy the site holds back."""
    book.open(1)  # asks for its neighbours' copies: the one of page 2 is held by the site
    book.wait_frame_loaded(1)
    b.driver.execute_script("window.notReloaded = true")
    book.press(KEYS["right"])
    book.wait_page(2)
    shell.wait(lambda: text_content(shell.find(note(2))) == "Fetching a copy of this page…", "the page says its copy is coming")
    assert shell.find(frame(2)).get_attribute("src") == event_site("/deny/late"), "no copy yet: the original, refused"
    b.screenshot(f"{layout}-book-fetching-copy")


def test_a_page_whose_copy_failed_says_why_at_once(start_server, browser, event_site, tmp_path):
    server = town(start_server, event_site, tmp_path, "/deny", ())  # the private-address rule refuses the fetch
    b = browser("phone", server=server)
    b.expect_log(refused_in_a_frame(event_site))
    book = Book(b)
    shell = Shell(b)
    book.open(1)
    book.wait_frame_loaded(1)
    book.press(KEYS["right"])
    book.wait_page(2)
    shell.wait(lambda: text_content(shell.find(note(2))).startswith("RoadTrip has no copy of this page: The page is on a loopback or private network address"),
               "the page says why it has no copy")
    assert "failed" in shell.find(note(2)).get_attribute("class").split()
    assert shell.find('#book .book-page[data-page="2"] .page-source a[target="_blank"]').get_attribute("href") == event_site("/deny")
    assert event_site.requests["/deny"] >= 1 and book.state()["page"] == 2
    b.screenshot("phone-book-copy-failed")
