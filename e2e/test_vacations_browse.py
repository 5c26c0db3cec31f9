"""Looking back at a vacation (issue 6): the itinerary lists its places in the order first
visited (the earliest photo date there), each opening its photos; the tags, most used first,
filtered by part of the name with case ignored, each opening its photos. Tags are a person's
own, added in the viewer's Info panel before the photos are visited. On
`vacation_server` (vacation_pages.py), each test as an account of its own.

The itinerary's and the tags' order, counts and searches are the server's, the same at every
size: those run at one layout each. The tablet's overlay, where the layout is what is seen, has
a test of its own."""

from selenium.webdriver.common.action_chains import ActionChains

from pages import MASTER
from photo_pages import INFO, photo_ids
from vacation_pages import (
    ADD_TAG,
    ITINERARY_ROWS,
    MENU_ITINERARY,
    MENU_TAGS,
    TAG_ROWS,
    TAG_SEARCH,
    VACATION_CELLS,
    VacationScreens,
    browser_as,
    traveller,
    unvisit_over_http,
    vacation_with,
)

# Visited West Coast first; the New York photos were taken months earlier.
VISITED = ["Golden Gate Bridge", "Ferry Building", "Brooklyn Bridge", "Times Square", "Central Park"]
ITINERARY = [
    ("Manhattan", "New York, United States · 1 photo · from 19 Oct 2024"),  # Central Park, 19 Oct 09:12
    ("New York City", "New York, United States · 2 photos · from 19 Oct 2024"),  # Brooklyn Bridge, 19 Oct 18:03
    ("San Francisco", "California, United States · 2 photos · from 3 May 2025"),
]


def test_itinerary_lists_places_in_the_order_first_visited(vacation_server, browser):
    layout = "phone"
    account, session = traveller(vacation_server, f"Itinerant {layout}")
    vacation = vacation_with(vacation_server, session, "Coast to Coast", VISITED)
    b = browser_as(browser, layout, vacation_server, session)
    screens = VacationScreens(b)

    b.open(f"/vacations/{vacation}")
    screens.wait_menu(vacation, "Coast to Coast")
    assert screens.menu()["itinerary"] == "3 places"
    screens.click(MENU_ITINERARY)
    screens.wait_path(f"/vacations/{vacation}/itinerary")
    screens.wait(lambda: screens.rows(ITINERARY_ROWS) == ITINERARY, f"the itinerary should be {ITINERARY}, not {screens.rows(ITINERARY_ROWS)}")
    b.screenshot(f"{layout}-vacation-itinerary")

    hrefs = {}
    for place, titles in (("San Francisco", ["Golden Gate Bridge", "Ferry Building"]), ("New York City", ["Brooklyn Bridge", "Times Square"])):
        screens.show_master()
        link = next(row for row in screens.find_all(ITINERARY_ROWS) if row.text.startswith(place))
        hrefs[place] = link.get_attribute("href").removeprefix(vacation_server.url)
        assert hrefs[place].startswith(f"/vacations/{vacation}/photos?place=")
        screens.click(f'{ITINERARY_ROWS}[href="{hrefs[place]}"]')
        screens.wait_path(hrefs[place])
        screens.wait(lambda: screens.grid_heading() == place, f"the grid should be {place}'s")
        assert screens.vacation_grid() == titles, f"{place}'s photos in date order"
        b.driver.back()  # the itinerary again
        screens.wait_path(f"/vacations/{vacation}/itinerary")
        screens.wait(lambda: screens.rows(ITINERARY_ROWS) == ITINERARY, "Back shows the itinerary")

    # A place's photo opens in the vacation's own viewer, its neighbours those of the place.
    b.open(hrefs["New York City"])
    screens.show_master()
    cells = {cell.text.strip(): cell.get_attribute("href").removeprefix(vacation_server.url) for cell in screens.find_all(VACATION_CELLS)}
    assert list(cells) == ["Brooklyn Bridge", "Times Square"]
    screens.click(f'{VACATION_CELLS}[href="{cells["Times Square"]}"]')
    screens.wait_path(cells["Times Square"])
    screens.wait(lambda: screens.detail_title() == "Times Square", "the viewer should show Times Square")
    viewer = "#detail section.photo-viewer"
    own = screens.find(viewer).get_attribute("data-photo-id")  # the photo's number in the vacation's document
    assert screens.find(f"{viewer} img.photo-image").get_attribute("src") == vacation_server(f"/vacations/{vacation}/photos/{own}/preview"), (
        "the vacation's own copy of the photo"
    )
    previous = screens.find(f"{viewer} a.photo-previous").get_attribute("href").removeprefix(vacation_server.url)
    assert previous == cells["Brooklyn Bridge"], "the previous photo is the place's other one"
    assert not screens.find_all(f"{viewer} a.photo-next")


def test_tags_most_used_first_searched_and_opened(vacation_server, browser):
    layout = "tablet-landscape"
    account, session = traveller(vacation_server, f"Tagger {layout}")
    ids = photo_ids(vacation_server)
    b = browser_as(browser, layout, vacation_server, session)
    screens = VacationScreens(b)

    # Tags in the viewer's Info panel (the person's own), added and removed in place: the panel
    # stays open with the field ready for the next tag.
    for title, tags in (("Golden Gate Bridge", ["Bridges", "Fog"]), ("Brooklyn Bridge", ["Bridges"]), ("Ferry Building", ["Food"])):
        b.open(f"/photos/{ids[title]}")
        screens.wait_viewer(ids[title], title)
        screens.info()  # opens the panel
        screens.mark_document()
        for count, tag in enumerate(tags, start=1):
            screens.type_into(f"{ADD_TAG} #add-tag", tag)
            screens.click(f"{ADD_TAG} button[type=submit]")
            screens.wait(lambda: screens.tag_chips() == tags[:count], f"{title} should carry {tags[:count]}, not {screens.tag_chips()}")
            assert screens.find(INFO).get_attribute("open") is not None, "the Info panel stays open"
            assert screens.focused() == "input#add-tag" and screens.find(f"{ADD_TAG} #add-tag").get_attribute("value") == ""
        assert screens.same_document(), "tags change in place, without reloading the viewer"
    # A double click on Add sends one change, and the viewer stays as it is.
    screens.type_into(f"{ADD_TAG} #add-tag", "Food")
    ActionChains(b.driver).double_click(screens.find(f"{ADD_TAG} button[type=submit]")).perform()
    screens.wait(lambda: screens.focused() == "input#add-tag" and screens.find(f"{ADD_TAG} #add-tag").get_attribute("value") == "", "the tag is in")
    b.settle()
    assert screens.tag_chips() == ["Food"] and screens.same_document()
    b.screenshot(f"{layout}-vacation-tagged")
    b.open(f"/photos/{ids['Golden Gate Bridge']}")
    screens.wait_viewer(ids["Golden Gate Bridge"], "Golden Gate Bridge")
    screens.info()
    assert screens.tag_chips() == ["Bridges", "Fog"], "the tags were saved"
    screens.click(f'{INFO} ul.tag-chips button[aria-label="Remove the tag Fog"]')
    screens.wait(lambda: screens.tag_chips() == ["Bridges"], "× removes the tag")
    assert screens.find(INFO).get_attribute("open") is not None

    vacation = vacation_with(vacation_server, session, "Bridges and Bites", ["Ferry Building", "Golden Gate Bridge", "Brooklyn Bridge", "Central Park"])
    b.open(f"/vacations/{vacation}")
    screens.wait_menu(vacation, "Bridges and Bites")
    assert screens.menu()["tags"] == "2 tags"
    screens.click(MENU_TAGS)
    screens.wait_path(f"/vacations/{vacation}/tags")
    screens.wait(lambda: screens.rows(TAG_ROWS) == [("Bridges", ""), ("Food", "")], "the tags, most used first")
    assert tag_counts(screens) == [("Bridges", "2"), ("Food", "1")]
    screens.show_master()
    b.screenshot(f"{layout}-vacation-tags")

    for query in ("bri", "BRI"):
        screens.show_master()
        screens.type_into(f"{TAG_SEARCH} #tag-query", query)
        screens.submit(TAG_SEARCH)
        screens.wait_path(f"/vacations/{vacation}/tags?q={query}")
        screens.show_master()
        assert tag_counts(screens) == [("Bridges", "2")], f"“{query}” keeps Bridges only"
        assert screens.find(f"{TAG_SEARCH} #tag-query").get_attribute("value") == query, "the search stays in its field"
    screens.type_into(f"{TAG_SEARCH} #tag-query", "museum")
    screens.submit(TAG_SEARCH)
    screens.show_master()
    assert tag_counts(screens) == []
    assert screens.find("#master-content section.vacation-tags .empty-note").text.strip() == "No tag contains “museum”."

    b.open(f"/vacations/{vacation}/tags?q=bri")
    screens.show_master()
    screens.click(f'{TAG_ROWS}[data-tag="Bridges"]')
    screens.wait(lambda: screens.path().startswith(f"/vacations/{vacation}/photos?tag="), "Bridges should open its photos")
    screens.wait(lambda: screens.grid_heading() == "Bridges", "the grid should be the tag's")
    assert screens.vacation_grid() == ["Brooklyn Bridge", "Golden Gate Bridge"], "the tag's photos in date order"

    # The last photo of a tag leaves: the tag leaves the vacation.
    unvisit_over_http(vacation_server, session, ids["Ferry Building"], vacation)
    b.open(f"/vacations/{vacation}/tags")
    screens.show_master()
    assert tag_counts(screens) == [("Bridges", "2")]

    # A tag added in the library after the photo is in the vacation reaches the vacation, and
    # leaves it when it is removed (issue 33, 4).
    b.open(f"/photos/{ids['Central Park']}")
    screens.wait_viewer(ids["Central Park"], "Central Park")
    screens.info()
    screens.type_into(f"{ADD_TAG} #add-tag", "Park")
    screens.click(f"{ADD_TAG} button[type=submit]")
    screens.wait(lambda: screens.tag_chips() == ["Park"], "Central Park carries Park")
    b.open(f"/vacations/{vacation}")
    screens.wait_menu(vacation, "Bridges and Bites")
    assert screens.menu()["tags"] == "2 tags", "the vacation's menu counts the new tag"
    b.open(f"/vacations/{vacation}/tags")
    screens.show_master()
    assert tag_counts(screens) == [("Bridges", "2"), ("Park", "1")]
    b.open(f"/photos/{ids['Central Park']}")
    screens.wait_viewer(ids["Central Park"], "Central Park")
    screens.info()
    screens.click(f'{INFO} ul.tag-chips button[aria-label="Remove the tag Park"]')
    screens.wait(lambda: screens.tag_chips() == [], "× removes the tag")
    b.open(f"/vacations/{vacation}/tags")
    screens.show_master()
    assert tag_counts(screens) == [("Bridges", "2")], "removed from the library, gone from the vacation"


def tag_counts(screens: VacationScreens) -> list[tuple[str, str]]:
    return [
        (row.get_attribute("data-tag"), row.find_element("css selector", ".row-detail").get_attribute("textContent").strip())
        for row in screens.find_all(TAG_ROWS)
    ]


def test_tablet_portrait_browses_a_vacation_inside_the_overlay(vacation_server, browser):
    """Like the original's popover: the list, a vacation's menu, its itinerary and a place's
    photos all stay in the overlay; choosing a photo closes it and shows the photo."""
    account, session = traveller(vacation_server, "Overlay browser")
    vacation = vacation_with(vacation_server, session, "Overlay Trip", ["Painted Ladies", "Ferry Building"])
    b = browser_as(browser, "tablet-portrait", vacation_server, session)
    screens = VacationScreens(b)

    b.open("/vacations")
    screens.show_master()
    for link, path in (
        (f'#master-content a.vacation-row[href="/vacations/{vacation}"]', f"/vacations/{vacation}"),
        (MENU_ITINERARY, f"/vacations/{vacation}/itinerary"),
        (ITINERARY_ROWS, None),
    ):
        screens.click(link)
        if path:
            screens.wait_path(path)
        else:
            screens.wait(lambda: screens.find_all(VACATION_CELLS), "the place's photos")
        b.settle()
        assert screens.shown(MASTER) and "master-open" in screens.body_classes(), f"{screens.path()} stays in the overlay"
        assert screens.focused() != "body", "the focus moves into the new list"
    assert screens.vacation_grid() == ["Painted Ladies", "Ferry Building"]
    screens.click(f"{VACATION_CELLS}:first-of-type")
    screens.wait(lambda: screens.detail_title() == "Painted Ladies", "the photo opens")
    screens.wait_hidden(MASTER)
    assert "master-open" not in screens.body_classes()
