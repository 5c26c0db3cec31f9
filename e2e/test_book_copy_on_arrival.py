"""The Events book shows the page people can turn: RoadTrip's copy (issue 49, 1). While a
page's copy is still being fetched, nothing is framed — the site's refusal of framing is not
known yet, so there is no console error on a first visit (49, 2) — and RoadTrip's placeholder,
which turns like any page, stands in; the copy takes its place as soon as the server has it, the
book staying on that page. A page whose copy could not be fetched keeps the live frame, with
visible edge handles, and says why."""

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
def test_a_page_waits_for_its_copy_behind_a_placeholder_that_turns(start_server, browser, event_site, tmp_path, layout):
    asked = event_site.requests["/deny/late"]  # the site is shared by the tests of this worker
    event_site.hold_copies()  # choosing the trip asks for the copies of its first pages
    try:
        server = town(start_server, event_site, tmp_path, "/deny/late", ("--allow-private-fetch",))
        b = browser(layout, server=server)  # no console error expected: nothing refused is framed
        book = Book(b)
        shell = Shell(b)
        opened_with_copy_pending(book, shell, b, layout, server)
    finally:
        event_site.release_copies()
    shell.wait(lambda: shell.find(frame(2)).get_attribute("src") == server("/trip/events/2/copy"), "the placeholder gives way to the copy", timeout=15)
    book.wait_frame_loaded(2)
    assert book.frame_heading(frame(2)) == "Not in a frame, at last"
    assert text_content(shell.find(note(2))).startswith("RoadTrip's copy of"), text_content(shell.find(note(2)))
    assert book.state()["page"] == 2 and shell.path() == "/trip/events/2", "the book stays on the page"
    assert b.driver.execute_script("return window.notReloaded === true"), "switched in place, without a reload"
    assert event_site.requests["/deny/late"] == asked + 1, "only RoadTrip's fetch asked the site: the browser never framed it"
    assert shell.find_all(LIVE_SWITCH) == [] or not shell.find(LIVE_SWITCH).is_displayed(), "no Live page for a site refusing framing"
    b.screenshot(f"{layout}-book-copy-arrived")


LIVE_SWITCH = '#book .book-page[data-page="2"] .page-source button.page-switch'


def opened_with_copy_pending(book, shell, b, layout, server) -> None:
    """Page 1 (its copy shown), then a turn to page 2, whose copy the site holds back: its
    placeholder, which a drag from its middle turns like a page."""
    book.open(1)
    book.wait_frame_loaded(1)
    assert shell.find(frame(1)).get_attribute("src") == server("/trip/events/1/copy"), "the book shows RoadTrip's copy"
    b.driver.execute_script("window.notReloaded = true")
    book.press(KEYS["right"])
    book.wait_page(2)
    placeholder = '#book .book-page[data-page="2"] .page-status.placeholder'
    shell.wait_shown(placeholder)
    assert text_content(shell.find(f"{placeholder} .status-text")) == "Fetching a copy of this page…"
    assert text_content(shell.find(f"{placeholder} .status-site")) == "127.0.0.1"
    assert not b.driver.execute_script("return document.querySelector(arguments[0]).hasAttribute('src')", frame(2)), "nothing framed before the server knows"
    b.screenshot(f"{layout}-book-fetching-copy")
    # From the middle of the placeholder, back to page 1: in a spread it is the left page (the
    # stage's middle is the spine, where a press may land on either page).
    book.drag(0.25 if layout == "tablet-landscape" else 0.5, 0.9, touch=True)
    book.wait_page(1)
    book.press(KEYS["right"])
    book.wait_page(2)
    shell.wait_shown(placeholder)


def test_a_page_whose_copy_failed_says_why_and_keeps_the_live_page_with_edge_handles(start_server, browser, event_site, tmp_path):
    server = town(start_server, event_site, tmp_path, "/event/3", ())  # the private-address rule refuses every fetch
    b = browser("phone", server=server)
    book = Book(b)
    shell = Shell(b)
    book.open(1)
    book.wait_frame_loaded(1)
    book.press(KEYS["right"])
    book.wait_page(2)
    shell.wait(lambda: text_content(shell.find(note(2))).startswith("RoadTrip has no copy of this page: The page is on a loopback or private network address"),
               "the page says why it has no copy")
    assert "failed" in shell.find(note(2)).get_attribute("class").split()
    assert shell.find(frame(2)).get_attribute("src") == event_site("/event/3"), "no copy can work: the live page"
    book.wait_frame_loaded(2)
    handles = b.driver.execute_script("""
        return [...document.querySelectorAll('#book .book-edge')].map((edge) => {
          const handle = getComputedStyle(edge, '::after');
          return {side: edge.classList.contains('next') ? 'next' : 'prev', shown: handle.content !== 'none' && handle.display !== 'none',
                  width: edge.getBoundingClientRect().width};
        });""")
    assert {h["side"]: h["shown"] for h in handles} == {"prev": True, "next": True}, handles
    assert all(h["width"] >= 40 for h in handles), f"a finger's width: {handles}"
    book.drag(0.97, 0.4, touch=True)  # from the handle: the stage's, over the live frame
    book.wait_page(3)
    b.screenshot("phone-book-live-page-handles")
