"""The trip (issue 4, "The trip"): choosing a destination, remembered per account; the trip's
menu (Events with how many, Weather, the points of interest); the events editor; the Weather
page in the same web view as an event page. On `book_server`, whose destinations' pages are on
the local event site. Each runs at one layout: the trip is stored by the server, per account,
whatever the size of the screen (the layouts are test_layouts.py's and test_book.py's subject)."""

from pages import (
    MASTER,
    MEMBER,
    OPEN_MASTER,
    ROWS,
    SESSION_COOKIE,
    TRIP_EVENTS,
    TRIP_NAME,
    TRIP_PROMPT,
    TRIP_WEATHER,
    Account,
    Shell,
    add_account_over_http,
    sign_in_over_http,
    text_content,
)
from trip_pages import (
    EDIT_TOWN,
    SAMPLE,
    TEST_TOWN,
    TEST_TOWN_POINTS,
    Book,
    choose_over_http,
    trip_name_over_http,
)


def show_master(shell: Shell) -> None:
    """The master column on screen: beside the detail, the phone's home, or the portrait overlay."""
    if not shell.shown(MASTER) and shell.shown(OPEN_MASTER):
        shell.click(OPEN_MASTER)
    shell.wait_shown(MASTER)
    shell.browser.settle()


def test_choosing_a_destination_is_remembered_per_account(book_server, browser):
    layout = "tablet-portrait"
    # setup: an account of its own, with no trip yet; the member's trip is Edit Town
    traveller = Account(f"Traveller {layout}", "a long enough password")
    add_account_over_http(book_server.url, book_server.owner_session, traveller)
    member = sign_in_over_http(book_server.url, MEMBER)
    choose_over_http(book_server, EDIT_TOWN, member)
    b = browser(layout, server=book_server)
    b.clear_cookies()
    b.set_cookie(SESSION_COOKIE, sign_in_over_http(book_server.url, traveller))
    shell = Shell(b)
    sample = book_server.ids[SAMPLE]

    b.open("/")
    show_master(shell)
    assert text_content(shell.find(TRIP_PROMPT)) == "Choose a destination to start"
    assert not shell.find_all(TRIP_EVENTS), "no Events before a destination is chosen"

    shell.click(f'{ROWS}[href="/destinations/{sample}"]')
    shell.wait_path(f"/destinations/{sample}")
    shell.submit("form.choose-form")
    shell.wait_path("/")
    show_master(shell)
    shell.wait(lambda: text_content(shell.find(TRIP_NAME)) == SAMPLE, f"the menu should show the trip to {SAMPLE}")
    assert not shell.find_all(TRIP_PROMPT)
    events = shell.find(TRIP_EVENTS)
    assert events.get_attribute("href") == book_server("/trip/events/1")
    assert text_content(events.find_element("css selector", ".row-title")) == "Events"
    assert text_content(events.find_element("css selector", ".event-total")) == "12"
    assert shell.find(TRIP_WEATHER).get_attribute("href") == book_server("/trip/weather")
    b.screenshot(f"{layout}-trip-menu")

    # remembered for this account, and only for it
    assert trip_name_over_http(book_server, b.cookie(SESSION_COOKIE)) == SAMPLE
    assert trip_name_over_http(book_server, member) == EDIT_TOWN, "another account keeps its own trip"

    # Events opens the book in place (a pane swap), and book.js takes over
    shell.mark_document()
    shell.click(TRIP_EVENTS)
    Book(b).wait_page(1, count=12)
    assert shell.same_document(), "Events should swap the detail pane, not load a new page"


def test_trip_menu_lists_the_points_of_interest(book_server, browser):
    choose_over_http(book_server, TEST_TOWN)
    b = browser("tablet-landscape", server=book_server)
    shell = Shell(b)
    b.open("/")
    assert text_content(shell.find(TRIP_NAME)) == TEST_TOWN
    assert text_content(shell.find(f"{TRIP_EVENTS} .event-total")) == "3"
    points = [
        (text_content(row.find_element("css selector", ".row-title")), text_content(row.find_element("css selector", ".coordinates")))
        for row in shell.find_all("#master-content section.trip li.poi")
    ]
    assert points == [(p.title, p.coordinates) for p in TEST_TOWN_POINTS]


def test_events_editor_adds_refuses_moves_and_removes(book_server, browser, event_site):
    choose_over_http(book_server, EDIT_TOWN)
    b = browser("tablet-landscape", server=book_server)
    b.expect_log(r"/trip/events/edit - Failed to load resource: .*422")
    shell = Shell(b)
    add = 'form[action="/trip/events/edit"]'

    def urls() -> list[str]:
        return [text_content(e) for e in shell.find_all(".event-list .event-url")]

    def add_page(url: str) -> None:
        shell.fill(add, url=url)
        shell.submit(add)

    b.open("/trip/events/edit")
    assert "No event pages yet" in text_content(shell.find(".events-editor"))

    add_page(event_site("/event/1"))
    assert text_content(shell.find(".events-editor .notice.success")) == "Added the page at the end of the book."
    add_page(event_site("/event/2"))
    assert urls() == [event_site("/event/1"), event_site("/event/2")]
    assert text_content(shell.find(f"{TRIP_EVENTS} .event-total")) == "2", "the menu counts the new pages"

    add_page("ftp://example.com/events")
    assert b.status() == 422
    assert text_content(shell.find(".events-editor .notice.error")) == (
        "“ftp://example.com/events” is not a web address: an event page starts with http:// or https://."
    )
    assert shell.find(f'{add} input[name="url"]').get_attribute("value") == "ftp://example.com/events", "what was typed stays"
    assert urls() == [event_site("/event/1"), event_site("/event/2")], "nothing was added"

    move = 'form[action="/trip/events/2/move"]'
    shell.fill(move, to="1")
    shell.submit(move)
    assert text_content(shell.find(".events-editor .notice.success")) == "Moved page 2 to 1."
    assert urls() == [event_site("/event/2"), event_site("/event/1")]

    shell.submit('form[action="/trip/events/1/remove"]')
    assert text_content(shell.find(".events-editor .notice.success")) == "Removed page 1."
    assert urls() == [event_site("/event/1")]
    b.screenshot("tablet-landscape-events-editor")

    shell.click(".events-editor a.button")  # Open the Events book
    book = Book(b)
    book.wait_page(1, count=1)
    assert book.frame_status(1)["src"] == event_site("/event/1")
    state = book.state()
    assert state["prev"]["disabled"] and state["next"]["disabled"], "a one-page book can turn neither way"


def test_weather_shows_its_page_with_back_inside_it(book_server, browser, event_site):
    choose_over_http(book_server, TEST_TOWN)
    b = browser("tablet-portrait", server=book_server)
    shell = Shell(b)
    book = Book(b)
    b.open("/trip/weather")
    frame = "section.web-view.weather .page-frame iframe"
    shell.wait(lambda: shell.find("section.weather .page-status").get_attribute("class") == "page-status", "the spinner goes once loaded")
    assert shell.find(frame).get_attribute("src") == event_site("/weather")
    assert book.frame_heading(frame) == "Weather in Test Town"
    back = "#detail header.bar button.web-back"
    shell.wait_hidden(back)

    b.driver.switch_to.frame(shell.find(frame))
    b.driver.find_element("css selector", "#tomorrow").click()
    b.driver.switch_to.default_content()
    shell.wait_shown(back)
    assert text_content(shell.find(back)) == "‹ Back to Weather"
    assert book.frame_heading(frame) == "Tomorrow in Test Town"
    b.screenshot("tablet-portrait-weather-followed-a-link")

    shell.click(back)
    shell.wait_hidden(back)
    shell.wait(lambda: book.frame_heading(frame) == "Weather in Test Town", "Back goes back inside the frame")
    assert shell.path() == "/trip/weather"
