"""The Events book with JavaScript (issue 4, "The Events book" 1–5, 9, 10), on the page-based
sample (12 generated pages, no network): keys, taps near the edges, the controls, drags that
curl the page (a drag let go before half way changes nothing), the ends, spreads on a wide
landscape screen and single pages elsewhere, a deep link, reload, Back and Forward, resizing,
the scroll style's dots, reduced motion, a 10,000-page book; and the book without JavaScript."""

import time

import pytest

from pages import Shell, text_content
from trip_pages import (
    KEYS,
    SAMPLE,
    STAGE,
    Book,
    choose_over_http,
    save_book_settings_over_http,
    visible_pages,
)

# Pages turn and panes slide here as a person sees them: these browsers do not ask for reduced motion (conftest).
pytestmark = pytest.mark.motion

LAYOUTS = ["phone", "tablet-portrait", "tablet-landscape"]
# Keys, taps and addresses turn the book the same way on every screen that shows one page (a
# phone either way round, a tablet upright); what changes is one page against a spread. Those
# tests run at one of each: the layouts themselves are each measured by the tests that are
# about them (`assert_layout` in the curl's drag at each, a phone on its side's own test).
ONE_PAGE_AND_SPREAD = ["phone", "tablet-landscape"]
PAGES = 12


@pytest.fixture
def sample_book(book_server):
    choose_over_http(book_server, SAMPLE)
    return book_server


def forward(page: int, spread: bool) -> int:
    return page - page % 2 + 2 if spread else page + 1


def assert_refused(book: Book, before: dict, turn) -> dict:
    """`turn` is refused: a bounce, and nothing else (the page, the address, the history, no fetch)."""
    book.wait_loaded_ahead()  # the pages loaded ahead are in: any fetch from now on is the turn's
    fetched = book.loaded_paths()
    turn()
    book.shell.wait(lambda: book.state()["refusals"] == before["refusals"] + 1, "the turn should be refused with a bounce")
    after = book.state()
    for key in ("page", "path", "indicator", "history", "shown"):
        assert after[key] == before[key], f"a refused turn changed {key}: {before[key]} → {after[key]}"
    assert after["turning"] is None
    assert book.loaded_paths() == fetched, "a refused turn loads nothing"
    return after


def assert_layout(book: Book, layout: str, page: int) -> None:
    """Two pages side by side, even on the left, on a wide landscape screen; else one page filling the stage."""
    rects = book.driver.execute_script(
        """return [...document.querySelectorAll('#book .book-stage > .book-page.shown')]
             .map(e => ({page: Number(e.dataset.page), rect: e.getBoundingClientRect().toJSON()}))""")
    stage = book.stage_rect()
    pages = {r["page"]: r["rect"] for r in rects}
    assert sorted(pages) == visible_pages(page, PAGES, layout == "tablet-landscape")
    if layout == "tablet-landscape":
        left, right = pages[page - page % 2], pages[page - page % 2 + 1]
        assert abs(left["right"] - right["left"]) <= 1 and left["top"] == right["top"], f"a spread, spine in the middle: {pages}"
        assert abs(left["width"] - stage["width"] / 2) <= 1 and abs(right["width"] - stage["width"] / 2) <= 1
    else:
        (only,) = pages.values()
        assert abs(only["width"] - stage["width"]) <= 1 and abs(only["height"] - stage["height"]) <= 1, f"one page fills the stage: {only}"


@pytest.mark.parametrize("layout", ONE_PAGE_AND_SPREAD)
def test_keys_turn_and_the_ends_refuse(sample_book, browser, layout):
    b = browser(layout, server=sample_book)
    book = Book(b)
    spread = layout == "tablet-landscape"
    state = book.open(1)
    assert state["layout"] == ("spread" if spread else "single")
    assert state["prev"] == {"tag": "span", "disabled": True, "href": None}, "nothing before the first page"
    assert_refused(book, state, lambda: book.press(KEYS["left"]))

    # The pages a turn would show are loaded ahead, out of sight: the turn shows those very
    # frames, already loaded (no spinner, no new request).
    ahead = visible_pages(2, PAGES, spread)
    for number in ahead:
        book.wait_frame_loaded(number)
    b.driver.execute_script(
        "document.querySelectorAll('#book .book-page iframe').forEach(f => f.dataset.marker = f.closest('article').dataset.page)")
    book.press(KEYS["right"])
    state = book.wait_page(2)
    for number in ahead:
        assert book.frame_status(number)["classes"] == "page-status", f"page {number} showed a spinner after the turn"
        assert b.driver.execute_script(
            "return document.querySelector(`#book .book-page[data-page='${arguments[0]}'] iframe`).dataset.marker", number
        ) == str(number), "the frame loaded ahead is the one shown, not a new one"
    assert state["indicator"] == ("Pages 2–3 of 12" if spread else "Page 2 of 12")
    assert_layout(book, layout, 2)
    b.screenshot(f"{layout}-book")

    book.press(KEYS["page down"])
    book.wait_page(forward(2, spread))
    book.press(KEYS["page up"])
    book.wait_page(2)
    book.press(KEYS["end"])
    state = book.wait_page(PAGES)
    assert state["next"] == {"tag": "span", "disabled": True, "href": None}, "nothing after the last page"
    assert state["indicator"] == "Page 12 of 12"
    assert_refused(book, state, lambda: book.press(KEYS["right"]))
    book.press(KEYS["home"])
    book.wait_page(1)
    book.press(KEYS["end"])  # its pages were let go of at the other end: fetched again
    book.wait_page(PAGES)
    book.wait_frame_loaded(PAGES)
    book.press(KEYS["home"])
    book.wait_page(1)

    # A key pressed during a turn finishes that turn first: two presses, two pages.
    book.press(KEYS["right"] + KEYS["right"])
    book.wait_page(forward(forward(1, spread), spread))


@pytest.mark.parametrize("layout", ONE_PAGE_AND_SPREAD)
def test_taps_near_the_edges_and_the_controls_turn(sample_book, browser, layout):
    b = browser(layout, server=sample_book)
    book = Book(b)
    spread = layout == "tablet-landscape"
    state = book.open(1)
    assert_refused(book, state, lambda: book.tap(0.05))
    assert_refused(book, book.state(), lambda: book.click_control("prev"))  # the disabled control

    book.tap(0.95)
    state = book.wait_page(2)
    book.tap(0.5)  # the middle of the page is the page's own (here: its frame): no turn
    time.sleep(0.3)
    assert book.state()["page"] == 2

    book.click_control("next")
    state = book.wait_page(forward(2, spread))
    assert state["prev"]["href"] == "/trip/events/2"
    book.tap(0.05)
    book.wait_page(2)
    book.click_control("prev")
    book.wait_page(1)


@pytest.mark.parametrize("layout", LAYOUTS)
def test_a_drag_curls_the_page_and_turns_only_past_half_way(sample_book, browser, layout):
    b = browser(layout, server=sample_book)
    book = Book(b)
    touch = layout == "phone"  # the finger on the phone, the mouse elsewhere
    spread = layout == "tablet-landscape"
    before = book.open(2)
    assert_layout(book, layout, 2)

    # Let go before half way (of the right-hand page in a spread): the page stays, and nothing changes.
    early = 0.8 if spread else 0.62
    if touch:
        book.drag(0.97, early, touch=True)
    else:
        _, pointer = book.drag(0.97, early, release=False)
        state = book.state()
        assert state["turning"] == str(forward(2, spread)) and state["page"] == 2, "mid-drag the page is still the current one"
        # The paper folds over from the right-hand edge, which stays under the pointer.
        edge, at = edge_at(book, pointer)
        assert abs(edge - at) <= 3, f"the page's edge is under the pointer: at {edge:.1f}, pointer at {at}"
        assert book.fold()["nx"] > 0, f"it folds over from the right-hand edge: {book.fold()}"
        drawn = b.driver.execute_script(
            """const sheet = document.querySelector(`#book .book-page[data-page='${arguments[0]}']`);
               const leaf = document.querySelector('#book .book-leaf');
               const under = document.querySelector(`#book .book-page[data-page='${arguments[1]}']`);
               const shadow = document.querySelector('#book .book-curl-shadow');
               const prints = [...leaf.querySelectorAll('.book-leaf-print')].filter((print) => !print.hidden);
               return {sheet: sheet.style.clipPath, leaf: !leaf.hidden && leaf.style.transform,
                       under: getComputedStyle(under).visibility, shadow: !shadow.hidden,
                       printed: prints.map((print) => print.querySelector('iframe')?.getAttribute('src'))}""",
            3 if spread else 2, forward(2, spread) + 1 if spread else 3)
        assert drawn["sheet"].startswith("polygon("), f"the page is cut at the fold: {drawn}"
        assert drawn["leaf"] and drawn["leaf"].startswith("matrix("), f"the folded part is reflected over the fold: {drawn}"
        assert drawn["under"] == "visible" and drawn["shadow"], f"the page beneath shows, in the fold's shadow: {drawn}"
        # Its back shows the page's own content, faintly mirrored: a sample page is RoadTrip's to draw again
        # (in a spread the back is the next page instead).
        assert drawn["printed"] == ([] if spread else ["/sample/pages/2"]), f"the back of the paper: {drawn}"
        b.capture(f"{layout}-book-curl")
        book.release()
    book.shell.wait(lambda: book.state()["turning"] is None, "a drag let go early should settle back")
    after = book.state()
    for key in ("page", "path", "indicator", "history", "shown"):
        assert after[key] == before[key], f"a cancelled drag changed {key}: {before[key]} → {after[key]}"

    # Past half way: the turn completes, the address follows, and the history has no entry more.
    book.drag(0.97, 0.3, touch=touch)
    after = book.wait_page(forward(2, spread))
    assert after["path"] != before["path"] and after["history"] == before["history"]
    book.drag(0.03, 0.7, touch=touch)
    book.wait_page(2)
    # A short drag let go after a rest falls back (what a flick does: test_scripts.py, with exact times).
    book.drag(0.03, 0.15, touch=touch)
    book.shell.wait(lambda: book.state()["turning"] is None, "a short drag let go should settle back")
    assert book.state()["page"] == 2

    # At the first page a drag backwards is refused.
    book.press(KEYS["home"])
    state = book.wait_page(1)
    assert_refused(book, state, lambda: book.drag(0.03, 0.7, touch=touch))


@pytest.mark.parametrize("layout", [*LAYOUTS, "phone-landscape"])
def test_a_drag_from_the_middle_of_a_page_turns_it(sample_book, browser, layout):
    """The sample's pages are frames, which take every press over them: the script RoadTrip
    writes into its own pages (frame-gesture.js) hands a drag to the book, so a swipe that
    starts anywhere on the page turns it, and one let go early does not."""
    b = browser(layout, server=sample_book)
    book = Book(b)
    touch = layout.startswith("phone")
    spread = layout == "tablet-landscape"
    before = book.open(2)
    book.wait_frame_loaded(2)
    start = 0.75 if spread else 0.5  # the middle of the (right-hand) page
    for at in (start, 0.88 if spread else 0.75):
        pressed = b.driver.execute_script("return document.elementFromPoint(...arguments).tagName", *book.point(at))
        assert pressed == "IFRAME", f"the press lands on the page's frame, not on the book's stage: {pressed}"

    # Pressed right of the middle, let go with the fold still short of it: the page falls back.
    book.drag(0.88 if spread else 0.75, 0.8 if spread else 0.62, touch=touch)
    book.shell.wait(lambda: book.state()["turning"] is None, "a drag let go early should settle back")
    after = book.state()
    for key in ("page", "path", "indicator", "history"):
        assert after[key] == before[key], f"a drag let go early changed {key}: {before[key]} → {after[key]}"

    book.drag(start, 0.05, touch=touch)
    after = book.wait_page(forward(2, spread))
    assert after["history"] == before["history"]


def edge_at(book: Book, pointer: tuple[int, int], *, vertical: bool = False, from_far_side: bool = True, fold: dict | None = None) -> tuple[float, float]:
    """Where the turning page's free edge is drawn on the pointer's line — the point of the edge
    it lifted from (the stage's right side, or bottom; its left with `from_far_side` False)
    reflected across the fold the page drew (now, or `fold` as recorded) — and where the pointer
    is, in the stage's pixels."""
    stage = book.stage_rect()
    fold = fold or book.fold()
    assert fold, "a curl is drawn"
    x, y = pointer[0] - stage["left"], pointer[1] - stage["top"]
    if vertical:
        ex, ey = x, (stage["height"] if from_far_side else 0)
    else:
        ex, ey = (stage["width"] if from_far_side else 0), y
    side = (ex - fold["x"]) * fold["nx"] + (ey - fold["y"]) * fold["ny"]
    reflected = (ex - 2 * side * fold["nx"], ey - 2 * side * fold["ny"])
    return (reflected[1], y) if vertical else (reflected[0], x)


# Each move of the finger and the fold the book drew for it (its handler ran before the event
# bubbled up to the window): read after the drag, which is one gesture.
RECORD_MOVES = """
  window.moves = [];
  window.addEventListener('pointermove', (event) => {
    const fold = document.getElementById('book').dataset.fold;
    if (fold) window.moves.push({x: event.clientX, y: event.clientY, fold});
  });
"""


@pytest.mark.parametrize("layout", ["phone", "tablet-landscape"])
def test_the_pages_edge_stays_under_the_finger_all_the_way(sample_book, browser, layout):
    """As paper does: a quarter, half and three quarters of the way across, the page's edge is
    drawn where the finger is (the fold half way between), and in a spread the drawing goes on
    past the spine rather than stopping there."""
    b = browser(layout, server=sample_book)
    book = Book(b)
    spread = layout == "tablet-landscape"
    book.open(2)
    book.wait_frame_loaded(2)
    b.driver.execute_script(RECORD_MOVES)
    (start, _), _ = book.drag(0.98, 0.02, touch=True)  # one gesture, its eight moves recorded
    book.wait_page(forward(2, spread))
    stage = book.stage_rect()
    folds = {}
    for share in (0.25, 0.5, 0.75):
        target = stage["left"] + stage["width"] * (0.98 - share * 0.96)
        move = min(b.driver.execute_script("return window.moves"), key=lambda move: abs(move["x"] - target))
        assert abs(move["x"] - target) <= 2, f"a move {share:.0%} of the way: {move}"
        x, y, nx, ny = map(float, move["fold"].split())
        edge, at = edge_at(book, (move["x"], move["y"]), fold={"x": x, "y": y, "nx": nx, "ny": ny})
        assert abs(edge - at) <= 3, f"{share:.0%} of the way: the edge at {edge:.1f}, the finger at {at}"
        folds[share] = x
    assert folds[0.25] > folds[0.5] > folds[0.75], f"each step further draws further: {folds}"
    if spread:
        spine = stage["width"] / 2
        assert folds[0.75] > spine + 20, f"three quarters of the way the fold is still short of the spine: {folds}, spine {spine}"


def test_in_a_spread_the_right_page_curls_over_onto_the_left_as_one_sheet(sample_book, browser):
    b = browser("tablet-landscape", server=sample_book)
    book = Book(b)
    book.open(2)  # pages 2–3

    (_, _), pointer = book.drag(0.97, 0.8, release=False)
    edge, at = edge_at(book, pointer)
    assert abs(edge - at) <= 3 and book.fold()["x"] > book.stage_rect()["width"] / 2, f"the edge is under the pointer, the fold on the right page: {edge}, {at}"
    # Its back is page 4, folded over with it; page 5 lies beneath, page 2 stays.
    drawn = b.driver.execute_script(
        """const page = (n) => document.querySelector(`#book .book-page[data-page='${n}']`);
           return {back: page(4).style.transform, backClip: page(4).style.clipPath, beneath: getComputedStyle(page(5)).visibility,
                   stays: page(2).style.clipPath, sheet: page(3).style.clipPath}""")
    assert drawn["back"].startswith("matrix(") and drawn["backClip"].startswith("polygon("), f"page 4 is the sheet's back: {drawn}"
    assert drawn["beneath"] == "visible" and drawn["stays"] == "" and drawn["sheet"].startswith("polygon("), drawn
    b.capture("tablet-landscape-book-curl-spread")
    book.release()
    book.shell.wait(lambda: book.state()["turning"] is None, "let go before half way, it falls back")
    assert book.state()["shown"] == [2, 3]

    # Back: the left page curls over onto the right, from its outer edge, which follows the pointer.
    _, pointer = book.drag(0.03, 0.7, release=False)
    assert book.fold()["nx"] < 0, "it folds from the left-hand edge"
    edge, at = edge_at(book, pointer, from_far_side=False)
    assert abs(edge - at) <= 3, f"the left page's edge is under the pointer: {edge}, {at}"
    book.release()
    book.wait_page(1)


def test_up_and_down_the_page_curls_from_its_bottom_edge(sample_book, browser):
    b = browser("phone", server=sample_book)
    book = Book(b)
    save_book_settings_over_http(sample_book, "curl", "vertical")
    try:
        book.open(3)
        (_, _), pointer = book.drag(0.97, 0.55, vertical=True, release=False, across=0.8)  # beside the caption's link
        edge, at = edge_at(book, pointer, vertical=True)
        assert book.fold()["ny"] > 0, "it folds up from the bottom edge"
        assert abs(edge - at) <= 3, f"the page's bottom edge is under the finger: {edge}, {at}"
        b.capture("phone-book-curl-vertical")
        book.release()
        book.shell.wait(lambda: book.state()["turning"] is None, "let go before half way, it falls back")
        assert book.state()["page"] == 3
        book.drag(0.97, 0.2, vertical=True, across=0.8)
        book.wait_page(4)
        book.drag(0.03, 0.8, vertical=True, across=0.8)  # and down again: the previous page comes back
        book.wait_page(3)
    finally:
        save_book_settings_over_http(sample_book, "curl", "horizontal")


@pytest.mark.parametrize("layout", ONE_PAGE_AND_SPREAD)
def test_turns_follow_the_address_and_back_leaves_the_book_in_one_step(sample_book, browser, layout):
    """As UIPageViewController keeps no back stack: a turn puts its page's address in place (a
    reload keeps the page), Back leaves the book in one step whatever was turned, Forward comes
    back to the page last shown."""
    b = browser(layout, server=sample_book)
    book = Book(b)
    shell = Shell(b)
    spread = layout == "tablet-landscape"
    b.open("/")
    shell.click("#master a.row.trip-events")
    book.wait_page(1)
    length = b.driver.execute_script("return history.length")

    book.press(KEYS["right"])
    first = book.wait_page(forward(1, spread))["page"]
    book.press(KEYS["right"])
    second = book.wait_page(forward(first, spread))
    assert second["path"].endswith(f"/{second['page']}") and second["history"] == length, "no entry a turn"
    b.driver.refresh()
    book.wait_page(second["page"])
    assert_layout(book, layout, second["page"])

    b.driver.back()
    shell.wait_path("/")
    shell.wait_shown("#master a.row.trip-events")
    b.driver.forward()
    book.wait_page(second["page"])


@pytest.mark.parametrize("layout", ["phone-landscape", "phone-landscape-large"])
def test_a_phone_on_its_side_shows_one_page_across_the_whole_screen(sample_book, browser, layout):
    """844×390 is wider than a tablet in portrait but a phone: one page (no spread), the book the
    whole screen (no list beside it), everything on screen without scrolling, and it turns."""
    b = browser(layout, server=sample_book)
    book = Book(b)
    state = book.open(1)
    assert state["layout"] == "single"
    assert_layout(book, layout, 1)
    shell = Shell(b)
    assert not shell.shown("aside#master"), "no list beside the book"
    width, height = shell.viewport()
    stage = book.stage_rect()
    assert stage["width"] >= width - 30, f"the page spans the screen but for its margins: {stage}"
    assert stage["height"] >= 0.45 * height, f"the bars leave the page most of the height: {stage}"
    controls = shell.rect("#book .book-controls")
    assert controls["y"] + controls["height"] <= height, f"the controls are on screen: {controls}"
    book.press(KEYS["right"])
    book.wait_page(2)
    assert_layout(book, layout, 2)
    b.screenshot(f"{layout}-book")


def test_leaving_the_book_lets_go_of_its_keys(sample_book, browser):
    """After a pane swap to another screen the book's keys do nothing; Back brings the book again."""
    b = browser("tablet-landscape", server=sample_book)
    book = Book(b)
    shell = Shell(b)
    book.open(2)
    shell.mark_document()
    destination = sample_book.ids[SAMPLE]
    shell.click(f'#master-content nav a.row[href="/destinations/{destination}"]')
    shell.wait_path(f"/destinations/{destination}")
    shell.wait_shown("article.destination")
    for key in ("right", "end", "home"):
        book.press(KEYS[key])
    time.sleep(0.3)
    assert shell.path() == f"/destinations/{destination}", "the book's keys went with it"
    assert not shell.find_all("#detail header.bar button.web-back")

    b.driver.back()
    book.wait_page(2)
    book.press(KEYS["right"])
    book.wait_page(4)
    assert shell.same_document()


def test_rotating_switches_between_pages_and_spreads(sample_book, browser):
    b = browser("tablet-landscape", server=sample_book)
    book = Book(b)
    book.open(3)
    assert_layout(book, "tablet-landscape", 3)

    def rotate(width: int, height: int) -> None:
        b.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1, "mobile": False,
            "screenWidth": width, "screenHeight": height,
            "screenOrientation": {"type": "portraitPrimary" if height >= width else "landscapePrimary", "angle": 0 if height >= width else 90},
        })

    try:
        rotate(820, 1180)
        state = book.wait_page(3)
        assert state["layout"] == "single" and state["shown"] == [3], "portrait: page 3 alone, still in view"
        book.press(KEYS["right"])
        book.wait_page(4)
        rotate(1180, 820)
        state = book.wait_page(4)
        assert state["layout"] == "spread" and state["shown"] == [4, 5]
        assert_layout(book, "tablet-landscape", 4)
    finally:
        rotate(b.layout.width, b.layout.height)


def test_scroll_style_up_and_down_with_dots(sample_book, browser):
    b = browser("tablet-portrait", server=sample_book)
    book = Book(b)
    shell = Shell(b)
    save_book_settings_over_http(sample_book, "scroll", "vertical")
    try:
        book.open(3)
        classes = shell.find("section#book").get_attribute("class").split()
        assert {"scroll", "vertical"} <= set(classes)
        dots = lambda: b.driver.execute_script(  # noqa: E731
            "return [...document.querySelectorAll('#book .book-dot')].map(d => [Number(d.dataset.target), d.classList.contains('current')])")
        shell.wait_shown("#book .book-dots")
        assert dots() == [[n, n == 3] for n in range(1, 10)], "nine dots around page 3, page 3's marked"

        book.press(KEYS["right"])  # sideways keys do nothing in a vertical book
        time.sleep(0.3)
        assert book.state()["page"] == 3
        book.press(KEYS["down"])
        book.wait_page(4)
        book.press(KEYS["up"])
        book.wait_page(3)
        book.drag(0.95, 0.3, vertical=True)  # push the page up
        book.wait_page(4)
        b.screenshot("tablet-portrait-book-scroll-vertical")
        shell.find("#book .book-dot:nth-child(7)").click()  # page 7
        book.wait_page(7)
        assert [n for n, current in dots() if current] == [7]

        # "Aa" in the bar opens the reading settings in a popover: page curl, sideways, saved,
        # and the book is back on page 7 turning that way.
        shell.mark_document()
        history = book.state()["history"]
        shell.click("#detail .bar-trailing a.book-settings-link")
        shell.wait_shown("dialog.popover form.reading-settings")
        assert "sheet" not in shell.find("dialog.popover").get_attribute("class").split(), "a popover on a tablet, not a sheet"
        shell.assert_targets("dialog.popover .segment, dialog.popover button, #detail .bar-trailing .book-settings-link, #book .book-turn")
        shell.click('dialog.popover .segment:has(input[value="curl"])')
        shell.click('dialog.popover .segment:has(input[value="horizontal"])')
        shell.click('dialog.popover form.reading-settings button[type="submit"]')
        shell.wait(lambda: {"curl", "horizontal"} <= set(shell.find("section#book").get_attribute("class").split()), "the book turns as saved")
        book.wait_page(7)
        assert shell.same_document() and not shell.exists("dialog.popover"), "saved in place: the dialog closes, no page load"
        assert book.state()["history"] == history, "back to the same page is no new history entry"
        b.driver.refresh()
        assert {"curl", "horizontal"} <= set(shell.find("section#book").get_attribute("class").split()), "kept for the account"
    finally:
        save_book_settings_over_http(sample_book, "curl", "horizontal")


def test_on_a_phone_the_reading_settings_rise_as_a_sheet(sample_book, browser):
    b = browser("phone", server=sample_book)
    book = Book(b)
    shell = Shell(b)
    try:
        book.open(2)
        assert not shell.exists("#book form"), "the book's screen is the page, its caption and Previous / Next"
        shell.assert_targets("#detail .bar-trailing .book-settings-link, #book .book-turn")
        shell.click("#detail .bar-trailing a.book-settings-link")
        shell.wait_shown("dialog.popover.sheet form.reading-settings")
        b.settle()
        sheet = b.driver.execute_script("return document.querySelector('dialog.popover').getBoundingClientRect().toJSON()")
        width, height = b.driver.execute_script("return [innerWidth, innerHeight]")
        assert abs(sheet["bottom"] - height) <= 1 and sheet["width"] >= width - 1, f"a sheet across the foot of the screen: {sheet}"
        shell.assert_targets("dialog.popover .segment, dialog.popover button")
        b.screenshot("phone-book-reading-settings")
        shell.click('dialog.popover .segment:has(input[value="scroll"])')
        shell.click('dialog.popover form.reading-settings button[type="submit"]')
        shell.wait(lambda: "scroll" in shell.find("section#book").get_attribute("class").split(), "the book scrolls as saved")
        book.wait_page(2)
        assert not shell.exists("dialog.popover")
    finally:
        save_book_settings_over_http(sample_book, "curl", "horizontal")


def test_reduced_motion_turns_without_animation(sample_book, browser):
    b = browser("phone", server=sample_book)
    book = Book(b)
    b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
    try:
        book.open(1)
        book.press(KEYS["right"])
        state = book.state()  # at once: no frame of animation in between
        assert state["page"] == 2 and state["turning"] is None and state["shown"] == [2]
    finally:
        b.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})


def test_a_ten_thousand_page_book_opens_at_its_last_page(start_server, browser):
    big = start_server(arguments=("--sample-pages", "10000"))
    big.ids = {name: id for id, name in big.query("SELECT id, name FROM destinations")}
    choose_over_http(big, SAMPLE)
    save_book_settings_over_http(big, "scroll", "horizontal")  # with dots: a window of them, not 10,000
    b = browser("tablet-landscape", server=big)
    book = Book(b)

    state = book.open(10000)
    assert state["indicator"] == "Page 10000 of 10000"
    assert state["next"]["disabled"], "nothing after the last page"
    assert_refused(book, state, lambda: book.press(KEYS["right"]))
    book.shell.wait(lambda: book.state()["held"] >= 3, "the spread before is loaded ahead")
    assert book.state()["held"] <= 8, "the viewer holds the pages around the one on screen, never the whole book"
    dots = b.driver.execute_script("return [...document.querySelectorAll('#book .book-dot')].map(d => Number(d.dataset.target))")
    assert dots == list(range(9992, 10001))
    last_size = b.driver.execute_script("return performance.getEntriesByType('navigation')[0].decodedBodySize")

    book.press(KEYS["left"])
    book.wait_page(9998)
    book.press(KEYS["home"])
    book.wait_page(1)
    b.open("/trip/events/1")
    first_size = b.driver.execute_script("return performance.getEntriesByType('navigation')[0].decodedBodySize")
    assert abs(last_size - first_size) < 200, f"page 10,000 is one page of HTML, as page 1 is: {last_size} vs {first_size} bytes"


@pytest.mark.parametrize("layout", ["phone", "tablet-landscape"])
def test_the_book_without_javascript(sample_book, browser, layout):
    b = browser(layout, javascript=False, server=sample_book)
    shell = Shell(b)
    spread = layout == "tablet-landscape"
    b.open("/trip/events/1")
    assert "live" not in shell.find("section#book").get_attribute("class")
    controls = ".book-controls .book-turn"
    visible = lambda: [(e.tag_name, text_content(e)) for e in shell.find_all(controls) if e.is_displayed()]  # noqa: E731
    assert visible() == [("span", "‹ Previous"), ("a", "Next ›")]
    indicator = lambda: next(text_content(e) for e in shell.find_all(".book-indicator") if e.is_displayed())  # noqa: E731
    assert indicator() == "Page 1 of 12"

    shell.mark_document()
    shell.click(f"{controls}.book-next.{'spread' if spread else 'single'}")
    shell.wait(lambda: not shell.same_document(), "a whole new page")
    b.wait_loaded()
    assert shell.path() == "/trip/events/2"
    assert indicator() == ("Pages 2–3 of 12" if spread else "Page 2 of 12")
    frames = [e.get_attribute("src") for e in shell.find_all(f"{STAGE} .book-page iframe") if e.is_displayed()]
    assert frames == [sample_book(f"/sample/pages/{n}") for n in ([2, 3] if spread else [2])], "one frame per page on screen"
    b.screenshot(f"nojs-{layout}-book")
    shell.click(f"{controls}.book-prev.{'spread' if spread else 'single'}")
    shell.wait_path("/trip/events/1")
